// The admin's product catalogue (/admin/products): list and search, one product with its sizes and kit contents, save
// everything in one transaction, delete. Every caller is an admin route that
// has already checked the role.
import { and, asc, count, eq, inArray, like, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { forgetFreightRules } from '../shipping/rules.server';
import type { Executor } from '~/db/client.server';
import { isForeignKeyViolation, isUniqueViolation } from '~/db/errors.server';
import { categories, kitItems, productCounts, products, productVariants } from '~/db/schema';
import type { PackageData } from '~/lib/freight';
import { NO_PACKAGE } from '~/lib/package';
import { gtinToStore, type ProductFormInput } from '~/lib/schemas/admin-product';
import { centsToDecimal, toCents } from '~/lib/money';
import { replaceVariantTiers, tiersOfVariants } from './price-tiers.server';
import { pageWindow } from '~/lib/pagination';
import { slugify } from '~/lib/slug';
import { productNameContains } from './catalog.server';
import { deleteSafetySheetFile } from './safety-sheets.server';
import { LOW_STOCK_THRESHOLD } from '~/lib/stock';
import { notifyRestocked } from '../stock-alerts/alerts.server';

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;

export type AdminProductRow = {
  id: string;
  slug: string;
  name: string;
  price: string;
  basePrice: string | null;
  isKit: boolean;
  categoryName: string | null;
  /** Units over the tracked sizes; null when no size is tracked. */
  stockTotal: number | null;
  /** The scarcest tracked size. */
  stockMin: number | null;
  /** A size without its package, or a kit whose package is neither informed nor computable: no paid freight. */
  missingPackage: boolean;
  /** Without NCM and origem, or a size (a kit: the kit itself) without GTIN and unit: no NF-e yet (issue 34). */
  missingFiscal: boolean;
};

export type AdminProductPage = { rows: AdminProductRow[]; total: number; page: number; pageCount: number };

/** The admin list's stock filter: a size under the "últimas unidades" threshold, or a size at 0. */
export type StockFilter = 'baixo' | 'esgotado';

/** A package column set not fully informed (the app writes all four or none). */
const packageMissing = (alias: string) =>
  sql.raw(`(${alias}.weight_grams is null or ${alias}.length_cm is null or ${alias}.width_cm is null or ${alias}.height_cm is null)`);

/**
 * The product (the row of `products` in the outer query) cannot be weighed for freight: a size of it
 * lacks its package, or it is a kit without its own package whose contents do not give one (no
 * contents, or an included product whose cheapest size, the one kits are made of, lacks it or has
 * no size at all). lib/package kitPackage's rule; each probe is an index lookup per product.
 */
const missingPackage = sql<boolean>`(exists (select 1 from ${productVariants} pv where pv.product_id = ${products.id} and ${packageMissing('pv')})
  or (${products.isKit} and (${products.weightGrams} is null or ${products.lengthCm} is null or ${products.widthCm} is null or ${products.heightCm} is null) and (
    not exists (select 1 from ${kitItems} ki where ki.kit_product_id = ${products.id})
    or exists (select 1 from ${kitItems} ki where ki.kit_product_id = ${products.id} and not coalesce((
      select not ${packageMissing('cv')} from ${productVariants} cv where cv.product_id = ki.included_product_id order by cv.price asc, cv.size asc limit 1
    ), false)))))`;

/**
 * The product cannot be invoiced yet (issue 34): it lacks its NCM or origem, or a size of it lacks
 * its GTIN (or 'SEM GTIN') or commercial unit; a kit carries its own GTIN and unit.
 */
const missingFiscal = sql<boolean>`(${products.ncm} is null or ${products.fiscalOrigin} is null
  or (${products.isKit} and (${products.gtin} is null or ${products.commercialUnit} is null))
  or (not ${products.isKit} and exists (select 1 from ${productVariants} fv where fv.product_id = ${products.id} and (fv.gtin is null or fv.commercial_unit is null))))`;

/** Id, name, price, kit flag and category name, optionally those whose name contains the term, ordered by name; paginated. */
export async function listAdminProducts(
  db: Executor,
  filters: { term?: string; page?: number; stock?: StockFilter; missingPackage?: boolean; missingFiscal?: boolean },
): Promise<AdminProductPage> {
  const stockWhere =
    filters.stock === 'esgotado'
      ? sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and v.stock = 0)`
      : filters.stock === 'baixo'
        ? sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and v.stock < ${LOW_STOCK_THRESHOLD})`
        : undefined;
  const where = and(filters.term ? productNameContains(filters.term) : undefined, stockWhere,
    filters.missingPackage ? missingPackage : undefined,
    filters.missingFiscal ? missingFiscal : undefined,
  );
  // Unfiltered, the count is the counters' sum (product_counts: kits and the rest), not a scan of every product.
  const [{ total } = { total: 0 }] = where
    ? await db.select({ total: count() }).from(products).where(where)
    : await db.select({ total: sql<number>`coalesce(sum(${productCounts.n}), 0)::integer`.mapWith(Number) }).from(productCounts);
  const { page, pageCount, offset } = pageWindow(total, filters.page ?? 1, ADMIN_PRODUCTS_PAGE_SIZE);
  // The page's ids first (on the name index), then its category and stock: a deep page would
  // otherwise sum the stock of every product it skips.
  const pageIds = db.select({ id: products.id }).from(products).where(where).orderBy(asc(products.name), asc(products.id)).limit(ADMIN_PRODUCTS_PAGE_SIZE).offset(offset).as('page_ids');
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      price: products.price,
      basePrice: products.basePrice,
      isKit: products.isKit,
      categoryName: categories.name,
      // Units over the tracked sizes (null: none tracked), and the scarcest size.
      stockTotal: sql<number | null>`(select sum(v.stock)::int from ${productVariants} v where v.product_id = ${products.id})`,
      stockMin: sql<number | null>`(select min(v.stock)::int from ${productVariants} v where v.product_id = ${products.id})`,
      missingPackage: sql<boolean>`${missingPackage}`.mapWith(Boolean),
      missingFiscal: sql<boolean>`${missingFiscal}`.mapWith(Boolean),
    })
    .from(pageIds)
    .innerJoin(products, eq(products.id, pageIds.id))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(asc(products.name), asc(products.id));
  return { rows, total, page, pageCount };
}

