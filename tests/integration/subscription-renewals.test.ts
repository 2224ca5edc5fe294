// Assinatura Inteligente that recurs, on both engines, with the one clock moved by the tests:
// renewals on their date and not before, a year of hourly job runs, two runs at once, a crash
// between the charge and the date update, card retries → paused → a late payment reactivates,
// Pix renewals, skip/pause/cancel, a plan change, the subscriber's discount, and programmed
// deliveries repeating their items at today's prices.
import { randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { advanceClock, resetClock, setClock, DAY_MS, HOUR_MS } from '~/lib/clock';
import { addMonths, todayInBrazil } from '~/lib/plans';
import { payNowSchema } from '~/lib/schemas/checkout';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { getProductDetail, searchProducts } from '~/server/catalog/catalog.server';
import { placeOrder, quoteCart } from '~/server/flows/checkout.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { listAdminOrders } from '~/server/orders/admin-orders.server';
import { expireUnpaidOrders } from '~/server/orders/expiry.server';
import { getOwnOrder } from '~/server/orders/orders.server';
import { confirmPayment } from '~/server/orders/transitions.server';
import { reconcilePayments } from '~/server/flows/reconcile.server';
import { builtInProvider, setPaymentProvider, type ChargeRequest, type ChargeResult, type PaymentProvider } from '~/server/payments/provider.server';
import { runProgrammedDeliveries } from '~/server/flows/deliver.server';
import { changeProgrammedDelivery, listOwnProgrammedDeliveries } from '~/server/subscriptions/deliveries.server';
import { payPendingRenewal } from '~/server/flows/pay-pending.server';
import { RenewalCrash, renewalChargeKey, runSubscriptionRenewals } from '~/server/flows/renew.server';
import { changeSubscription, isSubscriber, listOwnSubscriptions, subscriberStanding } from '~/server/subscriptions/subscriptions.server';
import { changePlan } from '~/server/flows/change-plan.server';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';

/**
 * A payment gateway double with the contract of a real one (Mercado Pago's X-Idempotency-Key): the
 * same key answers the first result again and never charges twice. `declining` refuses cards.
 */
function fakeGateway() {
  const charges = new Map<string, { request: ChargeRequest; result: ChargeResult }>();
  const gateway = {
    ...builtInProvider,
    name: 'gateway-teste',
    declining: false,
    charges,
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const seen = charges.get(request.idempotencyKey);
      if (seen) return seen.result;
      let result: ChargeResult;
      if (request.method === 'credit_card') {
        result = gateway.declining
          ? { approved: false, reason: 'cartão recusado pelo emissor' }
          : { approved: true, settled: true, reference: `pay_${randomUUID()}`, details: { method: 'credit_card', installments: request.installments, installmentCents: [request.amountCents] } };
      } else {
        result = await builtInProvider.charge(request);
      }
      charges.set(request.idempotencyKey, { request, result });
      return result;
    },
    // Found by its key, as a gateway's search by external reference finds it.
    async findByKey(key: string) {
      const seen = charges.get(key);
      if (!seen?.result.approved) return null;
      return { reference: seen.result.reference ?? key, externalReference: key, status: seen.result.settled ? ('approved' as const) : ('pending' as const), amountCents: seen.request.amountCents, details: seen.result.details };
    },
  } satisfies PaymentProvider & Record<string, unknown>;
  return gateway;
}

