// The product feeds' read (issue 36, lib/product-feed.ts): every product with its sizes in one
// statement, and the kits' availability in a second (the cards' rule, stock.server).
import { asc, eq, sql } from 'drizzle-orm';
import { parsedJson } from '~/db/bulk.server';
import type { Executor } from '~/db/client.server';
import { categories, products, productVariants } from '~/db/schema';
import { feedItems, type FeedItem, type FeedProduct, type FeedSize } from '~/lib/product-feed';
import { getPublicSettings } from '~/server/settings/settings.server';
import { getProductAvailability } from './stock.server';

/**
 * The whole catalogue as the feeds list it, in the storefront's order. Every product is for sale
 * (the catalogue has no inactive state); a product without sizes yields no item (lib/product-feed).
 */
export async function listFeedProducts(db: Executor): Promise<FeedProduct[]> {
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      description: products.description,
      imageUrl: products.imageUrl,
      categoryName: categories.name,
      isKit: products.isKit,
      price: products.price,
      gtin: products.gtin,
      // Price as text, as the numeric column reads elsewhere ('49.90'); none for a kit.
      sizes: sql<FeedSize[]>`case when ${products.isKit} then '[]'::json else (
        select coalesce(json_agg(json_build_object('id', v.id, 'size', v.size, 'price', v.price::text, 'imageUrl', v.image_url, 'stock', v.stock, 'gtin', v.gtin)
          order by v.price asc, v.size asc), '[]'::json)
        from ${productVariants} v where v.product_id = ${products.id}) end`.mapWith(parsedJson<FeedSize[]>),
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(asc(products.isKit), asc(products.displayOrder), asc(products.name), asc(products.id));
  const kitIds = rows.filter((r) => r.isKit).map((r) => r.id);
  const available = await getProductAvailability(db, kitIds);
  return rows.map((r) => ({ ...r, available: r.isKit ? (available.get(r.id) ?? null) : null }));
}

/** The store's trade name (Configurações → dados do vendedor) as the feeds' brand; 'Clarear' until it is filled in. */
export const DEFAULT_BRAND = 'Clarear';

/** Every item of both feeds under the public `origin`, and the brand they carry. */
export async function loadFeedItems(db: Executor, origin: string): Promise<{ items: FeedItem[]; brand: string }> {
  const [rows, settings] = await Promise.all([listFeedProducts(db), getPublicSettings(db)]);
  const brand = settings.seller.tradeName.trim() || DEFAULT_BRAND;
  return { items: rows.flatMap((p) => feedItems(p, { origin, brand })), brand };
}
