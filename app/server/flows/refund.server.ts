// The refund flow: a cancelled paid order's money given back through the provider that took it
// (one refund per order: the gateway's idempotency key is the order's), called outside any
// transaction, then recorded under the order's row lock. The admin's cancel runs it at once; the
// reconciliation job (flows/reconcile) retries the ones that failed.
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { orders, paymentAttempts } from '~/db/schema';
import { toCents } from '~/lib/money';
import { log } from '../infra/log.server';
import { kickMailDelivery } from '../mail/outbox.server';
import { markRefundedIn } from '../payments/charges.server';
import { providerNamed } from '../payments/provider.server';

export type RefundOutcome = 'refunded' | 'manual' | 'failed' | 'none';

/**
 * Gives a cancelled paid order's money back through the provider that took it (full refund, one
 * per order by its key), then records it in the order's history and tells the customer. Money
 * taken without a gateway (the store's own Pix key) goes back by hand: 'manual'.
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
  const result = await provider.refund({ reference: paid.reference, amountCents: toCents(order.totalPrice), idempotencyKey: `reembolso:${orderId}` });
  if (!result.ok) {
    if (result.manual) return 'manual';
    log.warn(`reembolso do pedido ${orderId} não foi feito: ${result.reason}`);
    return 'failed';
  }
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ refundStatus: orders.refundStatus }).from(orders).where(eq(orders.id, orderId)).for('update');
    if (locked?.refundStatus !== 'pending') return;
    await markRefundedIn(tx, order, result.reference, `feito pelo ${provider.name === 'mercadopago' ? 'Mercado Pago' : provider.name}`);
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
