// Relatórios → "Carrinhos recuperados" (issue 36): what the cart reminders did in the period. Carts
// reminded (a cart's content, its version, counted once whichever steps it got) and e-mails sent,
// by the São Paulo day they were sent; carts recovered and their revenue, by the day of the order a
// reminder was marked recovered by (carts.server `cartBought`), counted only when that order counts
// in the report (paid, in separation, shipped or delivered: lib/dashboard), each order once.
import { and, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { cartReminders, orders } from '~/db/schema';
import { COUNTED_ORDER_STATUSES } from '~/lib/dashboard';
import { toCents } from '~/lib/money';
import { rangeInstants, type ReportPeriod } from '~/lib/reports';

export type CartRecoveryReport = {
  /** Distinct carts (customer and cart content) that got at least one reminder. */
  remindedCarts: number;
  emails: number;
  /** Reminders whose "Recuperar meu carrinho" link was used (first use in the period). */
  restored: number;
  recoveredOrders: number;
  recoveredRevenueCents: number;
};

export async function cartRecoveryReport(db: Executor, period: ReportPeriod): Promise<CartRecoveryReport> {
  const { start, end } = rangeInstants(period);
  const [sent, restored, recovered] = await Promise.all([
    db
      .select({
        carts: sql<number>`count(distinct (${cartReminders.userId}, ${cartReminders.cartVersion}))::int`,
        emails: sql<number>`count(*)::int`,
      })
      .from(cartReminders)
      .where(and(gte(cartReminders.sentAt, start), lt(cartReminders.sentAt, end))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(cartReminders)
      .where(and(gte(cartReminders.restoredAt, start), lt(cartReminders.restoredAt, end))),
    // Each recovered order once (several reminders cannot point at one order, but the sum must never double).
    db
      .select({ orders: sql<number>`count(*)::int`, revenue: sql<string>`coalesce(sum(${orders.totalPrice}), 0)::text` })
      .from(orders)
      .where(
        and(
          inArray(orders.status, [...COUNTED_ORDER_STATUSES]),
          gte(orders.createdAt, start),
          lt(orders.createdAt, end),
          inArray(orders.id, db.selectDistinct({ id: cartReminders.recoveredOrderId }).from(cartReminders).where(isNotNull(cartReminders.recoveredOrderId))),
        ),
      ),
  ]);
  return {
    remindedCarts: sent[0]?.carts ?? 0,
    emails: sent[0]?.emails ?? 0,
    restored: restored[0]?.n ?? 0,
    recoveredOrders: recovered[0]?.orders ?? 0,
    recoveredRevenueCents: toCents(recovered[0]?.revenue ?? '0'),
  };
}
