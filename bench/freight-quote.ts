// How fast a freight quote answers (issue 33: "Calcular frete" on every product and the checkout's
// quote on every change of CEP): quoteShipping, the store's own rules with every seeded service
// switched on (6 services, 8 zones, ~150 brackets, the free-shipping rules), on a scratch PostgreSQL
// database, 50 requests at once × ROUNDS, each a cart of 1 to 3 seeded sizes or kits (dangerous goods
// among them, so some carts split into parcels or are refused) to one of a dozen CEPs across Brazil,
// half of them for a subscriber. Melhor Envio is left out (its 3 s fallback is the carrier's time, not
// ours): what is measured is the database round trips and lib/freight, with the rules and packages
// cached 5 s per database as the store runs (shipping/rules), and read fresh as at payment. Target: p95 ≤ 20 ms.
// Usage: npm run bench:freight   (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local postgres;
// BENCH_ROUNDS, default 20; not a test). The machine's load shows in the figures.
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '~/db/client.server';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import type { FreightQuote } from '~/lib/freight';
import { toCents } from '~/lib/money';
import { quoteShipping, type ShippingRequest } from '~/server/shipping/quote.server';
import { createScratchDatabase } from '../tests/support/scratch-database';

const CONCURRENCY = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const TARGET_P95_MS = 20;
// São Paulo (capital and interior), Rio, BH, Curitiba, Porto Alegre, Brasília, Goiânia, Salvador, Recife, Fortaleza, Belém, Manaus.
const CEPS = ['01001000', '13010000', '20040000', '30130000', '80010000', '90010000', '70040000', '74003010', '40010000', '50010000', '60060000', '66010000', '69005000'];

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratch = await createScratchDatabase(adminUrl, 'clarear_bench_freight');
const handle = await openDatabase({ databaseUrl: scratch.url });

try {
  await handle.migrate();
  await seedCatalogue(handle.db);
  // Every seeded service on: the most rules a quote reads and prices.
  await handle.db.update(t.shippingServices).set({ active: true });
  await handle.db.execute(sql`analyze`);

  const sizes = await handle.db
    .select({ id: t.productVariants.id, name: t.products.name, size: t.productVariants.size, price: t.productVariants.price })
    .from(t.productVariants)
    .innerJoin(t.products, eq(t.products.id, t.productVariants.productId))
    .orderBy(t.productVariants.id);
  const kits = await handle.db.select({ id: t.products.id, name: t.products.name, price: t.products.price }).from(t.products).where(eq(t.products.isKit, true)).orderBy(t.products.id);
  const sellable = [...sizes.map((s) => ({ id: s.id, name: `${s.name} (${s.size})`, price: s.price })), ...kits];
  const [services, rates, zones] = await Promise.all([
    handle.db.$count(t.shippingServices, eq(t.shippingServices.active, true)),
    handle.db.$count(t.shippingRates),
    handle.db.$count(t.shippingZones),
  ]);
  console.log(`${sellable.length} sizes and kits; ${services} services on, ${zones} zones, ${rates} brackets`);

  /** The n-th request: the same sequence every run. */
  const request = (n: number): ShippingRequest => {
    const count = 1 + (n % 3);
    const lines = Array.from({ length: count }, (_, i) => {
      const item = sellable[(n * 7 + i * 13) % sellable.length]!;
      return { id: item.id, name: item.name, quantity: 1 + ((n + i) % 4), unitCents: toCents(item.price) };
    });
    const subtotalCents = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
    return { cep: CEPS[n % CEPS.length]!, lines, subtotalCents, isSubscriber: n % 2 === 0 };
  };

  let refused = 0;
  let split = 0;
  /** `count` quotes, `concurrency` at a time (each waits for a free slot): each one's time, the wall time and the app's CPU. */
  type Quoter = (request: ShippingRequest) => Promise<FreightQuote>;
  const shipping: Quoter = (r) => quoteShipping(handle.db, r, null);
  const run = async (concurrency: number, count: number, first: number, quoter: Quoter = shipping) => {
    const times: number[] = [];
    let next = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) {
          const n = first + next++;
          const t0 = performance.now();
          const quote = await quoter(request(n));
          times.push(performance.now() - t0);
          if (quote.refusals.length > 0) refused += 1;
          if (quote.parcels.length > 1) split += 1;
        }
      }),
    );
    const elapsed = performance.now() - started;
    const used = process.cpuUsage(cpu);
    return { times: times.sort((a, b) => a - b), elapsed, cpuMs: (used.user + used.system) / 1000 };
  };
  const at = (times: number[], p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  const load = async () => (await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ');
  const report = async (label: string, r: Awaited<ReturnType<typeof run>>) => {
    const { times } = r;
    console.log(
      `${label} (${times.length} quotes): p50 ${at(times, 50).toFixed(1)} ms, p95 ${at(times, 95).toFixed(1)} ms, p99 ${at(times, 99).toFixed(1)} ms, ` +
        `max ${times.at(-1)!.toFixed(1)} ms; ${((times.length / r.elapsed) * 1000).toFixed(0)} quotes/s, app CPU ${(r.cpuMs / times.length).toFixed(2)} ms a quote (load ${await load()})`,
    );
  };

  // Warm the pool, the plans and the JIT first.
  await run(CONCURRENCY, CONCURRENCY * 2, 1_000_000);
  refused = 0;
  split = 0;
  // One at a time: a quote's own time, no queue.
  await report('quoteShipping, PostgreSQL, one at a time', await run(1, 200, 0));
  // Concurrently: the pool's 10 connections shared by 50 quotes of 7 queries each.
  const loaded = await run(CONCURRENCY, CONCURRENCY * ROUNDS, 0);
  await report(`quoteShipping, PostgreSQL, ${CONCURRENCY} at once × ${ROUNDS} rounds`, loaded);
  console.log(`(${split} quotes split into parcels, ${refused} with a refusal: with every service on, Entrega Clarear takes any cart anywhere)`);
  // As at payment: the rules and packages read now (fresh), never the 5 s cache the quotes share.
  const fresh: Quoter = (r) => quoteShipping(handle.db, { ...r, fresh: true }, null);
  await report(`the same, read fresh as at payment, ${CONCURRENCY} at once`, await run(CONCURRENCY, CONCURRENCY * ROUNDS, 0, fresh));
  const p95 = at(loaded.times, 95);
  console.log(p95 <= TARGET_P95_MS ? `p95 at ${CONCURRENCY} at once within the ${TARGET_P95_MS} ms target` : `p95 at ${CONCURRENCY} at once OVER the ${TARGET_P95_MS} ms target`);
} finally {
  await handle.close();
  await scratch.drop();
}
