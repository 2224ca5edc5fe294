// Subscriptions of users (SPEC §3 user_subscriptions).
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { userSubscriptions } from '~/db/schema';

/** SPEC §1: a subscriber has at least one subscription that is active or paused. */
export async function isSubscriber(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), inArray(userSubscriptions.status, ['active', 'paused'])))
    .limit(1);
  return rows.length > 0;
}
