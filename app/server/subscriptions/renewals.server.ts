// Plan renewals, their retries, reminders and the end of customer pauses: the work of the
// 'subscriptions-renew' job (jobs/runner.server.ts, hourly and at start-up).
//
// Exactly once per subscription per period, by construction: a batch of due subscriptions is one
// transaction that locks them (FOR UPDATE SKIP LOCKED), inserts their periods (unique on
// subscription + date), orders, charges and advanced dates together. Two runs at once take
// disjoint batches (a row locked by one is skipped by the other, and once committed its date has
// moved). A crash anywhere rolls the whole batch back, and the next run charges again with the
// same idempotency keys (subscription + period), which a gateway answers with the first charges.
// Set-based: a batch of 100 costs a few dozen statements instead of 18 per renewal (issue 17,
// goal 9: 10k renewals in one run). A batch that fails on one bad row is redone one subscription
// per transaction, so that row does not hold the others back.
import { and, asc, count, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { columnList, jsonRows, resultRows } from '~/db/bulk.server';
import type { Database, Transaction } from '~/db/client.server';
import { orderEvents, orderItems, orders, paymentAttempts, savedCards, subscriptionPeriods, user, userAddresses, userSubscriptions } from '~/db/schema';
import { now } from '~/lib/clock';
import { centsToDecimal, toCents } from '~/lib/money';
import { findPlan, PLAN_NAME, todayInBrazil } from '~/lib/plans';
import { addDays, nextRetryAt, nextScheduledDate, REMINDER_DAYS_BEFORE, RENEWAL_MAX_ATTEMPTS, RESUME_NOTICE_DAYS } from '~/lib/subscription-schedule';
import { mapBounded } from '../jobs/concurrency.server';
import { log } from '../log.server';
import { kickMailDelivery } from '../mail/outbox.server';
import { insertOrder, pendingChargeDeadline, recordCharge } from '../orders/create.server';
import { confirmPaymentIn, OrderActionError } from '../orders/transitions.server';
import { payerFor, recordAttemptIn, storedCardFor } from '../payments/charges.server';
import { getPaymentProvider, type ChargeRequest, type ChargeResult, type PaymentMethod, type PaymentProvider } from '../payments/provider.server';
import { queueSubscriptionEmail, queueSubscriptionEmails, type SubscriptionEmail } from './emails.server';
import { logSubscriptionEvent, logSubscriptionEvents, renewWithCreditIn, takeRenewalCreditIn } from './periods.server';
import { changeSubscription } from './subscriptions.server';
import { moveSubscriptionStatus } from './transitions.server';

export type RenewalHooks = {
  /** Tests: runs after the provider answered and before the date moves (a throw there is a crash). */
  afterCharge?: (subscriptionId: string, periodDate: string) => Promise<void>;
};

type RenewalOptions = {
  provider?: PaymentProvider;
  hooks?: RenewalHooks;
  /** Subscriptions per transaction (renewals) or per run (retries). */
  batch?: number;
  /** Renewal batches in flight at once. */
  lanes?: number;
};

/**
 * Subscriptions renewed per transaction: big enough that the statements of a batch cost little per
 * renewal, small enough that a batch's locks and its one pooled connection are held briefly.
 */
export const RENEWAL_BATCH = 100;
/**
 * A batch's charges in flight at once: a gateway's call takes a round trip of hundreds of
 * milliseconds, so a batch of 100 one after the other would hold its locks for tens of seconds.
 */
export const CHARGE_CONCURRENCY = 8;
/**
 * Renewal batches in flight at once, each on its own pooled connection. One by default: on the
 * store's own 2 cores a second lane did not make 10k renewals faster under load (5.6 vs 5.7 s)
 * and took the CPU from shoppers (the store's p99 2.05× idle while the job ran, against 1.47×
 * with one; bench/run.mjs, issue 17 goal 9). A run given more (`lanes`) shares the batches.
 */
export const RENEWAL_LANES = 1;

export type RenewalRun = { renewed: number; retried: number; overdue: number; resumed: number; reminded: number };

/** Everything the hourly job does for plans, in order. */
export async function runSubscriptionRenewals(db: Database, options: RenewalOptions = {}): Promise<RenewalRun> {
  const resumed = await resumeEndedPauses(db);
  const renewed = await renewDueSubscriptions(db, options);
  const { retried, overdue } = await retryDueRenewals(db, options);
  const reminded = await sendRenewalReminders(db);
  if (renewed + retried + overdue + resumed + reminded) kickMailDelivery(db);
  return { renewed, retried, overdue, resumed, reminded };
}

/** The idempotency key of a renewal charge: the subscription and its period (and the retry's number). */
export function renewalChargeKey(subscriptionId: string, periodDate: string, attempt = 1): string {
  return attempt <= 1 ? `renewal:${subscriptionId}:${periodDate}` : `renewal:${subscriptionId}:${periodDate}:${attempt}`;
}

/** A renewal made: logged once its transaction has committed. */
type Renewed = { subscriptionId: string; periodDate: string; orderId: string; outcome: string; next: string };

function logRenewed(done: readonly Renewed[]): void {
  for (const { next: _next, ...r } of done) log.info('renovação feita', r);
}

/** Renews every active subscription whose date has come, batch after batch; returns how many this run renewed. */
export async function renewDueSubscriptions(db: Database, options: RenewalOptions = {}): Promise<number> {
  const today = todayInBrazil();
  const size = options.batch ?? RENEWAL_BATCH;
  // Claimed by this run and still due (failed and left to the next run, or renewed but several
  // periods behind): not taken again. The others' dates have moved past today.
  const tried = new Set<string>();
  let renewed = 0;
  let stopped = false;
  const lane = async () => {
    while (!stopped) {
      let claimed: string[] = [];
      let done: Renewed[];
      const redone: Renewed[] = [];
      try {
        done = await db.transaction(async (tx) => {
          const rows = await tx
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
          claimed = rows.map((r) => r.id);
          return renewBatch(tx, rows, today, options);
        });
      } catch (error) {
        if (error instanceof RenewalCrash) throw error;
        // Rolled back whole: the same subscriptions one transaction each, so one bad row (a period
        // already there, a constraint) fails alone and the others are renewed.
        log.warn(`renovação: lote de ${claimed.length} refeito uma assinatura por vez`, error);
        done = [];
        for (const id of claimed) {
          try {
            const one = await db.transaction((tx) => renewOne(tx, id, today, options));
            if (one) {
              logRenewed([one]);
              renewed += 1;
              redone.push(one);
            }
          } catch (oneError) {
            // One subscription's failure (a provider down) must not stop the others; the next run retries it.
            if (oneError instanceof RenewalCrash) throw oneError;
            log.error(`renovação: falha na assinatura ${id}`, oneError);
          }
        }
      }
      logRenewed(done);
      renewed += done.length;
      const movedOn = new Set([...done, ...redone].filter((r) => r.next > today).map((r) => r.subscriptionId));
      for (const id of claimed) if (!movedOn.has(id)) tried.add(id);
      if (claimed.length === 0) return;
    }
  };
  // Most hourly runs find nothing due: one plain read says so (no transaction, no lock), and a
  // second lane starts only when more than one batch is due.
  const peek = await db
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.status, 'active'), lte(userSubscriptions.nextDeliveryDate, today)))
    .limit(size + 1);
  if (peek.length === 0) return 0;
  // A few batches at once: while one lane's batch waits on the database, another's is built.
  const lanes = await Promise.allSettled(
    Array.from({ length: peek.length > size ? (options.lanes ?? RENEWAL_LANES) : 1 }, () =>
      lane().catch((error: unknown) => {
        stopped = true;
        throw error;
      }),
    ),
  );
  const failed = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
  if (failed) throw failed.reason;
  return renewed;
}

