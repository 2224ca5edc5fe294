// The one job runner: pg-boss, on the store's own database (its own small pool on PostgreSQL;
// through its PGlite adapter on the one embedded instance). Started with the app (db.server.ts),
// stopped before the database closes. Each job runs at start-up and on its schedule; its queue's
// 'singleton' policy and a local concurrency of 1 keep it to one run at a time across instances.
// The work itself lives in the area's module (orders/expiry, mail/outbox, subscriptions/renewals and deliveries, payments/charges, shipping/tracking) and is exactly-once by
// its own construction (row locks, conditional updates), so a run repeated or cut short is harmless.
import { fromPglite, PgBoss } from 'pg-boss';
import { lt, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '~/db/client.server';
import { emailOutbox, mailThrottle, rateLimits } from '~/db/schema';
import { now, DAY_MS } from '~/lib/clock';
import { getEnv } from '../infra/env.server';
import { log } from '../infra/log.server';
import { deliverDueMail } from '../mail/outbox.server';
import { expireUnpaidOrders } from '../orders/expiry.server';
import { runProgrammedDeliveries } from '../flows/deliver.server';
import { reconcilePayments } from '../flows/reconcile.server';
import { runSubscriptionRenewals } from '../flows/renew.server';
import { runGatewayErasures } from '../privacy/gateway-erasure.server';
import { trackLabels } from '../shipping/tracking.server';
import { runInvoices } from '../flows/invoice.server';
import { expireQuotes } from '../quotes/quotes.server';
import { runReceivables } from '../receivables/reminders.server';
import { runCartReminders } from '../carts/reminders.server';
import { sendReviewInvitations } from '../reviews/invitations.server';

type Job = {
  name: string;
  /** Cron in São Paulo time. */
  cron: string;
  run: (db: Database) => Promise<unknown>;
};

/** Every scheduled job of the store. */
export const JOBS: readonly Job[] = [
  { name: 'orders-expire', cron: '*/5 * * * *', run: (db) => expireUnpaidOrders(db) },
  { name: 'mail-deliver', cron: '* * * * *', run: (db) => deliverDueMail(db) },
  { name: 'maintenance-prune', cron: '17 4 * * *', run: (db) => pruneOldRows(db) },
  // Plan renewals, their retries, reminders and the end of pauses; then programmed deliveries.
  { name: 'subscriptions-renew', cron: '5 * * * *', run: (db) => runSubscriptionRenewals(db) },
  { name: 'programmed-deliveries', cron: '35 * * * *', run: (db) => runProgrammedDeliveries(db) },
  // Charges whose answer was lost, Pix and boletos whose webhook may have been, refunds to retry.
  { name: 'payments-reconcile', cron: '*/5 * * * *', run: (db) => reconcilePayments(db) },
  // Erased accounts' cards and customer records at the gateway, retried until the gateway has forgotten them.
  { name: 'privacy-gateway-erasures', cron: '*/10 * * * *', run: (db) => runGatewayErasures(db) },
  // Melhor Envio labels not delivered yet: posted and delivered parcels whose webhook never came (nothing without Melhor Envio).
  { name: 'labels-track', cron: '*/30 * * * *', run: (db) => trackLabels(db) },
  // NF-e through Focus NFe: notes due (on separation or payment), notes without an answer, files to keep, cancellations (nothing without Focus NFe).
  { name: 'invoices', cron: '* * * * *', run: (db) => runInvoices(db) },
  // Answered orçamentos past their last day become expirado (every read checks too).
  { name: 'quotes-expire', cron: '3 * * * *', run: (db) => expireQuotes(db) },
  // Faturas (issue 35): open → overdue after the due day, reminders before, on and after it (each once).
  { name: 'receivables', cron: '20 * * * *', run: (db) => runReceivables(db) },
  // Carts left by customers who agreed to reminders (issue 36): after 1 hour, after 24 hours, each once.
  { name: 'cart-reminders', cron: '*/10 * * * *', run: (db) => runCartReminders(db) },
  // "Avalie sua compra" (issue 36): a few São Paulo days after delivery, once per order.
  { name: 'review-invitations', cron: '40 * * * *', run: (db) => sendReviewInvitations(db) },
];

let running: PgBoss | null = null;

/**
 * Runs a scheduled job now (e.g. the NF-e right after "Iniciar separação") instead of at its next
 * minute; its queue's singleton policy keeps it to one run at a time. Nothing when jobs are off.
 */
export async function kickJob(name: (typeof JOBS)[number]['name']): Promise<void> {
  if (!running) return;
  try {
    await running.send(name, null);
  } catch (error) {
    log.warn(`jobs: ${name} não foi antecipado (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Rows that only matter for a while: expired rate-limit counters, old e-mail cooldowns, sent e-mail kept 90 days. */
export async function pruneOldRows(db: Database): Promise<void> {
  const at = now();
  await db.delete(rateLimits).where(lt(rateLimits.expire, at));
  await db.delete(mailThrottle).where(lt(mailThrottle.sentAt, new Date(at.getTime() - DAY_MS)));
  await db.delete(emailOutbox).where(sql`${emailOutbox.status} = 'sent' and ${emailOutbox.sentAt} < ${new Date(at.getTime() - 90 * DAY_MS)}`);
}

export type JobRunner = { stop(): Promise<void> };

/**
 * How fast a run whose process died is taken over, from the heartbeat (20 s by default: supervised
 * every 15 s, retried after 30 s, polled every 10 s — about a minute).
 */
export function jobTimings(heartbeatSeconds: number) {
  return {
    heartbeatSeconds,
    superviseIntervalSeconds: Math.max(1, Math.round(heartbeatSeconds * 0.75)),
    retryDelay: Math.round(heartbeatSeconds * 1.5),
    pollingIntervalSeconds: Math.max(1, Math.round(heartbeatSeconds / 2)),
  };
}

export async function startJobs(handle: DatabaseHandle): Promise<JobRunner> {
  const timings = jobTimings(getEnv().JOBS_HEARTBEAT_SECONDS);
  const supervision = { superviseIntervalSeconds: timings.superviseIntervalSeconds, monitorIntervalSeconds: timings.superviseIntervalSeconds };
  const boss =
    handle.jobs.engine === 'pglite'
      ? new PgBoss({ db: fromPglite(handle.jobs.pglite), backend: 'pglite', ...supervision })
      : new PgBoss({ connectionString: handle.jobs.connectionString, max: 3, application_name: 'clarear-jobs', ...supervision });
  boss.on('error', (error) => log.error('pg-boss', error));
  await boss.start();
  for (const job of JOBS) {
    // The worker's heartbeat: a run whose process died (SIGKILL, a lost machine) is failed within
    // about a minute, so the singleton queue does not wait for the 10-minute expiry to run again.
    const queue = { policy: 'singleton' as const, retryLimit: 3, retryDelay: timings.retryDelay, retryBackoff: true, expireInSeconds: 600, heartbeatSeconds: timings.heartbeatSeconds };
    await boss.createQueue(job.name, queue);
    await boss.updateQueue(job.name, { retryLimit: queue.retryLimit, retryDelay: queue.retryDelay, retryBackoff: queue.retryBackoff, expireInSeconds: queue.expireInSeconds, heartbeatSeconds: queue.heartbeatSeconds });
    await boss.schedule(job.name, job.cron, null, { tz: 'America/Sao_Paulo' });
    await boss.work(job.name, { localConcurrency: 1, pollingIntervalSeconds: timings.pollingIntervalSeconds }, async () => {
      await job.run(handle.db);
    });
    // At start-up too: an order that expired while the store was down is released now.
    await boss.send(job.name, null);
  }
  log.info(`jobs: ${JOBS.map((j) => j.name).join(', ')}`);
  running = boss;
  return {
    stop: () => {
      running = null;
      return boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
