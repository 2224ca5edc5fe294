// Plan renewals, their retries, reminders and the end of customer pauses: the subscription side of
// the 'subscriptions-renew' job. The steps that move money are the renew and pay-pending flows'
// (app/server/flows): this module writes the orders, periods and payment attempts (committed
// before any call to the gateway) and says what an answer does to a period.
//
// Exactly once per subscription per period, by construction: a batch of due subscriptions is one
// transaction that locks them (FOR UPDATE SKIP LOCKED), inserts their periods (unique on
// subscription + date), orders, `requested` attempts (unique idempotency keys: subscription +
// period) and advanced dates together. Two runs at once take disjoint batches (a row locked by one
// is skipped by the other, and once committed its date has moved). The gateway is called after
// the commit, so a crash or a timeout leaves an attempt the reconciliation job settles by its key.
// Set-based: a batch of 100 costs a few dozen statements instead of 18 per renewal (issue 17,
// goal 9: 10k renewals in one run). A batch that fails on one bad row is redone one subscription
// per transaction, so that row does not hold the others back.
import { and, asc, count, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { columnList, jsonRows, resultRows } from '~/db/bulk.server';
import type { Database, Transaction } from '~/db/client.server';
import { orders, paymentAttempts, savedCards, subscriptionPeriods, user, userAddresses, userSubscriptions, type PaymentDetails } from '~/db/schema';
import { now } from '~/lib/clock';
import { centsToDecimal, toCents } from '~/lib/money';
import { findPlan, PLAN_NAME, todayInBrazil } from '~/lib/plans';
import { addDays, nextRetryAt, nextScheduledDate, REMINDER_DAYS_BEFORE, RENEWAL_MAX_ATTEMPTS, RESUME_NOTICE_DAYS } from '~/lib/subscription-schedule';
import { insertOrder, insertOrders, type NewOrder } from '../orders/create.server';
import { CONFIRMING_MESSAGE, hasOpenCall, openAttemptIn, payerFor, storedCardFor, type ChargeHandlers } from '../payments/charges.server';
import { withOfferedMethod, type ChargeRequest, type PaymentMethod, type PaymentProvider } from '../payments/provider.server';
import { queueSubscriptionEmail, queueSubscriptionEmails, type SubscriptionEmail } from './emails.server';
import { logSubscriptionEvent, logSubscriptionEvents, renewWithCreditIn, takeRenewalCreditIn } from './periods.server';
import { changeSubscription } from './subscriptions.server';
import { moveSubscriptionStatus } from './transitions.server';

export type RenewalHooks = {
  /** Tests: runs after the provider answered and before the answer is recorded (a throw there is a crash). */
  afterCharge?: (subscriptionId: string, periodDate: string) => Promise<void>;
};

/**
 * Subscriptions renewed per transaction: big enough that the statements of a batch cost little per
 * renewal, small enough that a batch's locks and its one pooled connection are held briefly.
 */
export const RENEWAL_BATCH = 100;
/**
 * Charges in flight at once, after the batch committed: a gateway's call takes a round trip of
 * hundreds of milliseconds, and no lock is held while it runs.
 */
export const CHARGE_CONCURRENCY = 8;
/**
 * Renewal batches in flight at once, each on its own pooled connection. One by default: on the
 * store's own 2 cores a second lane did not make 10k renewals faster under load (5.6 vs 5.7 s)
 * and took the CPU from shoppers (the store's p99 2.05× idle while the job ran, against 1.47×
 * with one; bench/run.mjs, issue 17 goal 9). A run given more (`lanes`) shares the batches.
 */
export const RENEWAL_LANES = 1;

/** The idempotency key of a renewal charge: the subscription and its period (and the retry's number). */
export function renewalChargeKey(subscriptionId: string, periodDate: string, attempt = 1): string {
  return attempt <= 1 ? `renewal:${subscriptionId}:${periodDate}` : `renewal:${subscriptionId}:${periodDate}:${attempt}`;
}

/** A renewal written (order, period, attempt committed); its charge is made after the commit. */
export type Renewed = { subscriptionId: string; periodDate: string; orderId: string | null; next: string };

/** A committed `requested` attempt to call the provider with. */
export type PendingCharge = { request: ChargeRequest; subscriptionId: string; periodDate: string };

/** Thrown by tests' hooks to simulate a crash: it propagates (the run stops like a dead process). */
export class RenewalCrash extends Error {}

/** A subscription with its customer: every live one has one (an erased account's is cancelled first). */
type OwnedSubscription = typeof userSubscriptions.$inferSelect & { userId: string };

/** A batch of due active subscriptions, locked (another run's are skipped), leaving out those this run tried. */
export async function lockDueBatchIn(tx: Transaction, today: string, size: number, tried: ReadonlySet<string>) {
  return tx
    .select()
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.status, 'active'),
        lte(userSubscriptions.nextDeliveryDate, today),
        tried.size ? sql`not (${userSubscriptions.id} = any(array(select jsonb_array_elements_text(${JSON.stringify([...tried])}::jsonb)::uuid)))` : undefined,
      ),
    )
    .orderBy(asc(userSubscriptions.nextDeliveryDate), asc(userSubscriptions.id))
    .limit(size)
    // The other lane's batch (or another instance's run) is skipped, not waited for.
    .for('update', { skipLocked: true });
}