/** The columns a renewal's order is inserted with (the others take their defaults, as insertOrder's). */
const ORDER_COLUMNS = {
  user_id: 'text',
  status: 'text',
  subtotal_price: 'numeric',
  discount_price: 'numeric',
  shipping_price: 'numeric',
  total_price: 'numeric',
  payment_method: 'text',
  tax_id: 'text',
  idempotency_key: 'text',
  created_at: 'timestamptz',
  subscription_id: 'uuid',
  ship_name: 'text',
  ship_street: 'text',
  ship_number: 'text',
  ship_complement: 'text',
  ship_neighborhood: 'text',
  ship_city: 'text',
  ship_state: 'text',
  ship_zip_code: 'text',
} as const;

/**
 * One batch of locked due subscriptions, in the caller's transaction. The usual ones (their own
 * address, no earlier cancelled order for this period) take set-based statements; the others go
 * through `renewOne`, as do the charges that settle or fail at once (their confirmation or retry).
 */
async function renewBatch(tx: Transaction, rows: (typeof userSubscriptions.$inferSelect)[], today: string, options: RenewalOptions): Promise<Renewed[]> {
  const due = rows.filter((r): r is OwnedSubscription => r.status === 'active' && r.nextDeliveryDate <= today && r.userId !== null);
  if (due.length === 0) return [];
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
  const done: Renewed[] = [];
  const usual: OwnedSubscription[] = [];
  for (const sub of due) {
    // A subscription with credit (left by a plan change) is renewed one by one: the credit pays first.
    if (sub.shipName && !reopened.has(sub.id) && toCents(sub.credit) === 0) usual.push(sub);
    else {
      const one = await renewOne(tx, sub.id, today, options);
      if (one) done.push(one);
    }
  }
  if (usual.length === 0) return done;

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

  // The orders (as insertOrder writes one), their first history row and their one line.
  const inserted = resultRows<{ id: string; subscription_id: string }>(
    await tx.execute(sql`
      insert into ${orders} ${columnList(ORDER_COLUMNS)}
      ${jsonRows(
        renewals.map((r) => ({
          user_id: r.sub.userId,
          status: 'pending',
          subtotal_price: centsToDecimal(r.amountCents),
          discount_price: centsToDecimal(0),
          shipping_price: centsToDecimal(0),
          total_price: centsToDecimal(r.amountCents),
          payment_method: r.sub.paymentMethod,
          tax_id: r.sub.taxId,
          idempotency_key: r.key,
          created_at: placedAt,
          subscription_id: r.sub.id,
          ship_name: r.sub.shipName,
          ship_street: r.sub.shipStreet,
          ship_number: r.sub.shipNumber,
          ship_complement: r.sub.shipComplement,
          ship_neighborhood: r.sub.shipNeighborhood,
          ship_city: r.sub.shipCity,
          ship_state: r.sub.shipState,
          ship_zip_code: r.sub.shipZipCode,
        })),
        ORDER_COLUMNS,
      )}
      returning id, subscription_id`),
  );
  const orderOf = new Map(inserted.map((o) => [o.subscription_id, o.id]));
  const withOrders = renewals.map((r) => ({ ...r, orderId: orderOf.get(r.sub.id)! }));
  const eventColumns = { order_id: 'uuid', to_status: 'text', actor: 'text', note: 'text', created_at: 'timestamptz' } as const;
  await tx.execute(sql`
    insert into ${orderEvents} ${columnList(eventColumns)}
    ${jsonRows(withOrders.map((r) => ({ order_id: r.orderId, to_status: 'pending', actor: 'system', note: `Renovação de ${r.periodDate}`, created_at: placedAt })), eventColumns)}`);
  const itemColumns = { order_id: 'uuid', product_name: 'text', quantity: 'integer', price_at_purchase: 'numeric' } as const;
  await tx.execute(sql`
    insert into ${orderItems} ${columnList(itemColumns)}
    ${jsonRows(withOrders.map((r) => ({ order_id: r.orderId, product_name: `${PLAN_NAME} — ${r.plan.name}`, quantity: 1, price_at_purchase: r.sub.totalValue })), itemColumns)}`);
  // The constraint that makes each period happen once, whatever overlaps: a period already there
  // (not cancelled) makes the batch fail, and it is redone one by one, where that one fails alone.
  const periodColumns = { subscription_id: 'uuid', period_date: 'date', period_end: 'date', kind: 'text', amount: 'numeric', order_id: 'uuid', status: 'text', attempts: 'integer' } as const;
  const periods = resultRows<{ id: string }>(
    await tx.execute(sql`
      insert into ${subscriptionPeriods} ${columnList(periodColumns)}
      ${jsonRows(
        withOrders.map((r) => ({ subscription_id: r.sub.id, period_date: r.periodDate, period_end: r.periodEnd, kind: 'renewal', amount: r.sub.totalValue, order_id: r.orderId, status: 'awaiting', attempts: 1 })),
        periodColumns,
      )}
      on conflict (subscription_id, period_date) do nothing
      returning id`),
  );
  if (periods.length !== withOrders.length) throw new Error(`${withOrders.length - periods.length} período(s) do lote já existe(m)`);

  const provider = options.provider ?? getPaymentProvider();
  const charged = await mapBounded(withOrders, CHARGE_CONCURRENCY, async (r) => {
    const buyer = buyers.get(r.sub.userId);
    const card = r.sub.paymentMethod === 'credit_card' && r.sub.savedCardId ? cards.get(r.sub.savedCardId) : undefined;
    const request: ChargeRequest = {
      orderId: r.orderId,
      idempotencyKey: r.key,
      amountCents: r.amountCents,
      method: r.sub.paymentMethod,
      installments: r.sub.installments,
      description: `Renovação da ${PLAN_NAME} (${r.plan.name})`,
      customer: payerOf(buyer, r.sub.taxId, r.sub),
      storedCard: r.sub.paymentMethod === 'credit_card' && card ? { customerReference: card.customerReference, cardReference: card.cardReference, paymentMethodId: card.paymentMethodId } : undefined,
    };
    const charge = await chargeSafely(provider, request);
    await options.hooks?.afterCharge?.(r.sub.id, r.periodDate);
    return { ...r, request, charge };
  });

  // The attempts (as recordAttemptIn writes each), the dates moved, the history.
  const attemptColumns = { order_id: 'uuid', idempotency_key: 'text', provider: 'text', method: 'text', amount: 'numeric', status: 'text', reference: 'text', reason: 'text' } as const;
  await tx.execute(sql`
    insert into ${paymentAttempts} ${columnList(attemptColumns)}
    ${jsonRows(
      charged.map(({ orderId, key, request, charge }) => ({
        order_id: orderId,
        idempotency_key: key,
        provider: provider.name,
        method: request.method,
        amount: centsToDecimal(request.amountCents),
        status: !charge.approved ? 'declined' : charge.settled ? 'approved' : 'awaiting',
        reference: charge.reference ?? null,
        reason: charge.approved ? null : charge.reason,
      })),
      attemptColumns,
    )}
    on conflict (idempotency_key) do update set status = excluded.status, reference = excluded.reference, updated_at = ${now()}`);
  const moved = JSON.stringify(charged.map((r) => ({ id: r.sub.id, next: r.periodEnd })));
  await tx.execute(sql`
    update ${userSubscriptions} set next_delivery_date = v.next, updated_at = ${now()}
    from jsonb_to_recordset(${moved}::jsonb) as v(id uuid, next date)
    where ${userSubscriptions.id} = v.id`);
  await logSubscriptionEvents(
    tx,
    charged.map((r) => ({ subscriptionId: r.sub.id, kind: 'renewed', from: 'active' as const, to: 'active' as const, actor: 'system' as const, note: `Renovação de ${r.periodDate}: pedido criado` })),
  );

  // A Pix or boleto code (the usual answer): its deadline on the order and the period, and the e-mail.
  const pending = charged.flatMap((r) => (r.charge.approved && !r.charge.settled ? [{ ...r, details: r.charge.details, deadline: pendingChargeDeadline(r.charge.details, placedAt) }] : []));
  if (pending.length) {
    const codes = JSON.stringify(pending.map((r) => ({ id: r.orderId, details: r.details, deadline: r.deadline.toISOString() })));
    await tx.execute(sql`
      update ${orders} set payment_details = v.details, payment_expires_at = v.deadline, updated_at = ${new Date()}
      from jsonb_to_recordset(${codes}::jsonb) as v(id uuid, details jsonb, deadline timestamptz)
      where ${orders.id} = v.id`);
    const waits = JSON.stringify(pending.map((r) => ({ id: r.sub.id, date: r.periodDate, deadline: r.deadline.toISOString() })));
    await tx.execute(sql`
      update ${subscriptionPeriods} set attempts = 1, next_attempt_at = v.deadline, last_error = null, updated_at = ${new Date()}
      from jsonb_to_recordset(${waits}::jsonb) as v(id uuid, date date, deadline timestamptz)
      where ${subscriptionPeriods.subscriptionId} = v.id and ${subscriptionPeriods.periodDate} = v.date`);
    await queueSubscriptionEmails(
      tx,
      pending.map((r) => ({
        userId: r.sub.userId,
        email: { kind: 'plan-renewal-pending', orderId: r.orderId, amount: r.sub.totalValue, payment: r.details, deadline: r.deadline, retry: false } satisfies SubscriptionEmail,
        dedupeKey: `sub:${r.sub.id}:pending:${r.periodDate}:1`,
      })),
    );
  }
  for (const r of charged) {
    const outcome =
      r.charge.approved && !r.charge.settled
        ? 'pending'
        : await settleAttempt(tx, { sub: r.sub, orderId: r.orderId, periodDate: r.periodDate, amount: r.sub.totalValue, attempt: 1, charge: r.charge, provider, placedAt, next: r.periodEnd });
    done.push({ subscriptionId: r.sub.id, periodDate: r.periodDate, orderId: r.orderId, outcome, next: r.periodEnd });
  }
  return done;
}

