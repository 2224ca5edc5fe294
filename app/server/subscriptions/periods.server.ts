// A subscription's periods: the first purchase and every renewal, one row each (unique per
// subscription and date), linked to the order that pays it. The order's payment moves the period:
// paid → the subscription is paid through the period's end (and a plan paused for an unpaid
// renewal is active again, on its old schedule); cancelled → a plan whose first payment never came
// is cancelled with it. Called from orders/transitions.server.ts in the order's own transaction.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '~/db/client.server';
import { orders, planChanges, subscriptionPeriods, userSubscriptions } from '~/db/schema';
import { now } from '~/lib/clock';
import { centsToDecimal, toCents } from '~/lib/money';
import type { OrderActor } from '~/lib/order-lifecycle';
import type { PaidPeriod } from '~/lib/plan-change';
import { addMonths, findPlan, todayInBrazil } from '~/lib/plans';
import { queueSubscriptionEmail } from './emails.server';
import { logSubscriptionEvent, moveSubscriptionStatus } from './transitions.server';

// The history writers live with the one status writer; re-exported for the callers that log here.
export { logSubscriptionEvent, logSubscriptionEvents } from './transitions.server';

/** The checkout's plan purchase: its first period, paid now (a card) or when its order is. */
export async function startSubscriptionPeriod(tx: Transaction, input: { subscriptionId: string; orderId: string; today: string; paid: boolean }): Promise<void> {
  const [sub] = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.id, input.subscriptionId));
  if (!sub) throw new Error('assinatura não encontrada');
  await tx.insert(subscriptionPeriods).values({
    subscriptionId: sub.id,
    periodDate: input.today,
    periodEnd: sub.nextDeliveryDate,
    kind: 'initial',
    amount: sub.totalValue,
    orderId: input.orderId,
    status: input.paid ? 'paid' : 'awaiting',
    attempts: 1,
  });
  if (input.paid) await tx.update(userSubscriptions).set({ paidThrough: sub.nextDeliveryDate }).where(eq(userSubscriptions.id, sub.id));
  await logSubscriptionEvent(tx, {
    subscriptionId: sub.id,
    kind: 'created',
    from: null,
    to: 'active',
    actor: 'customer',
    actorUserId: sub.userId,
    note: input.paid ? 'Assinatura comprada e paga' : 'Assinatura comprada; aguardando pagamento',
  });
}

/**
 * The order of a period was paid (any way: card, admin, gateway, the customer paying late).
 * Returns the period's kind (a renewal's customer hears from here, not from the order's e-mail).
 * An order of a plan change (no period) applies the change: the new plan starts on the day it is paid.
 */
export async function onOrderPaidIn(tx: Transaction, orderId: string): Promise<'initial' | 'renewal' | null> {
  const [period] = await tx.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.orderId, orderId)).for('update');
  if (!period) {
    await applyPaidPlanChangeIn(tx, orderId);
    return null;
  }
  if (period.status === 'paid') return period.kind;
  await tx.update(subscriptionPeriods).set({ status: 'paid', nextAttemptAt: null, lastError: null }).where(eq(subscriptionPeriods.id, period.id));
  const [sub] = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.id, period.subscriptionId)).for('update');
  if (!sub) return period.kind;
  const paidThrough = sub.paidThrough && sub.paidThrough > period.periodEnd ? sub.paidThrough : period.periodEnd;
  if (sub.status === 'paused' && sub.pausedReason === 'payment_failed') {
    // A late payment of the overdue renewal: active again, on its old schedule.
    await moveSubscriptionStatus(tx, { subscriptionId: sub.id, from: 'paused', to: 'active', with: { paidThrough }, event: { kind: 'reactivated', actor: 'system', note: 'Pagamento em atraso recebido' } });
    await queueSubscriptionEmail(tx, sub.userId, { kind: 'plan-reactivated', orderId, next: sub.nextDeliveryDate }, `sub:${sub.id}:reactivated:${period.periodDate}`);
    return period.kind;
  }
  await tx.update(userSubscriptions).set({ paidThrough }).where(eq(userSubscriptions.id, sub.id));
  if (period.kind === 'renewal') {
    await logSubscriptionEvent(tx, { subscriptionId: sub.id, kind: 'renewal_paid', from: sub.status, to: sub.status, actor: 'system', note: `Renovação de ${period.periodDate} paga` });
    await queueSubscriptionEmail(tx, sub.userId, { kind: 'plan-renewed', orderId, amount: period.amount, next: sub.nextDeliveryDate }, `sub:${sub.id}:renewed:${period.periodDate}`);
  }
  return period.kind;
}