/** Whether any active subscription is due (most hourly runs find none: one plain read, no lock). */
export async function countDue(db: Database, today: string, limit: number): Promise<number> {
  const peek = await db
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.status, 'active'), lte(userSubscriptions.nextDeliveryDate, today)))
    .limit(limit);
  return peek.length;
}

/** A renewal's order, built as checkout builds one (orders/create.server.ts). */
function renewalOrder(sub: OwnedSubscription, periodDate: string, key: string, placedAt: Date, shipping: NewOrder['shipping'], amountCents = toCents(sub.totalValue)): NewOrder {
  const plan = findPlan(sub.frequency)!;
  return {
    userId: sub.userId,
    totals: { subtotalCents: amountCents, discountCents: 0, discountKind: null, shippingCents: 0, totalCents: amountCents },
    paymentMethod: sub.paymentMethod,
    taxId: sub.taxId,
    idempotencyKey: key,
    placedAt,
    actor: 'system',
    note: `Renovação de ${periodDate}`,
    shipping,
    subscriptionId: sub.id,
    lines: [{ productId: null, name: `${PLAN_NAME} — ${plan.name}`, size: null, quantity: 1, unitPrice: centsToDecimal(amountCents) }],
  };
}

/**
 * One batch of locked due subscriptions, in the caller's transaction: orders, periods, `requested`
 * attempts and moved dates, no call to the provider. The usual ones (their own address, no earlier
 * cancelled order for this period) take set-based statements; the others go through `writeRenewalOneIn`.
 */