/** A size's (or a kit's) GTIN ('SEM GTIN' when it has none) and commercial unit, for the NF-e. */
export type FiscalUnitData = { gtin: string | null; commercialUnit: (typeof productVariants.$inferSelect)['commercialUnit'] };

export type EditableProduct = typeof products.$inferSelect & {
  /** The saved state the form starts from (updated_at in microseconds); a save from an older one is refused. */
  version: string;
  variants: ({ id: string; size: string; price: string; imageUrl: string | null; stock: number | null; tiers: { minQuantity: number; price: string }[] } & PackageData & FiscalUnitData)[];
  kitItems: { productId: string; quantity: number }[];
};

/** One product with its sizes (by price) and kit contents; null when the id does not exist. */
export async function getEditableProduct(db: Executor, id: string): Promise<EditableProduct | null> {
  const [row] = await db.select({ product: products, version: productVersion }).from(products).where(eq(products.id, id)).limit(1);
  if (!row) return null;
  const { product, version } = row;
  const [variants, items] = await Promise.all([
    db
      .select({
        id: productVariants.id,
        size: productVariants.size,
        price: productVariants.price,
        imageUrl: productVariants.imageUrl,
        stock: productVariants.stock,
        ...packageOf(productVariants),
        gtin: productVariants.gtin,
        commercialUnit: productVariants.commercialUnit,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.price), asc(productVariants.size)),
    db
      .select({ productId: kitItems.includedProductId, quantity: kitItems.quantity })
      .from(kitItems)
      .innerJoin(products, eq(products.id, kitItems.includedProductId))
      .where(eq(kitItems.kitProductId, id))
      .orderBy(asc(products.name)),
  ]);
  const tiers = await tiersOfVariants(db, variants.map((v) => v.id));
  return {
    ...product,
    version,
    variants: variants.map((v) => ({ ...v, tiers: (tiers.get(v.id) ?? []).map((t) => ({ minQuantity: t.minQuantity, price: centsToDecimal(t.priceCents) })) })),
    kitItems: items,
  };
}

