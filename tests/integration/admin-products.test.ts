// The admin's product catalogue: list/search, save with sizes
// and kit contents in one transaction, delete — on every engine.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { productFormSchema } from '~/lib/schemas/admin-product';
import { getProductDetail, searchProducts } from '~/server/catalog/catalog.server';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  deleteProduct,
  getEditableProduct,
  listAdminProducts,
  listKitComponentOptions,
  productSaveErrorField,
  ProductConflictError,
  ProductFormError,
  ProductNotFoundError,
  saveProduct,
} from '~/server/catalog/product-admin.server';
import { engines } from '../support/engines';

const form = (values: Record<string, unknown>) => productFormSchema.parse({ basePrice: '1,00', ...values });

describe.each(engines)('admin products on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  const productRow = async (id: string) => (await handle.db.select().from(t.products).where(eq(t.products.id, id)))[0];
  const variantsOf = async (id: string) =>
    (await handle.db.select().from(t.productVariants).where(eq(t.productVariants.productId, id))).sort((a, b) => a.size.localeCompare(b.size));

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it('lists by name with the category, searches ignoring case and accents, and paginates', async () => {
    const first = await listAdminProducts(handle.db, {});
    const total = (await handle.db.select().from(t.products)).length;
    expect(first.total).toBe(total);
    expect(first.rows).toHaveLength(Math.min(ADMIN_PRODUCTS_PAGE_SIZE, total));
    expect(first.pageCount).toBe(Math.ceil(total / ADMIN_PRODUCTS_PAGE_SIZE));
    const names = first.rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(first.rows.some((r) => r.isKit)).toBe(true);
    expect(first.rows.every((r) => typeof r.categoryName === 'string')).toBe(true);

    const last = await listAdminProducts(handle.db, { page: 999 });
    expect(last.page).toBe(last.pageCount);
    expect(last.rows.length).toBe(total - (last.pageCount - 1) * ADMIN_PRODUCTS_PAGE_SIZE);
    expect(last.rows.map((r) => r.id)).not.toContain(first.rows[0]!.id);

    const accented = await listAdminProducts(handle.db, { term: 'agua sanitaria' });
    expect(accented.total).toBeGreaterThan(0);
    for (const r of accented.rows) expect(r.name).toMatch(/Água Sanitária/);
    // Kits are listed too, unlike the storefront search.
    const kits = await listAdminProducts(handle.db, { term: 'kit' });
    expect(kits.rows.some((r) => r.isKit)).toBe(true);
    expect((await listAdminProducts(handle.db, { term: '%' })).rows.every((r) => r.name.includes('%'))).toBe(true);
  });

  it('creates a product with sizes; it shows on the storefront at once', async () => {
    const [category] = await handle.db.select().from(t.categories).where(eq(t.categories.name, 'Cozinha'));
    const id = await saveProduct(
      handle.db,
      null,
      form({
        name: 'Limpador Cítrico Concentrado',
        description: 'Desengordura sem deixar cheiro forte.',
        price: '0',
        basePrice: '12,50',
        categoryId: category!.id,
        phValue: '8,5',
        dilution: '1:20',
        variants: [
          { size: '1 L', price: '12,50' },
          { size: '5 L', price: '49.90', imageUrl: '/uploads/abc-640.webp' },
        ],
      }),
    );
    const row = await productRow(id);
    expect(row).toMatchObject({ slug: 'limpador-citrico-concentrado', basePrice: '12.50', phValue: '8.5', isKit: false, dilution: '1:20', howToUse: null });
    expect((await variantsOf(id)).map((v) => [v.size, v.price, v.imageUrl])).toEqual([
      ['1 L', '12.50', null],
      ['5 L', '49.90', '/uploads/abc-640.webp'],
    ]);
    const onStore = await searchProducts(handle.db, { term: 'limpador citrico' });
    expect(onStore.map((p) => p.name)).toContain('Limpador Cítrico Concentrado');
    const detail = await getProductDetail(handle.db, 'limpador-citrico-concentrado');
    expect(detail?.variants.map((v) => v.price)).toEqual(['12.50', '49.90']);

    // The same name again gets its own URL.
    const twin = await saveProduct(handle.db, null, form({ name: 'Limpador Cítrico Concentrado' }));
    expect((await productRow(twin))?.slug).toBe('limpador-citrico-concentrado-2');
  });

  it('updates sizes in place, adds and deletes others, and swaps two size names', async () => {
    const id = await saveProduct(handle.db, null, form({ name: 'Sabão Líquido Teste', variants: [{ size: '1 L', price: '10' }, { size: '2 L', price: '18' }, { size: '5 L', price: '40' }] }));
    const before = await getEditableProduct(handle.db, id);
    const byName = Object.fromEntries(before!.variants.map((v) => [v.size, v.id]));
    await saveProduct(
      handle.db,
      id,
      form({
        name: 'Sabão Líquido Teste (novo nome)',
        variants: [
          { id: byName['1 L'], size: '2 L', price: '11' },
          { id: byName['2 L'], size: '1 L', price: '19' },
          { size: '10 L', price: '75,00' },
          // An id from another product is treated as a new size, never edits that product.
          { id: randomUUID(), size: '500 ml', price: '6' },
        ],
      }),
    );
    const after = await variantsOf(id);
    expect(after.map((v) => [v.id === byName['1 L'] ? 'was 1 L' : v.id === byName['2 L'] ? 'was 2 L' : 'new', v.size, v.price])).toEqual([
      ['was 2 L', '1 L', '19.00'],
      ['new', '10 L', '75.00'],
      ['was 1 L', '2 L', '11.00'],
      ['new', '500 ml', '6.00'],
    ]);
    expect(after.map((v) => v.id)).not.toContain(byName['5 L']);
    const row = await productRow(id);
    expect(row?.name).toBe('Sabão Líquido Teste (novo nome)');
    // The URL does not change with the name.
    expect(row?.slug).toBe('sabao-liquido-teste');
  });

  it('saves kit contents, refuses a kit inside itself or another kit, and clears contents when it stops being a kit', async () => {
    const [a, b] = await listKitComponentOptions(handle.db);
    const kitId = await saveProduct(handle.db, null, form({ name: 'Kit Teste', isKit: 'on', price: '99,90', kitItems: [{ productId: a!.id, quantity: '2' }, { productId: b!.id, quantity: '1' }] }));
    expect((await getEditableProduct(handle.db, kitId))?.kitItems.sort((x, y) => x.quantity - y.quantity)).toEqual([
      { productId: b!.id, quantity: 1 },
      { productId: a!.id, quantity: 2 },
    ]);
    await expect(saveProduct(handle.db, kitId, form({ name: 'Kit Teste', isKit: 'on', kitItems: [{ productId: kitId, quantity: '1' }] }))).rejects.toThrow(ProductFormError);
    const otherKit = await saveProduct(handle.db, null, form({ name: 'Outro Kit', isKit: 'on' }));
    const error = await saveProduct(handle.db, kitId, form({ name: 'Kit Teste', isKit: 'on', kitItems: [{ productId: otherKit, quantity: '1' }] })).catch((e: unknown) => e);
    expect(productSaveErrorField(error)).toEqual({ field: 'kitItems.0.productId', message: 'Um kit não pode incluir outro kit.' });
    // The failed saves changed nothing.
    expect((await getEditableProduct(handle.db, kitId))?.kitItems).toHaveLength(2);
    await saveProduct(handle.db, kitId, form({ name: 'Kit Teste', isKit: '', kitItems: [{ productId: a!.id, quantity: '2' }] }));
    expect((await getEditableProduct(handle.db, kitId))?.kitItems).toEqual([]);
  });

  it('writes nothing when a size fails: product, sizes and kit contents stay as they were', async () => {
    const [a] = await listKitComponentOptions(handle.db);
    const id = await saveProduct(handle.db, null, form({ name: 'Produto Atômico', price: '5', isKit: 'on', variants: [{ size: '1 L', price: '5' }], kitItems: [{ productId: a!.id, quantity: '1' }] }));
    const before = await getEditableProduct(handle.db, id);
    // Past the schema (a direct call): the database refuses a negative size price after the product row was updated.
    const bad = form({ name: 'Nome Que Não Deve Ficar', price: '7', isKit: 'on', variants: [{ size: '2 L', price: '5' }], kitItems: [] });
    bad.variants[0]!.price = '-1.00';
    await expect(saveProduct(handle.db, id, bad)).rejects.toThrow();
    const after = await getEditableProduct(handle.db, id);
    expect(after).toEqual(before);

    // Two sizes with one name (case-sensitive unique index) also roll everything back.
    const dup = form({ name: 'Outro Nome', variants: [{ size: '3 L', price: '5' }] });
    dup.variants.push({ id: null, size: '3 L', price: '6.00', imageUrl: null, stock: null, stockLoaded: null, weightGrams: null, lengthCm: null, widthCm: null, heightCm: null, gtin: null, noGtin: false, commercialUnit: null, tiers: [] });
    await expect(saveProduct(handle.db, id, dup)).rejects.toThrow();
    expect(await getEditableProduct(handle.db, id)).toEqual(before);
  });

  it('refuses an unknown category or product id, and deletes', async () => {
    await expect(saveProduct(handle.db, null, form({ name: 'Sem Categoria Válida', categoryId: randomUUID() }))).rejects.toThrow(ProductFormError);
    expect((await listAdminProducts(handle.db, { term: 'Sem Categoria Válida' })).total).toBe(0);
    await expect(saveProduct(handle.db, randomUUID(), form({ name: 'Fantasma' }))).rejects.toThrow(ProductNotFoundError);

    const id = await saveProduct(handle.db, null, form({ name: 'Produto Descartável', variants: [{ size: 'Único', price: '1' }] }));
    expect(await deleteProduct(handle.db, id)).toBe(true);
    expect(await productRow(id)).toBeUndefined();
    expect(await variantsOf(id)).toEqual([]);
    expect(await deleteProduct(handle.db, id)).toBe(false);
    expect(await getEditableProduct(handle.db, id)).toBeNull();
  });

  it('refuses a save from a form loaded before another admin saved: nothing of the other change is undone', async () => {
    const id = await saveProduct(handle.db, null, form({ name: 'Produto Disputado', description: 'original', variants: [{ size: '1 L', price: '10' }] }));
    const loaded = (await getEditableProduct(handle.db, id))!;
    const values = { name: loaded.name, description: loaded.description, variants: loaded.variants.map((v) => ({ id: v.id, size: v.size, price: v.price })) };
    // Two admins opened the same form; the first saves a new description.
    await saveProduct(handle.db, id, form({ ...values, description: 'texto da Ana' }), loaded.version);
    // The second, still on the old form, changes the name: saving would put the old description back.
    await expect(saveProduct(handle.db, id, form({ ...values, name: 'Nome do Bruno' }), loaded.version)).rejects.toBeInstanceOf(ProductConflictError);
    const row = await productRow(id);
    expect(row!.description).toBe('texto da Ana');
    expect(row!.name).toBe('Produto Disputado');
    // After reloading, the second admin's save goes through on top of the first.
    const reloaded = (await getEditableProduct(handle.db, id))!;
    expect(reloaded.version).not.toBe(loaded.version);
    await saveProduct(handle.db, id, form({ ...values, description: reloaded.description, name: 'Nome do Bruno' }), reloaded.version);
    expect(await productRow(id)).toMatchObject({ name: 'Nome do Bruno', description: 'texto da Ana' });
    // Two saves from the same version at the same moment: exactly one wins.
    const current = (await getEditableProduct(handle.db, id))!;
    const results = await Promise.allSettled([
      saveProduct(handle.db, id, form({ ...values, name: 'Nome do Bruno', description: 'A' }), current.version),
      saveProduct(handle.db, id, form({ ...values, name: 'Nome do Bruno', description: 'B' }), current.version),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ProductConflictError);
    expect((refused.reason as Error).message).toMatch(/^Este produto foi alterado por outra pessoa/);
  });
});