/** Thrown by tests' hooks to simulate a crash: it propagates (the run stops like a dead process). */
export class RenewalCrash extends Error {}

/** One subscription's renewal in its own transaction: the subscriptions a batch does not take set-based. */
async function renewOne(tx: Transaction, subscriptionId: string, today: string, options: RenewalOptions): Promise<Renewed | null> {
  const [row] = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.id, subscriptionId)).for('update');
  // Another run renewed it, or it was paused, skipped or cancelled meanwhile (an erased account's is cancelled).
  if (!row || row.status !== 'active' || row.nextDeliveryDate > today || row.userId === null) return null;
  const sub: OwnedSubscription = { ...row, userId: row.userId };
  const plan = findPlan(sub.frequency)!;
  const periodDate = sub.nextDeliveryDate;
  const periodEnd = nextScheduledDate(sub.anchorDate, plan.months, periodDate);
  const placedAt = now();
  // The subscription's credit (a plan change's) pays first; a renewal it covers whole charges nothing.
  const { chargeCents: amountCents, creditUsedCents } = await takeRenewalCreditIn(tx, sub, toCents(sub.totalValue));
  const amount = centsToDecimal(amountCents);
  if (amountCents === 0) {
    await renewWithCreditIn(tx, sub, periodDate, periodEnd, sub.totalValue);
    return { subscriptionId: sub.id, periodDate, orderId: '', outcome: 'credit', next: periodEnd };
  }
  const shipping = await shippingFor(tx, sub);
  // A period charged again after its order was cancelled unpaid gets a new order and charge key.
  const [{ earlier } = { earlier: 0 }] = await tx
    .select({ earlier: count() })
    .from(subscriptionPeriods)
    .where(and(eq(subscriptionPeriods.subscriptionId, sub.id), eq(subscriptionPeriods.periodDate, periodDate), eq(subscriptionPeriods.status, 'cancelled')));
  const key = renewalChargeKey(sub.id, periodDate) + (earlier ? `:reaberta-${await reopenCount(tx, sub.id, periodDate)}` : '');

  const orderId = await insertOrder(tx, {
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
    lines: [{ productId: null, name: `${PLAN_NAME} — ${plan.name}`, size: null, quantity: 1, unitPrice: amount }],
  });
  // The constraint that makes this period happen once, whatever overlaps. A period whose order was
  // cancelled unpaid (the plan then resumed to pay it) is charged again with this new order.
  const [period] = await tx
    .insert(subscriptionPeriods)
    .values({ subscriptionId: sub.id, periodDate, periodEnd, kind: 'renewal', amount, creditUsed: centsToDecimal(creditUsedCents), orderId, status: 'awaiting', attempts: 1 })
    .onConflictDoUpdate({
      target: [subscriptionPeriods.subscriptionId, subscriptionPeriods.periodDate],
      set: { orderId, periodEnd, amount, creditUsed: centsToDecimal(creditUsedCents), status: 'awaiting', attempts: 1, nextAttemptAt: null, lastError: null, updatedAt: placedAt },
      setWhere: sql`${subscriptionPeriods.status} = 'cancelled'`,
    })
    .returning({ id: subscriptionPeriods.id });
  if (!period) throw new Error(`período ${periodDate} da assinatura ${sub.id} já existe`);

  const provider = options.provider ?? getPaymentProvider();
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
  const charge = await chargeSafely(provider, request);
  await options.hooks?.afterCharge?.(sub.id, periodDate);
  await recordAttemptIn(tx, { orderId, idempotencyKey: key, provider: provider.name, request, result: charge });

  await tx.update(userSubscriptions).set({ nextDeliveryDate: periodEnd, updatedAt: now() }).where(eq(userSubscriptions.id, sub.id));
  await logSubscriptionEvent(tx, { subscriptionId: sub.id, kind: 'renewed', from: 'active', to: 'active', actor: 'system', note: `Renovação de ${periodDate}: pedido criado` });
  const outcome = await settleAttempt(tx, { sub, orderId, periodDate, amount, attempt: 1, charge, provider, placedAt, next: periodEnd });
  return { subscriptionId: sub.id, periodDate, orderId, outcome, next: periodEnd };
}

