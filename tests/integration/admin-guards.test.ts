// Every admin loader and action, called the way React Router calls them, with
// no session, a customer's session and the admin's (issue 6): anonymous → /login,
// a customer → / on pages and 403 on actions with nothing changed, the admin → in.
// Runs the app's own database and auth modules on each engine.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import { createScratchDatabase, engines } from './engines';
import { TEST_ADMIN, setTestAdminEnv } from './test-admin';

const ORIGIN = 'http://localhost:3000';
type Module = { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };
type Outcome = { redirect: string } | { status: number } | { ok: true };

async function outcome(run: () => unknown): Promise<Outcome> {
  try {
    const value = await run();
    if (value instanceof Response && value.status >= 300 && value.status < 400) return { redirect: value.headers.get('location') ?? '' };
    return { ok: true };
  } catch (thrown) {
    if (thrown instanceof Response) {
      return thrown.status >= 300 && thrown.status < 400 ? { redirect: thrown.headers.get('location') ?? '' } : { status: thrown.status };
    }
    const init = (thrown as { init?: { status?: number } } | null)?.init;
    if (init?.status) return { status: init.status };
    throw thrown;
  }
}

function cookieOf(headers: Headers): string {
  return headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.each(engines.map((e) => e.name))('admin guards on %s', (engineName) => {
  let cookies: { customer: string; admin: string };
  let modules: Record<string, Module>;
  let db: Database;
  let schema: typeof Schema;
  let productId: string;
  let counts: () => Promise<Record<string, number>>;

  it('opens the app database and signs in a customer and the admin', async () => {
    // A fresh app (database, auth) per engine: reset the process-wide singletons and module cache.
    const g = globalThis as { __clarearDb?: unknown; __clarearAuth?: unknown };
    delete g.__clarearDb;
    delete g.__clarearAuth;
    vi.resetModules();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clarear-guards-'));
    process.env.DATA_DIR = dataDir;
    delete process.env.SMTP_URL;
    delete process.env.DATABASE_URL;
    setTestAdminEnv();
    let dropDatabase = async () => {};
    if (engineName === 'postgres') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'clarear_guards');
      process.env.DATABASE_URL = scratch.url;
      dropDatabase = scratch.drop;
    }
    const { getDatabaseHandle, getDb } = await import('~/server/db.server');
    const { callAuth } = await import('~/server/auth/auth.server');
    schema = await import('~/db/schema');
    db = await getDb();
    const handle = await getDatabaseHandle();
    cleanups.push(async () => {
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const page = (ip: string) => new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': ip } });
    const email = `cliente.${randomBytes(3).toString('hex')}@exemplo.com.br`;
    expect((await callAuth(page('10.1.0.1'), '/sign-up/email', { name: 'Carla Dias', email, password: 'senha-segura-1' })).ok).toBe(true);
    const { eq } = await import('drizzle-orm');
    await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.email, email));
    const customer = await callAuth(page('10.1.0.2'), '/sign-in/email', { email, password: 'senha-segura-1' });
    const admin = await callAuth(page('10.1.0.3'), '/sign-in/email', { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
    if (!customer.ok || !admin.ok) throw new Error('sign-in failed');
    cookies = { customer: cookieOf(customer.headers), admin: cookieOf(admin.headers) };

    modules = {
      layout: (await import('~/routes/admin/layout')) as unknown as Module,
      dashboard: (await import('~/routes/admin/dashboard')) as unknown as Module,
      products: (await import('~/routes/admin/products')) as unknown as Module,
      productEdit: (await import('~/routes/admin/product-edit')) as unknown as Module,
      subscriptions: (await import('~/routes/admin/subscriptions')) as unknown as Module,
      uploads: (await import('~/routes/admin/uploads')) as unknown as Module,
    };
    const [product] = await db.select().from(schema.products).limit(1);
    productId = product!.id;
    counts = async () => ({
      products: (await db.select().from(schema.products)).length,
      variants: (await db.select().from(schema.productVariants)).length,
      subscriptions: (await db.select().from(schema.userSubscriptions)).length,
      plans: (await db.select().from(schema.subscriptionConfigs)).length,
    });
  });

  const PAGES: [string, string, Record<string, string>][] = [
    ['layout', '/admin', {}],
    ['dashboard', '/admin', {}],
    ['products', '/admin/products?q=limpa', {}],
    ['productEdit', '/admin/products/new', { id: 'new' }],
    ['subscriptions', '/admin/subscriptions', {}],
  ];

  const get = (url: string, cookie?: string) => new Request(`${ORIGIN}${url}`, { headers: cookie ? { cookie } : {} });

  it('sends anonymous visitors to /login and customers to / from every admin page; lets the admin in', async () => {
    for (const [name, url, params] of PAGES) {
      const { loader } = modules[name]!;
      expect(loader, name).toBeTypeOf('function');
      expect(await outcome(() => loader!({ request: get(url), params, context: {} })), `${name} anonymous`).toEqual({
        redirect: `/login?redirectTo=${encodeURIComponent(url)}`,
      });
      expect(await outcome(() => loader!({ request: get(url, cookies.customer), params, context: {} })), `${name} customer`).toEqual({ redirect: '/' });
      expect(await outcome(() => loader!({ request: get(url, cookies.admin), params, context: {} })), `${name} admin`).toEqual({ ok: true });
    }
    // The edit page of an existing product, too.
    const edit = modules.productEdit!.loader!;
    const url = `/admin/products/${productId}`;
    expect(await outcome(() => edit({ request: get(url, cookies.customer), params: { id: productId }, context: {} }))).toEqual({ redirect: '/' });
    expect(await outcome(() => edit({ request: get(url, cookies.admin), params: { id: productId }, context: {} }))).toEqual({ ok: true });
  });

  it('refuses every admin action to a customer with 403 (and anonymous with /login), changing nothing', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const attempts: [string, string, Record<string, string>, () => FormData][] = [
      ['products', '/admin/products', {}, () => formOf({ intent: 'delete', id: productId })],
      ['productEdit', '/admin/products/new', { id: 'new' }, () => formOf({ name: 'Produto Intruso', basePrice: '1,00', 'variants.0.size': '1 L', 'variants.0.price': '1' })],
      ['productEdit', `/admin/products/${productId}`, { id: productId }, () => formOf({ name: 'Renomeado por intruso', basePrice: '1,00' })],
      ['subscriptions', '/admin/subscriptions', {}, () => formOf({ intent: 'assign', email: 'admin@clarear.com.br' })],
      ['subscriptions', '/admin/subscriptions', {}, () => formOf({ intent: 'update-plan', planName: 'Plano Intruso', price: '0,01' })],
      ['uploads', '/admin/uploads', {}, () => {
        const f = new FormData();
        f.append('file', new File([png], 'x.png', { type: 'image/png' }));
        return f;
      }],
    ];
    const before = await counts();
    const [productBefore] = await db.select().from(schema.products).where((await import('drizzle-orm')).eq(schema.products.id, productId));
    for (const [name, url, params, body] of attempts) {
      const { action } = modules[name]!;
      expect(action, name).toBeTypeOf('function');
      const post = (cookie?: string) =>
        new Request(`${ORIGIN}${url}`, { method: 'POST', headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, body: body() });
      expect(await outcome(() => action!({ request: post(), params, context: {} })), `${name} anonymous`).toEqual({
        redirect: `/login?redirectTo=${encodeURIComponent(url)}`,
      });
      expect(await outcome(() => action!({ request: post(cookies.customer), params, context: {} })), `${name} customer`).toEqual({ status: 403 });
    }
    expect(await counts()).toEqual(before);
    const [productAfter] = await db.select().from(schema.products).where((await import('drizzle-orm')).eq(schema.products.id, productId));
    expect(productAfter).toEqual(productBefore);
  });

  it('lets the admin delete through the same action', async () => {
    const { action } = modules.products!;
    const request = new Request(`${ORIGIN}/admin/products`, { method: 'POST', headers: { origin: ORIGIN, cookie: cookies.admin }, body: formOf({ intent: 'delete', id: productId }) });
    const before = (await counts()).products;
    expect(await outcome(() => action!({ request, params: {}, context: {} }))).toEqual({ ok: true });
    expect((await counts()).products).toBe(before! - 1);
  });
});

function formOf(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.append(k, v);
  return form;
}
