// Withdrawal and returns (issue 32) on both engines, against the local stand-in of Mercado Pago's
// API (tests/support/mercadopago-api.mjs: partial refunds by amount, "Reembolsar valor parcial"):
// "Desistir da compra" before shipping (cancelled, refunded once, stock back once under five clicks
// at once), a store-Pix order (the customer's Pix key, refunded by hand), after delivery (request →
// approve → receive with a partial restock → everything paid back with the freight, once under two
// receives at once), the window in São Paulo days (delivered Friday 23:30, refused on day 8), someone
// else's order, a stale page, a gateway down at refund time (reconciliation refunds it once), the plan
// and its goods never refunded beyond what was paid, the plan's withdrawal, a defect replaced.
import { randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { DAY_MS, now, resetClock, setClock } from '~/lib/clock';
import { centsToDecimal, toCents } from '~/lib/money';
import { PROTOCOL_PATTERN, WITHDRAWAL_CANCEL_REASON } from '~/lib/returns';
import { payNowSchema } from '~/lib/schemas/checkout';
import { getProductDetail, searchProducts } from '~/server/catalog/catalog.server';
import { placeOrder } from '~/server/flows/checkout.server';
import { reconcilePayments } from '~/server/flows/reconcile.server';
import {
  approveReturn,
  planWithdrawalOffer,
  receiveReturn,
  recordManualOrderRefund,
  recordManualReturnRefund,
  rejectReturn,
  requestDefectReturn,
  ReturnError,
  withdrawFromOrder,
  withdrawFromPlan,
} from '~/server/flows/withdraw.server';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { applyOrderAction, confirmPayment } from '~/server/orders/transitions.server';
import { applyProviderPayment } from '~/server/payments/charges.server';
import { createMercadoPagoProvider } from '~/server/payments/mercadopago.server';
import { builtInProvider, setPaymentProvider, type PaymentProvider } from '~/server/payments/provider.server';
import { getOrderReturnView, getReturnForAdmin, listReturnsForAdmin, openReturnsCount, returnsOfUser } from '~/server/returns/returns.server';
import { startMercadoPagoApi } from '../support/mercadopago-api.mjs';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';

const TOKEN = 'TEST-token-clarear';

/** A refused call's error, or a failure when it went through. */
async function refusal(promise: Promise<unknown>): Promise<ReturnError> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(ReturnError);
  return outcome as ReturnError;
}

