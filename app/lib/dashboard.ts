// Rules behind the admin dashboard (/admin): which orders count as revenue, the
// 30-day window in São Paulo days, monthly recurring revenue, what comes due in the
// next days, and the chart's scale. Pure, so the server and the page compute the same thing.
import { formatBRL } from './money';
import { findPlan, todayInBrazil } from './plans';
import { computeTotals } from './pricing';

/** Orders whose money came in; pending and cancelled ones do not count. */
export const COUNTED_ORDER_STATUSES = ['paid', 'preparing', 'shipped', 'delivered'] as const;
/** "Over 30 days" = today and the 29 calendar days before, in São Paulo. */
export const DASHBOARD_DAYS = 30;
export const TOP_PRODUCTS_LIMIT = 5;
export const LATEST_ORDERS_LIMIT = 10;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'yyyy-mm-dd' plus whole days, on the calendar (no time zone involved). */
export function addDays(isoDay: string, days: number): string {
  const match = ISO_DAY.exec(isoDay);
  if (!match) throw new Error(`Data inválida: ${isoDay}`);
  const [, y, m, d] = match;
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) + days)).toISOString().slice(0, 10);
}

export type DashboardWindow = {
  /** Today in São Paulo. */
  today: string;
  /** First day of the window (today − 29). */
  firstDay: string;
  /** The day after today: the window ends at its São Paulo midnight (exclusive). */
  dayAfter: string;
};

export function dashboardWindow(now: Date, days = DASHBOARD_DAYS): DashboardWindow {
  const today = todayInBrazil(now);
  return { today, firstDay: addDays(today, -(days - 1)), dayAfter: addDays(today, 1) };
}

export type DailyTotal = { day: string; orders: number; revenueCents: number };

/**
 * The days the database returned, oldest first, with a zero entry for every day
 * without a counted order, so the chart always has `days` bars ending today.
 */
export function fillDailySeries(rows: readonly DailyTotal[], today: string, days = DASHBOARD_DAYS): DailyTotal[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(today, i - (days - 1));
    const row = byDay.get(day);
    return { day, orders: row?.orders ?? 0, revenueCents: row?.revenueCents ?? 0 };
  });
}

export type PeriodTotals = {
  ordersToday: number;
  revenueTodayCents: number;
  ordersPeriod: number;
  revenuePeriodCents: number;
};

/** The stat cards from the filled series: its last day is today. */
export function periodTotals(series: readonly DailyTotal[]): PeriodTotals {
  const last = series.at(-1);
  return {
    ordersToday: last?.orders ?? 0,
    revenueTodayCents: last?.revenueCents ?? 0,
    ordersPeriod: series.reduce((sum, d) => sum + d.orders, 0),
    revenuePeriodCents: series.reduce((sum, d) => sum + d.revenueCents, 0),
  };
}

/** n ÷ d rounded half up, exactly on integers (n ≥ 0, d > 0). */
function divideRoundHalfUp(n: number, d: number): number {
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(d) || n < 0 || d <= 0) {
    throw new Error(`Divisão inválida: ${n} / ${d}`);
  }
  const quotient = Math.floor(n / d);
  // Correct a floating-point quotient that landed one off, then round on the exact remainder.
  const q = quotient * d > n ? quotient - 1 : (quotient + 1) * d <= n ? quotient + 1 : quotient;
  const remainder = n - q * d;
  return remainder * 2 >= d ? q + 1 : q;
}

function planMonths(frequency: string): number {
  const plan = findPlan(frequency);
  // The database CHECK allows only the three plans; anything else is corrupt data, not zero revenue.
  if (!plan) throw new Error(`Frequência de assinatura desconhecida: ${frequency}`);
  return plan.months;
}

export type SubscriptionTotal = { frequency: string; totalCents: number };

/**
 * Monthly recurring revenue of many subscriptions (or of per-plan sums, which
 * give the same result): each total is spread over its plan's months in
 * twelfths of a cent, which is exact for 1, 6 and 12 months, and the sum is
 * rounded half up once. Rounding each subscription first would drift by up to
 * half a cent per subscription.
 */
