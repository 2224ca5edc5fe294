// The admin's order list: counts per status (the tabs), filters, search, pagination, the CSV
// rows of the same filters, the dashboard's "a enviar", and the late payments to look at.
// Read-only: every change of an order goes through transitions.server.ts.
import { and, count, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { invoices, orderParcels, orders, paymentConfirmations, user } from '~/db/schema';
import { now } from '~/lib/clock';
import type { InvoiceStatus } from '~/lib/fiscal-codes';
import { INVOICE_FILTER_STATUSES, type InvoiceFilter } from '~/lib/invoice-list';
import { ORDER_STATUSES, TO_SHIP_STATUSES, type OrderStatus } from '~/lib/order-lifecycle';
import type { OfferedMethod } from '~/lib/payment-offer';
import type { INVOICED_METHOD } from '~/lib/receivables';
import { pageWindow } from '~/lib/pagination';
import { DELETED_CUSTOMER_NAME } from '~/lib/privacy';
import { containsPattern } from '~/lib/search';
import { normalizeTaxId, taxIdKind } from '~/lib/tax-id';

export const ADMIN_ORDERS_PAGE_SIZE = 25;
/** The most rows one CSV export carries. */
export const ORDERS_EXPORT_LIMIT = 10_000;

export type OrderFilters = {
  status?: OrderStatus | 'to_ship';
  method?: OfferedMethod | typeof INVOICED_METHOD;
  /** São Paulo calendar days, yyyy-mm-dd, inclusive. */
  from?: string;
  to?: string;
  term?: string;
  /** The order's NF-e situation (lib/invoice-list). */
  invoice?: InvoiceFilter;
};

export type AdminOrderRow = {
  id: string;
  createdAt: Date;
  status: OrderStatus;
  totalPrice: string;
  paymentMethod: string | null;
  customerName: string;
  customerEmail: string;
  taxId: string | null;
  shipCity: string | null;
  shipState: string | null;
  carrier: string | null;
  trackingCode: string | null;
  /** The sale note that represents the order (see currentSaleNote), null without any. */
  invoiceStatus: InvoiceStatus | null;
  invoiceNumber: number | null;
};

export type AdminOrderPage = { rows: AdminOrderRow[]; total: number; page: number; pageCount: number; counts: Record<OrderStatus, number> & { all: number } };

const dayStart = (day: string) => new Date(`${day}T00:00:00-03:00`);
function nextDay(day: string): Date {
  const d = dayStart(day);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/**
 * The orders a search term finds, as a set of ids: the customer's name or e-mail (accents and case
 * ignored, on the customers' trigram indexes, then their orders on orders_user_created_idx), the
 * short order id (a range of the primary key) and the CPF/CNPJ (orders_tax_id_idx). A UNION of
 * indexed lookups: an OR across the order and its customer would read every order.
 */
function matchingOrderIds(term: string): SQL {
  const pattern = containsPattern(term);
  const parts: SQL[] = [
    sql`select o.id from orders o where o.user_id in (select u.id from "user" u where clarear_unaccent(lower(u.name)) like clarear_unaccent(lower(${pattern})) escape '\\' or clarear_unaccent(lower(u.email)) like clarear_unaccent(lower(${pattern})) escape '\\')`,
  ];
  const range = orderIdPrefixRange(term);
  if (range) parts.push(sql`select o.id from orders o where o.id between ${range.from}::uuid and ${range.to}::uuid`);
  if (taxIdKind(term)) parts.push(sql`select o.id from orders o where o.tax_id = ${normalizeTaxId(term)}`);
  return sql`${orders.id} in (${sql.join(parts, sql` union `)})`;
}

/**
 * The short order id (the first 8 characters shown everywhere, a leading '#' allowed) or a longer
 * piece of it, as the range of uuids that start with it; null when the term cannot start one.
 */
export function orderIdPrefixRange(term: string): { from: string; to: string } | null {
  const typed = term.trim().replace(/^#/, '').toLowerCase();
  if (!/^[0-9a-f-]{4,36}$/.test(typed)) return null;
  // Dashes only where a uuid has them (after 8, 12, 16 and 20 hex digits).
  const layout = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';
  for (let i = 0; i < typed.length; i++) if ((layout[i] === '-') !== (typed[i] === '-')) return null;
  const digits = typed.replaceAll('-', '');
  const fill = (pad: string) => {
    const hex = digits.padEnd(32, pad);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
  return { from: fill('0'), to: fill('f') };
}

const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const saleNoteWith = (statuses: readonly string[]) =>
  sql`exists (select 1 from ${invoices} i where i.order_id = ${orders.id} and i.kind = 'sale' and i.status in (${sqlList(statuses)}))`;

/**
 * The order's NF-e situation as a condition on the order (lib/invoice-list INVOICE_FILTERS, first
 * that applies): a sale note in force; else one rejected or denied; else one cancelled; else none.
 * The same precedence as currentSaleNote, so the list's column and its filter agree, and as
 * invoices' countRejected, so the dashboard's "NF-e rejeitadas" is this filter's total.
 */
function invoiceCondition(filter: InvoiceFilter): SQL {
  const live = saleNoteWith(['processing', 'authorized']);
  switch (filter) {
    case 'sem-nota':
      return sql`not exists (select 1 from ${invoices} i where i.order_id = ${orders.id} and i.kind = 'sale')`;
    case 'processando':
    case 'autorizada':
      return saleNoteWith(INVOICE_FILTER_STATUSES[filter]);
    case 'rejeitada':
      return sql`(${saleNoteWith(INVOICE_FILTER_STATUSES.rejeitada)} and not ${live})`;
    case 'cancelada':
      return sql`(${saleNoteWith(INVOICE_FILTER_STATUSES.cancelada)} and not ${saleNoteWith(['processing', 'authorized', 'rejected', 'denied'])})`;
  }
}

/**
 * A column of the sale note that represents the order, by the precedence of invoiceCondition (in
 * force, rejected or denied, cancelled; the newest within each): one lookup on invoices_order_idx.
 */
function currentSaleNote(column: 'status' | 'number' | 'access_key'): SQL {
  return sql`(select i.${sql.raw(column)} from ${invoices} i where i.order_id = ${orders.id} and i.kind = 'sale' order by case when i.status in ('processing', 'authorized') then 0 when i.status in ('rejected', 'denied') then 1 else 2 end, i.created_at desc, i.id desc limit 1)`;
}

/** Everything but the status: the tabs count within the other filters. Order columns only (and its notes). */
function baseConditions(filters: OrderFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.invoice) where.push(invoiceCondition(filters.invoice));
  if (filters.method) where.push(eq(orders.paymentMethod, filters.method));
  if (filters.from) where.push(gte(orders.createdAt, dayStart(filters.from)));
  if (filters.to) where.push(lt(orders.createdAt, nextDay(filters.to)));
  const term = filters.term?.trim();
  if (term) where.push(matchingOrderIds(term));
  return where;
}

function statusCondition(status: OrderFilters['status']): SQL | undefined {
  if (!status) return undefined;
  if (status === 'to_ship') return sql`${orders.status} in ('paid', 'preparing')`;
  return eq(orders.status, status);
}

const rowColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  totalPrice: orders.totalPrice,
  paymentMethod: orders.paymentMethod,
  // An erased account's orders stay in the list (fiscal records), under DELETED_CUSTOMER_NAME.
  customerName: sql<string>`coalesce(${user.name}, ${DELETED_CUSTOMER_NAME})`,
  customerEmail: sql<string>`coalesce(${user.email}, '')`,
  taxId: orders.taxId,
  shipCity: orders.shipCity,
  shipState: orders.shipState,
  carrier: orders.carrier,
  trackingCode: orders.trackingCode,
  invoiceStatus: sql<InvoiceStatus | null>`${currentSaleNote('status')}`,
  invoiceNumber: sql<number | null>`${currentSaleNote('number')}`,
};

export async function listAdminOrders(db: Executor, filters: OrderFilters & { page?: number }): Promise<AdminOrderPage> {
  const base = baseConditions(filters);
  const where = and(...base, statusCondition(filters.status));
  // The filters read order columns only, so the tabs' counts need no customer; the total is the
  // selected tab's count (one scan of the orders, not two).
  const countRows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(base.length ? and(...base) : undefined)
    .groupBy(orders.status);
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number> & { all: number };
  counts.all = 0;
  for (const row of countRows) {
    counts[row.status] = row.n;
    counts.all += row.n;
  }
  const total = !filters.status ? counts.all : filters.status === 'to_ship' ? TO_SHIP_STATUSES.reduce((sum, s) => sum + counts[s], 0) : counts[filters.status];
  const { page, pageCount, offset } = pageWindow(total, filters.page ?? 1, ADMIN_ORDERS_PAGE_SIZE);
  // The page's ids first (on the list's index), then their customers: a deep page would otherwise
  // join a customer to every order it skips.
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ADMIN_ORDERS_PAGE_SIZE)
    .offset(offset)
    .as('page_ids');
  const rows = await db
    .select(rowColumns)
    .from(pageIds)
    .innerJoin(orders, eq(orders.id, pageIds.id))
    .leftJoin(user, eq(user.id, orders.userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return { rows, total, page, pageCount, counts };
}

/** The rows of a CSV export: the same filters, newest first, at most ORDERS_EXPORT_LIMIT. */
export async function exportAdminOrders(
  db: Executor,
  filters: OrderFilters,
): Promise<
  (AdminOrderRow & { purchaseOrderNumber: string | null; subtotalPrice: string; discountPrice: string; shippingPrice: string; freightServices: string | null; promisedDate: string | null; invoiceAccessKey: string | null })[]
> {
  return db
    .select({
      ...rowColumns,
      purchaseOrderNumber: orders.purchaseOrderNumber,
      subtotalPrice: orders.subtotalPrice,
      discountPrice: orders.discountPrice,
      shippingPrice: orders.shippingPrice,
      // Its parcels' services and the latest date promised (issue 33).
      freightServices: sql<string | null>`(select string_agg(p.service_name, ' + ' order by p.position) from ${orderParcels} p where p.order_id = ${orders.id})`,
      promisedDate: sql<string | null>`(select max(p.promised_date)::text from ${orderParcels} p where p.order_id = ${orders.id})`,
      invoiceAccessKey: sql<string | null>`${currentSaleNote('access_key')}`,
    })
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(and(...baseConditions(filters), statusCondition(filters.status)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_EXPORT_LIMIT);
}

/** Paid and being separated: the orders the store still has to send. */
export async function countOrdersToShip(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(sql`${orders.status} in (${sql.raw(TO_SHIP_STATUSES.map((s) => `'${s}'`).join(', '))})`);
  return row?.n ?? 0;
}

export type LatePayment = { id: string; orderId: string; provider: string; amount: string; createdAt: Date; outcome: 'applied' | 'late' | 'divergent' };

/**
 * Payments that arrived for an order no longer waiting for one, and "pagamentos divergentes" (the
 * gateway reported another currency, less than the total, or only an authorization), not yet dealt with.
 */
export async function listUnresolvedLatePayments(db: Executor, limit = 20): Promise<LatePayment[]> {
  return db
    .select({
      id: paymentConfirmations.id,
      orderId: paymentConfirmations.orderId,
      provider: paymentConfirmations.provider,
      amount: paymentConfirmations.amount,
      createdAt: paymentConfirmations.createdAt,
      outcome: paymentConfirmations.outcome,
    })
    .from(paymentConfirmations)
    .where(and(inArray(paymentConfirmations.outcome, ['late', 'divergent']), isNull(paymentConfirmations.resolvedAt)))
    .orderBy(desc(paymentConfirmations.createdAt))
    .limit(limit);
}

/** The admin dealt with a late payment (refunded it or talked to the customer). True if it was open. */
export async function resolveLatePayment(db: Executor, orderId: string, confirmationId: string): Promise<boolean> {
  const rows = await db
    .update(paymentConfirmations)
    .set({ resolvedAt: now() })
    .where(
      and(eq(paymentConfirmations.id, confirmationId), eq(paymentConfirmations.orderId, orderId), inArray(paymentConfirmations.outcome, ['late', 'divergent']), isNull(paymentConfirmations.resolvedAt)),
    )
    .returning({ id: paymentConfirmations.id });
  return rows.length > 0;
}
