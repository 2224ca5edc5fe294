// Charging an order safely. The order (pending, stock taken) is committed before the provider is
// called; the call itself is a `payment_attempts` row committed first, keyed by its idempotency key
// (unique), so a double click, a retried request or a crash-and-retry is the same attempt and the
// same charge. The answer is recorded afterwards through the one confirmation function
// (orders/transitions.server.ts). A process that dies in between leaves a `requested` attempt:
// the reconciliation job asks the provider and records the truth.
import { and, eq, inArray, isNotNull, like, lt, or, sql } from 'drizzle-orm';
import { jsonArray, resultRows } from '~/db/bulk.server';
import type { Database, Executor, Transaction } from '~/db/client.server';
import { orderEvents, orders, paymentAttempts, paymentConfirmations, programmedDeliveries, receivables, returns, savedCards, user, userSubscriptions, webhookReceipts, type PaymentDetails } from '~/db/schema';
import { MINUTE_MS, now } from '~/lib/clock';
import { centsToDecimal, formatPrice, toCents } from '~/lib/money';
import { paymentVerdict } from '~/lib/payment-match';
import { log } from '../infra/log.server';
import { kickMailDelivery } from '../mail/outbox.server';
import { paymentDeadline } from '../orders/expiry.server';
import { queueOrderEmail } from '../orders/emails.server';
import { getOwnOrder } from '../orders/orders.server';
import { applyOrderActionIn, confirmPaymentIn } from '../orders/transitions.server';
import { getEnv } from '../infra/env.server';
import { providerNamed, ProviderUnavailableError, type ChargeRequest, type ChargeResult, type PaymentProvider, type ProviderPayment } from './provider.server';

/** What the customer is told: paid now, a code to pay, declined (why), or not known yet. */
export type ChargeOutcome = { status: 'paid' } | { status: 'awaiting' } | { status: 'declined'; reason: string } | { status: 'unknown' };

/** A `requested` attempt this old whose payment the provider does not know never reached it. */
export const ABANDON_AFTER_MS = 15 * MINUTE_MS;
/** The job asks about an attempt left unanswered once it is this old (the request may still be in flight before). */
const RECONCILE_AFTER_MS = 2 * MINUTE_MS;
/** A Pix or boleto whose webhook may have been lost is asked about at most this often. */
const POLL_EVERY_MS = 10 * MINUTE_MS;
/**
 * Waiting Pix/boleto payments looked up per run (every 5 minutes), oldest look first. The cap is
 * the gateway's, not the database's: each is one HTTP lookup of a few hundred milliseconds, run
 * one after another, and gateways rate-limit their APIs, so 50 keeps a run under about
 * half a minute and 600 lookups an hour. Webhooks settle almost every payment; this is the safety
 * net for lost ones, so a backlog of 10k waiting payments is looked at in turn (each at most every
 * POLL_EVERY_MS) rather than all at once.
 */
export const RECONCILE_POLL_CAP = 50;

export type ChargeHooks = {
  /** Tests: runs after the provider answered and before the answer is recorded (a throw there is a crash). */
  afterCharge?: (result: ChargeResult) => Promise<void>;
};

/** The attempt being recorded and its order (locked), for a flow's own steps. */
export type AttemptContext = {
  attempt: typeof paymentAttempts.$inferSelect;
  order: { id: string; userId: string | null; status: string; createdAt: Date; subscriptionId: string | null; programmedDeliveryId: string | null; totalPrice: string };
};

/**
 * What a flow does with an answer beyond the order's payment (renewal periods, programmed
 * deliveries), in the same transaction. Passed in by the flow, so this module imports none.
 */
export type ChargeHandlers = {
  /** Declined (or abandoned, without onAbandoned): true when the flow dealt with its order (else the pending order is cancelled). */
  onDeclined?: (tx: Transaction, ctx: AttemptContext, reason: string) => Promise<boolean>;
  /**
   * The charge never reached the provider (its process died before the call): nothing was taken
   * and the customer declined nothing. True when the flow dealt with its order.
   */
  onAbandoned?: (tx: Transaction, ctx: AttemptContext, reason: string) => Promise<boolean>;
  /** A Pix or boleto code was recorded on the order, payable until `deadline`. */
  onAwaiting?: (tx: Transaction, ctx: AttemptContext, details: PaymentDetails, deadline: Date | null) => Promise<void>;
  /** The charge paid the order. */
  onPaid?: (tx: Transaction, ctx: AttemptContext, details: PaymentDetails) => Promise<void>;
  /**
   * A charge that is not its order's payment (a fatura's boleto, issue 35: the order is already
   * confirmed): the flow records the whole answer itself, once the attempt's own status is written.
   */
  ownAnswer?: (tx: Transaction, ctx: AttemptContext, result: ChargeResult) => Promise<ChargeOutcome>;
  /** Likewise for what the provider says later (webhook, poll): the attempt's status is written, the rest is the flow's. */
  ownPayment?: (tx: Transaction, attempt: typeof paymentAttempts.$inferSelect, payment: ProviderPayment) => Promise<'applied' | 'unchanged'>;
  /**
   * The provider has no payment by an unanswered attempt's key (it never got the call, or was
   * down): instead of abandoning it, the flow calls again with the same key (recallAttempt). True
   * when it did; false leaves the attempt to be abandoned.
   */
  callAgain?: (db: Database, provider: PaymentProvider, attempt: typeof paymentAttempts.$inferSelect) => Promise<boolean>;
};

