// Writing a new order, for every way one is made: the checkout, a plan renewal, a programmed
// delivery. Inside the caller's transaction: the order row, its first history entry, its items;
// then, once the provider answered, the payment (a settled charge pays the order now, like any
// confirmation; a Pix or boleto waits for its deadline).
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '~/db/client.server';
import { orderEvents, orderItems, orders, paymentConfirmations } from '~/db/schema';
import { centsToDecimal } from '~/lib/money';
import type { Totals } from '~/lib/pricing';
import { getEnv } from '../env.server';
import type { ChargeResult, PaymentMethod } from '../payments/provider.server';
import { paymentDeadline } from './expiry.server';

export type NewOrderLine = { productId: string | null; name: string; size: string | null; quantity: number; unitPrice: string };

export type NewOrder = {
  userId: string;
  totals: Totals;
  paymentMethod: PaymentMethod;
  taxId: string | null;
  idempotencyKey: string;
  placedAt: Date;
  /** Who placed it: the customer at checkout, the store for a renewal or programmed delivery. */
  actor: 'customer' | 'system';
  note?: string | null;
  shipping: Partial<Pick<typeof orders.$inferInsert, 'shipName' | 'shipStreet' | 'shipNumber' | 'shipComplement' | 'shipNeighborhood' | 'shipCity' | 'shipState' | 'shipZipCode'>>;
  deliveryFrequencyMonths?: number | null;
  subscriptionId?: string | null;
  programmedDeliveryId?: string | null;
  scheduledFor?: string | null;
  lines: NewOrderLine[];
};

/**
 * Inserts a pending order with its first history entry and its items, in one statement (one round
 * trip: the order, its event and its items are sibling sub-statements of a WITH, their foreign keys
 * checked at the statement's end); returns its id, made here so the children need no RETURNING.
 */
export async function insertOrder(tx: Transaction, order: NewOrder): Promise<string> {
  const { totals } = order;
  const id = randomUUID();
  const orderRow = tx
    .insert(orders)
    .values({
      id,
      userId: order.userId,
      status: 'pending',
      subtotalPrice: centsToDecimal(totals.subtotalCents),
      discountPrice: centsToDecimal(totals.discountCents),
      discountKind: totals.discountKind,
      shippingPrice: centsToDecimal(totals.shippingCents),
      totalPrice: centsToDecimal(totals.totalCents),
      deliveryFrequencyMonths: order.deliveryFrequencyMonths ?? null,
      paymentMethod: order.paymentMethod,
      taxId: order.taxId,
      idempotencyKey: order.idempotencyKey,
      createdAt: order.placedAt,
      subscriptionId: order.subscriptionId ?? null,
      programmedDeliveryId: order.programmedDeliveryId ?? null,
      scheduledFor: order.scheduledFor ?? null,
      ...order.shipping,
    });
  const event = tx.insert(orderEvents).values({
    orderId: id,
    fromStatus: null,
    toStatus: 'pending',
    actor: order.actor,
    actorUserId: order.actor === 'customer' ? order.userId : null,
    note: order.note ?? null,
    createdAt: order.placedAt,
  });
  const items = order.lines.length
    ? tx.insert(orderItems).values(order.lines.map((l) => ({ orderId: id, productId: l.productId, productName: l.name, size: l.size, quantity: l.quantity, priceAtPurchase: l.unitPrice })))
    : sql`select 1`;
  await tx.execute(sql`with placed as (${orderRow.getSQL()}), history as (${event.getSQL()}) ${items.getSQL()}`);
  return id;
}

/** When an order paid by this Pix or boleto stops waiting (the renewal job's batches use it too). */
export function pendingChargeDeadline(details: Extract<ChargeResult, { approved: true }>['details'], placedAt: Date): Date {
  const env = getEnv();
  return paymentDeadline(details.method === 'boleto' ? 'boleto' : 'pix', placedAt, {
    pixMinutes: env.PIX_EXPIRES_MINUTES,
    boletoGraceDays: env.BOLETO_GRACE_DAYS,
    boletoDueDate: details.method === 'boleto' ? details.dueDate : undefined,
  });
}

/**
 * Records an approved charge on a new order (version 0). Settled (an approved card, the test
 * switch): the order is paid now, with its confirmation and history row. Otherwise the Pix or
 * boleto details are kept with the deadline after which the order stops waiting; returns it.
 */
export async function recordCharge(
  tx: Transaction,
  orderId: string,
  charge: Extract<ChargeResult, { approved: true }>,
  info: { provider: string; amountCents: number; placedAt: Date },
): Promise<{ settled: boolean; deadline: Date | null }> {
  if (charge.settled) {
    await tx.update(orders).set({ status: 'paid', version: 1, paymentDetails: charge.details }).where(eq(orders.id, orderId));
    await tx
      .insert(paymentConfirmations)
      .values({ orderId, provider: info.provider, reference: charge.reference ?? orderId, amount: centsToDecimal(info.amountCents), outcome: 'applied' });
    await tx.insert(orderEvents).values({ orderId, fromStatus: 'pending', toStatus: 'paid', actor: 'system', note: 'Pagamento aprovado', createdAt: info.placedAt });
    return { settled: true, deadline: null };
  }
  const deadline = pendingChargeDeadline(charge.details, info.placedAt);
  await tx.update(orders).set({ paymentDetails: charge.details, paymentExpiresAt: deadline }).where(eq(orders.id, orderId));
  return { settled: false, deadline };
}
