// Changing plan (issue 30, "The plan's benefits follow its payments"): the new plan is charged now,
// less the unused part of the paid period (lib/plan-change). Checkout's order of steps: the change,
// its order and its payment attempt are committed with an idempotency key first; the gateway is
// called outside any transaction (payments/charges chargeOrder); its answer is recorded after, and
// confirming the order applies the change (orders/transitions → subscriptions/periods onOrderPaidIn),
// so with a Pix the current plan stays until it is paid. A credit that covers the new price
// charges nothing and applies the change at once; what it does not use stays on the subscription.
import { and, eq } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '~/db/client.server';
import { isUniqueViolation } from '~/db/errors.server';
import { orders, planChanges, userSubscriptions } from '~/db/schema';
import { now } from '~/lib/clock';
import { centsToDecimal, toCents } from '~/lib/money';
import { quotePlanChange, type PlanChangeQuote } from '~/lib/plan-change';
import { PLAN_NAME, type SubscriptionFrequency, todayInBrazil } from '~/lib/plans';
import { getEnv } from '../infra/env.server';
import { kickMailDelivery } from '../mail/outbox.server';
import { insertOrder } from '../orders/create.server';
import { chargeOrder, openAttemptIn, payerFor, storedCardFor, type ChargeHooks } from '../payments/charges.server';
import { getPaymentProvider, withOfferedMethod, type ChargeRequest, type PaymentProvider } from '../payments/provider.server';
import { applyPlanChangeIn, currentPaidPeriod } from '../subscriptions/periods.server';
import { shippingOf } from '../subscriptions/renewals.server';
import { findPlanOption } from '../subscriptions/plans.server';
import { SUBSCRIPTION_MESSAGES } from '../subscriptions/subscriptions.server';

export const PLAN_CHANGE_MESSAGES = {
  samePlan: 'Você já está neste plano.',
  pending: 'Já existe uma troca de plano aguardando pagamento. Pague o pedido em aberto ou aguarde o prazo dele.',
  stale: 'O valor da troca mudou. Confira o novo valor antes de confirmar.',
} as const;

type Row = typeof userSubscriptions.$inferSelect;

export type PlanChangePreview = PlanChangeQuote & { frequency: SubscriptionFrequency; name: string };

export type ChangePlanResult =
  | { ok: true; status: 'applied' | 'paid' | 'awaiting' | 'unknown'; orderId: string | null; chargeCents: number; creditCents: number }
  | { ok: false; status: 402 | 404 | 409; message: string };

/** What the confirm step shows: today's charge and the credit, the figures the change will charge. */
export async function previewPlanChange(db: Executor, userId: string, subscriptionId: string, frequency: SubscriptionFrequency): Promise<PlanChangePreview | null> {
  const [sub] = await db.select().from(userSubscriptions).where(and(eq(userSubscriptions.id, subscriptionId), eq(userSubscriptions.userId, userId)));
  if (!sub || sub.status !== 'active') return null;
  const plan = await findPlanOption(db, frequency);
  if (!plan) return null;
  return { ...(await quoteFor(db, sub, plan.price, todayInBrazil())), frequency: plan.frequency, name: plan.name };
}

async function quoteFor(db: Executor, sub: Row, price: string, today: string): Promise<PlanChangeQuote> {
  return quotePlanChange({ priceCents: toCents(price), period: await currentPaidPeriod(db, sub), today, heldCreditCents: toCents(sub.credit) });
}

/** The plan change's own idempotency key on its order (unique per customer with the order's). */
const orderKey = (subscriptionId: string, key: string) => `troca-plano:${subscriptionId}:${key}`;
/** Its charge: the first and only attempt of its order (a declined card drops the change; the customer tries again). */
const chargeKey = (orderId: string) => `pedido:${orderId}:1`;

type Committed = { kind: 'done'; result: ChangePlanResult } | { kind: 'charge'; orderId: string; amountCents: number; creditCents: number; request: ChargeRequest };

/**
 * The customer changes their plan. `idempotencyKey` comes from the form: a double submit finds
 * the first change (and its one charge). `expectedChargeCents`: the amount the confirm step
 * showed; a different one now is refused so the customer sees it first.
 */
export async function changePlan(
  db: Database,
  input: { userId: string; subscriptionId: string; frequency: SubscriptionFrequency; idempotencyKey: string; expectedChargeCents?: number },
  provider: PaymentProvider = getPaymentProvider(),
  hooks?: ChargeHooks,
): Promise<ChangePlanResult> {
  let committed: Committed;
  try {
    committed = await db.transaction((tx) => commitChange(tx, input, provider));
  } catch (error) {
    // Two submits at once: the second meets the first's unique key; answer as a replay.
    if (!isUniqueViolation(error)) throw error;
    committed = await db.transaction((tx) => commitChange(tx, input, provider));
  }
  if (committed.kind === 'done') {
    kickMailDelivery(db);
    return committed.result;
  }
  const outcome = await chargeOrder(db, provider, committed.request, { quiet: true, hooks });
  kickMailDelivery(db);
  const figures = { orderId: committed.orderId, chargeCents: committed.amountCents, creditCents: committed.creditCents };
  switch (outcome.status) {
    case 'paid':
      return { ok: true, status: 'paid', ...figures };
    case 'awaiting':
      return { ok: true, status: 'awaiting', ...figures };
    case 'unknown':
      return { ok: true, status: 'unknown', ...figures };
    case 'declined':
      return { ok: false, status: 402, message: `Pagamento recusado: ${outcome.reason}` };
  }
}