/** The attempt statuses whose answer is not recorded yet: nothing charges their obligation again meanwhile. */
export const OPEN_CALL_STATUSES = ['requested', 'calling', 'unknown'] as const;

/** What the customer reads while a charge's answer is being confirmed with the gateway. */
export const CONFIRMING_MESSAGE = 'Estamos confirmando seu pagamento. Assim que o provedor de pagamento responder, avisaremos você por e-mail.';

/** Whether an order has a charge whose answer is still unknown (timed out, or its process died). */
export async function hasOpenCall(db: Executor, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), inArray(paymentAttempts.status, [...OPEN_CALL_STATUSES])))
    .limit(1);
  return Boolean(row);
}

export const DECLINED_PREFIX = 'Pagamento recusado';

/** The key of a fatura's boleto (issue 35, flows/fatura-boleto): `fatura:<receivable id>`, one attempt per fatura. */
export const FATURA_KEY_PREFIX = 'fatura:';

/**
 * The attempt to charge an order, written in the order's own transaction (checkout): an order is
 * never committed without it, so a process that dies before the call leaves the reconciliation
 * job something to find (and give up: the provider never heard of it).
 */
export async function openAttemptIn(tx: Transaction, provider: PaymentProvider, request: Pick<ChargeRequest, 'orderId' | 'idempotencyKey' | 'method' | 'amountCents'>): Promise<void> {
  // The store's clock (tests move it): reconciliation and a Pix's deadline count from here.
  const at = now();
  await tx
    .insert(paymentAttempts)
    .values({ orderId: request.orderId, idempotencyKey: request.idempotencyKey, provider: provider.name, method: request.method, amount: centsToDecimal(request.amountCents), createdAt: at, updatedAt: at });
}

/**
 * Charges a committed pending order once per idempotency key: its `requested` attempt (opened with
 * the order, or here) is claimed, then the provider called. `quiet`: the customer is on the page
 * (checkout), so a decline or an approval sends no e-mail of its own.
 */
export async function chargeOrder(
  db: Database,
  provider: PaymentProvider,
  request: ChargeRequest,
  options: { quiet?: boolean; hooks?: ChargeHooks; handlers?: ChargeHandlers; /** The attempt was committed with its order (a flow's): no insert. */ opened?: boolean } = {},
): Promise<ChargeOutcome> {
  if (!options.opened) {
    const at = now();
    await db
      .insert(paymentAttempts)
      .values({ orderId: request.orderId, idempotencyKey: request.idempotencyKey, provider: provider.name, method: request.method, amount: centsToDecimal(request.amountCents), createdAt: at, updatedAt: at })
      .onConflictDoNothing({ target: paymentAttempts.idempotencyKey });
  }
  // Claimed once: a second caller with the same key (a retried request) never calls the provider again.
  const [attempt] = await db
    .update(paymentAttempts)
    .set({ status: 'calling', updatedAt: now() })
    .where(and(eq(paymentAttempts.idempotencyKey, request.idempotencyKey), eq(paymentAttempts.status, 'requested')))
    .returning({ id: paymentAttempts.id });
  if (!attempt) return outcomeOfAttempt(db, request.idempotencyKey);
  const result = await callProvider(db, provider, attempt.id, request);
  if (!result) return { status: 'unknown' };
  await options.hooks?.afterCharge?.(result);
  const outcome = await db.transaction((tx) => recordChargeResultIn(tx, attempt.id, result, { quiet: options.quiet, handlers: options.handlers }));
  kickMailDelivery(db);
  return outcome;
}

/**
 * Claims many committed `requested` attempts at once (a renewal batch's: one statement), so each
 * is called once; returns the claimed ones' ids by key.
 */
