// The exact 'N produtos encontrados' of /produtos and of a category page comes from
// product_counts, kept by triggers in the same transaction as the product write (issue 17, goal 4).
// After every kind of write — create, edit, category change, kit flag, delete, a category deleted,
// a bulk insert, a rolled-back transaction, and writers at once — the count the customer sees must
// equal a plain count(*) over the products, on every engine; so must a search's count, which reads
// product_search (the names, categories and kit flags, kept by triggers the same way).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { productFormSchema } from '~/lib/schemas/admin-product';
import { countProducts, searchProductsPage } from '~/server/catalog/catalog.server';
import { deleteProduct, listAdminProducts, saveProduct } from '~/server/catalog/product-admin.server';
import { engines } from '../support/engines';

const form = (values: Record<string, unknown>) => productFormSchema.parse({ basePrice: '1,00', price: '10,00', ...values });

describe.each(engines)('catalogue counts on $name', ({ name, open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let a: string;
  let b: string;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    const rows = await handle.db.insert(t.categories).values([{ name: 'Contagem A' }, { name: 'Contagem B' }]).returning({ id: t.categories.id });
    [a, b] = rows.map((r) => r.id) as [string, string];
  });
  afterAll(async () => {
    await handle?.drop();
  });

  /** What /produtos and every category page show, against count(*) over the products themselves. */
  async function expectExact() {
    const truth = async (categoryId?: string) =>
      (
        await handle.db
          .select({ n: sql<number>`count(*)::int` })
          .from(t.products)
          .where(sql`not ${t.products.isKit} ${categoryId ? sql`and ${t.products.categoryId} = ${categoryId}` : sql``}`)
      )[0]!.n;
    const categories = await handle.db.select({ id: t.categories.id }).from(t.categories);
    expect((await searchProductsPage(handle.db, {})).total, 'all').toBe(await truth());
    for (const { id } of categories) expect(await countProducts(handle.db, { categoryId: id }), id).toBe(await truth(id));
    // The admin's product list counts kits too, from the same counters.
    const everything = (await handle.db.select({ n: sql<number>`count(*)::int` }).from(t.products))[0]!.n;
    expect((await listAdminProducts(handle.db, {})).total, 'admin').toBe(everything);
    // A search's count (product_search, kept by triggers too) against the names in products, accents and case ignored.
    const matching = async (pattern: string, categoryId?: string) =>
      (
        await handle.db
          .select({ n: sql<number>`count(*)::int` })
          .from(t.products)
          .where(sql`not ${t.products.isKit} and clarear_unaccent(lower(${t.products.name})) like ${pattern} ${categoryId ? sql`and ${t.products.categoryId} = ${categoryId}` : sql``}`)
      )[0]!.n;
    for (const [term, pattern] of [['contagem', '%contagem%'], ['LOTE 1', '%lote 1%'], ['renomeado', '%renomeado%'], ['sabão', '%sabao%']] as const) {
      expect(await countProducts(handle.db, { term }), term).toBe(await matching(pattern));
      for (const id of [a, b]) expect(await countProducts(handle.db, { term, categoryId: id }), `${term} ${id}`).toBe(await matching(pattern, id));
    }
  }

  it('starts from the products already there (the seed)', async () => {
    expect(await countProducts(handle.db, {})).toBeGreaterThan(10);
    await expectExact();
  });

  it('follows create, edit, category change, kit flag and delete through the admin', async () => {
    const before = await countProducts(handle.db, { categoryId: a });
    const id = await saveProduct(handle.db, null, form({ name: 'Contagem Produto', categoryId: a, variants: [{ size: '1 L', price: '10' }] }));
    expect(await countProducts(handle.db, { categoryId: a })).toBe(before + 1);
    await expectExact();

    expect(await countProducts(handle.db, { term: 'renomeado' })).toBe(0);
    await saveProduct(handle.db, id, form({ name: 'Contagem Produto Renomeado', categoryId: a, variants: [{ size: '1 L', price: '11' }] }));
    expect(await countProducts(handle.db, { categoryId: a })).toBe(before + 1);
    expect(await countProducts(handle.db, { term: 'renomeado' })).toBe(1); // a rename is found by its new name
    await saveProduct(handle.db, id, form({ name: 'Contagem Produto Renomeado', categoryId: b, variants: [{ size: '1 L', price: '11' }] }));
    expect(await countProducts(handle.db, { categoryId: a })).toBe(before);
    expect(await countProducts(handle.db, { categoryId: b })).toBe(1);
    await expectExact();

    // Becoming a kit takes it off /produtos (kits are listed on /kits).
    const all = await countProducts(handle.db, {});
    await saveProduct(handle.db, id, form({ name: 'Contagem Produto Renomeado', categoryId: b, isKit: 'on', kitItems: [] }));
    expect(await countProducts(handle.db, {})).toBe(all - 1);
    expect(await countProducts(handle.db, { categoryId: b })).toBe(0);
    await saveProduct(handle.db, id, form({ name: 'Contagem Produto Renomeado', categoryId: '', variants: [{ size: '1 L', price: '11' }] }));
    expect(await countProducts(handle.db, {})).toBe(all);
    await expectExact();

    expect(await deleteProduct(handle.db, id)).toBe(true);
    expect(await countProducts(handle.db, {})).toBe(all - 1);
    await expectExact();
  });

  it('moves the count when a category is deleted, counts a bulk insert and ignores a rolled-back write', async () => {
    const [gone] = await handle.db.insert(t.categories).values({ name: 'Contagem Apagada' }).returning({ id: t.categories.id });
    await handle.db.insert(t.products).values(Array.from({ length: 300 }, (_, i) => ({ slug: `contagem-lote-${i}`, name: `Contagem Lote ${i}`, categoryId: i % 2 ? gone!.id : b, isKit: i % 10 === 0 })));
    expect(await countProducts(handle.db, { categoryId: gone!.id })).toBe(150); // odd i (the kits, every tenth, are all even)
    await expectExact();
    const all = await countProducts(handle.db, {});
    await handle.db.delete(t.categories).where(eq(t.categories.id, gone!.id)); // its products lose their category, not their place
    expect(await countProducts(handle.db, { categoryId: gone!.id })).toBe(0);
    expect(await countProducts(handle.db, {})).toBe(all);
    await expectExact();

    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(t.products).values({ slug: 'contagem-desfeito', name: 'Contagem Desfeito', categoryId: a });
        await tx.update(t.products).set({ categoryId: a }).where(eq(t.products.categoryId, b));
        await tx.delete(t.products).where(sql`${t.products.slug} like 'contagem-lote-1%'`);
        throw new Error('desfeito');
      }),
    ).rejects.toThrow('desfeito');
    expect(await countProducts(handle.db, {})).toBe(all);
    await expectExact();

    // One statement moving products both ways and deleting others.
    await handle.db.update(t.products).set({ categoryId: sql`case when ${t.products.categoryId} = ${b} then ${a}::uuid else ${b}::uuid end` }).where(sql`${t.products.slug} like 'contagem-lote-%'`);
    await handle.db.delete(t.products).where(sql`${t.products.slug} like 'contagem-lote-2%'`);
    await expectExact();
  });

  it('stays exact with writers at once: creates, moves both ways and deletes in parallel', async () => {
    const ids = await Promise.all(
      Array.from({ length: 16 }, (_, i) => saveProduct(handle.db, null, form({ name: `Contagem Paralelo ${i}`, categoryId: i % 2 ? a : b, variants: [{ size: '1 L', price: '5' }] }))),
    );
    await expectExact();
    // Each transaction moves one product A→B and another B→A: the counter rows are locked in key
    // order whatever the direction, so none deadlocks and each change counts once.
    const pairs = Array.from({ length: 8 }, (_, i) => [ids[2 * i]!, ids[2 * i + 1]!] as const);
    await Promise.all(
      pairs.map(([x, y], i) =>
        handle.db.transaction(async (tx) => {
          await tx
            .update(t.products)
            .set({ categoryId: sql`case when ${t.products.categoryId} = ${a} then ${b}::uuid else ${a}::uuid end` })
            .where(i % 2 ? sql`${t.products.id} in (${x}, ${y})` : sql`${t.products.id} in (${y}, ${x})`);
        }),
      ),
    );
    await expectExact();
    await Promise.all([
      ...ids.slice(0, 6).map((id) => deleteProduct(handle.db, id)),
      ...Array.from({ length: 6 }, (_, i) => saveProduct(handle.db, null, form({ name: `Contagem Paralelo Extra ${i}`, categoryId: a, variants: [{ size: '1 L', price: '5' }] }))),
    ]);
    await expectExact();
    if (name === 'postgres') {
      // Really at once: two connections, each inside its own open transaction, before either commits.
      const before = await countProducts(handle.db, { categoryId: a });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const writer = (i: number) =>
        handle.db.transaction(async (tx) => {
          await tx.insert(t.products).values({ slug: `contagem-junto-${i}`, name: `Contagem Junto ${i}`, categoryId: a });
          await gate;
        });
      const both = Promise.all([writer(1), writer(2)]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await both;
      expect(await countProducts(handle.db, { categoryId: a })).toBe(before + 2);
      await expectExact();
    }
  });

  it('counts a search exactly, with and without a category', async () => {
    const term = 'contagem paralelo';
    const truth = (await handle.db.select({ n: sql<number>`count(*)::int` }).from(t.products).where(sql`not ${t.products.isKit} and ${t.products.name} ilike '%Contagem Paralelo%'`))[0]!.n;
    expect(truth).toBeGreaterThan(0);
    expect((await searchProductsPage(handle.db, { term })).total).toBe(truth);
    const inA = (await handle.db.select({ n: sql<number>`count(*)::int` }).from(t.products).where(sql`not ${t.products.isKit} and ${t.products.categoryId} = ${a} and ${t.products.name} ilike '%Contagem Paralelo%'`))[0]!.n;
    expect((await searchProductsPage(handle.db, { term, categoryId: a })).total).toBe(inA);
  });
});