export function monthlyRecurringRevenueCents(subscriptions: readonly SubscriptionTotal[]): number {
  const twelfths = subscriptions.reduce((sum, s) => {
    const months = planMonths(s.frequency);
    if (12 % months !== 0) throw new Error(`Plano de ${months} meses não divide o ano`);
    return sum + s.totalCents * (12 / months);
  }, 0);
  return divideRoundHalfUp(twelfths, 12);
}

/** "Próximos 7 dias": today and the 6 days after it, in São Paulo. */
export const DUE_SOON_DAYS = 7;

/** The first and last day (both included) of the `days` days starting today. */
export function dueSoonWindow(today: string, days = DUE_SOON_DAYS): { from: string; to: string } {
  if (!Number.isInteger(days) || days < 1) throw new Error(`Número de dias inválido: ${days}`);
  return { from: today, to: addDays(today, days - 1) };
}

/**
 * What a programmed delivery will charge, from its items' current prices: the subscriber's 10%
 * off when its customer has it (as the delivery job prices it), never the welcome offer.
 */
export function expectedDeliveryCents(subtotalCents: number, subscriber: boolean): number {
  return computeTotals([{ unitCents: subtotalCents, quantity: 1, isSubscription: false }], { isSubscriber: subscriber, firstPurchase: false }).totalCents;
}

/**
 * The top of the chart's scale: the smallest 1, 2 or 5 × 10ⁿ cents at or above
 * the highest day, so bars compare against a round figure. 0 when nothing sold.
 */
export function chartScaleCents(maxCents: number): number {
  if (maxCents <= 0) return 0;
  let power = 1;
  while (power * 10 <= maxCents) power *= 10;
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= maxCents) return step * power;
  }
  return 10 * power;
}

export type ChartBar = DailyTotal & { x: number; y: number; width: number; height: number };

export type ChartGeometry = { width: number; height: number; scaleCents: number; bars: ChartBar[] };

/**
 * Bars for an SVG of `width` × `height` user units: one slot per day, the bar
 * filling `barRatio` of it. A day with revenue gets at least `minHeight` so a
 * small sale is still visible next to a big one.
 */
export function chartGeometry(
  series: readonly DailyTotal[],
  { width = 300, height = 100, barRatio = 0.7, minHeight = 1 } = {},
): ChartGeometry {
  const scaleCents = chartScaleCents(Math.max(0, ...series.map((d) => d.revenueCents)));
  const slot = series.length > 0 ? width / series.length : width;
  const barWidth = slot * barRatio;
  const bars = series.map((d, i) => {
    const h = scaleCents === 0 || d.revenueCents <= 0 ? 0 : Math.max(minHeight, (d.revenueCents / scaleCents) * height);
    return { ...d, x: i * slot + (slot - barWidth) / 2, y: height - h, width: barWidth, height: h };
  });
  return { width, height, scaleCents, bars };
}

/** '2026-05-09' → '09/05' */
export function formatDayMonth(isoDay: string): string {
  const match = ISO_DAY.exec(isoDay);
  if (!match) throw new Error(`Data inválida: ${isoDay}`);
  return `${match[3]}/${match[2]}`;
}

/** The chart's text alternative: period, total and best day. */
export function chartSummary(series: readonly DailyTotal[]): string {
  if (series.length === 0) return 'Faturamento diário: sem dados.';
  const period = `Faturamento diário de ${formatDayMonth(series[0]!.day)} a ${formatDayMonth(series.at(-1)!.day)}`;
  const { ordersPeriod, revenuePeriodCents } = periodTotals(series);
  if (revenuePeriodCents === 0) return `${period}: nenhum faturamento no período.`;
  // The first of equal days, so the sentence does not change between renders.
  const best = series.reduce((top, d) => (d.revenueCents > top.revenueCents ? d : top));
  const orders = ordersPeriod === 1 ? '1 pedido' : `${ordersPeriod} pedidos`;
  return `${period}: total de ${formatBRL(revenuePeriodCents)} em ${orders}; maior dia ${formatDayMonth(best.day)}, com ${formatBRL(best.revenueCents)}.`;
}