// Microseconds, as PostgreSQL keeps them: a JavaScript Date (milliseconds) could not tell two saves apart.
const productVersion = sql<string>`(extract(epoch from ${products.updatedAt}) * 1000000)::bigint::text`;

export type Option = { id: string; name: string };

/** The package columns of a size or a kit, for a select. */
const packageOf = (t: typeof productVariants | typeof products) => ({ weightGrams: t.weightGrams, lengthCm: t.lengthCm, widthCm: t.widthCm, heightCm: t.heightCm });

/** Every category, for the product form's select (the admin also sees 'Kits Prontos'). */
export async function listCategoryOptions(db: Executor): Promise<Option[]> {
  return db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name));
}

/** A product a kit can include, with the package of the size kits are made of (its cheapest; all null when it has no size). */
export type KitComponentOption = Option & { pkg: PackageData };

/** Products a kit can include: every product that is not itself a kit, with the package the kit's computed one adds up. */
export async function listKitComponentOptions(db: Executor): Promise<KitComponentOption[]> {
  // The size a kit is made of: the included product's cheapest, as its stock (catalog/stock) and freight (shipping/rules).
  const cheapest = db
    .select(packageOf(productVariants))
    .from(productVariants)
    .where(eq(productVariants.productId, products.id))
    .orderBy(asc(productVariants.price), asc(productVariants.size))
    .limit(1)
    .as('cheapest');
  const rows = await db
    .select({ id: products.id, name: products.name, weightGrams: cheapest.weightGrams, lengthCm: cheapest.lengthCm, widthCm: cheapest.widthCm, heightCm: cheapest.heightCm })
    .from(products)
    .leftJoinLateral(cheapest, sql`true`)
    .where(eq(products.isKit, false))
    .orderBy(asc(products.name));
  return rows.map(({ id, name, ...pkg }) => ({ id, name, pkg }));
}

/** A problem found while saving that belongs next to a form field. */
export class ProductFormError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Another admin saved the product after this form was loaded: saving would silently undo their change. */
export class ProductConflictError extends Error {
  constructor() {
    super('Este produto foi alterado por outra pessoa enquanto você editava. Recarregue a página para ver a versão atual e refaça suas alterações.');
  }
}

export class ProductNotFoundError extends Error {
  constructor() {
    super('Produto não encontrado.');
  }
}

/**
 * Creates (`id` null) or updates a product with its sizes and kit contents, all in
 * one transaction: if any part fails, nothing is written. With `expectedVersion` (the
 * form's), an update made after that version is refused with ProductConflictError. Sizes posted with their
 * id are updated in place (saved kits and carts keep pointing at them); sizes no
 * longer posted are deleted. Kit contents are replaced; a product that is not a
 * kit keeps none. Returns the product's id.
 */
type VariantInput = ProductFormInput['variants'][number];

/** What a save takes: the form's input; a size without `tiers` keeps the volume prices it has. */
export type ProductSaveInput = Omit<ProductFormInput, 'variants'> & { variants: (Omit<VariantInput, 'tiers'> & { tiers?: VariantInput['tiers'] })[] };

