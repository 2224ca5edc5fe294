// The refund flow: a cancelled paid order's money given back through the provider that took it
// (one refund per order: the gateway's idempotency key is the order's), called outside any
// transaction, then recorded under the order's row lock. The admin's cancel runs it at once; the
// reconciliation job (flows/reconcile) retries the ones that failed. A return's or a plan
// withdrawal's refund works the same way with its own key (`devolucao:<return>`,
// `desistencia-plano:<subscription>`): its amount is committed on the return before the call.
import { and, asc, desc, eq, exists, ne, sql } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { orders, paymentAttempts, returns } from '~/db/schema';
import { centsToDecimal, toCents } from '~/lib/money';
import { RETURN_LIMITS } from '~/lib/returns';
import { log } from '../infra/log.server';
import { kickMailDelivery } from '../mail/outbox.server';
import { markRefundedIn } from '../payments/charges.server';
import { builtInProvider, providerNamed } from '../payments/provider.server';
import { gatewayPaymentOf, RETURN_MESSAGES, ReturnError, returnRefundsCentsOf } from '../returns/returns.server';
import { lockReturnIn, recordReturnRefundIn } from '../returns/transitions.server';

export type RefundOutcome = 'refunded' | 'manual' | 'failed' | 'none';

const providerLabel = (name: string) => (name === 'mercadopago' ? 'Mercado Pago' : name);

/**
 * Gives a cancelled paid order's money back through the provider that took it (what is left after
 * any return's refund, one refund per order by its key), then records it in the order's history
 * and tells the customer. Money taken without a gateway (the store's own Pix key) goes back by
 * hand: 'manual'.
 */
export async function refundOrder(db: Database, orderId: string): Promise<RefundOutcome> {
  const [order] = await db
    .select({ id: orders.id, userId: orders.userId, refundStatus: orders.refundStatus, totalPrice: orders.totalPrice })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.refundStatus !== 'pending') return 'none';
  const [paid] = await db
    .select({ provider: paymentAttempts.provider, reference: paymentAttempts.reference })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'approved')))
    .orderBy(desc(paymentAttempts.updatedAt))
    .limit(1);
  const provider = paid ? providerNamed(paid.provider) : null;
  if (!paid?.reference || !provider) return 'manual';
  // A plan withdrawn from before its order was cancelled already gave part of the money back.
  const amountCents = Math.max(0, toCents(order.totalPrice) - (await returnRefundsCentsOf(db, orderId)));
  const result = amountCents > 0 ? await provider.refund({ reference: paid.reference, amountCents, idempotencyKey: `reembolso:${orderId}` }) : ({ ok: true, reference: 'devolucoes' } as const);
  if (!result.ok) {
    if (result.manual) return 'manual';
    log.warn(`reembolso do pedido ${orderId} não foi feito: ${result.reason}`);
    return 'failed';
  }
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ refundStatus: orders.refundStatus }).from(orders).where(eq(orders.id, orderId)).for('update');
    if (locked?.refundStatus !== 'pending') return;
    await markRefundedIn(tx, { ...order, totalPrice: centsToDecimal(amountCents) }, result.reference, `feito pelo ${providerLabel(provider.name)}`);
  });
  kickMailDelivery(db);
  return 'refunded';
}

/** Refunds owed and not made yet (a gateway that failed), a few per run; returns how many were made. */
export async function retryOwedRefunds(db: Database, limit = 50): Promise<number> {
  const owed = await db.select({ id: orders.id }).from(orders).where(eq(orders.refundStatus, 'pending')).limit(limit);
  let refunded = 0;
  for (const { id } of owed) {
    try {
      if ((await refundOrder(db, id)) === 'refunded') refunded += 1;
    } catch (error) {
      log.warn(`conciliação: reembolso do pedido ${id} fica para a próxima rodada`, error);
    }
  }
  return refunded;
}

/**
 * The admin sent a cancelled order's money back by bank transfer (it was paid to the store's own Pix
 * key, at orders.refund_pix_key): recorded once, in the order's history, and the customer told.
 */
export async function recordManualOrderRefund(db: Database, input: { orderId: string; adminId: string; reference: string }): Promise<void> {
  const reference = input.reference.trim();
  if (!reference) throw new ReturnError(400, RETURN_MESSAGES.referenceRequired, 'reference');
  if (reference.length > RETURN_LIMITS.reference) throw new ReturnError(400, RETURN_MESSAGES.reasonTooLong(RETURN_LIMITS.reference), 'reference');
  if (await gatewayPaymentOf(db, input.orderId)) throw new ReturnError(409, RETURN_MESSAGES.refundByGateway);
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, userId: orders.userId, refundStatus: orders.refundStatus, totalPrice: orders.totalPrice, refundPixKey: orders.refundPixKey })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for('update');
    if (!order) throw new ReturnError(404, RETURN_MESSAGES.orderNotFound);
    if (order.refundStatus !== 'pending') throw new ReturnError(409, RETURN_MESSAGES.refundNotOwed);
    const amountCents = Math.max(0, toCents(order.totalPrice) - (await returnRefundsCentsOf(tx, order.id)));
    await markRefundedIn(tx, { ...order, totalPrice: centsToDecimal(amountCents) }, reference, order.refundPixKey ? 'por Pix, na chave informada pelo cliente' : 'por transferência bancária');
  });
  kickMailDelivery(db);
}

