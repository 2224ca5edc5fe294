// Saved custom kits (saved_kits, saved_kit_items), each its owner's only, and
// the kit builder's product list. All SQL for the area lives here.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import '~/lib/schemas/zod-pt-br';
import type { Database, Executor } from '~/db/client.server';
import { productVariants, products, savedKitItems, savedKits } from '~/db/schema';
import { toCents } from '~/lib/money';
import { searchProductsPage, type ProductCard, type Variant } from '../catalog/catalog.server';

export const KIT_NAME_MAX = 80;
export const KIT_ITEMS_MAX = 30;
export const KIT_QUANTITY_MAX = 99;
export const KIT_ITEMS_JSON_MAX = 8_000;

/** What 'Salvar kit' posts (the items arrive as a JSON string in the form). */
export const saveKitSchema = z.object({
  name: z
    .string('Dê um nome ao seu kit.')
    .trim()
    .min(1, 'Dê um nome ao seu kit.')
    .max(KIT_NAME_MAX, `O nome do kit pode ter no máximo ${KIT_NAME_MAX} caracteres.`),
  items: z
    .array(
      z.object({
        productId: z.uuid('Produto inválido.'),
        variantId: z.uuid('Selecione um tamanho'),
        quantity: z
          .number('Quantidade inválida.')
          .int('Quantidade inválida.')
          .min(1, 'A quantidade mínima é 1.')
          .max(KIT_QUANTITY_MAX, `A quantidade máxima por item é ${KIT_QUANTITY_MAX}.`),
      }),
      'Itens do kit inválidos.',
    )
    .min(1, 'Escolha pelo menos um produto para o kit.')
    .max(KIT_ITEMS_MAX, `Um kit pode ter no máximo ${KIT_ITEMS_MAX} itens.`)
    // The same size posted twice (the page never does) is one item, still within the per-item limit.
    .transform((items, ctx) => {
      const merged = new Map<string, (typeof items)[number]>();
      for (const item of items) {
        const seen = merged.get(item.variantId);
        if (!seen) merged.set(item.variantId, { ...item });
        else if ((seen.quantity += item.quantity) > KIT_QUANTITY_MAX) {
          ctx.addIssue({ code: 'custom', message: `A quantidade máxima por item é ${KIT_QUANTITY_MAX}.` });
          return z.NEVER;
        }
      }
      return [...merged.values()];
    }),
});

export type SaveKitInput = z.infer<typeof saveKitSchema>;

/** Parses the builder's form: `name` and `items` (JSON). The message is pt-BR and ready for a toast. */
export function parseSaveKitForm(form: FormData): { ok: true; input: SaveKitInput } | { ok: false; message: string } {
  const text = form.get('items');
  if (typeof text !== 'string') return { ok: false, message: 'Itens do kit inválidos.' };
  // 30 items of two uuids and a quantity are ~3 000 characters: a longer text is not parsed.
  if (text.length > KIT_ITEMS_JSON_MAX) return { ok: false, message: `Um kit pode ter no máximo ${KIT_ITEMS_MAX} itens.` };
  let items: unknown;
  try {
    items = JSON.parse(text);
  } catch {
    return { ok: false, message: 'Itens do kit inválidos.' };
  }
  const parsed = saveKitSchema.safeParse({ name: form.get('name') ?? '', items });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Kit inválido.' };
  return { ok: true, input: parsed.data };
}

export class SaveKitError extends Error {}

/**
 * Saves the kit and its items in one transaction. Every variant must be a size
 * of its product and no product may be a ready-made kit; otherwise nothing is
 * written and a SaveKitError with a pt-BR message is thrown.
 */
export async function saveKit(db: Database, userId: string, input: SaveKitInput): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const variantIds = [...new Set(input.items.map((i) => i.variantId))];
    const found = await tx
      .select({ variantId: productVariants.id, productId: productVariants.productId, isKit: products.isKit })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(productVariants.id, variantIds));
    const byVariant = new Map(found.map((row) => [row.variantId, row]));
    for (const item of input.items) {
      const row = byVariant.get(item.variantId);
      if (!row || row.productId !== item.productId) throw new SaveKitError('Um dos tamanhos escolhidos não pertence ao produto.');
      if (row.isKit) throw new SaveKitError('Kits prontos não podem entrar em um kit personalizado.');
    }
    const [kit] = await tx.insert(savedKits).values({ userId, name: input.name }).returning({ id: savedKits.id });
    await tx.insert(savedKitItems).values(
      input.items.map((i) => ({ savedKitId: kit!.id, productId: i.productId, variantId: i.variantId, quantity: i.quantity })),
    );
    return { id: kit!.id };
  });
}