export async function claimAttempts(db: Database, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .update(paymentAttempts)
    .set({ status: 'calling', updatedAt: now() })
    .where(and(sql`${paymentAttempts.idempotencyKey} = any(${jsonArray(keys, 'text')})`, eq(paymentAttempts.status, 'requested')))
    .returning({ id: paymentAttempts.id, key: paymentAttempts.idempotencyKey });
  return new Map(rows.map((r) => [r.key, r.id]));
}

/**
 * Calls the provider for a claimed attempt, outside any transaction. No answer (a timeout) or an
 * unreadable one: the payment may exist, so never "recusado" — the attempt is `unknown` until the
 * reconciliation job asks the provider by key, and null is returned; the order waits.
 */
export async function callProvider(db: Database, provider: PaymentProvider, attemptId: string, request: ChargeRequest): Promise<ChargeResult | null> {
  try {
    return await provider.charge(request);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) log.error(`pagamento: ${provider.name} falhou no pedido ${request.orderId}`, error);
    await db
      .update(paymentAttempts)
      .set({ status: 'unknown', updatedAt: now() })
      .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.status, 'calling')));
    return null;
  }
}

/** A Pix or boleto code the provider issued for a claimed attempt (a renewal batch's usual answer). */
export type AwaitingAnswer = { attemptId: string; orderId: string; reference: string | null; details: PaymentDetails; deadline: Date };

/**
 * Records many Pix/boleto answers in one short transaction (a renewal batch's: a few statements
 * for 100 answers, where one transaction each would cost ten): each attempt `awaiting` with its
 * reference, its order's code and deadline. Only attempts still `calling` (a webhook may have
 * settled one meanwhile); returns the recorded ones.
 */
export async function recordAwaitingIn(tx: Transaction, answers: readonly AwaitingAnswer[]): Promise<AwaitingAnswer[]> {
  if (answers.length === 0) return [];
  const rows = JSON.stringify(answers.map((a) => ({ id: a.attemptId, reference: a.reference })));
  const recorded = new Set(
    resultRows<{ id: string }>(
      await tx.execute(sql`
        update ${paymentAttempts} set status = 'awaiting', reference = coalesce(v.reference, ${paymentAttempts.reference}), updated_at = ${now()}
        from jsonb_to_recordset(${rows}::jsonb) as v(id uuid, reference text)
        where ${paymentAttempts.id} = v.id and ${paymentAttempts.status} = 'calling'
        returning ${paymentAttempts.id} as id`),
    ).map((r) => r.id),
  );
  const done = answers.filter((a) => recorded.has(a.attemptId));
  if (done.length === 0) return done;
  const codes = JSON.stringify(done.map((a) => ({ id: a.orderId, details: a.details, deadline: a.deadline.toISOString() })));
  await tx.execute(sql`
    update ${orders} set payment_details = v.details, payment_expires_at = v.deadline, updated_at = ${now()}
    from jsonb_to_recordset(${codes}::jsonb) as v(id uuid, details jsonb, deadline timestamptz)
    where ${orders.id} = v.id and ${orders.status} = 'pending'`);
  return done;
}

/** When a Pix or boleto issued now for an order stops being payable (the order's deadline). */
export function pendingDeadline(details: PaymentDetails, issuedAt: Date): Date {
  const env = getEnv();
  return paymentDeadline(details.method === 'boleto' ? 'boleto' : 'pix', issuedAt, {
    pixMinutes: env.PIX_EXPIRES_MINUTES,
    boletoGraceDays: env.BOLETO_GRACE_DAYS,
    boletoDueDate: details.method === 'boleto' ? details.dueDate : undefined,
  });
}

async function outcomeOfAttempt(db: Executor, key: string): Promise<ChargeOutcome> {
  const [row] = await db.select({ status: paymentAttempts.status, reason: paymentAttempts.reason }).from(paymentAttempts).where(eq(paymentAttempts.idempotencyKey, key));
  switch (row?.status) {
    case 'approved':
      return { status: 'paid' };
    case 'awaiting':
      return { status: 'awaiting' };
    case 'declined':
    case 'abandoned':
      return { status: 'declined', reason: row.reason ?? 'o pagamento não foi aprovado' };
    default:
      return { status: 'unknown' };
  }
}

/**
 * Records a provider's answer for an attempt, under the order's row lock. Approved and settled:
 * the order is paid through confirmPaymentIn (a late answer for an order that moved on is kept
 * for the admin). A Pix or boleto: its code and deadline. Declined: the order is cancelled and
 * its stock returned, unless something else paid it meanwhile.
 */
