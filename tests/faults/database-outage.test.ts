// The database goes away under a running store and comes back: pages answer a pt-BR 503 within a
// bounded time, reveal nothing internal, and the store recovers by itself without a restart.
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '~/db/client.server';
import { isDatabaseUnavailable } from '~/db/errors.server';
import { seedCatalogue } from '~/db/seed/seed.server';
import { createCustomers, type Customer } from '../support/faults/accounts';
import { Visitor } from '../support/faults/http';
import { createDatabase, privateCluster, query } from '../support/faults/postgres';
import { startApp, type App } from '../support/faults/server';

const MESSAGE = 'A loja está temporariamente indisponível. Tente novamente em instantes.';
/** A page must answer within this while the database is down (pool connection timeout is 5 s). */
const BOUND_MS = 7_000;

const { dataDir, port } = inject('pgCluster');
const cluster = privateCluster(dataDir, port);

describe('database outage on PostgreSQL', () => {
  let app: App;
  let databaseUrl: string;
  let customer: Customer;
  let slug: string;

  beforeAll(async () => {
    if (!cluster.isRunning()) await cluster.start();
    databaseUrl = await createDatabase(cluster.adminUrl, 'clarear_outage');
    const handle = await openDatabase({ databaseUrl });
    await handle.migrate();
    await seedCatalogue(handle.db);
    customer = (await createCustomers(handle.db, 1, 'queda'))[0]!;
    await handle.close();
    slug = (await query<{ slug: string }>(databaseUrl, 'select slug from products where not is_kit order by slug limit 1'))[0]!.slug;
    app = await startApp({ env: { DATABASE_URL: databaseUrl } });
  });
  afterAll(async () => {
    await app?.stop();
    if (!cluster.isRunning()) await cluster.start();
  });

  async function timed(visitor: Visitor, path: string) {
    const started = performance.now();
    const response = await visitor.get(path, { timeoutMs: BOUND_MS * 3 });
    const body = await response.text();
    return { response, body, ms: performance.now() - started };
  }

  function expectUnavailablePage(result: Awaited<ReturnType<typeof timed>>, path: string) {
    expect(result.response.status, path).toBe(503);
    expect(result.ms, `${path} answered in ${Math.round(result.ms)} ms`).toBeLessThan(BOUND_MS);
    expect(result.response.headers.get('retry-after'), path).toMatch(/^\d+$/);
    expect(result.response.headers.get('cache-control'), path).toContain('no-store');
    expect(result.body, path).toContain(MESSAGE);
    // Nothing internal: no stack, no driver message, no address of the database.
    expect(result.body, path).not.toMatch(/ECONNREFUSED|Unexpected Server Error|terminat|postgres|\bat \S+:\d+|node_modules|\.ts:\d+/i);
    expect(result.body, path).not.toContain(String(port));
  }

  it('answers 503 with a pt-BR page while the database is down, and recovers without a restart', async () => {
    const anonymous = new Visitor(app.url);
    const signedIn = new Visitor(app.url);
    expect((await anonymous.get('/')).status).toBe(200);
    await signedIn.signIn(customer.email, customer.password);
    const area = await signedIn.get('/area-cliente/perfil');
    expect(area.status).toBe(200);
    expect(await area.text()).toContain(customer.name);

    await cluster.stop();

    for (const path of ['/', '/produtos', `/produtos/${slug}`, '/kits', '/blog']) {
      expectUnavailablePage(await timed(anonymous, path), path);
    }
    // A signed-in customer: the session cannot be read either, and is not lost (below).
    // The kit builder keeps its page with an error in it, but never as a 200 a shared cache could keep.
    const builder = await timed(anonymous, '/kits/monte-seu-kit');
    expect(builder.response.status).toBe(503);
    expect(builder.response.headers.get('cache-control')).toContain('no-store');
    expectUnavailablePage(await timed(signedIn, '/area-cliente/perfil'), '/area-cliente/perfil');
    expectUnavailablePage(await timed(signedIn, '/checkout'), '/checkout (signed in)');
    // A client-side navigation (the router's data request) gets the 503 too, which the page shows the same way.
    const navigation = await timed(anonymous, '/produtos.data');
    expect(navigation.response.status).toBe(503);
    expect(navigation.body).toBe(MESSAGE);
    expect(navigation.ms).toBeLessThan(BOUND_MS);
    // The log says it once, in one line, with no stack trace.
    expect(app.output().match(/banco de dados indisponível: a loja responde 503/g)).toHaveLength(1);
    expect(app.output()).not.toMatch(/\n\s+at /);

    await cluster.start();

    // The pool replaces its dead connections: the next requests succeed, same process.
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      const response = await anonymous.get('/');
      await response.arrayBuffer();
      status = response.status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    expect(app.child.exitCode).toBeNull();
    expect((await anonymous.get(`/produtos/${slug}`)).status).toBe(200);
    const back = await signedIn.get('/area-cliente/perfil');
    expect(back.status).toBe(200);
    expect(await back.text()).toContain(customer.name);
    expect(app.output()).toMatch(/banco de dados de volta após \d+ s/);
  });
});

describe('a database host that accepts connections and never answers', () => {
  it('gives up within the pool connection timeout, with an error the store reads as "unavailable"', async () => {
    const sockets: Socket[] = [];
    const blackhole = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
    const { port: silentPort } = blackhole.address() as { port: number };
    const handle = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${silentPort}/clarear` });
    const started = performance.now();
    const error = await handle.db.execute('select 1').then(
      () => null,
      (e: unknown) => e,
    );
    const ms = performance.now() - started;
    await handle.close().catch(() => undefined);
    for (const socket of sockets) socket.destroy();
    blackhole.close();
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(ms).toBeGreaterThan(4_000);
    expect(ms).toBeLessThan(BOUND_MS);
  });
});
