// Issue 35: the invoiced boleto (faturado) through Mercado Pago, against the local stand-in of its
// API (tests/support/mercadopago-api.mjs). The order is confirmed at once; its fatura gets one real
// boleto due on the fatura's day, issued with the key `fatura:<id>`; the boleto's approval (a
// signed webhook, delivered twice) pays the fatura once and never re-confirms the order; a short
// amount is kept as divergent with the fatura still open; a gateway down at issue leaves the order
// confirmed and the fatura payable by the merchant's instructions until the reconciliation job
// issues the boleto, once. Mercado Pago's pages:
//   POST /v1/payments (boleto, date_of_expiration)  https://www.mercadopago.com.br/developers/pt/reference/payments/_payments/post
//   Boleto via Checkout Transparente                 https://www.mercadopago.com.br/developers/pt/docs/checkout-api/integration-configuration/other-payment-methods
//   GET /v1/payments/search (external_reference)     https://www.mercadopago.com.br/developers/pt/reference/payments/_payments_search/get
//   X-Idempotency-Key                                https://www.mercadopago.com.br/developers/pt/docs/checkout-api/additional-content/your-integrations/idempotency
//   Webhooks and x-signature                         https://www.mercadopago.com.br/developers/pt/docs/your-integrations/notifications/webhooks
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { advanceClock, MINUTE_MS, now, resetClock, setClock } from '~/lib/clock';
import { todayInBrazil } from '~/lib/plans';
import { addCalendarDays } from '~/lib/receivables';
import { payNowSchema } from '~/lib/schemas/checkout';
import { getProductDetail, searchProducts } from '~/server/catalog/catalog.server';
import { placeOrder } from '~/server/flows/checkout.server';
import { paymentHandlersFor, reconcilePayments } from '~/server/flows/reconcile.server';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { getOwnOrder } from '~/server/orders/orders.server';
import { createMercadoPagoProvider } from '~/server/payments/mercadopago.server';
import { setPaymentProvider, type PaymentProvider } from '~/server/payments/provider.server';
import { receiveMercadoPagoWebhook } from '~/server/payments/webhooks.server';
import { confirmReceivablePayment } from '~/server/receivables/transitions.server';
import { runReceivables } from '~/server/receivables/reminders.server';
import { applyOrderAction } from '~/server/orders/transitions.server';
import { seedStoreSettings } from '~/server/settings/settings.server';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';
import { startMercadoPagoApi } from '../support/mercadopago-api.mjs';

const SECRET = 'segredo-webhook-teste';
const TOKEN = 'TEST-token-clarear';
process.env.MERCADOPAGO_WEBHOOK_SECRET = SECRET;
const CNPJ = '11222333000181';
const INSTRUCTIONS = 'Depósito na conta 123-4 do Banco X.';

