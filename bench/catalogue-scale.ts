// /produtos at scale (issue 17, goal 4: "p95 ≤ 20 ms at 100k on PostgreSQL, nearly flat from 1k
// to 100k"): one catalogue grown to 1 000, 10 000 and 100 000 products (two sizes each, bulk SQL
// with generate_series) on a scratch PostgreSQL database and on in-memory PGlite; at each size the
// /produtos loader's database path (listProductCategories + searchProductsPage, called in-process,
// many times) for the first page, a search (q=deterg) and a category, with p50/p95, then
// EXPLAIN (ANALYZE, BUFFERS) of each query that path sends. Then, at the largest catalogue, every
// admin and customer-area list (products, kit builder, orders, customers, subscriptions, newsletter,
// messages, a customer's own orders) over 100 000 rows each: p50/p95 of the first page, a deep page
// and a search, and the EXPLAIN ANALYZE of each query they send.
// Usage: npm run bench:catalogue   (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local postgres;
// BENCH_ENGINES=postgres or pglite for one; BENCH_SIZES=1000,10000; BENCH_LIST_ROWS=0 skips the
// lists; BENCH_EXPLAIN=0 skips the plans). Prints numbers; not a test.
// Other work on the machine shows in the figures: the load average is printed with them.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '~/db/schema';
import { openDatabase, type Database, type DatabaseHandle } from '~/db/client.server';
import { listProductCategories, searchProductsPage, type ProductFilters } from '~/server/catalog/catalog.server';
import { listContactMessages } from '~/server/contact/admin.server';
import { listCustomers } from '~/server/customers/list.server';
import { listNewsletterSubscribers } from '~/server/newsletter/admin.server';
import { listAdminOrders } from '~/server/orders/admin-orders.server';
import { listOwnOrders } from '~/server/orders/orders.server';
import { listAdminProducts } from '~/server/catalog/product-admin.server';
import { listBuilderProducts } from '~/server/account/saved-kits.server';
import { listAllSubscriptions } from '~/server/subscriptions/subscriptions.server';
import { createScratchDatabase } from '../tests/support/scratch-database';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
// The admin and customer-area lists are measured once, at the largest catalogue, over this many
// customers, orders, subscriptions, newsletter sign-ups and contact messages (BENCH_LIST_ROWS=0: skip).
const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 100_000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const KINDS = ['Detergente', 'Desinfetante', 'Água Sanitária', 'Limpador Multiuso', 'Sabão Líquido', 'Amaciante', 'Desengordurante', 'Limpa Vidros', 'Álcool 70%', 'Cera Líquida', 'Lustra Móveis', 'Limpa Pisos', 'Alvejante', 'Saponáceo', 'Removedor', 'Tira Manchas', 'Limpa Pedras', 'Limpador Perfumado', 'Multiuso Concentrado', 'Limpa Inox'];
const SCENTS = ['Lavanda', 'Limão', 'Eucalipto', 'Neutro', 'Floral', 'Citrus', 'Pinho', 'Talco'];
const sqlArray = (items: string[]) => `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;

/** Products from..to (1-based), spread over the categories, each with a 1 L and a 5 L size. */
function growSql(from: number, to: number) {
  return `
    insert into products (slug, name, description, price, category_id, display_order, image_url, rating)
      select 'bench-' || g,
             (${sqlArray(KINDS)})[1 + g % ${KINDS.length}] || ' ' || (${sqlArray(SCENTS)})[1 + (g / ${KINDS.length}) % ${SCENTS.length}] || ' ' || g,
             'Produto de limpeza gerado para o benchmark.', 10 + (g % 90), c.ids[1 + g % array_length(c.ids, 1)], g % 10,
             '/images/products/placeholder.svg', 4.5
      from generate_series(${from}, ${to}) g, (select array_agg(id order by name) as ids from categories) c;
    insert into product_variants (product_id, size, price, stock)
      select p.id, s.size, p.price * s.factor, case when s.size = '1 L' then 50 end
      from products p cross join (values ('1 L', 1), ('5 L', 4)) as s(size, factor)
      where p.slug like 'bench-%' and not exists (select 1 from product_variants v where v.product_id = p.id);`;
}

type Case = { label: string; filters: (categoryId: string) => ProductFilters };
const CASES: Case[] = [
  { label: 'first page', filters: () => ({}) },
  { label: 'q=deterg', filters: () => ({ term: 'deterg' }) },
  { label: 'category', filters: (categoryId) => ({ categoryId }) },
  { label: 'q=deterg page 3', filters: () => ({ term: 'deterg' }) },
  // A rare term: the page cannot come from walking the list's order, only from the trigram index.
  { label: 'q=inox pinho 77', filters: () => ({ term: 'inox pinho 77' }) },
  // A broad term: 'Limpa…' is 6 of the 20 kinds, so 30 % of the catalogue matches and must be counted.
  { label: 'q=limp', filters: () => ({ term: 'limp' }) },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** CPU milliseconds (user + system) used so far by these processes (/proc/<pid>/stat); NaN when one has ended. */
function processCpuMs(pids: number[]) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      return Number.NaN; // a backend ended meanwhile (the pool closed it): its CPU is unknown
    }
  }
  return (ticks * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100; // getconf CLK_TCK on Linux

/**
 * CPU per request, which the machine's load does not change (unlike wall times): this process
 * (the app's side, and PGlite when embedded) and, on PostgreSQL, the database's backends.
 */
type CpuMeter = { start: () => Promise<void>; read: () => { node: number; db: number } };

async function measure(db: Database, categoryId: string, c: Case, iterations: number, cpu: CpuMeter) {
  const page = c.label.endsWith('page 3') ? 3 : 1;
  // The loader's database work: the category list, then the page with its count.
  const path = async () => {
    await listProductCategories(db);
    return searchProductsPage(db, c.filters(categoryId), { page });
  };
  for (let i = 0; i < 10; i++) await path(); // warm-up: plans, caches, JIT
  const times: number[] = [];
  let total = 0;
  await cpu.start();
  const before = cpu.read();
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    total = (await path()).total;
    times.push(performance.now() - t0);
  }
  const after = cpu.read();
  times.sort((a, b) => a - b);
  return { total, p50: percentile(times, 50), p95: percentile(times, 95), cpuNode: (after.node - before.node) / iterations, cpuDb: (after.db - before.db) / iterations };
}

/** The SQL the page path sends, caught by a logging Drizzle on the same connection. */
async function capturedQueries(makeDb: (logQuery: (query: string, params: unknown[]) => void) => Database, categoryId: string, c: Case) {
  const seen: { query: string; params: unknown[] }[] = [];
  const db = makeDb((query, params) => seen.push({ query, params }));
  await listProductCategories(db);
  await searchProductsPage(db, c.filters(categoryId), { page: c.label.endsWith('page 3') ? 3 : 1 });
  return seen;
}

/** The rows the admin and customer-area lists page through, in bulk (generate_series), spread over a year. */
function listsSql(rows: number) {
  return `
    insert into "user" (id, name, email, role, tax_id, created_at)
      select 'bench-' || g, 'Cliente Fictício ' || g, 'cliente' || g || '@exemplo.com.br', 'customer',
             lpad((g * 7919 % 100000000000)::text, 11, '0'), now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute'
      from generate_series(1, ${rows}) g;
    insert into orders (user_id, status, cancel_reason, total_price, subtotal_price, discount_price, payment_method, idempotency_key, created_at,
                        ship_name, ship_street, ship_number, ship_neighborhood, ship_city, ship_state, ship_zip_code)
      -- one customer with 1 000 orders (a weekly buyer for twenty years), the rest spread
      select case when g <= 1000 then 'bench-1' else 'bench-' || (1 + (g * 7919) % ${rows}) end,
             (array['pending', 'paid', 'preparing', 'shipped', 'delivered', 'cancelled'])[1 + g % 6], case when g % 6 = 5 then 'Teste' end, 99.90, 99.90, 0,
             (array['pix', 'credit_card', 'boleto'])[1 + g % 3], 'bench-' || g, now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute',
             'Destinatário', 'Rua A', '1', 'Centro', 'Cidade', 'SP', '01001000'
      from generate_series(1, ${rows}) g;
    insert into user_subscriptions (user_id, frequency, status, total_value, created_at, anchor_date, next_delivery_date, paid_through)
      select 'bench-' || g, 'monthly', case when g % 5 = 0 then 'cancelled' else 'active' end, 89.90, c, c::date, c::date + 30, c::date + 30
      from generate_series(1, ${Math.max(1, rows / 5)}) g cross join lateral (select now() - (g % 365) * interval '1 day' as c) x;
    insert into newsletter_subscriptions (email, source, created_at)
      select 'leitor' || g || '@exemplo.com.br', 'footer', now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute' from generate_series(1, ${rows}) g;
    insert into contact_messages (name, email, subject, message, created_at, read_at)
      select 'Cliente Fictício ' || g, 'cliente' || g || '@exemplo.com.br', 'Dúvida sobre o pedido ' || g,
             'Olá, gostaria de saber quando chega o meu pedido ' || g || '. Obrigado!', now() - (g % 365) * interval '1 day',
             case when g % 10 <> 0 then now() end
      from generate_series(1, ${rows}) g;`;
}

type ListCase = { label: string; run: (db: Database) => Promise<unknown> };
const LIST_CASES: ListCase[] = [
  { label: 'admin products', run: (db) => listAdminProducts(db, {}) },
  { label: 'admin products p.200', run: (db) => listAdminProducts(db, { page: 200 }) },
  { label: 'admin products q', run: (db) => listAdminProducts(db, { term: 'inox pinho 77' }) },
  { label: 'kit builder', run: (db) => listBuilderProducts(db) },
  { label: 'kit builder q', run: (db) => listBuilderProducts(db, 'inox pinho 77') },
  { label: 'admin orders', run: (db) => listAdminOrders(db, {}) },
  { label: 'admin orders p.200', run: (db) => listAdminOrders(db, { page: 200 }) },
  { label: 'admin orders paid', run: (db) => listAdminOrders(db, { status: 'paid' }) },
  { label: 'admin orders q', run: (db) => listAdminOrders(db, { term: 'cliente77@exemplo' }) },
  { label: 'admin customers', run: (db) => listCustomers(db, {}) },
  { label: 'admin customers p.200', run: (db) => listCustomers(db, { page: 200 }) },
  { label: 'admin customers q', run: (db) => listCustomers(db, { q: 'cliente77@exemplo' }) },
  { label: 'admin subscriptions', run: (db) => listAllSubscriptions(db, { page: 1, pageSize: 25 }) },
  { label: 'admin subscr. p.200', run: (db) => listAllSubscriptions(db, { page: 200, pageSize: 25 }) },
  { label: 'admin newsletter', run: (db) => listNewsletterSubscribers(db, {}) },
  { label: 'admin newsletter q', run: (db) => listNewsletterSubscribers(db, { q: 'leitor77@' }) },
  { label: 'admin messages', run: (db) => listContactMessages(db, {}) },
  { label: 'admin messages unread', run: (db) => listContactMessages(db, { filter: 'unread' }) },
  { label: 'admin messages q', run: (db) => listContactMessages(db, { q: 'pedido 777' }) },
  { label: 'own orders (1000)', run: (db) => listOwnOrders(db, 'bench-1') },
  { label: 'own orders p.40', run: (db) => listOwnOrders(db, 'bench-1', { page: 40 }) },
];

async function lists(
  engine: string,
  db: Database,
  raw: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>,
  makeDb: (logQuery: (query: string, params: unknown[]) => void) => Database,
) {
  const t0 = performance.now();
  await raw(listsSql(LIST_ROWS));
  for (const table of ['"user"', 'orders', 'user_subscriptions', 'newsletter_subscriptions', 'contact_messages']) await raw(`vacuum analyze ${table}`);
  console.log(`\n## ${engine}, admin and customer-area lists over ${LIST_ROWS.toLocaleString('pt-BR')} customers, orders, newsletter sign-ups and messages (generated in ${((performance.now() - t0) / 1000).toFixed(1)} s; load ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
  for (const c of LIST_CASES) {
    for (let i = 0; i < 5; i++) await c.run(db);
    const times: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await c.run(db);
      times.push(performance.now() - t);
    }
    times.sort((x, y) => x - y);
    console.log(`${engine} list ${c.label.padEnd(22)} p50 ${percentile(times, 50).toFixed(2).padStart(7)} ms  p95 ${percentile(times, 95).toFixed(2).padStart(7)} ms  (50 runs)`);
  }
  if (process.env.BENCH_EXPLAIN === '0') return;
  for (const c of LIST_CASES) {
    const seen: { query: string; params: unknown[] }[] = [];
    await c.run(makeDb((query, params) => seen.push({ query, params })));
    for (const { query, params } of seen) {
      const plan = await raw(`explain (analyze, costs off) ${query}`, params);
      console.log(`\n-- ${engine} list ${c.label}: ${query.replace(/\s+/g, ' ').slice(0, 160)}…`);
      for (const row of plan) console.log(`   ${String(Object.values(row)[0]).replace(/'\{[^}]{60,}\}'/, "'{…}'")}`);
    }
  }
}

