// Reads for the withdrawal pages (issue 32): the returns an order has had and the customer's Pix key
// for a refund by transfer (the admin's order page), and when orders were delivered (Meus Pedidos
// offers "Desistir da compra" within the window). Read only; the returns area owns every write.
import { and, desc, eq, inArray, max } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { orderEvents, orderItems, orders, returns } from '~/db/schema';
import { isPlanLine, type ReturnKind, type ReturnStatus } from '~/lib/returns';

export type OrderReturnLink = { id: string; protocol: string; kind: ReturnKind; status: ReturnStatus };

/** Newest first (a refused request may be followed by another, and a plan's withdrawal names the plan's order). */
export async function returnsOfOrder(db: Executor, orderId: string): Promise<OrderReturnLink[]> {
  return db
    .select({ id: returns.id, protocol: returns.protocol, kind: returns.kind, status: returns.status })
    .from(returns)
    .where(eq(returns.orderId, orderId))
    .orderBy(desc(returns.createdAt), desc(returns.id));
}

/**
 * For Meus Pedidos: when each of these orders was delivered (from its history: the day the withdrawal
 * window counts from) and whether it has goods at all (a plan alone is withdrawn on the assinaturas tab).
 */
export async function withdrawalFactsOf(db: Executor, orderIds: string[]): Promise<Map<string, { deliveredAt: Date | null; hasGoods: boolean }>> {
  if (orderIds.length === 0) return new Map();
  const [delivered, lines] = await Promise.all([
    db
      .select({ orderId: orderEvents.orderId, at: max(orderEvents.createdAt) })
      .from(orderEvents)
      .where(and(inArray(orderEvents.orderId, orderIds), eq(orderEvents.toStatus, 'delivered')))
      .groupBy(orderEvents.orderId),
    db.select({ orderId: orderItems.orderId, productId: orderItems.productId, productName: orderItems.productName }).from(orderItems).where(inArray(orderItems.orderId, orderIds)),
  ]);
  const at = new Map(delivered.map((r) => [r.orderId, r.at]));
  const withGoods = new Set(lines.filter((l) => !isPlanLine(l)).map((l) => l.orderId));
  return new Map(orderIds.map((id) => [id, { deliveredAt: at.get(id) ?? null, hasGoods: withGoods.has(id) }]));
}

/** The Pix key the customer gave for the refund of an order cancelled before shipping, if any. */
export async function refundPixKeyOf(db: Executor, orderId: string): Promise<string | null> {
  const [row] = await db.select({ key: orders.refundPixKey }).from(orders).where(eq(orders.id, orderId));
  return row?.key ?? null;
}
