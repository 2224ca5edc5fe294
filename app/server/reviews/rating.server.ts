// A product's stars (issue 36): `products.rating` and `review_count` are the mean (lib/reviews
// `reviewMean`, one decimal half up) and count of its approved reviews. Kept apart from the rest of
// the reviews area so the seed can use it without the storage and image modules.
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { products, reviews } from '~/db/schema';
import { emptyStarCounts, reviewMean } from '~/lib/reviews';

/**
 * Locks these products' rows (in id order, so two writers never wait on each other crosswise) before
 * their reviews change: every writer of approved reviews does, so each recompute sees the others' work.
 * NO KEY UPDATE, as the rating update itself takes: it does not wait for checkouts, whose order items
 * hold KEY SHARE on the product through their foreign key.
 */
export async function lockProductsForRating(tx: Executor, productIds: readonly string[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('no key update');
}

/**
 * Recomputes these products' rating and count from their approved reviews, in the caller's
 * transaction (after the change, with the product rows locked by a writer that moderates). Writes only
 * the products whose figures differ, so a recompute that changes nothing touches no row.
 */
export async function recomputeProductRatings(tx: Executor, productIds: readonly string[]): Promise<number> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return 0;
  const grouped = await tx
    .select({ productId: reviews.productId, rating: reviews.rating, n: count() })
    .from(reviews)
    .where(and(inArray(reviews.productId, ids), eq(reviews.status, 'approved')))
    .groupBy(reviews.productId, reviews.rating);
  const current = await tx.select({ id: products.id, rating: products.rating, reviewCount: products.reviewCount }).from(products).where(inArray(products.id, ids));
  let changed = 0;
  for (const product of current) {
    const counts = emptyStarCounts();
    for (const row of grouped) if (row.productId === product.id) counts[row.rating as 1 | 2 | 3 | 4 | 5] += Number(row.n);
    const mean = reviewMean(counts);
    // numeric(2,1) reads back as '4.6' (or null): compared as text.
    if (product.rating === mean.rating && product.reviewCount === mean.count) continue;
    await tx.update(products).set({ rating: mean.rating, reviewCount: mean.count }).where(eq(products.id, product.id));
    changed++;
  }
  return changed;
}
