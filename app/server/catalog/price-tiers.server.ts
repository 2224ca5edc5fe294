// Volume prices of sizes (issue 35): read many sizes' tiers in one query (checkout, programmed
// deliveries), and replace one size's tiers (the admin product form, inside its transaction).
// The rule itself (which tier applies, what the form accepts) is lib/volume-price.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { variantPriceTiers } from '~/db/schema';
import { centsToDecimal, toCents } from '~/lib/money';
import type { PriceTier } from '~/lib/volume-price';

/** The tiers of each size asked for, from the fewest units up; a size without tiers is absent. */
export async function tiersOfVariants(db: Executor, variantIds: readonly string[]): Promise<Map<string, PriceTier[]>> {
  const out = new Map<string, PriceTier[]>();
  if (variantIds.length === 0) return out;
  const rows = await db
    .select({ variantId: variantPriceTiers.variantId, minQuantity: variantPriceTiers.minQuantity, price: variantPriceTiers.price })
    .from(variantPriceTiers)
    .where(inArray(variantPriceTiers.variantId, [...new Set(variantIds)]))
    .orderBy(asc(variantPriceTiers.variantId), asc(variantPriceTiers.minQuantity));
  for (const row of rows) {
    const list = out.get(row.variantId) ?? [];
    list.push({ minQuantity: row.minQuantity, priceCents: toCents(row.price) });
    out.set(row.variantId, list);
  }
  return out;
}

/**
 * Replaces a size's tiers with `tiers` (already validated by lib/volume-price tierProblems). Call it
 * inside the caller's transaction: a failure leaves the old tiers in place.
 */
export async function replaceVariantTiers(tx: Executor, variantId: string, tiers: readonly PriceTier[]): Promise<void> {
  await tx.delete(variantPriceTiers).where(eq(variantPriceTiers.variantId, variantId));
  if (tiers.length === 0) return;
  await tx.insert(variantPriceTiers).values(tiers.map((t) => ({ variantId, minQuantity: t.minQuantity, price: centsToDecimal(t.priceCents) })));
}

/** A size's tiers replaced on their own, in one transaction (nothing half-written). */
export async function saveVariantTiers(db: Executor, variantId: string, tiers: readonly PriceTier[]): Promise<void> {
  await db.transaction((tx) => replaceVariantTiers(tx, variantId, tiers));
}