/**
 * The order of a period was cancelled (expired, the customer's or an admin's cancel). A plan whose
 * first payment never came is cancelled with it: the purchase did not happen. The credit a renewal
 * used is given back; a plan change waiting for this order is dropped (the current plan stays).
 */
export async function onOrderCancelledIn(tx: Transaction, orderId: string, reason: string): Promise<void> {
  const [period] = await tx.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.orderId, orderId)).for('update');
  if (!period) {
    await tx.update(planChanges).set({ status: 'cancelled', updatedAt: now() }).where(and(eq(planChanges.orderId, orderId), eq(planChanges.status, 'awaiting')));
    return;
  }
  if (period.status === 'cancelled') return;
  const wasPaid = period.status === 'paid';
  await tx.update(subscriptionPeriods).set({ status: 'cancelled', nextAttemptAt: null }).where(eq(subscriptionPeriods.id, period.id));
  if (wasPaid) return;
  if (toCents(period.creditUsed) > 0) {
    await tx.update(userSubscriptions).set({ credit: sql`${userSubscriptions.credit} + ${period.creditUsed}` }).where(eq(userSubscriptions.id, period.subscriptionId));
  }
  const [sub] = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.id, period.subscriptionId)).for('update');
  if (!sub || sub.status === 'cancelled') return;
  if (period.kind === 'renewal') {
    // An unpaid renewal given up (by the customer or an admin) is an unpaid renewal: no discount
    // until the plan is resumed and paid again; cancelling the order is no way around paying.
    if (sub.status === 'active' || sub.pausedReason === 'customer') {
      await moveSubscriptionStatus(tx, {
        subscriptionId: sub.id,
        from: sub.status,
        to: 'paused',
        pausedReason: 'payment_failed',
        event: { kind: 'payment_failed', actor: 'system', note: `Renovação de ${period.periodDate} cancelada sem pagamento: ${reason}` },
      });
    }
    return;
  }
  if (sub.paidThrough !== null) return;
  await moveSubscriptionStatus(tx, { subscriptionId: sub.id, from: sub.status, to: 'cancelled', event: { kind: 'cancelled', actor: 'system', note: `Pedido da assinatura cancelado: ${reason}` } });
}

// ---------------------------------------------------------------- plan change and credit (issue 30)

type PlanChange = typeof planChanges.$inferSelect;

/** The paid period a plan change gives credit for: the current one, ending at paid_through, at the plan's price; none if never paid. */
export async function currentPaidPeriod(tx: Executor, sub: typeof userSubscriptions.$inferSelect): Promise<PaidPeriod | null> {
  if (!sub.paidThrough) return null;
  // A plan the admin gave (never paid: no paid period or change) gives no credit.
  const [paid] = await tx
    .select({ id: subscriptionPeriods.id })
    .from(subscriptionPeriods)
    .where(and(eq(subscriptionPeriods.subscriptionId, sub.id), eq(subscriptionPeriods.status, 'paid')))
    .union(tx.select({ id: planChanges.id }).from(planChanges).where(and(eq(planChanges.subscriptionId, sub.id), eq(planChanges.status, 'applied'))))
    .limit(1);
  if (!paid) return null;
  const months = findPlan(sub.frequency)?.months ?? 1;
  return { paidCents: toCents(sub.totalValue), start: addMonths(sub.paidThrough, -months), end: sub.paidThrough };
}

/**
 * Applies a plan change (paid, or covered by credit): the new plan, its price, a new schedule from
 * `today` (its first period paid: paid_through = today + the plan's months) and the credit left.
 */
