// A subscription's periods: the first purchase and every renewal, one row each (unique per
// subscription and date), linked to the order that pays it. The order's payment moves the period:
// paid → the subscription is paid through the period's end (and a plan paused for an unpaid
// renewal is active again, on its old schedule); cancelled → a plan whose first payment never came
// is cancelled with it. Called from orders/transitions.server.ts in the order's own transaction.
import { and, eq, sql } from 'drizzle-orm';
import { columnList, jsonRows } from '~/db/bulk.server';
import type { Executor, Transaction } from '~/db/client.server';
import { orders, subscriptionEvents, subscriptionPeriods, userSubscriptions } from '~/db/schema';
import type { OrderActor } from '~/lib/order-lifecycle';
import { queueSubscriptionEmail } from './emails.server';

type SubscriptionStatus = (typeof userSubscriptions.$inferSelect)['status'];

/** Writes a line of the subscription's history (the admin's view). */
export async function logSubscriptionEvent(
  tx: Executor,
  event: { subscriptionId: string; kind: string; from: SubscriptionStatus | null; to: SubscriptionStatus; actor: OrderActor; actorUserId?: string | null; note?: string | null },
): Promise<void> {
  await tx.insert(subscriptionEvents).values({
    subscriptionId: event.subscriptionId,
    kind: event.kind,
    fromStatus: event.from,
    toStatus: event.to,
    actor: event.actor,
    actorUserId: event.actor === 'system' ? null : (event.actorUserId ?? null),
    note: event.note ?? null,
  });
}

/** `logSubscriptionEvent` for many at once (one INSERT): a renewal batch's history rows. */
export async function logSubscriptionEvents(
  tx: Executor,
  events: readonly { subscriptionId: string; kind: string; from: SubscriptionStatus | null; to: SubscriptionStatus; actor: Extract<OrderActor, 'system'>; note?: string | null }[],
): Promise<void> {
  if (events.length === 0) return;
  const columns = { subscription_id: 'uuid', kind: 'text', from_status: 'text', to_status: 'text', actor: 'text', note: 'text' } as const;
  await tx.execute(sql`
    insert into ${subscriptionEvents} ${columnList(columns)}
    ${jsonRows(
      events.map((event) => ({ subscription_id: event.subscriptionId, kind: event.kind, from_status: event.from, to_status: event.to, actor: event.actor, note: event.note ?? null })),
      columns,
    )}`);
}

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
 */
export async function onOrderPaidIn(tx: Transaction, orderId: string): Promise<'initial' | 'renewal' | null> {
  const [period] = await tx.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.orderId, orderId)).for('update');
  if (!period) return null;
  if (period.status === 'paid') return period.kind;
  await tx.update(subscriptionPeriods).set({ status: 'paid', nextAttemptAt: null, lastError: null }).where(eq(subscriptionPeriods.id, period.id));
  const [sub] = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.id, period.subscriptionId)).for('update');
  if (!sub) return period.kind;
  const paidThrough = sub.paidThrough && sub.paidThrough > period.periodEnd ? sub.paidThrough : period.periodEnd;
  if (sub.status === 'paused' && sub.pausedReason === 'payment_failed') {
    // A late payment of the overdue renewal: active again, on its old schedule.
    await tx
      .update(userSubscriptions)
      .set({ paidThrough, status: 'active', pausedReason: null, pausedAt: null, resumeOn: null, updatedAt: new Date() })
      .where(eq(userSubscriptions.id, sub.id));
    await logSubscriptionEvent(tx, { subscriptionId: sub.id, kind: 'reactivated', from: 'paused', to: 'active', actor: 'system', note: 'Pagamento em atraso recebido' });
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
 * first payment never came is cancelled with it: the purchase did not happen.
 */
export async function onOrderCancelledIn(tx: Transaction, orderId: string, reason: string): Promise<void> {
  const [period] = await tx.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.orderId, orderId)).for('update');
  if (!period || period.status === 'cancelled') return;
  const wasPaid = period.status === 'paid';
  await tx.update(subscriptionPeriods).set({ status: 'cancelled', nextAttemptAt: null }).where(eq(subscriptionPeriods.id, period.id));
  if (wasPaid) return;
  const [sub] = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.id, period.subscriptionId)).for('update');
  if (!sub || sub.status === 'cancelled') return;
  if (period.kind === 'renewal') {
    // An unpaid renewal given up (by the customer or an admin) is an unpaid renewal: no discount
    // until the plan is resumed and paid again; cancelling the order is no way around paying.
    if (sub.status === 'active' || sub.pausedReason === 'customer') {
      await tx.update(userSubscriptions).set({ status: 'paused', pausedReason: 'payment_failed', pausedAt: new Date(), resumeOn: null, updatedAt: new Date() }).where(eq(userSubscriptions.id, sub.id));
      await logSubscriptionEvent(tx, { subscriptionId: sub.id, kind: 'payment_failed', from: sub.status, to: 'paused', actor: 'system', note: `Renovação de ${period.periodDate} cancelada sem pagamento: ${reason}` });
    }
    return;
  }
  if (sub.paidThrough !== null) return;
  await tx.update(userSubscriptions).set({ status: 'cancelled', pausedReason: null, pausedAt: null, resumeOn: null, updatedAt: new Date() }).where(eq(userSubscriptions.id, sub.id));
  await logSubscriptionEvent(tx, { subscriptionId: sub.id, kind: 'cancelled', from: sub.status, to: 'cancelled', actor: 'system', note: `Pedido da assinatura cancelado: ${reason}` });
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