describe.each(engines)('invoiced boleto through Mercado Pago on $name', ({ open }) => {
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
    await seedStoreSettings(handle.db);
    await handle.db.update(t.storeSettings).set({ welcomeOffer: false, invoicedMinimum: '300.00', invoicedInstructions: INSTRUCTIONS });
    const [p] = await searchProducts(handle.db, { term: 'detergente' });
    const d = (await getProductDetail(handle.db, p!.slug))!;
    variant = { id: d.variants[0]!.id, productId: d.id };
    await handle.db.update(t.productVariants).set({ stock: 100_000, price: '100.00' }).where(eq(t.productVariants.id, variant.id));
    // The store's webhook endpoint, as the route calls it (with the flows' handlers).
    webhookServer = createServer(async (req, res) => {
      const answer = await receiveMercadoPagoWebhook(
        handle.db,
        { signature: (req.headers['x-signature'] as string | undefined) ?? null, requestId: (req.headers['x-request-id'] as string | undefined) ?? null, url: new URL(req.url!, 'http://loja.test') },
        { handlersFor: paymentHandlersFor },
      );
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => webhookServer.listen(0, '127.0.0.1', resolve));
    const port = (webhookServer.address() as { port: number }).port;
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

  /** An approved company (5.000,00 on 28 days) and its owner, who buys. */
  async function buyerOfCompany() {
    n += 1;
    const taxId = `${String(Date.now()).slice(-8)}${String(n).padStart(4, '0')}00`;
    const [c] = await handle.db
      .insert(t.companies)
      .values({ taxId, legalName: `Empresa Gateway ${n} Ltda`, ieIndicator: 9, creditStatus: 'approved', creditLimit: '5000.00', creditTermDays: 28 })
      .returning({ id: t.companies.id });
    const id = `fatgw-${n}-${randomUUID().slice(0, 6)}`;
    const buyer = { id, name: `Compradora ${n}`, email: `${id}@exemplo.com.br` };
    await handle.db.insert(t.user).values(buyer);
    await handle.db.insert(t.companyMembers).values({ companyId: c!.id, userId: id, role: 'owner' });
    return buyer;
  }

  const input = () =>
    payNowSchema.parse({
      intent: 'pay',
      cart: JSON.stringify([{ id: variant.id, product_id: variant.productId, quantity: 4 }]),
      idempotencyKey: randomUUID(),
      paymentMethod: 'invoiced',
      delivery: NEW_ADDRESS_DELIVERY,
      taxId: CNPJ,
      ieIndicator: '9',
      deliveryFrequency: '0',
    });
  const orderRow = async (id: string) => (await handle.db.select().from(t.orders).where(eq(t.orders.id, id)))[0]!;
  const faturaOf = async (orderId: string) => (await handle.db.select().from(t.receivables).where(eq(t.receivables.orderId, orderId)))[0]!;
  const boletoPosts = (key: string) => api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payments' && r.idempotencyKey === key);
  const mails = (email: string, kind: string) => handle.db.select().from(t.emailOutbox).where(and(eq(t.emailOutbox.toAddress, email), eq(t.emailOutbox.kind, kind)));

  async function placed() {
    const buyer = await buyerOfCompany();
    const result = await placeOrder(handle.db, buyer, input(), mp);
    expect(result.payment).toBe('invoiced');
    const fatura = await faturaOf(result.orderId);
    return { buyer, orderId: result.orderId, fatura, key: `fatura:${fatura.id}` };
  }

  it('confirmed at once; one boleto due on the fatura’s day, kept on the fatura and shown on the order and its e-mail', async () => {
    const { buyer, orderId, fatura, key } = await placed();
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: 'paid', paymentMethod: 'invoiced', paymentDetails: null });
    expect(fatura.dueDate).toBe(addCalendarDays(todayInBrazil(), 28));
    const [payment, ...others] = api.byExternalReference(key);
    expect(others).toHaveLength(0);
    const [post] = boletoPosts(key);
    expect(post!.body).toMatchObject({ payment_method_id: 'bolbradesco', transaction_amount: Number(fatura.amount), external_reference: key });
    expect(post!.body.date_of_expiration).toBe(`${fatura.dueDate}T23:59:59.000-03:00`);
    expect(post!.body.payer.identification).toMatchObject({ type: 'CNPJ' });
    expect(fatura.status).toBe('open');
    expect(fatura.paymentDetails).toEqual({ method: 'boleto', digitableLine: payment!.transaction_details.digitable_line, dueDate: fatura.dueDate, pdfUrl: payment!.transaction_details.external_resource_url });
    const [attempt] = await handle.db.select().from(t.paymentAttempts).where(eq(t.paymentAttempts.idempotencyKey, key));
    expect(attempt).toMatchObject({ orderId, status: 'awaiting', method: 'boleto', reference: String(payment!.id) });
    const summary = (await getOwnOrder(handle.db, buyer.id, orderId))!;
    expect(summary.fatura?.boleto).toMatchObject({ digitableLine: payment!.transaction_details.digitable_line, dueDate: fatura.dueDate });
    const [mail] = await mails(buyer.email, 'order-placed');
    expect(mail?.textBody).toContain(`Linha digitável: ${payment!.transaction_details.digitable_line}`);
    expect(mail?.textBody).toContain(payment!.transaction_details.external_resource_url);
    expect(mail?.textBody).not.toContain(INSTRUCTIONS);
  });

  it('the boleto approved (the webhook delivered twice, and the poll) pays the fatura once; the order is not confirmed again', async () => {
    const { buyer, orderId, key } = await placed();
    const [payment] = api.byExternalReference(key);
    const before = await orderRow(orderId);
    expect((await api.pay(payment!.id))!.status).toBe(200);
    expect((await api.notify(payment!.id)).status).toBe(200);
    // The reconciliation's poll finds nothing left to do.
    advanceClock(30 * MINUTE_MS);
    await reconcilePayments(handle.db);
    const fatura = await faturaOf(orderId);
    expect(fatura).toMatchObject({ status: 'paid', paidBy: null, paymentReference: `mercadopago:${payment!.id}`, version: 1 });
    const after = await orderRow(orderId);
    expect(after).toMatchObject({ status: 'paid', version: before.version });
    expect(await handle.db.select().from(t.paymentConfirmations).where(eq(t.paymentConfirmations.orderId, orderId))).toHaveLength(0);
    expect(await mails(buyer.email, 'receivable-paid')).toHaveLength(1);
    expect(await mails(buyer.email, 'order-paid')).toHaveLength(0);
    const [attempt] = await handle.db.select().from(t.paymentAttempts).where(eq(t.paymentAttempts.idempotencyKey, key));
    expect(attempt?.status).toBe('approved');
    // The admin's confirmation afterwards changes nothing.
    expect(await confirmReceivablePayment(handle.db, { receivableId: fatura.id, adminId: buyer.id, reference: 'extrato' })).toBe('duplicate');
  });

  it('an amount short of the fatura is kept as divergent for the admin; the fatura stays open', async () => {
    const { orderId, key } = await placed();
    const [payment] = api.byExternalReference(key);
    api.payments.get(String(payment!.id)).transaction_amount = 10;
    expect((await api.pay(payment!.id))!.status).toBe(200);
    expect((await api.notify(payment!.id)).status).toBe(200);
    expect((await faturaOf(orderId)).status).toBe('open');
    const confirmations = await handle.db.select().from(t.paymentConfirmations).where(eq(t.paymentConfirmations.orderId, orderId));
    expect(confirmations).toEqual([expect.objectContaining({ outcome: 'divergent', reference: String(payment!.id), amount: '10.00' })]);
    const events = await handle.db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, orderId));
    expect(events.filter((e) => e.note?.startsWith('Pagamento divergente: pagamento menor que o valor da fatura'))).toHaveLength(1);
    expect((await orderRow(orderId)).status).toBe('paid');
  });

  it('the gateway down at issue: the order confirmed, the fatura open with the instructions; the reconciliation issues the boleto once', async () => {
    api.faults.push({ status: 503 });
    const { buyer, orderId, fatura, key } = await placed();
    expect((await orderRow(orderId)).status).toBe('paid');
    expect(fatura).toMatchObject({ status: 'open', paymentDetails: null });
    expect(api.byExternalReference(key)).toHaveLength(0);
    const [attempt] = await handle.db.select().from(t.paymentAttempts).where(eq(t.paymentAttempts.idempotencyKey, key));
    expect(attempt?.status).toBe('unknown');
    const summary = (await getOwnOrder(handle.db, buyer.id, orderId))!;
    expect(summary.fatura).toMatchObject({ boleto: null, instructions: INSTRUCTIONS });
    const [mail] = await mails(buyer.email, 'order-placed');
    expect(mail?.textBody).toContain(INSTRUCTIONS);

    // Too early: the call may still be in flight.
    await reconcilePayments(handle.db);
    expect(boletoPosts(key)).toHaveLength(1);
    // Later, still down: asked again on the next run, nothing given up.
    advanceClock(3 * MINUTE_MS);
    api.faults.push({ status: 503 });
    await reconcilePayments(handle.db);
    expect(boletoPosts(key)).toHaveLength(2);
    expect((await faturaOf(orderId)).paymentDetails).toBeNull();
    // Back up: issued with the same key, once, due on the fatura's day.
    advanceClock(3 * MINUTE_MS);
    expect(await reconcilePayments(handle.db)).toMatchObject({ settled: 1, abandoned: 0 });
    const [payment, ...others] = api.byExternalReference(key);
    expect(others).toHaveLength(0);
    expect(boletoPosts(key).at(-1)!.body.date_of_expiration).toBe(`${fatura.dueDate}T23:59:59.000-03:00`);
    const issued = await faturaOf(orderId);
    expect(issued).toMatchObject({ status: 'open', paymentDetails: { method: 'boleto', digitableLine: payment!.transaction_details.digitable_line, dueDate: fatura.dueDate } });
    // Nothing more to issue on later runs.
    advanceClock(20 * MINUTE_MS);
    await reconcilePayments(handle.db);
    expect(api.byExternalReference(key)).toHaveLength(1);
    expect((await orderRow(orderId)).status).toBe('paid');
    // And its approval pays the fatura.
    await api.pay(payment!.id);
    expect((await faturaOf(orderId)).status).toBe('paid');
  });

  it('a crash after the gateway answered: the reconciliation records the boleto it finds by the key, without a second one', async () => {
    const buyer = await buyerOfCompany();
    // The order is confirmed whatever happens to its boleto: the buyer still sees it placed.
    const result = await placeOrder(handle.db, buyer, input(), mp, undefined, {
      afterCharge: async () => {
        throw new Error('processo caiu');
      },
    });
    expect(result.payment).toBe('invoiced');
    const [order] = await handle.db.select().from(t.orders).where(eq(t.orders.userId, buyer.id));
    expect(order?.status).toBe('paid');
    const fatura = await faturaOf(order!.id);
    const key = `fatura:${fatura.id}`;
    expect(fatura.paymentDetails).toBeNull();
    advanceClock(3 * MINUTE_MS);
    expect(await reconcilePayments(handle.db)).toMatchObject({ settled: 1 });
    expect(api.byExternalReference(key)).toHaveLength(1);
    expect(boletoPosts(key)).toHaveLength(1);
    expect((await faturaOf(order!.id)).paymentDetails).toMatchObject({ method: 'boleto' });
  });
  it('paid otherwise first (the admin’s confirmation), or its order cancelled: the boleto’s payment is kept as divergent, never a second payment', async () => {
    const first = await placed();
    const [payment] = api.byExternalReference(first.key);
    expect(await confirmReceivablePayment(handle.db, { receivableId: first.fatura.id, adminId: first.buyer.id, reference: 'TED 28/11' })).toBe('applied');
    await api.pay(payment!.id);
    expect(await faturaOf(first.orderId)).toMatchObject({ status: 'paid', paymentReference: 'TED 28/11', version: 1 });
    expect(await handle.db.select().from(t.paymentConfirmations).where(eq(t.paymentConfirmations.orderId, first.orderId))).toEqual([
      expect.objectContaining({ outcome: 'divergent', reference: String(payment!.id) }),
    ]);

    const second = await placed();
    const [boleto] = api.byExternalReference(second.key);
    await applyOrderAction(handle.db, { orderId: second.orderId, action: 'cancel', actor: { kind: 'admin', userId: second.buyer.id }, reason: 'Cliente desistiu' });
    await api.pay(boleto!.id);
    expect((await faturaOf(second.orderId)).status).toBe('cancelled');
    const events = await handle.db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, second.orderId));
    expect(events.filter((e) => e.note?.startsWith('Pagamento divergente: boleto pago de uma fatura cancelada'))).toHaveLength(1);
  });

  it('the reminders carry the boleto; past its due day the boleto is no longer shown and the merchant’s instructions are', async () => {
    const { buyer, orderId, fatura } = await placed();
    const line = (fatura.paymentDetails as { digitableLine: string }).digitableLine;
    setClock(`${addCalendarDays(fatura.dueDate, -3)}T15:00:00Z`);
    await runReceivables(handle.db);
    const [before] = await mails(buyer.email, 'receivable-reminder-before');
    expect(before?.textBody).toContain(`Linha digitável: ${line}`);
    expect(before?.textBody).not.toContain(INSTRUCTIONS);
    setClock(`${addCalendarDays(fatura.dueDate, 3)}T15:00:00Z`);
    await runReceivables(handle.db);
    const [after] = await mails(buyer.email, 'receivable-reminder-after');
    expect(after?.textBody).toContain(INSTRUCTIONS);
    expect(after?.textBody).not.toContain(line);
    const summary = (await getOwnOrder(handle.db, buyer.id, orderId))!;
    expect(summary.fatura).toMatchObject({ status: 'overdue', boleto: null, instructions: INSTRUCTIONS });
  });
  it('a process that died before the call (the attempt still requested): the reconciliation issues the boleto once', async () => {
    api.faults.push({ status: 503 });
    const { orderId, key } = await placed();
    // As if the process had died right after the order's commit: the attempt was never claimed.
    await handle.db.update(t.paymentAttempts).set({ status: 'requested' }).where(eq(t.paymentAttempts.idempotencyKey, key));
    advanceClock(3 * MINUTE_MS);
    const [first, second] = await Promise.all([reconcilePayments(handle.db), reconcilePayments(handle.db)]);
    expect(first.settled + second.settled).toBe(1);
    expect(api.byExternalReference(key)).toHaveLength(1);
    expect((await faturaOf(orderId)).paymentDetails).toMatchObject({ method: 'boleto' });
  });
});
