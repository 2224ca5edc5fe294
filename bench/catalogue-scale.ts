// /produtos at scale (issue 17, goal 4: "p95 ≤ 20 ms at 100k on PostgreSQL, nearly flat from 1k
// to 100k"): one catalogue grown to 1 000, 10 000 and 100 000 products (two sizes each, bulk SQL
// with generate_series) on a scratch PostgreSQL database and on in-memory PGlite; at each size the
// /produtos loader's database path (listProductCategories + searchProductsPage, called in-process,
// many times) for the first page, a search (q=deterg) and a category, with p50/p95, then
// EXPLAIN (ANALYZE, BUFFERS) of each query that path sends.
// Usage: npm run bench:catalogue   (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local postgres;
// BENCH_ENGINES=postgres or pglite for one; BENCH_SIZES=1000,10000). Prints numbers; not a test.
// Other work on the machine shows in the figures: the load average is printed with them.
import { loadavg } from 'node:os';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '~/db/schema';
import { openDatabase, type Database, type DatabaseHandle } from '~/db/client.server';
import { listProductCategories, searchProductsPage, type ProductFilters } from '~/server/catalog.server';
import { createScratchDatabase } from '../tests/integration/engines';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
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
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(db: Database, categoryId: string, c: Case, iterations: number) {
  const page = c.label.endsWith('page 3') ? 3 : 1;
  // The loader's database work: the category list, then the page with its count.
  const path = async () => {
    await listProductCategories(db);
    return searchProductsPage(db, c.filters(categoryId), { page });
  };
  for (let i = 0; i < 10; i++) await path(); // warm-up: plans, caches, JIT
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    total = (await path()).total;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { total, p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** The SQL the page path sends, caught by a logging Drizzle on the same connection. */
async function capturedQueries(makeDb: (logQuery: (query: string, params: unknown[]) => void) => Database, categoryId: string, c: Case) {
  const seen: { query: string; params: unknown[] }[] = [];
  const db = makeDb((query, params) => seen.push({ query, params }));
  await listProductCategories(db);
  await searchProductsPage(db, c.filters(categoryId), { page: c.label.endsWith('page 3') ? 3 : 1 });
  return seen;
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
      have = size;
      console.log(`\n## ${engine}, ${size.toLocaleString('pt-BR')} products (generated in ${((performance.now() - t0) / 1000).toFixed(1)} s; load ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
      const iterations = engine === 'pglite' && size >= 100_000 ? 100 : 300;
      for (const c of CASES) {
        const r = await measure(handle.db, categoryId, c, iterations);
        console.log(`${engine} ${String(size).padStart(6)} ${c.label.padEnd(15)} ${String(r.total).padStart(6)} found  p50 ${r.p50.toFixed(2).padStart(7)} ms  p95 ${r.p95.toFixed(2).padStart(7)} ms  (${iterations} runs)`);
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
  } finally {
    await drop();
  }
}

for (const engine of ENGINES) await run(engine);