/** One subscription renewed now if its date has come: a resumed plan's new period is charged at once (flows/resume-plan). */
export async function renewNow(db: Database, subscriptionId: string, options: RenewalOptions = {}): Promise<string | null> {
  const one = await db.transaction((tx) => renewOne(tx, subscriptionId, todayInBrazil(), options));
  kickMailDelivery(db);
  return one?.outcome ?? null;
}

/** How many orders this period already had (all cancelled): the reopened one's number. */
async function reopenCount(tx: Transaction, subscriptionId: string, periodDate: string): Promise<number> {
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.subscriptionId, subscriptionId), sql`${orders.idempotencyKey} like ${`${renewalChargeKey(subscriptionId, periodDate)}%`}`));
  return n;
}

/** A provider that throws (network down) counts as a declined attempt, retried like one. */
async function chargeSafely(provider: PaymentProvider, request: Parameters<PaymentProvider['charge']>[0]): Promise<ChargeResult> {
  try {
    return await provider.charge(request);
  } catch (error) {
    if (error instanceof RenewalCrash) throw error;
    log.error(`renovação: provedor de pagamento falhou (${request.idempotencyKey})`, error);
    return { approved: false, reason: 'o provedor de pagamento não respondeu' };
  }
}

/** A subscription with its customer: every live one has one (an erased account's is cancelled first). */
type OwnedSubscription = typeof userSubscriptions.$inferSelect & { userId: string };

