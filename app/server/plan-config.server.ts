// The subscription plan's page content (SPEC §3 subscription_configs): the
// storefront reads the active one, the admin edits it.
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { isUniqueViolation } from '~/db/errors.server';
import { subscriptionConfigs } from '~/db/schema';

export type PlanConfig = typeof subscriptionConfigs.$inferSelect;

/** The one active plan, or null when the store has none. */
export async function getActivePlanConfig(db: Executor): Promise<PlanConfig | null> {
  const [config] = await db.select().from(subscriptionConfigs).where(eq(subscriptionConfigs.isActive, true)).limit(1);
  return config ?? null;
}

/**
 * The plan the admin edits: the active one; with none active, the most recently
 * updated (so a plan switched off can be switched on again); null when the table is empty.
 */
export async function getEditablePlanConfig(db: Executor): Promise<PlanConfig | null> {
  const [config] = await db
    .select()
    .from(subscriptionConfigs)
    .orderBy(desc(subscriptionConfigs.isActive), desc(subscriptionConfigs.updatedAt), desc(subscriptionConfigs.id))
    .limit(1);
  return config ?? null;
}

export type PlanConfigUpdate = Pick<PlanConfig, 'planName' | 'price' | 'headline' | 'description' | 'imageUrl' | 'isActive' | 'benefits'> & {
  steps: PlanConfig['howItWorksSteps'];
};

export type PlanUpdateResult = 'updated' | 'not-found' | 'conflict';

/**
 * SPEC §7 subscription_configs update by id. Switching this plan on switches any
 * other off in the same transaction, so the store keeps exactly one active plan;
 * 'conflict' when another admin activated a different plan at the same moment.
 */
export async function updatePlanConfig(db: Executor, id: string, input: PlanConfigUpdate): Promise<PlanUpdateResult> {
  try {
    return await db.transaction(async (tx): Promise<PlanUpdateResult> => {
      const [target] = await tx.select({ id: subscriptionConfigs.id }).from(subscriptionConfigs).where(eq(subscriptionConfigs.id, id)).for('update');
      if (!target) return 'not-found';
      if (input.isActive) {
        await tx
          .update(subscriptionConfigs)
          .set({ isActive: false })
          .where(and(eq(subscriptionConfigs.isActive, true), ne(subscriptionConfigs.id, id)));
      }
      await tx
        .update(subscriptionConfigs)
        .set({
          planName: input.planName,
          price: input.price,
          headline: input.headline,
          description: input.description,
          imageUrl: input.imageUrl,
          isActive: input.isActive,
          benefits: input.benefits,
          howItWorksSteps: input.steps,
          updatedAt: new Date(),
        })
        .where(eq(subscriptionConfigs.id, id));
      return 'updated';
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'conflict';
    throw error;
  }
}
