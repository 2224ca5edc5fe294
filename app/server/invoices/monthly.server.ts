// A month of NF-e for the accountant (issue 34, /admin/notas-fiscais): every note, sale and return,
// dated by its authorisation (or its creation while it has none), in São Paulo months. Read-only:
// invoices.server.ts is the only writer of `invoices`.
import { and, asc, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { invoices } from '~/db/schema';
import type { InvoiceKind, InvoiceSource, InvoiceStatus } from '~/lib/fiscal-codes';
import { monthBounds } from '~/lib/invoice-list';
import { toCents } from '~/lib/money';

export type MonthlyInvoice = {
  id: string;
  orderId: string;
  kind: InvoiceKind;
  source: InvoiceSource;
  status: InvoiceStatus;
  number: number | null;
  series: number | null;
  accessKey: string | null;
  totalPrice: string | null;
  /** What the month is read from: authorised at, else created at. */
  date: Date;
  xmlKey: string | null;
  cancelXmlKey: string | null;
};

export type MonthSummary = {
  /** Notes of the month by status (every kind). */
  counts: Record<InvoiceStatus, number> & { all: number };
  /** Authorised (in force) sale notes and their total. */
  authorizedSales: { count: number; totalCents: number };
  /** Authorised return notes (goods back in) and their total. */
  authorizedReturns: { count: number; totalCents: number };
};

/** The condition "dated in this São Paulo month": authorised in it, or created in it and never authorised. */
function inMonth(month: string) {
  const { start, end } = monthBounds(month);
  return or(
    and(isNotNull(invoices.authorizedAt), gte(invoices.authorizedAt, start), lt(invoices.authorizedAt, end)),
    and(isNull(invoices.authorizedAt), gte(invoices.createdAt, start), lt(invoices.createdAt, end)),
  );
}

/** The month's notes, oldest first (by the date shown). */
export async function listMonthInvoices(db: Executor, month: string): Promise<MonthlyInvoice[]> {
  return db
    .select({
      id: invoices.id,
      orderId: invoices.orderId,
      kind: invoices.kind,
      source: invoices.source,
      status: invoices.status,
      number: invoices.number,
      series: invoices.series,
      accessKey: invoices.accessKey,
      totalPrice: invoices.totalPrice,
      date: sql<Date>`coalesce(${invoices.authorizedAt}, ${invoices.createdAt})`.mapWith(invoices.createdAt),
      xmlKey: invoices.xmlKey,
      cancelXmlKey: invoices.cancelXmlKey,
    })
    .from(invoices)
    .where(inMonth(month))
    .orderBy(asc(sql`coalesce(${invoices.authorizedAt}, ${invoices.createdAt})`), asc(invoices.number), asc(invoices.id));
}

/** Counts and the authorised totals, from the month's rows (in cents, never floats). */
export function summarizeMonth(rows: readonly MonthlyInvoice[]): MonthSummary {
  const counts: MonthSummary['counts'] = { processing: 0, authorized: 0, rejected: 0, denied: 0, cancelled: 0, all: 0 };
  const authorizedSales = { count: 0, totalCents: 0 };
  const authorizedReturns = { count: 0, totalCents: 0 };
  for (const row of rows) {
    counts[row.status] += 1;
    counts.all += 1;
    if (row.status !== 'authorized') continue;
    const bucket = row.kind === 'sale' ? authorizedSales : authorizedReturns;
    bucket.count += 1;
    bucket.totalCents += row.totalPrice ? toCents(row.totalPrice) : 0;
  }
  return { counts, authorizedSales, authorizedReturns };
}

/**
 * The month's XML files for the accountant, in the order of the list: each authorised note's XML,
 * and each cancelled note's XML and its cancellation's XML (rejected, denied and processing notes
 * have none). Storage keys only; the ZIP reads them.
 */
export async function monthXmlKeys(db: Executor, month: string): Promise<{ key: string; date: Date }[]> {
  const rows = await listMonthInvoices(db, month);
  const keys: { key: string; date: Date }[] = [];
  for (const row of rows) {
    if (row.status !== 'authorized' && row.status !== 'cancelled') continue;
    if (row.xmlKey) keys.push({ key: row.xmlKey, date: row.date });
    if (row.status === 'cancelled' && row.cancelXmlKey) keys.push({ key: row.cancelXmlKey, date: row.date });
  }
  return keys;
}
