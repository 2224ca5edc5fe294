// The subscription plan (subscription_configs) and its three options' prices
// (plan_options): the one source that /assinatura, the checkout, admin assignments and the
// customer's plan change read. The storefront reads the active plan, the admin edits it.
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { isUniqueViolation } from '~/db/errors.server';
import { planOptions, subscriptionConfigs } from '~/db/schema';
import { now } from '~/lib/clock';
import { PLANS, type PlanOption, type SubscriptionFrequency } from '~/lib/plans';

export type PlanConfig = typeof subscriptionConfigs.$inferSelect;

/** The three options with today's prices, in PLANS' order (monthly, semiannual, annual). */
export async function listPlanOptions(db: Executor): Promise<PlanOption[]> {
  const rows = await db.select({ frequency: planOptions.frequency, price: planOptions.price, highlight: planOptions.highlight }).from(planOptions);
  const byFrequency = new Map(rows.map((r) => [r.frequency, r]));
  return PLANS.flatMap((plan) => {
    const row = byFrequency.get(plan.frequency);
    return row ? [{ ...plan, price: row.price, highlight: row.highlight }] : [];
  });
}

/** One option with today's price; null for an unknown frequency. */
export async function findPlanOption(db: Executor, frequency: unknown): Promise<PlanOption | null> {
  return (await listPlanOptions(db)).find((o) => o.frequency === frequency) ?? null;
}

export type PlanOptionUpdate = { frequency: SubscriptionFrequency; price: string; highlight: string | null };

/** The admin's new prices and highlights (the caller's transaction). Existing subscriptions keep theirs. */
export async function updatePlanOptions(db: Executor, options: readonly PlanOptionUpdate[]): Promise<void> {
  for (const option of options) {
    await db
      .insert(planOptions)
      .values({ frequency: option.frequency, price: option.price, highlight: option.highlight })
      .onConflictDoUpdate({ target: planOptions.frequency, set: { price: option.price, highlight: option.highlight, updatedAt: now() } });
  }
}

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

export type PlanConfigUpdate = Pick<PlanConfig, 'planName' | 'headline' | 'description' | 'imageUrl' | 'isActive' | 'benefits'> & {
  steps: PlanConfig['howItWorksSteps'];
  /** The three options' prices and highlights (plan_options), saved with the plan. */
  options: readonly PlanOptionUpdate[];
};

export type PlanUpdateResult = 'updated' | 'not-found' | 'conflict';

/**
 * Saves the plan editor (subscription_configs, by id). Switching this plan on switches any
 * other off in the same transaction, so the store keeps exactly one active plan;
 * the options' prices are written in that transaction too (all or nothing).
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
          headline: input.headline,
          description: input.description,
          imageUrl: input.imageUrl,
          isActive: input.isActive,
          benefits: input.benefits,
          howItWorksSteps: input.steps,
          updatedAt: now(),
        })
        .where(eq(subscriptionConfigs.id, id));
      await updatePlanOptions(tx, input.options);
      return 'updated';
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'conflict';
    throw error;
  }
}
