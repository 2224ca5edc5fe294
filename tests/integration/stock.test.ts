// Stock on both engines: concurrent buyers of the last units (never oversold), kits limited by
// their scarcest content, untracked sizes always sellable, and the quote telling what is left.
import { randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { payNowSchema } from '~/lib/schemas/checkout';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { CheckoutError, placeOrder, quoteCart } from '~/server/flows/checkout.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { builtInProvider } from '~/server/payments/provider.server';
import { getAvailability, getProductAvailability } from '~/server/catalog/stock.server';
import { getProductDetail, listKits, searchProducts } from '~/server/catalog/catalog.server';
import { getEditableProduct, listAdminProducts, saveProduct } from '~/server/catalog/product-admin.server';
import { productFormSchema, STOCK_MESSAGE } from '~/lib/schemas/admin-product';
import { fieldErrors } from '~/lib/schemas/field-errors';
import { productJsonLd } from '~/lib/product-json-ld';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';

describe.each(engines)('stock on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let n = 0;

  async function newBuyer() {
    n += 1;
    const id = `estoque-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Cliente ${n}`, email: `${id}@exemplo.com.br` });
    return { id, name: `Cliente ${n}`, email: `${id}@exemplo.com.br` };
  }

  function pay(lines: { id: string; product_id: string; quantity: number }[]) {
    return payNowSchema.parse({
      intent: 'pay',
      cart: JSON.stringify(lines),
      idempotencyKey: randomUUID(),
      paymentMethod: 'credit_card',
      installments: '1',
      taxId: generateCpf(),
      delivery: NEW_ADDRESS_DELIVERY,
    });
  }

  /** A product's sizes, cheapest first. */
  async function sizesOf(slug: string) {
    return handle.db
      .select({ id: t.productVariants.id, productId: t.products.id, name: t.products.name, size: t.productVariants.size })
      .from(t.productVariants)
      .innerJoin(t.products, eq(t.products.id, t.productVariants.productId))
      .where(eq(t.products.slug, slug))
      .orderBy(t.productVariants.price);
  }
  const setStock = (id: string, stock: number | null) => handle.db.update(t.productVariants).set({ stock }).where(eq(t.productVariants.id, id));
  const stockOf = async (id: string) => (await handle.db.select({ stock: t.productVariants.stock }).from(t.productVariants).where(eq(t.productVariants.id, id)))[0]!.stock;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    setMailTransport(async () => {});
  });
  afterAll(async () => {
    await settleBackgroundTasks();
    setMailTransport(null);
    await handle?.drop();
  });

  it('50 buyers at once for the last 10 units: exactly 10 orders, stock 0, the rest told in pt-BR', async () => {
    const [size] = await sizesOf('detergente-neutro-concentrado');
    await setStock(size!.id, 10);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => newBuyer()));
    const results = await Promise.allSettled(buyers.map((b) => placeOrder(handle.db, b, pay([{ id: size!.id, product_id: size!.productId, quantity: 1 }]), builtInProvider)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(CheckoutError);
      expect(r.reason).toMatchObject({ step: 'stock', message: `${size!.name} (${size!.size}) está esgotado.` });
    }
    expect(await stockOf(size!.id)).toBe(0);
    const [{ sold } = { sold: 0 }] = await handle.db
      .select({ sold: sql<number>`coalesce(sum(quantity), 0)::int` })
      .from(t.stockReservations)
      .where(eq(t.stockReservations.variantId, size!.id));
    expect(sold).toBe(10);
    // Refused purchases wrote nothing.
    const orders = await handle.db.select({ id: t.orders.id }).from(t.orders).where(inArray(t.orders.userId, buyers.map((b) => b.id)));
    expect(orders).toHaveLength(10);
  });

  it('a line asking for more than is left names the product and how many remain; nothing is taken', async () => {
    const [size] = await sizesOf('desengordurante-cozinha');
    await setStock(size!.id, 3);
    const buyer = await newBuyer();
    await expect(placeOrder(handle.db, buyer, pay([{ id: size!.id, product_id: size!.productId, quantity: 5 }]), builtInProvider)).rejects.toMatchObject({
      step: 'stock',
      message: `Estoque insuficiente de ${size!.name} (${size!.size}): restam 3 unidades.`,
    });
    expect(await stockOf(size!.id)).toBe(3);
    const quote = await quoteCart(handle.db, buyer.id, [{ id: size!.id, product_id: size!.productId, quantity: 5 }]);
    expect(quote.lines[0]).toMatchObject({ available: 3 });
  });

  it('a kit takes its contents from stock and is limited by its scarcest one; an untracked size is always sellable', async () => {
    const [kit] = await handle.db.select({ id: t.products.id, name: t.products.name }).from(t.products).where(eq(t.products.slug, 'kit-cozinha-brilhante'));
    const detergente = (await sizesOf('detergente-neutro-concentrado'))[0]!; // 2 per kit
    const inox = (await sizesOf('limpador-de-inox'))[0]!; // 1 per kit
    await setStock(detergente.id, 5); // 2 kits
    await setStock(inox.id, null); // not tracked
    expect((await getAvailability(handle.db, [kit!.id, inox.id, detergente.id])).get(kit!.id)).toBe(2);
    expect((await getAvailability(handle.db, [inox.id])).get(inox.id)).toBeNull();

    const buyer = await newBuyer();
    await expect(placeOrder(handle.db, buyer, pay([{ id: kit!.id, product_id: kit!.id, quantity: 3 }]), builtInProvider)).rejects.toMatchObject({
      step: 'stock',
      message: `Estoque insuficiente de ${kit!.name}: restam 2 unidades.`,
    });
    // The kit and a loose detergent together draw on the same size.
    await expect(
      placeOrder(handle.db, buyer, pay([{ id: kit!.id, product_id: kit!.id, quantity: 2 }, { id: detergente.id, product_id: detergente.productId, quantity: 2 }]), builtInProvider),
    ).rejects.toMatchObject({ step: 'stock' });
    await placeOrder(handle.db, buyer, pay([{ id: kit!.id, product_id: kit!.id, quantity: 2 }, { id: detergente.id, product_id: detergente.productId, quantity: 1 }]), builtInProvider);
    expect(await stockOf(detergente.id)).toBe(0);
    expect(await stockOf(inox.id)).toBeNull();
    expect((await getAvailability(handle.db, [kit!.id])).get(kit!.id)).toBe(0);
  });

  it('the listing cards say what is left: a product its best size (untracked wins), a kit its scarcest content', async () => {
    const sizes = await sizesOf('detergente-neutro-concentrado');
    expect(sizes.length).toBeGreaterThan(1);
    const card = async () => (await searchProducts(handle.db, { term: 'Detergente Neutro Concentrado' })).find((c) => c.id === sizes[0]!.productId)!;
    const kitCard = async () => (await listKits(handle.db)).find((k) => k.slug === 'kit-cozinha-brilhante')!;
    // Only the detergent is tracked among the kit's contents.
    const contents = await handle.db
      .select({ id: t.kitItems.includedProductId })
      .from(t.kitItems)
      .where(eq(t.kitItems.kitProductId, (await kitCard()).id));
    await handle.db.update(t.productVariants).set({ stock: null }).where(inArray(t.productVariants.productId, contents.map((c) => c.id)));

    await setStock(sizes[0]!.id, 0);
    await setStock(sizes[1]!.id, null);
    expect((await card()).available).toBeNull(); // one size not tracked: always sellable
    for (const s of sizes) await setStock(s.id, 0);
    expect((await card()).available).toBe(0); // every size out: "Esgotado", still listed
    expect((await kitCard()).available).toBe(0);
    await setStock(sizes[1]!.id, 3);
    expect((await card()).available).toBe(3); // "Últimas unidades"
    await setStock(sizes[0]!.id, 9); // 4 kits (2 per kit)
    expect((await card()).available).toBe(9);
    expect((await kitCard()).available).toBe(4);
    for (const s of sizes) await setStock(s.id, null);
  });

  it("the product page's JSON-LD tells search engines what the page tells shoppers: in stock, limited (Últimas unidades), out of stock (Esgotado)", async () => {
    const sizes = await sizesOf('detergente-neutro-concentrado');
    const availability = async (slug: string) => (productJsonLd((await getProductDetail(handle.db, slug))!, 'https://loja.example').offers as { availability: string }).availability;
    for (const s of sizes) await setStock(s.id, 0);
    expect(await availability('detergente-neutro-concentrado')).toBe('https://schema.org/OutOfStock');
    expect(await availability('kit-cozinha-brilhante')).toBe('https://schema.org/OutOfStock'); // its detergent is gone
    await setStock(sizes[1]!.id, 3);
    expect(await availability('detergente-neutro-concentrado')).toBe('https://schema.org/LimitedAvailability');
    await setStock(sizes[0]!.id, 40);
    expect(await availability('detergente-neutro-concentrado')).toBe('https://schema.org/InStock');
    for (const s of sizes) await setStock(s.id, null);
    expect(await availability('detergente-neutro-concentrado')).toBe('https://schema.org/InStock');
  });

  it('every card of the catalogue promises what its sizes and, for a kit, its contents allow (one statement, checked against the per-id rule)', async () => {
    const before = await handle.db.select({ id: t.productVariants.id, stock: t.productVariants.stock }).from(t.productVariants);
    const all = await handle.db.select({ id: t.products.id, isKit: t.products.isKit }).from(t.products);
    try {
      // Three rounds of mixed stock (untracked, out, a few, plenty) over every size.
      for (let round = 0; round < 3; round++) {
        let k = round * 7 + 1;
        for (const v of before) {
          k = (k * 31 + 17) % 101;
          await setStock(v.id, k % 5 === 0 ? null : k % 4 === 0 ? 0 : k % 13);
        }
        const sizes = await handle.db.select({ productId: t.productVariants.productId, stock: t.productVariants.stock }).from(t.productVariants);
        const kits = await getAvailability(handle.db, all.filter((p) => p.isKit).map((p) => p.id));
        const expected = new Map<string, number | null>();
        for (const p of all) {
          let best: number | null | undefined = p.isKit ? kits.get(p.id) : undefined;
          for (const v of sizes.filter((x) => x.productId === p.id)) {
            if (best === null) break;
            best = v.stock === null ? null : Math.max(best ?? 0, v.stock);
          }
          if (best !== undefined) expected.set(p.id, best);
        }
        expect(expected.size).toBeGreaterThan(10);
        expect([...expected.values()].some((a) => a === null) && [...expected.values()].some((a) => a === 0) && [...expected.values()].some((a) => (a ?? 0) > 0)).toBe(true);
        expect(await getProductAvailability(handle.db, all.map((p) => p.id))).toEqual(expected);
      }
    } finally {
      for (const v of before) await setStock(v.id, v.stock);
    }
  });

  it("the admin's stock: blank is not tracked, a change applies to what is there now (units sold meanwhile stay sold), bad values refused", async () => {
    const [p] = await handle.db.select({ id: t.products.id }).from(t.products).where(eq(t.products.slug, 'limpador-de-inox'));
    const product = (await getEditableProduct(handle.db, p!.id))!;
    const toForm = (stock: (v: (typeof product.variants)[number], i: number) => [string, string]) => {
      const fields: Record<string, unknown> = {
        name: product.name,
        slug: product.slug,
        price: product.price.replace('.', ','),
        basePrice: (product.basePrice ?? product.price).replace('.', ','),
        description: product.description,
        categoryId: product.categoryId ?? '',
        variants: product.variants.map((v, i) => ({ id: v.id, size: v.size, price: v.price.replace('.', ','), imageUrl: v.imageUrl ?? '', stock: stock(v, i)[0], stockLoaded: stock(v, i)[1] })),
        kitItems: [],
      };
      return productFormSchema.parse(fields);
    };
    const [first, second] = product.variants;
    // Start: first size 10 units, second not tracked.
    await saveProduct(handle.db, p!.id, toForm((_, i) => (i === 0 ? ['10', ''] : ['', ''])));
    expect(await stockOf(first!.id)).toBe(10);
    expect(await stockOf(second!.id)).toBeNull();
    // The admin's form says 10 → 15 (+5), but a checkout took 2 meanwhile: 13, not 15.
    await setStock(first!.id, 8);
    await saveProduct(handle.db, p!.id, toForm((_, i) => (i === 0 ? ['15', '10'] : ['', ''])));
    expect(await stockOf(first!.id)).toBe(13);
    // Set to 0 from a stale 10 with 3 sold meanwhile: 0, never negative.
    await setStock(first!.id, 7);
    await saveProduct(handle.db, p!.id, toForm((_, i) => (i === 0 ? ['0', '10'] : ['', ''])));
    expect(await stockOf(first!.id)).toBe(0);
    // The list finds it among the sold out, and shows its units.
    const soldOut = await listAdminProducts(handle.db, { stock: 'esgotado' });
    expect(soldOut.rows.map((r) => r.id)).toContain(p!.id);
    expect(soldOut.rows.find((r) => r.id === p!.id)).toMatchObject({ stockMin: 0 });
    expect((await listAdminProducts(handle.db, { stock: 'baixo' })).rows.map((r) => r.id)).toContain(p!.id);
    // The product page's sizes say so.
    const detail = await getProductDetail(handle.db, 'limpador-de-inox');
    expect(detail!.variants.find((v) => v.id === first!.id)).toMatchObject({ available: 0 });
    // Negative, fractional or huge: refused at the field.
    for (const bad of ['-1', '1,5', '1000001', 'dez']) {
      const parsed = productFormSchema.safeParse({ ...toForm(() => ['', '']), variants: [{ size: '1 L', price: '5,00', stock: bad }] });
      expect(parsed.success ? {} : fieldErrors(parsed.error)).toMatchObject({ 'variants.0.stock': STOCK_MESSAGE });
    }
  });

  it('the database refuses negative stock whatever code writes it', async () => {
    const [size] = await sizesOf('limpador-de-inox');
    await expect(setStock(size!.id, -1)).rejects.toThrow();
  });
});
