// Catalogue reads: products, kits, variants, kit items,
// categories and testimonials. All catalogue SQL lives here.
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { parsedJson } from '~/db/bulk.server';
import type { Executor } from '~/db/client.server';
import { categories, kitItems, productCounts, products, productSearch, productVariants, testimonials, variantPriceTiers } from '~/db/schema';
import { pageWindow } from '~/lib/pagination';
import { sdsUrl, type ProductSafety } from '~/lib/product-safety';
import { containsPattern } from '~/lib/search';
import { isSlug, slugify } from '~/lib/slug';
import { getAvailability, getProductAvailability } from './stock.server';

export const KITS_CATEGORY = 'Kits Prontos';
export const HOME_FEATURED_KITS = 3;

/** What a product card shows. */
export type ProductCard = {
  id: string;
  slug: string;
  name: string;
  description: string;
  price: string;
  basePrice: string | null;
  imageUrl: string | null;
  /** The mean of its approved reviews (reviews area), null without any; `reviewCount` how many. */
  rating: string | null;
  reviewCount: number;
  isKit: boolean;
  phValue: string | null;
  categoryName: string | null;
  /** Units the card can promise ("Esgotado", "Últimas unidades"); null = not tracked. See getProductAvailability. */
  available: number | null;
};

/** The columns of a product card; other modules joining products (wishlist) select the same, then withAvailability. */
export const productCardColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  description: products.description,
  price: products.price,
  basePrice: products.basePrice,
  imageUrl: products.imageUrl,
  rating: products.rating,
  reviewCount: products.reviewCount,
  isKit: products.isKit,
  phValue: products.phValue,
  categoryName: categories.name,
};

type CardRow = Omit<ProductCard, 'available'>;

/** Cards with what each can still sell, in one query per page of cards. */
export async function withAvailability<T extends CardRow>(db: Executor, rows: T[]): Promise<(T & { available: number | null })[]> {
  const available = await getProductAvailability(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, available: available.get(r.id) ?? null }));
}

export type CategoryOption = { id: string; name: string; slug: string };

/** Categories for the product filter, without 'Kits Prontos'. */
export async function listProductCategories(db: Executor): Promise<CategoryOption[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(ne(categories.name, KITS_CATEGORY))
    .orderBy(asc(categories.name));
  return rows.map((c) => ({ ...c, slug: slugify(c.name) }));
}

/**
 * Non-kit products, optionally in one category and whose name contains `term`,
 * ignoring case and accents ('agua sanitaria' finds 'Água Sanitária');
 * '%' and '_' typed by the customer are literal.
 */
