// Goal 9 of issue 17, driven by bench/run.mjs: the scheduled jobs over 10 000 subscriptions due today
// and 10 000 pending Pix orders past their deadline (each with an awaiting payment attempt), on a
// PostgreSQL database a store is serving (the runner measures its /produtos p99 meanwhile).
//   npx tsx bench/jobs.ts seed <database url>   bulk SQL (generate_series); the store must have migrated and seeded it
//   npx tsx bench/jobs.ts run <database url>    one run of each job's function, as the pg-boss runner calls it;
//                                               the last line is JSON: { job: { ms, result } } plus each job's
//                                               CPU of this process ({ job: { cpuMs } } under "cpu")
import pg from 'pg';
import { openDatabase } from '~/db/client.server';
import { expireUnpaidOrders } from '~/server/orders/expiry.server';
import { reconcilePayments } from '~/server/payments/charges.server';
import { runSubscriptionRenewals } from '~/server/subscriptions/renewals.server';
import { todayInBrazil } from '~/lib/plans';

const N = 10_000;
const [mode, url] = process.argv.slice(2);
if (!url || (mode !== 'seed' && mode !== 'run')) throw new Error('usage: tsx bench/jobs.ts seed|run <database url>');

if (mode === 'seed') {
  const started = performance.now();
  // Its own connection: the app's pool times a query out long before a bulk insert on a busy machine ends.
  const bulk = new pg.Client({ connectionString: url });
  await bulk.connect();
  const ship = `'Cliente Bench', 'Rua A', '1', 'Centro', 'São Paulo', 'SP', '01001000'`;
  await bulk.query(`
    insert into "user" (id, name, email, role, email_verified, created_at)
      select 'jobs-' || g, 'Cliente ' || g, 'jobs' || g || '@exemplo.com.br', 'customer', true, now() - interval '40 days'
      from generate_series(1, ${N}) g;
    insert into user_subscriptions (user_id, frequency, status, total_value, created_at, anchor_date, next_delivery_date, paid_through, payment_method,
                                    ship_name, ship_street, ship_number, ship_neighborhood, ship_city, ship_state, ship_zip_code)
      select 'jobs-' || g, 'monthly', 'active', 89.90, now() - interval '40 days', '${todayInBrazil()}'::date - 30, '${todayInBrazil()}'::date,
             '${todayInBrazil()}'::date, 'pix', ${ship}
      from generate_series(1, ${N}) g;
    insert into orders (user_id, status, total_price, subtotal_price, payment_method, idempotency_key, created_at, payment_expires_at,
                        ship_name, ship_street, ship_number, ship_neighborhood, ship_city, ship_state, ship_zip_code)
      select 'jobs-' || g, 'pending', 49.90, 49.90, 'pix', 'jobs-' || g, now() - interval '2 hours', now() - interval '1 hour', ${ship}
      from generate_series(1, ${N}) g;
    insert into order_items (order_id, product_id, product_name, size, quantity, price_at_purchase)
      select o.id, (select id from products order by slug limit 1), 'Produto', '1 L', 1, 49.90 from orders o where o.idempotency_key like 'jobs-%';
    insert into order_events (order_id, from_status, to_status, actor, created_at)
      select id, null, 'pending', 'system', created_at from orders where idempotency_key like 'jobs-%';
    insert into payment_attempts (order_id, idempotency_key, provider, method, amount, status, reference, created_at, updated_at)
      select id, 'attempt-' || idempotency_key, 'aprovacao-imediata', 'pix', 49.90, 'awaiting', 'jobs-ref-' || idempotency_key, created_at, created_at
      from orders where idempotency_key like 'jobs-%';
    analyze;
  `);
  await bulk.end();
  console.log(`jobs bench: ${N} subscriptions due today and ${N} pending Pix orders past their deadline, seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} else {
  const handle = await openDatabase({ databaseUrl: url });
  const timings: Record<string, { ms: number; result: string }> = {};
  const cpu: Record<string, number> = {};
  const time = async (name: string, work: () => Promise<unknown>) => {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const result = await work();
    timings[name] = { ms: performance.now() - t0, result: JSON.stringify(result).replace(/"/g, '') };
    const used = process.cpuUsage(c0);
    cpu[name] = Math.round((used.user + used.system) / 1000);
  };
  try {
    await time('renewals (subscriptions-renew)', () => runSubscriptionRenewals(handle.db));
    // Before the expiry cancels the 10k seeded orders: it polls their waiting Pix attempts, up to
    // its per-run cap (RECONCILE_POLL_CAP, set by the gateway's latency and rate limit).
    await time('reconciliation (payments-reconcile)', () => reconcilePayments(handle.db));
    await time('expiry (orders-expire)', () => expireUnpaidOrders(handle.db).then((n) => `${n} expired`));
  } catch (error) {
    await handle.close();
    throw error;
  }
  // The app's share of the CPU (the database's is apart): what a busy machine does not change.
  console.error(`jobs bench: app CPU per job (ms) ${JSON.stringify(cpu)}`);
  console.log(JSON.stringify(timings));
  // The jobs kicked the mail worker (a job of its own, not measured here): left running it would
  // send the 30k queued e-mails and log after the line above, which bench/run.mjs reads as the last.
  process.exit(0);
}
