// The welcome offer once per person for good (issue 30): a keyed hash of each CPF/CNPJ that used
// it (welcome_offer_uses). An order keeps its CPF/CNPJ only until the customer erases the account;
// this hash outlives it, so the same person signing up again gets no second welcome. Kept to
// prevent fraud (LGPD art. 7 IX, art. 16), named in the privacy policy, never exported or shown.
import { createHmac } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { orders, welcomeOfferUses } from '~/db/schema';
import { normalizeTaxId } from '~/lib/tax-id';
import { getEnv } from '../infra/env.server';

let derived: { secret: string; key: Buffer } | undefined;

/**
 * HMAC-SHA256 of the normalised CPF/CNPJ with a key derived from the server's secret (the auth
 * secret, generated beside the data when embedded, required in production on PostgreSQL): a
 * database dump alone cannot be turned back into documents by trying every CPF. Rotating
 * BETTER_AUTH_SECRET makes the kept hashes unreadable (erased customers could use the offer again).
 */
export function taxIdHash(taxId: string): string {
  const secret = getEnv().authSecret;
  if (derived?.secret !== secret) derived = { secret, key: createHmac('sha256', secret).update('clarear:welcome-offer:v1').digest() };
  return createHmac('sha256', derived.key).update(normalizeTaxId(taxId)).digest('hex');
}

/** Whether this document used the offer on an order that is not cancelled (erased customers' included). */
export async function welcomeUsedBy(db: Executor, taxId: string): Promise<boolean> {
  const rows = await db
    .select({ orderId: welcomeOfferUses.orderId })
    .from(welcomeOfferUses)
    .innerJoin(orders, eq(orders.id, welcomeOfferUses.orderId))
    .where(and(eq(welcomeOfferUses.taxIdHash, taxIdHash(taxId)), ne(orders.status, 'cancelled')))
    .limit(1);
  return rows.length > 0;
}

/**
 * Records, in the order's transaction, that `orderId` uses the offer for this document. False when
 * another order that is not cancelled holds it: the unique hash makes two first purchases of one
 * document at once give it once (the second waits for the first's commit, then finds it). A row
 * whose order was cancelled is taken over, as a cancelled order never counted as a purchase.
 */
export async function claimWelcomeOffer(tx: Executor, taxId: string, orderId: string): Promise<boolean> {
  const rows = await tx
    .insert(welcomeOfferUses)
    .values({ taxIdHash: taxIdHash(taxId), orderId })
    .onConflictDoUpdate({
      target: welcomeOfferUses.taxIdHash,
      set: { orderId: sql`excluded.order_id`, createdAt: sql`now()` },
      setWhere: sql`exists (select 1 from ${orders} where ${orders.id} = ${welcomeOfferUses.orderId} and ${orders.status} = 'cancelled')`,
    })
    .returning({ orderId: welcomeOfferUses.orderId });
  return rows.length > 0;
}

/**
 * At an account's erasure, before its orders lose their CPF/CNPJ: each document of an order that
 * counts as a purchase (not cancelled) is remembered, as the welcome offer's condition is a first
 * purchase, not only a welcome order; rows of its cancelled orders go (they never used the offer).
 */
export async function rememberBuyersOf(tx: Executor, ownOrders: { id: string; taxId: string | null; status: string }[]): Promise<void> {
  const cancelled = ownOrders.filter((o) => o.status === 'cancelled').map((o) => o.id);
  if (cancelled.length > 0) await tx.delete(welcomeOfferUses).where(inArray(welcomeOfferUses.orderId, cancelled));
  const bought = new Map<string, string>();
  for (const o of ownOrders) if (o.taxId && o.status !== 'cancelled' && !bought.has(taxIdHash(o.taxId))) bought.set(taxIdHash(o.taxId), o.id);
  if (bought.size === 0) return;
  await tx
    .insert(welcomeOfferUses)
    .values([...bought].map(([taxIdHash, orderId]) => ({ taxIdHash, orderId })))
    .onConflictDoUpdate({
      target: welcomeOfferUses.taxIdHash,
      set: { orderId: sql`excluded.order_id` },
      setWhere: sql`exists (select 1 from ${orders} where ${orders.id} = ${welcomeOfferUses.orderId} and ${orders.status} = 'cancelled')`,
    });
}
