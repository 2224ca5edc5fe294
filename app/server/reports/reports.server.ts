// The admin reports' figures (/admin/reports), all SQL aggregates: a fixed handful of queries
// whatever the number of orders, each reading only the period's rows through an index.
//
// Which orders count, and on which day: the dashboard's rule (lib/dashboard.ts) — status paid,
// preparing, shipped or delivered, on the São Paulo day of created_at (orders keep no payment
// instant of their own). A paid order cancelled later is no longer counted anywhere: its money
// went back, and it shows under "Reembolsos" on the day it was cancelled (its order_events row),
// at its total, whether the refund is still pending or done.
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { categories, orderEvents, orderItems, orders, products, subscriptionEvents, user, userSubscriptions } from '~/db/schema';
import { now as clockNow } from '~/lib/clock';
import { COUNTED_ORDER_STATUSES, fillDailySeries, monthlyRecurringRevenueCents, type DailyTotal } from '~/lib/dashboard';
import { toCents } from '~/lib/money';
import { todayInBrazil } from '~/lib/plans';
import { PAYMENT_METHOD_LABELS } from '~/lib/order-status';
import { averageTicketCents, rangeInstants, TOP_CUSTOMERS_LIMIT, type ReportPeriod, type ReportRow, type ReportTable } from '~/lib/reports';
import { recurring } from './dashboard.server';

/** A figure in this period and in the previous one of the same length. */
export type Compared = { current: number; previous: number };

export type ReportKpis = {
  revenueCents: Compared;
  orders: Compared;
  averageTicketCents: Compared;
  itemsSold: Compared;
  newCustomers: Compared;
  newSubscriptions: Compared;
  cancelledSubscriptions: Compared;
  /** At the last instant of each period. */
  mrrCents: Compared;
  subscriberDiscountCents: Compared;
  /** Freight charged on the period's orders (issue 33). */
  freightCents: Compared;
  welcomeDiscountCents: Compared;
  refundsCents: Compared;
  refunds: Compared;
};

export type Report = {
  period: ReportPeriod;
  kpis: ReportKpis;
  /** Every day of the period, oldest first; days without sales are zeros. */
  daily: DailyTotal[];
  tables: Record<ReportTable, ReportRow[]>;
};

