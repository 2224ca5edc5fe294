// Unpaid Pix and boleto orders expire: the job (jobs/runner.server.ts, every 5 minutes and at
// start-up) cancels each pending order whose deadline has passed, gives its stock back and
// e-mails the customer. One transaction per order, each re-checking under the row lock that the
// order is still unpaid: two runs at once, or a run that dies half-way, cancel each order and
// return its stock exactly once. One run drains the whole backlog (a page of 200 at a time, two
// orders at once), not just a page.
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { orders, subscriptionPeriods } from '~/db/schema';
import { now } from '~/lib/clock';
import { mapBounded } from '../jobs/concurrency.server';
import { kickMailDelivery } from '../mail/outbox.server';
import { applyOrderActionIn, OrderActionError } from './transitions.server';

export const EXPIRY_REASON = 'Pagamento não confirmado dentro do prazo';

/** When a new unpaid order stops waiting for its payment. */
export function paymentDeadline(method: 'pix' | 'boleto', placedAt: Date, options: { pixMinutes: number; boletoDueDate?: string; boletoGraceDays: number }): Date {
  if (method === 'pix') return new Date(placedAt.getTime() + options.pixMinutes * 60_000);
  // A boleto is payable through its due date; banks take a day or two to report it.
  const due = options.boletoDueDate ?? placedAt.toISOString().slice(0, 10);
  const end = new Date(`${due}T00:00:00-03:00`);
  end.setUTCDate(end.getUTCDate() + options.boletoGraceDays + 1);
  return end;
}

export type ExpiryHooks = {
  /** Tests: runs inside each order's transaction after its writes, before commit (a crash there rolls it back). */
  beforeCommit?: (orderId: string) => Promise<void>;
};

/**
 * Orders cancelled at once (each its own transaction and pooled connection): enough to overlap
 * their round trips, few enough that the store keeps most of its pool while a backlog drains.
 */
export const EXPIRY_CONCURRENCY = 2;

/** Cancels every pending order past its deadline, page after page; returns how many this run cancelled. */
export async function expireUnpaidOrders(db: Database, hooks: ExpiryHooks = {}, batch = 200): Promise<number> {
  const at = now();
  let expired = 0;
  // Keyset over (deadline, id): a page's orders are cancelled or no longer pending when the next
  // page is read, and the cursor guarantees the run ends even if one stayed.
  let after: { deadline: Date; id: string } | null = null;
  for (;;) {
    const due: { id: string; deadline: Date | null }[] = await db
      .select({ id: orders.id, deadline: orders.paymentExpiresAt })
      .from(orders)
      // A plan renewal's order is not cancelled at its code's deadline: the renewal job retries it
      // (subscriptions/renewals.server.ts) and keeps it payable once the retries are over.
      .where(
        and(
          eq(orders.status, 'pending'),
          lte(orders.paymentExpiresAt, at),
          sql`not exists (select 1 from ${subscriptionPeriods} where ${subscriptionPeriods.orderId} = ${orders.id} and ${subscriptionPeriods.kind} = 'renewal')`,
          after ? sql`(${orders.paymentExpiresAt}, ${orders.id}) > (${after.deadline}, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(orders.paymentExpiresAt), asc(orders.id))
      .limit(batch);
    if (due.length === 0) break;
    const last = due[due.length - 1]!;
    after = { deadline: last.deadline!, id: last.id };
    const done = await mapBounded(due, EXPIRY_CONCURRENCY, async ({ id }) => {
      try {
        await db.transaction(async (tx) => {
          await applyOrderActionIn(tx, { orderId: id, action: 'cancel', actor: { kind: 'system' }, requireStatus: 'pending', reason: EXPIRY_REASON, expired: true });
          await hooks.beforeCommit?.(id);
        });
        return 1;
      } catch (error) {
        // Paid or cancelled meanwhile (or by a run alongside this one): nothing to do.
        if (error instanceof OrderActionError && error.status === 409) return 0;
        throw error;
      }
    });
    expired += done.reduce<number>((sum, n) => sum + n, 0);
  }
  if (expired) kickMailDelivery(db);
  return expired;
}