type Attempt = {
  sub: OwnedSubscription;
  orderId: string;
  periodDate: string;
  amount: string;
  attempt: number;
  charge: ChargeResult;
  provider: PaymentProvider;
  placedAt: Date;
  /** The subscription's next date after this period. */
  next: string;
};

/** What an attempt's answer does to the period, the order and the customer. */
async function settleAttempt(tx: Transaction, a: Attempt): Promise<'paid' | 'pending' | 'declined' | 'overdue'> {
  const periodWhere = and(eq(subscriptionPeriods.subscriptionId, a.sub.id), eq(subscriptionPeriods.periodDate, a.periodDate));
  const amountCents = toCents(a.amount);
  if (a.charge.approved && a.charge.settled) {
    // Paid now: recorded like any confirmation, so the period and the subscription follow.
    await tx.update(orders).set({ paymentDetails: a.charge.details }).where(eq(orders.id, a.orderId));
    await confirmPaymentIn(tx, { orderId: a.orderId, provider: a.provider.name, reference: a.charge.reference ?? a.orderId, amountCents, actor: { kind: 'system' }, note: 'Pagamento aprovado' });
    return 'paid';
  }
  if (a.charge.approved) {
    // Pix or boleto: a code to pay before its deadline (the orders' expiry); then the retry job looks again.
    const { deadline } = await recordCharge(tx, a.orderId, a.charge, { provider: a.provider.name, amountCents, placedAt: a.placedAt });
    await tx.update(subscriptionPeriods).set({ attempts: a.attempt, nextAttemptAt: deadline, lastError: null }).where(periodWhere);
    await queueSubscriptionEmail(
      tx,
      a.sub.userId,
      { kind: 'plan-renewal-pending', orderId: a.orderId, amount: a.amount, payment: a.charge.details, deadline, retry: a.attempt > 1 },
      `sub:${a.sub.id}:pending:${a.periodDate}:${a.attempt}`,
    );
    return 'pending';
  }
  return failAttempt(tx, a, a.charge.reason);
}

