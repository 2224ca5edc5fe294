// The customer's subscriptions tab (issue 14) and site preferences, on every
// engine: the live subscription as the tab reads it, plan change, pause (≤ 3 months) and resume,
// skip on the anchor's calendar, cancel, a resume refused while a renewal is unpaid, someone else's
// ids changing nothing, and the programmed deliveries' own actions. The one clock is fixed per test.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { now, resetClock, setClock } from '~/lib/clock';
import { toCents } from '~/lib/money';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { insertOrder } from '~/server/orders/create.server';
import { applyOrderAction } from '~/server/orders/transitions.server';
import { builtInProvider, type PaymentProvider } from '~/server/payments/provider.server';
import { getOrCreatePreferences, savePreferences } from '~/server/account/preferences.server';
import { changeProgrammedDelivery, DELIVERY_MESSAGES, listOwnProgrammedDeliveries } from '~/server/subscriptions/deliveries.server';
import { payPendingRenewal } from '~/server/flows/pay-pending.server';
import {
  changeSubscription,
  isSubscriber,
  listOwnSubscriptions,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionAction,
} from '~/server/subscriptions/subscriptions.server';
import { changePlan, PLAN_CHANGE_MESSAGES } from '~/server/flows/change-plan.server';
import { engines } from '../support/engines';

/** Noon in São Paulo on `isoDay`: todayInBrazil() reads that day. */
const at = (isoDay: string) => `${isoDay}T15:00:00.000Z`;

