// The data a fault test needs in the store's database, and the checks it makes afterwards, the same
// on PostgreSQL and PGlite. Written for an app that is not running on PGlite (one process at a time).
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync } from 'node:fs';
import { inject } from 'vitest';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '~/db/client.server';
import { seedCatalogue } from '~/db/seed/seed.server';
import { PLAN_NAME } from '~/lib/plans';
import type { Visitor } from './http';
import { createDatabase } from './postgres';
import { NEW_ADDRESS_FIELDS } from '../delivery';

export type StoreTarget = {
  name: 'postgres' | 'pglite';
  /** The app's environment for this database. */
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
};

export async function postgresTarget(adminUrl: string, prefix: string): Promise<StoreTarget> {
  const databaseUrl = await createDatabase(adminUrl, prefix);
  return { name: 'postgres', env: { DATABASE_URL: databaseUrl }, open: () => openDatabase({ databaseUrl }) };
}

export function pgliteTarget(): StoreTarget {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clarear-faults-pglite-'));
  // From the run's migrated data folder (global-setup.ts), as a store's first start would leave it.
  cpSync(inject('pgliteTemplateDir'), path.join(dataDir, 'pglite'), { recursive: true });
  return {
    name: 'pglite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => openDatabase({ pgliteDir: path.join(dataDir, 'pglite') }),
  };
}

export async function rows<T>(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await handle.db.execute(query)).rows as T[];
}

/** Migrated and seeded, as the app would leave it on its first start. */
export async function prepareStore(handle: DatabaseHandle): Promise<{ variants: { id: string; productId: string }[]; kit: { id: string } }> {
  await handle.migrate();
  await seedCatalogue(handle.db);
  // Every size tracked, so each sale also moves stock: brokenInvariants checks it moved exactly once.
  await handle.db.execute(sql`update product_variants set stock = ${INITIAL_STOCK}`);
  const variants = await rows<{ id: string; productId: string }>(
    handle,
    sql`select v.id, v.product_id as "productId" from product_variants v join products p on p.id = v.product_id order by p.slug, v.size limit 3`,
  );
  const [kit] = await rows<{ id: string }>(handle, sql`select id from products where is_kit order by slug limit 1`);
  return { variants, kit: kit! };
}

/** Units of every size before a fault test sells. */
export const INITIAL_STOCK = 100_000;

export type CartLine = { id: string; product_id: string; quantity: number; is_subscription?: boolean; frequency?: string };

/** The plan's line as the subscription page puts it in the cart. */
export const planLine = (): CartLine => ({ id: 'plan:monthly', product_id: 'plan:monthly', quantity: 1, is_subscription: true, frequency: 'monthly' });

/** Posts the checkout form as the page does ("Pagar agora"); the answer's status tells the outcome. */
export async function checkout(visitor: Visitor, cart: CartLine[], taxId: string, idempotencyKey = randomUUID()) {
  const response = await visitor.post('/checkout', {
    intent: 'pay',
    cart: JSON.stringify(cart),
    idempotencyKey,
    paymentMethod: 'pix',
    taxId,
    ...NEW_ADDRESS_FIELDS,
    // "Li e aceito os Termos de Uso", ticked for the seeded version 1.
    acceptTerms: '1',
  });
  await response.arrayBuffer();
  return { status: response.status, idempotencyKey };
}

/**
 * Nothing half-written: every order has its items and they add up to its subtotal, its total is
 * subtotal − discount + shipping, it carries its address and its payment (a pending Pix with its deadline,
 * or an attempt whose answer the kill cut off), and every subscription
 * bought at checkout has the order that bought it, and each size's stock is down by exactly what orders hold.
 * Returns what breaks each rule (empty lists).
 */
export async function brokenInvariants(handle: DatabaseHandle) {
  const [withoutItems, wrongSubtotal, wrongTotal, incomplete, subscriptionsWithoutOrder, stockDrift] = await Promise.all([
    rows(handle, sql`select o.id from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`),
    rows(
      handle,
      sql`select o.id from orders o join order_items i on i.order_id = o.id
          group by o.id, o.subtotal_price having sum(i.price_at_purchase * i.quantity) <> o.subtotal_price`,
    ),
    rows(handle, sql`select id from orders where total_price <> subtotal_price - discount_price + shipping_price`),
    rows(
      handle,
      // An order killed between its commit and the provider's answer is pending with its attempt still
      // open (requested or calling): the reconciliation job's to settle. Any other order has its payment.
      sql`select o.id from orders o
          where o.payment_method is null or o.ship_name is null or o.status not in ('pending', 'paid', 'cancelled')
             or (o.status = 'cancelled' and o.cancel_reason not like 'Pagamento não concluído%')
             or ((o.payment_details is null or (o.status = 'pending' and o.payment_expires_at is null))
                 and not (o.status in ('pending', 'cancelled') and exists (select 1 from payment_attempts a where a.order_id = o.id and a.status in ('requested', 'calling', 'abandoned'))))`,
    ),
    // A subscription and its order are written in one transaction: per customer, as many of one as of the other.
    rows(
      handle,
      sql`select u.id from "user" u
          where (select count(*) from user_subscriptions s where s.user_id = u.id)
             <> (select count(*) from orders o join order_items i on i.order_id = o.id
                 where o.user_id = u.id and i.product_id is null and i.product_name like ${`${PLAN_NAME}%`})`,
    ),
    // Stock moved with the orders, once: what is missing from each size is what live orders hold.
    rows(
      handle,
      sql`select v.id from product_variants v
          where ${INITIAL_STOCK} - v.stock <> coalesce((select sum(r.quantity) from stock_reservations r where r.variant_id = v.id and r.released_at is null), 0)`,
    ),
  ]);
  return { withoutItems, wrongSubtotal, wrongTotal, incomplete, subscriptionsWithoutOrder, stockDrift };
}

export const NO_BROKEN_INVARIANTS = { withoutItems: [], wrongSubtotal: [], wrongTotal: [], incomplete: [], subscriptionsWithoutOrder: [], stockDrift: [] };
