// Unpaid Pix and boleto orders expire: the job (jobs/runner.server.ts, every 5 minutes and at
// start-up) cancels each pending order whose deadline has passed, gives its stock back and
// e-mails the customer. Set-based (issue 17, goal 9): a batch of overdue orders is one
// transaction that locks them (FOR UPDATE SKIP LOCKED) and cancels those still pending under the
// lock with one statement per table (transitions.server.ts, cancelExpiredOrdersIn). Two runs at
// once take disjoint batches; a crash rolls the whole batch back, and the next run takes it again:
// each order is cancelled, its stock given back and its e-mail queued exactly once. A batch that
// fails on one bad row is redone one order per transaction, so that row does not hold the others
// back. One run drains the whole backlog.
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { jsonArray } from '~/db/bulk.server';
import type { Database, Transaction } from '~/db/client.server';
import { orders, subscriptionPeriods } from '~/db/schema';
import { now } from '~/lib/clock';
import { log } from '../infra/log.server';
import { kickMailDelivery } from '../mail/outbox.server';
import { cancelExpiredOrdersIn } from './transitions.server';

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
  /** Tests: runs inside the transaction for each order it cancelled, before commit (a throw there is a crash: it rolls the batch back and ends the run). */
  beforeCommit?: (orderId: string) => Promise<void>;
};

/**
 * Orders per transaction: enough that a batch's dozen statements cost little per order, few
 * enough that its locks (orders, and the sizes whose stock comes back) are held briefly.
 */
export const EXPIRY_BATCH = 200;
/**
 * Batches in flight at once, each on its own pooled connection: while one waits on the database
 * the other is built, and the store keeps 8 of its pool's 10 connections.
 */
export const EXPIRY_LANES = 2;

/** A hook's throw: a crash, not a bad row (not redone one by one). */
class ExpiryCrash extends Error {
  constructor(readonly original: unknown) {
    super('expiração interrompida');
  }
}

/** Cancels every pending order past its deadline, batch after batch; returns how many this run cancelled. */
export async function expireUnpaidOrders(db: Database, hooks: ExpiryHooks = {}, batch = EXPIRY_BATCH): Promise<number> {
  const at = now();
  const overdue = (tried: ReadonlySet<string>) =>
    and(
      eq(orders.status, 'pending'),
      lte(orders.paymentExpiresAt, at),
      // A plan renewal's order is not cancelled at its code's deadline: the renewal job retries it
      // (subscriptions/renewals.server.ts) and keeps it payable once the retries are over.
      sql`not exists (select 1 from ${subscriptionPeriods} where ${subscriptionPeriods.orderId} = ${orders.id} and ${subscriptionPeriods.kind} = 'renewal')`,
      tried.size ? sql`not (${orders.id} = any(${jsonArray([...tried], 'uuid')}))` : undefined,
    );
  // Most runs find nothing due: one plain read says so, and a second lane starts only for a backlog.
  const peek = await db.select({ id: orders.id }).from(orders).where(overdue(new Set())).limit(batch + 1);
  if (peek.length === 0) return 0;

  // Claimed by this run and not cancelled (failed alone, or a plan's order no longer pending): not taken again.
  const tried = new Set<string>();
  let expired = 0;
  let stopped = false;
  const cancel = async (tx: Transaction, ids: string[]) => {
    const done = await cancelExpiredOrdersIn(tx, ids, EXPIRY_REASON);
    for (const id of done) {
      try {
        await hooks.beforeCommit?.(id);
      } catch (error) {
        throw new ExpiryCrash(error);
      }
    }
    return done;
  };
  const lane = async () => {
    while (!stopped) {
      let claimed: string[] = [];
      let done: string[];
      try {
        done = await db.transaction(async (tx) => {
          const rows = await tx
            .select({ id: orders.id })
            .from(orders)
            .where(overdue(tried))
            .orderBy(asc(orders.paymentExpiresAt), asc(orders.id))
            .limit(batch)
            // The other lane's batch (or another instance's run, or an order being paid) is skipped, not waited for.
            .for('update', { skipLocked: true });
          claimed = rows.map((r) => r.id);
          return cancel(tx, claimed);
        });
      } catch (error) {
        // A crash, or the claim itself failing (the database unreachable): the run fails and the job is retried.
        if (error instanceof ExpiryCrash || claimed.length === 0) throw error;
        // Rolled back whole: the same orders one transaction each, so one bad row fails alone.
        log.warn(`expiração: lote de ${claimed.length} refeito um pedido por vez`, error);
        done = [];
        for (const id of claimed) {
          try {
            done.push(...(await db.transaction((tx) => cancel(tx, [id]))));
          } catch (oneError) {
            if (oneError instanceof ExpiryCrash) throw oneError;
            log.error(`expiração: falha no pedido ${id}`, oneError);
          }
        }
      }
      expired += done.length;
      const cancelled = new Set(done);
      for (const id of claimed) if (!cancelled.has(id)) tried.add(id);
      if (claimed.length === 0) return;
    }
  };
  const lanes = await Promise.allSettled(
    Array.from({ length: peek.length > batch ? EXPIRY_LANES : 1 }, () =>
      lane().catch((error: unknown) => {
        stopped = true;
        throw error;
      }),
    ),
  );
  if (expired) kickMailDelivery(db);
  const failed = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
  if (failed) throw failed.reason instanceof ExpiryCrash ? failed.reason.original : failed.reason;
  return expired;
}
