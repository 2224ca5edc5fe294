// Goal 9 of issue 17, driven by bench/run.mjs: the scheduled jobs over 10 000 subscriptions due today
// and 10 000 pending Pix orders past their deadline (each with an awaiting payment attempt), on a
// PostgreSQL database a store is serving (the runner measures its /produtos p99 meanwhile).
//   npx tsx bench/jobs.ts seed <database url>   bulk SQL (generate_series); the store must have migrated and seeded it
//   npx tsx bench/jobs.ts run <database url>    one run of each job's function, as the pg-boss runner calls it;
//                                               the last line is JSON: { job: { ms, result } } plus each job's
//                                               CPU of this process and the statements it sent (stderr)
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '~/db/client.server';
import { expireUnpaidOrders } from '~/server/orders/expiry.server';
import { reconcilePayments } from '~/server/payments/charges.server';
import { runSubscriptionRenewals } from '~/server/flows/renew.server';
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
  // Every statement the app sends goes through pg.Client#query (the pool's too): counted per job,
  // a figure the machine's load does not change (transaction control included).
  let statements = 0;
  const query = pg.Client.prototype.query;
  // The database's own CPU (its backends' utime + stime from /proc, when it runs on this machine):
  // read through a client of its own, not counted as the app's.
  const probe = new pg.Client({ connectionString: url });
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (this !== probe) statements += 1;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  await probe.connect();
  const backendTicks = async (): Promise<Map<number, number> | null> => {
    const { rows } = await probe.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    const ticks = new Map<number, number>();
    try {
      for (const { pid } of rows) {
        // Fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses.
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        ticks.set(pid, Number(fields[11]) + Number(fields[12]));
      }
    } catch {
      return null; // another machine's database (or a backend gone meanwhile)
    }
    return ticks;
  };
  const handle = await openDatabase({ databaseUrl: url });
  const dbCpu: Record<string, number | null> = {};
  const timings: Record<string, { ms: number; result: string }> = {};
  const cpu: Record<string, number> = {};
  const sent: Record<string, number> = {};
  const time = async (name: string, work: () => Promise<unknown>) => {
    const t0 = performance.now();
    const b0 = await backendTicks();
    const c0 = process.cpuUsage();
    const s0 = statements;
    const result = await work();
    sent[name] = statements - s0;
    const b1 = await backendTicks();
    // Clock ticks (100 a second) of the backends alive at the end; one closed during the job is not counted.
    dbCpu[name] = b0 && b1 ? [...b1].reduce((sum, [pid, t]) => sum + t - (b0.get(pid) ?? 0), 0) * 10 : null;
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
    await probe.end();
    throw error;
  }
  // The app's share of the CPU (the database's is apart): what a busy machine does not change.
  console.error(`jobs bench: app CPU per job (ms) ${JSON.stringify(cpu)}; statements per job ${JSON.stringify(sent)}; database CPU per job (ms) ${JSON.stringify(dbCpu)}`);
  console.log(JSON.stringify(timings));
  // The jobs kicked the mail worker (a job of its own, not measured here): left running it would
  // send the 30k queued e-mails and log after the line above, which bench/run.mjs reads as the last.
  process.exit(0);
}
