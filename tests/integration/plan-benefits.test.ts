// Issue 30, "The plan's benefits follow its payments", on both engines with the one clock moved:
// a customer is a subscriber only while the plan is paid through today; skip and pause stop the
// 10% once the paid period ends; resuming charges the new period before the benefits return; a
// plan change charges the new plan now less the unused days (exact cents), starts when paid (a Pix
// waits, the current plan stays), is one charge for a double submit, and a credit beyond the new
// price pays the next renewals before any card or Pix is charged.
import { randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { advanceClock, resetClock, setClock, MINUTE_MS } from '~/lib/clock';
import { payNowSchema } from '~/lib/schemas/checkout';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { getProductDetail, searchProducts } from '~/server/catalog/catalog.server';
import { placeOrder, quoteCart } from '~/server/flows/checkout.server';
import { changePlan, PLAN_CHANGE_MESSAGES, previewPlanChange } from '~/server/flows/change-plan.server';
import { resumePlan } from '~/server/flows/resume-plan.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { getOwnOrder } from '~/server/orders/orders.server';
import { confirmPayment } from '~/server/orders/transitions.server';
import { builtInProvider, type ChargeRequest, type ChargeResult, type PaymentProvider } from '~/server/payments/provider.server';
import { runProgrammedDeliveries } from '~/server/flows/deliver.server';
import { DELIVERY_WITHOUT_DISCOUNT } from '~/server/subscriptions/emails.server';
import { runSubscriptionRenewals } from '~/server/flows/renew.server';
import { changeSubscription, isSubscriber, subscriberStanding } from '~/server/subscriptions/subscriptions.server';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';

/** A gateway double: a card is approved at once, a Pix waits; one key is one charge (as Mercado Pago's X-Idempotency-Key). */
function fakeGateway() {
  const charges = new Map<string, { request: ChargeRequest; result: ChargeResult }>();
  const gateway = {
    ...builtInProvider,
    name: 'gateway-teste',
    charges,
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const seen = charges.get(request.idempotencyKey);
      if (seen) return seen.result;
      const result: ChargeResult =
        request.method === 'credit_card'
          ? { approved: true, settled: true, reference: `pay_${randomUUID()}`, details: { method: 'credit_card', installments: request.installments, installmentCents: [request.amountCents] } }
          : await builtInProvider.charge(request);
      charges.set(request.idempotencyKey, { request, result });
      return result;
    },
  } satisfies PaymentProvider & Record<string, unknown>;
  return gateway;
}