describe.each(engines)('withdrawal and returns on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let api: Awaited<ReturnType<typeof startMercadoPagoApi>>;
  let mp: PaymentProvider;
  let a: { id: string; productId: string };
  let b: { id: string; productId: string };
  let adminId: string;
  let n = 0;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    setMailTransport(async () => undefined);
    const pick = async (term: string) => {
      const [p] = await searchProducts(handle.db, { term });
      const d = (await getProductDetail(handle.db, p!.slug))!;
      await handle.db.update(t.productVariants).set({ stock: 1000 }).where(eq(t.productVariants.id, d.variants[0]!.id));
      return { id: d.variants[0]!.id, productId: d.id };
    };
    a = await pick('detergente');
    b = await pick('desinfetante');
    adminId = `admin-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id: adminId, name: 'Admin Ana', email: `${adminId}@clarear.com.br`, role: 'admin' });
    api = await startMercadoPagoApi({ accessToken: TOKEN });
    // A generous timeout: these tests are about refunds, and a loaded machine must not turn a card payment into "unknown".
    mp = createMercadoPagoProvider({ accessToken: TOKEN, apiUrl: api.url, notificationUrl: 'http://127.0.0.1:9/webhooks/mercadopago', timeoutMs: 20_000 });
    setPaymentProvider(mp);
  });
  afterEach(() => resetClock());
  afterAll(async () => {
    await settleBackgroundTasks();
    setPaymentProvider(undefined);
    setMailTransport(null);
    await api?.close();
    await handle?.drop();
  });

  async function newBuyer() {
    n += 1;
    const id = `devolve-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Cliente Devolução ${n}`, email: `${id}@exemplo.com.br` });
    return { id, name: `Cliente Devolução ${n}`, email: `${id}@exemplo.com.br` };
  }
  type Buyer = Awaited<ReturnType<typeof newBuyer>>;
  const card = { paymentMethod: 'credit_card', installments: '1', cardPaymentMethodId: 'master', cardIssuerId: '24' };
  const goods = (qa = 2, qb = 1) => [
    { id: a.id, product_id: a.productId, quantity: qa },
    { id: b.id, product_id: b.productId, quantity: qb },
  ];
  const PLAN = { id: 'plan:monthly', product_id: 'plan:monthly', quantity: 1, is_subscription: true, frequency: 'monthly' };

  /** Paid now by card through the gateway. */
  async function buyByCard(buyer: Buyer, cart: unknown[] = goods()) {
    const input = payNowSchema.parse({ intent: 'pay', cart: JSON.stringify(cart), idempotencyKey: randomUUID(), delivery: NEW_ADDRESS_DELIVERY, taxId: generateCpf(), deliveryFrequency: '0', ...card, cardToken: `tok-APRO-${randomUUID().slice(0, 8)}` });
    const placed = await placeOrder(handle.db, buyer, input, mp);
    expect(placed.payment).toBe('paid');
    return placed.orderId;
  }
  /** Paid by Pix to the store's own key, confirmed by the admin (no gateway). */
  async function buyByStorePix(buyer: Buyer, cart: unknown[] = goods()) {
    const input = payNowSchema.parse({ intent: 'pay', cart: JSON.stringify(cart), idempotencyKey: randomUUID(), paymentMethod: 'pix', delivery: NEW_ADDRESS_DELIVERY, taxId: generateCpf(), deliveryFrequency: '0' });
    const { orderId } = await placeOrder(handle.db, buyer, input, builtInProvider);
    const order = await orderRow(orderId);
    await confirmPayment(handle.db, { orderId, provider: 'manual', reference: `manual:${orderId}`, amountCents: toCents(order.totalPrice), actor: { kind: 'admin', userId: adminId } });
    return orderId;
  }
  const adminActor = () => ({ kind: 'admin' as const, userId: adminId });
  /** Ships and delivers a paid order; the delivery recorded at `deliveredAt` (the order's history is where the window counts from). */
  async function deliver(orderId: string, deliveredAt?: string) {
    await applyOrderAction(handle.db, { orderId, action: 'start_preparing', actor: adminActor() });
    await applyOrderAction(handle.db, { orderId, action: 'ship', actor: adminActor(), carrier: 'correios', trackingCode: 'RA123456785BR' });
    await applyOrderAction(handle.db, { orderId, action: 'deliver', actor: adminActor() });
    if (deliveredAt) await handle.db.update(t.orderEvents).set({ createdAt: new Date(deliveredAt) }).where(and(eq(t.orderEvents.orderId, orderId), eq(t.orderEvents.toStatus, 'delivered')));
  }
  /**
   * The store charges no freight yet (lib/pricing: shipping 0): R$ 2,00 of what the order paid is
   * booked as its freight, taken from its first line's price (two units), as the freight issue will charge it.
   */
  async function bookFreight(orderId: string) {
    const line = (await itemsOf(orderId)).find((i) => i.productId === a.productId && i.quantity === 2)!;
    const order = await orderRow(orderId);
    await handle.db.update(t.orderItems).set({ priceAtPurchase: centsToDecimal(toCents(line.priceAtPurchase) - 100) }).where(eq(t.orderItems.id, line.id));
    await handle.db.update(t.orders).set({ shippingPrice: '2.00', subtotalPrice: centsToDecimal(toCents(order.subtotalPrice) - 200) }).where(eq(t.orders.id, orderId));
  }

  const orderRow = async (id: string) => (await handle.db.select().from(t.orders).where(eq(t.orders.id, id)))[0]!;
  const itemsOf = (orderId: string) => handle.db.select().from(t.orderItems).where(eq(t.orderItems.orderId, orderId)).orderBy(asc(t.orderItems.productName));
  const returnRow = async (id: string) => (await handle.db.select().from(t.returns).where(eq(t.returns.id, id)))[0]!;
  const stockOf = async (variantId: string) => (await handle.db.select({ stock: t.productVariants.stock }).from(t.productVariants).where(eq(t.productVariants.id, variantId)))[0]!.stock!;
  const mails = (email: string, kind: string) => handle.db.select().from(t.emailOutbox).where(and(eq(t.emailOutbox.toAddress, email), eq(t.emailOutbox.kind, kind)));
  const paymentOf = (orderId: string) => api.byExternalReference(`pedido:${orderId}:1`)[0]!;
  const refundsOf = (orderId: string) => api.refunds.filter((r) => r.payment_id === paymentOf(orderId).id);
  const refundedCents = (orderId: string) => refundsOf(orderId).reduce((sum, r) => sum + Math.round(r.amount * 100), 0);
  const settled = async <T,>(calls: Promise<T>[]) => {
    const results = await Promise.allSettled(calls);
    const done = results.filter((r): r is PromiseFulfilledResult<Awaited<T>> => r.status === 'fulfilled').map((r) => r.value);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as unknown);
    for (const error of refused) expect(error).toBeInstanceOf(ReturnError);
    return { done, refused: refused as ReturnError[] };
  };

  it('before shipping: five clicks at once cancel the order once, refund it once through the gateway and put the stock back once', async () => {
    const buyer = await newBuyer();
    const [stockA, stockB] = [await stockOf(a.id), await stockOf(b.id)];
    const orderId = await buyByCard(buyer);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([stockA - 2, stockB - 1]);
    const view = await getOrderReturnView(handle.db, orderId, buyer.id);
    expect(view).toMatchObject({ offer: { kind: 'cancel' }, paidWithStorePix: false, current: null });

    const { done, refused } = await settled(Array.from({ length: 5 }, () => withdrawFromOrder(handle.db, { orderId, userId: buyer.id, reason: 'Comprei errado' })));
    expect(done).toEqual([{ kind: 'cancelled', refund: 'refunded' }]);
    expect(refused.map((e) => e.status)).toEqual([409, 409, 409, 409]);
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: 'cancelled', cancelReason: WITHDRAWAL_CANCEL_REASON, refundStatus: 'refunded', refundPixKey: null });
    expect(refundsOf(orderId)).toHaveLength(1);
    expect(refundedCents(orderId)).toBe(toCents(order.totalPrice));
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([stockA, stockB]);
    expect(await mails(buyer.email, 'order-cancelled')).toHaveLength(1);
    expect(await mails(buyer.email, 'order-refunded')).toHaveLength(1);
    const events = await handle.db.select().from(t.orderEvents).where(and(eq(t.orderEvents.orderId, orderId), eq(t.orderEvents.fromStatus, 'paid')));
    expect(events).toEqual([expect.objectContaining({ actor: 'customer', actorUserId: buyer.id, note: `${WITHDRAWAL_CANCEL_REASON}. Motivo informado: Comprei errado` })]);
    // Cancelled: nothing more to withdraw from.
    expect((await getOrderReturnView(handle.db, orderId, buyer.id)).offer).toEqual({ kind: 'closed', why: 'Este pedido foi cancelado.' });
    // The customer's plain cancel stays for unpaid orders only.
    const other = await buyByCard(buyer, goods(1, 0).slice(0, 1));
    await expect(applyOrderAction(handle.db, { orderId: other, action: 'cancel', actor: { kind: 'customer', userId: buyer.id }, reason: 'Desisti' })).rejects.toMatchObject({ status: 409 });
  });

  it('a store-Pix order asks for the customer’s Pix key, then is cancelled with the refund left to the admin, who records it once', async () => {
    const buyer = await newBuyer();
    const orderId = await buyByStorePix(buyer);
    expect((await getOrderReturnView(handle.db, orderId, buyer.id)).paidWithStorePix).toBe(true);
    const missing = await refusal(withdrawFromOrder(handle.db, { orderId, userId: buyer.id }));
    expect(missing).toMatchObject({ status: 400, field: 'refundPixKey', message: expect.stringContaining('chave Pix') });
    const wrong = await refusal(withdrawFromOrder(handle.db, { orderId, userId: buyer.id, refundPixKey: 'minha chave' }));
    expect(wrong).toMatchObject({ status: 400, field: 'refundPixKey' });
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', refundPixKey: null });

    expect(await withdrawFromOrder(handle.db, { orderId, userId: buyer.id, refundPixKey: ` ${buyer.email} ` })).toEqual({ kind: 'cancelled', refund: 'manual' });
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', refundStatus: 'pending', refundPixKey: buyer.email });
    await recordManualOrderRefund(handle.db, { orderId, adminId, reference: 'E12345678202612011200abcdef' });
    expect(await orderRow(orderId)).toMatchObject({ refundStatus: 'refunded', refundReference: 'E12345678202612011200abcdef' });
    expect((await refusal(recordManualOrderRefund(handle.db, { orderId, adminId, reference: 'outra' }))).status).toBe(409);
    expect(await mails(buyer.email, 'order-refunded')).toHaveLength(1);
  });

  it('after delivery: request → approve → receive (one line back to stock, the other not) → everything paid back with the freight, once under two receives at once', async () => {
    const buyer = await newBuyer();
    const stranger = await newBuyer();
    const orderId = await buyByCard(buyer);
    await bookFreight(orderId);
    await deliver(orderId);
    const [stockA, stockB] = [await stockOf(a.id), await stockOf(b.id)];
    const order = await orderRow(orderId);
    const view = await getOrderReturnView(handle.db, orderId, buyer.id);
    expect(view.offer).toMatchObject({ kind: 'return', until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(view.items.map((i) => [i.quantity, i.returnable]).sort()).toEqual([
      [1, 1],
      [2, 2],
    ]);

    // Someone else's order reads like a missing one, and nothing is written.
    expect((await refusal(getOrderReturnView(handle.db, orderId, stranger.id))).status).toBe(404);
    expect((await refusal(withdrawFromOrder(handle.db, { orderId, userId: stranger.id }))).status).toBe(404);
    expect((await refusal(requestDefectReturn(handle.db, { orderId, userId: stranger.id, reason: 'x', items: [] }))).status).toBe(404);
    expect(await handle.db.select().from(t.returns).where(eq(t.returns.orderId, orderId))).toEqual([]);

    const asked = await withdrawFromOrder(handle.db, { orderId, userId: buyer.id, reason: 'Não gostei do cheiro' });
    expect(asked).toMatchObject({ kind: 'return', protocol: expect.stringMatching(PROTOCOL_PATTERN) });
    if (asked.kind !== 'return') throw new Error('esperava uma devolução');
    const [requested] = await mails(buyer.email, 'return-requested');
    expect(requested!.textBody).toContain(asked.protocol);
    expect((await refusal(withdrawFromOrder(handle.db, { orderId, userId: buyer.id }))).message).toContain(asked.protocol);
    const seen = await getOrderReturnView(handle.db, orderId, buyer.id);
    expect(seen.offer).toEqual({ kind: 'closed', why: expect.stringContaining(asked.protocol) });
    expect(seen.current).toMatchObject({ protocol: asked.protocol, status: 'requested', statusLabel: 'Solicitada', reason: 'Não gostei do cheiro', items: [expect.objectContaining({ quantity: 1 }), expect.objectContaining({ quantity: 2 })] });
    expect((await returnsOfUser(handle.db, buyer.id)).get(orderId)).toMatchObject({ protocol: asked.protocol, status: 'requested' });

    const detail = (await getReturnForAdmin(handle.db, asked.returnId))!;
    expect(detail).toMatchObject({ version: 0, status: 'requested', actions: ['approve', 'reject'], customerEmail: buyer.email, orderShippingCents: 200, paidWithStorePix: false });
    expect(await approveReturn(handle.db, { returnId: asked.returnId, adminId, version: 0, instructions: 'Código de postagem reversa 123456789 (Correios).' })).toEqual({ version: 1 });
    // A second admin on the same page: stale.
    const stale = await refusal(approveReturn(handle.db, { returnId: asked.returnId, adminId, version: 0, instructions: 'outra' }));
    expect(stale).toMatchObject({ status: 409, message: expect.stringContaining('mudou') });
    expect((await refusal(rejectReturn(handle.db, { returnId: asked.returnId, adminId, version: 1, reason: 'tarde' }))).status).toBe(409);
    expect((await returnRow(asked.returnId)).answeredAt).not.toBeNull();
    expect((await mails(buyer.email, 'return-approved'))[0]!.textBody).toContain('Código de postagem reversa 123456789');

    const [lineA, lineB] = await itemsOf(orderId);
    const restock = [
      { orderItemId: lineA!.productId === a.productId ? lineA!.id : lineB!.id, quantity: 2 },
      { orderItemId: lineA!.productId === a.productId ? lineB!.id : lineA!.id, quantity: 0 },
    ];
    const { done, refused } = await settled([
      receiveReturn(handle.db, { returnId: asked.returnId, adminId, version: 1, restock }),
      receiveReturn(handle.db, { returnId: asked.returnId, adminId, version: 1, restock }),
    ]);
    expect(done).toEqual([{ refund: 'refunded' }]);
    expect(refused.map((e) => e.status)).toEqual([409]);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([stockA + 2, stockB]);
    expect(refundsOf(orderId)).toHaveLength(1);
    expect(refundedCents(orderId)).toBe(toCents(order.totalPrice));
    const ret = await returnRow(asked.returnId);
    expect(ret).toMatchObject({ status: 'refunded', refundStatus: 'refunded', refundAmount: order.totalPrice, refundReference: String(refundsOf(orderId)[0]!.id) });
    const after = (await getReturnForAdmin(handle.db, asked.returnId))!;
    expect(after.events.map((e) => e.toStatus)).toEqual(['requested', 'approved', 'received', 'refunded']);
    expect(after.items.map((i) => i.restockedQuantity).sort()).toEqual([0, 2]);
    expect(after.actions).toEqual([]);
    expect(await mails(buyer.email, 'return-received')).toHaveLength(1);
    expect((await mails(buyer.email, 'return-refunded'))[0]!.textBody).toContain('por estorno no seu cartão de crédito');
    const history = await handle.db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, orderId));
    expect(history.filter((e) => e.note?.includes(asked.protocol))).toHaveLength(1);
    // The gateway reports its payment refunded (its webhook): the store's own return already holds it.
    expect(await applyProviderPayment(handle.db, 'mercadopago', (await mp.getPayment(String(paymentOf(orderId).id)))!)).toBe('unchanged');
    expect(await orderRow(orderId)).toMatchObject({ status: 'delivered', refundStatus: null });
    expect(await mails(buyer.email, 'order-refunded')).toHaveLength(0);
  });

  it('the window counts São Paulo days from the delivery: delivered Friday 23:30, day 7 open, day 8 refused', async () => {
    const buyer = await newBuyer();
    const orderId = await buyByCard(buyer);
    await deliver(orderId, '2026-11-27T23:30:00-03:00');
    setClock('2026-12-05T00:01:00-03:00');
    const view = await getOrderReturnView(handle.db, orderId, buyer.id);
    expect(view.offer).toEqual({ kind: 'closed', why: 'O prazo de 7 dias para desistir da compra terminou em 04/12/2026.' });
    expect(view.defect).toEqual({ open: true, until: '2026-12-27' });
    const late = await refusal(withdrawFromOrder(handle.db, { orderId, userId: buyer.id }));
    expect(late).toMatchObject({ status: 409, message: 'O prazo de 7 dias para desistir da compra terminou em 04/12/2026.' });
    expect(await handle.db.select().from(t.returns).where(eq(t.returns.orderId, orderId))).toEqual([]);
    setClock('2026-12-04T23:59:00-03:00');
    expect((await getOrderReturnView(handle.db, orderId, buyer.id)).offer).toEqual({ kind: 'return', until: '2026-12-04' });
    const asked = await withdrawFromOrder(handle.db, { orderId, userId: buyer.id, items: [{ orderItemId: (await itemsOf(orderId))[0]!.id, quantity: 1 }] });
    expect(asked.kind).toBe('return');
    // The protocol carries the São Paulo day of the request.
    if (asked.kind === 'return') expect(asked.protocol).toMatch(/^DEV-20261204-/);
  });

  it('a gateway down when the goods arrive: the refund stays owed, and the reconciliation makes it once', async () => {
    const buyer = await newBuyer();
    const orderId = await buyByCard(buyer);
    await deliver(orderId);
    const [line] = (await itemsOf(orderId)).filter((i) => i.productId === a.productId);
    const asked = await withdrawFromOrder(handle.db, { orderId, userId: buyer.id, items: [{ orderItemId: line!.id, quantity: 1 }] });
    if (asked.kind !== 'return') throw new Error('esperava uma devolução');
    await approveReturn(handle.db, { returnId: asked.returnId, adminId, version: 0, instructions: 'Coleta agendada para amanhã.' });
    api.refundFaults.push(...Array.from({ length: 10 }, () => ({ status: 500 })));
    expect(await receiveReturn(handle.db, { returnId: asked.returnId, adminId, version: 1, restock: [] })).toEqual({ refund: 'failed' });
    api.refundFaults.length = 0;
    const order = await orderRow(orderId);
    // One unit of A, less its share of the discount; no freight (not everything came back).
    const unit = toCents(line!.priceAtPurchase);
    const value = (await itemsOf(orderId)).reduce((s, i) => s + toCents(i.priceAtPurchase) * i.quantity, 0);
    const expected = unit - Math.round((toCents(order.discountPrice) * unit) / value);
    expect(await returnRow(asked.returnId)).toMatchObject({ status: 'received', refundStatus: 'pending', refundAmount: centsToDecimal(expected) });
    expect((await getReturnForAdmin(handle.db, asked.returnId))!.actions).toEqual([]);
    // Two runs at once: one refund at the gateway (the return's key), recorded once.
    const runs = await Promise.all([reconcilePayments(handle.db), reconcilePayments(handle.db)]);
    expect(runs.reduce((sum, r) => sum + r.returnsRefunded, 0)).toBe(1);
    expect((await reconcilePayments(handle.db)).returnsRefunded).toBe(0);
    expect(refundsOf(orderId)).toEqual([expect.objectContaining({ amount: expected / 100 })]);
    expect(api.requests.filter((r) => r.idempotencyKey === `devolucao:${asked.returnId}`).every((r) => r.path.endsWith('/refunds'))).toBe(true);
    expect(await returnRow(asked.returnId)).toMatchObject({ status: 'refunded', refundStatus: 'refunded' });
    expect(await mails(buyer.email, 'return-refunded')).toHaveLength(1);
    // The gateway's payment is only partly refunded: still approved there.
    expect(paymentOf(orderId)).toMatchObject({ status: 'approved', status_detail: 'partially_refunded' });
  });

  it('a plan and goods bought together: the plan withdrawn in full, then the goods — never more than was paid, to the centavo', async () => {
    setClock('2026-11-27T23:30:00-03:00');
    const buyer = await newBuyer();
    const orderId = await buyByCard(buyer, [...goods(1, 1), PLAN]);
    const [sub] = await handle.db.select().from(t.userSubscriptions).where(eq(t.userSubscriptions.userId, buyer.id));
    const order = await orderRow(orderId);
    expect(await planWithdrawalOffer(handle.db, sub!.id, buyer.id)).toMatchObject({ open: true, until: '2026-12-04', paidWithStorePix: false });
    // The plan line is not goods to send back.
    expect((await getOrderReturnView(handle.db, orderId, buyer.id)).items).toHaveLength(2);
    const plan = await withdrawFromPlan(handle.db, { subscriptionId: sub!.id, userId: buyer.id });
    expect(plan).toMatchObject({ protocol: expect.stringMatching(/^DEV-20261127-/), refund: 'refunded' });
    const planCents = toCents(sub!.totalValue);
    expect(refundedCents(orderId)).toBe(planCents);
    await deliver(orderId);
    const asked = await withdrawFromOrder(handle.db, { orderId, userId: buyer.id });
    if (asked.kind !== 'return') throw new Error('esperava uma devolução');
    await approveReturn(handle.db, { returnId: asked.returnId, adminId, version: 0, instructions: 'Postagem reversa 987654321.' });
    expect(await receiveReturn(handle.db, { returnId: asked.returnId, adminId, version: 1, restock: [] })).toEqual({ refund: 'refunded' });
    expect(toCents((await returnRow(asked.returnId)).refundAmount!)).toBe(toCents(order.totalPrice) - planCents);
    expect(refundedCents(orderId)).toBe(toCents(order.totalPrice));
    expect(paymentOf(orderId)).toMatchObject({ status: 'refunded' });
    // The gateway refuses anything beyond the payment, and so does the store: nothing left to give back.
    expect(await mp.refund({ reference: String(paymentOf(orderId).id), amountCents: 1, idempotencyKey: 'a-mais' })).toMatchObject({ ok: false });
  });

  it('the plan’s withdrawal within 7 days: cancelled and refunded in full once under five clicks; refused on day 8 and when never paid', async () => {
    setClock('2026-11-27T23:30:00-03:00');
    const buyer = await newBuyer();
    const orderId = await buyByCard(buyer, [PLAN]);
    const [sub] = await handle.db.select().from(t.userSubscriptions).where(eq(t.userSubscriptions.userId, buyer.id));
    // Its order holds no goods: "Desistir da compra" sends to the plan's own withdrawal.
    expect((await refusal(withdrawFromOrder(handle.db, { orderId, userId: buyer.id }))).message).toContain('Minhas Assinaturas');
    expect((await getOrderReturnView(handle.db, orderId, buyer.id)).offer).toEqual({ kind: 'closed', why: expect.stringContaining('Minhas Assinaturas') });
    setClock('2026-12-04T23:00:00-03:00');
    const { done, refused } = await settled(Array.from({ length: 5 }, () => withdrawFromPlan(handle.db, { subscriptionId: sub!.id, userId: buyer.id })));
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ refund: 'refunded' });
    expect(refused.map((e) => e.status)).toEqual([409, 409, 409, 409]);
    expect((await handle.db.select().from(t.userSubscriptions).where(eq(t.userSubscriptions.id, sub!.id)))[0]).toMatchObject({ status: 'cancelled' });
    expect(refundsOf(orderId)).toHaveLength(1);
    expect(refundedCents(orderId)).toBe(toCents(sub!.totalValue));
    expect(api.requests.filter((r) => r.idempotencyKey === `desistencia-plano:${sub!.id}`)).toHaveLength(1);
    expect(await returnRow(done[0]!.returnId)).toMatchObject({ kind: 'plan', status: 'refunded', subscriptionId: sub!.id, refundAmount: sub!.totalValue });
    expect(await mails(buyer.email, 'return-requested')).toHaveLength(1);
    expect(await mails(buyer.email, 'plan-cancelled')).toHaveLength(1);
    expect(await planWithdrawalOffer(handle.db, sub!.id, buyer.id)).toMatchObject({ open: false, protocol: expect.stringMatching(PROTOCOL_PATTERN) });

    setClock('2026-11-27T23:30:00-03:00');
    const late = await newBuyer();
    await buyByCard(late, [PLAN]);
    const [lateSub] = await handle.db.select().from(t.userSubscriptions).where(eq(t.userSubscriptions.userId, late.id));
    setClock('2026-12-05T00:30:00-03:00');
    expect(await planWithdrawalOffer(handle.db, lateSub!.id, late.id)).toMatchObject({ open: false, until: '2026-12-04' });
    expect((await refusal(withdrawFromPlan(handle.db, { subscriptionId: lateSub!.id, userId: late.id }))).message).toContain('04/12/2026');
    expect((await handle.db.select().from(t.userSubscriptions).where(eq(t.userSubscriptions.id, lateSub!.id)))[0]).toMatchObject({ status: 'active' });
    // Someone else's plan reads like a missing one.
    expect((await refusal(withdrawFromPlan(handle.db, { subscriptionId: lateSub!.id, userId: buyer.id }))).status).toBe(404);

    const unpaid = await newBuyer();
    const input = payNowSchema.parse({ intent: 'pay', cart: JSON.stringify([PLAN]), idempotencyKey: randomUUID(), paymentMethod: 'pix', delivery: NEW_ADDRESS_DELIVERY, taxId: generateCpf(), deliveryFrequency: '0' });
    await placeOrder(handle.db, unpaid, input, builtInProvider);
    const [unpaidSub] = await handle.db.select().from(t.userSubscriptions).where(eq(t.userSubscriptions.userId, unpaid.id));
    expect((await refusal(withdrawFromPlan(handle.db, { subscriptionId: unpaidSub!.id, userId: unpaid.id, refundPixKey: unpaid.email }))).message).toContain('primeiro pagamento');
  });

  it('a defect: replaced by a new order at no cost (stock taken for it), the defective unit not back on the shelf', async () => {
    const buyer = await newBuyer();
    const orderId = await buyByCard(buyer);
    await deliver(orderId);
    const line = (await itemsOf(orderId)).find((i) => i.productId === b.productId)!;
    expect((await refusal(requestDefectReturn(handle.db, { orderId, userId: buyer.id, reason: ' ', items: [{ orderItemId: line.id, quantity: 1 }] }))).field).toBe('reason');
    expect((await refusal(requestDefectReturn(handle.db, { orderId, userId: buyer.id, reason: 'Vazando', items: [{ orderItemId: line.id, quantity: 5 }] }))).field).toBe('items');
    const asked = await requestDefectReturn(handle.db, { orderId, userId: buyer.id, reason: 'A embalagem chegou vazando.', items: [{ orderItemId: line.id, quantity: 1 }] });
    expect((await refusal(approveReturn(handle.db, { returnId: asked.returnId, adminId, version: 0, instructions: 'Coleta.' }))).field).toBe('resolution');
    await approveReturn(handle.db, { returnId: asked.returnId, adminId, version: 0, instructions: 'Coleta na sua casa na segunda.', resolution: 'replacement' });
    const stockB = await stockOf(b.id);
    const received = await receiveReturn(handle.db, { returnId: asked.returnId, adminId, version: 1, restock: [{ orderItemId: line.id, quantity: 0 }] });
    expect(received).toEqual({ refund: null, replacementOrderId: expect.any(String) });
    const replacement = await orderRow(received.replacementOrderId!);
    expect(replacement).toMatchObject({ userId: buyer.id, status: 'paid', totalPrice: '0.00', shipStreet: 'Avenida Paulista' });
    expect((await itemsOf(replacement.id)).map((i) => [i.productId, i.size, i.quantity, i.priceAtPurchase])).toEqual([[b.productId, line.size, 1, '0.00']]);
    expect(await stockOf(b.id)).toBe(stockB - 1);
    expect(await returnRow(asked.returnId)).toMatchObject({ status: 'replaced', resolution: 'replacement', replacementOrderId: replacement.id, refundStatus: null });
    expect(refundsOf(orderId)).toHaveLength(0);
    expect((await mails(buyer.email, 'return-replaced'))[0]!.textBody).toContain(replacement.id);
  });

  it('a store-Pix return: the refund is owed by bank transfer to the customer’s key, recorded once by the admin', async () => {
    const buyer = await newBuyer();
    const orderId = await buyByStorePix(buyer, goods(1, 0).slice(0, 1));
    await deliver(orderId);
    expect((await refusal(withdrawFromOrder(handle.db, { orderId, userId: buyer.id }))).field).toBe('refundPixKey');
    const asked = await withdrawFromOrder(handle.db, { orderId, userId: buyer.id, refundPixKey: '+55 11 98765-4321' });
    if (asked.kind !== 'return') throw new Error('esperava uma devolução');
    await approveReturn(handle.db, { returnId: asked.returnId, adminId, version: 0, instructions: 'Postagem reversa 555.' });
    expect(await receiveReturn(handle.db, { returnId: asked.returnId, adminId, version: 1, restock: [] })).toEqual({ refund: 'manual' });
    expect(await getReturnForAdmin(handle.db, asked.returnId)).toMatchObject({ status: 'received', refundStatus: 'pending', refundPixKey: '+55 11 98765-4321', paidWithStorePix: true, actions: ['record_refund'] });
    // The reconciliation leaves it to the admin.
    expect((await reconcilePayments(handle.db)).returnsRefunded).toBe(0);
    await recordManualReturnRefund(handle.db, { returnId: asked.returnId, adminId, reference: 'E9876543210' });
    expect((await refusal(recordManualReturnRefund(handle.db, { returnId: asked.returnId, adminId, reference: 'E9876543210' }))).status).toBe(409);
    expect(await returnRow(asked.returnId)).toMatchObject({ status: 'refunded', refundStatus: 'refunded', refundReference: 'E9876543210', refundAmount: (await orderRow(orderId)).totalPrice });
    expect((await mails(buyer.email, 'return-refunded'))[0]!.textBody).toContain('por Pix, para a chave +55 11 98765-4321');
  });

  it('the admin’s list: counts per state, late requests flagged after the answer time, the badge; a rejection lets the customer ask again', async () => {
    const buyer = await newBuyer();
    const orderId = await buyByCard(buyer);
    await deliver(orderId);
    const asked = await withdrawFromOrder(handle.db, { orderId, userId: buyer.id });
    if (asked.kind !== 'return') throw new Error('esperava uma devolução');
    const before = await listReturnsForAdmin(handle.db, { page: 1 });
    expect(before.rows.find((r) => r.id === asked.returnId)).toMatchObject({ id: asked.returnId, kindLabel: 'Desistência da compra', statusLabel: 'Solicitada', late: false, customerName: buyer.name });
    expect(before.counts.requested).toBeGreaterThanOrEqual(1);
    const badge = await openReturnsCount(handle.db);
    // Five days later (the default answer time) and a minute: late.
    setClock(now().getTime() + 5 * DAY_MS + 60_000);
    const late = await listReturnsForAdmin(handle.db, { status: 'late', page: 1 });
    expect(late.rows.map((r) => r.id)).toContain(asked.returnId);
    expect(late.rows.every((r) => r.late)).toBe(true);
    expect(late.counts.late).toBe(late.total);
    expect((await openReturnsCount(handle.db)).late).toBeGreaterThanOrEqual(1);
    await rejectReturn(handle.db, { returnId: asked.returnId, adminId, version: 0, reason: 'Produto aberto e usado pela metade.' });
    expect(await openReturnsCount(handle.db)).toEqual({ open: badge.open - 1, late: expect.any(Number) });
    expect((await listReturnsForAdmin(handle.db, { status: 'rejected', page: 1 })).rows.map((r) => r.id)).toContain(asked.returnId);
    expect((await mails(buyer.email, 'return-rejected'))[0]!.textBody).toContain('Produto aberto e usado pela metade.');
    resetClock();
    // Rejected: within the window, the customer may ask again (a new protocol).
    const again = await withdrawFromOrder(handle.db, { orderId, userId: buyer.id });
    expect(again).toMatchObject({ kind: 'return' });
    if (again.kind === 'return') expect(again.protocol).not.toBe(asked.protocol);
  });
});