// A literal, not a parameter: the same expression in SELECT and GROUP BY must be written the same
// way, and two parameters are two expressions to PostgreSQL. Safe: Date.toISOString() text only.
const ts = (instant: Date): SQL => sql.raw(`'${instant.toISOString()}'::timestamptz`);
const int = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::int`;
const money = (expr: SQL) => sql<string>`coalesce(${expr}, 0)::text`;

/** The bounds of the period and of the one before it (which ends where this one starts). */
function bounds(period: ReportPeriod) {
  const current = rangeInstants(period);
  const previous = rangeInstants(period.previous);
  return { start: current.start, end: current.end, previousStart: previous.start };
}

/** Counted orders created in [from, to). */
const countedBetween = (from: Date, to: Date) => and(inArray(orders.status, [...COUNTED_ORDER_STATUSES]), gte(orders.createdAt, ts(from)), lt(orders.createdAt, ts(to)));

/**
 * The whole report in eleven queries, whatever the number of orders: the orders of both periods
 * once (KPIs), their items once (units and the three item breakdowns), the period's orders by
 * method and UF (grouping sets), by day and by customer, and the small ones (new customers,
 * subscriptions, cancellations, refunds, MRR at both ends).
 */
export async function getReport(db: Executor, period: ReportPeriod, now: Date = clockNow()): Promise<Report> {
  const [kpis, items, byOrder, daily, clientes, cupons] = await Promise.all([
    reportKpis(db, period, now),
    itemFigures(db, period),
    orderBreakdowns(db, period),
    dailyRevenue(db, period),
    topCustomers(db, period),
    couponFigures(db, period),
  ]);
  return {
    period,
    kpis: { ...kpis, itemsSold: items.units },
    daily,
    tables: { produtos: items.produtos, tamanhos: items.tamanhos, categorias: items.categorias, ...byOrder, clientes, cupons },
  };
}

async function reportKpis(db: Executor, period: ReportPeriod, now: Date): Promise<Omit<ReportKpis, 'itemsSold'>> {
  const { start, end, previousStart } = bounds(period);
  // One pass over both periods: the rows before `start` are the previous period's.
  const cur = (column: AnyColumn) => sql`${column} >= ${ts(start)}`;
  const prev = (column: AnyColumn) => sql`${column} < ${ts(start)}`;
  const both = <T,>(current: T, previous: T) => ({ current, previous });

  const [orderRows, customerRows, subscriptionRows, cancelRows, refundRows, mrrCurrent, mrrPrevious] = await Promise.all([
    db
      .select({
        orders: int(sql`count(*) filter (where ${cur(orders.createdAt)})`),
        prevOrders: int(sql`count(*) filter (where ${prev(orders.createdAt)})`),
        revenue: money(sql`sum(${orders.totalPrice}) filter (where ${cur(orders.createdAt)})`),
        prevRevenue: money(sql`sum(${orders.totalPrice}) filter (where ${prev(orders.createdAt)})`),
        subscriber: money(sql`sum(${orders.discountPrice}) filter (where ${orders.discountKind} = 'subscriber' and ${cur(orders.createdAt)})`),
        prevSubscriber: money(sql`sum(${orders.discountPrice}) filter (where ${orders.discountKind} = 'subscriber' and ${prev(orders.createdAt)})`),
        welcome: money(sql`sum(${orders.discountPrice}) filter (where ${orders.discountKind} = 'welcome' and ${cur(orders.createdAt)})`),
        prevWelcome: money(sql`sum(${orders.discountPrice}) filter (where ${orders.discountKind} = 'welcome' and ${prev(orders.createdAt)})`),
        freight: money(sql`sum(${orders.shippingPrice}) filter (where ${cur(orders.createdAt)})`),
        prevFreight: money(sql`sum(${orders.shippingPrice}) filter (where ${prev(orders.createdAt)})`),
      })
      .from(orders)
      .where(countedBetween(previousStart, end)),
    db
      .select({ current: int(sql`count(*) filter (where ${cur(user.createdAt)})`), previous: int(sql`count(*) filter (where ${prev(user.createdAt)})`) })
      .from(user)
      .where(and(eq(user.role, 'customer'), gte(user.createdAt, ts(previousStart)), lt(user.createdAt, ts(end)))),
    db
      .select({
        current: int(sql`count(*) filter (where ${cur(userSubscriptions.createdAt)})`),
        previous: int(sql`count(*) filter (where ${prev(userSubscriptions.createdAt)})`),
      })
      .from(userSubscriptions)
      .where(and(gte(userSubscriptions.createdAt, ts(previousStart)), lt(userSubscriptions.createdAt, ts(end)))),
    // A cancellation is the history's move to 'cancelled' (a later reactivation does not undo that it happened).
    db
      .select({
        current: int(sql`count(*) filter (where ${cur(subscriptionEvents.createdAt)})`),
        previous: int(sql`count(*) filter (where ${prev(subscriptionEvents.createdAt)})`),
      })
      .from(subscriptionEvents)
      .where(
        and(
          eq(subscriptionEvents.toStatus, 'cancelled'),
          sql`${subscriptionEvents.fromStatus} is distinct from 'cancelled'`,
          gte(subscriptionEvents.createdAt, ts(previousStart)),
          lt(subscriptionEvents.createdAt, ts(end)),
        ),
      ),
    // Paid orders cancelled (refund pending or made), on the day of their cancellation.
    db
      .select({
        count: int(sql`count(*) filter (where ${cur(orderEvents.createdAt)})`),
        prevCount: int(sql`count(*) filter (where ${prev(orderEvents.createdAt)})`),
        total: money(sql`sum(${orders.totalPrice}) filter (where ${cur(orderEvents.createdAt)})`),
        prevTotal: money(sql`sum(${orders.totalPrice}) filter (where ${prev(orderEvents.createdAt)})`),
      })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(
        and(
          eq(orderEvents.toStatus, 'cancelled'),
          sql`${orderEvents.fromStatus} is distinct from 'cancelled'`,
          isNotNull(orders.refundStatus),
          gte(orderEvents.createdAt, ts(previousStart)),
          lt(orderEvents.createdAt, ts(end)),
        ),
      ),
    mrrAt(db, end, now),
    mrrAt(db, start, now),
  ]);

  const o = orderRows[0]!;
  const revenue = both(toCents(o.revenue), toCents(o.prevRevenue));
  const orderCount = both(o.orders, o.prevOrders);
  const r = refundRows[0]!;
  return {
    revenueCents: revenue,
    orders: orderCount,
    averageTicketCents: both(averageTicketCents(revenue.current, orderCount.current), averageTicketCents(revenue.previous, orderCount.previous)),
    newCustomers: both(customerRows[0]!.current, customerRows[0]!.previous),
    newSubscriptions: both(subscriptionRows[0]!.current, subscriptionRows[0]!.previous),
    cancelledSubscriptions: both(cancelRows[0]!.current, cancelRows[0]!.previous),
    mrrCents: both(mrrCurrent, mrrPrevious),
    subscriberDiscountCents: both(toCents(o.subscriber), toCents(o.prevSubscriber)),
    welcomeDiscountCents: both(toCents(o.welcome), toCents(o.prevWelcome)),
    freightCents: both(toCents(o.freight), toCents(o.prevFreight)),
    refundsCents: both(toCents(r.total), toCents(r.prevTotal)),
    refunds: both(r.count, r.prevCount),
  };
}

/**
 * Monthly recurring revenue at an instant, by the dashboard's rule (active, paid-up subscriptions,
 * each at its own price, spread over its plan's months): for an instant not yet past, the very
 * dashboard query; for a past one, each subscription's status then, as its history (the last
 * subscription_events row before it) records it, and paid through that São Paulo day (the
 * benefits' rule). paid_through only moves forward, so one paid through today's value or less was
 * not paid then; one paid later, late, still counts. Price and plan are today's: the history does
 * not keep old prices.
 */
async function mrrAt(db: Executor, instant: Date, now: Date): Promise<number> {
  const statusThen = sql`(select ${subscriptionEvents.toStatus} from ${subscriptionEvents}
    where ${subscriptionEvents.subscriptionId} = ${userSubscriptions.id} and ${subscriptionEvents.createdAt} < ${ts(instant)}
    order by ${subscriptionEvents.createdAt} desc, ${subscriptionEvents.id} desc limit 1)`;
  const where =
    instant.getTime() >= now.getTime()
      ? recurring(todayInBrazil(now))
      : and(lt(userSubscriptions.createdAt, ts(instant)), sql`${userSubscriptions.paidThrough} > ${todayInBrazil(instant)}`, sql`${statusThen} = 'active'`);
  const rows = await db
    .select({ frequency: userSubscriptions.frequency, total: sql<string>`sum(${userSubscriptions.totalValue})::text` })
    .from(userSubscriptions)
    .where(where)
    .groupBy(userSubscriptions.frequency);
  return monthlyRecurringRevenueCents(rows.map((r) => ({ frequency: r.frequency, totalCents: toCents(r.total) })));
}

/** Revenue and orders per São Paulo day of the period, every day present. */
async function dailyRevenue(db: Executor, period: ReportPeriod): Promise<DailyTotal[]> {
  const { start, end } = bounds(period);
  const localDay = sql<string>`to_char((${orders.createdAt} at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day: localDay, orders: sql<number>`count(*)::int`, revenue: sql<string>`sum(${orders.totalPrice})::text` })
    .from(orders)
    .where(countedBetween(start, end))
    .groupBy(localDay);
  return fillDailySeries(
    rows.map((r) => ({ day: r.day, orders: r.orders, revenueCents: toCents(r.revenue) })),
    period.to,
    period.days,
  );
}