async function saveProductNow(db: Executor, id: string | null, input: ProductSaveInput, expectedVersion?: string): Promise<string> {
  return db.transaction(async (tx) => {
    const values = {
      name: input.name,
      description: input.description,
      price: input.price,
      basePrice: input.basePrice,
      imageUrl: input.imageUrl,
      isKit: input.isKit,
      isFeatured: input.isFeatured,
      displayOrder: input.displayOrder,
      categoryId: input.categoryId,
      phValue: input.phValue,
      benefits: input.benefits,
      dilution: input.dilution,
      useIndication: input.useIndication,
      howToUse: input.howToUse,
      precautions: input.precautions,
      composition: input.composition,
      activeIngredient: input.activeIngredient,
      anvisaKind: input.anvisaKind,
      anvisaNumber: input.anvisaNumber,
      riskClass: input.riskClass,
      safetyWarnings: input.safetyWarnings,
      firstAid: input.firstAid,
      unNumber: input.unNumber,
      hazardClass: input.hazardClass,
      // A kit's own package, only when the admin informs it; null: computed from its contents (lib/package).
      // A product that is not a kit has none (its sizes carry theirs).
      ...(input.isKit && input.kitPackageManual ? packageInput(input) : NO_PACKAGE),
      // Fiscal data (issue 34): a kit's GTIN and unit are its own; any other product's are its sizes'.
      ncm: input.ncm,
      cest: input.cest,
      fiscalOrigin: input.fiscalOrigin,
      gtin: input.isKit ? gtinToStore(input) : null,
      commercialUnit: input.isKit ? input.commercialUnit : null,
    };
    if (input.categoryId) {
      const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId));
      if (!category) throw new ProductFormError('categoryId', 'Categoria inválida.');
    }

    let productId: string;
    if (id) {
      // Optimistic concurrency: the row is written only if nobody saved it since `expectedVersion`
      // (the check and the write are one statement, so two saves at once cannot both pass).
      const [updated] = await tx
        .update(products)
        .set({ ...values, updatedAt: sql`clock_timestamp()` })
        .where(and(eq(products.id, id), expectedVersion === undefined ? undefined : sql`${productVersion} = ${expectedVersion}`))
        .returning({ id: products.id });
      if (!updated) {
        const [exists] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id));
        throw exists ? new ProductConflictError() : new ProductNotFoundError();
      }
      productId = updated.id;
    } else {
      const [created] = await tx
        .insert(products)
        .values({ ...values, slug: await freeSlug(tx, input.name) })
        .returning({ id: products.id });
      productId = created!.id;
    }

    await saveVariants(tx, productId, input.variants);
    await saveKitItems(tx, productId, input.isKit ? input.kitItems : []);
    return productId;
  });
}

/**
 * The stock a save writes. Checkouts take units while the form is open, so the admin's change is
 * applied to what is there now (loaded 10, typed 15, 2 sold meanwhile → 13), never a blind
 * overwrite that would resell sold units; blank stops tracking; never below 0.
 */
function stockChange(typed: number | null, loaded: number | null): SQL | number | null {
  if (typed === null) return null;
  if (loaded === null) return typed;
  return sql`greatest(0, coalesce(${productVariants.stock}, ${loaded}) + ${typed - loaded})`;
}

/** The four package fields as the form parsed them (all four or none). */
function packageInput(p: PackageData): PackageData {
  return { weightGrams: p.weightGrams, lengthCm: p.lengthCm, widthCm: p.widthCm, heightCm: p.heightCm };
}

/** A size's GTIN ('SEM GTIN' when so marked) and commercial unit as the form parsed them. */
function fiscalUnitInput(v: { gtin: string | null; noGtin: boolean; commercialUnit: FiscalUnitData['commercialUnit'] }): FiscalUnitData {
  return { gtin: gtinToStore(v), commercialUnit: v.commercialUnit };
}

