import { randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { percentOf } from '~/lib/pricing';
import { payNowSchema, type PayNowInput } from '~/lib/schemas/checkout';
import { fieldErrors } from '~/lib/schemas/field-errors';
import { searchProducts, getProductDetail, listFeaturedKits } from '~/server/catalog/catalog.server';
import { CheckoutError, getUserTaxId, placeOrder, quoteCart, type CheckoutStep } from '~/server/flows/checkout.server';
import { getOwnOrder, listOwnOrders } from '~/server/orders/orders.server';
import { builtInProvider, type PaymentProvider } from '~/server/payments/provider.server';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { addMonths, todayInBrazil } from '~/lib/plans';
import { engines } from '../support/engines';

describe.each(engines)('checkout on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let variant: { id: string; productId: string; price: string };
  let variant2: { id: string; productId: string; price: string };
  let kit: { id: string; price: string };
  let n = 0;

  async function newBuyer() {
    n += 1;
    const id = `buyer-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Comprador ${n}`, email: `${id}@exemplo.com.br` });
    return { id, name: `Comprador ${n}`, email: `${id}@exemplo.com.br` };
  }

  function input(cart: unknown[], extra: Partial<Record<string, unknown>> = {}): PayNowInput {
    return payNowSchema.parse({
      intent: 'pay',
      cart: JSON.stringify(cart),
      idempotencyKey: randomUUID(),
      paymentMethod: 'pix',
      delivery: NEW_ADDRESS_DELIVERY,
      // A CPF of its own, so no test's purchase is another's "earlier order" by accident.
      taxId: generateCpf(),
      ...extra,
    });
  }

  const counts = async () => {
    const [row] = (
      await handle.db.execute(
        sql`select (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as items, (select count(*) from user_subscriptions)::int as subs`,
      )
    ).rows as { orders: number; items: number; subs: number }[];
    return row!;
  };

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    const [p1, p2] = await searchProducts(handle.db, { term: 'detergente' });
    const d1 = await getProductDetail(handle.db, p1!.slug);
    const d2 = await getProductDetail(handle.db, p2!.slug);
    variant = { id: d1!.variants[0]!.id, productId: d1!.id, price: d1!.variants[0]!.price };
    variant2 = { id: d2!.variants[1]!.id, productId: d2!.id, price: d2!.variants[1]!.price };
    const [k] = await listFeaturedKits(handle.db);
    kit = { id: k!.id, price: k!.price };
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it('ignores prices sent by the browser and charges the database price', async () => {
    const buyer = await newBuyer();
    const cart = [
      { id: variant.id, product_id: variant.productId, quantity: 2, price: '0.01', name: 'barato' },
      { id: kit.id, product_id: kit.id, quantity: 1, price: 0 },
    ];
    const attempt = input(cart);
    const { orderId } = await placeOrder(handle.db, buyer, attempt, builtInProvider);
    const order = await getOwnOrder(handle.db, buyer.id, orderId);
    const cents = (v: string) => Math.round(Number(v) * 100);
    const subtotal = cents(variant.price) * 2 + cents(kit.price);
    expect(cents(order!.subtotalPrice)).toBe(subtotal);
    // A first purchase: the welcome 10% comes off the database prices too.
    expect(cents(order!.totalPrice)).toBe(subtotal - percentOf(subtotal, 10));
    // A Pix is shown, not assumed paid: the order waits for its confirmation.
    expect(order!.status).toBe('pending');
    expect(order!.paymentExpiresAt).not.toBeNull();
    expect(order!.address).toMatchObject({ recipientName: 'Maria da Silva', zipCode: '01310100', state: 'SP' });
    expect(order!.items.map((i) => i.priceAtPurchase).sort()).toEqual([variant.price, kit.price].sort());
    expect(order!.paymentDetails).toMatchObject({ method: 'pix' });
    expect(order!.deliveryFrequencyMonths).toBeNull();
    // The CPF is kept on the profile for the next purchase.
    const [u] = await handle.db.select().from(t.user).where(eq(t.user.id, buyer.id));
    expect(u?.taxId).toBe(attempt.taxId);
  });

  it('a company pays with an alphanumeric CNPJ typed in lower case: the order and the profile keep it in upper case', async () => {
    const buyer = await newBuyer();
    const { orderId } = await placeOrder(handle.db, buyer, input([{ id: variant.id, product_id: variant.productId, quantity: 1 }], { taxId: '12.abc.345/01de-35', ieIndicator: '9' }), builtInProvider);
    const [order] = await handle.db.select().from(t.orders).where(eq(t.orders.id, orderId));
    expect(order).toMatchObject({ taxId: '12ABC34501DE35', status: 'pending', userId: buyer.id });
    expect(await getUserTaxId(handle.db, buyer.id)).toBe('12ABC34501DE35');
  });

  it('an invalid alphanumeric CNPJ is refused in pt-BR; one that skipped the form is refused by the database and nothing is written', async () => {
    const buyer = await newBuyer();
    const cart = JSON.stringify([{ id: variant.id, product_id: variant.productId, quantity: 1 }]);
    const refused = payNowSchema.safeParse({ intent: 'pay', cart, idempotencyKey: randomUUID(), paymentMethod: 'pix', taxId: '12.ABC.345/01DE-36', delivery: NEW_ADDRESS_DELIVERY });
    expect(refused.success ? {} : fieldErrors(refused.error)).toEqual({ taxId: 'CPF ou CNPJ inválido. Confira os caracteres.' });

    // Valid check digits but not as stored (lower case): the tax_id CHECK refuses the order.
    const before = await counts();
    const skipped: PayNowInput = { ...input(JSON.parse(cart) as unknown[]), taxId: '12abc34501de35' };
    const error = await placeOrder(handle.db, buyer, skipped, builtInProvider).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckoutError);
    expect((error as CheckoutError).step).toBe('order');
    expect(await counts()).toEqual(before);
    expect(await getUserTaxId(handle.db, buyer.id)).toBeNull();
  });

  it("a subscriber's order of single products gets 10% off and the delivery frequency", async () => {
    const buyer = await newBuyer();
    await handle.db.insert(t.userSubscriptions).values({ userId: buyer.id, frequency: 'monthly', status: 'active', anchorDate: todayInBrazil(), nextDeliveryDate: addMonths(todayInBrazil(), 1), totalValue: '49.90', paidThrough: addMonths(todayInBrazil(), 1) });
    const quote = await quoteCart(handle.db, buyer.id, [{ id: variant2.id, product_id: variant2.productId, quantity: 3 }]);
    expect(quote.isSubscriber).toBe(true);
    expect(quote.totals.discountKind).toBe('subscriber');
    const { orderId } = await placeOrder(handle.db, buyer, input([{ id: variant2.id, product_id: variant2.productId, quantity: 3 }], { deliveryFrequency: 2 }), builtInProvider);
    const order = await getOwnOrder(handle.db, buyer.id, orderId);
    const subtotal = Math.round(Number(variant2.price) * 100) * 3;
    const discount = Math.floor((subtotal * 10 + 50) / 100);
    expect(Math.round(Number(order!.discountPrice) * 100)).toBe(discount);
    expect(Math.round(Number(order!.totalPrice) * 100)).toBe(subtotal - discount);
    expect(order!.deliveryFrequencyMonths).toBe(2);
    // One 10%, the subscriber's, although this is also the account's first purchase.
    expect(order!.discountKind).toBe('subscriber');
  });

  it('an order with a plan creates the subscription; the welcome 10% comes off the products, never the plan; no frequency', async () => {
    const buyer = await newBuyer();
    const cart = [
      { id: 'plan:semiannual', product_id: 'plan:semiannual', quantity: 1, is_subscription: true, frequency: 'semiannual' },
      { id: variant.id, product_id: variant.productId, quantity: 1 },
    ];
    const { orderId } = await placeOrder(handle.db, buyer, input(cart, { paymentMethod: 'credit_card', installments: 3 }), builtInProvider);
    const order = await getOwnOrder(handle.db, buyer.id, orderId);
    const products = Math.round(Number(variant.price) * 100);
    expect(Math.round(Number(order!.discountPrice) * 100)).toBe(percentOf(products, 10));
    expect(order!.discountKind).toBe('welcome');
    expect(order!.deliveryFrequencyMonths).toBeNull();
    expect(Math.round(Number(order!.totalPrice) * 100)).toBe(24950 + products - percentOf(products, 10));
    const subs = await handle.db.select().from(t.userSubscriptions).where(eq(t.userSubscriptions.userId, buyer.id));
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ frequency: 'semiannual', status: 'active', totalValue: '249.50' });
    expect(order!.paymentDetails).toMatchObject({ method: 'credit_card', installments: 3 });
    const parts = (order!.paymentDetails as { installmentCents: number[] }).installmentCents;
    expect(parts.reduce((a, b) => a + b, 0)).toBe(Math.round(Number(order!.totalPrice) * 100));
  });

  it.each<CheckoutStep>(['subscription', 'order', 'items', 'stock'])('a failure after the %s step writes nothing', async (failing) => {
    const buyer = await newBuyer();
    const before = await counts();
    const cart = [
      { id: 'plan:monthly', product_id: 'plan:monthly', quantity: 1, is_subscription: true, frequency: 'monthly' },
      { id: variant.id, product_id: variant.productId, quantity: 2 },
    ];
    const error = await placeOrder(handle.db, buyer, input(cart), builtInProvider, async (step) => {
      if (step === failing) throw new Error(`falha injetada em ${step}`);
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(await counts()).toEqual(before);
    const [u] = await handle.db.select().from(t.user).where(eq(t.user.id, buyer.id));
    expect(u?.taxId).toBeNull();
  });

  it('a declined payment cancels its order (committed before the charge), gives the stock back and says why', async () => {
    const buyer = await newBuyer();
    await handle.db.update(t.productVariants).set({ stock: 10 }).where(eq(t.productVariants.id, variant.id));
    const [before] = await handle.db.select({ stock: t.productVariants.stock }).from(t.productVariants).where(eq(t.productVariants.id, variant.id));
    const declining: PaymentProvider = { ...builtInProvider, name: 'recusa', charge: async () => ({ approved: false, reason: 'cartão sem limite' }) };
    const attempt = input([{ id: variant.id, product_id: variant.productId, quantity: 1 }]);
    const error = await placeOrder(handle.db, buyer, attempt, declining).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckoutError);
    expect((error as CheckoutError).message).toBe('Pagamento recusado: cartão sem limite');
    const [order] = await handle.db.select().from(t.orders).where(eq(t.orders.idempotencyKey, attempt.idempotencyKey));
    expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'Pagamento recusado: cartão sem limite' });
    const [after] = await handle.db.select({ stock: t.productVariants.stock }).from(t.productVariants).where(eq(t.productVariants.id, variant.id));
    expect(before!.stock).toBe(10);
    expect(after!.stock).toBe(10);
    const [attemptRow] = await handle.db.select().from(t.paymentAttempts).where(eq(t.paymentAttempts.orderId, order!.id));
    expect(attemptRow).toMatchObject({ status: 'declined', idempotencyKey: `pedido:${order!.id}:1`, reason: 'cartão sem limite' });
  });

  it('a database error in a step is reported with that step', async () => {
    const buyer = await newBuyer();
    await handle.db.insert(t.userSubscriptions).values({ userId: buyer.id, frequency: 'monthly', status: 'paused', pausedReason: 'customer', anchorDate: todayInBrazil(), nextDeliveryDate: addMonths(todayInBrazil(), 1), totalValue: '49.90', paidThrough: addMonths(todayInBrazil(), 1) });
    // A paused subscriber cannot buy a second plan: the line is refused before anything is written.
    const error = await placeOrder(handle.db, buyer, input([{ id: 'plan:annual', product_id: 'plan:annual', quantity: 1, is_subscription: true, frequency: 'annual' }]), builtInProvider).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckoutError);
    expect((error as CheckoutError).step).toBe('cart');
  });

  it('20 concurrent submits with the same key make exactly one order', async () => {
    const buyer = await newBuyer();
    const attempt = input([{ id: variant.id, product_id: variant.productId, quantity: 1 }]);
    const before = await counts();
    const results = await Promise.all(Array.from({ length: 20 }, () => placeOrder(handle.db, buyer, attempt, builtInProvider)));
    expect(new Set(results.map((r) => r.orderId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const after = await counts();
    expect(after.orders - before.orders).toBe(1);
    expect(after.items - before.items).toBe(1);
  });

  it('removed products are reported by the quote and block payment until the customer has seen them', async () => {
    const buyer = await newBuyer();
    const quote = await quoteCart(handle.db, buyer.id, [
      { id: variant.id, product_id: variant.productId, quantity: 1 },
      { id: '00000000-0000-4000-8000-000000000000', product_id: 'x', quantity: 1 },
      { id: 'not-a-uuid', product_id: 'x', quantity: 1 },
    ]);
    expect(quote.lines).toHaveLength(1);
    expect(quote.removed).toEqual(['00000000-0000-4000-8000-000000000000', 'not-a-uuid']);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const error = await placeOrder(handle.db, buyer, input([{ id: unknown, product_id: unknown, quantity: 1 }]), builtInProvider).catch((e: unknown) => e);
    expect((error as CheckoutError).step).toBe('cart');
    // A malformed id never gets that far: the posted cart is refused (400) before any query.
    expect(() => input([{ id: 'not-a-uuid', product_id: 'x', quantity: 1 }])).toThrow('Carrinho inválido. Recarregue a página e tente novamente.');
  });

  it("nobody reads another customer's order", async () => {
    const owner = await newBuyer();
    const other = await newBuyer();
    const { orderId } = await placeOrder(handle.db, owner, input([{ id: variant.id, product_id: variant.productId, quantity: 1 }]), builtInProvider);
    expect(await getOwnOrder(handle.db, other.id, orderId)).toBeNull();
    expect(await getOwnOrder(handle.db, owner.id, orderId)).not.toBeNull();
    expect(await getOwnOrder(handle.db, owner.id, 'nao-e-uuid')).toBeNull();
    expect((await listOwnOrders(handle.db, other.id)).items.map((o) => o.id)).not.toContain(orderId);
    expect((await listOwnOrders(handle.db, owner.id)).items.map((o) => o.id)).toEqual([orderId]);
  });
});
