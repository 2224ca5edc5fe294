// /produtos one page at a time (issue 17, goal 4): the exact count of matches, pages that
// together are the whole list in order (no product twice, none missing), the search and the
// category filter together, a page past the end, and the kit builder's bounded list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { listProductCategories, PRODUCTS_PAGE_SIZE, searchProducts, searchProductsPage } from '~/server/catalog/catalog.server';
import { KIT_BUILDER_RESULTS, listBuilderProducts } from '~/server/account/saved-kits.server';
import { getProductAvailability } from '~/server/catalog/stock.server';
import { engines } from '../support/engines';

const EXTRA = 53; // with the seed's products, several full pages and a partial last one

describe.each(engines)('catalogue pages on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let categoryId: string;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    const [category] = await handle.db.insert(t.categories).values({ name: 'Paginação Teste' }).returning({ id: t.categories.id });
    categoryId = category!.id;
    // Same display order and, for some, the same name: only the id tells them apart, so the order must use it.
    await handle.db.insert(t.products).values(
      Array.from({ length: EXTRA }, (_, i) => ({
        slug: `sabao-paginado-${i}`,
        name: i % 3 === 0 ? 'Sabão Líquido Paginado' : `Sabão Líquido Paginado ${String(i).padStart(2, '0')}`,
        price: '9.90',
        categoryId,
        displayOrder: 5,
      })),
    );
    await handle.db.insert(t.products).values({ slug: 'kit-sabao-paginado', name: 'Kit Sabão Líquido Paginado', price: '30.00', categoryId, isKit: true });
  });
  afterAll(async () => {
    await handle?.drop();
  });

  async function everyPage(filters: Parameters<typeof searchProductsPage>[1], pageSize = PRODUCTS_PAGE_SIZE) {
    const first = await searchProductsPage(handle.db, filters, { pageSize });
    const pages = [first];
    for (let page = 2; page <= first.pageCount; page++) pages.push(await searchProductsPage(handle.db, filters, { page, pageSize }));
    return pages;
  }

  it('counts every match exactly and pages through them in order, each product once', async () => {
    const all = await searchProducts(handle.db, {});
    const pages = await everyPage({});
    expect(pages[0]!.total).toBe(all.length);
    expect(pages[0]!.pageCount).toBe(Math.ceil(all.length / PRODUCTS_PAGE_SIZE));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const [i, p] of pages.entries()) {
      expect(p.page).toBe(i + 1);
      expect(p.total).toBe(all.length);
      expect(p.products.length).toBe(i < pages.length - 1 ? PRODUCTS_PAGE_SIZE : all.length - PRODUCTS_PAGE_SIZE * (pages.length - 1));
    }
    expect(pages.flatMap((p) => p.products.map((c) => c.id))).toEqual(all.map((c) => c.id));
    expect(pages.flatMap((p) => p.products).some((c) => c.isKit)).toBe(false);
  });

  it('keeps page boundaries exact when the count is a multiple of the page size', async () => {
    const pages = await everyPage({ categoryId }, EXTRA);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.products).toHaveLength(EXTRA);
    const byOne = await everyPage({ categoryId }, 1);
    expect(byOne).toHaveLength(EXTRA);
    expect(byOne.map((p) => p.products[0]!.id)).toEqual(pages[0]!.products.map((c) => c.id));
  });

  it('searches ignoring case and accents, with the category filter on top', async () => {
    const expected = await searchProductsPage(handle.db, { term: 'Sabão Líquido Paginado' });
    expect(expected.total).toBe(EXTRA); // the kit of the same name is not listed
    for (const term of ['sabao liquido paginado', 'SABÃO LIQUIDO PAGINADO', 'do pagin']) {
      const found = await searchProductsPage(handle.db, { term });
      expect(found.total, term).toBe(EXTRA);
      expect(found.products.map((c) => c.id)).toEqual(expected.products.map((c) => c.id));
    }
    const both = await searchProductsPage(handle.db, { term: 'paginado 1', categoryId }); // 10, 11, 13, 14, 16, 17, 19
    expect(both.products.map((c) => c.name).sort()).toEqual(['10', '11', '13', '14', '16', '17', '19'].map((n) => `Sabão Líquido Paginado ${n}`));
    expect(both.total).toBe(7);
    const cozinha = (await listProductCategories(handle.db)).find((c) => c.name === 'Cozinha')!;
    expect(await searchProductsPage(handle.db, { term: 'paginado', categoryId: cozinha.id })).toMatchObject({ total: 0, products: [], page: 1, pageCount: 1 });
    expect((await searchProductsPage(handle.db, { term: '%' })).total).toBe((await searchProducts(handle.db, { term: '%' })).length);
  });

  it('shows the last page for a page past the end, and the first for nonsense', async () => {
    const last = await searchProductsPage(handle.db, { categoryId }, { page: 3 });
    expect(last).toMatchObject({ page: 3, pageCount: 3, total: EXTRA });
    expect(last.products).toHaveLength(EXTRA - 2 * PRODUCTS_PAGE_SIZE);
    for (const page of [4, 999, 1e20]) {
      const beyond = await searchProductsPage(handle.db, { categoryId }, { page });
      expect(beyond.page, String(page)).toBe(3);
      expect(beyond.products.map((c) => c.id)).toEqual(last.products.map((c) => c.id));
    }
    const first = await searchProductsPage(handle.db, { categoryId });
    for (const page of [0, -2, Number.NaN, 1.7]) expect((await searchProductsPage(handle.db, { categoryId }, { page })).products).toEqual(first.products);
    expect(await searchProductsPage(handle.db, { term: 'xyzzy' }, { page: 5 })).toMatchObject({ total: 0, page: 1, pageCount: 1, products: [] });
  });

  it('each card promises what stock promises for that product (best size; not tracked when a size is untracked or it has none)', async () => {
    const [tracked, mixed, sold] = (await searchProducts(handle.db, { categoryId })).slice(0, 3);
    await handle.db.insert(t.productVariants).values([
      { productId: tracked!.id, size: '1 L', price: '9.90', stock: 3 },
      { productId: tracked!.id, size: '5 L', price: '39.90', stock: 7 },
      { productId: mixed!.id, size: '1 L', price: '9.90', stock: 2 },
      { productId: mixed!.id, size: '5 L', price: '39.90', stock: null },
      { productId: sold!.id, size: '1 L', price: '9.90', stock: 0 },
    ]);
    const cards = (await everyPage({})).flatMap((p) => p.products);
    const expected = await getProductAvailability(
      handle.db,
      cards.map((c) => c.id),
    );
    for (const c of cards) expect(c.available, c.name).toBe(expected.get(c.id) ?? null);
    const byId = new Map(cards.map((c) => [c.id, c.available]));
    expect([byId.get(tracked!.id), byId.get(mixed!.id), byId.get(sold!.id)]).toEqual([7, null, 0]);
  });

  it('the kit builder gets at most its page of products with the total, and finds the others by name', async () => {
    const all = await searchProducts(handle.db, {});
    const { products, total } = await listBuilderProducts(handle.db);
    expect(total).toBe(all.length);
    expect(products.map((p) => p.id)).toEqual(all.slice(0, KIT_BUILDER_RESULTS).map((p) => p.id));
    expect(products.every((p) => p.variants.length > 0 || p.categoryName === 'Paginação Teste')).toBe(true);
    const found = await listBuilderProducts(handle.db, 'sabao liquido paginado 5');
    expect(found.products.map((p) => p.name)).toEqual(['Sabão Líquido Paginado 50', 'Sabão Líquido Paginado 52']);
    expect(found.total).toBe(2);
  });
});