// ---------------------------------------------------------------- returns and plan withdrawals

/** The gateway's idempotency key of a return's refund: one refund per return, one per plan. */
export function returnRefundKey(ret: { id: string; kind: string; subscriptionId: string | null }): string {
  return ret.kind === 'plan' && ret.subscriptionId ? `desistencia-plano:${ret.subscriptionId}` : `devolucao:${ret.id}`;
}

/**
 * Makes the refund a return owes (its amount committed on it, refund_status 'pending') through the
 * gateway that took the order's money, by the return's own key (a retry is the same refund), then
 * records it under the return's row lock. Money taken on the store's own Pix key: 'manual' (the
 * admin records the bank transfer). 'failed': left pending for the reconciliation job.
 */
export async function refundReturn(db: Database, returnId: string): Promise<RefundOutcome> {
  const [ret] = await db
    .select({ id: returns.id, orderId: returns.orderId, kind: returns.kind, subscriptionId: returns.subscriptionId, refundStatus: returns.refundStatus, refundAmount: returns.refundAmount })
    .from(returns)
    .where(eq(returns.id, returnId));
  if (!ret || ret.refundStatus !== 'pending' || ret.refundAmount === null) return 'none';
  const paid = await gatewayPaymentOf(db, ret.orderId);
  if (!paid) return 'manual';
  const amountCents = toCents(ret.refundAmount);
  const result = amountCents > 0 ? await paid.provider.refund({ reference: paid.reference, amountCents, idempotencyKey: returnRefundKey(ret) }) : ({ ok: true, reference: 'sem valor' } as const);
  if (!result.ok) {
    if (result.manual) return 'manual';
    log.warn(`reembolso da devolução ${returnId} não foi feito: ${result.reason}`);
    return 'failed';
  }
  // Two callers at once (the admin's receive and the reconciliation) got the same refund by its key: recorded once.
  const recorded = await db.transaction((tx) => recordReturnRefundIn(tx, { returnId, reference: result.reference, how: `feito pelo ${providerLabel(paid.provider.name)}`, actor: { kind: 'system' }, manual: false }));
  kickMailDelivery(db);
  return recorded ? 'refunded' : 'none';
}

/**
 * Returns' refunds owed through a gateway and not made yet (it failed or was down), oldest first,
 * a few per run; each retried by its key, so a refund the gateway made but whose answer was lost
 * is the same refund. Those paid to the store's own Pix key wait for the admin instead.
 */
export async function retryOwedReturnRefunds(db: Database, limit = 50): Promise<number> {
  const owed = await db
    .select({ id: returns.id })
    .from(returns)
    .where(
      and(
        eq(returns.refundStatus, 'pending'),
        exists(
          db
            .select({ one: sql`1` })
            .from(paymentAttempts)
            .where(and(eq(paymentAttempts.orderId, returns.orderId), eq(paymentAttempts.status, 'approved'), ne(paymentAttempts.provider, builtInProvider.name))),
        ),
      ),
    )
    .orderBy(asc(returns.createdAt))
    .limit(limit);
  let refunded = 0;
  for (const { id } of owed) {
    try {
      if ((await refundReturn(db, id)) === 'refunded') refunded += 1;
    } catch (error) {
      log.warn(`conciliação: reembolso da devolução ${id} fica para a próxima rodada`, error);
    }
  }
  return refunded;
}

/**
 * The admin sent a return's refund by bank transfer (the money went to the store's own Pix key):
 * recorded once with the transfer's identifier; a gateway's refund is never recorded by hand.
 */
export async function recordManualReturnRefund(db: Database, input: { returnId: string; adminId: string; reference: string }): Promise<void> {
  const reference = input.reference.trim();
  if (!reference) throw new ReturnError(400, RETURN_MESSAGES.referenceRequired, 'reference');
  if (reference.length > RETURN_LIMITS.reference) throw new ReturnError(400, RETURN_MESSAGES.reasonTooLong(RETURN_LIMITS.reference), 'reference');
  await db.transaction(async (tx) => {
    const row = await lockReturnIn(tx, input.returnId);
    if (row.refundStatus !== 'pending') throw new ReturnError(409, RETURN_MESSAGES.refundNotOwed);
    if (await gatewayPaymentOf(tx, row.orderId)) throw new ReturnError(409, RETURN_MESSAGES.refundByGateway);
    await recordReturnRefundIn(tx, { returnId: row.id, reference, how: row.refundPixKey ? 'por Pix, na chave informada pelo cliente' : 'por transferência bancária', actor: { kind: 'admin', userId: input.adminId }, manual: true });
  });
  kickMailDelivery(db);
}
