// The admin dashboard's figures (issue 6), aggregated in SQL: a handful of
// queries whatever the number of orders. Days are São Paulo calendar days: the
// window's limits are the São Paulo midnights of days computed from `now`, and
// each order's day is its created_at read in that zone, the same on PGlite and
// PostgreSQL (both carry the time zone database).
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { orderItems, orders, products, user, userSubscriptions } from '~/db/schema';
import {
  COUNTED_ORDER_STATUSES,
  dashboardWindow,
  fillDailySeries,
  LATEST_ORDERS_LIMIT,
  monthlyRecurringRevenueCents,
  periodTotals,
  TOP_PRODUCTS_LIMIT,
  type DailyTotal,
} from '~/lib/dashboard';
import { now as clockNow } from '~/lib/clock';
import { toCents } from '~/lib/money';
import { DELETED_CUSTOMER_NAME } from '~/lib/privacy';
import { dueInNextDays } from '../subscriptions/admin.server';

export type TopProduct = {
  /**
   * Null for lines without a product: a subscription plan, or a product deleted
   * since. Those are grouped and named by the name saved on the order items.
   */
  productId: string | null;
  name: string;
  units: number;
  revenueCents: number;
};

export type LatestOrder = {
  id: string;
  /** ISO timestamp. */
  createdAt: string;
  customerName: string;
  customerEmail: string;
  totalCents: number;
  status: string;
};

export type Dashboard = {
  /** Today in São Paulo, yyyy-mm-dd. */
  today: string;
  ordersToday: number;
  revenueTodayCents: number;
  orders30Days: number;
  revenue30DaysCents: number;
  /** Customers with an active, paid-up subscription (the ones MRR counts). */
  activeSubscribers: number;
  mrrCents: number;
  /** "Próximos 7 dias": renewals and programmed deliveries due, counts and expected revenue. */
  dueSoon: DueSoonSummary;
  /** 30 days, oldest first, the last one today; days without sales are zeros. */
  daily: DailyTotal[];
  topProducts: TopProduct[];
  latestOrders: LatestOrder[];
};

export type DueSoonSummary = {
  /** First and last São Paulo day of the window, both included. */
  from: string;
  to: string;
  renewals: { count: number; totalCents: number };
  deliveries: { count: number; totalCents: number };
};

/**
 * The subscriptions monthly recurring revenue counts: active (not paused, not cancelled) and
 * paid through `today` (São Paulo day; paid_through is the paid period's exclusive end), the same
 * rule as the subscriber's 10% (lib/subscription-schedule): a skipped or unpaid period is not
 * recurring revenue. A subscription paused for an unpaid renewal is not active, so it is out too;
 * paused_reason is checked anyway, should a row ever disagree. The reports (server/reports/)
 * count MRR at a period's end with this same rule.
 */
export const recurring = (today: string) =>
  and(eq(userSubscriptions.status, 'active'), sql`${userSubscriptions.paidThrough} > ${today}`, isNull(userSubscriptions.pausedReason));

/** A São Paulo calendar day's first instant, as timestamptz. */
const saoPauloMidnight = (isoDay: string): SQL => sql`((${isoDay})::date::timestamp at time zone 'America/Sao_Paulo')`;

export async function getDashboard(db: Executor, now: Date = clockNow()): Promise<Dashboard> {
  const { today, firstDay, dayAfter } = dashboardWindow(now);
  // Counted orders (paid, preparing, shipped, delivered) created on a day of the window.
  const countedInWindow = and(
    inArray(orders.status, [...COUNTED_ORDER_STATUSES]),
    gte(orders.createdAt, saoPauloMidnight(firstDay)),
    lt(orders.createdAt, saoPauloMidnight(dayAfter)),
  );
  const localDay = sql<string>`to_char((${orders.createdAt} at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD')`;

  const itemRevenue = sql`sum(${orderItems.quantity} * ${orderItems.priceAtPurchase})`;
  const itemUnits = sql`sum(${orderItems.quantity})`;
  // The current name of a product that still exists, otherwise the name saved on the order.
  const itemName = sql<string>`min(coalesce(${products.name}, ${orderItems.productName}))`;

  const [dailyRows, topRows, latestRows, planRows, subscriberRows, dueSoon] = await Promise.all([
    db
      .select({ day: localDay, orders: sql<number>`count(*)::int`, revenue: sql<string>`sum(${orders.totalPrice})::text` })
      .from(orders)
      .where(countedInWindow)
      .groupBy(localDay),
    db
      .select({
        productId: orderItems.productId,
        name: itemName,
        units: sql<number>`${itemUnits}::int`,
        revenue: sql<string>`${itemRevenue}::text`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(countedInWindow)
      // One group per product; lines without one (plans, deleted products) group by their saved name.
      .groupBy(orderItems.productId, sql`case when ${orderItems.productId} is null then ${orderItems.productName} end`)
      .orderBy(desc(itemRevenue), desc(itemUnits), asc(itemName))
      .limit(TOP_PRODUCTS_LIMIT),
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        totalPrice: orders.totalPrice,
        status: orders.status,
        customerName: sql<string>`coalesce(${user.name}, ${DELETED_CUSTOMER_NAME})`,
        customerEmail: sql<string>`coalesce(${user.email}, '')`,
      })
      .from(orders)
      .leftJoin(user, eq(user.id, orders.userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(LATEST_ORDERS_LIMIT),
    // Each subscription at its own price (what it was sold at), summed per plan.
    db
      .select({ frequency: userSubscriptions.frequency, total: sql<string>`sum(${userSubscriptions.totalValue})::text` })
      .from(userSubscriptions)
      .where(recurring(today))
      .groupBy(userSubscriptions.frequency),
    db
      .select({ count: sql<number>`count(distinct ${userSubscriptions.userId})::int` })
      .from(userSubscriptions)
      .where(recurring(today)),
    dueInNextDays(db, undefined, today),
  ]);

  const daily = fillDailySeries(
    dailyRows.map((r) => ({ day: r.day, orders: r.orders, revenueCents: toCents(r.revenue) })),
    today,
  );
  const totals = periodTotals(daily);
  return {
    today,
    ordersToday: totals.ordersToday,
    revenueTodayCents: totals.revenueTodayCents,
    orders30Days: totals.ordersPeriod,
    revenue30DaysCents: totals.revenuePeriodCents,
    activeSubscribers: subscriberRows[0]?.count ?? 0,
    // Per-plan sums spread over the plan's months, rounded once (see monthlyRecurringRevenueCents).
    mrrCents: monthlyRecurringRevenueCents(planRows.map((r) => ({ frequency: r.frequency, totalCents: toCents(r.total) }))),
    dueSoon: {
      from: dueSoon.from,
      to: dueSoon.to,
      renewals: { count: dueSoon.renewals.count, totalCents: dueSoon.renewals.totalCents },
      deliveries: { count: dueSoon.deliveries.count, totalCents: dueSoon.deliveries.totalCents },
    },
    daily,
    topProducts: topRows.map((r) => ({ productId: r.productId, name: r.name, units: r.units, revenueCents: toCents(r.revenue) })),
    latestOrders: latestRows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      customerName: r.customerName,
      customerEmail: r.customerEmail,
      totalCents: toCents(r.totalPrice),
      status: r.status,
    })),
  };
}