async function failAttempt(tx: Transaction, a: Omit<Attempt, 'charge'>, reason: string): Promise<'declined' | 'overdue'> {
  const periodWhere = and(eq(subscriptionPeriods.subscriptionId, a.sub.id), eq(subscriptionPeriods.periodDate, a.periodDate));
  if (a.attempt >= RENEWAL_MAX_ATTEMPTS) {
    // The last retry failed: the plan is paused (no discount) until this order is paid; it stays payable.
    await tx.update(subscriptionPeriods).set({ status: 'overdue', attempts: a.attempt, nextAttemptAt: null, lastError: reason }).where(periodWhere);
    await tx.update(orders).set({ paymentExpiresAt: null }).where(eq(orders.id, a.orderId));
    await moveSubscriptionStatus(tx, { subscriptionId: a.sub.id, from: 'active', to: 'paused', pausedReason: 'payment_failed', event: { kind: 'payment_failed', actor: 'system', note: `Renovação de ${a.periodDate} não paga após ${a.attempt} tentativas` } });
    await queueSubscriptionEmail(tx, a.sub.userId, { kind: 'plan-overdue', orderId: a.orderId, amount: a.amount }, `sub:${a.sub.id}:overdue:${a.periodDate}`);
    return 'overdue';
  }
  const retryOn = nextRetryAt(now());
  await tx.update(subscriptionPeriods).set({ attempts: a.attempt, nextAttemptAt: retryOn, lastError: reason }).where(periodWhere);
  await logSubscriptionEvent(tx, { subscriptionId: a.sub.id, kind: 'payment_failed', from: a.sub.status, to: a.sub.status, actor: 'system', note: `Tentativa ${a.attempt}: ${reason}` });
  await queueSubscriptionEmail(tx, a.sub.userId, { kind: 'plan-payment-failed', orderId: a.orderId, amount: a.amount, reason, retryOn }, `sub:${a.sub.id}:failed:${a.periodDate}:${a.attempt}`);
  return 'declined';
}

