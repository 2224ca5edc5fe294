// GET /admin/reports/export.csv?tabela=…&periodo=…: one report table for the period, as a spreadsheet a
// Brazilian Excel opens right: UTF-8 with BOM, ';' between columns, amounts as 1234,50 (csv-stringify).
import { stringify } from 'csv-stringify/sync';
import { now } from '~/lib/clock';
import { decimalBR, safeCell } from '~/lib/csv';
import { centsToDecimal } from '~/lib/money';
import { REPORT_TABLE_DEFS, type ReportColumn } from '~/lib/reports';
import { reportQueryFromSearchParams, reportTableSchema } from '~/lib/schemas/reports';
import { requireAdminAction } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { getReportTable } from '~/server/reports/reports.server';
import type { Route } from './+types/reports-export';

function csvCell(column: ReportColumn, value: string | number | null): string {
  if (value === null) return '';
  if (column.kind === 'money') return decimalBR(centsToDecimal(Number(value)));
  if (column.kind === 'integer') return String(value);
  return safeCell(String(value));
}

const refuse = (message: string) => new Response(message, { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });

export async function loader({ request }: Route.LoaderArgs) {
  // 403 for a customer, like an admin action: a file download has no page to redirect.
  await requireAdminAction(request);
  const params = new URL(request.url).searchParams;
  const table = reportTableSchema.safeParse(params.get('tabela'));
  if (!table.success) return refuse('Tabela de relatório desconhecida.');
  const query = reportQueryFromSearchParams(params, now());
  // A file is never the default period in place of the one asked for.
  const refused = query.errors.de ?? query.errors.ate;
  if (refused) return refuse(refused);
  const { period } = query;
  const def = REPORT_TABLE_DEFS[table.data];
  const rows = await getReportTable(await getDb(), period, table.data);
  const csv = stringify(
    rows.map((row) => def.columns.map((column) => csvCell(column, row[column.key] ?? null))),
    { bom: true, delimiter: ';', record_delimiter: '\r\n', header: true, columns: def.columns.map((c) => c.label) },
  );
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${def.file}-${period.from}-a-${period.to}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
