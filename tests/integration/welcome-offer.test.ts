// The welcome offer (10% off the first purchase) on both databases: who gets
// it, what is stored, and that two first purchases at once get it only once.
import { randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { percentOf } from '~/lib/pricing';
import { payNowSchema, type PayNowInput } from '~/lib/schemas/checkout';
import { getProductDetail, searchProducts } from '~/server/catalog/catalog.server';
import { CheckoutError, placeOrder, quoteCart } from '~/server/flows/checkout.server';
import { getOwnOrder, isFirstPurchase } from '~/server/orders/orders.server';
import { builtInProvider } from '~/server/payments/provider.server';
import { applyOrderAction } from '~/server/orders/transitions.server';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';

describe.each(engines)('welcome offer on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let line: { id: string; product_id: string; quantity: number };
  let unitCents: number;
  let n = 0;

  async function newBuyer() {
    n += 1;
    const id = `welcome-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Cliente ${n}`, email: `${id}@exemplo.com.br` });
    return { id, name: `Cliente ${n}`, email: `${id}@exemplo.com.br` };
  }

  function input(taxId: string, extra: Record<string, unknown> = {}): PayNowInput {
    return payNowSchema.parse({
      intent: 'pay',
      cart: JSON.stringify([line]),
      idempotencyKey: randomUUID(),
      paymentMethod: 'pix',
      delivery: NEW_ADDRESS_DELIVERY,
      taxId,
      ...extra,
    });
  }

  const subtotal = () => unitCents * line.quantity;
  const welcomeTotal = () => subtotal() - percentOf(subtotal(), 10);

  const ordersOf = (where: ReturnType<typeof eq>) =>
    handle.db.select({ id: t.orders.id, discountKind: t.orders.discountKind, totalPrice: t.orders.totalPrice }).from(t.orders).where(where);

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    const [p] = await searchProducts(handle.db, { term: 'desinfetante' });
    const detail = await getProductDetail(handle.db, p!.slug);
    const v = detail!.variants[0]!;
    line = { id: v.id, product_id: detail!.id, quantity: 3 };
    unitCents = Math.round(Number(v.price) * 100);
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it('the first purchase gets 10% off as "welcome", stored on the order; the second pays full price', async () => {
    const buyer = await newBuyer();
    const cpf = generateCpf();
    const quote = await quoteCart(handle.db, buyer.id, [line], cpf);
    expect(quote.firstPurchase).toBe(true);
    expect(quote.totals).toMatchObject({ discountKind: 'welcome', totalCents: welcomeTotal() });

    const first = await placeOrder(handle.db, buyer, input(cpf, { expectedTotalCents: welcomeTotal() }), builtInProvider);
    const order = await getOwnOrder(handle.db, buyer.id, first.orderId);
    expect(order).toMatchObject({ discountKind: 'welcome', status: 'pending' });
    expect(Math.round(Number(order!.discountPrice) * 100)).toBe(percentOf(subtotal(), 10));
    expect(Math.round(Number(order!.totalPrice) * 100)).toBe(welcomeTotal());

    // The quote no longer offers it, with or without the CPF typed.
    expect((await quoteCart(handle.db, buyer.id, [line])).totals.discountKind).toBeNull();
    expect((await quoteCart(handle.db, buyer.id, [line], generateCpf())).firstPurchase).toBe(false);
    const second = await placeOrder(handle.db, buyer, input(generateCpf()), builtInProvider);
    const again = await getOwnOrder(handle.db, buyer.id, second.orderId);
    expect(again).toMatchObject({ discountKind: null, discountPrice: '0.00' });
    expect(Math.round(Number(again!.totalPrice) * 100)).toBe(subtotal());
  });

  it('another account with a CPF/CNPJ that already bought gets no welcome discount', async () => {
    const cpf = generateCpf();
    await placeOrder(handle.db, await newBuyer(), input(cpf), builtInProvider);
    const other = await newBuyer();
    expect(await isFirstPurchase(handle.db, other.id, cpf)).toBe(false);
    const { orderId } = await placeOrder(handle.db, other, input(cpf), builtInProvider);
    expect((await getOwnOrder(handle.db, other.id, orderId))?.discountKind).toBeNull();
    // The same account with a new CPF is still not a first purchase.
    expect(await isFirstPurchase(handle.db, other.id, generateCpf())).toBe(false);
  });

  it('a cancelled order is not a purchase: the offer is still there', async () => {
    const buyer = await newBuyer();
    const cpf = generateCpf();
    const { orderId } = await placeOrder(handle.db, buyer, input(cpf), builtInProvider);
    expect(await isFirstPurchase(handle.db, buyer.id, cpf)).toBe(false);
    await applyOrderAction(handle.db, { orderId, action: 'cancel', actor: { kind: 'customer', userId: buyer.id }, reason: 'Desisti' });
    expect(await isFirstPurchase(handle.db, buyer.id, cpf)).toBe(true);
    const next = await placeOrder(handle.db, buyer, input(cpf), builtInProvider);
    expect((await getOwnOrder(handle.db, buyer.id, next.orderId))?.discountKind).toBe('welcome');
  });

  it('a total that changed since the page showed it stops the payment and writes nothing', async () => {
    const buyer = await newBuyer();
    const cpf = generateCpf();
    const error = await placeOrder(handle.db, buyer, input(cpf, { expectedTotalCents: subtotal() }), builtInProvider).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckoutError);
    expect(error).toMatchObject({ step: 'cart', message: 'O total do pedido mudou. Confira o resumo antes de pagar.' });
    expect(await ordersOf(eq(t.orders.userId, buyer.id))).toHaveLength(0);
  });

  it('five first purchases at once by one customer: exactly one order, with the discount', async () => {
    const buyer = await newBuyer();
    const cpf = generateCpf();
    // Each attempt expects the welcome total the page showed; different keys, as five tabs would send.
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => placeOrder(handle.db, buyer, input(cpf, { expectedTotalCents: welcomeTotal() }), builtInProvider)),
    );
    const placed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as unknown);
    expect(placed).toHaveLength(1);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(CheckoutError);
      expect((reason as CheckoutError).step).toBe('cart');
      expect((reason as CheckoutError).message).toMatch(/desconto de boas-vindas já foi usado|total do pedido mudou/);
    }
    const rows = await ordersOf(eq(t.orders.userId, buyer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.discountKind).toBe('welcome');
  });

  it('a first purchase sent again (a double submit, a retry) is the same order, never "the total changed"', async () => {
    const buyer = await newBuyer();
    const cpf = generateCpf();
    // The same attempt (one key) expecting the welcome total: after the first commits, the quote of a
    // repeat would see a returning buyer (full price) — the key must answer before that refusal.
    const attempt = input(cpf, { expectedTotalCents: welcomeTotal() });
    const first = await placeOrder(handle.db, buyer, attempt, builtInProvider);
    expect(first.replayed).toBe(false);
    const again = await placeOrder(handle.db, buyer, attempt, builtInProvider);
    expect(again).toMatchObject({ orderId: first.orderId, replayed: true });
    // And five of the same at once: one order, every answer naming it.
    const other = await newBuyer();
    const same = input(generateCpf(), { expectedTotalCents: welcomeTotal() });
    const results = await Promise.all(Array.from({ length: 5 }, () => placeOrder(handle.db, other, same, builtInProvider)));
    expect(new Set(results.map((r) => r.orderId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const rows = await ordersOf(eq(t.orders.userId, other.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.discountKind).toBe('welcome');
  });

  it('two accounts with one CNPJ buying at once: only one gets the discount', async () => {
    const cnpj = '11222333000181';
    const buyers = await Promise.all([newBuyer(), newBuyer(), newBuyer()]);
    // Without an expected total, a late attempt may still go through, at full price.
    const results = await Promise.allSettled(buyers.map((b) => placeOrder(handle.db, b, input(cnpj, { ieIndicator: '9' }), builtInProvider)));
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as CheckoutError).message).toMatch(/desconto de boas-vindas já foi usado/);
    }
    const welcome = await ordersOf(and(eq(t.orders.taxId, cnpj), eq(t.orders.discountKind, 'welcome'))!);
    expect(welcome).toHaveLength(1);
  });

  it('the database itself refuses a second live welcome order for one account or CPF/CNPJ', async () => {
    const buyer = await newBuyer();
    const cpf = generateCpf();
    const row = { userId: buyer.id, totalPrice: '9.00', subtotalPrice: '10.00', discountPrice: '1.00', discountKind: 'welcome' as const, taxId: cpf, status: 'paid' as const };
    await handle.db.insert(t.orders).values({ ...row, idempotencyKey: randomUUID() });
    await expect(handle.db.insert(t.orders).values({ ...row, idempotencyKey: randomUUID() })).rejects.toThrow();
    const other = await newBuyer();
    await expect(handle.db.insert(t.orders).values({ ...row, userId: other.id, idempotencyKey: randomUUID() })).rejects.toThrow();
    // A discount always says which one it is.
    await expect(handle.db.insert(t.orders).values({ ...row, userId: other.id, taxId: generateCpf(), discountKind: null, idempotencyKey: randomUUID() })).rejects.toThrow();
    const [count] = (await handle.db.execute(sql`select count(*)::int as n from orders where user_id in (${buyer.id}, ${other.id})`)).rows as { n: number }[];
    expect(count!.n).toBe(1);
  });
});
