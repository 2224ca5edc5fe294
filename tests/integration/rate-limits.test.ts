// Rate limits outside sign-in (issue 12, item 7): contact, newsletter, kit saving and the
// checkout quote, per client address, counted in the app database so that several instances
// share the counts — and Better Auth's sign-in limit on the same store. Called the way React
// Router calls the actions, on each engine.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import { createScratchDatabase, engines } from '../support/engines';
import { pgliteFromTemplate } from '../support/fresh-app';
import { setTestAdminEnv } from '../support/test-admin';

const ORIGIN = 'http://localhost:3000';
const LIMIT = 3;
const MESSAGE = 'Muitas tentativas. Aguarde um minuto e tente novamente.';

type Action = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;
type Answer = { status: number; retryAfter: string | null; body: Record<string, unknown> };

/** What the browser gets from an action's `data(value, init)` (or a plain value: 200). */
async function answer(run: Promise<unknown>): Promise<Answer> {
  const value = (await run) as { type?: string; data?: unknown; init?: { status?: number; headers?: Record<string, string> } | null };
  if (value && value.type === 'DataWithResponseInit') {
    return { status: value.init?.status ?? 200, retryAfter: value.init?.headers?.['Retry-After'] ?? null, body: value.data as Record<string, unknown> };
  }
  return { status: 200, retryAfter: null, body: value as Record<string, unknown> };
}

