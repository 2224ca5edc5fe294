// The active subscription plan's page content (SPEC §3 subscription_configs).
import { eq } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { subscriptionConfigs } from '~/db/schema';

export type PlanConfig = typeof subscriptionConfigs.$inferSelect;

/** The one active plan, or null when the store has none. */
export async function getActivePlanConfig(db: Executor): Promise<PlanConfig | null> {
  const [config] = await db.select().from(subscriptionConfigs).where(eq(subscriptionConfigs.isActive, true)).limit(1);
  return config ?? null;
}