async function run(engine: 'postgres' | 'pglite') {
  let handle: DatabaseHandle;
  let drop = async () => {};
  let raw: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  let makeDb: (logQuery: (query: string, params: unknown[]) => void) => Database;
  if (engine === 'postgres') {
    const scratch = await createScratchDatabase(adminUrl, 'clarear_bench');
    handle = await openDatabase({ databaseUrl: scratch.url });
    // Its own connection: the app's pool times a query out long before a bulk insert on a busy machine ends.
    const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
    raw = async (text, params) => (await pool.query(text, params)).rows;
    makeDb = (logQuery) => drizzlePg(pool, { schema, logger: { logQuery } });
    drop = async () => {
      await pool.end();
      await handle.close();
      await scratch.drop();
    };
  } else {
    handle = await openDatabase({ pgliteDir: null });
    const client = (handle.jobs as { pglite: PGlite }).pglite;
    // exec runs several statements (the bulk load); query one, with parameters.
    raw = async (text, params) => (params ? (await client.query<Record<string, unknown>>(text, params)).rows : ((await client.exec(text)).at(-1)?.rows ?? []) as Record<string, unknown>[]);
    makeDb = (logQuery) => drizzlePglite(client, { schema, logger: { logQuery } }) as unknown as Database;
    drop = () => handle.close();
  }
  await handle.migrate();
  // The app pool's backends (PostgreSQL): found once its connections are open, after a first query.
  let backendPids: number[] = [];
  const cpu: CpuMeter = {
    // The app pool's backends now (PostgreSQL): the pool opens and closes connections as it goes.
    start: async () => {
      if (engine === 'postgres')
        backendPids = (await raw(`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`)).map((r) => Number(r.pid));
    },
    read: () => {
      const usage = process.cpuUsage();
      return { node: (usage.user + usage.system) / 1000, db: processCpuMs(backendPids) };
    },
  };
  await raw(`insert into categories (name) select unnest(array['Cozinha', 'Banheiro', 'Lavanderia', 'Pisos', 'Multiuso', 'Profissional', 'Kits Prontos'])`);
  const [category] = await raw(`select id from categories where name = 'Lavanderia'`);
  const categoryId = String(category!.id);
  let have = 0;
  try {
    for (const size of SIZES) {
      const t0 = performance.now();
      for (let from = have + 1; from <= size; from += 20_000) await raw(growSql(from, Math.min(size, from + 19_999)));
      // What autovacuum does after a bulk change: statistics, and the visibility map index-only counts need.
      await raw('vacuum analyze products');
      await raw('vacuum analyze product_variants');
      await raw('vacuum analyze product_search');
      await raw('vacuum analyze product_counts');
      have = size;
      console.log(`\n## ${engine}, ${size.toLocaleString('pt-BR')} products (generated in ${((performance.now() - t0) / 1000).toFixed(1)} s; load ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
      const iterations = engine === 'pglite' && size >= 100_000 ? 100 : 300;
      for (const c of CASES) {
        const r = await measure(handle.db, categoryId, c, iterations, cpu);
        const cpuText = engine === 'postgres' ? `cpu node ${r.cpuNode.toFixed(2)} + db ${Number.isNaN(r.cpuDb) ? 'n/a' : r.cpuDb.toFixed(2)} ms/req` : `cpu ${r.cpuNode.toFixed(2)} ms/req (node + PGlite)`;
        console.log(`${engine} ${String(size).padStart(6)} ${c.label.padEnd(15)} ${String(r.total).padStart(6)} found  p50 ${r.p50.toFixed(2).padStart(7)} ms  p95 ${r.p95.toFixed(2).padStart(7)} ms  ${cpuText}  (${iterations} runs)`);
      }
      if (process.env.BENCH_EXPLAIN === '0') continue;
      for (const c of CASES.filter((x) => !x.label.endsWith('page 3'))) {
        for (const { query, params } of await capturedQueries(makeDb, categoryId, c)) {
          if (query.includes('"categories"."name" <>')) continue; // the 7-row category list
          const plan = await raw(`explain (analyze, buffers, costs off) ${query}`, params);
          console.log(`\n-- ${engine} ${size} ${c.label}: ${query.replace(/\s+/g, ' ').slice(0, 160)}…`);
          for (const row of plan) console.log(`   ${String(Object.values(row)[0]).replace(/'\{[^}]{60,}\}'/, "'{…}'")}`);
        }
      }
    }
    if (LIST_ROWS > 0) await lists(engine, handle.db, raw, makeDb);
  } finally {
    await drop();
  }
}

for (const engine of ENGINES) await run(engine);
