// Subscriptions of users (SPEC §3 user_subscriptions). Every customer read or
// write is filtered by the session user's id, so another user's id changes nothing;
// the admin functions at the end work on any user (the route checks the role).
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { isUniqueViolation } from '~/db/errors.server';
import { user, userSubscriptions } from '~/db/schema';
import { pageWindow } from '~/lib/pagination';
import { addMonths, findPlan, todayInBrazil } from '~/lib/plans';
import type { SubscriptionFrequency } from '~/lib/cart';
import { getActivePlanConfig, type PlanConfig } from './plan-config.server';

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

// ---------------------------------------------------------------- admin (/admin/subscriptions)

export type AdminSubscription = {
  id: string;
  userName: string;
  userEmail: string;
  frequency: string;
  status: string;
  nextDeliveryDate: string;
  /** numeric(12,2) as text. */
  totalValue: string;
  /** ISO timestamp. */
  createdAt: string;
};

export type SubscriptionPage = { subscriptions: AdminSubscription[]; total: number; page: number; pageCount: number };

/**
 * SPEC §7: every subscription, any status, with the user's name and e-mail,
 * newest first, one page at a time. A page past the end shows the last page.
 */
export async function listAllSubscriptions(db: Executor, { page, pageSize }: { page: number; pageSize: number }): Promise<SubscriptionPage> {
  const [counted] = await db.select({ total: count() }).from(userSubscriptions);
  const total = counted?.total ?? 0;
  const { page: current, pageCount, offset } = pageWindow(total, page, pageSize);
  const rows = await db
    .select({
      id: userSubscriptions.id,
      userName: user.name,
      userEmail: user.email,
      frequency: userSubscriptions.frequency,
      status: userSubscriptions.status,
      nextDeliveryDate: userSubscriptions.nextDeliveryDate,
      totalValue: userSubscriptions.totalValue,
      createdAt: userSubscriptions.createdAt,
    })
    .from(userSubscriptions)
    .innerJoin(user, eq(user.id, userSubscriptions.userId))
    .orderBy(desc(userSubscriptions.createdAt), desc(userSubscriptions.id))
    .limit(pageSize)
    .offset(offset);
  return { subscriptions: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total, page: current, pageCount };
}

/** What an admin-assigned subscription costs: the active plan's price, else the fixed monthly price (SPEC §7, §9). */
export function assignmentPrice(activePlan: Pick<PlanConfig, 'price' | 'isActive'> | null): string {
  return activePlan?.isActive ? activePlan.price : findPlan('monthly')!.price;
}

export type AssignResult =
  | { status: 'assigned'; subscriptionId: string; userName: string }
  | { status: 'user-not-found' }
  | { status: 'already-subscribed' };

/**
 * SPEC §4 creation by an admin: a monthly, active subscription for the user with
 * this e-mail (any case), priced from the active plan, next date one month from
 * today. The one-live index decides, even for two assigns at the same moment:
 * a user with an active or paused subscription gets no second one.
 */
export async function assignSubscriptionByEmail(db: Executor, email: string, today: string = todayInBrazil()): Promise<AssignResult> {
  const [found] = await db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .limit(1);
  if (!found) return { status: 'user-not-found' };
  const plan = findPlan('monthly')!;
  const totalValue = assignmentPrice(await getActivePlanConfig(db));
  try {
    const [row] = await db
      .insert(userSubscriptions)
      .values({ userId: found.id, frequency: plan.frequency, status: 'active', nextDeliveryDate: addMonths(today, plan.months), totalValue })
      .returning({ id: userSubscriptions.id });
    return { status: 'assigned', subscriptionId: row!.id, userName: found.name };
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'already-subscribed' };
    throw error;
  }
}

/** SPEC §4 removal by an admin: the record is deleted, whatever its status. False when there is no such id. */
export async function removeSubscription(db: Executor, subscriptionId: string): Promise<boolean> {
  const rows = await db.delete(userSubscriptions).where(eq(userSubscriptions.id, subscriptionId)).returning({ id: userSubscriptions.id });
  return rows.length > 0;
}