export async function searchProducts(db: Executor, filters: ProductFilters): Promise<ProductCard[]> {
  const rows = await db
    .select(productCardColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(productFilter(filters))
    .orderBy(...productListOrder);
  return withAvailability(db, rows);
}

export type ProductFilters = { term?: string; categoryId?: string };

function productFilter(filters: ProductFilters) {
  const conditions = [eq(products.isKit, false)];
  if (filters.categoryId) conditions.push(eq(products.categoryId, filters.categoryId));
  if (filters.term) conditions.push(productNameContains(filters.term));
  return and(...conditions);
}

// id last makes the order total, so a product never shows on two pages or on none;
// products_list_idx / products_category_list_idx follow it, so a page reads only its rows.
const productListOrder = [asc(products.displayOrder), asc(products.name), asc(products.id)];

/**
 * What a non-kit product's card can promise, in the page's own query (one round trip instead of
 * withAvailability's three): its best size, or null (not tracked) when it has no size or any size is
 * not tracked, as getProductAvailability answers for a product. Only for non-kits: a kit's comes
 * from its contents.
 */
const nonKitAvailable = sql<number | null>`(select case when bool_and(v.stock is not null) then max(v.stock) end from ${productVariants} v where v.product_id = ${products.id})`.mapWith(
  (v: unknown) => (v === null ? null : Number(v)),
);

/** Cards on one page of /produtos. */
export const PRODUCTS_PAGE_SIZE = 24;

export type ProductPage = { products: ProductCard[]; total: number; page: number; pageCount: number; pageSize: number };

/**
 * One page of searchProducts with the exact number of matches: the page and the count are two
 * indexed queries on the same filter, side by side; a page past the end shows the last one.
 */
export async function searchProductsPage(
  db: Executor,
  filters: ProductFilters,
  options: { page?: number; pageSize?: number } = {},
): Promise<ProductPage> {
  const pageSize = options.pageSize ?? PRODUCTS_PAGE_SIZE;
  const where = productFilter(filters);
  const pageRows = (offset: number) =>
    db
      .select({ ...productCardColumns, available: nonKitAvailable })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(...productListOrder)
      .limit(pageSize)
      .offset(offset);
  const requested = pageWindow(Number.MAX_SAFE_INTEGER, options.page ?? 1, pageSize);
  const [rows, total] = await Promise.all([pageRows(requested.offset), countProducts(db, filters)]);
  const window = pageWindow(total, requested.page, pageSize);
  // Only an out-of-range page (an old link, a hand-typed number) costs a second read.
  const cards = window.page === requested.page ? rows : await pageRows(window.offset);
  return { products: cards, total, page: window.page, pageCount: window.pageCount, pageSize };
}

/**
 * How many non-kit products match, exactly. Without a search term it is the sum of the counters the
 * database keeps per (category, is_kit) (product_counts, drizzle/0018): constant time at any catalogue
 * size. With a term it counts the matches through the trigram index of product_search, as
 * productNameContains matches them.
 */
export async function countProducts(db: Executor, filters: ProductFilters): Promise<number> {
  if (filters.term) {
    // product_search: the same names, categories and kit flags as products, in narrow rows, so the
    // trigram index's recheck reads a few pages instead of the products' whole rows.
    const [counted] = await db
      .select({ n: count() })
      .from(productSearch)
      .where(
        and(
          eq(productSearch.isKit, false),
          filters.categoryId ? eq(productSearch.categoryId, filters.categoryId) : undefined,
          searchNameContains(productSearch.searchName, filters.term),
        ),
      );
    return counted?.n ?? 0;
  }
  const [counted] = await db
    .select({ n: sql<number>`coalesce(sum(${productCounts.n}), 0)::integer` })
    .from(productCounts)
    .where(and(eq(productCounts.isKit, false), filters.categoryId ? eq(productCounts.categoryId, filters.categoryId) : undefined));
  return Number(counted?.n ?? 0);
}

/**
 * Product name contains `term`, ignoring case and accents, with '%' and '_' literal.
 * On products.search_name (the name unaccented and lower-cased), which products_name_trgm_idx indexes.
 */
export function productNameContains(term: string) {
  return searchNameContains(products.searchName, term);
}

function searchNameContains(column: AnyPgColumn, term: string) {
  return sql`${column} like clarear_unaccent(lower(${containsPattern(term)})) escape '\\'`;
}

/** Featured kits for the home page, by display order. */
export async function listFeaturedKits(db: Executor, limit = HOME_FEATURED_KITS): Promise<ProductCard[]> {
  const rows = await db
    .select(productCardColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.isKit, true), eq(products.isFeatured, true)))
    .orderBy(asc(products.displayOrder), asc(products.name))
    .limit(limit);
  return withAvailability(db, rows);
}

/** What a kit lists of each product in it: the product, and its ANVISA line, risk class and FDS (issue 32). */
export type KitItem = {
  quantity: number;
  productId: string;
  slug: string;
  name: string;
  imageUrl: string | null;
  anvisaKind: ProductSafety['anvisaKind'];
  anvisaNumber: string | null;
  riskClass: number | null;
  sdsUrl: string | null;
};
export type KitWithItems = ProductCard & { items: KitItem[] };

async function itemsOfKits(db: Executor, kitIds: string[]): Promise<Map<string, KitItem[]>> {
  const byKit = new Map<string, KitItem[]>();
  if (kitIds.length === 0) return byKit;
  const rows = await db
    .select({
      kitId: kitItems.kitProductId,
      quantity: kitItems.quantity,
      productId: products.id,
      slug: products.slug,
      name: products.name,
      imageUrl: products.imageUrl,
      anvisaKind: products.anvisaKind,
      anvisaNumber: products.anvisaNumber,
      riskClass: products.riskClass,
      sdsKey: products.sdsKey,
    })
    .from(kitItems)
    .innerJoin(products, eq(products.id, kitItems.includedProductId))
    .where(inArray(kitItems.kitProductId, kitIds))
    .orderBy(asc(products.name));
  for (const { kitId, sdsKey, ...item } of rows) {
    const list = byKit.get(kitId) ?? [];
    list.push({ ...item, sdsUrl: sdsUrl(sdsKey) });
    byKit.set(kitId, list);
  }
  return byKit;
}

