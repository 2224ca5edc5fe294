// Reading a customer's orders (SPEC §7: orders by user_id, newest first).
// Every function takes the session user's id: nobody reads another's orders.
import { and, desc, eq, ne, or } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { orderItems, orders, type PaymentDetails } from '~/db/schema';
import type { DiscountKind } from '~/lib/pricing';
import { isUuid } from '~/lib/schemas/ids';

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
  discountKind: DiscountKind | null;
  shippingPrice: string;
  deliveryFrequencyMonths: number | null;
  paymentMethod: string | null;
  paymentDetails: PaymentDetails | null;
  items: { productId: string | null; productName: string; size: string | null; quantity: number; priceAtPurchase: string }[];
};

/** One of the user's own orders with its items; null for anyone else's. */
export async function getOwnOrder(db: Executor, userId: string, orderId: string): Promise<OrderSummary | null> {
  if (!isUuid(orderId)) return null;
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


/**
 * The welcome offer's condition: no earlier order of this account, nor with this
 * CPF/CNPJ, that is paid or awaiting payment (a cancelled one does not count).
 * The partial unique indexes `orders_welcome_*` settle two first purchases at once.
 */
export async function isFirstPurchase(db: Executor, userId: string, taxId: string | null): Promise<boolean> {
  const byBuyer = taxId ? or(eq(orders.userId, userId), eq(orders.taxId, taxId)) : eq(orders.userId, userId);
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(byBuyer, ne(orders.status, 'cancelled')))
    .limit(1);
  return rows.length === 0;
}