function form(values: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.append(k, v);
  return f;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh app instance (its own modules, database connection and auth) on `databaseUrl` or a new PGlite. */
async function startInstance(dataDir: string, databaseUrl: string | undefined) {
  const g = globalThis as { __clarearDb?: unknown; __clarearAuth?: unknown };
  delete g.__clarearDb;
  delete g.__clarearAuth;
  vi.resetModules();
  process.env.DATA_DIR = dataDir;
  process.env.FORM_RATE_LIMIT_MAX = String(LIMIT);
  process.env.QUOTE_RATE_LIMIT_MAX = String(LIMIT);
  process.env.PAY_RATE_LIMIT_MAX = String(LIMIT);
  process.env.AUTH_RATE_LIMIT_MAX = String(LIMIT);
  delete process.env.SMTP_URL;
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  setTestAdminEnv();
  const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
  const db = await getDb();
  const handle = await getDatabaseHandle();
  return {
    db,
    handle,
    callAuth: (await import('~/server/auth/auth.server')).callAuth,
    settle: (await import('~/server/infra/background.server')).settleBackgroundTasks,
    contact: (await import('~/routes/contact')).action as unknown as Action,
    newsletter: (await import('~/routes/newsletter')).action as unknown as Action,
    kit: (await import('~/routes/kit-builder')).action as unknown as Action,
    checkout: (await import('~/routes/checkout')).action as unknown as Action,
    subscriptions: (await import('~/routes/customer/subscriptions')).action as unknown as Action,
    review: (await import('~/routes/customer/review')).action as unknown as Action,
  };
}

describe.each(engines.map((e, i) => [e.name, i] as const))('rate limits on %s', (engineName, engineIndex) => {
  let app: Awaited<ReturnType<typeof startInstance>>;
  let schema: typeof Schema;
  let db: Database;
  let databaseUrl: string | undefined;
  let dataDir: string;
  let customerCookie: string;
  const ip = (n: number) => `10.${50 + engineIndex}.0.${n}`;
  const count = async (table: keyof typeof Schema) => (await db.select().from(schema[table] as never)).length;

  const post = (url: string, address: string, body: FormData, cookie?: string) =>
    new Request(`${ORIGIN}${url}`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) }, body });

  async function signUpCustomer(address: string, signInAddress: string): Promise<string> {
    const email = `cliente.${randomBytes(3).toString('hex')}@exemplo.com.br`;
    const page = new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': address } });
    expect((await app.callAuth(page, '/sign-up/email', { name: 'Outra Pessoa', email, password: 'senha-segura-1' })).ok).toBe(true);
    const { eq } = await import('drizzle-orm');
    await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.email, email));
    const signedIn = await app.callAuth(new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': signInAddress } }), '/sign-in/email', { email, password: 'senha-segura-1' });
    if (!signedIn.ok) throw new Error('sign-in failed');
    return signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  }

  it('opens the app and signs a customer in', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'clarear-rate-'));
    // PGlite: a copy of the run's migrated template (tests/support/pglite-template.ts), not initdb and every migration again.
    if (engineName === 'pglite') pgliteFromTemplate(dataDir);
    let dropDatabase = async () => {};
    if (engineName === 'postgres') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'clarear_rate');
      databaseUrl = scratch.url;
      dropDatabase = scratch.drop;
    }
    app = await startInstance(dataDir, databaseUrl);
    const instance = app;
    cleanups.push(async () => {
      await instance.settle();
      await instance.handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    });
    schema = await import('~/db/schema');
    db = app.db;
    const email = `cliente.${randomBytes(3).toString('hex')}@exemplo.com.br`;
    const page = new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': ip(200) } });
    expect((await app.callAuth(page, '/sign-up/email', { name: 'Rita Souza', email, password: 'senha-segura-1' })).ok).toBe(true);
    const { eq } = await import('drizzle-orm');
    await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.email, email));
    const signedIn = await app.callAuth(page, '/sign-in/email', { email, password: 'senha-segura-1' });
    if (!signedIn.ok) throw new Error('sign-in failed');
    customerCookie = signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  });

  it('contact: N messages per address pass, the next is a 429 with Retry-After and nothing stored; another address is unaffected', async () => {
    const message = (n: number) =>
      form({ name: 'Ana Lima', email: 'ana@exemplo.com.br', subject: `Pedido ${n}`, message: 'Quero saber sobre o Multiuso.' });
    const before = await count('contactMessages');
    for (let n = 1; n <= LIMIT; n++) {
      expect((await answer(app.contact({ request: post('/contato', ip(1), message(n)), params: {}, context: {} }))).status).toBe(200);
    }
    const refused = await answer(app.contact({ request: post('/contato', ip(1), message(99)), params: {}, context: {} }));
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    // The page shows the message and keeps what was typed.
    expect(refused.body).toMatchObject({ status: 'error', message: MESSAGE, fields: { subject: 'Pedido 99' } });
    expect(await count('contactMessages')).toBe(before + LIMIT);

    expect((await answer(app.contact({ request: post('/contato', ip(2), message(100)), params: {}, context: {} }))).status).toBe(200);
    expect(await count('contactMessages')).toBe(before + LIMIT + 1);
  });

  it('newsletter: the same, per address', async () => {
    const subscribe = (address: string) =>
      answer(app.newsletter({ request: post('/newsletter', address, form({ email: `leitor.${randomBytes(4).toString('hex')}@exemplo.com.br` })), params: {}, context: {} }));
    const before = await count('newsletterSubscriptions');
    for (let n = 1; n <= LIMIT; n++) expect((await subscribe(ip(3))).status).toBe(200);
    const refused = await subscribe(ip(3));
    expect(refused).toMatchObject({ status: 429, body: { status: 'invalid', message: MESSAGE } });
    expect(refused.retryAfter).toMatch(/^\d+$/);
    expect(await count('newsletterSubscriptions')).toBe(before + LIMIT);
    expect((await subscribe(ip(4))).status).toBe(200);
  });

  it('kit saving: the same, per address', async () => {
    const { eq } = await import('drizzle-orm');
    const [variant] = await db
      .select({ productId: schema.productVariants.productId, variantId: schema.productVariants.id })
      .from(schema.productVariants)
      .innerJoin(schema.products, eq(schema.products.id, schema.productVariants.productId))
      .where(eq(schema.products.isKit, false))
      .limit(1);
    const save = (address: string) =>
      answer(
        app.kit({
          request: post('/kits/monte-seu-kit', address, form({ name: 'Kit da cozinha', items: JSON.stringify([{ ...variant, quantity: 2 }]) }), customerCookie),
          params: {},
          context: {},
        }),
      );
    const before = await count('savedKits');
    for (let n = 1; n <= LIMIT; n++) expect((await save(ip(5))).body).toMatchObject({ ok: true });
    expect(await save(ip(5))).toMatchObject({ status: 429, body: { ok: false, message: MESSAGE } });
    expect(await count('savedKits')).toBe(before + LIMIT);
    expect((await save(ip(6))).body).toMatchObject({ ok: true });
  });

  it('checkout quote: the same, per address, without a quote the page would reconcile the cart with', async () => {
    const [variant] = await db.select().from(schema.productVariants).limit(1);
    const cart = JSON.stringify([{ id: variant!.id, product_id: variant!.productId, quantity: 1 }]);
    const quote = (address: string) => answer(app.checkout({ request: post('/checkout', address, form({ intent: 'quote', cart })), params: {}, context: {} }));
    for (let n = 1; n <= LIMIT; n++) {
      const ok = await quote(ip(7));
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ intent: 'quote', quote: { lines: [expect.objectContaining({ id: variant!.id })] } });
    }
    const refused = await quote(ip(7));
    expect(refused).toMatchObject({ status: 429, body: { intent: 'quote', quote: null, message: MESSAGE } });
    expect((await quote(ip(8))).status).toBe(200);
  });

  it('Pagar Agora: N presses per customer whatever the address, and N per address whatever the account; the subscription\'s pay now shares the customer\'s count', async () => {
    const before = await count('orders');
    // Each press counts before its form is read: an empty one is a 400, and still a press.
    const pay = (address: string, cookie: string) => answer(app.checkout({ request: post('/checkout', address, form({ intent: 'pay' }), cookie), params: {}, context: {} }));
    for (let n = 1; n <= LIMIT; n++) expect((await pay(ip(20 + n), customerCookie)).status).toBe(400);
    const refused = await pay(ip(30), customerCookie);
    expect(refused).toMatchObject({ status: 429, body: { intent: 'pay', ok: false, toast: { description: MESSAGE } } });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    const payNow = await answer(
      app.subscriptions({
        request: post('/area-cliente/assinaturas', ip(31), form({ intent: 'pay-now', orderId: '00000000-0000-4000-8000-000000000000', paymentMethod: 'pix' }), customerCookie),
        params: {},
        context: {},
      }),
    );
    expect(payNow).toMatchObject({ status: 429, body: { ok: false, toast: { description: MESSAGE } } });
    // Per address: other accounts on one address share its count.
    const others = [await signUpCustomer(ip(201), ip(202)), await signUpCustomer(ip(201), ip(203))];
    expect((await pay(ip(40), others[0]!)).status).toBe(400);
    expect((await pay(ip(40), others[0]!)).status).toBe(400);
    expect((await pay(ip(40), others[1]!)).status).toBe(400);
    expect((await pay(ip(40), others[1]!)).status).toBe(429);
    expect(await count('orders')).toBe(before);
  });

  it('a review (issue 36): N posts per customer whatever the address, then a 429 with nothing written', async () => {
    const review = (n: number) =>
      answer(app.review({ request: post('/area-cliente/avaliacoes/x', ip(60 + n), form({ rating: '5' }), customerCookie), params: { productId: '00000000-0000-4000-8000-000000000001' }, context: {} }));
    const before = await count('reviews');
    // Each post counts before its form is read: an incomplete one is a 400, and still a post.
    for (let n = 1; n <= LIMIT; n++) expect((await review(n)).status).toBe(400);
    const refused = await review(LIMIT + 1);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toMatch(/^\d+$/);
    expect(refused.body).toMatchObject({ ok: false, toast: { description: MESSAGE } });
    expect(await count('reviews')).toBe(before);
  });

  it('counts sign-in attempts in the database (Better Auth on the same store)', async () => {
    const page = (address: string) => new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': address } });
    const attempt = async (address: string) => {
      const r = await app.callAuth(page(address), '/sign-in/email', { email: 'ninguem@exemplo.com.br', password: 'errada-123' });
      return r.ok ? 200 : r.status;
    };
    const statuses = [];
    for (let n = 0; n <= LIMIT; n++) statuses.push(await attempt(ip(9)));
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(await attempt(ip(10))).toBe(401);
    const { like } = await import('drizzle-orm');
    const rows = await db.select().from(schema.rateLimits).where(like(schema.rateLimits.key, `auth:%${ip(9)}%`));
    expect(rows.map((r) => r.points)).toEqual([LIMIT + 1]);
  });

  // Two instances need a server to share: PGlite is one process's database.
  if (engineName === 'postgres') it('a second instance on the same PostgreSQL sees the same counts', async () => {
    const second = await startInstance(mkdtempSync(path.join(tmpdir(), 'clarear-rate-2-')), databaseUrl);
    cleanups.push(async () => {
      await second.settle();
      await second.handle.close();
    });
    expect(second.handle).not.toBe(app.handle);
    const message = form({ name: 'Ana Lima', email: 'ana@exemplo.com.br', subject: 'De novo', message: 'Outra instância.' });
    expect((await answer(second.contact({ request: post('/contato', ip(1), message), params: {}, context: {} }))).status).toBe(429);
    const page = new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': ip(9) } });
    const signIn = await second.callAuth(page, '/sign-in/email', { email: 'ninguem@exemplo.com.br', password: 'errada-123' });
    expect(signIn).toMatchObject({ ok: false, status: 429 });
    // A fresh address still gets through on the second instance.
    const fresh = form({ name: 'Ana Lima', email: 'ana@exemplo.com.br', subject: 'Primeira', message: 'Outra pessoa.' });
    expect((await answer(second.contact({ request: post('/contato', ip(11), fresh), params: {}, context: {} }))).status).toBe(200);
  });
});