// ---------------------------------------------------------------- breakdowns

const byRevenue = (a: ReportRow, b: ReportRow) =>
  Number(b.revenueCents) - Number(a.revenueCents) || Number(b.units ?? b.orders) - Number(a.units ?? a.orders) || String(a.name).localeCompare(String(b.name), 'pt-BR');

/**
 * Units sold in both periods, and the period's sales by product, by size and by category. The
 * database sums the items of counted orders per period, product, saved name and size (one narrow
 * GROUP BY); the few hundred groups are then added up per product and per category here, which
 * is exact for sums and far cheaper than grouping sets over the joined rows. Items at their sale
 * price, before the order's discount; a product that still exists by its current name and
 * category, a plan line or a deleted product by the name saved on the order.
 */
async function itemFigures(db: Executor, period: ReportPeriod) {
  const { start, end, previousStart } = bounds(period);
  const current = sql<boolean>`(${orders.createdAt} >= ${ts(start)})`;
  const groups = db
    .select({
      current: current.as('current'),
      productId: orderItems.productId,
      productName: orderItems.productName,
      size: orderItems.size,
      units: sql<number>`sum(${orderItems.quantity})::int`.as('units'),
      revenue: sql<string>`sum(${orderItems.quantity} * ${orderItems.priceAtPurchase})::text`.as('revenue'),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(countedBetween(previousStart, end))
    .groupBy(current, orderItems.productId, orderItems.productName, orderItems.size)
    .as('groups');
  const rows = await db
    .select({
      current: groups.current,
      productId: groups.productId,
      name: sql<string>`coalesce(${products.name}, ${groups.productName})`,
      size: groups.size,
      categoryId: categories.id,
      category: categories.name,
      units: groups.units,
      revenue: groups.revenue,
    })
    .from(groups)
    .leftJoin(products, eq(products.id, groups.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId));

  const units = { current: 0, previous: 0 };
  const add = (map: Map<string, ReportRow>, key: string, base: ReportRow, unitCount: number, cents: number) => {
    const row = map.get(key) ?? { ...base, units: 0, revenueCents: 0 };
    row.units = Number(row.units) + unitCount;
    row.revenueCents = Number(row.revenueCents) + cents;
    map.set(key, row);
  };
  const byProduct = new Map<string, ReportRow>();
  const bySize = new Map<string, ReportRow>();
  const byCategory = new Map<string, ReportRow>();
  for (const r of rows) {
    units[r.current ? 'current' : 'previous'] += r.units;
    if (!r.current) continue;
    const cents = toCents(r.revenue);
    const product = r.productId ?? `nome:${r.name}`;
    add(byProduct, product, { name: r.name }, r.units, cents);
    add(bySize, `${product}\u0000${r.size ?? ''}`, { name: r.name, size: r.size ?? '—' }, r.units, cents);
    add(byCategory, r.categoryId ?? '', { name: r.category ?? 'Sem categoria' }, r.units, cents);
  }
  const sizeOrder = (a: ReportRow, b: ReportRow) => byRevenue(a, b) || String(a.size).localeCompare(String(b.size), 'pt-BR');
  return {
    units,
    produtos: [...byProduct.values()].sort(byRevenue),
    tamanhos: [...bySize.values()].sort(sizeOrder),
    categorias: [...byCategory.values()].sort(byRevenue),
  };
}

/** The period's counted orders by payment method and by UF (the delivery address), in one pass. */
async function orderBreakdowns(db: Executor, period: ReportPeriod): Promise<{ pagamentos: ReportRow[]; estados: ReportRow[] }> {
  const { start, end } = bounds(period);
  const rows = await db
    .select({
      set: sql<number>`grouping(${orders.paymentMethod}, ${orders.shipState})::int`,
      method: orders.paymentMethod,
      state: orders.shipState,
      orders: int(sql`count(*)`),
      revenue: money(sql`sum(${orders.totalPrice})`),
    })
    .from(orders)
    .where(countedBetween(start, end))
    .groupBy(sql`grouping sets ((${orders.paymentMethod}), (${orders.shipState}))`);
  const METHOD = 0b01;
  const pagamentos: ReportRow[] = [];
  const estados: ReportRow[] = [];
  for (const r of rows) {
    const figures = { orders: r.orders, revenueCents: toCents(r.revenue) };
    if (r.set === METHOD) pagamentos.push({ name: r.method ? (PAYMENT_METHOD_LABELS[r.method] ?? r.method) : 'Não informada', ...figures });
    else estados.push({ name: r.state ?? 'Sem endereço', ...figures });
  }
  const byOrders = (a: ReportRow, b: ReportRow) => Number(b.orders) - Number(a.orders) || byRevenue(a, b);
  return { pagamentos: pagamentos.sort(byRevenue), estados: estados.sort(byOrders) };
}

/** The period's best buyers by what they paid. */
async function topCustomers(db: Executor, period: ReportPeriod): Promise<ReportRow[]> {
  const { start, end } = bounds(period);
  const revenue = sql`sum(${orders.totalPrice})`;
  // Aggregated first, joined to the few top buyers after: the user table is read for 50 rows only.
  // Orders of an erased account (user_id null) are nobody's: they count in the totals, not here.
  const top = db
    .select({ userId: orders.userId, orders: sql<number>`count(*)::int`.as('orders'), revenue: sql<string>`${revenue}::text`.as('revenue') })
    .from(orders)
    .where(and(countedBetween(start, end), isNotNull(orders.userId)))
    .groupBy(orders.userId)
    .orderBy(desc(revenue), desc(sql`count(*)`), asc(orders.userId))
    .limit(TOP_CUSTOMERS_LIMIT)
    .as('top');
  const rows = await db
    .select({ name: user.name, email: user.email, orders: top.orders, revenue: top.revenue })
    .from(top)
    .innerJoin(user, eq(user.id, top.userId))
    .orderBy(desc(sql`${top.revenue}::numeric`), desc(top.orders), asc(user.email));
  return rows.map((r) => ({ name: r.name, email: r.email, orders: r.orders, revenueCents: toCents(r.revenue) }));
}

/** The period's counted orders with a coupon (issue 36): uses, the discount given and the revenue, per code as the orders kept it. */
async function couponFigures(db: Executor, period: ReportPeriod): Promise<ReportRow[]> {
  const { start, end } = bounds(period);
  const rows = await db
    .select({ code: orders.couponCode, orders: int(sql`count(*)`), discount: money(sql`sum(${orders.discountPrice})`), revenue: money(sql`sum(${orders.totalPrice})`) })
    .from(orders)
    .where(and(countedBetween(start, end), eq(orders.discountKind, 'coupon')))
    .groupBy(orders.couponCode)
    .orderBy(desc(sql`count(*)`), asc(orders.couponCode));
  return rows.map((r) => ({ name: r.code ?? '', orders: r.orders, discountCents: toCents(r.discount), revenueCents: toCents(r.revenue) }));
}

/** One breakdown alone (the CSV route). */
export async function getReportTable(db: Executor, period: ReportPeriod, table: ReportTable): Promise<ReportRow[]> {
  switch (table) {
    case 'produtos':
    case 'tamanhos':
    case 'categorias':
      return (await itemFigures(db, period))[table];
    case 'pagamentos':
    case 'estados':
      return (await orderBreakdowns(db, period))[table];
    case 'clientes':
      return topCustomers(db, period);
    case 'cupons':
      return couponFigures(db, period);
  }
}
