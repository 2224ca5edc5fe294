// The wishlist (SPEC §3 user_favorites): one row per user and product.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { userFavorites } from '~/db/schema';
import { isForeignKeyViolation, isUniqueViolation } from '~/db/errors.server';

export async function addFavorite(db: Executor, userId: string, productId: string): Promise<'added' | 'duplicate' | 'not-found'> {
  try {
    await db.insert(userFavorites).values({ userId, productId });
    return 'added';
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    if (isForeignKeyViolation(error)) return 'not-found';
    throw error;
  }
}

/** Removes only the signed-in user's own row; true when something was removed. */
export async function removeFavorite(db: Executor, userId: string, productId: string): Promise<boolean> {
  const removed = await db
    .delete(userFavorites)
    .where(and(eq(userFavorites.userId, userId), eq(userFavorites.productId, productId)))
    .returning({ productId: userFavorites.productId });
  return removed.length > 0;
}

export async function isFavorite(db: Executor, userId: string, productId: string): Promise<boolean> {
  const rows = await db
    .select({ productId: userFavorites.productId })
    .from(userFavorites)
    .where(and(eq(userFavorites.userId, userId), eq(userFavorites.productId, productId)))
    .limit(1);
  return rows.length > 0;
}