export async function writeRenewalBatchIn(tx: Transaction, rows: (typeof userSubscriptions.$inferSelect)[], today: string, provider: PaymentProvider): Promise<{ renewed: Renewed[]; charges: PendingCharge[] }> {
  const renewed: Renewed[] = [];
  const charges: PendingCharge[] = [];
  // A card or boleto the store no longer takes is charged with Pix to its key (payments/provider.server.ts).
  const due = rows.filter((r): r is OwnedSubscription => r.status === 'active' && r.nextDeliveryDate <= today && r.userId !== null).map((r) => withOfferedMethod(r, provider));
  if (due.length === 0) return { renewed, charges };
  const reopened = new Set(
    (
      await tx
        .select({ subscriptionId: subscriptionPeriods.subscriptionId, periodDate: subscriptionPeriods.periodDate })
        .from(subscriptionPeriods)
        .where(and(inArray(subscriptionPeriods.subscriptionId, due.map((r) => r.id)), eq(subscriptionPeriods.status, 'cancelled')))
    )
      .filter((p) => due.some((r) => r.id === p.subscriptionId && r.nextDeliveryDate === p.periodDate))
      .map((p) => p.subscriptionId),
  );
  const usual: OwnedSubscription[] = [];
  for (const sub of due) {
    // A subscription with credit (left by a plan change) is renewed one by one: the credit pays first.
    if (sub.shipName && !reopened.has(sub.id) && toCents(sub.credit) === 0) usual.push(sub);
    else {
      const one = await writeRenewalOneIn(tx, sub.id, today, provider);
      if (one) {
        renewed.push(one.renewed);
        if (one.charge) charges.push(one.charge);
      }
    }
  }
  if (usual.length === 0) return { renewed, charges };

  const buyers = new Map(
    (await tx.select({ id: user.id, name: user.name, email: user.email, taxId: user.taxId }).from(user).where(inArray(user.id, [...new Set(usual.map((s) => s.userId))]))).map((b) => [b.id, b]),
  );
  const cardIds = usual.filter((s) => s.paymentMethod === 'credit_card' && s.savedCardId).map((s) => s.savedCardId!);
  const cards = new Map(cardIds.length ? (await tx.select().from(savedCards).where(inArray(savedCards.id, cardIds))).map((c) => [c.id, c]) : []);
  const placedAt = now();
  const renewals = usual.map((sub) => {
    const plan = findPlan(sub.frequency)!;
    const periodDate = sub.nextDeliveryDate;
    return { sub, plan, periodDate, periodEnd: nextScheduledDate(sub.anchorDate, plan.months, periodDate), amountCents: toCents(sub.totalValue), key: renewalChargeKey(sub.id, periodDate) };
  });

  // The orders, their first history rows and their lines, as insertOrder writes one.
  const orderIds = await insertOrders(tx, renewals.map((r) => renewalOrder(r.sub, r.periodDate, r.key, placedAt, shippingOf(r.sub))));
  const withOrders = renewals.map((r, i) => ({ ...r, orderId: orderIds[i]! }));
  // The constraint that makes each period happen once, whatever overlaps: a period already there
  // (not cancelled) makes the batch fail, and it is redone one by one, where that one fails alone.
  // Its next look (the retry job's) is set now: an attempt declined by a webhook is tried again.
  const periodColumns = { subscription_id: 'uuid', period_date: 'date', period_end: 'date', kind: 'text', amount: 'numeric', order_id: 'uuid', status: 'text', attempts: 'integer', next_attempt_at: 'timestamptz' } as const;
  const retryAt = nextRetryAt(placedAt);
  const periods = resultRows<{ id: string }>(
    await tx.execute(sql`
      insert into ${subscriptionPeriods} ${columnList(periodColumns)}
      ${jsonRows(
        withOrders.map((r) => ({ subscription_id: r.sub.id, period_date: r.periodDate, period_end: r.periodEnd, kind: 'renewal', amount: r.sub.totalValue, order_id: r.orderId, status: 'awaiting', attempts: 1, next_attempt_at: retryAt })),
        periodColumns,
      )}
      on conflict (subscription_id, period_date) do nothing
      returning id`),
  );
  if (periods.length !== withOrders.length) throw new Error(`${withOrders.length - periods.length} período(s) do lote já existe(m)`);

  // The attempts (as openAttemptIn writes each): committed with their orders, before any call.
  const attemptColumns = { order_id: 'uuid', idempotency_key: 'text', provider: 'text', method: 'text', amount: 'numeric', created_at: 'timestamptz', updated_at: 'timestamptz' } as const;
  await tx.execute(sql`
    insert into ${paymentAttempts} ${columnList(attemptColumns)}
    ${jsonRows(
      withOrders.map((r) => ({ order_id: r.orderId, idempotency_key: r.key, provider: provider.name, method: r.sub.paymentMethod, amount: centsToDecimal(r.amountCents), created_at: placedAt, updated_at: placedAt })),
      attemptColumns,
    )}`);
  const moved = JSON.stringify(withOrders.map((r) => ({ id: r.sub.id, next: r.periodEnd })));
  await tx.execute(sql`
    update ${userSubscriptions} set next_delivery_date = v.next, updated_at = ${now()}
    from jsonb_to_recordset(${moved}::jsonb) as v(id uuid, next date)
    where ${userSubscriptions.id} = v.id`);
  await logSubscriptionEvents(
    tx,
    withOrders.map((r) => ({ subscriptionId: r.sub.id, kind: 'renewed', from: 'active' as const, to: 'active' as const, actor: 'system' as const, note: `Renovação de ${r.periodDate}: pedido criado` })),
  );
  for (const r of withOrders) {
    const card = r.sub.paymentMethod === 'credit_card' && r.sub.savedCardId ? cards.get(r.sub.savedCardId) : undefined;
    charges.push({
      subscriptionId: r.sub.id,
      periodDate: r.periodDate,
      request: {
        orderId: r.orderId,
        idempotencyKey: r.key,
        amountCents: r.amountCents,
        method: r.sub.paymentMethod,
        installments: r.sub.installments,
        description: `Renovação da ${PLAN_NAME} (${r.plan.name})`,
        customer: payerOf(buyers.get(r.sub.userId), r.sub.taxId, r.sub),
        storedCard: r.sub.paymentMethod === 'credit_card' && card ? { customerReference: card.customerReference, cardReference: card.cardReference, paymentMethodId: card.paymentMethodId } : undefined,
      },
    });
    renewed.push({ subscriptionId: r.sub.id, periodDate: r.periodDate, orderId: r.orderId, next: r.periodEnd });
  }
  return { renewed, charges };
}