export async function recordChargeResultIn(
  tx: Transaction,
  attemptId: string,
  result: ChargeResult,
  options: { quiet?: boolean; handlers?: ChargeHandlers } = {},
): Promise<ChargeOutcome> {
  const [attempt] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId)).for('update');
  if (!attempt) throw new Error('tentativa de pagamento não encontrada');
  const [order] = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      createdAt: orders.createdAt,
      subscriptionId: orders.subscriptionId,
      programmedDeliveryId: orders.programmedDeliveryId,
      totalPrice: orders.totalPrice,
    })
    .from(orders)
    .where(eq(orders.id, attempt.orderId))
    .for('update');
  if (!order) throw new Error('pedido não encontrado');
  if (attempt.status !== 'requested' && attempt.status !== 'calling' && attempt.status !== 'unknown' && attempt.status !== 'awaiting') return outcomeOfAttempt(tx, attempt.idempotencyKey);
  const ctx: AttemptContext = { attempt, order };

  const own = options.handlers?.ownAnswer;
  if (!result.approved) {
    await tx.update(paymentAttempts).set({ status: 'declined', reason: result.reason, reference: result.reference ?? attempt.reference, updatedAt: now() }).where(eq(paymentAttempts.id, attempt.id));
    if (own) return own(tx, ctx, result);
    const handled = (await options.handlers?.onDeclined?.(tx, ctx, result.reason)) ?? false;
    if (!handled && order.status === 'pending') {
      await applyOrderActionIn(tx, { orderId: order.id, action: 'cancel', actor: { kind: 'system' }, reason: `${DECLINED_PREFIX}: ${result.reason}`, quiet: options.quiet });
    }
    return { status: 'declined', reason: result.reason };
  }

  const reference = result.reference ?? attempt.reference;
  await tx
    .update(paymentAttempts)
    .set({ status: result.settled ? 'approved' : 'awaiting', reference, updatedAt: now() })
    .where(eq(paymentAttempts.id, attempt.id));
  if (own) return own(tx, ctx, result);
  // Only authorized: not money yet, the order waits (and the admin sees it).
  if (result.authorized) {
    await recordDivergentIn(tx, { orderId: order.id, provider: attempt.provider, reference: `${reference ?? attempt.idempotencyKey}:autorizado`, amountCents: result.amountCents ?? toCents(attempt.amount), why: 'pagamento apenas autorizado, não capturado' });
  }
  if (result.savedCard) await keepSavedCard(tx, order, attempt.provider, result.savedCard);
  if (order.status === 'pending') {
    const env = getEnv();
    const deadline = result.settled
      ? null
      : // From the attempt: a renewal's retry or a "pagar agora" issues its code long after the order was placed.
        paymentDeadline(result.details.method === 'boleto' ? 'boleto' : 'pix', attempt.createdAt, {
          pixMinutes: env.PIX_EXPIRES_MINUTES,
          boletoGraceDays: env.BOLETO_GRACE_DAYS,
          boletoDueDate: result.details.method === 'boleto' ? result.details.dueDate : undefined,
        });
    await tx.update(orders).set({ paymentDetails: result.details, paymentExpiresAt: deadline }).where(eq(orders.id, order.id));
  }
  if (!result.settled) {
    if (order.status === 'pending' && options.handlers?.onAwaiting) {
      const [row] = await tx.select({ deadline: orders.paymentExpiresAt }).from(orders).where(eq(orders.id, order.id));
      await options.handlers.onAwaiting(tx, ctx, result.details, row?.deadline ?? null);
    }
    return { status: 'awaiting' };
  }
  // The amount and currency the gateway reports it took (the built-in provider reports none: the attempt's, in reais).
  const amountCents = result.amountCents ?? toCents(attempt.amount);
  const verdict = paymentVerdict({ status: 'approved', amountCents, currency: result.currency }, toCents(order.totalPrice));
  if (!verdict.pays) {
    await recordDivergentIn(tx, { orderId: order.id, provider: attempt.provider, reference: reference ?? attempt.idempotencyKey, amountCents, why: verdict.why });
    return { status: 'unknown' };
  }
  const confirmed = await confirmPaymentIn(tx, {
    orderId: order.id,
    provider: attempt.provider,
    reference: reference ?? attempt.idempotencyKey,
    amountCents,
    actor: { kind: 'system' },
    note: 'Pagamento aprovado',
    quiet: options.quiet,
  });
  if (confirmed === 'applied') await options.handlers?.onPaid?.(tx, ctx, result.details);
  return { status: 'paid' };
}

