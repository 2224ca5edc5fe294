// Reading a customer's orders (SPEC §7: orders by user_id, newest first).
// Every function takes the session user's id: nobody reads another's orders.
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { orderItems, orders, type PaymentDetails } from '~/db/schema';

export type OrderListItem = { id: string; createdAt: Date; totalPrice: string; status: string };

export async function listOwnOrders(db: Executor, userId: string): Promise<OrderListItem[]> {
  return db
    .select({ id: orders.id, createdAt: orders.createdAt, totalPrice: orders.totalPrice, status: orders.status })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt));
}

export type OrderSummary = {
  id: string;
  createdAt: Date;
  status: string;
  totalPrice: string;
  subtotalPrice: string;
  discountPrice: string;
  shippingPrice: string;
  deliveryFrequencyMonths: number | null;
  paymentMethod: string | null;
  paymentDetails: PaymentDetails | null;
  items: { productId: string | null; productName: string; size: string | null; quantity: number; priceAtPurchase: string }[];
};

/** One of the user's own orders with its items; null for anyone else's. */
export async function getOwnOrder(db: Executor, userId: string, orderId: string): Promise<OrderSummary | null> {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!order) return null;
  const items = await db
    .select({ productId: orderItems.productId, productName: orderItems.productName, size: orderItems.size, quantity: orderItems.quantity, priceAtPurchase: orderItems.priceAtPurchase })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.productName);
  return { ...order, items };
}