describe.each(engines)('customer subscriptions and preferences on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let n = 0;

  async function newCustomer() {
    n += 1;
    const id = `cliente-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Cliente ${n}`, email: `${id}@exemplo.com.br` });
    return id;
  }

  async function insertSubscription(userId: string, values: Partial<typeof t.userSubscriptions.$inferInsert> = {}) {
    const [row] = await handle.db
      .insert(t.userSubscriptions)
      .values({
        userId,
        frequency: 'monthly',
        status: 'active',
        anchorDate: '2026-01-10',
        nextDeliveryDate: '2026-02-10',
        totalValue: '49.90',
        paymentMethod: 'credit_card',
        paidThrough: '2026-02-10',
        ...values,
      })
      .returning();
    return row!;
  }

  async function insertDelivery(userId: string, values: Partial<typeof t.programmedDeliveries.$inferInsert> = {}) {
    const [row] = await handle.db
      .insert(t.programmedDeliveries)
      .values({ userId, months: 2, anchorDate: '2026-01-31', nextDate: '2026-03-31', paymentMethod: 'pix', ...values })
      .returning();
    await handle.db.insert(t.programmedDeliveryItems).values([
      { deliveryId: row!.id, productName: 'Detergente Neutro', size: '500 mL', quantity: 2 },
      { deliveryId: row!.id, productName: 'Desinfetante Lavanda', size: '1 L', quantity: 1 },
    ]);
    return row!;
  }

  /** A renewal whose retries are over: its order waits for payment, its period is overdue. */
  async function unpaidRenewal(sub: typeof t.userSubscriptions.$inferSelect, periodDate: string, periodEnd: string) {
    return handle.db.transaction(async (tx) => {
      const orderId = await insertOrder(tx, {
        userId: sub.userId!,
        totals: { subtotalCents: toCents(sub.totalValue), discountCents: 0, discountKind: null, shippingCents: 0, totalCents: toCents(sub.totalValue) },
        paymentMethod: sub.paymentMethod,
        taxId: null,
        idempotencyKey: `renewal:${sub.id}:${periodDate}`,
        placedAt: now(),
        actor: 'system',
        note: `Renovação de ${periodDate}`,
        shipping: {},
        subscriptionId: sub.id,
        lines: [{ productId: null, name: 'Assinatura Inteligente — Plano Mensal', size: null, quantity: 1, unitPrice: sub.totalValue }],
      });
      await tx.insert(t.subscriptionPeriods).values({ subscriptionId: sub.id, periodDate, periodEnd, kind: 'renewal', amount: sub.totalValue, orderId, status: 'overdue', attempts: 4 });
      return orderId;
    });
  }

  const decliningProvider: PaymentProvider = { ...builtInProvider, name: 'recusa', charge: async () => ({ approved: false, reason: 'cartão recusado pelo emissor' }) };

  const byId = async (id: string) => (await handle.db.select().from(t.userSubscriptions).where(eq(t.userSubscriptions.id, id)))[0]!;
  const deliveryById = async (id: string) => (await handle.db.select().from(t.programmedDeliveries).where(eq(t.programmedDeliveries.id, id)))[0]!;
  const customer = (userId: string) => ({ kind: 'customer' as const, userId });
  const mailKinds = async (userId: string) =>
    (
      await handle.db
        .select({ kind: t.emailOutbox.kind })
        .from(t.emailOutbox)
        .where(eq(t.emailOutbox.toAddress, `${userId}@exemplo.com.br`))
        .orderBy(t.emailOutbox.createdAt)
    ).map((r) => r.kind);
  const events = async (subscriptionId: string) =>
    (await handle.db.select({ kind: t.subscriptionEvents.kind }).from(t.subscriptionEvents).where(eq(t.subscriptionEvents.subscriptionId, subscriptionId)).orderBy(t.subscriptionEvents.createdAt)).map(
      (e) => e.kind,
    );

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    setMailTransport(async () => undefined);
  });
  afterEach(() => resetClock());
  afterAll(async () => {
    await settleBackgroundTasks();
    setMailTransport(null);
    resetClock();
    await handle?.drop();
  });

  it('lists the live subscription (active or paused) of the user, with its next charge, amount and payment', async () => {
    // Inside the period paid (through 10/02): the discount holds.
    setClock(at('2026-01-20'));
    const userId = await newCustomer();
    const other = await newCustomer();
    // Older ones were cancelled (the one-live index allows any number of them).
    const oldest = await insertSubscription(userId, { status: 'cancelled', createdAt: new Date('2025-01-01T12:00:00Z') });
    await insertSubscription(userId, { status: 'cancelled', createdAt: new Date('2025-06-01T12:00:00Z') });
    const live = await insertSubscription(userId, {
      frequency: 'semiannual',
      totalValue: '249.50',
      installments: 3,
      anchorDate: '2026-01-10',
      nextDeliveryDate: '2026-07-10',
      createdAt: new Date('2026-01-10T12:00:00Z'),
    });
    await insertSubscription(other);

    const list = await listOwnSubscriptions(handle.db, userId);
    expect(list).toEqual([
      {
        id: live.id,
        frequency: 'semiannual',
        status: 'active',
        pausedReason: null,
        resumeOn: null,
        nextDeliveryDate: '2026-07-10',
        anchorDate: '2026-01-10',
        totalValue: '249.50',
        paymentMethod: 'credit_card',
        installments: 3,
        paidThrough: '2026-02-10',
        credit: '0.00',
        discount: true,
        unpaidOrderId: null,
        createdAt: '2026-01-10T12:00:00.000Z',
        renewals: [],
      },
    ]);
    expect(list.map((s) => s.id)).not.toContain(oldest.id);
    expect(await listOwnSubscriptions(handle.db, await newCustomer())).toEqual([]);

    // A customer's pause is still listed, still a subscriber, and says until when.
    const paused = await newCustomer();
    await insertSubscription(paused, { status: 'paused', pausedReason: 'customer', resumeOn: '2026-04-10' });
    expect(await listOwnSubscriptions(handle.db, paused)).toMatchObject([{ status: 'paused', pausedReason: 'customer', resumeOn: '2026-04-10', discount: true }]);
    expect(await isSubscriber(handle.db, paused)).toBe(true);
  });

  it('changes the plan once paid: frequency, price, next date from today and updated_at; the subscription stays active', async () => {
    setClock(at('2026-01-31'));
    const userId = await newCustomer();
    // A plan the store gave (no paid period): no credit, the annual price is charged whole.
    const sub = await insertSubscription(userId, { updatedAt: new Date('2025-01-01T00:00:00Z') });
    const change = (frequency: 'annual' | 'semiannual' | 'monthly') => changePlan(handle.db, { userId, subscriptionId: sub.id, frequency, idempotencyKey: randomUUID() }, builtInProvider);
    expect(await change('annual')).toMatchObject({ ok: true, status: 'paid', chargeCents: 53890, creditCents: 0 });
    const row = await byId(sub.id);
    expect(row).toMatchObject({ frequency: 'annual', totalValue: '538.90', anchorDate: '2026-01-31', nextDeliveryDate: '2027-01-31', paidThrough: '2027-01-31', status: 'active' });
    expect(row.updatedAt.getTime()).toBeGreaterThan(new Date('2025-01-01T00:00:00Z').getTime());
    expect(row.createdAt.getTime()).toBe(sub.createdAt.getTime());
    expect(await change('annual')).toEqual({ ok: false, status: 409, message: PLAN_CHANGE_MESSAGES.samePlan });

    // 153 of the 365 days paid are left: R$ 538,90 × 153/365 = R$ 225,90 (rounded up) of credit.
    setClock(at('2026-08-31'));
    expect(await change('semiannual')).toMatchObject({ ok: true, status: 'paid', chargeCents: 24950 - 22590, creditCents: 22590 });
    expect(await byId(sub.id)).toMatchObject({ frequency: 'semiannual', totalValue: '249.50', nextDeliveryDate: '2027-02-28', paidThrough: '2027-02-28', credit: '0.00' });
  });

  it('pauses for at most 3 months: no renewals, the discount kept, resumeOn = today + 3 months, an e-mail', async () => {
    setClock(at('2026-01-20'));
    const userId = await newCustomer();
    const sub = await insertSubscription(userId);
    const result = await changeSubscription(handle.db, sub.id, customer(userId), { action: 'pause' });
    expect(result).toEqual({ ok: true, status: 'paused', nextDeliveryDate: '2026-02-10', resumeOn: '2026-04-20', totalValue: '49.90' });
    expect(await byId(sub.id)).toMatchObject({ status: 'paused', pausedReason: 'customer', resumeOn: '2026-04-20', nextDeliveryDate: '2026-02-10' });
    expect(await isSubscriber(handle.db, userId)).toBe(true);
    expect((await listOwnSubscriptions(handle.db, userId))[0]).toMatchObject({ status: 'paused', resumeOn: '2026-04-20', discount: true });
    expect(await events(sub.id)).toEqual(['paused']);
    expect(await mailKinds(userId)).toEqual(['plan-paused']);

    // Pausing again, skipping or changing the plan while paused: refused, nothing changes.
    const before = await byId(sub.id);
    for (const change of [{ action: 'pause' }, { action: 'skip' }] as SubscriptionAction[]) {
      expect(await changeSubscription(handle.db, sub.id, customer(userId), change)).toEqual({ ok: false, status: 409, message: SUBSCRIPTION_MESSAGES.notActive });
    }
    expect(await changePlan(handle.db, { userId, subscriptionId: sub.id, frequency: 'annual', idempotencyKey: randomUUID() }, builtInProvider)).toEqual({
      ok: false,
      status: 409,
      message: SUBSCRIPTION_MESSAGES.notActive,
    });
    expect(await byId(sub.id)).toEqual(before);

    // A 31st: three months later is the month's last day.
    setClock(at('2026-11-30'));
    const late = await newCustomer();
    const other = await insertSubscription(late, { anchorDate: '2026-11-30', nextDeliveryDate: '2026-12-30' });
    expect(await changeSubscription(handle.db, other.id, customer(late), { action: 'pause' })).toMatchObject({ ok: true, resumeOn: '2027-02-28' });
  });

  it('resumes: a date still ahead stays, one that passed during the pause becomes today', async () => {
    setClock(at('2026-01-20'));
    const userId = await newCustomer();
    const sub = await insertSubscription(userId);
    // Not paused: nothing to resume.
    expect(await changeSubscription(handle.db, sub.id, customer(userId), { action: 'resume' })).toEqual({ ok: false, status: 409, message: SUBSCRIPTION_MESSAGES.notPaused });
    await changeSubscription(handle.db, sub.id, customer(userId), { action: 'pause' });
    setClock(at('2026-02-01'));
    expect(await changeSubscription(handle.db, sub.id, customer(userId), { action: 'resume' })).toEqual({
      ok: true,
      status: 'active',
      nextDeliveryDate: '2026-02-10',
      resumeOn: null,
      totalValue: '49.90',
    });
    expect(await byId(sub.id)).toMatchObject({ status: 'active', pausedReason: null, pausedAt: null, resumeOn: null, anchorDate: '2026-01-10', nextDeliveryDate: '2026-02-10' });

    // Paused past its date: the schedule starts again today.
    await changeSubscription(handle.db, sub.id, customer(userId), { action: 'pause' });
    setClock(at('2026-03-05'));
    expect(await changeSubscription(handle.db, sub.id, customer(userId), { action: 'resume' })).toMatchObject({ ok: true, status: 'active', nextDeliveryDate: '2026-03-05' });
    expect(await byId(sub.id)).toMatchObject({ anchorDate: '2026-03-05', nextDeliveryDate: '2026-03-05' });
    expect(await events(sub.id)).toEqual(['paused', 'resumed', 'paused', 'resumed']);
    expect(await mailKinds(userId)).toEqual(['plan-paused', 'plan-resumed', 'plan-paused', 'plan-resumed']);
  });

  it("skips the next renewal: the date moves one period on, on the anchor's calendar", async () => {
    setClock(at('2026-02-01'));
    const userId = await newCustomer();
    // Anchored on a 31st: February's date is the 28th, and skipping it lands on 31/03, not 28/03.
    const sub = await insertSubscription(userId, { anchorDate: '2026-01-31', nextDeliveryDate: '2026-02-28' });
    expect(await changeSubscription(handle.db, sub.id, customer(userId), { action: 'skip' })).toEqual({
      ok: true,
      status: 'active',
      nextDeliveryDate: '2026-03-31',
      resumeOn: null,
      totalValue: '49.90',
    });
    expect(await changeSubscription(handle.db, sub.id, customer(userId), { action: 'skip' })).toMatchObject({ ok: true, nextDeliveryDate: '2026-04-30' });
    expect(await byId(sub.id)).toMatchObject({ status: 'active', anchorDate: '2026-01-31', nextDeliveryDate: '2026-04-30' });
    expect(await events(sub.id)).toEqual(['skipped', 'skipped']);
    expect(await mailKinds(userId)).toEqual(['plan-skipped', 'plan-skipped']);

    // A semiannual plan skips six months.
    const semi = await newCustomer();
    const s2 = await insertSubscription(semi, { frequency: 'semiannual', totalValue: '249.50', anchorDate: '2026-01-10', nextDeliveryDate: '2026-07-10' });
    expect(await changeSubscription(handle.db, s2.id, customer(semi), { action: 'skip' })).toMatchObject({ ok: true, nextDeliveryDate: '2027-01-10' });
  });

  it('changes the payment method of the renewals (instalments only on a card)', async () => {
    const userId = await newCustomer();
    const sub = await insertSubscription(userId);
    expect(await changeSubscription(handle.db, sub.id, customer(userId), { action: 'change-payment', paymentMethod: 'credit_card', installments: 6 })).toMatchObject({ ok: true });
    expect(await byId(sub.id)).toMatchObject({ paymentMethod: 'credit_card', installments: 6 });
    expect(await changeSubscription(handle.db, sub.id, customer(userId), { action: 'change-payment', paymentMethod: 'boleto', installments: 6 })).toMatchObject({ ok: true });
    expect(await byId(sub.id)).toMatchObject({ paymentMethod: 'boleto', installments: 1 });
  });

  it('cancels: the record is kept with status cancelled, leaves the list, ends the programmed deliveries; a new one is then allowed', async () => {
    const userId = await newCustomer();
    const sub = await insertSubscription(userId);
    const delivery = await insertDelivery(userId);
    expect(await changeSubscription(handle.db, sub.id, customer(userId), { action: 'cancel' })).toMatchObject({ ok: true, status: 'cancelled', resumeOn: null });
    const row = await byId(sub.id);
    expect(row.status).toBe('cancelled');
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(sub.updatedAt.getTime());
    expect(await listOwnSubscriptions(handle.db, userId)).toEqual([]);
    expect(await isSubscriber(handle.db, userId)).toBe(false);
    expect((await deliveryById(delivery.id)).status).toBe('cancelled');
    expect(await listOwnProgrammedDeliveries(handle.db, userId)).toEqual([]);
    expect(await mailKinds(userId)).toEqual(['plan-cancelled']);
    // Cancelling again or changing a cancelled one finds nothing.
    expect(await changeSubscription(handle.db, sub.id, customer(userId), { action: 'cancel' })).toMatchObject({ ok: false, status: 409 });
    expect(await changePlan(handle.db, { userId, subscriptionId: sub.id, frequency: 'annual', idempotencyKey: randomUUID() }, builtInProvider)).toMatchObject({ ok: false, status: 409 });
    expect(await changeSubscription(handle.db, sub.id, customer(userId), { action: 'pause' })).toMatchObject({ ok: false, status: 409 });
    expect((await byId(sub.id)).frequency).toBe('monthly');
    await insertSubscription(userId);
    expect(await listOwnSubscriptions(handle.db, userId)).toHaveLength(1);

    // A paused one can be cancelled too.
    const pausedUser = await newCustomer();
    const paused = await insertSubscription(pausedUser, { status: 'paused', pausedReason: 'customer', resumeOn: '2026-04-10' });
    expect(await changeSubscription(handle.db, paused.id, customer(pausedUser), { action: 'cancel' })).toMatchObject({ ok: true, status: 'cancelled' });
    expect(await byId(paused.id)).toMatchObject({ status: 'cancelled', pausedReason: null, resumeOn: null });
  });

  it('refuses to resume a subscription paused for an unpaid renewal: paying it (pay-now) resumes it', async () => {
    setClock(at('2026-02-25'));
    const userId = await newCustomer();
    const sub = await insertSubscription(userId, { status: 'paused', pausedReason: 'payment_failed', pausedAt: new Date('2026-02-20T12:00:00Z'), nextDeliveryDate: '2026-03-10' });
    const orderId = await unpaidRenewal(sub, '2026-02-10', '2026-03-10');
    const before = await byId(sub.id);
    expect(await changeSubscription(handle.db, sub.id, customer(userId), { action: 'resume' })).toEqual({ ok: false, status: 409, message: SUBSCRIPTION_MESSAGES.paymentRequired });
    expect(await byId(sub.id)).toEqual(before);
    expect(await events(sub.id)).toEqual([]);
    // No subscriber's discount meanwhile, and the tab shows the order to pay.
    expect(await isSubscriber(handle.db, userId)).toBe(false);
    expect((await listOwnSubscriptions(handle.db, userId))[0]).toMatchObject({
      status: 'paused',
      pausedReason: 'payment_failed',
      discount: false,
      unpaidOrderId: orderId,
      renewals: [{ periodDate: '2026-02-10', kind: 'renewal', amount: '49.90', status: 'overdue', orderId, orderStatus: 'pending' }],
    });

    // Someone else paying it, or a card declined: nothing changes.
    const intruder = await newCustomer();
    expect(await payPendingRenewal(handle.db, intruder, orderId, 'credit_card', builtInProvider)).toMatchObject({ ok: false, status: 404 });
    expect(await payPendingRenewal(handle.db, userId, orderId, 'credit_card', decliningProvider)).toMatchObject({ ok: false, status: 402 });
    expect(await byId(sub.id)).toEqual(before);

    // The customer pays it by card: paid, the subscription is active again with its discount.
    expect(await payPendingRenewal(handle.db, userId, orderId, 'credit_card', builtInProvider)).toEqual({ ok: true, status: 'paid' });
    expect(await byId(sub.id)).toMatchObject({ status: 'active', pausedReason: null });
    expect(await isSubscriber(handle.db, userId)).toBe(true);
    const [listed] = await listOwnSubscriptions(handle.db, userId);
    expect(listed).toMatchObject({ status: 'active', discount: true, unpaidOrderId: null, renewals: [{ orderId, status: 'paid', orderStatus: 'paid' }] });
    // Paid once: a second payment is refused.
    expect(await payPendingRenewal(handle.db, userId, orderId, 'credit_card', builtInProvider)).toMatchObject({ ok: false, status: 409 });
  });

  it('resumes a subscription paused for an unpaid renewal once no order is left to pay: a new period from today', async () => {
    setClock(at('2026-03-02'));
    const userId = await newCustomer();
    const sub = await insertSubscription(userId, { status: 'paused', pausedReason: 'payment_failed', pausedAt: new Date('2026-02-20T12:00:00Z'), nextDeliveryDate: '2026-03-10' });
    const orderId = await unpaidRenewal(sub, '2026-02-10', '2026-03-10');
    await applyOrderAction(handle.db, { orderId, action: 'cancel', actor: { kind: 'system' }, reason: 'Cancelado pela loja' });
    expect(await changeSubscription(handle.db, sub.id, customer(userId), { action: 'resume' })).toMatchObject({ ok: true, status: 'active', nextDeliveryDate: '2026-03-02' });
    expect(await byId(sub.id)).toMatchObject({ status: 'active', pausedReason: null, anchorDate: '2026-03-02', nextDeliveryDate: '2026-03-02' });
  });

  it("another customer's subscription id answers 404 for every action and changes nothing", async () => {
    const owner = await newCustomer();
    const intruder = await newCustomer();
    const sub = await insertSubscription(owner);
    const paused = await insertSubscription(await newCustomer(), { status: 'paused', pausedReason: 'customer', resumeOn: '2026-04-10' });
    const before = [await byId(sub.id), await byId(paused.id)];
    const changes: SubscriptionAction[] = [
      { action: 'pause' },
      { action: 'resume' },
      { action: 'skip' },
      { action: 'cancel' },
      { action: 'change-payment', paymentMethod: 'boleto', installments: 1 },
    ];
    for (const id of [sub.id, paused.id, randomUUID()]) {
      for (const change of changes) {
        expect(await changeSubscription(handle.db, id, customer(intruder), change), `${change.action} ${id}`).toEqual({ ok: false, status: 404, message: SUBSCRIPTION_MESSAGES.notFound });
      }
    }
    for (const id of [sub.id, paused.id, randomUUID()]) {
      expect(await changePlan(handle.db, { userId: intruder, subscriptionId: id, frequency: 'annual', idempotencyKey: randomUUID() }, builtInProvider)).toEqual({
        ok: false,
        status: 404,
        message: SUBSCRIPTION_MESSAGES.notFound,
      });
    }
    expect([await byId(sub.id), await byId(paused.id)]).toEqual(before);
    expect(await events(sub.id)).toEqual([]);
    expect(await mailKinds(intruder)).toEqual([]);
    expect(await mailKinds(owner)).toEqual([]);
  });

  it('programmed deliveries: listed with items, skipped on their calendar, paused, resumed, re-timed and cancelled by their owner only', async () => {
    setClock(at('2026-02-01'));
    const userId = await newCustomer();
    await insertSubscription(userId);
    const delivery = await insertDelivery(userId);
    const [listed] = await listOwnProgrammedDeliveries(handle.db, userId);
    expect(listed).toMatchObject({
      id: delivery.id,
      months: 2,
      status: 'active',
      nextDate: '2026-03-31',
      paymentMethod: 'pix',
      items: [
        { productName: 'Desinfetante Lavanda', size: '1 L', quantity: 1, available: false },
        { productName: 'Detergente Neutro', size: '500 mL', quantity: 2, available: false },
      ],
      runs: [],
    });

    // Someone else's delivery (or none at all): 404, nothing changes.
    const intruder = await newCustomer();
    const before = await deliveryById(delivery.id);
    for (const change of [{ action: 'skip' }, { action: 'pause' }, { action: 'resume' }, { action: 'cancel' }, { action: 'frequency', months: 1 }] as const) {
      expect(await changeProgrammedDelivery(handle.db, intruder, delivery.id, change)).toEqual({ ok: false, status: 404, message: DELIVERY_MESSAGES.notFound });
      expect(await changeProgrammedDelivery(handle.db, userId, randomUUID(), change)).toMatchObject({ ok: false, status: 404 });
    }
    expect(await deliveryById(delivery.id)).toEqual(before);

    // Skip: 31/03 → 31/05 (anchored on 31/01, every 2 months).
    expect(await changeProgrammedDelivery(handle.db, userId, delivery.id, { action: 'skip' })).toEqual({ ok: true, status: 'active', nextDate: '2026-05-31', months: 2 });
    expect(await changeProgrammedDelivery(handle.db, userId, delivery.id, { action: 'resume' })).toEqual({ ok: false, status: 409, message: DELIVERY_MESSAGES.notPaused });
    expect(await changeProgrammedDelivery(handle.db, userId, delivery.id, { action: 'pause' })).toEqual({ ok: true, status: 'paused', nextDate: '2026-05-31', months: 2 });
    expect(await changeProgrammedDelivery(handle.db, userId, delivery.id, { action: 'skip' })).toEqual({ ok: false, status: 409, message: DELIVERY_MESSAGES.notActive });
    // Resumed after its date: one period from today.
    setClock(at('2026-06-10'));
    expect(await changeProgrammedDelivery(handle.db, userId, delivery.id, { action: 'resume' })).toEqual({ ok: true, status: 'active', nextDate: '2026-08-10', months: 2 });
    // A new frequency keeps the next date; the ones after follow it.
    expect(await changeProgrammedDelivery(handle.db, userId, delivery.id, { action: 'frequency', months: 3 })).toEqual({ ok: true, status: 'active', nextDate: '2026-08-10', months: 3 });
    expect(await changeProgrammedDelivery(handle.db, userId, delivery.id, { action: 'skip' })).toMatchObject({ ok: true, nextDate: '2026-11-10' });
    expect(await changeProgrammedDelivery(handle.db, userId, delivery.id, { action: 'cancel' })).toMatchObject({ ok: true, status: 'cancelled' });
    expect(await listOwnProgrammedDeliveries(handle.db, userId)).toEqual([]);
    // Cancelled: gone for every action.
    expect(await changeProgrammedDelivery(handle.db, userId, delivery.id, { action: 'resume' })).toMatchObject({ ok: false, status: 404 });
    expect(await mailKinds(userId)).toEqual(['delivery-skipped', 'delivery-paused', 'delivery-resumed', 'delivery-skipped', 'delivery-cancelled']);
    // The subscription itself is untouched.
    const [sub] = await handle.db.select().from(t.userSubscriptions).where(and(eq(t.userSubscriptions.userId, userId), eq(t.userSubscriptions.status, 'active')));
    expect(sub).toBeDefined();
  });

  it('creates missing preferences from the defaults with the browser theme, then upserts on user_id', async () => {
    const userId = await newCustomer();
    expect(await getOrCreatePreferences(handle.db, userId, 'dark')).toEqual({
      hideChatbot: false,
      hideWhatsapp: false,
      theme: 'dark',
      receiveNotifications: true,
      cartReminders: false,
    });
    // Without a browser theme: light.
    const plain = await newCustomer();
    expect((await getOrCreatePreferences(handle.db, plain, null)).theme).toBe('light');
    // An existing row is read as it is; the browser theme no longer matters.
    expect((await getOrCreatePreferences(handle.db, userId, 'light')).theme).toBe('dark');

    await savePreferences(handle.db, userId, { hideChatbot: true });
    await savePreferences(handle.db, userId, { theme: 'light' });
    expect(await savePreferences(handle.db, userId, { receiveNotifications: false })).toEqual({
      hideChatbot: true,
      hideWhatsapp: false,
      theme: 'light',
      receiveNotifications: false,
      cartReminders: false,
    });
    // savePreferences also creates the row when none exists.
    const fresh = await newCustomer();
    expect(await savePreferences(handle.db, fresh, { hideWhatsapp: true })).toMatchObject({ hideWhatsapp: true, theme: 'light' });
    const [counted] = (
      await handle.db.execute(sql`select count(*)::int as count from user_preferences where user_id in (${userId}, ${fresh})`)
    ).rows as { count: number }[];
    expect(counted?.count).toBe(2);
  });
});
