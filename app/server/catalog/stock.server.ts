// Stock: what each size has on hand, what a cart line can still take, and the reservation an
// order holds. Checkout reserves in the same transaction as the order, under row locks taken in
// one fixed order (variant id), so concurrent buyers of the last units queue on the row and
// exactly the units on hand are sold. Cancelling or expiring gives back exactly what the order
// took, once: a reservation row is released in the same transaction as the stock update.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { jsonArray, jsonRows, parsedJson } from '~/db/bulk.server';
import type { Executor, Transaction } from '~/db/client.server';
import { kitItems, products, productVariants, stockReservations } from '~/db/schema';
import { now } from '~/lib/clock';
import { notifyRestocked } from '../stock-alerts/alerts.server';

export { LOW_STOCK_THRESHOLD } from '~/lib/stock';

/** What a kit consumes: each included product's cheapest size (the kits are composed of the smallest sizes). */
async function kitContents(db: Executor, kitIds: string[]): Promise<Map<string, { variantId: string; quantity: number }[]>> {
  const contents = new Map<string, { variantId: string; quantity: number }[]>();
  if (kitIds.length === 0) return contents;
  const rows = await db
    .select({
      kitId: kitItems.kitProductId,
      quantity: kitItems.quantity,
      variantId: sql<string>`(select v.id from ${productVariants} v where v.product_id = ${kitItems.includedProductId} order by v.price asc, v.size asc limit 1)`,
    })
    .from(kitItems)
    .where(inArray(kitItems.kitProductId, kitIds));
  for (const row of rows) {
    if (!row.variantId) continue;
    const list = contents.get(row.kitId) ?? [];
    list.push({ variantId: row.variantId, quantity: row.quantity });
    contents.set(row.kitId, list);
  }
  return contents;
}

/**
 * Units available for each id, a variant (size) or a kit: null when not tracked (always
 * sellable). A kit has as many as its scarcest content allows.
 */
export async function getAvailability(db: Executor, ids: string[]): Promise<Map<string, number | null>> {
  const result = new Map<string, number | null>();
  if (ids.length === 0) return result;
  const [variantRows, kitRows] = await Promise.all([
    db.select({ id: productVariants.id, stock: productVariants.stock }).from(productVariants).where(inArray(productVariants.id, ids)),
    db.select({ id: products.id }).from(products).where(and(inArray(products.id, ids), eq(products.isKit, true))),
  ]);
  for (const v of variantRows) result.set(v.id, v.stock);
  const contents = await kitContents(db, kitRows.map((k) => k.id));
  const contentIds = [...new Set([...contents.values()].flat().map((c) => c.variantId))];
  const contentStock = new Map<string, number | null>();
  if (contentIds.length) {
    const rows = await db.select({ id: productVariants.id, stock: productVariants.stock }).from(productVariants).where(inArray(productVariants.id, contentIds));
    for (const r of rows) contentStock.set(r.id, r.stock);
  }
  for (const kit of kitRows) result.set(kit.id, kitAvailability(contents.get(kit.id) ?? [], contentStock));
  return result;
}

/**
 * What a product card can promise, per product id: a kit, the kits its contents allow; a
 * product, its best size (null when any size is not tracked, so it is always sellable).
 * One statement for the whole page of cards (it was five): each product's sizes' stock, and for
 * a kit the scarcest content's units over its quantity, as getAvailability counts them.
 */
export async function getProductAvailability(db: Executor, productIds: string[]): Promise<Map<string, number | null>> {
  const result = new Map<string, number | null>();
  if (productIds.length === 0) return result;
  const rows = await db
    .select({
      id: products.id,
      isKit: products.isKit,
      // "products".id written out: in a select list without a join Drizzle leaves a column
      // unqualified, and "id" would be the subquery's own.
      sizes: sql<(number | null)[]>`(select coalesce(json_agg(v.stock), '[]'::json) from ${productVariants} v where v.product_id = "products"."id")`.mapWith(parsedJson<(number | null)[]>),
      // kitContents' rule (each included product's cheapest size) and kitAvailability's (untracked
      // contents do not limit; none tracked: null).
      kit: sql<number | null>`case when "products"."is_kit" then (
        select min(cv.stock / ki.quantity)::int from ${kitItems} ki
        cross join lateral (select v.stock from ${productVariants} v where v.product_id = ki.included_product_id order by v.price asc, v.size asc limit 1) cv
        where ki.kit_product_id = "products"."id" and cv.stock is not null
      ) end`,
    })
    .from(products)
    .where(inArray(products.id, productIds));
  for (const row of rows) {
    let best: number | null | undefined = row.isKit ? row.kit : undefined;
    for (const stock of row.sizes) {
      if (best === null) break;
      best = stock === null ? null : Math.max(best ?? 0, stock);
    }
    if (best !== undefined) result.set(row.id, best);
  }
  return result;
}

