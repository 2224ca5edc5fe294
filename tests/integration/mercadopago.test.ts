// Payments through Mercado Pago, against a local stand-in of its API (tests/support/mercadopago-api.mjs):
// Pix, boleto and card; signed webhooks (twice, out of order, forged, replayed); a gateway that
// times out; a crash between approval and recording; refunds; a renewal charged once.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { advanceClock, MINUTE_MS, now, resetClock, setClock } from '~/lib/clock';
import { payNowSchema } from '~/lib/schemas/checkout';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { getProductDetail, searchProducts } from '~/server/catalog/catalog.server';
import { CheckoutError, placeOrder } from '~/server/flows/checkout.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { getOrderDetail } from '~/server/orders/orders.server';
import { applyOrderAction } from '~/server/orders/transitions.server';
import { reconcilePayments } from '~/server/flows/reconcile.server';
import { refundOrder } from '~/server/flows/refund.server';
import { createMercadoPagoProvider } from '~/server/payments/mercadopago.server';
import { setPaymentProvider, type PaymentProvider } from '~/server/payments/provider.server';
import { receiveMercadoPagoWebhook } from '~/server/payments/webhooks.server';
import { renewalChargeKey, runSubscriptionRenewals } from '~/server/flows/renew.server';
import { startMercadoPagoApi } from '../support/mercadopago-api.mjs';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';

const SECRET = 'segredo-webhook-teste';
const TOKEN = 'TEST-token-clarear';
process.env.MERCADOPAGO_WEBHOOK_SECRET = SECRET;

