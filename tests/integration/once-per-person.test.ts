// Issue 30, "Once per person, bounded per customer", on both engines: the welcome offer never comes
// back after "Excluir minha conta" (a keyed hash of the CPF/CNPJ outlives the anonymized order);
// the quote does not tell whether another person's document has bought; at most 3 unpaid orders
// per customer (4 at once → 3); card payments pause after 5 declines in an hour, before any call
// to the gateway; the erasure forgets the customer and cards at the gateway (retried while it is
// down) and drops the boleto's PDF link from the anonymized order.
import { createHash, randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { legalPages } from '~/db/seed/content/legal';
import { seedCatalogue } from '~/db/seed/seed.server';
import { advanceClock, HOUR_MS, MINUTE_MS, resetClock } from '~/lib/clock';
import { percentOf } from '~/lib/pricing';
import { payNowSchema, type PayNowInput } from '~/lib/schemas/checkout';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { getProductDetail, searchProducts } from '~/server/catalog/catalog.server';
import type { CheckoutError} from '~/server/flows/checkout.server';
import { CardDeclinesError, placeOrder, quoteCart, UnpaidOrdersError, WelcomeUsedError } from '~/server/flows/checkout.server';
import { isFirstPurchase } from '~/server/orders/orders.server';
import { applyOrderAction } from '~/server/orders/transitions.server';
import { taxIdHash } from '~/server/orders/welcome-offer.server';
import { createMercadoPagoProvider } from '~/server/payments/mercadopago.server';
import { builtInProvider, setPaymentProvider, type PaymentProvider } from '~/server/payments/provider.server';
import { eraseCustomerAccount } from '~/server/privacy/erase.server';
import { exportCustomerData } from '~/server/privacy/export.server';
import { runGatewayErasures } from '~/server/privacy/gateway-erasure.server';
import { startMercadoPagoApi } from '../support/mercadopago-api.mjs';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';

describe.each(engines)('once per person, bounded per customer on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let line: { id: string; product_id: string; quantity: number };
  let unitCents: number;
  let n = 0;

  async function newBuyer() {
    n += 1;
    const id = `uma-vez-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Cliente ${n}`, email: `${id}@exemplo.com.br` });
    return { id, name: `Cliente ${n}`, email: `${id}@exemplo.com.br` };
  }

  function input(taxId: string, extra: Record<string, unknown> = {}): PayNowInput {
    return payNowSchema.parse({ intent: 'pay', cart: JSON.stringify([line]), idempotencyKey: randomUUID(), paymentMethod: 'pix', delivery: NEW_ADDRESS_DELIVERY, taxId, ...extra });
  }

  const subtotal = () => unitCents * line.quantity;
  const welcomeTotal = () => subtotal() - percentOf(subtotal(), 10);
  const ordersOf = (userId: string) => handle.db.select().from(t.orders).where(eq(t.orders.userId, userId));
  const deliver = (orderId: string) => handle.db.update(t.orders).set({ status: 'delivered' }).where(eq(t.orders.id, orderId));

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    const [p] = await searchProducts(handle.db, { term: 'desinfetante' });
    const detail = await getProductDetail(handle.db, p!.slug);
    const v = detail!.variants[0]!;
    line = { id: v.id, product_id: detail!.id, quantity: 1 };
    unitCents = Math.round(Number(v.price) * 100);
  });
  afterEach(() => {
    resetClock();
    setPaymentProvider(undefined);
  });
  afterAll(async () => {
    await settleBackgroundTasks();
    await handle?.drop();
  });

  it('an erased customer who signs up again with the same CPF gets no second welcome, in the quote nor in the order', async () => {
    const cpf = generateCpf();
    const first = await newBuyer();
    const { orderId } = await placeOrder(handle.db, first, input(cpf, { expectedTotalCents: welcomeTotal() }), builtInProvider);
    await deliver(orderId);
    expect(await eraseCustomerAccount(handle.db, first.id)).toEqual({ ok: true });
    // The order stays anonymized: no CPF on it any more.
    const [kept] = await handle.db.select({ taxId: t.orders.taxId, userId: t.orders.userId }).from(t.orders).where(eq(t.orders.id, orderId));
    expect(kept).toEqual({ taxId: null, userId: null });

    const again = await newBuyer();
    expect(await isFirstPurchase(handle.db, again.id, cpf)).toBe(false);
    // The quote tells nothing about the document (the same as for a CPF never seen), and says the offer is decided at payment…
    const shown = await quoteCart(handle.db, again.id, [line], cpf);
    expect(shown).toEqual(await quoteCart(handle.db, again.id, [line], generateCpf()));
    expect(shown.welcomeAtPayment).toBe(true);
    // …where paying the total shown is refused before anything is charged, with the full price to confirm.
    const refused = await placeOrder(handle.db, again, input(cpf, { expectedTotalCents: welcomeTotal() }), builtInProvider).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WelcomeUsedError);
    expect((refused as Error).message).toBe('O desconto de boas-vindas já foi usado em outra compra. Confira o novo total antes de pagar.');
    expect(await ordersOf(again.id)).toHaveLength(0);
    const decided = await quoteCart(handle.db, again.id, [line], cpf, { decideWelcome: true });
    expect(decided.totals).toMatchObject({ discountKind: null, totalCents: subtotal() });
    const placed = await placeOrder(handle.db, again, input(cpf, { expectedTotalCents: subtotal() }), builtInProvider);
    const [order] = await ordersOf(again.id);
    expect(order).toMatchObject({ id: placed.orderId, discountKind: null, discountPrice: '0.00' });
    // Once the account has ordered with it, the document is its own: the quote says it plainly.
    expect((await quoteCart(handle.db, again.id, [line], cpf)).totals.discountKind).toBeNull();
    // Saved in Meus Dados instead of typed: the same.
    await handle.db.update(t.user).set({ taxId: cpf }).where(eq(t.user.id, again.id));
    expect((await quoteCart(handle.db, again.id, [line])).firstPurchase).toBe(false);
    // The hash is the store's, never the customer's data: not in their export.
    expect(JSON.stringify(await exportCustomerData(handle.db, again.id))).not.toContain(taxIdHash(cpf));
  });

  it('the privacy policy names the kept hash, why (fraud prevention, LGPD art. 7, IX and art. 16) and the gateway deletion', () => {
    const policy = legalPages.find((p) => p.slug === 'politica-privacidade')!.content;
    expect(policy).toContain('mesmo depois da exclusão da conta, um código calculado a partir do CPF/CNPJ');
    expect(policy).toContain('prevenção de fraudes: legítimo interesse, art. 7º, IX, e conservação autorizada pelo art. 16 da LGPD');
    expect(policy).toContain('Pedimos também à instituição de pagamento que apague os cartões salvos e o seu cadastro de cliente lá.');
  });

  it('an erased customer who had bought without the offer is remembered too; a cancelled order frees it as before', async () => {
    const bought = generateCpf();
    const a = await newBuyer();
    // The account's first order took the offer with another document; this one bought at full price.
    await deliver((await placeOrder(handle.db, a, input(generateCpf()), builtInProvider)).orderId);
    const paid = await placeOrder(handle.db, a, input(bought), builtInProvider);
    expect((await ordersOf(a.id)).find((o) => o.id === paid.orderId)?.discountKind).toBeNull();
    await deliver(paid.orderId);
    // Only a pending order with this second document, cancelled by the erasure: it never bought.
    const unpaidCpf = generateCpf();
    const b = await newBuyer();
    await placeOrder(handle.db, b, input(unpaidCpf), builtInProvider);
    expect(await eraseCustomerAccount(handle.db, a.id)).toEqual({ ok: true });
    expect(await eraseCustomerAccount(handle.db, b.id)).toEqual({ ok: true });
    const c = await newBuyer();
    expect(await isFirstPurchase(handle.db, c.id, bought)).toBe(false);
    expect(await isFirstPurchase(handle.db, c.id, unpaidCpf)).toBe(true);
    const { orderId } = await placeOrder(handle.db, c, input(unpaidCpf, { expectedTotalCents: welcomeTotal() }), builtInProvider);
    expect((await ordersOf(c.id))[0]).toMatchObject({ id: orderId, discountKind: 'welcome' });
  });

  it('first purchases of one CPF by four accounts at once: one welcome, one hash row naming its order', async () => {
    const cpf = generateCpf();
    const buyers = await Promise.all(Array.from({ length: 4 }, () => newBuyer()));
    const results = await Promise.allSettled(buyers.map((b) => placeOrder(handle.db, b, input(cpf, { expectedTotalCents: welcomeTotal() }), builtInProvider)));
    const placed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(placed).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(WelcomeUsedError);
    const rows = await handle.db.select().from(t.welcomeOfferUses).where(eq(t.welcomeOfferUses.taxIdHash, taxIdHash(cpf)));
    expect(rows).toEqual([expect.objectContaining({ orderId: placed[0]!.orderId })]);
    // The hash is keyed: not a plain SHA-256 of the digits anyone could recompute.
    expect(rows[0]!.taxIdHash).not.toBe(createHash('sha256').update(cpf).digest('hex'));
  });

  it('the quote with another person\'s CPF reveals nothing; a made-up total at payment learns nothing either', async () => {
    const used = generateCpf();
    const owner = await newBuyer();
    const { orderId } = await placeOrder(handle.db, owner, input(used, { expectedTotalCents: welcomeTotal() }), builtInProvider);
    await deliver(orderId);
    const prober = await newBuyer();
    const unused = generateCpf();
    const withUsed = await quoteCart(handle.db, prober.id, [line], used);
    const withUnused = await quoteCart(handle.db, prober.id, [line], unused);
    expect(withUsed).toEqual(withUnused);
    expect(withUsed).toMatchObject({ firstPurchase: true, welcomeAtPayment: true });
    // Saved in Meus Dados (anything can be typed there), then quoted: the same answer.
    await handle.db.update(t.user).set({ taxId: used }).where(eq(t.user.id, prober.id));
    const saved = await quoteCart(handle.db, prober.id, [line]);
    await handle.db.update(t.user).set({ taxId: unused }).where(eq(t.user.id, prober.id));
    expect(saved).toEqual(await quoteCart(handle.db, prober.id, [line]));
    // A total that is not the one shown is the generic refusal, for both documents alike.
    for (const cpf of [used, unused]) {
      const error = await placeOrder(handle.db, prober, input(cpf, { expectedTotalCents: 1 }), builtInProvider).catch((e: unknown) => e);
      expect(error).toMatchObject({ step: 'cart', message: 'O total do pedido mudou. Confira o resumo antes de pagar.' });
    }
    expect(await ordersOf(prober.id)).toHaveLength(0);
  });

  it('a fourth unpaid order is refused with the open ones named; four at once leave three; paying or cancelling one frees a place', async () => {
    const buyer = await newBuyer();
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push((await placeOrder(handle.db, buyer, input(generateCpf()), builtInProvider)).orderId);
    const fourth = await placeOrder(handle.db, buyer, input(generateCpf()), builtInProvider).catch((e: unknown) => e);
    expect(fourth).toBeInstanceOf(UnpaidOrdersError);
    expect((fourth as CheckoutError).message).toBe('Você já tem 3 pedidos aguardando pagamento. Pague ou cancele um deles antes de fazer um novo pedido.');
    expect((fourth as UnpaidOrdersError).openOrders.map((o) => o.id).sort()).toEqual([...placed].sort());
    expect(await ordersOf(buyer.id)).toHaveLength(3);
    await applyOrderAction(handle.db, { orderId: placed[0]!, action: 'cancel', actor: { kind: 'customer', userId: buyer.id }, reason: 'Desisti' });
    await placeOrder(handle.db, buyer, input(generateCpf()), builtInProvider);
    expect((await ordersOf(buyer.id)).filter((o) => o.status === 'pending')).toHaveLength(3);

    // Not a first purchase (else the welcome offer, once per account, would refuse three of the four).
    const racer = await newBuyer();
    await deliver((await placeOrder(handle.db, racer, input(generateCpf()), builtInProvider)).orderId);
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => placeOrder(handle.db, racer, input(generateCpf()), builtInProvider)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)).toEqual([expect.any(UnpaidOrdersError)]);
    expect((await ordersOf(racer.id)).filter((o) => o.status === 'pending')).toHaveLength(3);
  });

  it('after 5 declined cards in an hour the 6th is refused with a wait, without calling the gateway; an hour later cards work again', async () => {
    let calls = 0;
    const declining: PaymentProvider = {
      name: 'teste-recusa',
      tokenizesCards: false,
      charge: async () => {
        calls += 1;
        return { approved: false, reason: 'cartão recusado pelo banco' };
      },
      findByKey: async () => null,
      getPayment: async () => null,
      refund: async () => ({ ok: false, reason: 'sem reembolso' }),
    };
    const buyer = await newBuyer();
    const card = () => input(generateCpf(), { paymentMethod: 'credit_card', installments: '1' });
    for (let i = 0; i < 5; i++) {
      const error = await placeOrder(handle.db, buyer, card(), declining).catch((e: unknown) => e);
      expect(error).toMatchObject({ step: 'payment' });
      advanceClock(5 * MINUTE_MS);
    }
    expect(calls).toBe(5);
    const paused = await placeOrder(handle.db, buyer, card(), declining).catch((e: unknown) => e);
    expect(paused).toBeInstanceOf(CardDeclinesError);
    expect((paused as Error).message).toBe('Seu cartão foi recusado várias vezes na última hora. Por segurança, aguarde 35 minutos para tentar de novo com cartão, ou pague com Pix ou boleto.');
    expect(calls).toBe(5);
    // Pix is not paused.
    await placeOrder(handle.db, buyer, input(generateCpf()), builtInProvider);
    advanceClock(HOUR_MS);
    await placeOrder(handle.db, buyer, card(), declining).catch(() => undefined);
    expect(calls).toBe(6);
  });

  it('the erasure deletes the customer and cards at the gateway, retried while it is down, and drops the boleto PDF link', async () => {
    const api = await startMercadoPagoApi({ accessToken: 'TEST-token-apagar' });
    try {
      const mp = createMercadoPagoProvider({ accessToken: 'TEST-token-apagar', apiUrl: api.url, notificationUrl: 'http://127.0.0.1:9/webhooks/mercadopago', timeoutMs: 400 });
      setPaymentProvider(mp);
      const buyer = await newBuyer();
      // A customer and a saved card at the gateway, as a plan bought by card leaves them.
      const headers = { authorization: 'Bearer TEST-token-apagar', 'content-type': 'application/json' };
      const customer = (await (await fetch(`${api.url}/v1/customers`, { method: 'POST', headers, body: JSON.stringify({ email: buyer.email }) })).json()) as { id: string };
      const savedCard = (await (await fetch(`${api.url}/v1/customers/${customer.id}/cards`, { method: 'POST', headers, body: JSON.stringify({ token: 'tok-APRO-1' }) })).json()) as { id: string };
      await handle.db.insert(t.savedCards).values({ userId: buyer.id, provider: 'mercadopago', customerReference: customer.id, cardReference: savedCard.id, paymentMethodId: 'master', lastFour: '3704' });
      // A boleto order, delivered, with the gateway's printable boleto (payer's name, CPF, address).
      const { orderId } = await placeOrder(handle.db, buyer, input(generateCpf()), builtInProvider);
      await handle.db
        .update(t.orders)
        .set({ status: 'delivered', paymentMethod: 'boleto', paymentDetails: { method: 'boleto', digitableLine: '23790.00009 00000.000000 00000.000000 1 00000000001000', dueDate: '2026-12-01', pdfUrl: 'https://www.mercadopago.com.br/payments/1/ticket?caller_id=1' } })
        .where(eq(t.orders.id, orderId));

      api.control.customersStatus = 503;
      expect(await eraseCustomerAccount(handle.db, buyer.id)).toEqual({ ok: true });
      const [order] = await handle.db.select({ paymentDetails: t.orders.paymentDetails }).from(t.orders).where(eq(t.orders.id, orderId));
      expect(order!.paymentDetails).toEqual({ method: 'boleto', digitableLine: '23790.00009 00000.000000 00000.000000 1 00000000001000', dueDate: '2026-12-01' });
      // Only the gateway's references are kept for the job; the first try (right after the erasure) failed.
      await settleBackgroundTasks();
      let pending = await handle.db.select().from(t.gatewayErasures);
      expect(pending).toEqual([expect.objectContaining({ provider: 'mercadopago', customerReference: customer.id, attempts: 1 })]);
      expect(api.customers.has(customer.id)).toBe(true);
      advanceClock(2 * MINUTE_MS);
      expect(await runGatewayErasures(handle.db)).toEqual({ forgotten: 0, failed: 1 });
      // The gateway is back: the next run deletes the card and the customer, then the row.
      api.control.customersStatus = 0;
      expect(await runGatewayErasures(handle.db)).toEqual({ forgotten: 0, failed: 0 });
      advanceClock(5 * MINUTE_MS);
      expect(await runGatewayErasures(handle.db)).toEqual({ forgotten: 1, failed: 0 });
      expect(api.customers.has(customer.id)).toBe(false);
      expect(api.cards.has(savedCard.id)).toBe(false);
      expect(api.requests.filter((r: { method: string }) => r.method === 'DELETE').map((r: { path: string }) => r.path)).toEqual(
        expect.arrayContaining([`/v1/customers/${customer.id}/cards/${savedCard.id}`, `/v1/customers/${customer.id}`]),
      );
      pending = await handle.db.select().from(t.gatewayErasures);
      expect(pending).toEqual([]);
    } finally {
      await api.close();
    }
  });
});