/**
 * "Pagamento divergente": the gateway reports a payment that does not pay its order (another
 * currency, less than the total, only authorized). Kept once per payment for the admin (the
 * dashboard lists it with the late payments) and in the order's history; the order is unchanged.
 */
export async function recordDivergentIn(tx: Transaction, input: { orderId: string; provider: string; reference: string; amountCents: number; why: string }): Promise<void> {
  const inserted = await tx
    .insert(paymentConfirmations)
    .values({ orderId: input.orderId, provider: input.provider, reference: input.reference, amount: centsToDecimal(input.amountCents), outcome: 'divergent' })
    .onConflictDoNothing({ target: [paymentConfirmations.provider, paymentConfirmations.reference] })
    .returning({ id: paymentConfirmations.id });
  if (inserted.length === 0) return;
  const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, input.orderId));
  await tx
    .insert(orderEvents)
    .values({ orderId: input.orderId, fromStatus: row!.status, toStatus: row!.status, actor: 'system', note: `Pagamento divergente: ${input.why} (${formatPrice(centsToDecimal(input.amountCents))}, ${input.reference})` });
  log.warn(`pagamento divergente ${input.provider}:${input.reference} no pedido ${input.orderId}: ${input.why}`);
}

/** The card the gateway kept, for the plan or programmed delivery this order started. */
async function keepSavedCard(tx: Transaction, order: { id: string; userId: string | null; subscriptionId: string | null }, provider: string, card: NonNullable<Extract<ChargeResult, { approved: true }>['savedCard']>) {
  // An erased account's order keeps no card.
  if (order.userId === null) return;
  const [row] = await tx
    .insert(savedCards)
    .values({ userId: order.userId, provider, customerReference: card.customerReference, cardReference: card.cardReference, paymentMethodId: card.paymentMethodId, lastFour: card.lastFour ?? null })
    .onConflictDoUpdate({ target: [savedCards.provider, savedCards.cardReference], set: { customerReference: card.customerReference } })
    .returning({ id: savedCards.id });
  if (order.subscriptionId) await tx.update(userSubscriptions).set({ savedCardId: row!.id }).where(eq(userSubscriptions.id, order.subscriptionId));
  await tx.update(programmedDeliveries).set({ savedCardId: row!.id }).where(eq(programmedDeliveries.sourceOrderId, order.id));
}

/** The stored card a renewal or programmed delivery charges, if any. */
export async function storedCardFor(db: Executor, savedCardId: string | null) {
  if (!savedCardId) return undefined;
  const [card] = await db.select().from(savedCards).where(eq(savedCards.id, savedCardId));
  return card ? { customerReference: card.customerReference, cardReference: card.cardReference, paymentMethodId: card.paymentMethodId } : undefined;
}

// ---------------------------------------------------------------- what the provider says later

/**
 * A payment as the provider knows it now (a webhook's, or the reconciliation's lookup), applied
 * to its order: approved → paid (once; late ones kept for the admin); declined → a still-pending
 * order is cancelled (a renewal's order is left to the renewal's retries); refunded → the order is
 * cancelled and marked refunded. Idempotent: the same state twice changes nothing.
 */
/** Each flow's own steps for an order's answer (a renewal's period, a programmed delivery), given by the flows layer. */
export type HandlersFor = (order: { subscriptionId: string | null; programmedDeliveryId: string | null }, attempt: { idempotencyKey: string }) => ChargeHandlers | undefined;

