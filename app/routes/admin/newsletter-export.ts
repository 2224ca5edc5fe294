// GET /admin/newsletter/export.csv: the subscribers (the list's search) as a spreadsheet a Brazilian
// Excel opens right: UTF-8 with BOM, ';' between columns, São Paulo dates (csv-stringify), and each
// sign-up's one-click unsubscribe link for a newsletter sent from a mailing tool.
import { stringify } from 'csv-stringify/sync';
import { safeCell } from '~/lib/csv';
import { formatDateTimeBR } from '~/lib/dates';
import { NEWSLETTER_SOURCE_LABELS, newsletterFiltersFromSearchParams } from '~/lib/schemas/admin-newsletter';
import { requireAdminAction } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { exportNewsletterSubscribers } from '~/server/newsletter/admin.server';
import type { Route } from './+types/newsletter-export';

export async function loader({ request }: Route.LoaderArgs) {
  // 403 for a customer, like an admin action: a file download has no page to redirect.
  await requireAdminAction(request);
  const { q } = newsletterFiltersFromSearchParams(new URL(request.url).searchParams);
  const rows = await exportNewsletterSubscribers(await getDb(), q);
  const csv = stringify(
    rows.map((r) => [r.email, formatDateTimeBR(r.createdAt), NEWSLETTER_SOURCE_LABELS[r.source], r.unsubscribeUrl].map((cell) => safeCell(cell))),
    { bom: true, delimiter: ';', record_delimiter: '\r\n', header: true, columns: ['E-mail', 'Inscrição', 'Origem', 'Link de descadastro'] },
  );
  return new Response(csv, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="newsletter-clarear.csv"', 'cache-control': 'no-store' },
  });
}