describe.each(engines)('Mercado Pago on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let api: Awaited<ReturnType<typeof startMercadoPagoApi>>;
  let webhookServer: Server;
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
    // The store's webhook endpoint, as the route calls it.
    webhookServer = createServer(async (req, res) => {
      const answer = await receiveMercadoPagoWebhook(handle.db, {
        signature: (req.headers['x-signature'] as string | undefined) ?? null,
        requestId: (req.headers['x-request-id'] as string | undefined) ?? null,
        url: new URL(req.url!, 'http://loja.test'),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => webhookServer.listen(0, '127.0.0.1', resolve));
    const port = (webhookServer.address() as { port: number }).port;
    // Its clock is the store's: signatures are timed as the store reads them.
    api = await startMercadoPagoApi({ accessToken: TOKEN, webhookSecret: SECRET, now: () => now().getTime() });
    mp = createMercadoPagoProvider({ accessToken: TOKEN, apiUrl: api.url, notificationUrl: `http://127.0.0.1:${port}/webhooks/mercadopago`, timeoutMs: 400 });
    setPaymentProvider(mp);
  });
  afterEach(() => resetClock());
  afterAll(async () => {
    await settleBackgroundTasks();
    setPaymentProvider(undefined);
    setMailTransport(null);
    await api?.close();
    await new Promise((resolve) => webhookServer?.close(resolve));
    await handle?.drop();
  });

  async function newBuyer() {
    n += 1;
    const id = `mp-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Cliente Pago ${n}`, email: `${id}@exemplo.com.br` });
    return { id, name: `Cliente Pago ${n}`, email: `${id}@exemplo.com.br` };
  }

  function pay(extra: Record<string, unknown> = {}, cart: unknown[] = [{ id: variant.id, product_id: variant.productId, quantity: 2 }]) {
    return payNowSchema.parse({ intent: 'pay', cart: JSON.stringify(cart), idempotencyKey: randomUUID(), paymentMethod: 'pix', delivery: NEW_ADDRESS_DELIVERY, taxId: generateCpf(), ...extra });
  }
  const card = (holder: 'APRO' | 'FUND' | 'CONT') => ({ paymentMethod: 'credit_card', installments: '3', cardToken: `tok-${holder}-${randomUUID().slice(0, 8)}`, cardPaymentMethodId: 'master', cardIssuerId: '24' });

  const orderRow = async (id: string) => (await handle.db.select().from(t.orders).where(eq(t.orders.id, id)))[0]!;
  const stockOf = async () => (await handle.db.select({ stock: t.productVariants.stock }).from(t.productVariants).where(eq(t.productVariants.id, variant.id)))[0]!.stock;
  const mails = (email: string, kind: string) => handle.db.select().from(t.emailOutbox).where(and(eq(t.emailOutbox.toAddress, email), eq(t.emailOutbox.kind, kind)));
  const paymentsFor = (orderId: string) => api.byExternalReference(`pedido:${orderId}:1`);

  it('Pix: the gateway’s own code and expiry; a signed webhook confirms it once, however often and in whatever order it comes', async () => {
    const buyer = await newBuyer();
    const placed = await placeOrder(handle.db, buyer, pay(), mp);
    expect(placed.payment).toBe('awaiting');
    const order = await orderRow(placed.orderId);
    const [payment] = paymentsFor(placed.orderId);
    expect(order.status).toBe('pending');
    expect(order.paymentDetails).toMatchObject({ method: 'pix', copyPaste: payment!.point_of_interaction.transaction_data.qr_code });
    // The request as Mercado Pago documents it: amount in reais, our key as external reference and idempotency key.
    const created = api.requests.find((r) => r.path === '/v1/payments' && r.method === 'POST' && r.idempotencyKey === `pedido:${placed.orderId}:1`)!;
    expect(created.body).toMatchObject({ payment_method_id: 'pix', transaction_amount: Number(order.totalPrice), external_reference: `pedido:${placed.orderId}:1` });
    expect(created.body.date_of_expiration).toMatch(/-03:00$/);

    const first = await api.pay(payment!.id);
    expect(first!.status).toBe(200);
    expect((await orderRow(placed.orderId)).status).toBe('paid');
    // Delivered again (a new request id, as Mercado Pago retries), and an older event after it: nothing changes.
    expect((await api.notify(payment!.id)).status).toBe(200);
    expect((await api.notify(payment!.id, { action: 'payment.created' })).status).toBe(200);
    const after = await orderRow(placed.orderId);
    expect(after).toMatchObject({ status: 'paid', version: 1 });
    expect(await handle.db.select().from(t.paymentConfirmations).where(eq(t.paymentConfirmations.orderId, placed.orderId))).toHaveLength(1);
    expect(await mails(buyer.email, 'order-paid')).toHaveLength(1);
    expect(await mails(buyer.email, 'order-placed')).toHaveLength(1);
    // The admin finds the payment in Mercado Pago's panel by its id.
    expect((await getOrderDetail(handle.db, placed.orderId))!.attempts).toEqual([expect.objectContaining({ provider: 'mercadopago', reference: String(payment!.id), status: 'approved' })]);
  });

  it('the same payment notified 8 times at once is applied once; 20 concurrent submits of one attempt make one order and one charge', async () => {
    const buyer = await newBuyer();
    const attempt = pay();
    const results = await Promise.all(Array.from({ length: 20 }, () => placeOrder(handle.db, buyer, attempt, mp)));
    expect(new Set(results.map((r) => r.orderId)).size).toBe(1);
    const orderId = results[0]!.orderId;
    expect(paymentsFor(orderId)).toHaveLength(1);
    expect(api.requests.filter((r) => r.method === 'POST' && r.idempotencyKey === `pedido:${orderId}:1`)).toHaveLength(1);
    const [payment] = paymentsFor(orderId);
    await api.pay(payment!.id, { notify: false });
    const answers = await Promise.all(Array.from({ length: 8 }, () => api.notify(payment!.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', version: 1 });
    expect(await handle.db.select().from(t.paymentConfirmations).where(eq(t.paymentConfirmations.orderId, orderId))).toHaveLength(1);
    expect(await mails(buyer.email, 'order-paid')).toHaveLength(1);
  });

  it('refuses an unsigned, forged, stale or replayed webhook with 401 and changes nothing', async () => {
    const buyer = await newBuyer();
    const placed = await placeOrder(handle.db, buyer, pay(), mp);
    const [payment] = paymentsFor(placed.orderId);
    await api.pay(payment!.id, { notify: false });
    expect((await api.notify(payment!.id, { signed: false })).status).toBe(401);
    expect((await api.notify(payment!.id, { secret: 'segredo-de-outra-pessoa' })).status).toBe(401);
    expect((await api.notify(payment!.id, { ts: Math.floor(now().getTime() / 1000) - 3600 })).status).toBe(401);
    expect((await orderRow(placed.orderId)).status).toBe('pending');
    // A genuine call, then the very same call again (same signature): the second is a replay.
    const genuine = await api.notify(payment!.id);
    expect(genuine.status).toBe(200);
    const replay = await fetch(genuine.url, { method: 'POST', headers: genuine.headers, body: '{}' });
    expect(replay.status).toBe(401);
    expect(await handle.db.select().from(t.paymentConfirmations).where(eq(t.paymentConfirmations.orderId, placed.orderId))).toHaveLength(1);
  });

  it('boleto: the gateway’s digitable line and PDF link, registered with the payer’s address', async () => {
    const buyer = await newBuyer();
    const placed = await placeOrder(handle.db, buyer, pay({ paymentMethod: 'boleto' }), mp);
    const order = await orderRow(placed.orderId);
    const [payment] = paymentsFor(placed.orderId);
    expect(order.paymentDetails).toMatchObject({ method: 'boleto', digitableLine: payment!.transaction_details.digitable_line, pdfUrl: payment!.transaction_details.external_resource_url });
    const created = api.requests.find((r) => r.idempotencyKey === `pedido:${placed.orderId}:1`)!;
    expect(created.body).toMatchObject({ payment_method_id: 'bolbradesco', payer: { address: { zip_code: expect.stringMatching(/^\d{8}$/), federal_unit: expect.any(String) } } });
  });

  it('card approved: paid at once with its instalments; the card number never reaches the store or its requests', async () => {
    const buyer = await newBuyer();
    const placed = await placeOrder(handle.db, buyer, pay(card('APRO')), mp);
    expect(placed.payment).toBe('paid');
    expect(await orderRow(placed.orderId)).toMatchObject({ status: 'paid', paymentDetails: { method: 'credit_card', installments: 3, lastFour: '3704' } });
    const created = api.requests.find((r) => r.idempotencyKey === `pedido:${placed.orderId}:1`)!;
    expect(created.body).toMatchObject({ token: expect.stringMatching(/^tok-APRO-/), installments: 3, payment_method_id: 'master', issuer_id: 24 });
    expect(JSON.stringify(api.requests)).not.toMatch(/card_number|security_code/);
    // One e-mail, the order's own (paid), not a second "payment confirmed".
    expect(await mails(buyer.email, 'order-paid')).toHaveLength(0);
  });

  it('card declined: the order is cancelled, its stock returns, the reason is in pt-BR, and the same cart pays on the next try', async () => {
    const buyer = await newBuyer();
    const before = await stockOf();
    const declined = pay(card('FUND'));
    const error = await placeOrder(handle.db, buyer, declined, mp).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckoutError);
    expect((error as CheckoutError).message).toBe('Pagamento recusado: o cartão não tem limite suficiente');
    expect(await stockOf()).toBe(before);
    const [cancelled] = await handle.db.select().from(t.orders).where(eq(t.orders.idempotencyKey, declined.idempotencyKey));
    expect(cancelled).toMatchObject({ status: 'cancelled', refundStatus: null });
    // The customer reads it on the page: no e-mail about this attempt.
    expect(await mails(buyer.email, 'order-cancelled')).toHaveLength(0);
    // The same submit again says the same; the cart with a new attempt pays.
    await expect(placeOrder(handle.db, buyer, declined, mp)).rejects.toThrow('Pagamento recusado: o cartão não tem limite suficiente');
    const retried = await placeOrder(handle.db, buyer, { ...declined, idempotencyKey: randomUUID(), cardToken: `tok-APRO-${randomUUID().slice(0, 8)}` }, mp);
    expect(retried.payment).toBe('paid');
    expect(await stockOf()).toBe(before! - 2);
  });

  it('a gateway that times out: the order waits, and the reconciliation job records what the gateway did — one charge', async () => {
    const buyer = await newBuyer();
    api.faults.push({ delayMs: 1500 });
    const placed = await placeOrder(handle.db, buyer, pay(card('APRO')), mp);
    expect(placed.payment).toBe('unknown');
    expect((await orderRow(placed.orderId)).status).toBe('pending');
    // Too early: the request may still be in flight.
    expect(await reconcilePayments(handle.db)).toMatchObject({ settled: 0, abandoned: 0 });
    setClock(Date.now() + 3 * MINUTE_MS);
    expect(await reconcilePayments(handle.db)).toMatchObject({ settled: 1 });
    expect((await orderRow(placed.orderId)).status).toBe('paid');
    expect(paymentsFor(placed.orderId)).toHaveLength(1);
    expect(await mails(buyer.email, 'order-paid')).toHaveLength(1);
  });

  it('a crash between the approval and its recording: a retried submit charges nothing more; reconciliation records the one charge', async () => {
    const buyer = await newBuyer();
    const attempt = pay(card('APRO'));
    const crash = await placeOrder(handle.db, buyer, attempt, mp, undefined, {
      afterCharge: async () => {
        throw new Error('processo morto');
      },
    }).catch((e: unknown) => e);
    expect(crash).toBeInstanceOf(Error);
    const [order] = await handle.db.select().from(t.orders).where(eq(t.orders.idempotencyKey, attempt.idempotencyKey));
    expect(order!.status).toBe('pending');
    const again = await placeOrder(handle.db, buyer, attempt, mp);
    expect(again).toMatchObject({ orderId: order!.id, replayed: true, payment: 'unknown' });
    setClock(Date.now() + 3 * MINUTE_MS);
    await reconcilePayments(handle.db);
    expect((await orderRow(order!.id)).status).toBe('paid');
    expect(paymentsFor(order!.id)).toHaveLength(1);
    expect(api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payments' && r.idempotencyKey === `pedido:${order!.id}:1`)).toHaveLength(1);
  });

  it('a charge that never reached the gateway is given up: order cancelled, stock back, the customer told', async () => {
    const buyer = await newBuyer();
    const before = await stockOf();
    api.faults.push({ status: 503 });
    const placed = await placeOrder(handle.db, buyer, pay(card('APRO')), mp);
    expect(placed.payment).toBe('unknown');
    setClock(Date.now() + 5 * MINUTE_MS);
    expect(await reconcilePayments(handle.db)).toMatchObject({ settled: 0, abandoned: 0 });
    setClock(Date.now() + 20 * MINUTE_MS);
    expect(await reconcilePayments(handle.db)).toMatchObject({ abandoned: 1 });
    expect(await orderRow(placed.orderId)).toMatchObject({ status: 'cancelled', cancelReason: expect.stringMatching(/^Pagamento não concluído/) });
    expect(await stockOf()).toBe(before);
    expect(await mails(buyer.email, 'order-cancelled')).toHaveLength(1);
  });

  it('an admin cancelling a paid order refunds it in full through the gateway, once, recorded and e-mailed', async () => {
    const buyer = await newBuyer();
    const placed = await placeOrder(handle.db, buyer, pay(card('APRO')), mp);
    await applyOrderAction(handle.db, { orderId: placed.orderId, action: 'cancel', actor: { kind: 'system' }, reason: 'Cliente desistiu' });
    expect(await refundOrder(handle.db, placed.orderId)).toBe('refunded');
    expect(await refundOrder(handle.db, placed.orderId)).toBe('none');
    const [payment] = paymentsFor(placed.orderId);
    expect(api.refunds.filter((r) => r.payment_id === payment!.id)).toHaveLength(1);
    const order = await orderRow(placed.orderId);
    expect(order).toMatchObject({ status: 'cancelled', refundStatus: 'refunded', refundReference: expect.any(String) });
    const events = await handle.db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, placed.orderId));
    expect(events.some((e) => e.note?.startsWith('Reembolso de R$'))).toBe(true);
    expect(await mails(buyer.email, 'order-refunded')).toHaveLength(1);
    // The gateway's own notification of the refund afterwards changes nothing.
    expect((await api.notify(payment!.id)).status).toBe(200);
    expect(await mails(buyer.email, 'order-refunded')).toHaveLength(1);
  });

  it('a refund the gateway fails to make is made by the reconciliation job, once', async () => {
    const buyer = await newBuyer();
    const placed = await placeOrder(handle.db, buyer, pay(card('APRO')), mp);
    await applyOrderAction(handle.db, { orderId: placed.orderId, action: 'cancel', actor: { kind: 'system' }, reason: 'Cliente desistiu' });
    // Down for every try the SDK makes of this request.
    api.refundFaults.push(...Array.from({ length: 10 }, () => ({ status: 500 })));
    expect(await refundOrder(handle.db, placed.orderId)).toBe('failed');
    api.refundFaults.length = 0;
    expect(await orderRow(placed.orderId)).toMatchObject({ refundStatus: 'pending' });
    expect(await reconcilePayments(handle.db)).toMatchObject({ refunded: 1 });
    expect(await reconcilePayments(handle.db)).toMatchObject({ refunded: 0 });
    const [payment] = paymentsFor(placed.orderId);
    expect(api.refunds.filter((r) => r.payment_id === payment!.id)).toHaveLength(1);
    expect(await orderRow(placed.orderId)).toMatchObject({ status: 'cancelled', refundStatus: 'refunded' });
    expect(await mails(buyer.email, 'order-refunded')).toHaveLength(1);
  });

  it('a refund made in the gateway’s panel reaches the order by webhook: cancelled and marked refunded', async () => {
    const buyer = await newBuyer();
    const placed = await placeOrder(handle.db, buyer, pay(card('APRO')), mp);
    const [payment] = paymentsFor(placed.orderId);
    payment!.status = 'refunded';
    expect((await api.notify(payment!.id)).status).toBe(200);
    expect(await orderRow(placed.orderId)).toMatchObject({ status: 'cancelled', refundStatus: 'refunded' });
  });

  it('a card plan the gateway declines leaves no customer or card there that the store does not know of (an erasure could not find them)', async () => {
    const buyer = await newBuyer();
    const plan = [{ id: 'plan:monthly', product_id: 'plan:monthly', quantity: 1, is_subscription: true, frequency: 'monthly' }];
    await expect(placeOrder(handle.db, buyer, pay(card('FUND'), plan), mp)).rejects.toThrow();
    const theirs = () => [...api.customers.values()].filter((c: { email: string }) => c.email === buyer.email) as { id: string; cards: unknown[] }[];
    expect(theirs()).toEqual([]);
    expect(await handle.db.select().from(t.savedCards).where(eq(t.savedCards.userId, buyer.id))).toEqual([]);
    // Approved: the customer and card stay, and the store keeps them.
    await placeOrder(handle.db, buyer, pay(card('APRO'), plan), mp);
    expect(theirs()).toHaveLength(1);
    expect(theirs()[0]!.cards).toHaveLength(1);
    expect(await handle.db.select().from(t.savedCards).where(eq(t.savedCards.userId, buyer.id))).toHaveLength(1);
  });

  it('a card plan renews on the saved card with the renewal’s idempotency key: one charge however often the job runs', async () => {
    setClock(new Date('2032-03-10T12:00:00-03:00'));
    const buyer = await newBuyer();
    const plan = [{ id: 'plan:monthly', product_id: 'plan:monthly', quantity: 1, is_subscription: true, frequency: 'monthly' }];
    await placeOrder(handle.db, buyer, pay(card('APRO'), plan), mp);
    const [sub] = await handle.db.select().from(t.userSubscriptions).where(eq(t.userSubscriptions.userId, buyer.id));
    expect(sub!.savedCardId).not.toBeNull();
    const [saved] = await handle.db.select().from(t.savedCards).where(eq(t.savedCards.id, sub!.savedCardId!));
    expect(saved).toMatchObject({ provider: 'mercadopago', lastFour: '3704' });

    setClock(new Date('2032-04-10T12:00:00-03:00'));
    await Promise.all([runSubscriptionRenewals(handle.db, { provider: mp }), runSubscriptionRenewals(handle.db, { provider: mp })]);
    await runSubscriptionRenewals(handle.db, { provider: mp });
    const key = renewalChargeKey(sub!.id, '2032-04-10');
    const renewal = api.byExternalReference(key);
    expect(renewal).toHaveLength(1);
    expect(renewal[0]).toMatchObject({ status: 'approved', payer: { type: 'customer', id: saved!.customerReference } });
    expect(api.requests.filter((r) => r.path === '/v1/payments' && r.method === 'POST' && r.idempotencyKey === key)).toHaveLength(1);
    const renewed = await handle.db.select().from(t.orders).where(and(eq(t.orders.subscriptionId, sub!.id), eq(t.orders.status, 'paid')));
    expect(renewed).toHaveLength(2);
    advanceClock(MINUTE_MS);
  });

  it('a Pix plan’s renewal is a new Pix charge, confirmed by its webhook', async () => {
    setClock(new Date('2033-05-10T12:00:00-03:00'));
    const buyer = await newBuyer();
    const plan = [{ id: 'plan:monthly', product_id: 'plan:monthly', quantity: 1, is_subscription: true, frequency: 'monthly' }];
    const first = await placeOrder(handle.db, buyer, pay({}, plan), mp);
    expect((await api.pay(paymentsFor(first.orderId)[0]!.id))!.status).toBe(200);
    const [sub] = await handle.db.select().from(t.userSubscriptions).where(eq(t.userSubscriptions.userId, buyer.id));
    setClock(new Date('2033-06-10T12:00:00-03:00'));
    await runSubscriptionRenewals(handle.db, { provider: mp });
    const [renewal] = api.byExternalReference(renewalChargeKey(sub!.id, '2033-06-10'));
    expect(renewal).toMatchObject({ payment_method_id: 'pix', status: 'pending' });
    const [order] = await handle.db.select().from(t.orders).where(and(eq(t.orders.subscriptionId, sub!.id), eq(t.orders.status, 'pending')));
    expect(order!.paymentDetails).toMatchObject({ method: 'pix', copyPaste: renewal!.point_of_interaction.transaction_data.qr_code });
    expect((await api.pay(renewal!.id))!.status).toBe(200);
    expect((await orderRow(order!.id)).status).toBe('paid');
    expect(await mails(buyer.email, 'plan-renewed')).toHaveLength(1);
  });
});
