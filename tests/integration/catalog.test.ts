import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import {
  getProductDetail,
  listFeaturedKits,
  listKits,
  listProductCategories,
  listTestimonials,
  searchProducts,
} from '~/server/catalog/catalog.server';
import { addFavorite, isFavorite, removeFavorite } from '~/server/account/favorites.server';
import { engines } from '../support/engines';

describe.each(engines)('catalogue on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  const names = async (filters: Parameters<typeof searchProducts>[1]) => (await searchProducts(handle.db, filters)).map((p) => p.name);

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it('finds by name ignoring case and accents', async () => {
    const expected = await names({ term: 'Água Sanitária' });
    expect(expected.length).toBeGreaterThan(0);
    expect(await names({ term: 'agua sanitaria' })).toEqual(expected);
    expect(await names({ term: 'AGUA SANITÁRIA' })).toEqual(expected);
    for (const name of expected) expect(name).toMatch(/Água Sanitária/);
  });

  it("is a 'contains' search on the name only", async () => {
    const found = await names({ term: 'gente' }); // deter-gente
    expect(found.length).toBeGreaterThan(0);
    for (const name of found) expect(name.toLowerCase()).toContain('gente');
  });

  it('treats % and _ typed by the customer as literal characters', async () => {
    const all = await names({});
    // '%' finds exactly the names that contain a percent sign (e.g. 'Álcool 70%'), not everything.
    const withPercent = all.filter((n) => n.includes('%'));
    expect(withPercent.length).toBeGreaterThan(0);
    expect(withPercent.length).toBeLessThan(all.length);
    expect(await names({ term: '%' })).toEqual(withPercent);
    expect(await names({ term: '_' })).toEqual(all.filter((n) => n.includes('_')));
    expect(await names({ term: '\\' })).toEqual([]);
    expect(await names({ term: "' or 1=1 --" })).toEqual([]);
  });

  it('filters by category and never lists kits', async () => {
    const categories = await listProductCategories(handle.db);
    expect(categories.map((c) => c.name)).not.toContain('Kits Prontos');
    const cozinha = categories.find((c) => c.name === 'Cozinha')!;
    expect(cozinha.slug).toBe('cozinha');
    const inKitchen = await searchProducts(handle.db, { categoryId: cozinha.id });
    expect(inKitchen.length).toBeGreaterThan(0);
    for (const p of inKitchen) expect(p.categoryName).toBe('Cozinha');
    const all = await searchProducts(handle.db, {});
    expect(all.length).toBeGreaterThanOrEqual(40);
    expect(all.every((p) => !p.isKit)).toBe(true);
  });

  it('lists up to 3 featured kits in display order, and every kit with its items', async () => {
    const featured = await listFeaturedKits(handle.db);
    expect(featured.length).toBe(3);
    expect(featured.every((k) => k.isKit)).toBe(true);
    const kits = await listKits(handle.db);
    expect(kits.length).toBeGreaterThanOrEqual(6);
    expect(kits.every((k) => k.items.length > 0 && k.items.every((i) => i.quantity > 0))).toBe(true);
    const [first, second] = await handle.db.select({ order: t.products.displayOrder }).from(t.products).where(eq(t.products.isKit, true)).orderBy(t.products.displayOrder).limit(2);
    expect(kits[0]!.id).toBeDefined();
    expect(first!.order).toBeLessThanOrEqual(second!.order);
  });

  it('reads one product with sizes by price ascending, a kit with its contents, and null for an unknown slug', async () => {
    const [any] = await searchProducts(handle.db, { term: 'Detergente Neutro' });
    const detail = await getProductDetail(handle.db, any!.slug);
    expect(detail?.variants.length).toBeGreaterThanOrEqual(2);
    const cents = detail!.variants.map((v) => Number(v.price.replace('.', '')));
    expect([...cents].sort((a, b) => a - b)).toEqual(cents);
    // Read in the product's own statement: the same values and types as the sizes' table gives.
    const sizes = await handle.db
      .select({ id: t.productVariants.id, size: t.productVariants.size, price: t.productVariants.price, imageUrl: t.productVariants.imageUrl, available: t.productVariants.stock })
      .from(t.productVariants)
      .where(eq(t.productVariants.productId, detail!.id))
      .orderBy(t.productVariants.price, t.productVariants.size);
    // Each with its volume prices (issue 35); this product has none.
    expect(detail?.variants).toEqual(sizes.map((s) => ({ ...s, tiers: [] })));
    expect(detail?.variants.every((v) => /^\d+\.\d{2}$/.test(v.price))).toBe(true);
    expect(detail?.items).toEqual([]);
    const kit = await getProductDetail(handle.db, (await listFeaturedKits(handle.db))[0]!.slug);
    expect(kit?.items.length).toBeGreaterThan(0);
    expect(kit?.variants).toEqual([]);
    expect(await getProductDetail(handle.db, 'nao-existe')).toBeNull();
    expect((await listTestimonials(handle.db)).length).toBeGreaterThan(0);
  });

  it('keeps one favourite per customer and product, and removes only their own', async () => {
    await handle.db.insert(t.user).values([
      { id: 'fav-a', name: 'A', email: 'a@fav.com.br' },
      { id: 'fav-b', name: 'B', email: 'b@fav.com.br' },
    ]);
    const [p] = await searchProducts(handle.db, {});
    expect(await addFavorite(handle.db, 'fav-a', p!.id)).toBe('added');
    expect(await addFavorite(handle.db, 'fav-a', p!.id)).toBe('duplicate');
    expect(await addFavorite(handle.db, 'fav-a', '00000000-0000-4000-8000-000000000000')).toBe('not-found');
    expect(await removeFavorite(handle.db, 'fav-b', p!.id)).toBe(false);
    expect(await isFavorite(handle.db, 'fav-a', p!.id)).toBe(true);
    expect(await removeFavorite(handle.db, 'fav-a', p!.id)).toBe(true);
    expect(await isFavorite(handle.db, 'fav-a', p!.id)).toBe(false);
  });
});
