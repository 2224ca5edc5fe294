// The one writer of user_subscriptions.status (issue 30, "one writer per status"): which moves are
// allowed, the conditional UPDATE (from the status the caller read under its row lock) and the
// history row, in the caller's transaction. Pause, resume, cancel (customer, admin, system), an
// unpaid renewal's pause and its payment's reactivation all come through here.
import { and, eq, sql } from 'drizzle-orm';
import { columnList, jsonRows } from '~/db/bulk.server';
import type { Executor, Transaction } from '~/db/client.server';
import { subscriptionEvents, userSubscriptions } from '~/db/schema';
import { now } from '~/lib/clock';
import type { OrderActor } from '~/lib/order-lifecycle';

type Row = typeof userSubscriptions.$inferSelect;
export type SubscriptionStatus = Row['status'];
type PauseReason = NonNullable<Row['pausedReason']>;

/** Allowed moves: a cancelled subscription is final (a new plan is a new subscription). */
export const SUBSCRIPTION_TRANSITIONS: Record<SubscriptionStatus, readonly SubscriptionStatus[]> = {
  active: ['paused', 'cancelled'],
  // paused → paused: a customer's pause becomes a pause for an unpaid renewal.
  paused: ['active', 'paused', 'cancelled'],
  cancelled: [],
};

export class SubscriptionTransitionError extends Error {}

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

export type StatusMove = {
  subscriptionId: string;
  /** The status the caller read under the row lock: the UPDATE applies only from it. */
  from: SubscriptionStatus;
  to: SubscriptionStatus;
  /** Required when `to` is paused. */
  pausedReason?: PauseReason;
  /** A customer's pause ends by itself on this day. */
  resumeOn?: string | null;
  /** Other columns changed with the status (the schedule on a resume, paid_through on a reactivation). */
  with?: Partial<Pick<Row, 'anchorDate' | 'nextDeliveryDate' | 'paidThrough'>>;
  event: { kind: string; actor: OrderActor; actorUserId?: string | null; note?: string | null };
};

/**
 * Moves a subscription's status and writes its history row. False when the row is no longer in
 * `from` (someone else moved it first): nothing written. A move the table does not allow throws.
 */
export async function moveSubscriptionStatus(tx: Transaction, move: StatusMove): Promise<boolean> {
  if (!SUBSCRIPTION_TRANSITIONS[move.from].includes(move.to)) throw new SubscriptionTransitionError(`assinatura: ${move.from} → ${move.to} não é permitido`);
  if (move.to === 'paused' && !move.pausedReason) throw new SubscriptionTransitionError('assinatura: pausa sem motivo');
  const paused = move.to === 'paused';
  const at = now();
  const rows = await tx
    .update(userSubscriptions)
    .set({
      ...move.with,
      status: move.to,
      pausedReason: paused ? move.pausedReason! : null,
      pausedAt: paused ? at : null,
      resumeOn: paused ? (move.resumeOn ?? null) : null,
      updatedAt: at,
    })
    .where(and(eq(userSubscriptions.id, move.subscriptionId), eq(userSubscriptions.status, move.from)))
    .returning({ id: userSubscriptions.id });
  if (rows.length === 0) return false;
  await logSubscriptionEvent(tx, { subscriptionId: move.subscriptionId, from: move.from, to: move.to, ...move.event });
  return true;
}