/**
 * Periods whose payment is due for another look: a declined card's retry, or a Pix/boleto code
 * whose deadline passed unpaid (a new code is issued). After the last attempt, overdue.
 */
export async function retryDueRenewals(db: Database, options: RenewalOptions = {}): Promise<{ retried: number; overdue: number }> {
  const due = await db
    .select({ id: subscriptionPeriods.id })
    .from(subscriptionPeriods)
    .where(and(eq(subscriptionPeriods.status, 'awaiting'), eq(subscriptionPeriods.kind, 'renewal'), isNotNull(subscriptionPeriods.nextAttemptAt), lte(subscriptionPeriods.nextAttemptAt, now())))
    .orderBy(asc(subscriptionPeriods.nextAttemptAt))
    .limit(options.batch ?? 200);
  let retried = 0;
  let overdue = 0;
  for (const { id } of due) {
    try {
      const outcome = await db.transaction((tx) => retryOne(tx, id, options));
      if (outcome === 'overdue') overdue += 1;
      else if (outcome) retried += 1;
    } catch (error) {
      if (error instanceof RenewalCrash) throw error;
      log.error(`renovação: falha ao tentar de novo o período ${id}`, error);
    }
  }
  return { retried, overdue };
}

async function retryOne(tx: Transaction, periodId: string, options: RenewalOptions) {
  const [period] = await tx.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.id, periodId)).for('update');
  if (!period || period.status !== 'awaiting' || !period.nextAttemptAt || period.nextAttemptAt > now()) return null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, period.orderId)).for('update');
  const [row] = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.id, period.subscriptionId)).for('update');
  if (!order || !row || row.userId === null) return null;
  const sub: OwnedSubscription = { ...row, userId: row.userId };
  if (order.status !== 'pending') {
    // Paid or cancelled another way: nothing left to retry.
    await tx.update(subscriptionPeriods).set({ nextAttemptAt: null }).where(eq(subscriptionPeriods.id, period.id));
    return null;
  }
  const base = { sub, orderId: order.id, periodDate: period.periodDate, amount: period.amount, provider: options.provider ?? getPaymentProvider(), placedAt: now(), next: sub.nextDeliveryDate };
  const codeExpired = order.paymentDetails && order.paymentDetails.method !== 'credit_card';
  if (codeExpired && period.attempts >= RENEWAL_MAX_ATTEMPTS) return failAttempt(tx, { ...base, attempt: period.attempts }, 'código de pagamento vencido');
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
  const charge = await chargeSafely(base.provider, request);
  await recordAttemptIn(tx, { orderId: order.id, idempotencyKey: request.idempotencyKey, provider: base.provider.name, request, result: charge });
  if (sub.paymentMethod !== order.paymentMethod) await tx.update(orders).set({ paymentMethod: sub.paymentMethod }).where(eq(orders.id, order.id));
  return settleAttempt(tx, { ...base, attempt, charge });
}

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

