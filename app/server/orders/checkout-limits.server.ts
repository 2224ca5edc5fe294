// What one customer may have open at once, checked inside the checkout's transaction (issue 30:
// "bounded per customer"): at most MAX_UNPAID_ORDERS orders awaiting payment (an unpaid
// order holds stock until it expires), and a pause after too many declined cards (the checkout
// must not be a card-testing oracle). The account's row is locked first, so a customer's
// checkouts run one after the other and four at once leave at most three orders; orders the store
// itself creates (plan renewals, programmed deliveries) do not come through here.
import { and, asc, count, desc, eq, gte, min } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { orders, paymentAttempts, user } from '~/db/schema';
import { HOUR_MS, MINUTE_MS, now } from '~/lib/clock';
import { getEnv } from '../infra/env.server';

export const MAX_UNPAID_ORDERS = 3;

export type OpenOrder = { id: string; createdAt: Date; totalPrice: string };

export type CheckoutHold =
  | { ok: true }
  | { ok: false; reason: 'unpaid'; openOrders: OpenOrder[] }
  | { ok: false; reason: 'declines'; waitMinutes: number };

/**
 * Locks the customer's row for the rest of the transaction, then counts. A separate statement
 * after the lock: it reads what a checkout that held the lock before committed.
 */
export async function holdCustomerForCheckout(tx: Executor, userId: string, paymentMethod: string): Promise<CheckoutHold> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
  const open = await tx
    .select({ id: orders.id, createdAt: orders.createdAt, totalPrice: orders.totalPrice })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')))
    .orderBy(desc(orders.createdAt), asc(orders.id))
    .limit(MAX_UNPAID_ORDERS);
  if (open.length >= MAX_UNPAID_ORDERS) return { ok: false, reason: 'unpaid', openOrders: open };
  if (paymentMethod === 'credit_card') {
    const waitMinutes = await cardDeclineWait(tx, userId);
    if (waitMinutes) return { ok: false, reason: 'declines', waitMinutes };
  }
  return { ok: true };
}

/**
 * Minutes until this customer may try a card again: CARD_DECLINES_PER_HOUR declined card charges
 * of their orders within the last hour (checkout, "pagar agora", a renewal's) pause card payments
 * until the oldest of them is an hour old; 0 while under the limit.
 */
export async function cardDeclineWait(db: Executor, userId: string): Promise<number> {
  const since = new Date(now().getTime() - HOUR_MS);
  const [row] = await db
    .select({ n: count(), oldest: min(paymentAttempts.updatedAt) })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(and(eq(orders.userId, userId), eq(paymentAttempts.method, 'credit_card'), eq(paymentAttempts.status, 'declined'), gte(paymentAttempts.updatedAt, since)));
  if (!row || row.n < getEnv().CARD_DECLINES_PER_HOUR || !row.oldest) return 0;
  const until = new Date(row.oldest).getTime() + HOUR_MS;
  return Math.max(1, Math.ceil((until - now().getTime()) / MINUTE_MS));
}

export const unpaidOrdersMessage = () =>
  `Você já tem ${MAX_UNPAID_ORDERS} pedidos aguardando pagamento. Pague ou cancele um deles antes de fazer um novo pedido.`;

export const cardDeclinesMessage = (minutes: number) =>
  `Seu cartão foi recusado várias vezes na última hora. Por segurança, aguarde ${minutes === 1 ? '1 minuto' : `${minutes} minutos`} para tentar de novo com cartão, ou pague com Pix ou boleto.`;
