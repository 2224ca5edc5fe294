// Only what really moves money is offered (issue 30), on every engine. A production store without
// a gateway offers Pix to its own key only: the checkout lists Pix alone, labelled as waiting for the
// admin's check; a card or boleto posted by hand — an order, the plan, "pagar agora", a change of
// the subscription's payment method — is refused in pt-BR with nothing written and no stock taken;
// a Pix order stays pending until the admin confirms it. With a gateway (the Mercado Pago stand-in)
// card and boleto are offered and charged. Outside production the checkout is in test mode.
import { randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { now, resetClock, setClock } from '~/lib/clock';
import { toCents } from '~/lib/money';
import { PIX_GATEWAY_HINT, TEST_MODE_NOTICE } from '~/lib/payment-offer';
import { payNowSchema } from '~/lib/schemas/checkout';
import { action as checkoutAction, loader as checkoutLoader } from '~/routes/checkout';
import { loader as legalPageLoader } from '~/routes/legal-page';
import { loader as planPageLoader } from '~/routes/subscription';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { getProductDetail, searchProducts } from '~/server/catalog/catalog.server';
import { CheckoutError, placeOrder } from '~/server/flows/checkout.server';
import { reloadEnv } from '~/server/infra/env.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { insertOrder } from '~/server/orders/create.server';
import { confirmPayment } from '~/server/orders/transitions.server';
import { createMercadoPagoProvider } from '~/server/payments/mercadopago.server';
import { builtInProvider, methodForStoredCharge, offeredPaymentMethods, paymentModeNote, setPaymentProvider, type PaymentProvider } from '~/server/payments/provider.server';
import { runProgrammedDeliveries } from '~/server/flows/deliver.server';
import { payPendingRenewal } from '~/server/flows/pay-pending.server';
import { runSubscriptionRenewals } from '~/server/flows/renew.server';
import { changeSubscription } from '~/server/subscriptions/subscriptions.server';
import { startMercadoPagoApi } from '../support/mercadopago-api.mjs';
import { NEW_ADDRESS_DELIVERY, NEW_ADDRESS_FIELDS } from '../support/delivery';
import { engines } from '../support/engines';

// The route's loader and action run against these: the session and the app database are stubbed.
const mocks = vi.hoisted(() => ({ getSessionUser: vi.fn(), getDb: vi.fn() }));
vi.mock('~/server/auth/session.server', () => ({ getSessionUser: mocks.getSessionUser }));
vi.mock('~/server/infra/db.server', () => ({ getDb: mocks.getDb }));

type LoaderArgs = Parameters<typeof checkoutLoader>[0];
type ActionArgs = Parameters<typeof checkoutAction>[0];
const loaderArgs = () => ({ request: new Request('http://localhost/checkout'), params: {}, context: {} }) as unknown as LoaderArgs;

/** The store as started: NODE_ENV read again by the app's getEnv. */
function runAs(nodeEnv: 'production' | 'test') {
  vi.stubEnv('NODE_ENV', nodeEnv);
  vi.stubEnv('LOG_LEVEL', 'silent');
  reloadEnv();
}

/** The loader's data (a plain object, or the body of `data()`). */
async function offerOnCheckout() {
  const answer = (await checkoutLoader(loaderArgs())) as { payment: { methods: string[]; testMode: boolean; pixHint: string } };
  return answer.payment;
}

describe.each(engines)('payment methods offered on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let variant: { id: string; productId: string };
  let n = 0;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    setMailTransport(async () => undefined);
    const [p] = await searchProducts(handle.db, { term: 'detergente' });
    const d = (await getProductDetail(handle.db, p!.slug))!;
    variant = { id: d.variants[0]!.id, productId: d.id };
    await handle.db.update(t.productVariants).set({ stock: 100 }).where(eq(t.productVariants.id, variant.id));
    mocks.getDb.mockResolvedValue(handle.db);
  });
  afterAll(async () => {
    await settleBackgroundTasks();
    setPaymentProvider(undefined);
    setMailTransport(null);
    vi.unstubAllEnvs();
    reloadEnv();
    await handle?.drop();
  });

  async function newBuyer() {
    n += 1;
    const id = `oferta-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Cliente ${n}`, email: `${id}@exemplo.com.br` });
    return { id, name: `Cliente ${n}`, email: `${id}@exemplo.com.br` };
  }

  const productCart = () => [{ id: variant.id, product_id: variant.productId, quantity: 2 }];
  const planCart = () => [{ id: 'plan:monthly', product_id: 'plan:monthly', quantity: 1, is_subscription: true, frequency: 'monthly' }];
  const input = (method: string, cart: unknown[] = productCart(), extra: Record<string, string> = {}) =>
    payNowSchema.parse({ intent: 'pay', cart: JSON.stringify(cart), idempotencyKey: randomUUID(), paymentMethod: method, installments: '1', taxId: generateCpf(), delivery: NEW_ADDRESS_DELIVERY, ...extra });

  const stock = async () => (await handle.db.select({ stock: t.productVariants.stock }).from(t.productVariants).where(eq(t.productVariants.id, variant.id)))[0]!.stock ?? 0;
  const ordersOf = (userId: string) => handle.db.select().from(t.orders).where(eq(t.orders.userId, userId));
  const subscriptionsOf = (userId: string) => handle.db.select().from(t.userSubscriptions).where(eq(t.userSubscriptions.userId, userId));
  const attemptsFor = async (orderId: string) => (await handle.db.select().from(t.paymentAttempts).where(eq(t.paymentAttempts.orderId, orderId))).length;
  const orderRow = async (id: string) => (await handle.db.select().from(t.orders).where(eq(t.orders.id, id)))[0]!;

  /** "Pagar Agora" posted to the checkout's action as a browser (or a script) would. */
  async function postPay(buyer: { id: string; name: string; email: string }, method: string, cart: unknown[] = productCart()) {
    mocks.getSessionUser.mockResolvedValueOnce({ ...buyer, role: 'customer' });
    const body = new URLSearchParams({
      intent: 'pay',
      cart: JSON.stringify(cart),
      idempotencyKey: randomUUID(),
      paymentMethod: method,
      installments: '1',
      deliveryFrequency: '0',
      taxId: generateCpf(),
      ...NEW_ADDRESS_FIELDS,
      // "Li e aceito os Termos de Uso", ticked for the seeded version 1 (a first purchase asks for it).
      acceptTerms: '1',
    });
    const request = new Request('http://localhost/checkout', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const answer = (await checkoutAction({ request, params: {}, context: {} } as unknown as ActionArgs)) as unknown as { data: { ok: boolean; toast?: { description: string } }; init: { status?: number } | null };
    return { status: answer.init?.status ?? 200, body: answer.data };
  }

  /** A subscriber whose renewal waits for payment (retries over), as the renewals job leaves it. */
  async function unpaidRenewal(paymentMethod: 'pix' | 'credit_card') {
    const buyer = await newBuyer();
    const [sub] = await handle.db
      .insert(t.userSubscriptions)
      .values({ userId: buyer.id, frequency: 'monthly', status: 'paused', pausedReason: 'payment_failed', anchorDate: '2026-01-10', nextDeliveryDate: '2026-02-10', totalValue: '49.90', paymentMethod, paidThrough: '2026-02-10' })
      .returning();
    const orderId = await handle.db.transaction(async (tx) => {
      const id = await insertOrder(tx, {
        userId: buyer.id,
        totals: { subtotalCents: 4990, discountCents: 0, discountKind: null, shippingCents: 0, totalCents: 4990 },
        paymentMethod,
        taxId: null,
        idempotencyKey: `renewal:${sub!.id}:2026-02-10`,
        placedAt: now(),
        actor: 'system',
        note: 'Renovação de 2026-02-10',
        shipping: {},
        subscriptionId: sub!.id,
        lines: [{ productId: null, name: 'Assinatura Inteligente — Plano Mensal', size: null, quantity: 1, unitPrice: '49.90' }],
      });
      await tx.insert(t.subscriptionPeriods).values({ subscriptionId: sub!.id, periodDate: '2026-02-10', periodEnd: '2026-03-10', kind: 'renewal', amount: '49.90', orderId: id, status: 'overdue', attempts: 4 });
      return id;
    });
    return { buyer, sub: sub!, orderId };
  }

  it('the Termos and the plan page name only the methods offered: Pix alone in production without a gateway, all three with one', async () => {
    const texts = async () => {
      const legal = (await legalPageLoader({ params: { slug: 'termos-uso' }, request: new Request('http://localhost/termos-uso'), context: {} } as never)) as unknown as { data: { page: { html: string } } };
      const plan = (await planPageLoader()) as { config: { howItWorksSteps: { description: string }[] } };
      return { termos: legal.data.page.html, steps: plan.config.howItWorksSteps.map((s) => s.description).join(' ') };
    };
    runAs('production');
    setPaymentProvider(builtInProvider);
    const pixOnly = await texts();
    expect(pixOnly.termos).toContain('Aceitamos Pix (confirmação após a verificação do pagamento).');
    expect(pixOnly.steps).toContain('pague com Pix (confirmação após a verificação do pagamento).');
    for (const text of [pixOnly.termos, pixOnly.steps]) expect(text).not.toMatch(/cartão de crédito|boleto|\{formas-de-pagamento\}/i);
    const api = await startMercadoPagoApi({ accessToken: 'TEST-token-termos' });
    try {
      setPaymentProvider(createMercadoPagoProvider({ accessToken: 'TEST-token-termos', apiUrl: api.url, notificationUrl: 'http://loja.test/webhooks/mercadopago' }));
      const all = await texts();
      expect(all.termos).toContain('Aceitamos Pix, cartão de crédito (em até 12x sem juros) ou boleto bancário.');
      expect(all.steps).toContain('pague com Pix, cartão de crédito (em até 12x sem juros) ou boleto bancário.');
    } finally {
      setPaymentProvider(undefined);
      await api.close();
      runAs('test');
    }
  });

  describe('in production without a gateway', () => {
    beforeAll(() => {
      runAs('production');
      setPaymentProvider(undefined);
    });

    it('the checkout offers Pix only, labelled as confirmed after the payment is checked, with no test-mode notice', async () => {
      mocks.getSessionUser.mockResolvedValueOnce(null);
      expect(await offerOnCheckout()).toEqual({ methods: ['pix'], testMode: false, pixHint: 'Confirmação após a verificação do pagamento' });
      expect(offeredPaymentMethods()).toEqual(['pix']);
      expect(paymentModeNote()).not.toContain(TEST_MODE_NOTICE);
    });

    it('a card or boleto order posted by hand is refused in pt-BR: no order, no stock taken, nothing charged', async () => {
      const buyer = await newBuyer();
      const before = await stock();
      for (const [method, name] of [
        ['credit_card', 'Cartão de crédito'],
        ['boleto', 'Boleto bancário'],
      ] as const) {
        const answer = await postPay(buyer, method);
        expect(answer.status).toBe(402);
        expect(answer.body.ok).toBe(false);
        expect(answer.body.toast?.description).toBe(`${name} não está disponível nesta loja no momento. Pague com Pix.`);
      }
      expect(await ordersOf(buyer.id)).toHaveLength(0);
      expect(await stock()).toBe(before);
      // The same refusal when the call skips the page (any caller of placeOrder).
      await expect(placeOrder(handle.db, buyer, input('credit_card'), builtInProvider)).rejects.toMatchObject({ step: 'payment', field: 'paymentMethod' });
      expect(await ordersOf(buyer.id)).toHaveLength(0);
    });

    it('the plan bought with a card or boleto is refused the same way: no order, no subscription', async () => {
      const buyer = await newBuyer();
      for (const method of ['credit_card', 'boleto']) {
        const error = await placeOrder(handle.db, buyer, input(method, planCart()), builtInProvider).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(CheckoutError);
        expect((error as CheckoutError).message).toMatch(/não está disponível nesta loja no momento\. Pague com Pix\.$/);
      }
      const answer = await postPay(buyer, 'credit_card', planCart());
      expect(answer.status).toBe(402);
      expect(await ordersOf(buyer.id)).toHaveLength(0);
      expect(await subscriptionsOf(buyer.id)).toHaveLength(0);
    });

    it('a Pix order (and the plan with Pix) stays pending until the admin confirms it', async () => {
      const buyer = await newBuyer();
      const before = await stock();
      const answer = await postPay(buyer, 'pix');
      expect(answer).toMatchObject({ status: 200, body: { ok: true } });
      const [order] = await ordersOf(buyer.id);
      expect(order).toMatchObject({ status: 'pending', paymentMethod: 'pix' });
      expect(order!.paymentDetails).toMatchObject({ method: 'pix' });
      expect(await stock()).toBe(before - 2);
      expect(await confirmPayment(handle.db, { orderId: order!.id, provider: 'manual', reference: `manual:${order!.id}`, amountCents: toCents(order!.totalPrice), actor: { kind: 'system' } })).toBe('applied');
      expect((await orderRow(order!.id)).status).toBe('paid');

      const plan = await placeOrder(handle.db, await newBuyer(), input('pix', planCart()), builtInProvider);
      expect(plan.payment).toBe('awaiting');
      expect((await orderRow(plan.orderId)).status).toBe('pending');
    });

    it('the built-in provider itself declines a card or boleto (defence in depth), never approves it', async () => {
      const request = { orderId: randomUUID(), idempotencyKey: 'k', amountCents: 531, installments: 1, description: 'Pedido', customer: { name: 'A', email: 'a@exemplo.com.br', taxId: generateCpf() } };
      expect(await builtInProvider.charge({ ...request, method: 'credit_card' })).toEqual({ approved: false, reason: expect.stringMatching(/cartão de crédito.*pague com Pix/) });
      expect(await builtInProvider.charge({ ...request, method: 'boleto' })).toEqual({ approved: false, reason: expect.stringMatching(/boleto.*pague com Pix/) });
      expect(await builtInProvider.charge({ ...request, method: 'pix' })).toMatchObject({ approved: true, settled: false, details: { method: 'pix' } });
    });

    it('"pagar agora" with a card is refused and charges nothing; with Pix it shows the code', async () => {
      const { buyer, orderId } = await unpaidRenewal('credit_card');
      for (const method of ['credit_card', 'boleto'] as const) {
        const answer = await payPendingRenewal(handle.db, buyer.id, orderId, method);
        expect(answer).toEqual({ ok: false, status: 409, message: expect.stringMatching(/não está disponível nesta loja no momento\. Pague com Pix\.$/) });
      }
      expect(await attemptsFor(orderId)).toBe(0);
      expect((await orderRow(orderId)).status).toBe('pending');
      expect(await payPendingRenewal(handle.db, buyer.id, orderId, 'pix')).toEqual({ ok: true, status: 'pending' });
      expect(await orderRow(orderId)).toMatchObject({ status: 'pending', paymentMethod: 'pix' });
    });

    it('changing the subscription’s payment method to card or boleto is refused; to Pix it is saved', async () => {
      const { buyer, sub } = await unpaidRenewal('pix');
      const customer = { kind: 'customer' as const, userId: buyer.id };
      for (const method of ['credit_card', 'boleto'] as const) {
        expect(await changeSubscription(handle.db, sub.id, customer, { action: 'change-payment', paymentMethod: method, installments: 3 })).toEqual({
          ok: false,
          status: 409,
          message: expect.stringMatching(/não está disponível nesta loja no momento\. Pague com Pix\.$/),
        });
      }
      const [row] = await subscriptionsOf(buyer.id);
      expect(row).toMatchObject({ paymentMethod: 'pix', installments: 1 });
      expect(await handle.db.select().from(t.subscriptionEvents).where(eq(t.subscriptionEvents.subscriptionId, sub.id))).toHaveLength(0);
      expect(await changeSubscription(handle.db, sub.id, customer, { action: 'change-payment', paymentMethod: 'pix', installments: 1 })).toMatchObject({ ok: true });
    });

    it('a stored card or boleto of an existing subscription is charged with Pix to the store’s key instead', () => {
      expect(methodForStoredCharge('credit_card')).toBe('pix');
      expect(methodForStoredCharge('boleto')).toBe('pix');
      expect(methodForStoredCharge('pix')).toBe('pix');
    });
  });

  describe('in production with a gateway (the Mercado Pago stand-in)', () => {
    let api: Awaited<ReturnType<typeof startMercadoPagoApi>>;
    let mp: PaymentProvider;
    beforeAll(async () => {
      runAs('production');
      api = await startMercadoPagoApi({ accessToken: 'TEST-token-oferta', webhookSecret: 'segredo-webhook-oferta', now: () => now().getTime() });
      mp = createMercadoPagoProvider({ accessToken: 'TEST-token-oferta', apiUrl: api.url, notificationUrl: 'http://127.0.0.1:9/webhooks/mercadopago', timeoutMs: 2000 });
      setPaymentProvider(mp);
    });
    afterAll(async () => {
      setPaymentProvider(undefined);
      await api?.close();
    });

    it('card and boleto are offered and charged through the gateway; Pix says the gateway confirms it', async () => {
      mocks.getSessionUser.mockResolvedValueOnce(null);
      expect(await offerOnCheckout()).toEqual({ methods: ['pix', 'credit_card', 'boleto'], testMode: false, pixHint: PIX_GATEWAY_HINT });
      expect(methodForStoredCharge('credit_card')).toBe('credit_card');
      const buyer = await newBuyer();
      const card = await placeOrder(handle.db, buyer, input('credit_card', productCart(), { cardToken: `tok-APRO-${randomUUID().slice(0, 8)}`, cardPaymentMethodId: 'master', cardIssuerId: '24' }), mp);
      expect(card.payment).toBe('paid');
      const boleto = await placeOrder(handle.db, buyer, input('boleto'), mp);
      expect(boleto.payment).toBe('awaiting');
      expect((await orderRow(boleto.orderId)).paymentDetails).toMatchObject({ method: 'boleto' });
    });
  });

  describe('a store that stops taking cards (its gateway removed) with card subscribers', () => {
    let buyer: { id: string; name: string; email: string };
    beforeAll(async () => {
      // Bought while cards were taken: the plan, then a programmed delivery, both by card.
      runAs('test');
      setPaymentProvider(undefined);
      setClock('2035-03-10T15:00:00.000Z');
      buyer = await newBuyer();
      expect((await placeOrder(handle.db, buyer, input('credit_card', planCart(), { installments: '3' }), builtInProvider)).payment).toBe('paid');
      expect((await placeOrder(handle.db, buyer, input('credit_card', productCart(), { deliveryFrequency: '1' }), builtInProvider)).payment).toBe('paid');
      runAs('production');
    });
    afterAll(() => resetClock());

    it('the renewal and the programmed delivery are charged with Pix to the store’s key, pending until confirmed', async () => {
      setClock('2035-04-10T15:00:00.000Z');
      await runSubscriptionRenewals(handle.db);
      expect((await runProgrammedDeliveries(handle.db)).ordered).toBe(1);
      const later = (await ordersOf(buyer.id)).filter((o) => o.createdAt >= new Date('2035-04-01T00:00:00Z'));
      expect(later).toHaveLength(2);
      for (const order of later) {
        expect(order).toMatchObject({ status: 'pending', paymentMethod: 'pix' });
        expect(order.paymentDetails).toMatchObject({ method: 'pix' });
      }
      // The subscription keeps its choice: with a gateway again, its card would be charged.
      expect((await subscriptionsOf(buyer.id))[0]).toMatchObject({ paymentMethod: 'credit_card' });
      // The renewal's e-mail says why it is a Pix, and that the card was not charged.
      const [mail] = await handle.db.select().from(t.emailOutbox).where(and(eq(t.emailOutbox.toAddress, buyer.email), eq(t.emailOutbox.kind, 'plan-renewal-pending')));
      expect(mail?.textBody).toContain('A loja não está recebendo pagamentos com cartão de crédito no momento, então esta renovação foi gerada em Pix. Nada foi cobrado no seu cartão.');
    });
  });

  describe('outside production (demos and tests)', () => {
    beforeAll(() => {
      runAs('test');
      setPaymentProvider(undefined);
    });

    it('the checkout says it is in test mode and keeps the built-in instant card approval', async () => {
      mocks.getSessionUser.mockResolvedValueOnce(null);
      expect(await offerOnCheckout()).toMatchObject({ methods: ['pix', 'credit_card', 'boleto'], testMode: true });
      expect(paymentModeNote()).toContain(TEST_MODE_NOTICE);
      const placed = await placeOrder(handle.db, await newBuyer(), input('credit_card'), builtInProvider);
      expect(placed.payment).toBe('paid');
    });
  });
});