function kitAvailability(contents: { variantId: string; quantity: number }[], stock: Map<string, number | null>): number | null {
  let available: number | null = null;
  for (const c of contents) {
    const s = stock.get(c.variantId);
    if (s === null || s === undefined) continue;
    const kits = Math.floor(s / c.quantity);
    available = available === null ? kits : Math.min(available, kits);
  }
  return available;
}

/** A cart line as stock sees it: a size, or a kit (its contents are looked up). */
export type StockLine = { id: string; kind: 'variant' | 'kit'; quantity: number; label: string };

export type Shortage = { id: string; label: string; requested: number; available: number };

/** Not enough on hand for one or more lines; nothing was reserved. */
export class OutOfStockError extends Error {
  constructor(readonly shortages: Shortage[]) {
    super(shortages.map(shortageMessage).join(' '));
  }
}

export function shortageMessage(s: Shortage): string {
  if (s.available <= 0) return `${s.label} está esgotado.`;
  return `Estoque insuficiente de ${s.label}: ${s.available === 1 ? 'resta 1 unidade' : `restam ${s.available} unidades`}.`;
}

/**
 * Takes the lines' units from stock for `orderId`, inside the order's transaction. Locks every
 * tracked size involved (in id order: no deadlock between two carts), checks them all, and
 * either takes them all or throws OutOfStockError naming every short line.
 */