describe.each(engines)("the plan's benefits follow its payments on $name", ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let variant: { id: string; productId: string; price: string };
  let n = 0;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    setMailTransport(async () => undefined);
    const [product] = await searchProducts(handle.db, { term: 'detergente' });
    const detail = (await getProductDetail(handle.db, product!.slug))!;
    variant = { id: detail.variants[0]!.id, productId: detail.id, price: detail.variants[0]!.price };
  });
  afterEach(() => resetClock());
  // Each test runs years after the last: only its own plans are due.
  beforeEach(async () => {
    await handle.db.update(t.subscriptionPeriods).set({ status: 'cancelled', nextAttemptAt: null }).where(eq(t.subscriptionPeriods.status, 'awaiting'));
    await handle.db
      .update(t.userSubscriptions)
      .set({ status: 'cancelled', pausedReason: null, pausedAt: null, resumeOn: null })
      .where(inArray(t.userSubscriptions.status, ['active', 'paused']));
    await handle.db.update(t.programmedDeliveries).set({ status: 'cancelled' }).where(inArray(t.programmedDeliveries.status, ['active', 'paused']));
  });
  afterAll(async () => {
    await settleBackgroundTasks();
    setMailTransport(null);
    resetClock();
    await handle?.drop();
  });

  /** Noon (or `hour`) in São Paulo on `day`. */
  const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00-03:00`);

  async function newBuyer() {
    n += 1;
    const id = `beneficio-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Assinante ${n}`, email: `${id}@exemplo.com.br` });
    return { id, name: `Assinante ${n}`, email: `${id}@exemplo.com.br` };
  }

  async function buy(buyer: { id: string; name: string; email: string }, cart: unknown[], options: { method?: 'pix' | 'credit_card'; frequency?: number; provider?: PaymentProvider } = {}) {
    const input = payNowSchema.parse({
      intent: 'pay',
      cart: JSON.stringify(cart),
      idempotencyKey: randomUUID(),
      paymentMethod: options.method ?? 'credit_card',
      installments: '1',
      taxId: generateCpf(),
      delivery: NEW_ADDRESS_DELIVERY,
      deliveryFrequency: String(options.frequency ?? 0),
    });
    return (await placeOrder(handle.db, buyer, input, options.provider ?? builtInProvider)).orderId;
  }

  /** A plan bought and paid by card (or a Pix, confirmed by the admin). */
  async function subscribe(frequency: 'monthly' | 'semiannual' | 'annual', method: 'pix' | 'credit_card' = 'credit_card', provider: PaymentProvider = builtInProvider) {
    const buyer = await newBuyer();
    const orderId = await buy(buyer, [{ id: `plan:${frequency}`, product_id: `plan:${frequency}`, quantity: 1, is_subscription: true, frequency }], { method, provider });
    if (method === 'pix') await confirmPayment(handle.db, { orderId, provider: 'manual', reference: `manual:${orderId}`, amountCents: 1_000_000, actor: { kind: 'system' } });
    const [sub] = await handle.db.select().from(t.userSubscriptions).where(eq(t.userSubscriptions.userId, buyer.id));
    return { buyer, sub: sub! };
  }

  const subRow = async (id: string) => (await handle.db.select().from(t.userSubscriptions).where(eq(t.userSubscriptions.id, id)))[0]!;
  const ordersOf = (subscriptionId: string) => handle.db.select().from(t.orders).where(eq(t.orders.subscriptionId, subscriptionId)).orderBy(asc(t.orders.createdAt));
  const attemptsOf = (orderIds: string[]) => (orderIds.length ? handle.db.select().from(t.paymentAttempts).where(inArray(t.paymentAttempts.orderId, orderIds)) : Promise.resolve([]));
  const mailTo = (email: string, kind: string) => handle.db.select().from(t.emailOutbox).where(and(eq(t.emailOutbox.toAddress, email), eq(t.emailOutbox.kind, kind)));
  /** What a single purchase of one unit costs this buyer now: the subscriber checkout's 10% or not. */
  const discountOf = async (userId: string) => (await quoteCart(handle.db, userId, [{ id: variant.id, product_id: variant.productId, quantity: 1 }], null)).totals.discountCents;

  it('monthly → annual on day 0 by Pix: charges the annual price less the unused month, and starts (today + 12 months) only once paid', async () => {
    setClock(at('2041-03-10'));
    const gateway = fakeGateway();
    const { buyer, sub } = await subscribe('monthly', 'pix', gateway);
    expect(await subRow(sub.id)).toMatchObject({ frequency: 'monthly', paidThrough: '2041-04-10', nextDeliveryDate: '2041-04-10' });
    expect(await previewPlanChange(handle.db, buyer.id, sub.id, 'annual')).toMatchObject({ chargeCents: 53890 - 4990, creditCents: 4990, creditAfterCents: 0 });

    const result = await changePlan(handle.db, { userId: buyer.id, subscriptionId: sub.id, frequency: 'annual', idempotencyKey: randomUUID(), expectedChargeCents: 48900 }, gateway);
    expect(result).toMatchObject({ ok: true, status: 'awaiting', chargeCents: 48900, creditCents: 4990 });
    const orderId = result.ok ? result.orderId! : '';
    const order = (await getOwnOrder(handle.db, buyer.id, orderId))!;
    expect(order).toMatchObject({ status: 'pending', totalPrice: '489.00', paymentMethod: 'pix' });
    expect([...gateway.charges.values()].filter((c) => c.request.orderId === orderId).map((c) => c.request.amountCents)).toEqual([48900]);
    // Until the Pix is paid the current plan stays: no "Próxima cobrança" a year ahead for R$ 49,90.
    expect(await subRow(sub.id)).toMatchObject({ frequency: 'monthly', totalValue: '49.90', paidThrough: '2041-04-10', nextDeliveryDate: '2041-04-10' });
    // A second change meanwhile is refused.
    expect(await changePlan(handle.db, { userId: buyer.id, subscriptionId: sub.id, frequency: 'semiannual', idempotencyKey: randomUUID() }, gateway)).toEqual({
      ok: false,
      status: 409,
      message: PLAN_CHANGE_MESSAGES.pending,
    });

    advanceClock(10 * MINUTE_MS);
    expect(await confirmPayment(handle.db, { orderId, provider: 'manual', reference: `manual:${orderId}`, amountCents: 48900, actor: { kind: 'system' } })).toBe('applied');
    expect(await subRow(sub.id)).toMatchObject({ frequency: 'annual', totalValue: '538.90', anchorDate: '2041-03-10', nextDeliveryDate: '2042-03-10', paidThrough: '2042-03-10', credit: '0.00' });
    expect(await isSubscriber(handle.db, buyer.id)).toBe(true);
  });

  it('a stale amount is refused before charging; an expired Pix drops the change and the current plan stays', async () => {
    setClock(at('2041-06-01'));
    const gateway = fakeGateway();
    const { buyer, sub } = await subscribe('monthly', 'pix', gateway);
    expect(await changePlan(handle.db, { userId: buyer.id, subscriptionId: sub.id, frequency: 'annual', idempotencyKey: randomUUID(), expectedChargeCents: 53890 }, gateway)).toEqual({
      ok: false,
      status: 409,
      message: PLAN_CHANGE_MESSAGES.stale,
    });
    const result = await changePlan(handle.db, { userId: buyer.id, subscriptionId: sub.id, frequency: 'annual', idempotencyKey: randomUUID() }, gateway);
    expect(result).toMatchObject({ ok: true, status: 'awaiting' });
    const { expireUnpaidOrders } = await import('~/server/orders/expiry.server');
    advanceClock(2 * 60 * MINUTE_MS);
    expect(await expireUnpaidOrders(handle.db)).toBeGreaterThanOrEqual(1);
    expect(await subRow(sub.id)).toMatchObject({ status: 'active', frequency: 'monthly', nextDeliveryDate: '2041-07-01', paidThrough: '2041-07-01' });
    // The expiry job's batch drops the change with its order (its plan hooks run as a period's do).
    expect((await handle.db.select({ status: t.planChanges.status }).from(t.planChanges).where(eq(t.planChanges.subscriptionId, sub.id))).map((c) => c.status)).toEqual(['cancelled']);
    // The next change is possible again.
    const again = await changePlan(handle.db, { userId: buyer.id, subscriptionId: sub.id, frequency: 'semiannual', idempotencyKey: randomUUID() }, gateway);
    expect(again).toMatchObject({ ok: true, status: 'awaiting' });
    // Cancelling the plan drops the change and its unpaid order: nothing is owed for a plan that ended.
    expect(await changeSubscription(handle.db, sub.id, { kind: 'customer', userId: buyer.id }, { action: 'cancel' })).toMatchObject({ ok: true, status: 'cancelled' });
    expect((await getOwnOrder(handle.db, buyer.id, again.ok ? again.orderId! : ''))!.status).toBe('cancelled');
    expect((await handle.db.select({ status: t.planChanges.status }).from(t.planChanges).where(eq(t.planChanges.subscriptionId, sub.id))).map((c) => c.status).sort()).toEqual(['cancelled', 'cancelled']);
  });

  it('a double-submitted change (the same key, twice and at once) is one order and one charge', async () => {
    setClock(at('2042-01-10'));
    const gateway = fakeGateway();
    const { buyer, sub } = await subscribe('monthly', 'credit_card', gateway);
    const input = { userId: buyer.id, subscriptionId: sub.id, frequency: 'annual' as const, idempotencyKey: randomUUID() };
    const results = await Promise.all([changePlan(handle.db, input, gateway), changePlan(handle.db, input, gateway)]);
    results.push(await changePlan(handle.db, input, gateway));
    for (const r of results) expect(r).toMatchObject({ ok: true, chargeCents: 48900 });
    const changeOrders = (await ordersOf(sub.id)).filter((o) => o.idempotencyKey.startsWith('troca-plano:'));
    expect(changeOrders).toHaveLength(1);
    expect(changeOrders[0]).toMatchObject({ status: 'paid', totalPrice: '489.00' });
    expect(await attemptsOf(changeOrders.map((o) => o.id))).toHaveLength(1);
    expect([...gateway.charges.values()].filter((c) => c.request.orderId === changeOrders[0]!.id)).toHaveLength(1);
    expect(await subRow(sub.id)).toMatchObject({ frequency: 'annual', nextDeliveryDate: '2043-01-10', paidThrough: '2043-01-10' });
  });

  it('annual → monthly with prepaid months: nothing charged, and the credit pays the next renewals before any card', async () => {
    setClock(at('2043-01-15'));
    const gateway = fakeGateway();
    const { buyer, sub } = await subscribe('annual', 'credit_card', gateway);
    const before = gateway.charges.size;
    const result = await changePlan(handle.db, { userId: buyer.id, subscriptionId: sub.id, frequency: 'monthly', idempotencyKey: randomUUID() }, gateway);
    // The whole year is unused on day 0: R$ 538,90 pays the month (R$ 49,90) and R$ 489,00 stays.
    expect(result).toEqual({ ok: true, status: 'applied', orderId: null, chargeCents: 0, creditCents: 4990 });
    expect(gateway.charges.size).toBe(before);
    expect(await subRow(sub.id)).toMatchObject({ frequency: 'monthly', totalValue: '49.90', nextDeliveryDate: '2043-02-15', paidThrough: '2043-02-15', credit: '489.00' });
    expect(await isSubscriber(handle.db, buyer.id)).toBe(true);

    // Nine renewals are paid whole by the credit: no order, no charge, the benefits go on.
    for (let month = 2; month <= 10; month += 1) {
      setClock(at(`2043-${String(month).padStart(2, '0')}-15`, 1));
      expect((await runSubscriptionRenewals(handle.db, { provider: gateway })).renewed).toBe(1);
    }
    expect(gateway.charges.size).toBe(before);
    expect(await subRow(sub.id)).toMatchObject({ nextDeliveryDate: '2043-11-15', paidThrough: '2043-11-15', credit: '39.90' });
    expect(await isSubscriber(handle.db, buyer.id)).toBe(true);
    // The tenth: R$ 39,90 of credit left, the card pays only R$ 10,00.
    setClock(at('2043-11-15', 1));
    expect((await runSubscriptionRenewals(handle.db, { provider: gateway })).renewed).toBe(1);
    const charged = [...gateway.charges.values()].slice(before).map((c) => c.request.amountCents);
    expect(charged).toEqual([1000]);
    expect(await subRow(sub.id)).toMatchObject({ nextDeliveryDate: '2043-12-15', paidThrough: '2043-12-15', credit: '0.00' });
    // Then full price again.
    setClock(at('2043-12-15', 1));
    await runSubscriptionRenewals(handle.db, { provider: gateway });
    expect([...gateway.charges.values()].slice(before).map((c) => c.request.amountCents)).toEqual([1000, 4990]);
  });

  it('a credit taken by a renewal whose order is cancelled unpaid is given back', async () => {
    setClock(at('2044-01-15'));
    const gateway = fakeGateway();
    const { buyer, sub } = await subscribe('monthly', 'credit_card', gateway);
    await handle.db.update(t.userSubscriptions).set({ credit: '10.00', paymentMethod: 'pix' }).where(eq(t.userSubscriptions.id, sub.id));
    setClock(at('2044-02-15', 1));
    await runSubscriptionRenewals(handle.db, { provider: gateway });
    const [renewal] = await handle.db.select().from(t.subscriptionPeriods).where(and(eq(t.subscriptionPeriods.subscriptionId, sub.id), eq(t.subscriptionPeriods.kind, 'renewal')));
    expect(renewal).toMatchObject({ amount: '39.90', creditUsed: '10.00', status: 'awaiting' });
    expect((await subRow(sub.id)).credit).toBe('0.00');
    const { applyOrderAction } = await import('~/server/orders/transitions.server');
    await applyOrderAction(handle.db, { orderId: renewal!.orderId, action: 'cancel', actor: { kind: 'customer', userId: buyer.id }, reason: 'Não quero' });
    expect(await subRow(sub.id)).toMatchObject({ credit: '10.00', status: 'paused', pausedReason: 'payment_failed' });
  });

  it('skip: the skipped period gives no 10% once the paid one ends, however many times it is pressed', async () => {
    setClock(at('2045-03-10'));
    const { buyer, sub } = await subscribe('monthly');
    const actor = { kind: 'customer' as const, userId: buyer.id };
    expect(await discountOf(buyer.id)).toBeGreaterThan(0);
    expect(await changeSubscription(handle.db, sub.id, actor, { action: 'skip' })).toMatchObject({ ok: true, nextDeliveryDate: '2045-05-10' });
    expect(await changeSubscription(handle.db, sub.id, actor, { action: 'skip' })).toMatchObject({ ok: true, nextDeliveryDate: '2045-06-10' });
    expect((await subRow(sub.id)).paidThrough).toBe('2045-04-10');
    // The last paid day still gives the discount; the next one does not.
    setClock(at('2045-04-09', 23));
    expect(await isSubscriber(handle.db, buyer.id)).toBe(true);
    setClock(at('2045-04-10', 1));
    expect(await isSubscriber(handle.db, buyer.id)).toBe(false);
    expect(await subscriberStanding(handle.db, buyer.id)).toEqual({ hasSubscription: true, isSubscriber: false });
    expect(await discountOf(buyer.id)).toBe(0);
    // Skipping again keeps the plan but never the benefits.
    expect(await changeSubscription(handle.db, sub.id, actor, { action: 'skip' })).toMatchObject({ ok: true, nextDeliveryDate: '2045-07-10' });
    expect(await isSubscriber(handle.db, buyer.id)).toBe(false);
    // The renewal on its date is paid: the benefits are back.
    setClock(at('2045-07-10', 1));
    expect((await runSubscriptionRenewals(handle.db, { provider: fakeGateway() })).renewed).toBe(1);
    expect(await isSubscriber(handle.db, buyer.id)).toBe(true);
    expect(await discountOf(buyer.id)).toBeGreaterThan(0);
  });

  it('pause: no 10% for unpaid time; resuming charges the new period before the benefits return (a Pix waits for its payment)', async () => {
    setClock(at('2046-03-10'));
    const gateway = fakeGateway();
    const { buyer, sub } = await subscribe('monthly', 'pix', gateway);
    const actor = { kind: 'customer' as const, userId: buyer.id };
    expect(await changeSubscription(handle.db, sub.id, actor, { action: 'pause' })).toMatchObject({ ok: true, status: 'paused' });
    // Inside the paid period the pause keeps it; after it, the plan is still theirs but gives nothing.
    expect(await isSubscriber(handle.db, buyer.id)).toBe(true);
    setClock(at('2046-04-20'));
    expect(await subscriberStanding(handle.db, buyer.id)).toEqual({ hasSubscription: true, isSubscriber: false });
    expect(await discountOf(buyer.id)).toBe(0);

    const resumed = await resumePlan(handle.db, sub.id, actor, { provider: gateway });
    expect(resumed).toMatchObject({ ok: true, status: 'active', nextDeliveryDate: '2046-04-20', charged: 'awaiting' });
    const renewal = (await ordersOf(sub.id)).at(-1)!;
    expect(renewal).toMatchObject({ status: 'pending', totalPrice: '49.90', paymentMethod: 'pix' });
    // Charged, not paid: no benefits yet.
    expect(await isSubscriber(handle.db, buyer.id)).toBe(false);
    await confirmPayment(handle.db, { orderId: renewal.id, provider: 'manual', reference: `manual:${renewal.id}`, amountCents: 4990, actor: { kind: 'system' } });
    expect(await subRow(sub.id)).toMatchObject({ status: 'active', paidThrough: '2046-05-20', nextDeliveryDate: '2046-05-20' });
    expect(await isSubscriber(handle.db, buyer.id)).toBe(true);
  });

  it('a programmed delivery due in an unpaid period is charged without the 10%, and the e-mail says so', async () => {
    setClock(at('2047-01-05'));
    const gateway = fakeGateway();
    const { buyer, sub } = await subscribe('monthly', 'credit_card', gateway);
    await buy(buyer, [{ id: variant.id, product_id: variant.productId, quantity: 1 }], { frequency: 1, provider: gateway });
    // The plan's next period was skipped: the delivery on 05/02 falls in unpaid time.
    await changeSubscription(handle.db, sub.id, { kind: 'customer', userId: buyer.id }, { action: 'skip' });
    setClock(at('2047-02-05', 1));
    expect((await runProgrammedDeliveries(handle.db, { provider: gateway })).ordered).toBe(1);
    const [delivered] = await handle.db.select().from(t.orders).where(and(eq(t.orders.userId, buyer.id), eq(t.orders.scheduledFor, '2047-02-05')));
    expect(delivered).toMatchObject({ discountKind: null, discountPrice: '0.00', totalPrice: variant.price });
    const [placed] = await mailTo(buyer.email, 'delivery-placed');
    expect(placed!.textBody).toContain(DELIVERY_WITHOUT_DISCOUNT);
  });
});
