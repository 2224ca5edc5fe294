// "Comprar novamente" (issue 35): an earlier order's goods as cart lines at today's prices. Only the
// order's owner (or a member of its company) gets an answer (anyone else's order reads as a missing one, null). The plan line is
// not goods; a deleted product, a size no longer sold or one out of stock is named as unavailable.
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { orderItems, orders, products, productVariants } from '~/db/schema';
import { buyAgainQuantity, lineLabel } from '~/lib/buy-again';
import type { CartItem } from '~/lib/cart';
import { isUuid } from '~/lib/schemas/ids';
import { isPlanLine } from '~/lib/returns';
import { getAvailability } from '../catalog/stock.server';
import { orderReadableBy } from './orders.server';

export type BuyAgain = { items: CartItem[]; unavailable: string[] };

export async function buyAgainLines(db: Executor, userId: string, orderId: string): Promise<BuyAgain | null> {
  if (!isUuid(orderId)) return null;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), orderReadableBy(db, userId)))
    .limit(1);
  if (!order) return null;
  const lines = (
    await db
      .select({ productId: orderItems.productId, productName: orderItems.productName, size: orderItems.size, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.productName)
  ).filter((l) => !isPlanLine(l));
  const productIds = [...new Set(lines.map((l) => l.productId).filter((id): id is string => id !== null))];
  const [productRows, variantRows] = productIds.length
    ? await Promise.all([
        db.select({ id: products.id, name: products.name, price: products.price, imageUrl: products.imageUrl, isKit: products.isKit }).from(products).where(inArray(products.id, productIds)),
        db.select({ id: productVariants.id, productId: productVariants.productId, size: productVariants.size, price: productVariants.price }).from(productVariants).where(inArray(productVariants.productId, productIds)),
      ])
    : [[], []];
  const productOf = new Map(productRows.map((p) => [p.id, p]));
  // Each line's cart id today: the kit's product id, or the size of the same name.
  const resolved = lines.map((line) => {
    const product = line.productId ? productOf.get(line.productId) : undefined;
    if (!product) return { line, item: null };
    if (product.isKit) return { line, item: { id: product.id, product_id: product.id, name: product.name, price: product.price, size: null, image_url: product.imageUrl } };
    const variant = variantRows.find((v) => v.productId === product.id && v.size === line.size);
    if (!variant) return { line, item: null };
    return { line, item: { id: variant.id, product_id: product.id, name: product.name, price: variant.price, size: variant.size, image_url: product.imageUrl } };
  });
  const stock = await getAvailability(db, resolved.flatMap((r) => (r.item ? [r.item.id] : [])));
  const items: CartItem[] = [];
  const unavailable: string[] = [];
  for (const { line, item } of resolved) {
    const quantity = item ? buyAgainQuantity(line.quantity, stock.has(item.id) ? stock.get(item.id)! : 0) : 0;
    if (!item || quantity === 0) {
      unavailable.push(lineLabel(line.productName, line.size));
      continue;
    }
    const seen = items.find((i) => i.id === item.id);
    if (seen) seen.quantity = Math.min(seen.quantity + quantity, buyAgainQuantity(seen.quantity + quantity, stock.get(item.id) ?? null));
    else items.push({ ...item, quantity });
  }
  return { items, unavailable };
}
