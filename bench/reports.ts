// How the admin reports hold up on a year of sales (issue 16: "a year of 100k orders answers in
// under 1 s on PostgreSQL"): a scratch PostgreSQL database filled in bulk with generate_series
// (100 000 orders over the last 365 days, ~250 000 items, cancellations and refunds, 3 000
// customers, 1 000 subscriptions), then the whole report (getReport: KPIs with the previous period,
// daily series, six breakdowns) for "este ano" and "30 dias".
// Usage: npm run bench:reports   (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local postgres;
// prints a cold run and ten more per period; not a test). The machine's load shows in the figures.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '~/db/client.server';
import { now } from '~/lib/clock';
import { reportPeriod } from '~/lib/reports';
import { getReport } from '~/server/reports/reports.server';
import { createScratchDatabase } from '../tests/support/scratch-database';

const ORDERS = 100_000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratch = await createScratchDatabase(adminUrl, 'clarear_bench');
const handle = await openDatabase({ databaseUrl: scratch.url });
await handle.migrate();

const started = performance.now();
// Its own connection: the app's pool times a query out long before a bulk insert on a busy machine ends.
const bulk = new pg.Client({ connectionString: scratch.url });
await bulk.connect();
await bulk.query(`
  select setseed(0.42);
  insert into categories (name) select 'Categoria ' || g from generate_series(1, 6) g;
  insert into products (slug, name, price, category_id)
    select 'bench-' || g, 'Produto Ação ' || g, 19.90, (select id from categories order by name offset (g % 7) limit 1)
    from generate_series(1, 60) g;
  insert into "user" (id, name, email, role, created_at)
    select 'bench-' || g, 'Cliente ' || g, 'cliente' || g || '@exemplo.com.br', 'customer', now() - random() * interval '400 days'
    from generate_series(1, 3000) g;
  create temp table bench_products as select row_number() over (order by slug) as n, id, name from products;
  insert into orders (user_id, status, total_price, subtotal_price, discount_price, discount_kind, payment_method, idempotency_key, created_at,
                      cancel_reason, refund_status, ship_name, ship_street, ship_number, ship_neighborhood, ship_city, ship_state, ship_zip_code)
    select 'bench-' || (1 + (g * 7919) % 3000),
           s.status, s.total, s.total + s.discount, s.discount, case when s.discount > 0 then 'subscriber' end,
           (array['pix', 'credit_card', 'boleto'])[1 + g % 3], 'bench-' || g, s.created_at,
           case when s.status = 'cancelled' then 'Teste' end, case when s.status = 'cancelled' and g % 2 = 0 then 'refunded' end,
           'Destinatário', 'Rua A', '1', 'Centro', 'Cidade', (array['SP','RJ','MG','PR','RS','BA','SC','PE','DF','GO'])[1 + g % 10], '01001000'
    from generate_series(1, ${ORDERS}) g
    cross join lateral (
      select now() - random() * interval '365 days' as created_at,
             case when g % 100 < 85 then (array['paid', 'preparing', 'shipped', 'delivered'])[1 + g % 4] when g % 100 < 92 then 'pending' else 'cancelled' end as status,
             round((30 + random() * 300)::numeric, 2) as total,
             case when g % 7 = 0 then 5.00 else 0 end as discount
    ) s;
  insert into order_items (order_id, product_id, product_name, size, quantity, price_at_purchase)
    select o.id, p.id, p.name, (array['500 mL', '1 L', '5 L'])[1 + i % 3], 1 + i % 3, 12.90
    from (select id, row_number() over () as n from orders) o
    cross join lateral generate_series(1, 1 + (o.n % 4)::int) i
    join bench_products p on p.n = 1 + (o.n * 13 + i) % 60;
  insert into order_events (order_id, from_status, to_status, actor, created_at)
    select id, 'pending', status, 'system', created_at from orders;
  insert into order_events (order_id, from_status, to_status, actor, created_at)
    select id, 'paid', 'cancelled', 'admin', created_at + interval '1 day' from orders where status = 'cancelled';
  insert into user_subscriptions (user_id, frequency, status, total_value, created_at, anchor_date, next_delivery_date, paid_through)
    select 'bench-' || g, (array['monthly', 'semiannual', 'annual'])[1 + g % 3], case when g % 5 = 0 then 'cancelled' else 'active' end,
           89.90, c, c::date, c::date + 30, c::date + 30
    from generate_series(1, 1000) g cross join lateral (select now() - random() * interval '365 days' as c) x;
  insert into subscription_events (subscription_id, kind, from_status, to_status, actor, created_at)
    select id, 'created', null, 'active', 'customer', created_at from user_subscriptions;
  insert into subscription_events (subscription_id, kind, from_status, to_status, actor, created_at)
    select id, 'cancelled', 'active', 'cancelled', 'customer', created_at + interval '20 days' from user_subscriptions where status = 'cancelled';
  analyze;
`);
await bulk.end();
const counts = await handle.db.execute<{ orders: number; items: number }>(sql`select (select count(*)::int from orders) as orders, (select count(*)::int from order_items) as items`);
console.log(`${counts.rows[0]!.orders} orders, ${counts.rows[0]!.items} items generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const periods = { 'este ano': reportPeriod({ preset: 'ano' }, now()), '30 dias': reportPeriod({ preset: '30dias' }, now()) };
const RUNS = 10;
try {
  for (const [label, period] of Object.entries(periods)) {
    const times: number[] = [];
    let counted = 0;
    // The first run is cold (plans, caches); then RUNS more.
    for (let i = 0; i <= RUNS; i++) {
      const t0 = performance.now();
      const report = await getReport(handle.db, period);
      times.push(performance.now() - t0);
      counted = report.kpis.orders.current;
    }
    const [cold, ...warm] = times;
    const mean = warm.reduce((a, b) => a + b, 0) / warm.length;
    console.log(
      `whole report, ${label} (${period.from} a ${period.to}, ${counted} pedidos contados): first ${cold!.toFixed(0)} ms; then ${RUNS} runs: min ${Math.min(...warm).toFixed(0)} ms, mean ${mean.toFixed(0)} ms, max ${Math.max(...warm).toFixed(0)} ms`,
    );
  }
} finally {
  await handle.close();
  // BENCH_KEEP=1 leaves the database for EXPLAIN ANALYZE.
  if (process.env.BENCH_KEEP) console.log(`kept ${scratch.url}`);
  else await scratch.drop();
}
