// The admin's order list: counts per status (the tabs), filters, search, pagination, the CSV
// rows of the same filters, the dashboard's "a enviar", and the late payments to look at.
// Read-only: every change of an order goes through transitions.server.ts.
import { and, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import type { PAYMENT_METHODS} from '~/db/schema';
import { ORDER_STATUSES, orders, paymentConfirmations, user } from '~/db/schema';
import { now } from '~/lib/clock';
import { TO_SHIP_STATUSES, type OrderStatus } from '~/lib/order-lifecycle';
import { pageWindow } from '~/lib/pagination';
import { DELETED_CUSTOMER_NAME } from '~/lib/privacy';
import { containsPattern } from '~/lib/search';
import { normalizeTaxId, taxIdKind } from '~/lib/tax-id';

export const ADMIN_ORDERS_PAGE_SIZE = 25;
/** The most rows one CSV export carries. */
export const ORDERS_EXPORT_LIMIT = 10_000;

export type OrderFilters = {
  status?: OrderStatus | 'to_ship';
  method?: (typeof PAYMENT_METHODS)[number];
  /** São Paulo calendar days, yyyy-mm-dd, inclusive. */
  from?: string;
  to?: string;
  term?: string;
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
};

export type AdminOrderPage = { rows: AdminOrderRow[]; total: number; page: number; pageCount: number; counts: Record<OrderStatus, number> & { all: number } };

const dayStart = (day: string) => new Date(`${day}T00:00:00-03:00`);
function nextDay(day: string): Date {
  const d = dayStart(day);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/** Everything but the status: the tabs count within the other filters. */
function baseConditions(filters: OrderFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.method) where.push(eq(orders.paymentMethod, filters.method));
  if (filters.from) where.push(gte(orders.createdAt, dayStart(filters.from)));
  if (filters.to) where.push(lt(orders.createdAt, nextDay(filters.to)));
  const term = filters.term?.trim();
  if (term) {
    const like = containsPattern(term);
    const matches: SQL[] = [
      sql`unaccent(${user.name}) ilike unaccent(${like})`,
      ilike(user.email, like),
    ];
    // The short order id (the first 8 characters shown everywhere), or a longer piece of it.
    const hex = term.replace(/^#/, '').toLowerCase();
    if (/^[0-9a-f-]{4,36}$/.test(hex)) matches.push(sql`${orders.id}::text like ${`${hex}%`}`);
    if (taxIdKind(term)) matches.push(eq(orders.taxId, normalizeTaxId(term)));
    where.push(or(...matches)!);
  }
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
};

export async function listAdminOrders(db: Executor, filters: OrderFilters & { page?: number }): Promise<AdminOrderPage> {
  const base = baseConditions(filters);
  const where = and(...base, statusCondition(filters.status));
  const [countRows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .leftJoin(user, eq(user.id, orders.userId))
      .where(base.length ? and(...base) : undefined)
      .groupBy(orders.status),
    db.select({ total: count() }).from(orders).leftJoin(user, eq(user.id, orders.userId)).where(where),
  ]);
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number> & { all: number };
  counts.all = 0;
  for (const row of countRows) {
    counts[row.status] = row.n;
    counts.all += row.n;
  }
  const { page, pageCount, offset } = pageWindow(total, filters.page ?? 1, ADMIN_ORDERS_PAGE_SIZE);
  const rows = await db
    .select(rowColumns)
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ADMIN_ORDERS_PAGE_SIZE)
    .offset(offset);
  return { rows, total, page, pageCount, counts };
}

/** The rows of a CSV export: the same filters, newest first, at most ORDERS_EXPORT_LIMIT. */
export async function exportAdminOrders(db: Executor, filters: OrderFilters): Promise<(AdminOrderRow & { subtotalPrice: string; discountPrice: string })[]> {
  return db
    .select({ ...rowColumns, subtotalPrice: orders.subtotalPrice, discountPrice: orders.discountPrice })
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

export type LatePayment = { id: string; orderId: string; provider: string; amount: string; createdAt: Date };

/** Payments that arrived for an order no longer waiting for one, not yet dealt with. */
export async function listUnresolvedLatePayments(db: Executor, limit = 20): Promise<LatePayment[]> {
  return db
    .select({ id: paymentConfirmations.id, orderId: paymentConfirmations.orderId, provider: paymentConfirmations.provider, amount: paymentConfirmations.amount, createdAt: paymentConfirmations.createdAt })
    .from(paymentConfirmations)
    .where(and(eq(paymentConfirmations.outcome, 'late'), isNull(paymentConfirmations.resolvedAt)))
    .orderBy(desc(paymentConfirmations.createdAt))
    .limit(limit);
}

/** The admin dealt with a late payment (refunded it or talked to the customer). True if it was open. */
export async function resolveLatePayment(db: Executor, orderId: string, confirmationId: string): Promise<boolean> {
  const rows = await db
    .update(paymentConfirmations)
    .set({ resolvedAt: now() })
    .where(and(eq(paymentConfirmations.id, confirmationId), eq(paymentConfirmations.orderId, orderId), eq(paymentConfirmations.outcome, 'late'), isNull(paymentConfirmations.resolvedAt)))
    .returning({ id: paymentConfirmations.id });
  return rows.length > 0;
}