/** One subscription's renewal (order, period, attempt, date) in the caller's transaction: the ones a batch does not take set-based. */
export async function writeRenewalOneIn(tx: Transaction, subscriptionId: string, today: string, provider: PaymentProvider): Promise<{ renewed: Renewed; charge: PendingCharge | null } | null> {
  const [row] = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.id, subscriptionId)).for('update');
  // Another run renewed it, or it was paused, skipped or cancelled meanwhile (an erased account's is cancelled).
  if (!row || row.status !== 'active' || row.nextDeliveryDate > today || row.userId === null) return null;
  const sub: OwnedSubscription = withOfferedMethod({ ...row, userId: row.userId }, provider);
  const plan = findPlan(sub.frequency)!;
  const periodDate = sub.nextDeliveryDate;
  const periodEnd = nextScheduledDate(sub.anchorDate, plan.months, periodDate);
  const placedAt = now();
  // The subscription's credit (a plan change's) pays first; a renewal it covers whole charges nothing.
  const { chargeCents: amountCents, creditUsedCents } = await takeRenewalCreditIn(tx, sub, toCents(sub.totalValue));
  const amount = centsToDecimal(amountCents);
  if (amountCents === 0) {
    await renewWithCreditIn(tx, sub, periodDate, periodEnd, sub.totalValue);
    return { renewed: { subscriptionId: sub.id, periodDate, orderId: null, next: periodEnd }, charge: null };
  }
  const shipping = await shippingFor(tx, sub);
  // A period charged again after its order was cancelled unpaid gets a new order and charge key.
  const [{ earlier } = { earlier: 0 }] = await tx
    .select({ earlier: count() })
    .from(subscriptionPeriods)
    .where(and(eq(subscriptionPeriods.subscriptionId, sub.id), eq(subscriptionPeriods.periodDate, periodDate), eq(subscriptionPeriods.status, 'cancelled')));
  const key = renewalChargeKey(sub.id, periodDate) + (earlier ? `:reaberta-${await reopenCount(tx, sub.id, periodDate)}` : '');

  const orderId = await insertOrder(tx, renewalOrder(sub, periodDate, key, placedAt, shipping, amountCents));
  // The constraint that makes this period happen once, whatever overlaps. A period whose order was
  // cancelled unpaid (the plan then resumed to pay it) is charged again with this new order.
  const retryAt = nextRetryAt(placedAt);
  const [period] = await tx
    .insert(subscriptionPeriods)
    .values({ subscriptionId: sub.id, periodDate, periodEnd, kind: 'renewal', amount, creditUsed: centsToDecimal(creditUsedCents), orderId, status: 'awaiting', attempts: 1, nextAttemptAt: retryAt })
    .onConflictDoUpdate({
      target: [subscriptionPeriods.subscriptionId, subscriptionPeriods.periodDate],
      set: { orderId, periodEnd, amount, creditUsed: centsToDecimal(creditUsedCents), status: 'awaiting', attempts: 1, nextAttemptAt: retryAt, lastError: null, updatedAt: placedAt },
      setWhere: sql`${subscriptionPeriods.status} = 'cancelled'`,
    })
    .returning({ id: subscriptionPeriods.id });
  if (!period) throw new Error(`período ${periodDate} da assinatura ${sub.id} já existe`);

  const request: ChargeRequest = {
    orderId,
    idempotencyKey: key,
    amountCents,
    method: sub.paymentMethod,
    installments: sub.installments,
    description: `Renovação da ${PLAN_NAME} (${plan.name})`,
    customer: await payerFor(tx, sub.userId, sub.taxId, sub),
    storedCard: sub.paymentMethod === 'credit_card' ? await storedCardFor(tx, sub.savedCardId) : undefined,
  };
  await openAttemptIn(tx, provider, request);
  await tx.update(userSubscriptions).set({ nextDeliveryDate: periodEnd, updatedAt: now() }).where(eq(userSubscriptions.id, sub.id));
  await logSubscriptionEvent(tx, { subscriptionId: sub.id, kind: 'renewed', from: 'active', to: 'active', actor: 'system', note: `Renovação de ${periodDate}: pedido criado` });
  return { renewed: { subscriptionId: sub.id, periodDate, orderId, next: periodEnd }, charge: { request, subscriptionId: sub.id, periodDate } };
}

/** How many orders this period already had (all cancelled): the reopened one's number. */
async function reopenCount(tx: Transaction, subscriptionId: string, periodDate: string): Promise<number> {
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.subscriptionId, subscriptionId), sql`${orders.idempotencyKey} like ${`${renewalChargeKey(subscriptionId, periodDate)}%`}`));
  return n;
}

/** The renewal period an order pays, locked, with its subscription's owner and status. */
async function renewalPeriodOf(tx: Transaction, orderId: string) {
  const [period] = await tx
    .select()
    .from(subscriptionPeriods)
    .where(and(eq(subscriptionPeriods.orderId, orderId), eq(subscriptionPeriods.kind, 'renewal')))
    .for('update');
  if (!period) return null;
  const [sub] = await tx
    .select({ id: userSubscriptions.id, userId: userSubscriptions.userId, status: userSubscriptions.status, paymentMethod: userSubscriptions.paymentMethod })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.id, period.subscriptionId));
  return sub ? { period, sub } : null;
}