export async function applyProviderPayment(db: Database, providerName: string, payment: ProviderPayment, options: { handlersFor?: HandlersFor } = {}): Promise<'applied' | 'unchanged' | 'unknown'> {
  const outcome = await db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(
        payment.externalReference
          ? sql`${paymentAttempts.provider} = ${providerName} and (${paymentAttempts.reference} = ${payment.reference} or ${paymentAttempts.idempotencyKey} = ${payment.externalReference})`
          : and(eq(paymentAttempts.provider, providerName), eq(paymentAttempts.reference, payment.reference)),
      )
      .limit(1)
      .for('update');
    if (!attempt) return 'unknown' as const;
    if (!attempt.reference) await tx.update(paymentAttempts).set({ reference: payment.reference }).where(eq(paymentAttempts.id, attempt.id));
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, subscriptionId: orders.subscriptionId, programmedDeliveryId: orders.programmedDeliveryId, refundStatus: orders.refundStatus, totalPrice: orders.totalPrice, userId: orders.userId })
      .from(orders)
      .where(eq(orders.id, attempt.orderId))
      .for('update');
    if (!order) return 'unknown' as const;
    const handlers = options.handlersFor?.(order, attempt);
    // The answer to a call the store never recorded (timed out, or its process died): recorded as
    // the call's own answer would have been, with the flow's steps (the renewal's retry and e-mail,
    // the delivery's "não foi feita"), as the reconciliation job records it.
    if ((OPEN_CALL_STATUSES as readonly string[]).includes(attempt.status) && (payment.status === 'approved' || payment.status === 'declined')) {
      const outcome = await recordChargeResultIn(tx, attempt.id, resultOf(payment, attempt), { handlers });
      return outcome.status === 'unknown' ? ('unchanged' as const) : ('applied' as const);
    }
    if (handlers?.ownPayment) {
      if (payment.status === 'approved' && attempt.status !== 'approved') await tx.update(paymentAttempts).set({ status: 'approved', updatedAt: now() }).where(eq(paymentAttempts.id, attempt.id));
      if (payment.status === 'declined' && attempt.status === 'awaiting') await tx.update(paymentAttempts).set({ status: 'declined', reason: payment.reason ?? null, updatedAt: now() }).where(eq(paymentAttempts.id, attempt.id));
      return handlers.ownPayment(tx, attempt, payment);
    }

    switch (payment.status) {
      case 'authorized':
        // Reserved, not captured: not money yet. Shown to the admin; the order waits.
        await recordDivergentIn(tx, { orderId: order.id, provider: providerName, reference: `${payment.reference}:autorizado`, amountCents: payment.amountCents, why: 'pagamento apenas autorizado, não capturado' });
        return 'unchanged' as const;
      case 'approved': {
        if (attempt.status !== 'approved') await tx.update(paymentAttempts).set({ status: 'approved', updatedAt: now() }).where(eq(paymentAttempts.id, attempt.id));
        const verdict = paymentVerdict({ status: 'approved', amountCents: payment.amountCents, currency: payment.currency }, toCents(order.totalPrice));
        if (!verdict.pays) {
          await recordDivergentIn(tx, { orderId: order.id, provider: providerName, reference: payment.reference, amountCents: payment.amountCents, why: verdict.why });
          return 'unchanged' as const;
        }
        const confirmed = await confirmPaymentIn(tx, {
          orderId: order.id,
          provider: providerName,
          reference: payment.reference,
          amountCents: payment.amountCents,
          actor: { kind: 'system' },
          note: 'Pagamento aprovado',
        });
        return confirmed === 'duplicate' ? ('unchanged' as const) : ('applied' as const);
      }
      case 'declined': {
        if (attempt.status === 'declined' || attempt.status === 'approved' || attempt.status === 'abandoned') return 'unchanged' as const;
        await tx.update(paymentAttempts).set({ status: 'declined', reason: payment.reason ?? null, updatedAt: now() }).where(eq(paymentAttempts.id, attempt.id));
        if (order.status === 'pending' && !order.subscriptionId) {
          await applyOrderActionIn(tx, { orderId: order.id, action: 'cancel', actor: { kind: 'system' }, reason: `${DECLINED_PREFIX}: ${payment.reason ?? 'o pagamento não foi aprovado'}` });
        }
        return 'applied' as const;
      }
      case 'refunded': {
        if (order.refundStatus === 'refunded') return 'unchanged' as const;
        // All of it given back by the store's own returns (flows/refund records each on its return): nothing more to record.
        const [byReturns] = await tx
          .select({ total: sql<string>`coalesce(sum(${returns.refundAmount}), 0)::text` })
          .from(returns)
          .where(and(eq(returns.orderId, order.id), isNotNull(returns.refundStatus)));
        if (toCents(byReturns?.total ?? '0') >= toCents(order.totalPrice)) return 'unchanged' as const;
        if (order.status === 'paid' || order.status === 'preparing') {
          await applyOrderActionIn(tx, { orderId: order.id, action: 'cancel', actor: { kind: 'system' }, reason: 'Pagamento estornado no provedor de pagamento', quiet: true });
        }
        await markRefundedIn(tx, order, payment.reference, 'estornado no provedor de pagamento');
        return 'applied' as const;
      }
      case 'pending':
        return 'unchanged' as const;
    }
  });
  kickMailDelivery(db);
  return outcome;
}

