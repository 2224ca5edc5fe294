// Every charge happens once (issue 30), on both engines, against the local stand-in of Mercado
// Pago's API (tests/support/mercadopago-api.mjs; its pages: "Criar pagamento" POST /v1/payments with
// X-Idempotency-Key, "Pesquisar pagamentos" GET /v1/payments/search by external_reference, and
// "Configurar notificações de pagamento" (developers/pt/docs/checkout-pro/payment-notifications:
// a notification not answered 200/201 is delivered again). The gateway approves but answers after
// the store's timeout (its `faults` knob), for a plan renewal, a programmed delivery and "pagar
// agora"; a crash between the call and its recording (the afterCharge hooks); a retry while the
// answer is unknown; a webhook that arrives before its attempt is committed; and payments that do
// not pay their order (another currency, less than the total, only authorized).
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { MINUTE_MS, now, resetClock, setClock } from '~/lib/clock';
import { payNowSchema } from '~/lib/schemas/checkout';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { getProductDetail, searchProducts } from '~/server/catalog/catalog.server';
import { placeOrder } from '~/server/flows/checkout.server';
import { runProgrammedDeliveries, DeliveryCrash } from '~/server/flows/deliver.server';
import { payPendingRenewal } from '~/server/flows/pay-pending.server';
import { paymentHandlersFor, reconcilePayments } from '~/server/flows/reconcile.server';
import { renewalChargeKey, runSubscriptionRenewals } from '~/server/flows/renew.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { listUnresolvedLatePayments } from '~/server/orders/admin-orders.server';
import { getOwnOrder } from '~/server/orders/orders.server';
import { createMercadoPagoProvider } from '~/server/payments/mercadopago.server';
import { ProviderUnavailableError, setPaymentProvider, type PaymentProvider } from '~/server/payments/provider.server';
import { receiveMercadoPagoWebhook } from '~/server/payments/webhooks.server';
import { startMercadoPagoApi } from '../support/mercadopago-api.mjs';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';

const SECRET = 'segredo-webhook-teste';
const TOKEN = 'TEST-token-clarear';
process.env.MERCADOPAGO_WEBHOOK_SECRET = SECRET;

/**
 * The store's timeout here, and an answer well past it: the gateway approves, the store never hears it.
 * Not shorter: on a loaded machine (CI, two test workers) a local call can take several hundred ms.
 */
const TIMEOUT_MS = 1500;
const LATE = { delayMs: 3500 };