/**
 * What a renewal charge's answer does to its period (passed to the charge's recording, by the
 * flows and the reconciliation job). A declined card or an attempt the provider never received is
 * a failed attempt (retried, then overdue), never a cancelled order; a Pix or boleto code waits
 * until its deadline; a paid order pays the period through the order transitions.
 */
export const renewalHandlers: ChargeHandlers = {
  async onDeclined(tx, { order }, reason) {
    const found = await renewalPeriodOf(tx, order.id);
    if (!found) return false;
    const { period, sub } = found;
    if (period.status === 'overdue' || sub.userId === null) {
      await tx.update(subscriptionPeriods).set({ lastError: reason }).where(eq(subscriptionPeriods.id, period.id));
      return true;
    }
    if (period.status !== 'awaiting') return true;
    await failAttempt(tx, { sub: { ...sub, userId: sub.userId }, orderId: order.id, periodDate: period.periodDate, amount: period.amount, attempt: period.attempts }, reason);
    return true;
  },
  async onAbandoned(tx, { order }, reason) {
    // The store's process died before calling the gateway: nothing was charged and nothing was
    // declined. Not a failed try (no e-mail, not counted toward overdue): tried again at the next run.
    const found = await renewalPeriodOf(tx, order.id);
    if (!found) return false;
    const { period } = found;
    if (period.status === 'awaiting') await tx.update(subscriptionPeriods).set({ nextAttemptAt: now(), lastError: reason }).where(eq(subscriptionPeriods.id, period.id));
    return true;
  },
  async onAwaiting(tx, { order }, details, deadline) {
    const found = await renewalPeriodOf(tx, order.id);
    if (!found || found.sub.userId === null) return;
    const { period, sub } = found;
    if (period.status === 'overdue') {
      // The retries are over: the code stays payable, the order does not expire.
      await tx.update(orders).set({ paymentExpiresAt: null }).where(eq(orders.id, order.id));
      return;
    }
    await tx.update(subscriptionPeriods).set({ nextAttemptAt: deadline, lastError: null }).where(eq(subscriptionPeriods.id, period.id));
    await queueSubscriptionEmail(
      tx,
      sub.userId,
      { kind: 'plan-renewal-pending', orderId: order.id, amount: period.amount, payment: details, deadline: deadline ?? now(), retry: period.attempts > 1, storedMethod: sub.paymentMethod },
      `sub:${sub.id}:pending:${period.periodDate}:${period.attempts}`,
    );
  },
};

/**
 * renewalHandlers' onAwaiting for many first attempts at once (a batch's Pix and boleto codes,
 * recorded by payments' recordAwaitingIn in the same transaction): each period waits until its
 * code's deadline, and its customer gets the code by e-mail.
 */
export async function renewalCodesIssuedIn(tx: Transaction, issued: readonly { orderId: string; subscriptionId: string; periodDate: string; details: PaymentDetails; deadline: Date }[]): Promise<void> {
  if (issued.length === 0) return;
  const waits = JSON.stringify(issued.map((r) => ({ id: r.subscriptionId, date: r.periodDate, deadline: r.deadline.toISOString() })));
  const periods = resultRows<{ subscription_id: string; user_id: string; amount: string; attempts: number; payment_method: PaymentMethod }>(
    await tx.execute(sql`
      update ${subscriptionPeriods} set next_attempt_at = v.deadline, last_error = null, updated_at = ${now()}
      from jsonb_to_recordset(${waits}::jsonb) as v(id uuid, date date, deadline timestamptz), ${userSubscriptions} s
      where ${subscriptionPeriods.subscriptionId} = v.id and ${subscriptionPeriods.periodDate} = v.date and s.id = v.id
        and ${subscriptionPeriods.status} = 'awaiting'
      returning ${subscriptionPeriods.subscriptionId} as subscription_id, s.user_id, ${subscriptionPeriods.amount} as amount, ${subscriptionPeriods.attempts} as attempts, s.payment_method`),
  );
  const bySub = new Map(periods.map((p) => [p.subscription_id, p]));
  await queueSubscriptionEmails(
    tx,
    issued.flatMap((r) => {
      const p = bySub.get(r.subscriptionId);
      if (!p?.user_id) return [];
      return [
        {
          userId: p.user_id,
          email: { kind: 'plan-renewal-pending', orderId: r.orderId, amount: p.amount, payment: r.details, deadline: r.deadline, retry: p.attempts > 1, storedMethod: p.payment_method } satisfies SubscriptionEmail,
          dedupeKey: `sub:${r.subscriptionId}:pending:${r.periodDate}:${p.attempts}`,
        },
      ];
    }),
  );
}