export async function applyPlanChangeIn(tx: Transaction, change: PlanChange, today: string, actor: { kind: OrderActor; userId?: string | null }): Promise<boolean> {
  const [sub] = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.id, change.subscriptionId)).for('update');
  const plan = findPlan(change.toFrequency);
  if (!sub || !plan || (sub.status !== 'active' && sub.status !== 'paused')) {
    await tx.update(planChanges).set({ status: 'cancelled', updatedAt: now() }).where(eq(planChanges.id, change.id));
    return false;
  }
  const next = addMonths(today, plan.months);
  await tx
    .update(userSubscriptions)
    .set({ frequency: plan.frequency, totalValue: change.price, anchorDate: today, nextDeliveryDate: next, paidThrough: next, credit: change.creditAfter, updatedAt: now() })
    .where(eq(userSubscriptions.id, sub.id));
  await tx.update(planChanges).set({ status: 'applied', updatedAt: now() }).where(eq(planChanges.id, change.id));
  await logSubscriptionEvent(tx, {
    subscriptionId: sub.id,
    kind: 'plan_changed',
    from: sub.status,
    to: sub.status,
    actor: actor.kind,
    actorUserId: actor.userId ?? null,
    note: `${plan.name}, ${change.price}; crédito usado ${change.credit}, cobrado ${change.amount}, crédito restante ${change.creditAfter}`,
  });
  return true;
}

/** A plan change's order was paid: the change applies from today. */
async function applyPaidPlanChangeIn(tx: Transaction, orderId: string): Promise<void> {
  const [change] = await tx.select().from(planChanges).where(eq(planChanges.orderId, orderId)).for('update');
  if (!change || change.status !== 'awaiting') return;
  await applyPlanChangeIn(tx, change, todayInBrazil(), { kind: 'system' });
}

/**
 * A renewal's charge after the subscription's credit: the credit pays first (taken now, under the
 * subscription's row lock the renewal holds; given back if its order is cancelled unpaid).
 */
export async function takeRenewalCreditIn(tx: Transaction, sub: { id: string; credit: string }, amountCents: number): Promise<{ chargeCents: number; creditUsedCents: number }> {
  const creditUsedCents = Math.min(Math.max(0, toCents(sub.credit)), amountCents);
  if (creditUsedCents > 0) {
    await tx.update(userSubscriptions).set({ credit: sql`${userSubscriptions.credit} - ${centsToDecimal(creditUsedCents)}` }).where(eq(userSubscriptions.id, sub.id));
  }
  return { chargeCents: amountCents - creditUsedCents, creditUsedCents };
}

/** A renewal the credit paid whole: no order, no charge; the period is paid and the date moves. */
export async function renewWithCreditIn(tx: Transaction, sub: { id: string; userId: string | null; paidThrough: string | null }, periodDate: string, periodEnd: string, amount: string): Promise<void> {
  const paidThrough = sub.paidThrough && sub.paidThrough > periodEnd ? sub.paidThrough : periodEnd;
  await tx.update(userSubscriptions).set({ nextDeliveryDate: periodEnd, paidThrough, updatedAt: now() }).where(eq(userSubscriptions.id, sub.id));
  await logSubscriptionEvent(tx, { subscriptionId: sub.id, kind: 'renewed', from: 'active', to: 'active', actor: 'system', note: `Renovação de ${periodDate} paga com crédito (${amount})` });
}

/** The period being paid now, if any (awaiting or overdue), with its order. */
export async function openPeriodOf(db: Executor, subscriptionId: string) {
  const [row] = await db
    .select({ id: subscriptionPeriods.id, periodDate: subscriptionPeriods.periodDate, status: subscriptionPeriods.status, orderId: subscriptionPeriods.orderId, amount: subscriptionPeriods.amount })
    .from(subscriptionPeriods)
    .innerJoin(orders, eq(orders.id, subscriptionPeriods.orderId))
    .where(and(eq(subscriptionPeriods.subscriptionId, subscriptionId), sql`${subscriptionPeriods.status} in ('awaiting', 'overdue')`, eq(orders.status, 'pending')))
    .limit(1);
  return row ?? null;
}
