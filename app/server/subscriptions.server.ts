// Subscriptions of users (SPEC §3 user_subscriptions). Every customer read or
// write is filtered by the session user's id, so another user's id changes nothing.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { userSubscriptions } from '~/db/schema';
import { addMonths, findPlan, todayInBrazil } from '~/lib/plans';
import type { SubscriptionFrequency } from '~/lib/cart';

/** SPEC §1: a subscriber has at least one subscription that is active or paused. */
export async function isSubscriber(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), inArray(userSubscriptions.status, ['active', 'paused'])))
    .limit(1);
  return rows.length > 0;
}

export type OwnSubscription = {
  id: string;
  frequency: string;
  status: string;
  nextDeliveryDate: string;
  /** numeric(12,2) as text, e.g. '49.90'. */
  totalValue: string;
  /** ISO timestamp. */
  createdAt: string;
};

/** SPEC §7: the user's active subscriptions, newest first. */
export async function listActiveSubscriptions(db: Executor, userId: string): Promise<OwnSubscription[]> {
  const rows = await db
    .select({
      id: userSubscriptions.id,
      frequency: userSubscriptions.frequency,
      status: userSubscriptions.status,
      nextDeliveryDate: userSubscriptions.nextDeliveryDate,
      totalValue: userSubscriptions.totalValue,
      createdAt: userSubscriptions.createdAt,
    })
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.status, 'active')))
    .orderBy(desc(userSubscriptions.createdAt), desc(userSubscriptions.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * SPEC §4 plan change: the user's active subscription gets the plan's frequency and
 * price, and its next date becomes today plus the plan's months. False when the id is
 * not an active subscription of this user (nothing changes).
 */
export async function changeOwnPlan(
  db: Executor,
  userId: string,
  subscriptionId: string,
  frequency: SubscriptionFrequency,
  today: string = todayInBrazil(),
): Promise<boolean> {
  const plan = findPlan(frequency);
  if (!plan) return false;
  const rows = await db
    .update(userSubscriptions)
    .set({ frequency: plan.frequency, totalValue: plan.price, nextDeliveryDate: addMonths(today, plan.months), updatedAt: new Date() })
    .where(and(eq(userSubscriptions.id, subscriptionId), eq(userSubscriptions.userId, userId), eq(userSubscriptions.status, 'active')))
    .returning({ id: userSubscriptions.id });
  return rows.length > 0;
}

/**
 * SPEC §4 active → cancelled: the record is kept and leaves the customer's list.
 * False when the id is not a live subscription of this user (nothing changes).
 */
export async function cancelOwnSubscription(db: Executor, userId: string, subscriptionId: string): Promise<boolean> {
  const rows = await db
    .update(userSubscriptions)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(
      and(
        eq(userSubscriptions.id, subscriptionId),
        eq(userSubscriptions.userId, userId),
        inArray(userSubscriptions.status, ['active', 'paused']),
      ),
    )
    .returning({ id: userSubscriptions.id });
  return rows.length > 0;
}