/** What the customer's own "pagar agora" answer does: the customer reads it on the page (no e-mail). */
export const payPendingHandlers: ChargeHandlers = {
  async onDeclined(tx, { order }, reason) {
    const found = await renewalPeriodOf(tx, order.id);
    if (!found) return false;
    await tx.update(subscriptionPeriods).set({ lastError: reason }).where(eq(subscriptionPeriods.id, found.period.id));
    return true;
  },
  async onAwaiting(tx, { order }, _details, deadline) {
    const found = await renewalPeriodOf(tx, order.id);
    if (!found) return;
    // A fresh code: the period waits for it (and counts it as an attempt) unless the retries are over.
    if (found.period.status === 'awaiting') await tx.update(subscriptionPeriods).set({ nextAttemptAt: deadline }).where(eq(subscriptionPeriods.id, found.period.id));
    else await tx.update(orders).set({ paymentExpiresAt: null }).where(eq(orders.id, order.id));
  },
};

type FailedAttempt = { sub: { id: string; userId: string; status: OwnedSubscription['status'] }; orderId: string; periodDate: string; amount: string; attempt: number };

/**
 * The period's tries that count toward overdue: its attempts minus those that never reached the
 * gateway (abandoned after a crash). `attempts` still numbers the keys, so none is reused.
 */
async function triesCounted(tx: Transaction, orderId: string, attempts: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'abandoned')));
  return attempts - (row?.n ?? 0);
}

async function failAttempt(tx: Transaction, a: FailedAttempt, reason: string): Promise<'declined' | 'overdue'> {
  const periodWhere = and(eq(subscriptionPeriods.subscriptionId, a.sub.id), eq(subscriptionPeriods.periodDate, a.periodDate));
  const tries = await triesCounted(tx, a.orderId, a.attempt);
  if (tries >= RENEWAL_MAX_ATTEMPTS) {
    // The last retry failed: the plan is paused (no discount) until this order is paid; it stays payable.
    await tx.update(subscriptionPeriods).set({ status: 'overdue', attempts: a.attempt, nextAttemptAt: null, lastError: reason }).where(periodWhere);
    await tx.update(orders).set({ paymentExpiresAt: null }).where(eq(orders.id, a.orderId));
    await moveSubscriptionStatus(tx, { subscriptionId: a.sub.id, from: 'active', to: 'paused', pausedReason: 'payment_failed', event: { kind: 'payment_failed', actor: 'system', note: `Renovação de ${a.periodDate} não paga após ${tries} tentativas` } });
    await queueSubscriptionEmail(tx, a.sub.userId, { kind: 'plan-overdue', orderId: a.orderId, amount: a.amount }, `sub:${a.sub.id}:overdue:${a.periodDate}`);
    return 'overdue';
  }
  const retryOn = nextRetryAt(now());
  await tx.update(subscriptionPeriods).set({ attempts: a.attempt, nextAttemptAt: retryOn, lastError: reason }).where(periodWhere);
  await logSubscriptionEvent(tx, { subscriptionId: a.sub.id, kind: 'payment_failed', from: a.sub.status, to: a.sub.status, actor: 'system', note: `Tentativa ${tries}: ${reason}` });
  await queueSubscriptionEmail(tx, a.sub.userId, { kind: 'plan-payment-failed', orderId: a.orderId, amount: a.amount, reason, retryOn }, `sub:${a.sub.id}:failed:${a.periodDate}:${a.attempt}`);
  return 'declined';
}

/** Periods whose payment is due for another look (a declined card's retry, an expired Pix/boleto code). */
export async function dueRetryPeriods(db: Database, limit: number): Promise<string[]> {
  const due = await db
    .select({ id: subscriptionPeriods.id })
    .from(subscriptionPeriods)
    .where(and(eq(subscriptionPeriods.status, 'awaiting'), eq(subscriptionPeriods.kind, 'renewal'), isNotNull(subscriptionPeriods.nextAttemptAt), lte(subscriptionPeriods.nextAttemptAt, now())))
    .orderBy(asc(subscriptionPeriods.nextAttemptAt))
    .limit(limit);
  return due.map((d) => d.id);
}

/**
 * Another try of a period, in the caller's transaction: its `requested` attempt with the next key,
 * committed before the call. Nothing while an earlier attempt's answer is unknown (the
 * reconciliation job settles it first); after the last try, overdue.
 */
