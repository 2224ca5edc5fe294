// GET /admin/orders/export.csv: the list's filtered orders as a spreadsheet a Brazilian Excel
// opens right: UTF-8 with BOM (accents), ';' between columns, amounts as 1234,56, São Paulo
// dates. Written with csv-stringify; a cell that would start a formula is defused.
import { stringify } from 'csv-stringify/sync';
import { decimalBR, safeCell } from '~/lib/csv';
import { formatDateBR, formatDateTimeBR } from '~/lib/dates';
import { formatAccessKey } from '~/lib/fiscal';
import { orderStatusLabel, PAYMENT_METHOD_LABELS, shortOrderId } from '~/lib/order-status';
import { filtersFromSearchParams } from '~/lib/schemas/admin-order';
import { displayTaxId } from '~/lib/tax-id';
import { CARRIER_LABELS, type Carrier } from '~/lib/tracking';
import { requireAdminAction } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { exportAdminOrders } from '~/server/orders/admin-orders.server';
import type { Route } from './+types/orders-export';

export async function loader({ request }: Route.LoaderArgs) {
  // 403 for a customer, like an admin action: a file download has no page to redirect.
  await requireAdminAction(request);
  const filters = filtersFromSearchParams(new URL(request.url).searchParams);
  const rows = await exportAdminOrders(await getDb(), filters);
  const csv = stringify(
    rows.map((o) =>
      [
        shortOrderId(o.id),
        formatDateTimeBR(o.createdAt),
        orderStatusLabel(o.status, o.paymentMethod),
        o.customerName,
        o.customerEmail,
        o.taxId ? displayTaxId(o.taxId) : '',
        o.purchaseOrderNumber ?? '',
        PAYMENT_METHOD_LABELS[o.paymentMethod ?? ''] ?? '',
        decimalBR(o.subtotalPrice),
        decimalBR(o.discountPrice),
        decimalBR(o.shippingPrice),
        decimalBR(o.totalPrice),
        o.freightServices ?? '',
        o.promisedDate ? formatDateBR(o.promisedDate) : '',
        o.shipCity ?? '',
        o.shipState ?? '',
        o.carrier ? CARRIER_LABELS[o.carrier as Carrier] : '',
        o.trackingCode ?? '',
        // The note in force only: a cancelled or rejected one is no NF-e of the order.
        o.invoiceStatus === 'authorized' && o.invoiceNumber != null ? String(o.invoiceNumber) : '',
        // In groups of four, as the DANFE prints it: Excel would read 44 bare digits as a number and round it.
        o.invoiceStatus === 'authorized' && o.invoiceAccessKey ? formatAccessKey(o.invoiceAccessKey) : '',
        o.id,
      ].map((cell) => safeCell(String(cell))),
    ),
    {
      bom: true,
      delimiter: ';',
      record_delimiter: '\r\n',
      header: true,
      columns: ['Pedido', 'Data', 'Status', 'Cliente', 'E-mail', 'CPF/CNPJ', 'Pedido de compra', 'Pagamento', 'Subtotal (R$)', 'Desconto (R$)', 'Frete (R$)', 'Total (R$)', 'Serviço de entrega', 'Entrega prometida até', 'Cidade', 'UF', 'Transportadora', 'Rastreio', 'NF-e', 'Chave de acesso', 'ID completo'],
    },
  );
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="pedidos-clarear.csv"`,
      'cache-control': 'no-store',
    },
  });
}