/** What each of these products contains, for those that are kits (the admin's order page and packing slip). */
export async function getKitContents(db: Executor, productIds: string[]): Promise<Record<string, KitItem[]>> {
  return Object.fromEntries(await itemsOfKits(db, [...new Set(productIds)]));
}

/** Every kit by display order, with what comes in it. */
export async function listKits(db: Executor): Promise<KitWithItems[]> {
  const kits = await db
    .select(productCardColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.isKit, true))
    .orderBy(asc(products.displayOrder), asc(products.name));
  const [items, cards] = await Promise.all([
    itemsOfKits(
      db,
      kits.map((k) => k.id),
    ),
    withAvailability(db, kits),
  ]);
  return cards.map((k) => ({ ...k, items: items.get(k.id) ?? [] }));
}

/** A size; `available` = units on hand, null when not tracked. */
/** A size's volume price (issue 35): from `minQuantity` units on, each costs `price` ('44.90'). */
export type VariantTier = { minQuantity: number; price: string };

export type Variant = { id: string; size: string; price: string; imageUrl: string | null; available: number | null; tiers?: VariantTier[] };

export type ProductDetail = ProductCard & {
  benefits: string | null;
  dilution: string | null;
  useIndication: string | null;
  howToUse: string | null;
  precautions: string | null;
  composition: string | null;
  activeIngredient: string | null;
  /** ANVISA, risk class, label warnings, first aid, transport and the FDS link (issue 32); a kit's are its items'. */
  safety: ProductSafety;
  /** Sizes by price ascending (non-kits). */
  variants: Variant[];
  /** What comes in the kit (kits). */
  items: KitItem[];
  /** Kits: how many can be sold (the scarcest content); null when not tracked. Products: null, see each size. */
  available: number | null;
};

/** One product or kit by its slug, with its sizes or kit contents; null when there is none. */
export async function getProductDetail(db: Executor, slug: string): Promise<ProductDetail | null> {
  if (!isSlug(slug)) return null;
  const [row] = await db
    .select({
      ...productCardColumns,
      benefits: products.benefits,
      dilution: products.dilution,
      useIndication: products.useIndication,
      howToUse: products.howToUse,
      precautions: products.precautions,
      composition: products.composition,
      activeIngredient: products.activeIngredient,
      anvisaKind: products.anvisaKind,
      anvisaNumber: products.anvisaNumber,
      riskClass: products.riskClass,
      safetyWarnings: products.safetyWarnings,
      firstAid: products.firstAid,
      unNumber: products.unNumber,
      hazardClass: products.hazardClass,
      sdsKey: products.sdsKey,
      // The sizes come in the same statement (one round trip less per product page and JSON):
      // price as text, as the numeric column reads elsewhere ('49.90'); none for a kit.
      variants: sql<Variant[]>`case when ${products.isKit} then '[]'::json else (
        select coalesce(json_agg(json_build_object('id', v.id, 'size', v.size, 'price', v.price::text, 'imageUrl', v.image_url, 'available', v.stock,
          'tiers', (select coalesce(json_agg(json_build_object('minQuantity', t.min_quantity, 'price', t.price::text) order by t.min_quantity), '[]'::json)
            from ${variantPriceTiers} t where t.variant_id = v.id))
          order by v.price asc, v.size asc), '[]'::json)
        from ${productVariants} v where v.product_id = ${products.id}) end`.mapWith(parsedJson<Variant[]>),
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.slug, slug))
    .limit(1);
  if (!row) return null;
  const { anvisaKind, anvisaNumber, riskClass, safetyWarnings, firstAid, unNumber, hazardClass, sdsKey, ...product } = row;
  const [items, available] = product.isKit
    ? await Promise.all([itemsOfKits(db, [product.id]).then((m) => m.get(product.id) ?? []), getAvailability(db, [product.id]).then((m) => m.get(product.id) ?? null)])
    : [[], null];
  const safety: ProductSafety = { anvisaKind, anvisaNumber, riskClass, safetyWarnings, firstAid, unNumber, hazardClass, sdsUrl: sdsUrl(sdsKey) };
  return { ...product, safety, items, available };
}

export type Testimonial = { id: string; name: string; role: string; content: string; imageUrl: string | null };

export async function listTestimonials(db: Executor): Promise<Testimonial[]> {
  return db
    .select({ id: testimonials.id, name: testimonials.name, role: testimonials.role, content: testimonials.content, imageUrl: testimonials.imageUrl })
    .from(testimonials)
    .orderBy(asc(testimonials.displayOrder), asc(testimonials.name));
}
