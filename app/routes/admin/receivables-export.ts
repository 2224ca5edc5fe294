// GET /admin/contas-a-receber/export.csv: the list's faturas as a spreadsheet, like the orders'
// export (UTF-8 with BOM, ';', 1234,56, São Paulo dates, formulas defused).
import { stringify } from 'csv-stringify/sync';
import { decimalBR, safeCell } from '~/lib/csv';
import { formatDateBR } from '~/lib/dates';
import { shortOrderId } from '~/lib/order-status';
import { formatDueDate, RECEIVABLE_STATUS_LABELS } from '~/lib/receivables';
import { receivableFilterOf } from '~/lib/schemas/receivables';
import { displayTaxId } from '~/lib/tax-id';
import { requireAdminAction } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { listReceivables } from '~/server/receivables/faturas.server';
import type { Route } from './+types/receivables-export';

export async function loader({ request }: Route.LoaderArgs) {
  // 403 for a customer: a file download has no page to redirect.
  await requireAdminAction(request);
  const { rows } = await listReceivables(await getDb(), receivableFilterOf(new URL(request.url).searchParams));
  const csv = stringify(
    rows.map((r) =>
      [
        formatDueDate(r.dueDate),
        RECEIVABLE_STATUS_LABELS[r.status],
        r.legalName,
        displayTaxId(r.taxId),
        r.buyerName ?? '',
        shortOrderId(r.orderId),
        decimalBR(r.amount),
        r.paidAt ? formatDateBR(r.paidAt) : '',
        r.paymentReference ?? '',
        r.orderId,
      ].map((cell) => safeCell(String(cell))),
    ),
    { bom: true, delimiter: ';', record_delimiter: '\r\n', header: true, columns: ['Vencimento', 'Situação', 'Empresa', 'CNPJ', 'Comprador', 'Pedido', 'Valor (R$)', 'Pago em', 'Referência', 'ID do pedido'] },
  );
  return new Response(csv, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="contas-a-receber.csv"', 'cache-control': 'private, no-store' } });
}