export async function reserveStock(tx: Transaction, orderId: string, lines: StockLine[]): Promise<void> {
  const contents = await kitContents(tx, lines.filter((l) => l.kind === 'kit').map((l) => l.id));
  // Units per size, and which lines draw on each size (to name the line when it is short).
  const need = new Map<string, number>();
  const drawers = new Map<string, { line: StockLine; perUnit: number }[]>();
  for (const line of lines) {
    const parts = line.kind === 'variant' ? [{ variantId: line.id, quantity: 1 }] : (contents.get(line.id) ?? []);
    for (const part of parts) {
      need.set(part.variantId, (need.get(part.variantId) ?? 0) + part.quantity * line.quantity);
      drawers.set(part.variantId, [...(drawers.get(part.variantId) ?? []), { line, perUnit: part.quantity }]);
    }
  }
  if (need.size === 0) return;
  const locked = await tx
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(inArray(productVariants.id, [...need.keys()]))
    .orderBy(asc(productVariants.id))
    .for('update');
  const shortages = new Map<string, Shortage>();
  for (const row of locked) {
    const wanted = need.get(row.id)!;
    if (row.stock === null || row.stock >= wanted) continue;
    for (const { line, perUnit } of drawers.get(row.id) ?? []) {
      // What this line could still have, were it alone on this size.
      const available = Math.floor(row.stock / perUnit);
      const known = shortages.get(line.id);
      if (!known || available < known.available) shortages.set(line.id, { id: line.id, label: line.label, requested: line.quantity, available });
    }
  }
  if (shortages.size) throw new OutOfStockError([...shortages.values()]);
  const tracked = locked.filter((row) => row.stock !== null);
  if (tracked.length === 0) return;
  // One statement (one round trip while the rows are locked) takes every size and records what was taken;
  // the rows are already locked above, in id order, so the update's own order cannot deadlock.
  const taken = sql.join(
    tracked.map((row) => sql`(${row.id}::uuid, ${need.get(row.id)!}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    with need (id, quantity) as (values ${taken}),
    taken as (
      update ${productVariants} set stock = ${productVariants}.stock - need.quantity
      from need where ${productVariants}.id = need.id
      returning need.id, need.quantity
    )
    insert into ${stockReservations} (order_id, variant_id, quantity)
    select ${orderId}::uuid, taken.id, taken.quantity from taken`);
}

/**
 * Gives back what `orderId` reserved and has not given back yet; a second call finds nothing
 * left to release. Returns the units returned.
 */
export async function releaseStock(tx: Transaction, orderId: string): Promise<number> {
  return releaseStockOfOrders(tx, [orderId]);
}

const RELEASE_COLUMNS = { id: 'uuid', quantity: 'integer' } as const;

/**
 * The same for many orders at once (the expiry job's batch), in a fixed number of statements:
 * their reservations marked released, then each size's units summed and given back under row
 * locks taken in id order (as reserveStock takes them: no deadlock with a checkout).
 */
export async function releaseStockOfOrders(tx: Transaction, orderIds: readonly string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const released = await tx
    .update(stockReservations)
    .set({ releasedAt: now() })
    .where(and(orderIds.length === 1 ? eq(stockReservations.orderId, orderIds[0]!) : sql`${stockReservations.orderId} = any(${jsonArray(orderIds, 'uuid')})`, isNull(stockReservations.releasedAt)))
    .returning({ variantId: stockReservations.variantId, quantity: stockReservations.quantity });
  if (released.length === 0) return 0;
  const units = new Map<string, number>();
  for (const r of released) units.set(r.variantId, (units.get(r.variantId) ?? 0) + r.quantity);
  const ids = [...units.keys()].sort();
  await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(sql`${productVariants.id} = any(${jsonArray(ids, 'uuid')})`)
    .orderBy(asc(productVariants.id))
    .for('update');
  // A size no longer tracked (stock null) stays untracked.
  await tx.execute(sql`
    update ${productVariants} set stock = ${productVariants}.stock + v.quantity
    from (${jsonRows(ids.map((id) => ({ id, quantity: units.get(id)! })), RELEASE_COLUMNS)}) v
    where ${productVariants}.id = v.id`);
  // A size back from 0 (an expired or cancelled order's units): its waiting requests, in this transaction.
  await notifyRestocked(tx, ids);
  return released.reduce((sum, r) => sum + r.quantity, 0);
}

/** An order line given back to stock: a size (product and size) or a kit (its contents); a deleted product is skipped. */
export type ReturnedLine = { productId: string | null; size: string | null; quantity: number };

/**
 * Puts returned units back on the shelf (a return received: the admin chose what goes back), in the
 * caller's transaction under row locks in id order (as reserveStock takes them). Not tied to the
 * order's reservation: the caller makes it once (the return's move to "received" under its row
 * lock records how many went back). A size no longer tracked stays untracked. Returns the units.
 */
export async function restockReturned(tx: Transaction, lines: readonly ReturnedLine[]): Promise<number> {
  const wanted = lines.filter((l): l is ReturnedLine & { productId: string } => l.productId !== null && l.quantity > 0);
  if (wanted.length === 0) return 0;
  const productIds = [...new Set(wanted.map((l) => l.productId))];
  const kits = await tx.select({ id: products.id }).from(products).where(and(inArray(products.id, productIds), eq(products.isKit, true)));
  const variants = await tx.select({ id: productVariants.id, productId: productVariants.productId, size: productVariants.size }).from(productVariants).where(inArray(productVariants.productId, productIds));
  const kitIds = new Set(kits.map((k) => k.id));
  const contents = await kitContents(tx, [...kitIds]);
  const units = new Map<string, number>();
  const add = (variantId: string, quantity: number) => units.set(variantId, (units.get(variantId) ?? 0) + quantity);
  for (const line of wanted) {
    if (kitIds.has(line.productId)) {
      for (const part of contents.get(line.productId) ?? []) add(part.variantId, part.quantity * line.quantity);
      continue;
    }
    const variant = variants.find((v) => v.productId === line.productId && v.size === line.size);
    if (variant) add(variant.id, line.quantity);
  }
  if (units.size === 0) return 0;
  const ids = [...units.keys()].sort();
  await tx.select({ id: productVariants.id }).from(productVariants).where(inArray(productVariants.id, ids)).orderBy(asc(productVariants.id)).for('update');
  await tx.execute(sql`
    update ${productVariants} set stock = ${productVariants}.stock + v.quantity
    from (${jsonRows(ids.map((id) => ({ id, quantity: units.get(id)! })), RELEASE_COLUMNS)}) v
    where ${productVariants}.id = v.id`);
  await notifyRestocked(tx, ids);
  return [...units.values()].reduce((sum, n) => sum + n, 0);
}
