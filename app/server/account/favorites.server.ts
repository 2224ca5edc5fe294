// The wishlist (user_favorites): one row per user and product.
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { categories, products, userFavorites } from '~/db/schema';
import { isForeignKeyViolation, isUniqueViolation } from '~/db/errors.server';
import { productCardColumns, withAvailability, type ProductCard } from '../catalog/catalog.server';

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

/** The user's wishlist, newest first, each with the product as a card. */
export async function listFavorites(db: Executor, userId: string): Promise<ProductCard[]> {
  const rows = await db
    .select(productCardColumns)
    .from(userFavorites)
    .innerJoin(products, eq(products.id, userFavorites.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(userFavorites.userId, userId))
    .orderBy(desc(userFavorites.createdAt), asc(products.name));
  return withAvailability(db, rows);
}
