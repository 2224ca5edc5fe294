// Freight at checkout on both databases (issue 33): the seeded store ships free; with rates on, the
// price and date stored on the order are the quote's; a tampered service, a changed rule, goods no
// service takes to the CEP, and a cart split into parcels by hazard class.
import { randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { addBusinessDays } from '~/lib/business-days';
import { toCents } from '~/lib/money';
import { todayInBrazil } from '~/lib/plans';
import { payNowSchema, type PayNowInput } from '~/lib/schemas/checkout';
import { CheckoutError, FREIGHT_CHANGED, placeOrder, quoteCart } from '~/server/flows/checkout.server';
import { getOwnOrder } from '~/server/orders/orders.server';
import { builtInProvider } from '~/server/payments/provider.server';
import { forgetFreightRules } from '~/server/shipping/rules.server';
import { engines } from '../support/engines';

const MANAUS = { zipCode: '69005-000', street: 'Avenida Eduardo Ribeiro', number: '520', complement: '', neighborhood: 'Centro', city: 'Manaus', state: 'AM' };
const SAO_PAULO = { zipCode: '01310-100', street: 'Avenida Paulista', number: '1000', complement: '', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };

describe.each(engines)('freight at checkout on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let detergent5l: { id: string; product_id: string };
  let alcohol1l: { id: string; product_id: string };
  let bleach1l: { id: string; product_id: string };
  let services: Record<string, string>;
  let n = 0;

  async function newBuyer() {
    n += 1;
    const id = `frete-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Cliente ${n}`, email: `${id}@exemplo.com.br` });
    return { id, name: `Cliente ${n}`, email: `${id}@exemplo.com.br` };
  }

  const cartOf = (...lines: { id: string; product_id: string; quantity: number }[]) => lines;

  function input(cart: ReturnType<typeof cartOf>, address: typeof SAO_PAULO, extra: Record<string, unknown> = {}): PayNowInput {
    return payNowSchema.parse({
      intent: 'pay',
      cart: JSON.stringify(cart),
      idempotencyKey: randomUUID(),
      paymentMethod: 'pix',
      delivery: { addressId: 'new', recipientName: 'Maria da Silva', newAddress: address },
      taxId: generateCpf(),
      ...extra,
    });
  }

  /** The merchant turns rates on: Entrega Clarear off, these on. */
  async function activate(...names: string[]) {
    await handle.db.update(t.shippingServices).set({ active: false });
    await handle.db.update(t.shippingServices).set({ active: true }).where(inArray(t.shippingServices.name, names));
    // Written behind the admin's back: the quotes' cached rules are forgotten as an admin's save does.
    forgetFreightRules();
  }

  const orderCount = async () => (await handle.db.select({ n: count() }).from(t.orders))[0]!.n;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    const variant = async (slug: string, size: string) => {
      const [row] = await handle.db
        .select({ id: t.productVariants.id, product_id: t.products.id })
        .from(t.productVariants)
        .innerJoin(t.products, eq(t.products.id, t.productVariants.productId))
        .where(and(eq(t.products.slug, slug), eq(t.productVariants.size, size)));
      return row!;
    };
    detergent5l = await variant('detergente-neutro-concentrado', '5 L');
    alcohol1l = await variant('alcool-70', '1 L');
    bleach1l = await variant('agua-sanitaria-2-5', '1 L');
    services = Object.fromEntries((await handle.db.select({ id: t.shippingServices.id, name: t.shippingServices.name }).from(t.shippingServices)).map((s) => [s.name, s.id]));
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it('the seeded store ships everything free, with a date: "Entrega Clarear", next business day in Grande São Paulo', async () => {
    const buyer = await newBuyer();
    const cart = cartOf({ ...alcohol1l, quantity: 1 }, { ...detergent5l, quantity: 4 });
    const noCep = await quoteCart(handle.db, buyer.id, cart);
    expect(noCep.freight).toMatchObject({ cep: null, freeEverywhere: true });
    const quote = await quoteCart(handle.db, buyer.id, cart, null, { freight: { cep: '01310100' } });
    expect(quote.freight!.problem).toBeNull();
    expect(quote.freight!.parcels).toHaveLength(1);
    expect(quote.freight!.parcels[0]!.option).toMatchObject({ name: 'Entrega Clarear', priceCents: 0, free: false, deliveryBy: addBusinessDays(todayInBrazil(), 1) });
    expect(quote.totals.shippingCents).toBe(0);

    const placed = await placeOrder(handle.db, buyer, input(cart, SAO_PAULO, { expectedTotalCents: quote.totals.totalCents, expectedShippingCents: 0 }), builtInProvider);
    const order = await getOwnOrder(handle.db, buyer.id, placed.orderId);
    expect(order!.shippingPrice).toBe('0.00');
    expect(order!.parcels).toEqual([expect.objectContaining({ serviceName: 'Entrega Clarear', price: '0.00', promisedDate: addBusinessDays(todayInBrazil(), 1) })]);
    expect(order!.items.every((i) => i.parcelId === order!.parcels[0]!.id)).toBe(true);
  });

  it('with rates on, Manaus pays the quoted freight: the order stores that price, service and promised date, and the total includes it', async () => {
    await activate('Correios PAC', 'Correios SEDEX');
    const buyer = await newBuyer();
    const cart = cartOf({ ...detergent5l, quantity: 4 });
    const quote = await quoteCart(handle.db, buyer.id, cart, null, { freight: { cep: '69005000' } });
    const [parcel] = quote.freight!.quote!.parcels;
    expect(parcel!.options.map((o) => o.name)).toEqual(['Correios PAC', 'Correios SEDEX']);
    // Four 5 L gallons: 4 × 5,300 g real against 4 × 1,600 g cubic (20 × 15 × 32 cm / 6,000): the real weight is billed.
    expect(parcel!.weightGrams).toBe(21_200);
    const sedex = parcel!.options.find((o) => o.name === 'Correios SEDEX')!;
    expect(sedex.priceCents).toBeGreaterThan(parcel!.options[0]!.priceCents);
    // The customer picks SEDEX: the quote's totals follow the choice.
    const chosen = await quoteCart(handle.db, buyer.id, cart, null, { freight: { cep: '69005000', choices: { geral: sedex.serviceId } } });
    expect(chosen.totals.shippingCents).toBe(sedex.priceCents);
    expect(chosen.totals.totalCents).toBe(chosen.totals.subtotalCents - chosen.totals.discountCents + sedex.priceCents);

    const placed = await placeOrder(
      handle.db,
      buyer,
      input(cart, MANAUS, { freight: JSON.stringify({ geral: sedex.serviceId }), expectedShippingCents: sedex.priceCents, expectedTotalCents: chosen.totals.totalCents }),
      builtInProvider,
    );
    const order = await getOwnOrder(handle.db, buyer.id, placed.orderId);
    expect(toCents(order!.shippingPrice)).toBe(sedex.priceCents);
    expect(toCents(order!.totalPrice)).toBe(chosen.totals.totalCents);
    expect(order!.parcels).toEqual([expect.objectContaining({ serviceName: 'Correios SEDEX', carrier: 'correios', deadlineDays: sedex.deadlineDays, promisedDate: sedex.deliveryBy, weightGrams: 21_200 })]);
  });

  it('a service that is not offered (tampered or switched off) is refused in pt-BR and nothing is written', async () => {
    await activate('Correios PAC');
    const buyer = await newBuyer();
    const cart = cartOf({ ...detergent5l, quantity: 1 });
    const before = await orderCount();
    for (const serviceId of [services['Correios SEDEX']!, randomUUID()]) {
      const refusal = placeOrder(handle.db, buyer, input(cart, MANAUS, { freight: JSON.stringify({ geral: serviceId }) }), builtInProvider);
      await expect(refusal).rejects.toThrow('O serviço de entrega escolhido não está disponível para este CEP. Escolha outro.');
    }
    // A parcel key the quote does not have is no way around choosing.
    await expect(placeOrder(handle.db, buyer, input(cart, MANAUS, { freight: JSON.stringify({ outro: services['Correios PAC']! }) }), builtInProvider)).rejects.toThrow(CheckoutError);
    expect(await orderCount()).toBe(before);
  });

  it('a rule changed between the quote and the payment: "o frete mudou", nothing written, and the new quote shows the new total', async () => {
    await activate('Correios PAC');
    const buyer = await newBuyer();
    const cart = cartOf({ ...detergent5l, quantity: 1 });
    const shown = await quoteCart(handle.db, buyer.id, cart, null, { freight: { cep: '69005000' } });
    const pac = services['Correios PAC']!;
    // The merchant raises every PAC bracket by R$ 5,00 meanwhile.
    const rates = await handle.db.select().from(t.shippingRates).where(eq(t.shippingRates.serviceId, pac));
    for (const r of rates) await handle.db.update(t.shippingRates).set({ price: (Number(r.price) + 5).toFixed(2) }).where(eq(t.shippingRates.id, r.id));
    // The payment reads the rules fresh whatever the quotes cached; the next quote after the admin's save too.
    const before = await orderCount();
    await expect(
      placeOrder(handle.db, buyer, input(cart, MANAUS, { freight: JSON.stringify({ geral: pac }), expectedShippingCents: shown.totals.shippingCents, expectedTotalCents: shown.totals.totalCents }), builtInProvider),
    ).rejects.toThrow(FREIGHT_CHANGED);
    expect(await orderCount()).toBe(before);
    forgetFreightRules();
    const fresh = await quoteCart(handle.db, buyer.id, cart, null, { freight: { cep: '69005000' } });
    expect(fresh.totals.shippingCents).toBe(shown.totals.shippingCents + 500);
    expect(fresh.totals.totalCents).toBe(shown.totals.totalCents + 500);
    for (const r of rates) await handle.db.update(t.shippingRates).set({ price: r.price }).where(eq(t.shippingRates.id, r.id));
  });

  it('alcohol to a CEP only the Correios serve is named with the reason before paying, and cannot be bought', async () => {
    await activate('Correios PAC', 'Correios SEDEX', 'Transportadora de produtos perigosos');
    const buyer = await newBuyer();
    const cart = cartOf({ ...alcohol1l, quantity: 1 }, { ...detergent5l, quantity: 1 });
    const quote = await quoteCart(handle.db, buyer.id, cart, null, { freight: { cep: '69005000' } });
    expect(quote.freight!.quote!.refusals).toEqual([expect.objectContaining({ itemKey: alcohol1l.id })]);
    expect(quote.freight!.problem).toMatch(/^Álcool 70% Líquido \(1 L\) não pode ser enviado pelos Correios para o CEP 69005-000: é um produto inflamável \(classe 3\)/);
    const before = await orderCount();
    await expect(placeOrder(handle.db, buyer, input(cart, MANAUS), builtInProvider)).rejects.toThrow(/Álcool 70% Líquido \(1 L\) não pode ser enviado/);
    expect(await orderCount()).toBe(before);
  });

  it('alcohol and detergent to São Paulo travel together by the one service that takes both (one box, one freight)', async () => {
    await activate('Correios PAC', 'Transportadora de produtos perigosos');
    const buyer = await newBuyer();
    const quote = await quoteCart(handle.db, buyer.id, cartOf({ ...alcohol1l, quantity: 2 }, { ...detergent5l, quantity: 1 }), null, { freight: { cep: '01310100' } });
    expect(quote.freight!.parcels.map((p) => [p.key, p.itemKeys.length, p.option.name])).toEqual([['geral', 2, 'Transportadora de produtos perigosos']]);
  });

  it('when no one service takes everything, the cart is split into parcels, each by a service that takes it, stored with their items', async () => {
    // Each dangerous-goods service takes one class only: alcohol (3) and bleach (8) cannot travel together.
    await activate('Correios PAC', 'Transportadora de produtos perigosos', 'Entrega expressa Grande São Paulo (24 h)');
    await handle.db.update(t.shippingServices).set({ acceptedHazardClasses: ['3'] }).where(eq(t.shippingServices.name, 'Transportadora de produtos perigosos'));
    await handle.db.update(t.shippingServices).set({ acceptedHazardClasses: ['8'] }).where(eq(t.shippingServices.name, 'Entrega expressa Grande São Paulo (24 h)'));
    forgetFreightRules();
    const buyer = await newBuyer();
    const cart = cartOf({ ...alcohol1l, quantity: 2 }, { ...bleach1l, quantity: 1 }, { ...detergent5l, quantity: 1 });
    const quote = await quoteCart(handle.db, buyer.id, cart, null, { freight: { cep: '01310100' } });
    const parcels = quote.freight!.parcels;
    expect(parcels.map((p) => [p.key, p.itemKeys])).toEqual([
      ['geral', [detergent5l.id]],
      ['classe-3', [alcohol1l.id]],
      ['classe-8', [bleach1l.id]],
    ]);
    expect(parcels[1]!.option.name).toBe('Transportadora de produtos perigosos');
    expect(parcels[2]!.option.name).toBe('Entrega expressa Grande São Paulo (24 h)');
    expect(quote.totals.shippingCents).toBe(parcels.reduce((sum, p) => sum + p.option.priceCents, 0));
    const placed = await placeOrder(
      handle.db,
      buyer,
      input(cart, SAO_PAULO, { freight: JSON.stringify(quote.freight!.chosen), expectedShippingCents: quote.totals.shippingCents, expectedTotalCents: quote.totals.totalCents }),
      builtInProvider,
    );
    const order = await getOwnOrder(handle.db, buyer.id, placed.orderId);
    expect(order!.parcels.map((p) => p.serviceName)).toEqual(parcels.map((p) => p.option.name));
    const parcelOf = (name: string) => order!.items.find((i) => i.productName === name)!.parcelId;
    expect(parcelOf('Detergente Neutro Concentrado')).toBe(order!.parcels[0]!.id);
    expect(parcelOf('Álcool 70% Líquido')).toBe(order!.parcels[1]!.id);
    expect(parcelOf('Água Sanitária 2,5%')).toBe(order!.parcels[2]!.id);
    await handle.db.update(t.shippingServices).set({ acceptedHazardClasses: ['3', '8'] }).where(inArray(t.shippingServices.name, ['Transportadora de produtos perigosos', 'Entrega expressa Grande São Paulo (24 h)']));
  });

  it('the same attempt twice makes one order with one set of parcels', async () => {
    await activate('Correios PAC');
    const buyer = await newBuyer();
    const cart = cartOf({ ...detergent5l, quantity: 2 });
    const once = input(cart, MANAUS);
    const [a, b] = await Promise.all([placeOrder(handle.db, buyer, once, builtInProvider), placeOrder(handle.db, buyer, once, builtInProvider)]);
    expect(a.orderId).toBe(b.orderId);
    const parcels = await handle.db.select().from(t.orderParcels).where(eq(t.orderParcels.orderId, a.orderId));
    expect(parcels).toHaveLength(1);
    await activate('Entrega Clarear');
  });
});