export async function prepareRetryIn(tx: Transaction, periodId: string, provider: PaymentProvider): Promise<PendingCharge | 'overdue' | null> {
  const [period] = await tx.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.id, periodId)).for('update');
  if (!period || period.status !== 'awaiting' || !period.nextAttemptAt || period.nextAttemptAt > now()) return null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, period.orderId)).for('update');
  const [row] = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.id, period.subscriptionId)).for('update');
  if (!order || !row || row.userId === null) return null;
  const sub: OwnedSubscription = withOfferedMethod({ ...row, userId: row.userId }, provider);
  if (order.status !== 'pending') {
    // Paid or cancelled another way: nothing left to retry.
    await tx.update(subscriptionPeriods).set({ nextAttemptAt: null }).where(eq(subscriptionPeriods.id, period.id));
    return null;
  }
  // The charge may have been taken: never a new key while the last answer is unknown.
  if (await hasOpenCall(tx, order.id)) return null;
  const base = { sub, orderId: order.id, periodDate: period.periodDate, amount: period.amount };
  const codeExpired = order.paymentDetails && order.paymentDetails.method !== 'credit_card';
  if (codeExpired && (await triesCounted(tx, order.id, period.attempts)) >= RENEWAL_MAX_ATTEMPTS) {
    await failAttempt(tx, { ...base, attempt: period.attempts }, 'código de pagamento vencido');
    return 'overdue';
  }
  if (sub.status === 'cancelled') return null;
  const attempt = period.attempts + 1;
  const request: ChargeRequest = {
    orderId: order.id,
    idempotencyKey: renewalChargeKey(sub.id, period.periodDate, attempt),
    amountCents: toCents(period.amount),
    // The subscription's method now: the customer may have changed it after a failure.
    method: sub.paymentMethod,
    installments: sub.installments,
    description: `Renovação da ${PLAN_NAME}`,
    customer: await payerFor(tx, sub.userId, sub.taxId, sub),
    storedCard: sub.paymentMethod === 'credit_card' ? await storedCardFor(tx, sub.savedCardId) : undefined,
  };
  await openAttemptIn(tx, provider, request);
  // Counted now, so a crash after the call never reuses this key for another try; looked at again later if no answer settles it.
  await tx.update(subscriptionPeriods).set({ attempts: attempt, nextAttemptAt: nextRetryAt(now()) }).where(eq(subscriptionPeriods.id, period.id));
  if (sub.paymentMethod !== order.paymentMethod) await tx.update(orders).set({ paymentMethod: sub.paymentMethod }).where(eq(orders.id, order.id));
  return { request, subscriptionId: sub.id, periodDate: period.periodDate };
}

export type PayPendingResult = { ok: true; status: 'paid' | 'pending' | 'confirming' } | { ok: false; status: 404 | 409 | 402; message: string };

/**
 * The customer's "pagar agora" of their subscription's unpaid order, in the caller's transaction:
 * its attempt (a new key) committed before the call. Refused while an earlier charge of this order
 * is unknown: that one may have been taken ("Estamos confirmando seu pagamento").
 */
export async function preparePayPendingIn(
  tx: Transaction,
  userId: string,
  orderId: string,
  method: PaymentMethod,
  provider: PaymentProvider,
): Promise<{ ok: true; request: ChargeRequest } | Extract<PayPendingResult, { ok: false }> | { ok: true; status: 'confirming' }> {
  const [order] = await tx.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId))).for('update');
  if (!order) return { ok: false, status: 404, message: 'Pedido não encontrado.' };
  const [period] = await tx.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.orderId, order.id)).for('update');
  if (order.status !== 'pending' || !period || (period.status !== 'awaiting' && period.status !== 'overdue')) {
    return { ok: false, status: 409, message: 'Este pedido não aguarda pagamento.' };
  }
  if (await hasOpenCall(tx, order.id)) return { ok: true, status: 'confirming' };
  const attempt = period.attempts + 1;
  const [sub] = await tx.select({ savedCardId: userSubscriptions.savedCardId }).from(userSubscriptions).where(eq(userSubscriptions.id, period.subscriptionId));
  const request: ChargeRequest = {
    orderId: order.id,
    idempotencyKey: `${renewalChargeKey(period.subscriptionId, period.periodDate, attempt)}:cliente:${method}`,
    amountCents: toCents(order.totalPrice),
    method,
    installments: 1,
    description: `Renovação da ${PLAN_NAME}`,
    customer: await payerFor(tx, userId, order.taxId, order),
    storedCard: method === 'credit_card' ? await storedCardFor(tx, sub?.savedCardId ?? null) : undefined,
  };
  await openAttemptIn(tx, provider, request);
  // Every try is counted (declined too), so the next one carries a new idempotency key.
  await tx.update(subscriptionPeriods).set({ attempts: attempt }).where(eq(subscriptionPeriods.id, period.id));
  await tx.update(orders).set({ paymentMethod: method }).where(eq(orders.id, order.id));
  return { ok: true, request };
}