/** A subscription's own address as an order's shipping columns. */
function shippingOf(sub: OwnedSubscription) {
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

export type PayPendingResult = { ok: true; status: 'paid' | 'pending' } | { ok: false; status: 404 | 409 | 402; message: string };

/**
 * The customer pays their subscription's unpaid order now, the way they choose (after a declined
 * card, or with a fresh Pix/boleto once the code expired). Only for orders of a period still open.
 */
export async function payPendingRenewal(db: Database, userId: string, orderId: string, method: PaymentMethod, provider: PaymentProvider = getPaymentProvider()): Promise<PayPendingResult> {
  const result = await db.transaction(async (tx): Promise<PayPendingResult> => {
    const [order] = await tx.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId))).for('update');
    if (!order) return { ok: false, status: 404, message: 'Pedido não encontrado.' };
    const [period] = await tx.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.orderId, order.id)).for('update');
    if (order.status !== 'pending' || !period || (period.status !== 'awaiting' && period.status !== 'overdue')) {
      return { ok: false, status: 409, message: 'Este pedido não aguarda pagamento.' };
    }
    const placedAt = now();
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
    const charge = await chargeSafely(provider, request);
    await recordAttemptIn(tx, { orderId: order.id, idempotencyKey: request.idempotencyKey, provider: provider.name, request, result: charge });
    // Every try is counted (declined too), so the next one carries a new idempotency key.
    await tx.update(subscriptionPeriods).set({ attempts: attempt, lastError: charge.approved ? null : charge.reason }).where(eq(subscriptionPeriods.id, period.id));
    if (!charge.approved) return { ok: false, status: 402, message: `Pagamento recusado: ${charge.reason}` };
    await tx.update(orders).set({ paymentMethod: method, paymentDetails: charge.details }).where(eq(orders.id, order.id));
    if (charge.settled) {
      try {
        await confirmPaymentIn(tx, { orderId: order.id, provider: provider.name, reference: charge.reference ?? `${order.id}:${attempt}`, amountCents: toCents(order.totalPrice), actor: { kind: 'system' }, note: 'Pago pelo cliente' });
      } catch (error) {
        if (error instanceof OrderActionError) return { ok: false, status: 409, message: error.message };
        throw error;
      }
      return { ok: true, status: 'paid' };
    }
    const { deadline } = await recordCharge(tx, order.id, charge, { provider: provider.name, amountCents: toCents(order.totalPrice), placedAt });
    // A fresh code: the period waits for it (and counts it as an attempt) unless the retries are over.
    if (period.status === 'awaiting') await tx.update(subscriptionPeriods).set({ nextAttemptAt: deadline }).where(eq(subscriptionPeriods.id, period.id));
    else await tx.update(orders).set({ paymentExpiresAt: null }).where(eq(orders.id, order.id));
    return { ok: true, status: 'pending' };
  });
  kickMailDelivery(db);
  return result;
}
