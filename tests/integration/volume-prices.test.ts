// Issue 35: volume prices on each engine. The admin saves a size's tiers (bad rows refused in pt-BR
// beside their fields, nothing half-written); the checkout charges each size line the tier of its
// quantity (duplicate lines merged first, prices sent by the browser ignored, a kit at its own
// price); the subscriber or the welcome 10 % comes off the tier price, never both; a programmed
// delivery is priced by tier on its own day.
import { randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { addMonths, todayInBrazil } from '~/lib/plans';
import { percentOf } from '~/lib/pricing';
import { payNowSchema, type PayNowInput } from '~/lib/schemas/checkout';
import { productFormSchema } from '~/lib/schemas/admin-product';
import { TIER_MESSAGES } from '~/lib/volume-price';
import { action as productEditAction } from '~/routes/admin/product-edit';
import { getProductDetail, listFeaturedKits } from '~/server/catalog/catalog.server';
import { getEditableProduct, saveProduct } from '~/server/catalog/product-admin.server';
import { saveVariantTiers, tiersOfVariants } from '~/server/catalog/price-tiers.server';
import { placeOrder, quoteCart } from '~/server/flows/checkout.server';
import { getOwnOrder } from '~/server/orders/orders.server';
import { builtInProvider } from '~/server/payments/provider.server';
import { prepareDeliveryIn } from '~/server/subscriptions/deliveries.server';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';

const mocks = vi.hoisted(() => ({ getSessionUser: vi.fn(), getDb: vi.fn() }));
vi.mock('~/server/auth/session.server', () => ({
  getSessionUser: mocks.getSessionUser,
  requireAdmin: async () => ({ id: 'admin', role: 'admin' }),
  requireAdminAction: async () => ({ id: 'admin', role: 'admin' }),
}));
vi.mock('~/server/infra/db.server', () => ({ getDb: mocks.getDb }));

type Args = { request: Request; params: Record<string, string>; context: unknown };
const GALLON = 'detergente-alcalino-industrial';

describe.each(engines)('volume prices on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  /** The seeded 5 L gallon: R$ 69,90; R$ 64,90 from 6; R$ 59,90 from 24. */
  let gallon: { id: string; productId: string };
  let liter: { id: string; productId: string };
  let kit: { id: string; price: string };
  let n = 0;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    mocks.getDb.mockResolvedValue(handle.db);
    const detail = (await getProductDetail(handle.db, GALLON))!;
    const five = detail.variants.find((v) => v.size === '5 L')!;
    const one = detail.variants.find((v) => v.size === '1 L')!;
    gallon = { id: five.id, productId: detail.id };
    liter = { id: one.id, productId: detail.id };
    const [k] = await listFeaturedKits(handle.db);
    kit = { id: k!.id, price: k!.price };
  });
  afterAll(async () => {
    await handle?.drop();
  });

  async function newBuyer() {
    n += 1;
    const id = `tier-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Comprador ${n}`, email: `${id}@exemplo.com.br` });
    return { id, name: `Comprador ${n}`, email: `${id}@exemplo.com.br` };
  }
  async function makeSubscriber(userId: string) {
    await handle.db.insert(t.userSubscriptions).values({ userId, frequency: 'monthly', status: 'active', anchorDate: todayInBrazil(), nextDeliveryDate: addMonths(todayInBrazil(), 1), totalValue: '49.90', paidThrough: addMonths(todayInBrazil(), 1) });
  }
  const input = (cart: unknown[], extra: Record<string, unknown> = {}): PayNowInput =>
    payNowSchema.parse({ intent: 'pay', cart: JSON.stringify(cart), idempotencyKey: randomUUID(), paymentMethod: 'pix', delivery: NEW_ADDRESS_DELIVERY, taxId: generateCpf(), ...extra });
  const line = (quantity: number, extra: Record<string, unknown> = {}) => ({ id: gallon.id, product_id: gallon.productId, quantity, ...extra });

  it('the product page and its modal receive each size’s tiers', async () => {
    const detail = (await getProductDetail(handle.db, GALLON))!;
    expect(detail.variants.find((v) => v.id === gallon.id)!.tiers).toEqual([
      { minQuantity: 6, price: '64.90' },
      { minQuantity: 24, price: '59.90' },
    ]);
    expect(detail.variants.find((v) => v.id === liter.id)!.tiers).toEqual([]);
  });

  it('quotes each size line at the tier of its quantity; a size without tiers and a kit keep their price', async () => {
    const unit = async (quantity: number) => (await quoteCart(handle.db, null, [line(quantity)])).lines[0]!;
    expect(await unit(5)).toMatchObject({ unitCents: 6990, unitPrice: '69.90', listUnitCents: 6990, tierMinQuantity: 1 });
    expect(await unit(6)).toMatchObject({ unitCents: 6490, unitPrice: '64.90', tierMinQuantity: 6 });
    expect(await unit(23)).toMatchObject({ unitCents: 6490 });
    expect(await unit(24)).toMatchObject({ unitCents: 5990, unitPrice: '59.90', listUnitCents: 6990, tierMinQuantity: 24 });
    const mixed = await quoteCart(handle.db, null, [
      { id: liter.id, product_id: liter.productId, quantity: 30 },
      { id: kit.id, product_id: kit.id, quantity: 30 },
    ]);
    expect(mixed.lines.map((l) => l.unitPrice)).toEqual(['19.90', kit.price]);
  });

  it('merges duplicate lines before choosing the tier, and ignores the prices the browser sends', async () => {
    const quote = await quoteCart(handle.db, null, [line(20, { price: '0.01' }), line(4, { price: 0, unitPrice: '1.00' })]);
    expect(quote.lines).toHaveLength(1);
    expect(quote.lines[0]).toMatchObject({ quantity: 24, unitCents: 5990 });
    expect(quote.totals.subtotalCents).toBe(24 * 5990);
  });

  it('places the order at the tier price, with the welcome 10 % on top of it', async () => {
    const buyer = await newBuyer();
    const { orderId } = await placeOrder(handle.db, buyer, input([line(12, { price: '1.00' }), line(12)]), builtInProvider);
    const order = (await getOwnOrder(handle.db, buyer.id, orderId))!;
    const subtotal = 24 * 5990;
    expect(order.items).toEqual([expect.objectContaining({ quantity: 24, priceAtPurchase: '59.90' })]);
    expect(order).toMatchObject({ subtotalPrice: (subtotal / 100).toFixed(2), discountKind: 'welcome', discountPrice: (percentOf(subtotal, 10) / 100).toFixed(2) });
    expect(order.totalPrice).toBe(((subtotal - percentOf(subtotal, 10)) / 100).toFixed(2));
  });

  it('a subscriber’s first purchase: one 10 % (the subscriber’s) on the tier price, never both', async () => {
    const buyer = await newBuyer();
    await makeSubscriber(buyer.id);
    const quote = await quoteCart(handle.db, buyer.id, [line(6)]);
    expect(quote.lines[0]!.unitCents).toBe(6490);
    expect(quote.totals).toMatchObject({ subtotalCents: 6 * 6490, discountKind: 'subscriber', discountCents: percentOf(6 * 6490, 10) });
    expect(quote.totals.totalCents - quote.totals.shippingCents).toBe(6 * 6490 - percentOf(6 * 6490, 10));
  });

  it('a programmed delivery is priced by the tier of its quantity on its own day', async () => {
    const buyer = await newBuyer();
    await makeSubscriber(buyer.id);
    const { orderId } = await placeOrder(handle.db, buyer, input([line(24)], { deliveryFrequency: 1 }), builtInProvider);
    expect((await getOwnOrder(handle.db, buyer.id, orderId))!.items[0]!.priceAtPurchase).toBe('59.90');
    const [delivery] = await handle.db.select().from(t.programmedDeliveries).where(eq(t.programmedDeliveries.userId, buyer.id));
    expect(delivery).toBeDefined();
    // The tier changed since: the delivery charges today's tier price; its date is today.
    await handle.db.update(t.variantPriceTiers).set({ price: '57.90' }).where(and(eq(t.variantPriceTiers.variantId, gallon.id), eq(t.variantPriceTiers.minQuantity, 24)));
    await handle.db.update(t.programmedDeliveries).set({ nextDate: todayInBrazil() }).where(eq(t.programmedDeliveries.id, delivery!.id));
    const prepared = await handle.db.transaction((tx) => prepareDeliveryIn(tx, delivery!.id, todayInBrazil(), builtInProvider));
    expect(prepared).not.toBeNull();
    expect(prepared).not.toBe('skipped');
    const [run] = await handle.db.select().from(t.programmedDeliveryRuns).where(eq(t.programmedDeliveryRuns.deliveryId, delivery!.id));
    const order = (await getOwnOrder(handle.db, buyer.id, run!.orderId!))!;
    const subtotal = 24 * 5790;
    expect(order.items).toEqual([expect.objectContaining({ quantity: 24, priceAtPurchase: '57.90' })]);
    expect(order).toMatchObject({ subtotalPrice: (subtotal / 100).toFixed(2), discountKind: 'subscriber', discountPrice: (percentOf(subtotal, 10) / 100).toFixed(2) });
    await saveVariantTiers(handle.db, gallon.id, [
      { minQuantity: 6, priceCents: 6490 },
      { minQuantity: 24, priceCents: 5990 },
    ]);
  });

  describe('admin product form', () => {
    let productId: string;
    const fields = (tiers: [string, string][]) => ({
      name: 'Galão Teste Faixas',
      basePrice: '50,00',
      'variants.0.size': '5 L',
      'variants.0.price': '50,00',
      ...Object.fromEntries(tiers.flatMap(([q, p], j) => [[`variants.0.tiers.${j}.minQuantity`, q], [`variants.0.tiers.${j}.price`, p]])),
    });
    const parse = (f: Record<string, string>) => {
      const variants = [{ size: f['variants.0.size'], price: f['variants.0.price'], tiers: [] as { minQuantity: string; price: string }[] }];
      for (let j = 0; f[`variants.0.tiers.${j}.minQuantity`] !== undefined; j++) variants[0]!.tiers.push({ minQuantity: f[`variants.0.tiers.${j}.minQuantity`]!, price: f[`variants.0.tiers.${j}.price`]! });
      return productFormSchema.parse({ name: f.name, basePrice: f.basePrice, variants });
    };
    const tiersNow = async () => {
      const product = (await getEditableProduct(handle.db, productId))!;
      return product.variants[0]!.tiers;
    };
    async function post(body: Record<string, string>) {
      const request = new Request(`http://localhost/admin/products/${productId}`, { method: 'POST', body: new URLSearchParams(body), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      const value = (await productEditAction({ request, params: { id: productId }, context: {} } as Args as Parameters<typeof productEditAction>[0])) as unknown;
      return value as { type?: string; data: { errors: Record<string, string> }; init: ResponseInit | null };
    }

    beforeAll(async () => {
      productId = await saveProduct(handle.db, null, parse(fields([['6', '45,00'], ['24', '40,00']])));
    });

    it('saves a size’s tiers, and replaces them on the next save', async () => {
      expect(await tiersNow()).toEqual([
        { minQuantity: 6, price: '45.00' },
        { minQuantity: 24, price: '40.00' },
      ]);
      const product = (await getEditableProduct(handle.db, productId))!;
      const next = parse(fields([['12', '42,50']]));
      next.variants[0]!.id = product.variants[0]!.id;
      await saveProduct(handle.db, productId, next, product.version);
      expect(await tiersNow()).toEqual([{ minQuantity: 12, price: '42.50' }]);
    });

    it('refuses bad rows in pt-BR beside their fields and writes nothing', async () => {
      const before = await tiersNow();
      const answer = await post(fields([['6', '55,00'], ['6', '40,00'], ['1', 'x']]));
      expect(answer.init?.status).toBe(400);
      expect(answer.data.errors).toMatchObject({
        'variants.0.tiers.0.price': TIER_MESSAGES.belowBase,
        'variants.0.tiers.1.minQuantity': TIER_MESSAGES.duplicate,
        'variants.0.tiers.2.minQuantity': TIER_MESSAGES.quantity,
        'variants.0.tiers.2.price': 'Informe um valor como 12,50 (até 2 casas decimais).',
      });
      expect(await tiersNow()).toEqual(before);
    });

    it('a tier the database refuses (past the schema) rolls back the whole save', async () => {
      const product = (await getEditableProduct(handle.db, productId))!;
      const bad = parse(fields([['12', '42,50']]));
      bad.name = 'Nome Que Não Deve Ficar';
      bad.variants[0]!.id = product.variants[0]!.id;
      bad.variants[0]!.tiers = [{ minQuantity: 1, price: '10.00' }];
      await expect(saveProduct(handle.db, productId, bad, product.version)).rejects.toThrow();
      const after = (await getEditableProduct(handle.db, productId))!;
      expect(after.name).toBe('Galão Teste Faixas');
      expect(after.variants[0]!.tiers).toEqual([{ minQuantity: 12, price: '42.50' }]);
      const rows = await tiersOfVariants(handle.db, [product.variants[0]!.id]);
      expect(rows.get(product.variants[0]!.id)).toEqual([{ minQuantity: 12, priceCents: 4250 }]);
      const count = (await handle.db.execute(sql`select count(*)::int as n from variant_price_tiers`)).rows[0] as { n: number };
      expect(count.n).toBeGreaterThan(0);
    });
  });
});