export { CONFIRMING_MESSAGE };

/** Reminders REMINDER_DAYS_BEFORE days ahead (once per date; only to those who want notifications). */
export async function sendRenewalReminders(db: Database): Promise<number> {
  const today = todayInBrazil();
  const rows = await db
    .select({ id: userSubscriptions.id, userId: userSubscriptions.userId, date: userSubscriptions.nextDeliveryDate, amount: userSubscriptions.totalValue, method: userSubscriptions.paymentMethod })
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.status, 'active'), sql`${userSubscriptions.nextDeliveryDate} > ${today}`, lte(userSubscriptions.nextDeliveryDate, addDays(today, REMINDER_DAYS_BEFORE))));
  // One lookup and one INSERT per 500 reminders (dedupe keys make a repeated run send none again).
  return queueSubscriptionEmails(
    db,
    rows.map((r) => ({ userId: r.userId, email: { kind: 'plan-reminder', date: r.date, amount: r.amount, method: r.method } satisfies SubscriptionEmail, dedupeKey: `sub:${r.id}:reminder:${r.date}` })),
  );
}

/** A customer's pause ends by itself after PAUSE_MAX_MONTHS, with a notice a week before. */
export async function resumeEndedPauses(db: Database): Promise<number> {
  const today = todayInBrazil();
  const paused = await db
    .select({ id: userSubscriptions.id, userId: userSubscriptions.userId, resumeOn: userSubscriptions.resumeOn, amount: userSubscriptions.totalValue })
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.status, 'paused'), eq(userSubscriptions.pausedReason, 'customer'), isNotNull(userSubscriptions.resumeOn), lte(userSubscriptions.resumeOn, addDays(today, RESUME_NOTICE_DAYS))));
  let resumed = 0;
  for (const p of paused) {
    if (p.resumeOn! > today) {
      await queueSubscriptionEmail(db, p.userId, { kind: 'plan-resume-notice', resumeOn: p.resumeOn!, amount: p.amount }, `sub:${p.id}:resume-notice:${p.resumeOn}`);
      continue;
    }
    const result = await changeSubscription(db, p.id, { kind: 'system' }, { action: 'resume' });
    if (result.ok) resumed += 1;
  }
  return resumed;
}

/** A subscription's own address as an order's shipping columns (renewals, a plan change's order). */
export function shippingOf(sub: typeof userSubscriptions.$inferSelect) {
  return {
    shipName: sub.shipName,
    shipStreet: sub.shipStreet,
    shipNumber: sub.shipNumber,
    shipComplement: sub.shipComplement,
    shipNeighborhood: sub.shipNeighborhood,
    shipCity: sub.shipCity,
    shipState: sub.shipState,
    shipZipCode: sub.shipZipCode,
  };
}

/** payerFor (payments/charges.server.ts) from a customer looked up with the batch. */
function payerOf(buyer: { name: string; email: string; taxId: string | null } | undefined, taxId: string | null, ship: OwnedSubscription): ChargeRequest['customer'] {
  const address =
    ship.shipStreet && ship.shipNumber && ship.shipNeighborhood && ship.shipCity && ship.shipState && ship.shipZipCode
      ? { street: ship.shipStreet, number: ship.shipNumber, neighborhood: ship.shipNeighborhood, city: ship.shipCity, state: ship.shipState, zipCode: ship.shipZipCode }
      : undefined;
  return { name: buyer?.name ?? '', email: buyer?.email ?? '', taxId: taxId ?? buyer?.taxId ?? '', address };
}

/** Where a renewal goes: the subscription's address, else the customer's default one, else none (an assigned plan). */
async function shippingFor(tx: Transaction, sub: OwnedSubscription) {
  if (sub.shipName) return shippingOf(sub);
  const [address] = await tx
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, sub.userId))
    .orderBy(desc(userAddresses.isDefault), asc(userAddresses.createdAt))
    .limit(1);
  const [buyer] = await tx.select({ name: user.name }).from(user).where(eq(user.id, sub.userId)).limit(1);
  if (!address) return {};
  return {
    shipName: buyer?.name ?? address.name,
    shipStreet: address.street,
    shipNumber: address.number,
    shipComplement: address.complement,
    shipNeighborhood: address.neighborhood,
    shipCity: address.city,
    shipState: address.state,
    shipZipCode: address.zipCode,
  };
}