describe.each(engines)('subscription renewals on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let variantA: { id: string; productId: string; price: string };
  let variantB: { id: string; productId: string; price: string };
  let n = 0;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    setMailTransport(async () => undefined);
    const [a, b] = await searchProducts(handle.db, { term: 'detergente' }).then(async (list) => {
      const more = await searchProducts(handle.db, { term: 'desinfetante' });
      return [list[0]!, more[0]!];
    });
    const da = (await getProductDetail(handle.db, a!.slug))!;
    const db = (await getProductDetail(handle.db, b!.slug))!;
    variantA = { id: da.variants[0]!.id, productId: da.id, price: da.variants[0]!.price };
    variantB = { id: db.variants[0]!.id, productId: db.id, price: db.variants[0]!.price };
  });
  afterEach(() => resetClock());
  // Each test's clock runs years ahead of the last one: earlier tests' plans and deliveries end
  // first, so only the test's own are due.
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

  async function newBuyer() {
    n += 1;
    const id = `assinante-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Assinante ${n}`, email: `${id}@exemplo.com.br` });
    return { id, name: `Assinante ${n}`, email: `${id}@exemplo.com.br` };
  }

  async function buy(buyer: { id: string; name: string; email: string }, cart: unknown[], options: { method?: 'pix' | 'credit_card' | 'boleto'; frequency?: number; provider?: PaymentProvider } = {}) {
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

  async function subscribe(frequency: 'monthly' | 'semiannual' | 'annual', method: 'pix' | 'credit_card' = 'credit_card', provider?: PaymentProvider) {
    const buyer = await newBuyer();
    const orderId = await buy(buyer, [{ id: `plan:${frequency}`, product_id: `plan:${frequency}`, quantity: 1, is_subscription: true, frequency }], { method, provider });
    const [sub] = await handle.db.select().from(t.userSubscriptions).where(eq(t.userSubscriptions.userId, buyer.id));
    return { buyer, sub: sub!, orderId };
  }

  const subRow = async (id: string) => (await handle.db.select().from(t.userSubscriptions).where(eq(t.userSubscriptions.id, id)))[0]!;
  const periodsOf = (id: string) => handle.db.select().from(t.subscriptionPeriods).where(eq(t.subscriptionPeriods.subscriptionId, id)).orderBy(asc(t.subscriptionPeriods.periodDate));
  const ordersOf = async (subscriptionId: string) =>
    (await handle.db.select({ n: count() }).from(t.orders).where(eq(t.orders.subscriptionId, subscriptionId)))[0]!.n;
  const mailTo = (email: string, kind: string) => handle.db.select().from(t.emailOutbox).where(and(eq(t.emailOutbox.toAddress, email), eq(t.emailOutbox.kind, kind)));

  /** Noon in São Paulo on `day`. */
  const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00-03:00`);

  it('a monthly plan renews on its date and not before: one order with the plan line and the address, charged at its own price', async () => {
    setClock(at('2031-01-10'));
    const gateway = fakeGateway();
    const { buyer, sub } = await subscribe('monthly');
    expect(sub).toMatchObject({ status: 'active', nextDeliveryDate: '2031-02-10', anchorDate: '2031-01-10', paidThrough: '2031-02-10', totalValue: '49.90' });
    expect(await isSubscriber(handle.db, buyer.id)).toBe(true);
    // The admin raises the price: this subscription keeps the one it was sold at.
    await handle.db.update(t.planOptions).set({ price: '59.90' }).where(eq(t.planOptions.frequency, 'monthly'));

    setClock(at('2031-02-09', 23));
    expect((await runSubscriptionRenewals(handle.db, { provider: gateway })).renewed).toBe(0);
    expect(await ordersOf(sub.id)).toBe(1);

    setClock(at('2031-02-10', 0));
    expect((await runSubscriptionRenewals(handle.db, { provider: gateway })).renewed).toBe(1);
    const periods = await periodsOf(sub.id);
    expect(periods.map((p) => [p.kind, p.periodDate, p.periodEnd, p.status, p.amount])).toEqual([
      ['initial', '2031-01-10', '2031-02-10', 'paid', '49.90'],
      ['renewal', '2031-02-10', '2031-03-10', 'paid', '49.90'],
    ]);
    const order = (await getOwnOrder(handle.db, buyer.id, periods[1]!.orderId))!;
    expect(order).toMatchObject({ status: 'paid', totalPrice: '49.90', address: expect.objectContaining({ street: 'Avenida Paulista', zipCode: '01310100' }) });
    expect(order.items).toEqual([expect.objectContaining({ productName: 'Assinatura Inteligente — Plano Mensal', quantity: 1, priceAtPurchase: '49.90' })]);
    expect(await subRow(sub.id)).toMatchObject({ nextDeliveryDate: '2031-03-10', paidThrough: '2031-03-10' });
    expect([...gateway.charges.keys()]).toEqual([renewalChargeKey(sub.id, '2031-02-10')]);
    expect(await mailTo(buyer.email, 'plan-renewed')).toHaveLength(1);
    // Run again the same hour: nothing more.
    expect((await runSubscriptionRenewals(handle.db, { provider: gateway })).renewed).toBe(0);
    expect(await ordersOf(sub.id)).toBe(2);
    await handle.db.update(t.planOptions).set({ price: '49.90' }).where(eq(t.planOptions.frequency, 'monthly'));
  });

  it('a year of hourly runs: exactly 12 monthly renewals (31/01 → 28/02 → 31/03 on the calendar) and 1 annual', async () => {
    setClock(at('2032-01-31', 9));
    const gateway = fakeGateway();
    const monthly = await subscribe('monthly');
    const annual = await subscribe('annual');
    for (let hour = 0; hour < 366 * 24; hour += 1) {
      advanceClock(HOUR_MS);
      await runSubscriptionRenewals(handle.db, { provider: gateway });
    }
    const mPeriods = (await periodsOf(monthly.sub.id)).filter((p) => p.kind === 'renewal');
    expect(mPeriods.map((p) => p.periodDate)).toEqual([
      '2032-02-29', '2032-03-31', '2032-04-30', '2032-05-31', '2032-06-30', '2032-07-31',
      '2032-08-31', '2032-09-30', '2032-10-31', '2032-11-30', '2032-12-31', '2033-01-31',
    ]);
    expect(mPeriods.every((p) => p.status === 'paid')).toBe(true);
    expect((await periodsOf(annual.sub.id)).filter((p) => p.kind === 'renewal').map((p) => p.periodDate)).toEqual(['2033-01-31']);
    expect(gateway.charges.size).toBe(13);
    expect(await ordersOf(monthly.sub.id)).toBe(13);
    expect(await ordersOf(annual.sub.id)).toBe(2);
    // Reminders went 3 days before each, once.
    expect(await mailTo(monthly.buyer.email, 'plan-reminder')).toHaveLength(12);
  }, 240_000);

  it('two job runs at once make one renewal and one charge', async () => {
    setClock(at('2033-03-05'));
    const gateway = fakeGateway();
    const { sub } = await subscribe('monthly');
    setClock(at('2033-04-05', 1));
    const runs = await Promise.all([runSubscriptionRenewals(handle.db, { provider: gateway }), runSubscriptionRenewals(handle.db, { provider: gateway }), runSubscriptionRenewals(handle.db, { provider: gateway })]);
    expect(runs.reduce((sum, r) => sum + r.renewed, 0)).toBe(1);
    expect(await ordersOf(sub.id)).toBe(2);
    expect(gateway.charges.size).toBe(1);
    expect((await subRow(sub.id)).nextDeliveryDate).toBe('2033-05-05');
  });

  it('a crash between the charge and its recording loses nothing and charges once: the renewal was committed first, reconciliation records the charge', async () => {
    setClock(at('2034-05-20'));
    const gateway = fakeGateway();
    const { buyer, sub } = await subscribe('monthly');
    setClock(at('2034-06-20', 2));
    await expect(
      runSubscriptionRenewals(handle.db, {
        provider: gateway,
        hooks: {
          afterCharge: async () => {
            throw new RenewalCrash('processo morreu depois da cobrança');
          },
        },
      }),
    ).rejects.toThrow('processo morreu');
    // The order, its period and its attempt were committed before the call: the customer sees it being confirmed.
    const [open] = (await periodsOf(sub.id)).filter((p) => p.kind === 'renewal');
    expect(open).toMatchObject({ periodDate: '2034-06-20', status: 'awaiting' });
    expect(await ordersOf(sub.id)).toBe(2);
    expect((await getOwnOrder(handle.db, buyer.id, open!.orderId))!).toMatchObject({ status: 'pending', paymentConfirming: true });
    expect((await subRow(sub.id)).nextDeliveryDate).toBe('2034-07-20');
    expect(gateway.charges.size).toBe(1);

    // The next runs charge nothing again (not even days later, while the answer is unknown).
    expect((await runSubscriptionRenewals(handle.db, { provider: gateway })).renewed).toBe(0);
    setClock(at('2034-06-24', 2));
    expect((await runSubscriptionRenewals(handle.db, { provider: gateway })).retried).toBe(0);
    expect(gateway.charges.size).toBe(1);
    expect([...gateway.charges.keys()]).toEqual([renewalChargeKey(sub.id, '2034-06-20')]);
    // Reconciliation asks the gateway by the key and records its one charge.
    setPaymentProvider(gateway);
    try {
      expect((await reconcilePayments(handle.db)).settled).toBe(1);
    } finally {
      setPaymentProvider(undefined);
    }
    const renewal = (await periodsOf(sub.id)).find((p) => p.kind === 'renewal')!;
    expect(renewal).toMatchObject({ periodDate: '2034-06-20', status: 'paid' });
    const [confirmation] = await handle.db.select().from(t.paymentConfirmations).where(eq(t.paymentConfirmations.orderId, renewal.orderId));
    expect(confirmation).toMatchObject({ provider: 'gateway-teste', reference: (gateway.charges.values().next().value!.result as { reference: string }).reference, outcome: 'applied' });
    expect((await subRow(sub.id)).nextDeliveryDate).toBe('2034-07-20');
    // The database itself refuses a second row for the same period.
    await expect(
      handle.db.insert(t.subscriptionPeriods).values({ subscriptionId: sub.id, periodDate: '2034-06-20', periodEnd: '2034-07-20', kind: 'renewal', amount: '49.90', orderId: renewal.orderId }),
    ).rejects.toThrow();
  });

  it('a declined card is retried 3 times, 3 days apart; then paused with an e-mail; a late payment reactivates it on its old schedule', async () => {
    setClock(at('2035-01-15'));
    const gateway = fakeGateway();
    const { buyer, sub } = await subscribe('monthly');
    gateway.declining = true;
    setClock(at('2035-02-15', 1));
    await runSubscriptionRenewals(handle.db, { provider: gateway });
    let [, period] = await periodsOf(sub.id);
    expect(period).toMatchObject({ status: 'awaiting', attempts: 1, lastError: 'cartão recusado pelo emissor' });
    expect(await mailTo(buyer.email, 'plan-payment-failed')).toHaveLength(1);
    // The paid period ended on 15/02: while the retries run, the period is unpaid and gives no discount.
    expect(await isSubscriber(handle.db, buyer.id)).toBe(false);

    // Not before 3 days.
    advanceClock(3 * DAY_MS - HOUR_MS);
    await runSubscriptionRenewals(handle.db, { provider: gateway });
    [, period] = await periodsOf(sub.id);
    expect(period!.attempts).toBe(1);
    for (const attempt of [2, 3]) {
      advanceClock(HOUR_MS);
      await runSubscriptionRenewals(handle.db, { provider: gateway });
      [, period] = await periodsOf(sub.id);
      expect(period).toMatchObject({ status: 'awaiting', attempts: attempt });
      advanceClock(3 * DAY_MS - HOUR_MS);
    }
    advanceClock(HOUR_MS);
    await runSubscriptionRenewals(handle.db, { provider: gateway });
    [, period] = await periodsOf(sub.id);
    expect(period).toMatchObject({ status: 'overdue', attempts: 4 });
    expect(await subRow(sub.id)).toMatchObject({ status: 'paused', pausedReason: 'payment_failed' });
    expect(await mailTo(buyer.email, 'plan-payment-failed')).toHaveLength(3);
    const [overdueMail] = await mailTo(buyer.email, 'plan-overdue');
    expect(overdueMail!.textBody).toContain(`/pedido/${period!.orderId}`);
    expect(await isSubscriber(handle.db, buyer.id)).toBe(false);
    expect(new Set([...gateway.charges.values()].map((c) => c.request.orderId)).size).toBe(1);
    expect(gateway.charges.size).toBe(4);
    // Nothing more is tried, and no new period starts while it is paused.
    setClock(at('2035-03-20'));
    await runSubscriptionRenewals(handle.db, { provider: gateway });
    expect(await periodsOf(sub.id)).toHaveLength(2);
    expect((await getOwnOrder(handle.db, buyer.id, period!.orderId))!.status).toBe('pending');
    // The customer cannot simply resume: it must be paid.
    expect(await changeSubscription(handle.db, sub.id, { kind: 'customer', userId: buyer.id }, { action: 'resume' })).toMatchObject({ ok: false, status: 409 });

    // The customer tries the card again (declined), then pays with Pix; the admin confirms it in the bank.
    expect(await payPendingRenewal(handle.db, buyer.id, period!.orderId, 'credit_card', gateway)).toMatchObject({ ok: false, status: 402 });
    expect(await payPendingRenewal(handle.db, buyer.id, period!.orderId, 'pix', gateway)).toEqual({ ok: true, status: 'pending' });
    expect(await payPendingRenewal(handle.db, (await newBuyer()).id, period!.orderId, 'pix', gateway)).toMatchObject({ ok: false, status: 404 });
    expect(await confirmPayment(handle.db, { orderId: period!.orderId, provider: 'manual', reference: `manual:${period!.orderId}`, amountCents: 4990, actor: { kind: 'system' } })).toBe('applied');
    expect(await subRow(sub.id)).toMatchObject({ status: 'active', pausedReason: null, nextDeliveryDate: '2035-03-15', paidThrough: '2035-03-15' });
    // Paid through 15/03 only: today (20/03) is in the next, unpaid period, so no discount yet.
    expect(await isSubscriber(handle.db, buyer.id)).toBe(false);
    expect(await mailTo(buyer.email, 'plan-reactivated')).toHaveLength(1);
    // Its old schedule: the 15th is past, so the next run renews it, and its payment brings the discount back.
    gateway.declining = false;
    expect((await runSubscriptionRenewals(handle.db, { provider: gateway })).renewed).toBe(1);
    expect((await subRow(sub.id)).nextDeliveryDate).toBe('2035-04-15');
    expect(await isSubscriber(handle.db, buyer.id)).toBe(true);
  });

  it('a Pix renewal waits for payment with its code; its deadline passing issues a new code 3 days later; paid, it renews', async () => {
    setClock(at('2036-02-01'));
    const gateway = fakeGateway();
    const { buyer, sub, orderId: first } = await subscribe('monthly', 'pix', gateway);
    // The purchase itself is unpaid: no discount yet, though the plan is there (no second one is sold).
    expect(await isSubscriber(handle.db, buyer.id)).toBe(false);
    expect(await subscriberStanding(handle.db, buyer.id)).toEqual({ hasSubscription: true, isSubscriber: false });
    await confirmPayment(handle.db, { orderId: first, provider: 'manual', reference: `manual:${first}`, amountCents: 4990, actor: { kind: 'system' } });
    expect(await isSubscriber(handle.db, buyer.id)).toBe(true);

    setClock(at('2036-03-01', 8));
    await runSubscriptionRenewals(handle.db, { provider: gateway });
    const renewal = (await periodsOf(sub.id)).find((p) => p.kind === 'renewal')!;
    const order = (await getOwnOrder(handle.db, buyer.id, renewal.orderId))!;
    expect(order.status).toBe('pending');
    expect(order.paymentDetails?.method).toBe('pix');
    expect(order.paymentExpiresAt).not.toBeNull();
    const [pending] = await mailTo(buyer.email, 'plan-renewal-pending');
    expect(pending!.textBody).toContain('Pix copia e cola');

    // The expiry job leaves a renewal's order alone; the renewal job counts the lapsed code as an attempt.
    advanceClock(2 * HOUR_MS);
    expect(await expireUnpaidOrders(handle.db)).toBe(0);
    await runSubscriptionRenewals(handle.db, { provider: gateway });
    const after = (await periodsOf(sub.id)).find((p) => p.kind === 'renewal')!;
    expect(after).toMatchObject({ status: 'awaiting', attempts: 2 });
    expect(await mailTo(buyer.email, 'plan-renewal-pending')).toHaveLength(2);
    expect((await getOwnOrder(handle.db, buyer.id, renewal.orderId))!.status).toBe('pending');

    await confirmPayment(handle.db, { orderId: renewal.orderId, provider: 'manual', reference: `manual:${renewal.orderId}`, amountCents: 4990, actor: { kind: 'system' } });
    expect(await subRow(sub.id)).toMatchObject({ status: 'active', paidThrough: '2036-04-01', nextDeliveryDate: '2036-04-01' });
    expect(await ordersOf(sub.id)).toBe(2);
  });

  it('cancelling an unpaid renewal order is no way around paying: the plan pauses without discount and resumes only with a new charge', async () => {
    setClock(at('2036-04-01'));
    const gateway = fakeGateway();
    const { buyer, sub } = await subscribe('monthly');
    setClock(at('2036-05-01', 2));
    await runSubscriptionRenewals(handle.db, { provider: { ...gateway, name: gateway.name, charge: (r) => builtInProvider.charge({ ...r, method: 'pix' }) } });
    const renewal = (await periodsOf(sub.id)).find((p) => p.kind === 'renewal')!;
    const { applyOrderAction } = await import('~/server/orders/transitions.server');
    await applyOrderAction(handle.db, { orderId: renewal.orderId, action: 'cancel', actor: { kind: 'customer', userId: buyer.id }, reason: 'Não quero pagar' });
    expect(await subRow(sub.id)).toMatchObject({ status: 'paused', pausedReason: 'payment_failed' });
    expect(await isSubscriber(handle.db, buyer.id)).toBe(false);
    // Resuming charges a new period now.
    expect(await changeSubscription(handle.db, sub.id, { kind: 'customer', userId: buyer.id }, { action: 'resume' })).toMatchObject({ ok: true, status: 'active', nextDeliveryDate: '2036-05-01' });
    // The same period is charged again with a new order (one period row, its cancelled order kept).
    expect((await runSubscriptionRenewals(handle.db, { provider: gateway })).renewed).toBe(1);
    const periods = (await periodsOf(sub.id)).filter((p) => p.kind === 'renewal');
    expect(periods).toHaveLength(1);
    expect(periods[0]).toMatchObject({ periodDate: '2036-05-01', status: 'paid' });
    expect(periods[0]!.orderId).not.toBe(renewal.orderId);
    expect(await subRow(sub.id)).toMatchObject({ status: 'active', nextDeliveryDate: '2036-06-01', paidThrough: '2036-06-01' });
    expect(await isSubscriber(handle.db, buyer.id)).toBe(true);
  });

  it('an unpaid plan purchase that expires cancels the plan it was buying', async () => {
    setClock(at('2036-06-01'));
    const { buyer, sub } = await subscribe('monthly', 'pix');
    advanceClock(2 * HOUR_MS);
    expect(await expireUnpaidOrders(handle.db)).toBeGreaterThanOrEqual(1);
    expect((await subRow(sub.id)).status).toBe('cancelled');
    expect(await isSubscriber(handle.db, buyer.id)).toBe(false);
  });

  it('skip moves the date one period on; pause stops renewals and resumes by itself after 3 months with notice; cancelled never renews', async () => {
    setClock(at('2037-01-31'));
    const gateway = fakeGateway();
    const { buyer, sub } = await subscribe('monthly');
    const actor = { kind: 'customer' as const, userId: buyer.id };
    expect(await changeSubscription(handle.db, sub.id, actor, { action: 'skip' })).toMatchObject({ ok: true, nextDeliveryDate: '2037-03-31' });
    setClock(at('2037-02-28', 23));
    expect((await runSubscriptionRenewals(handle.db, { provider: gateway })).renewed).toBe(0);
    expect(await mailTo(buyer.email, 'plan-skipped')).toHaveLength(1);

    const paused = await changeSubscription(handle.db, sub.id, actor, { action: 'pause' });
    expect(paused).toMatchObject({ ok: true, status: 'paused', resumeOn: '2037-05-28' });
    // Paused, no renewal on 31/03. The period paid ended on 28/02 and the skipped one was not paid:
    // no discount (issue 30: benefits follow payments), though the plan is still the customer's.
    expect(await isSubscriber(handle.db, buyer.id)).toBe(false);
    expect(await subscriberStanding(handle.db, buyer.id)).toEqual({ hasSubscription: true, isSubscriber: false });
    setClock(at('2037-04-01'));
    expect((await runSubscriptionRenewals(handle.db, { provider: gateway })).renewed).toBe(0);
    // A week before the end of the pause, the notice; on the day, it resumes and renews from that day.
    setClock(at('2037-05-21'));
    await runSubscriptionRenewals(handle.db, { provider: gateway });
    expect(await mailTo(buyer.email, 'plan-resume-notice')).toHaveLength(1);
    expect((await subRow(sub.id)).status).toBe('paused');
    setClock(at('2037-05-28', 1));
    const run = await runSubscriptionRenewals(handle.db, { provider: gateway });
    expect(run).toMatchObject({ resumed: 1, renewed: 1 });
    expect(await subRow(sub.id)).toMatchObject({ status: 'active', anchorDate: '2037-05-28', nextDeliveryDate: '2037-06-28', paidThrough: '2037-06-28' });
    expect(await mailTo(buyer.email, 'plan-resumed')).toHaveLength(1);
    // The resumed period was charged (a card, paid): the discount is back.
    expect(await isSubscriber(handle.db, buyer.id)).toBe(true);

    expect(await changeSubscription(handle.db, sub.id, actor, { action: 'cancel' })).toMatchObject({ ok: true, status: 'cancelled' });
    setClock(at('2037-09-01'));
    expect((await runSubscriptionRenewals(handle.db, { provider: gateway })).renewed).toBe(0);
    expect(await isSubscriber(handle.db, buyer.id)).toBe(false);
    // Someone else's subscription reads as missing and changes nothing.
    const other = await newBuyer();
    expect(await changeSubscription(handle.db, sub.id, { kind: 'customer', userId: other.id }, { action: 'pause' })).toMatchObject({ ok: false, status: 404 });
  });

  it('a changed plan is charged now less the unused days, then renews on its new schedule at its new price', async () => {
    setClock(at('2038-03-10'));
    const gateway = fakeGateway();
    const { buyer, sub } = await subscribe('monthly');
    setClock(at('2038-03-20'));
    // 21 of the 31 days paid (10/03 → 10/04) are unused: R$ 49,90 × 21/31 = R$ 33,81 (rounded up) of credit.
    expect(await changePlan(handle.db, { userId: buyer.id, subscriptionId: sub.id, frequency: 'semiannual', idempotencyKey: randomUUID() }, gateway)).toMatchObject({
      ok: true,
      status: 'paid',
      chargeCents: 24950 - 3381,
      creditCents: 3381,
    });
    expect(await subRow(sub.id)).toMatchObject({ frequency: 'semiannual', totalValue: '249.50', anchorDate: '2038-03-20', nextDeliveryDate: '2038-09-20', paidThrough: '2038-09-20' });
    expect([...gateway.charges.values()].map((c) => c.request.amountCents)).toEqual([21569]);
    // The old date (10/04) no longer charges anything.
    setClock(at('2038-04-10', 12));
    expect((await runSubscriptionRenewals(handle.db, { provider: gateway })).renewed).toBe(0);
    setClock(at('2038-09-20', 1));
    expect((await runSubscriptionRenewals(handle.db, { provider: gateway })).renewed).toBe(1);
    const renewal = (await periodsOf(sub.id)).find((p) => p.kind === 'renewal')!;
    expect(renewal).toMatchObject({ periodDate: '2038-09-20', periodEnd: '2039-03-20', amount: '249.50' });
    expect(gateway.charges.size).toBe(2);
  });

  it('a programmed delivery every 2 months repeats its items at new prices with the discount, leaves out a deleted size, and lands in fulfilment', async () => {
    setClock(at('2039-01-05'));
    const gateway = fakeGateway();
    const { buyer } = await subscribe('monthly');
    const orderId = await buy(
      buyer,
      [
        { id: variantA.id, product_id: variantA.productId, quantity: 2 },
        { id: variantB.id, product_id: variantB.productId, quantity: 1 },
      ],
      { frequency: 2 },
    );
    expect((await getOwnOrder(handle.db, buyer.id, orderId))!.deliveryFrequencyMonths).toBe(2);
    let [delivery] = await listOwnProgrammedDeliveries(handle.db, buyer.id);
    expect(delivery).toMatchObject({ months: 2, status: 'active', nextDate: '2039-03-05', paymentMethod: 'credit_card' });
    expect(delivery!.items).toHaveLength(2);

    // Prices change and a size is deleted before the date.
    await handle.db.update(t.productVariants).set({ price: '30.00' }).where(eq(t.productVariants.id, variantA.id));
    await handle.db.delete(t.productVariants).where(eq(t.productVariants.id, variantB.id));
    // The plan's renewals are paid (the hourly job): the delivery's date is in a paid period.
    setClock(at('2039-02-05', 1));
    await runSubscriptionRenewals(handle.db, { provider: gateway });
    setClock(at('2039-03-04', 23));
    expect((await runProgrammedDeliveries(handle.db, { provider: gateway })).ordered).toBe(0);
    setClock(at('2039-03-05', 1));
    await runSubscriptionRenewals(handle.db, { provider: gateway });
    const runs = await Promise.all([runProgrammedDeliveries(handle.db, { provider: gateway }), runProgrammedDeliveries(handle.db, { provider: gateway })]);
    expect(runs.reduce((s, r) => s + r.ordered, 0)).toBe(1);

    [delivery] = await listOwnProgrammedDeliveries(handle.db, buyer.id);
    expect(delivery!.nextDate).toBe('2039-05-05');
    const run = delivery!.runs[0]!;
    expect(run).toMatchObject({ scheduledFor: '2039-03-05', outcome: 'ordered' });
    const order = (await getOwnOrder(handle.db, buyer.id, run.orderId!))!;
    expect(order.items).toEqual([expect.objectContaining({ productId: variantA.productId, quantity: 2, priceAtPurchase: '30.00' })]);
    expect(order).toMatchObject({ status: 'paid', subtotalPrice: '60.00', discountKind: 'subscriber', discountPrice: '6.00', totalPrice: '54.00' });
    expect(order.address?.street).toBe('Avenida Paulista');
    const [placed] = await mailTo(buyer.email, 'delivery-placed');
    expect(placed!.textBody).toContain('Ficaram de fora');
    expect(placed!.textBody).not.toContain('sem o desconto de assinante');
    // In the admin's fulfilment list like any order.
    const toShip = await listAdminOrders(handle.db, { status: 'to_ship' });
    expect(toShip.rows.map((r) => r.id)).toContain(order.id);

    // Skip the next one: 05/05 → 05/07; nothing is ordered on 05/05.
    expect(await changeProgrammedDelivery(handle.db, buyer.id, delivery!.id, { action: 'skip' })).toMatchObject({ ok: true, nextDate: '2039-07-05' });
    setClock(at('2039-05-05', 3));
    expect((await runProgrammedDeliveries(handle.db, { provider: gateway })).ordered).toBe(0);
    // Another customer cannot touch it.
    const other = await newBuyer();
    expect(await changeProgrammedDelivery(handle.db, other.id, delivery!.id, { action: 'cancel' })).toMatchObject({ ok: false, status: 404 });
  });

  it('a programmed delivery with nothing left is skipped and the customer told', async () => {
    setClock(at('2040-01-10'));
    const { buyer } = await subscribe('monthly');
    const [p] = await searchProducts(handle.db, { term: 'limpador' });
    const detail = (await getProductDetail(handle.db, p!.slug))!;
    const v = detail.variants[0]!;
    await handle.db.update(t.productVariants).set({ stock: 5 }).where(eq(t.productVariants.id, v.id));
    await buy(buyer, [{ id: v.id, product_id: detail.id, quantity: 2 }], { frequency: 1 });
    await handle.db.update(t.productVariants).set({ stock: 0 }).where(eq(t.productVariants.id, v.id));
    setClock(at('2040-02-10', 2));
    expect(await runProgrammedDeliveries(handle.db)).toMatchObject({ ordered: 0, skipped: 1 });
    const [delivery] = await listOwnProgrammedDeliveries(handle.db, buyer.id);
    expect(delivery!.runs[0]).toMatchObject({ outcome: 'skipped', orderId: null });
    expect(delivery!.nextDate).toBe('2040-03-10');
    expect(await mailTo(buyer.email, 'delivery-not-sent')).toHaveLength(1);
    expect((await handle.db.select({ stock: t.productVariants.stock }).from(t.productVariants).where(eq(t.productVariants.id, v.id)))[0]!.stock).toBe(0);
  });

  it('a plan the admin switched off cannot be bought: the stale cart line is refused in pt-BR', async () => {
    const buyer = await newBuyer();
    await handle.db.update(t.subscriptionConfigs).set({ isActive: false });
    try {
      const quote = await quoteCart(handle.db, buyer.id, [{ id: 'plan:monthly', product_id: 'plan:monthly', quantity: 1, is_subscription: true, frequency: 'monthly' }]);
      expect(quote.planUnavailable).toBe(true);
      await expect(buy(buyer, [{ id: 'plan:monthly', product_id: 'plan:monthly', quantity: 1, is_subscription: true, frequency: 'monthly' }])).rejects.toThrow('não está disponível no momento');
      expect(await listOwnSubscriptions(handle.db, buyer.id)).toEqual([]);
    } finally {
      await handle.db.update(t.subscriptionConfigs).set({ isActive: true });
    }
    expect(todayInBrazil()).toBeTruthy();
    expect(addMonths('2040-01-31', 1)).toBe('2040-02-29');
  });
});
