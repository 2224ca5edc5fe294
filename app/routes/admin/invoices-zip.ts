// GET /admin/notas-fiscais/2026-11.zip (issue 34): the month's XMLs for the accountant (authorised
// notes, cancelled notes and their cancellations), streamed as notas-fiscais-2026-11.zip. Admins only:
// a visitor is sent to sign in, a customer gets 403 (a file has no page to send them back to). A
// malformed month is 400; a month without any XML is a pt-BR 404, never an empty ZIP.
import { PRIVATE_CACHE_CONTROL } from '~/lib/cache-control';
import { formatMonthBR, isInvoiceMonth, monthlyZipName } from '~/lib/invoice-list';
import { INVOICE_MONTH_MESSAGE } from '~/lib/schemas/admin-invoices';
import { requireAdminAction } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { monthlyXmlZip } from '~/server/invoices/monthly-zip.server';
import type { Route } from './+types/invoices-zip';

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': PRIVATE_CACHE_CONTROL } });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminAction(request);
  const month = /^(.*)\.zip$/.exec(params.file)?.[1] ?? '';
  if (!isInvoiceMonth(month)) return text(INVOICE_MONTH_MESSAGE, 400);
  const zip = await monthlyXmlZip(await getDb(), month);
  if (!zip) return text(`Nenhum XML de NF-e em ${formatMonthBR(month)}: não há notas autorizadas ou canceladas com arquivo neste mês.`, 404);
  return new Response(zip, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${monthlyZipName(month)}"`,
      'Cache-Control': PRIVATE_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