async function commitChange(
  tx: Transaction,
  input: { userId: string; subscriptionId: string; frequency: SubscriptionFrequency; idempotencyKey: string; expectedChargeCents?: number },
  provider: PaymentProvider,
): Promise<Committed> {
  const [locked] = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.id, input.subscriptionId)).for('update');
  if (!locked || locked.userId !== input.userId) return refused(404, SUBSCRIPTION_MESSAGES.notFound);
  // A card or boleto the store no longer takes is charged with Pix to its key (payments/provider.server.ts).
  const sub = withOfferedMethod(locked, provider);
  const [repeat] = await tx
    .select()
    .from(planChanges)
    .where(and(eq(planChanges.subscriptionId, sub.id), eq(planChanges.idempotencyKey, input.idempotencyKey)));
  if (repeat) {
    // The same submit again: its one order and attempt (chargeOrder answers a claimed attempt from its row).
    const figures = { chargeCents: toCents(repeat.amount), creditCents: toCents(repeat.credit) };
    if (!repeat.orderId) return { kind: 'done', result: { ok: true, status: 'applied', orderId: null, ...figures } };
    return { kind: 'charge', orderId: repeat.orderId, amountCents: figures.chargeCents, creditCents: figures.creditCents, request: await chargeRequest(tx, sub, repeat.orderId, figures.chargeCents) };
  }
  if (sub.status !== 'active') return refused(409, SUBSCRIPTION_MESSAGES.notActive);
  const plan = await findPlanOption(tx, input.frequency);
  if (!plan) return refused(409, SUBSCRIPTION_MESSAGES.unknownPlan);
  if (plan.frequency === sub.frequency) return refused(409, PLAN_CHANGE_MESSAGES.samePlan);
  const [waiting] = await tx
    .select({ id: planChanges.id, orderStatus: orders.status })
    .from(planChanges)
    .leftJoin(orders, eq(orders.id, planChanges.orderId))
    .where(and(eq(planChanges.subscriptionId, sub.id), eq(planChanges.status, 'awaiting')));
  if (waiting?.orderStatus === 'pending') return refused(409, PLAN_CHANGE_MESSAGES.pending);
  // Its order ended unpaid without the plan hooks (a change left from before they ran for it): dropped.
  if (waiting) await tx.update(planChanges).set({ status: 'cancelled', updatedAt: now() }).where(eq(planChanges.id, waiting.id));

  const today = todayInBrazil();
  const quote = await quoteFor(tx, sub, plan.price, today);
  if (input.expectedChargeCents !== undefined && input.expectedChargeCents !== quote.chargeCents) return refused(409, PLAN_CHANGE_MESSAGES.stale);
  const [change] = await tx
    .insert(planChanges)
    .values({
      subscriptionId: sub.id,
      idempotencyKey: input.idempotencyKey,
      fromFrequency: sub.frequency,
      toFrequency: plan.frequency,
      price: plan.price,
      credit: centsToDecimal(quote.creditCents),
      amount: centsToDecimal(quote.chargeCents),
      creditAfter: centsToDecimal(quote.creditAfterCents),
    })
    .returning();
  const figures = { chargeCents: quote.chargeCents, creditCents: quote.creditCents };
  if (quote.chargeCents === 0) {
    // The unused part of the paid period pays the new plan whole (annual → monthly): nothing charged.
    await applyPlanChangeIn(tx, change!, today, { kind: 'customer', userId: input.userId });
    return { kind: 'done', result: { ok: true, status: 'applied', orderId: null, ...figures } };
  }
  const amount = centsToDecimal(quote.chargeCents);
  const orderId = await insertOrder(tx, {
    userId: input.userId,
    totals: { subtotalCents: quote.chargeCents, discountCents: 0, discountKind: null, shippingCents: 0, totalCents: quote.chargeCents },
    paymentMethod: sub.paymentMethod,
    taxId: sub.taxId,
    idempotencyKey: orderKey(sub.id, input.idempotencyKey),
    placedAt: now(),
    actor: 'customer',
    note: `Troca para o ${plan.name}: ${plan.price} menos o crédito de ${centsToDecimal(quote.creditCents)}`,
    shipping: shippingOf(sub),
    subscriptionId: sub.id,
    lines: [{ productId: null, name: `${PLAN_NAME} — ${plan.name} (troca de plano)`, size: null, quantity: 1, unitPrice: amount }],
  });
  await tx.update(planChanges).set({ orderId }).where(eq(planChanges.id, change!.id));
  const request = await chargeRequest(tx, sub, orderId, quote.chargeCents);
  // The attempt is committed with the order: a crash before the call leaves it to the reconciliation job.
  await openAttemptIn(tx, provider, request);
  return { kind: 'charge', orderId, amountCents: quote.chargeCents, creditCents: quote.creditCents, request };
}

const refused = (status: 404 | 409, message: string): Committed => ({ kind: 'done', result: { ok: false, status, message } });

async function chargeRequest(tx: Executor, sub: Row, orderId: string, amountCents: number): Promise<ChargeRequest> {
  return {
    orderId,
    idempotencyKey: chargeKey(orderId),
    amountCents,
    method: sub.paymentMethod,
    installments: sub.paymentMethod === 'credit_card' ? sub.installments : 1,
    description: `Troca de plano da ${PLAN_NAME}`,
    customer: await payerFor(tx, sub.userId!, sub.taxId, sub),
    storedCard: sub.paymentMethod === 'credit_card' ? await storedCardFor(tx, sub.savedCardId) : undefined,
    expiresAt: new Date(now().getTime() + getEnv().PIX_EXPIRES_MINUTES * 60_000),
  };
}