export type SavedKitItem = {
  id: string;
  productId: string;
  slug: string;
  name: string;
  imageUrl: string | null;
  variantId: string | null;
  size: string | null;
  quantity: number;
  /** Variant price, or the product price when there is no variant (numeric string). */
  unitPrice: string;
  lineCents: number;
};

export type SavedKit = { id: string; name: string; createdAt: Date; items: SavedKitItem[]; totalCents: number };

/** The user's saved kits, newest first, with their items and totals in cents. */
export async function listSavedKits(db: Executor, userId: string): Promise<SavedKit[]> {
  const kits = await db
    .select({ id: savedKits.id, name: savedKits.name, createdAt: savedKits.createdAt })
    .from(savedKits)
    .where(eq(savedKits.userId, userId))
    .orderBy(desc(savedKits.createdAt), desc(savedKits.id));
  if (kits.length === 0) return [];
  const rows = await db
    .select({
      kitId: savedKitItems.savedKitId,
      id: savedKitItems.id,
      productId: products.id,
      slug: products.slug,
      name: products.name,
      productImage: products.imageUrl,
      productPrice: products.price,
      variantId: productVariants.id,
      size: productVariants.size,
      variantPrice: productVariants.price,
      variantImage: productVariants.imageUrl,
      quantity: savedKitItems.quantity,
    })
    .from(savedKitItems)
    .innerJoin(products, eq(products.id, savedKitItems.productId))
    .leftJoin(productVariants, eq(productVariants.id, savedKitItems.variantId))
    .where(
      inArray(
        savedKitItems.savedKitId,
        kits.map((k) => k.id),
      ),
    )
    .orderBy(asc(products.name), asc(productVariants.size));
  const byKit = new Map<string, SavedKitItem[]>();
  for (const r of rows) {
    const unitPrice = r.variantPrice ?? r.productPrice;
    const list = byKit.get(r.kitId) ?? [];
    list.push({
      id: r.id,
      productId: r.productId,
      slug: r.slug,
      name: r.name,
      imageUrl: r.variantImage ?? r.productImage,
      variantId: r.variantId,
      size: r.size,
      quantity: r.quantity,
      unitPrice,
      lineCents: toCents(unitPrice) * r.quantity,
    });
    byKit.set(r.kitId, list);
  }
  return kits.map((k) => {
    const items = byKit.get(k.id) ?? [];
    return { ...k, items, totalCents: items.reduce((sum, i) => sum + i.lineCents, 0) };
  });
}

/** Deletes one of the user's kits (its items go with it); false when the user has no such kit. */
export async function deleteSavedKit(db: Executor, userId: string, kitId: string): Promise<boolean> {
  const removed = await db
    .delete(savedKits)
    .where(and(eq(savedKits.id, kitId), eq(savedKits.userId, userId)))
    .returning({ id: savedKits.id });
  return removed.length > 0;
}

export type BuilderProduct = ProductCard & { variants: Variant[] };

/** How many products the kit builder lists at once; the others are found by name. */
export const KIT_BUILDER_RESULTS = 24;

/**
 * The first `limit` non-kit products for the kit builder (optionally whose name contains `term`),
 * each with its sizes by price ascending, and how many match in all: never the whole catalogue.
 */
export async function listBuilderProducts(db: Executor, term?: string, limit = KIT_BUILDER_RESULTS): Promise<{ products: BuilderProduct[]; total: number }> {
  const { products: cards, total } = await searchProductsPage(db, { term }, { pageSize: limit });
  if (cards.length === 0) return { products: [], total };
  const variants = await db
    .select({
      productId: productVariants.productId,
      id: productVariants.id,
      size: productVariants.size,
      price: productVariants.price,
      imageUrl: productVariants.imageUrl,
      available: productVariants.stock,
    })
    .from(productVariants)
    .where(
      inArray(
        productVariants.productId,
        cards.map((c) => c.id),
      ),
    )
    .orderBy(asc(productVariants.price), asc(productVariants.size));
  const byProduct = new Map<string, Variant[]>();
  for (const { productId, ...v } of variants) {
    const list = byProduct.get(productId) ?? [];
    list.push(v);
    byProduct.set(productId, list);
  }
  return { products: cards.map((c) => ({ ...c, variants: byProduct.get(c.id) ?? [] })), total };
}