/** An order's money given back: recorded once in its history, and its customer told (refund flow, a gateway's refund). */
export async function markRefundedIn(tx: Transaction, order: { id: string; userId: string | null; totalPrice: string }, reference: string, how: string): Promise<void> {
  const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
  await tx.update(orders).set({ refundStatus: 'refunded', refundReference: reference }).where(eq(orders.id, order.id));
  await tx.insert(orderEvents).values({ orderId: order.id, fromStatus: row!.status, toStatus: row!.status, actor: 'system', note: `Reembolso de ${formatPrice(order.totalPrice)} ${how} (${reference})` });
  // An erased account's order has nobody left to tell.
  if (order.userId === null) return;
  const [buyer] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, order.userId));
  const summary = await getOwnOrder(tx, order.userId, order.id);
  if (buyer && summary) await queueOrderEmail(tx, 'refunded', summary, buyer);
}

// ---------------------------------------------------------------- the reconciliation job

export type ReconcileReport = { settled: number; abandoned: number; polled: number };

/**
 * Every few minutes (pg-boss): attempts whose answer was never recorded are asked about by their
 * key; a payment the provider never received is given up after ABANDON_AFTER_MS (order cancelled,
 * stock back, the customer told); Pix and boletos still waiting are asked about in case their
 * webhook was lost. (Refunds that failed are tried again by the refund flow, flows/reconcile.)
 */
export async function reconcilePayments(db: Database, options: { handlersFor?: HandlersFor } = {}): Promise<ReconcileReport> {
  const report: ReconcileReport = { settled: 0, abandoned: 0, polled: 0 };
  const at = now().getTime();
  // `unknown` too: a call that timed out or whose answer was unreadable is settled by its key.
  const unanswered = await db
    .select({ attempt: paymentAttempts, subscriptionId: orders.subscriptionId, programmedDeliveryId: orders.programmedDeliveryId })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(and(inArray(paymentAttempts.status, [...OPEN_CALL_STATUSES]), lt(paymentAttempts.createdAt, new Date(at - RECONCILE_AFTER_MS))))
    .orderBy(paymentAttempts.createdAt)
    .limit(100);
  for (const { attempt, ...order } of unanswered) {
    const provider = providerNamed(attempt.provider);
    const handlers = options.handlersFor?.(order, attempt);
    try {
      const found = provider ? await provider.findByKey(attempt.idempotencyKey) : null;
      if (found) {
        await db.transaction((tx) => recordChargeResultIn(tx, attempt.id, resultOf(found, attempt), { handlers }));
        report.settled += 1;
      } else if (provider && handlers?.callAgain && (await handlers.callAgain(db, provider, attempt))) {
        report.settled += 1;
      } else if (at - Math.max(attempt.createdAt.getTime(), attempt.updatedAt.getTime()) >= ABANDON_AFTER_MS) {
        if (await abandonAttempt(db, attempt.id, handlers)) report.abandoned += 1;
      }
    } catch (error) {
      // The provider is down: the next run asks again.
      log.warn(`conciliação: tentativa ${attempt.id} fica para a próxima rodada`, error);
    }
  }

  const waiting = await db
    .select()
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    // An order's own payment while the order waits; a fatura's boleto (issue 35: its order is confirmed) while the fatura is unpaid.
    .leftJoin(receivables, and(eq(receivables.orderId, orders.id), like(paymentAttempts.idempotencyKey, `${FATURA_KEY_PREFIX}%`)))
    .where(
      and(
        eq(paymentAttempts.status, 'awaiting'),
        or(eq(orders.status, 'pending'), inArray(receivables.status, ['open', 'overdue'])),
        lt(paymentAttempts.updatedAt, new Date(at - POLL_EVERY_MS)),
      ),
    )
    .orderBy(paymentAttempts.updatedAt)
    .limit(RECONCILE_POLL_CAP);
  for (const { payment_attempts: attempt } of waiting) {
    const provider = providerNamed(attempt.provider);
    if (!provider || !attempt.reference) continue;
    try {
      await db.update(paymentAttempts).set({ updatedAt: now() }).where(eq(paymentAttempts.id, attempt.id));
      const found = await provider.getPayment(attempt.reference);
      if (found && found.status !== 'pending') await applyProviderPayment(db, provider.name, found, options);
      report.polled += 1;
    } catch (error) {
      log.warn(`conciliação: pagamento ${attempt.reference} fica para a próxima rodada`, error);
    }
  }

  await db.delete(webhookReceipts).where(lt(webhookReceipts.receivedAt, new Date(at - 24 * 60 * MINUTE_MS)));
  return report;
}

/**
 * Calls the provider again for an unanswered attempt with its same key (the provider answers a
 * key it already has with that payment, so this never makes a second one): claimed only when its
 * last call is older than RECONCILE_AFTER_MS, so two runs never call at once. Null: not claimed,
 * or no answer again (the attempt stays `unknown` for the next run).
 */