async function saveVariants(tx: Executor, productId: string, variants: ProductSaveInput['variants']) {
  const existing = new Set(
    (await tx.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, productId))).map((v) => v.id),
  );
  // An id that is not one of this product's sizes (forged, or deleted meanwhile) becomes a new size.
  const kept = variants.filter((v): v is typeof v & { id: string } => v.id !== null && existing.has(v.id));
  const keptIds = kept.map((v) => v.id);
  await tx
    .delete(productVariants)
    .where(and(eq(productVariants.productId, productId), keptIds.length ? notInArray(productVariants.id, keptIds) : undefined));
  // Two kept sizes may swap names; park them on unique temporary names first so
  // the (product, size) unique index never sees a transient duplicate.
  for (const v of kept) {
    await tx.update(productVariants).set({ size: `\u2063${v.id}` }).where(eq(productVariants.id, v.id));
  }
  for (const v of kept) {
    await tx
      .update(productVariants)
      .set({ size: v.size, price: v.price!, imageUrl: v.imageUrl, stock: stockChange(v.stock, v.stockLoaded), ...packageInput(v), ...fiscalUnitInput(v) })
      .where(eq(productVariants.id, v.id));
  }
  // A kept size the admin brought back from 0: its "Avise-me" requests are e-mailed in this save's transaction.
  await notifyRestocked(tx, keptIds);
  const added = variants.filter((v) => !(v.id !== null && existing.has(v.id)));
  const addedIds = new Map<string, string>();
  if (added.length) {
    const rows = await tx
      .insert(productVariants)
      .values(added.map((v) => ({ productId, size: v.size, price: v.price!, imageUrl: v.imageUrl, stock: v.stock, ...packageInput(v), ...fiscalUnitInput(v) })))
      .returning({ id: productVariants.id, size: productVariants.size });
    for (const row of rows) addedIds.set(row.size, row.id);
  }
  // Volume prices (issue 35), validated by the schema: each size's replaced in this same transaction.
  for (const v of variants) {
    if (!v.tiers) continue;
    const variantId = v.id !== null && existing.has(v.id) ? v.id : addedIds.get(v.size);
    if (!variantId) continue;
    await replaceVariantTiers(tx, variantId, v.tiers.map((t) => ({ minQuantity: t.minQuantity!, priceCents: toCents(t.price!) })));
  }
}

async function saveKitItems(tx: Executor, productId: string, items: ProductFormInput['kitItems']) {
  await tx.delete(kitItems).where(eq(kitItems.kitProductId, productId));
  if (!items.length) return;
  const includedIds = items.map((i) => i.productId);
  const found = await tx
    .select({ id: products.id, isKit: products.isKit })
    .from(products)
    .where(inArray(products.id, includedIds));
  const byId = new Map(found.map((p) => [p.id, p]));
  items.forEach((item, index) => {
    const included = byId.get(item.productId);
    if (item.productId === productId) throw new ProductFormError(`kitItems.${index}.productId`, 'Um kit não pode incluir a si mesmo.');
    if (!included) throw new ProductFormError(`kitItems.${index}.productId`, 'Produto não encontrado.');
    if (included.isKit) throw new ProductFormError(`kitItems.${index}.productId`, 'Um kit não pode incluir outro kit.');
  });
  await tx.insert(kitItems).values(items.map((i) => ({ kitProductId: productId, includedProductId: i.productId, quantity: i.quantity })));
}

/** 'detergente-neutro', or 'detergente-neutro-2'… when taken; URLs stay stable after a rename. */
async function freeSlug(tx: Executor, name: string): Promise<string> {
  const base = slugify(name) || 'produto';
  const taken = new Set(
    (
      await tx
        .select({ slug: products.slug })
        .from(products)
        .where(or(eq(products.slug, base), like(products.slug, `${base}-%`)))
    ).map((p) => p.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Deletes a product by id, then its FDS file. Order history keeps the item's name (order_items.product_id becomes null). */
async function deleteProductNow(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id, sdsKey: products.sdsKey });
  const sdsKey = rows[0]?.sdsKey;
  if (sdsKey) await deleteSafetySheetFile(db, sdsKey);
  return rows.length > 0;
}

/** A database error that a person can fix by changing the form, as a field message. */
export function productSaveErrorField(error: unknown): { field: string; message: string } | null {
  if (error instanceof ProductFormError) return { field: error.field, message: error.message };
  // Sizes are deduplicated by the schema; what is left is two products created with one name at the same time.
  if (isUniqueViolation(error)) return { field: 'form', message: 'Outro produto com este nome acabou de ser salvo. Tente novamente.' };
  if (isForeignKeyViolation(error)) return { field: 'form', message: 'Um item escolhido não existe mais. Recarregue a página.' };
  return null;
}

/** Saves a product; quotes then read its sizes' packages again (shipping/rules). */
export async function saveProduct(...args: Parameters<typeof saveProductNow>): Promise<string> {
  const id = await saveProductNow(...args);
  forgetFreightRules();
  return id;
}

export async function deleteProduct(...args: Parameters<typeof deleteProductNow>): Promise<boolean> {
  const deleted = await deleteProductNow(...args);
  forgetFreightRules();
  return deleted;
}