describe.each(engines)('every charge happens once on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let api: Awaited<ReturnType<typeof startMercadoPagoApi>>;
  let webhookServer: Server;
  let webhookUrl: string;
  let mp: PaymentProvider;
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
    await handle.db.update(t.productVariants).set({ stock: 500 }).where(eq(t.productVariants.id, variant.id));
    webhookServer = createServer(async (req, res) => {
      const answer = await receiveMercadoPagoWebhook(
        handle.db,
        {
          signature: (req.headers['x-signature'] as string | undefined) ?? null,
          requestId: (req.headers['x-request-id'] as string | undefined) ?? null,
          url: new URL(req.url!, 'http://loja.test'),
        },
        // As the route passes it: an answer to a lost call takes its flow's steps.
        { handlersFor: paymentHandlersFor },
      );
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => webhookServer.listen(0, '127.0.0.1', resolve));
    webhookUrl = `http://127.0.0.1:${(webhookServer.address() as { port: number }).port}/webhooks/mercadopago`;
    api = await startMercadoPagoApi({ accessToken: TOKEN, webhookSecret: SECRET, now: () => now().getTime() });
    mp = createMercadoPagoProvider({ accessToken: TOKEN, apiUrl: api.url, notificationUrl: webhookUrl, timeoutMs: TIMEOUT_MS });
    setPaymentProvider(mp);
  });
  afterEach(() => resetClock());
  // Each test's clock runs years after the last one's: the earlier plans and deliveries end, so only the test's own are due.
  beforeEach(async () => {
    await handle.db.update(t.userSubscriptions).set({ status: 'cancelled' }).where(inArray(t.userSubscriptions.status, ['active', 'paused']));
    await handle.db.update(t.programmedDeliveries).set({ status: 'cancelled' }).where(inArray(t.programmedDeliveries.status, ['active', 'paused']));
    await handle.db.update(t.subscriptionPeriods).set({ nextAttemptAt: null }).where(eq(t.subscriptionPeriods.status, 'awaiting'));
  });
  afterAll(async () => {
    // The late answers still on their way (each ends once the store has hung up on it).
    await api?.lateAnswers();
    await settleBackgroundTasks();
    setPaymentProvider(undefined);
    setMailTransport(null);
    await api?.close();
    await new Promise((resolve) => webhookServer?.close(resolve));
    await handle?.drop();
  });

  async function newBuyer() {
    n += 1;
    const id = `uma-vez-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Cliente Uma Vez ${n}`, email: `${id}@exemplo.com.br` });
    return { id, name: `Cliente Uma Vez ${n}`, email: `${id}@exemplo.com.br` };
  }
  const card = () => ({ paymentMethod: 'credit_card', installments: '1', cardToken: `tok-APRO-${randomUUID().slice(0, 8)}`, cardPaymentMethodId: 'master', cardIssuerId: '24' });
  const PLAN = [{ id: 'plan:monthly', product_id: 'plan:monthly', quantity: 1, is_subscription: true, frequency: 'monthly' }];
  function pay(extra: Record<string, unknown> = {}, cart: unknown[] = [{ id: variant.id, product_id: variant.productId, quantity: 1 }]) {
    return payNowSchema.parse({ intent: 'pay', cart: JSON.stringify(cart), idempotencyKey: randomUUID(), paymentMethod: 'pix', delivery: NEW_ADDRESS_DELIVERY, taxId: generateCpf(), deliveryFrequency: '0', ...extra });
  }
  /** A customer with a monthly plan paid by a card the gateway keeps. */
  async function subscriber() {
    const buyer = await newBuyer();
    await placeOrder(handle.db, buyer, pay(card(), PLAN), mp);
    const [sub] = await handle.db.select().from(t.userSubscriptions).where(eq(t.userSubscriptions.userId, buyer.id));
    expect(sub!.savedCardId).not.toBeNull();
    return { buyer, sub: sub! };
  }
  /** The payments the gateway holds whose external reference starts so. */
  const paymentsAt = (prefix: string) => [...api.payments.values()].filter((p) => String(p.external_reference).startsWith(prefix));
  const orderRow = async (id: string) => (await handle.db.select().from(t.orders).where(eq(t.orders.id, id)))[0]!;
  const attemptsOf = (orderId: string) => handle.db.select().from(t.paymentAttempts).where(eq(t.paymentAttempts.orderId, orderId));
  const mails = (email: string, kind: string) => handle.db.select().from(t.emailOutbox).where(and(eq(t.emailOutbox.toAddress, email), eq(t.emailOutbox.kind, kind)));
  const settleLater = async () => {
    setClock(now().getTime() + 3 * MINUTE_MS);
    return reconcilePayments(handle.db);
  };

  it('a renewal the gateway approves after the timeout: unknown, never declined; no retry or "pagar agora" charges it again; reconciliation pays it once', async () => {
    setClock(new Date('2041-03-10T12:00:00-03:00'));
    const { buyer, sub } = await subscriber();
    setClock(new Date('2041-04-10T12:00:00-03:00'));
    api.faults.push(LATE);
    expect((await runSubscriptionRenewals(handle.db, { provider: mp })).renewed).toBe(1);
    const key = renewalChargeKey(sub.id, '2041-04-10');
    const [order] = await handle.db.select().from(t.orders).where(eq(t.orders.idempotencyKey, key));
    expect(order).toMatchObject({ status: 'pending' });
    expect(await attemptsOf(order!.id)).toEqual([expect.objectContaining({ idempotencyKey: key, status: 'unknown' })]);
    expect(await getOwnOrder(handle.db, buyer.id, order!.id)).toMatchObject({ paymentConfirming: true });
    expect(await mails(buyer.email, 'plan-payment-failed')).toHaveLength(0);

    // Days later the retry job, and the customer's "pagar agora", charge nothing while the answer is unknown.
    setClock(new Date('2041-04-14T12:00:00-03:00'));
    await runSubscriptionRenewals(handle.db, { provider: mp });
    expect(await payPendingRenewal(handle.db, buyer.id, order!.id, 'credit_card', mp)).toEqual({ ok: true, status: 'confirming' });
    expect(paymentsAt(`renewal:${sub.id}:2041-04-10`)).toHaveLength(1);

    expect((await settleLater()).settled).toBe(1);
    expect(await orderRow(order!.id)).toMatchObject({ status: 'paid' });
    const [period] = await handle.db.select().from(t.subscriptionPeriods).where(eq(t.subscriptionPeriods.orderId, order!.id));
    expect(period).toMatchObject({ status: 'paid' });
    expect(await handle.db.select().from(t.orders).where(and(eq(t.orders.subscriptionId, sub.id), eq(t.orders.status, 'paid')))).toHaveLength(2);
    expect(paymentsAt(`renewal:${sub.id}`)).toHaveLength(1);
    expect(await mails(buyer.email, 'plan-renewed')).toHaveLength(1);
  });

  it('a renewal whose process dies before the gateway is called: given up by reconciliation without a "pagamento falhou" e-mail or a lost try, charged once at the next run', async () => {
    setClock(new Date('2041-07-10T12:00:00-03:00'));
    const { buyer, sub } = await subscriber();
    setClock(new Date('2041-08-10T12:00:00-03:00'));
    // The call never leaves the store (the process died right after the commit).
    const dead: PaymentProvider = { ...mp, charge: async () => Promise.reject(new Error('processo encerrado antes da chamada')) };
    expect((await runSubscriptionRenewals(handle.db, { provider: dead })).renewed).toBe(1);
    const key = renewalChargeKey(sub.id, '2041-08-10');
    const [order] = await handle.db.select().from(t.orders).where(eq(t.orders.idempotencyKey, key));
    expect(paymentsAt(key)).toHaveLength(0);

    // Past the wait the gateway still knows nothing of the key: given up, the order kept for the retry.
    setClock(now().getTime() + 20 * MINUTE_MS);
    expect((await reconcilePayments(handle.db)).abandoned).toBe(1);
    expect(await attemptsOf(order!.id)).toEqual([expect.objectContaining({ idempotencyKey: key, status: 'abandoned' })]);
    expect(await orderRow(order!.id)).toMatchObject({ status: 'pending' });
    expect(await mails(buyer.email, 'plan-payment-failed')).toHaveLength(0);

    // The next hourly run charges the period once, with the next key, and it is paid.
    setClock(now().getTime() + 60 * MINUTE_MS);
    await runSubscriptionRenewals(handle.db, { provider: mp });
    expect(await orderRow(order!.id)).toMatchObject({ status: 'paid' });
    expect(paymentsAt(`renewal:${sub.id}:2041-08-10`)).toHaveLength(1);
    expect(await mails(buyer.email, 'plan-payment-failed')).toHaveLength(0);
    expect(await mails(buyer.email, 'plan-renewed')).toHaveLength(1);
  });

  it('a programmed delivery the gateway approves after the timeout: its order is kept pending (never deleted) and paid once by reconciliation', async () => {
    setClock(new Date('2042-01-05T12:00:00-03:00'));
    const { buyer } = await subscriber();
    await placeOrder(handle.db, buyer, pay({ ...card(), deliveryFrequency: '1' }), mp);
    const [delivery] = await handle.db.select().from(t.programmedDeliveries).where(eq(t.programmedDeliveries.userId, buyer.id));
    expect(delivery!.savedCardId).not.toBeNull();
    setClock(new Date('2042-02-05T12:00:00-03:00'));
    api.faults.push(LATE);
    await runProgrammedDeliveries(handle.db, { provider: mp });
    const key = `delivery:${delivery!.id}:2042-02-05`;
    const [order] = await handle.db.select().from(t.orders).where(eq(t.orders.programmedDeliveryId, delivery!.id));
    expect(order).toMatchObject({ status: 'pending', scheduledFor: '2042-02-05' });
    expect(await attemptsOf(order!.id)).toEqual([expect.objectContaining({ idempotencyKey: key, status: 'unknown' })]);
    // Another run finds nothing due and charges nothing.
    await runProgrammedDeliveries(handle.db, { provider: mp });
    expect(paymentsAt(key)).toHaveLength(1);

    expect((await settleLater()).settled).toBe(1);
    expect(await orderRow(order!.id)).toMatchObject({ status: 'paid' });
    expect(await handle.db.select().from(t.orders).where(eq(t.orders.programmedDeliveryId, delivery!.id))).toHaveLength(1);
    expect(paymentsAt(`delivery:${delivery!.id}`)).toHaveLength(1);
    expect(await mails(buyer.email, 'delivery-placed')).toHaveLength(1);
  });

  it('a programmed delivery answered after the timeout and then notified by webhook: paid once, and the customer gets the delivery\'s e-mail', async () => {
    setClock(new Date('2042-09-05T12:00:00-03:00'));
    const { buyer } = await subscriber();
    await placeOrder(handle.db, buyer, pay({ ...card(), deliveryFrequency: '1' }), mp);
    const [delivery] = await handle.db.select().from(t.programmedDeliveries).where(eq(t.programmedDeliveries.userId, buyer.id));
    setClock(new Date('2042-10-05T12:00:00-03:00'));
    api.faults.push(LATE);
    await runProgrammedDeliveries(handle.db, { provider: mp });
    const key = `delivery:${delivery!.id}:2042-10-05`;
    const [order] = await handle.db.select().from(t.orders).where(eq(t.orders.programmedDeliveryId, delivery!.id));
    expect(await attemptsOf(order!.id)).toEqual([expect.objectContaining({ status: 'unknown' })]);
    // The gateway's late approval, then its notification.
    await api.lateAnswers();
    const [payment] = paymentsAt(key);
    expect((await api.notify(payment!.id)).status).toBe(200);
    expect(await orderRow(order!.id)).toMatchObject({ status: 'paid' });
    expect(await attemptsOf(order!.id)).toEqual([expect.objectContaining({ status: 'approved' })]);
    expect(await mails(buyer.email, 'delivery-placed')).toHaveLength(1);
    // The job finds nothing left to settle; the gateway holds one payment.
    expect((await settleLater()).settled).toBe(0);
    expect(paymentsAt(`delivery:${delivery!.id}`)).toHaveLength(1);
  });

  it('a programmed delivery whose process dies between the charge and its recording: the order stays, one charge, paid by reconciliation', async () => {
    setClock(new Date('2042-06-05T12:00:00-03:00'));
    const { buyer } = await subscriber();
    await placeOrder(handle.db, buyer, pay({ ...card(), deliveryFrequency: '1' }), mp);
    const [delivery] = await handle.db.select().from(t.programmedDeliveries).where(eq(t.programmedDeliveries.userId, buyer.id));
    setClock(new Date('2042-07-05T12:00:00-03:00'));
    await expect(
      runProgrammedDeliveries(handle.db, {
        provider: mp,
        hooks: {
          afterCharge: async () => {
            throw new DeliveryCrash('processo morto');
          },
        },
      }),
    ).rejects.toThrow('processo morto');
    const [order] = await handle.db.select().from(t.orders).where(eq(t.orders.programmedDeliveryId, delivery!.id));
    expect(order).toMatchObject({ status: 'pending' });
    await runProgrammedDeliveries(handle.db, { provider: mp });
    expect((await settleLater()).settled).toBe(1);
    expect(await orderRow(order!.id)).toMatchObject({ status: 'paid' });
    expect(paymentsAt(`delivery:${delivery!.id}`)).toHaveLength(1);
  });

  it('"pagar agora" answered after the timeout: "Estamos confirmando seu pagamento", a second press charges nothing, reconciliation pays it once', async () => {
    setClock(new Date('2043-03-10T12:00:00-03:00'));
    const { buyer, sub } = await subscriber();
    setClock(new Date('2043-04-10T12:00:00-03:00'));
    // The renewal's card is refused by the gateway: the order waits for its retry or the customer.
    api.faults.push({ status: 400 });
    await runSubscriptionRenewals(handle.db, { provider: mp });
    const [order] = await handle.db.select().from(t.orders).where(eq(t.orders.idempotencyKey, renewalChargeKey(sub.id, '2043-04-10')));
    expect(order).toMatchObject({ status: 'pending' });

    api.faults.push(LATE);
    expect(await payPendingRenewal(handle.db, buyer.id, order!.id, 'credit_card', mp)).toEqual({ ok: true, status: 'confirming' });
    expect(await getOwnOrder(handle.db, buyer.id, order!.id)).toMatchObject({ status: 'pending', paymentConfirming: true });
    expect(await payPendingRenewal(handle.db, buyer.id, order!.id, 'credit_card', mp)).toEqual({ ok: true, status: 'confirming' });
    // Nor does the renewal's own retry, days later.
    setClock(new Date('2043-04-14T12:00:00-03:00'));
    await runSubscriptionRenewals(handle.db, { provider: mp });
    expect(paymentsAt(`renewal:${sub.id}:2043-04-10`)).toHaveLength(1);

    expect((await settleLater()).settled).toBe(1);
    expect(await orderRow(order!.id)).toMatchObject({ status: 'paid' });
    expect(paymentsAt(`renewal:${sub.id}`)).toHaveLength(1);
    expect(await payPendingRenewal(handle.db, buyer.id, order!.id, 'credit_card', mp)).toMatchObject({ ok: false, status: 409 });
  });

  it('"pagar agora" whose process dies between the charge and its recording: nothing charged twice, paid by reconciliation', async () => {
    setClock(new Date('2043-08-10T12:00:00-03:00'));
    const { buyer, sub } = await subscriber();
    setClock(new Date('2043-09-10T12:00:00-03:00'));
    api.faults.push({ status: 400 });
    await runSubscriptionRenewals(handle.db, { provider: mp });
    const [order] = await handle.db.select().from(t.orders).where(eq(t.orders.idempotencyKey, renewalChargeKey(sub.id, '2043-09-10')));
    await expect(
      payPendingRenewal(handle.db, buyer.id, order!.id, 'credit_card', mp, {
        afterCharge: async () => {
          throw new Error('processo morto');
        },
      }),
    ).rejects.toThrow('processo morto');
    expect(await payPendingRenewal(handle.db, buyer.id, order!.id, 'credit_card', mp)).toEqual({ ok: true, status: 'confirming' });
    expect((await settleLater()).settled).toBe(1);
    expect(await orderRow(order!.id)).toMatchObject({ status: 'paid' });
    expect(paymentsAt(`renewal:${sub.id}`)).toHaveLength(1);
  });

  it('a webhook for a payment whose attempt is not committed yet is not acknowledged, and is applied once when delivered again', async () => {
    setClock(new Date('2044-05-10T12:00:00-03:00'));
    const { buyer, sub } = await subscriber();
    setClock(new Date('2044-06-10T12:00:00-03:00'));
    const key = renewalChargeKey(sub.id, '2044-06-10');
    // The gateway already holds the renewal's payment while the store's transaction is still open.
    const created = await fetch(`${api.url}/v1/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'x-idempotency-key': key },
      body: JSON.stringify({
        transaction_amount: Number(sub.totalValue),
        payment_method_id: 'master',
        token: `tok-APRO-${randomUUID().slice(0, 8)}`,
        installments: 1,
        payer: { email: buyer.email },
        external_reference: key,
        notification_url: webhookUrl,
      }),
    }).then((r) => r.json() as Promise<{ id: number }>);
    const early = await api.notify(created.id);
    expect(early.status).toBeGreaterThanOrEqual(500);

    // Then the attempt commits; the call's own answer is lost.
    const silent: PaymentProvider = {
      ...mp,
      async charge() {
        throw new ProviderUnavailableError('Mercado Pago não respondeu');
      },
    };
    await runSubscriptionRenewals(handle.db, { provider: silent });
    const [order] = await handle.db.select().from(t.orders).where(eq(t.orders.idempotencyKey, key));
    expect(order).toMatchObject({ status: 'pending' });

    // Mercado Pago delivers the notification again: applied now, and only once.
    expect((await api.notify(created.id)).status).toBe(200);
    expect(await orderRow(order!.id)).toMatchObject({ status: 'paid', version: 1 });
    expect((await api.notify(created.id)).status).toBe(200);
    expect((await settleLater()).settled).toBe(0);
    expect(await handle.db.select().from(t.paymentConfirmations).where(eq(t.paymentConfirmations.orderId, order!.id))).toEqual([expect.objectContaining({ outcome: 'applied' })]);
    expect(await mails(buyer.email, 'plan-renewed')).toHaveLength(1);
  });

  describe('a payment that does not pay its order confirms nothing and is shown to the admin as divergent', () => {
    async function pixOrder() {
      const buyer = await newBuyer();
      const placed = await placeOrder(handle.db, buyer, pay(), mp);
      const [payment] = api.byExternalReference(`pedido:${placed.orderId}:1`);
      return { buyer, orderId: placed.orderId, payment: payment! };
    }
    async function expectDivergent(orderId: string) {
      expect(await orderRow(orderId)).toMatchObject({ status: 'pending' });
      expect(await handle.db.select().from(t.paymentConfirmations).where(eq(t.paymentConfirmations.orderId, orderId))).toEqual([expect.objectContaining({ outcome: 'divergent' })]);
      expect((await listUnresolvedLatePayments(handle.db, 100)).filter((p) => p.orderId === orderId)).toEqual([expect.objectContaining({ outcome: 'divergent' })]);
      const events = await handle.db.select().from(t.orderEvents).where(and(eq(t.orderEvents.orderId, orderId), like(t.orderEvents.note, 'Pagamento divergente%')));
      expect(events).toHaveLength(1);
    }

    it('approved in another currency', async () => {
      const { orderId, payment } = await pixOrder();
      payment.currency_id = 'USD';
      expect((await api.pay(payment.id))!.status).toBe(200);
      await expectDivergent(orderId);
    });

    it('approved for less than the total', async () => {
      const { orderId, payment } = await pixOrder();
      payment.transaction_amount = Math.round((payment.transaction_amount - 1) * 100) / 100;
      expect((await api.pay(payment.id))!.status).toBe(200);
      await expectDivergent(orderId);
    });

    it('only authorized (not captured)', async () => {
      const { orderId, payment } = await pixOrder();
      payment.status = 'authorized';
      expect((await api.notify(payment.id)).status).toBe(200);
      await expectDivergent(orderId);
    });

    it('reconciliation takes the amount the gateway reports, not the attempt’s', async () => {
      const buyer = await newBuyer();
      api.faults.push(LATE);
      const placed = await placeOrder(handle.db, buyer, pay(card()), mp);
      expect(placed.payment).toBe('unknown');
      const [payment] = api.byExternalReference(`pedido:${placed.orderId}:1`);
      payment!.transaction_amount = 1;
      await settleLater();
      await expectDivergent(placed.orderId);
    });
  });
});