export async function recallAttempt(db: Database, provider: PaymentProvider, attemptId: string, request: ChargeRequest, handlers?: ChargeHandlers): Promise<ChargeOutcome | null> {
  const [claimed] = await db
    .update(paymentAttempts)
    .set({ status: 'calling', updatedAt: now() })
    .where(and(eq(paymentAttempts.id, attemptId), inArray(paymentAttempts.status, [...OPEN_CALL_STATUSES]), lt(paymentAttempts.updatedAt, new Date(now().getTime() - RECONCILE_AFTER_MS))))
    .returning({ id: paymentAttempts.id });
  if (!claimed) return null;
  const result = await callProvider(db, provider, attemptId, request);
  if (!result) return null;
  const outcome = await db.transaction((tx) => recordChargeResultIn(tx, attemptId, result, { handlers }));
  kickMailDelivery(db);
  return outcome;
}

/** A lookup's answer as a charge's: what the provider says happened with that key. */
function resultOf(found: ProviderPayment, attempt: typeof paymentAttempts.$inferSelect): ChargeResult {
  if (found.status === 'declined' || found.status === 'refunded') return { approved: false, reason: found.reason ?? 'o pagamento não foi aprovado', reference: found.reference };
  const details = found.details ?? (attempt.method === 'credit_card' ? { method: 'credit_card' as const, installments: 1, installmentCents: [found.amountCents] } : undefined);
  if (!details) return { approved: false, reason: 'o código de pagamento não foi gerado', reference: found.reference };
  // What the gateway reports it took, never the attempt's own amount.
  return {
    approved: true,
    settled: found.status === 'approved',
    details,
    reference: found.reference,
    amountCents: found.amountCents,
    currency: found.currency,
    authorized: found.status === 'authorized' || undefined,
  };
}

export const ABANDONED_REASON = 'Pagamento não concluído: a cobrança não chegou ao provedor de pagamento';

async function abandonAttempt(db: Database, attemptId: string, handlers?: ChargeHandlers): Promise<boolean> {
  const done = await db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId)).for('update');
    if (attempt?.status !== 'requested' && attempt?.status !== 'calling' && attempt?.status !== 'unknown') return false;
    // A call claimed (or answered unknown) recently may still reach the provider: not given up yet.
    if (now().getTime() - attempt.updatedAt.getTime() < ABANDON_AFTER_MS) return false;
    await tx.update(paymentAttempts).set({ status: 'abandoned', reason: ABANDONED_REASON, updatedAt: now() }).where(eq(paymentAttempts.id, attemptId));
    const [order] = await tx
      .select({ id: orders.id, userId: orders.userId, status: orders.status, createdAt: orders.createdAt, subscriptionId: orders.subscriptionId, programmedDeliveryId: orders.programmedDeliveryId, totalPrice: orders.totalPrice })
      .from(orders)
      .where(eq(orders.id, attempt.orderId))
      .for('update');
    if (!order) return true;
    const onAbandoned = handlers?.onAbandoned ?? handlers?.onDeclined;
    const handled = (await onAbandoned?.(tx, { attempt, order }, ABANDONED_REASON)) ?? false;
    if (!handled && order.status === 'pending') await applyOrderActionIn(tx, { orderId: attempt.orderId, action: 'cancel', actor: { kind: 'system' }, reason: ABANDONED_REASON });
    return true;
  });
  kickMailDelivery(db);
  return done;
}

type ShipColumns = { shipStreet: string | null; shipNumber: string | null; shipNeighborhood: string | null; shipCity: string | null; shipState: string | null; shipZipCode: string | null };

/** Who pays a charge the store makes by itself (a renewal, a programmed delivery): the account, its CPF/CNPJ and delivery address. */
export async function payerFor(tx: Executor, userId: string, taxId: string | null, ship: ShipColumns): Promise<ChargeRequest['customer']> {
  const [row] = await tx.select({ name: user.name, email: user.email, taxId: user.taxId }).from(user).where(eq(user.id, userId)).limit(1);
  const address =
    ship.shipStreet && ship.shipNumber && ship.shipNeighborhood && ship.shipCity && ship.shipState && ship.shipZipCode
      ? { street: ship.shipStreet, number: ship.shipNumber, neighborhood: ship.shipNeighborhood, city: ship.shipCity, state: ship.shipState, zipCode: ship.shipZipCode }
      : undefined;
  return { name: row?.name ?? '', email: row?.email ?? '', taxId: taxId ?? row?.taxId ?? '', address };
}
