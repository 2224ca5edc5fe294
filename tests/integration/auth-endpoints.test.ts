// Better Auth's surface (issue 12, items 5 and 6): only the endpoints the store uses answer,
// what they take is held to the forms' limits, and a password reset ends every session.
// The /api/auth/* route and the app's auth module, on each engine.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type { callAuth, handleAuthRequest } from '~/server/auth/auth.server';
import type { getSessionUser } from '~/server/auth/session.server';
import { createScratchDatabase, engines } from '../support/engines';
import { pgliteFromTemplate } from '../support/fresh-app';
import { TEST_ADMIN, setTestAdminEnv } from '../support/test-admin';

const ORIGIN = 'http://localhost:3000';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const cookieOf = (headers: Headers) => headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

describe.each(engines.map((e, i) => [e.name, i] as const))('auth endpoints on %s', (engineName, engineIndex) => {
  let db: Database;
  let schema: typeof Schema;
  let dataDir: string;
  let app: {
    callAuth: typeof callAuth;
    handleAuthRequest: typeof handleAuthRequest;
    getSessionUser: typeof getSessionUser;
    settle: () => Promise<unknown>;
    route: { loader: (args: unknown) => Promise<Response> | Response; action: (args: unknown) => Promise<Response> | Response };
  };
  let adminCookie: string;
  let customer: { id: string; email: string; password: string };

  let requests = 0;
  const nextIp = () => `10.${70 + engineIndex}.${Math.floor(++requests / 250)}.${(requests % 250) + 1}`;
  const page = () => new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': nextIp() } });

  function outbox(to: string): { subject: string; text: string }[] {
    const dir = path.join(dataDir, 'outbox');
    return readdirSync(dir)
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; subject: string; text: string })
      .filter((m) => m.to === to);
  }

  async function confirmedCustomer(name: string) {
    const email = `${name.toLowerCase().split(' ')[0]}.${randomBytes(3).toString('hex')}@exemplo.com.br`;
    const password = 'senha-segura-1';
    expect((await app.callAuth(page(), '/sign-up/email', { name, email, password })).ok).toBe(true);
    const { eq } = await import('drizzle-orm');
    const [row] = await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.email, email)).returning();
    return { id: row!.id, email, password };
  }

  async function signIn(email: string, password: string): Promise<string> {
    const result = await app.callAuth(page(), '/sign-in/email', { email, password });
    if (!result.ok) throw new Error(`sign-in failed: ${result.status} ${result.code}`);
    return cookieOf(result.headers);
  }

  it('opens the app and signs the admin and a customer in', async () => {
    const g = globalThis as { __clarearDb?: unknown; __clarearAuth?: unknown };
    delete g.__clarearDb;
    delete g.__clarearAuth;
    vi.resetModules();
    dataDir = mkdtempSync(path.join(tmpdir(), 'clarear-auth-endpoints-'));
    process.env.DATA_DIR = dataDir;
    process.env.AUTH_RATE_LIMIT_MAX = '1000';
    delete process.env.SMTP_URL;
    delete process.env.DATABASE_URL;
    setTestAdminEnv();
    let dropDatabase = async () => {};
    if (engineName === 'pglite') pgliteFromTemplate(dataDir);
    if (engineName === 'postgres') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'clarear_authep');
      process.env.DATABASE_URL = scratch.url;
      dropDatabase = scratch.drop;
    }
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    const auth = await import('~/server/auth/auth.server');
    app = {
      callAuth: auth.callAuth,
      handleAuthRequest: auth.handleAuthRequest,
      getSessionUser: (await import('~/server/auth/session.server')).getSessionUser,
      settle: (await import('~/server/infra/background.server')).settleBackgroundTasks,
      route: (await import('~/routes/api.auth')) as unknown as typeof app.route,
    };
    schema = await import('~/db/schema');
    db = await getDb();
    const handle = await getDatabaseHandle();
    cleanups.push(async () => {
      await app.settle();
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    });
    adminCookie = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    customer = await confirmedCustomer('Bruna Costa');
  });

  it('answers 404 to every endpoint the store does not use, for anonymous visitors and the admin alike, changing nothing', async () => {
    const userId = customer.id;
    const ENDPOINTS: [method: 'GET' | 'POST', path: string, body?: Record<string, unknown>][] = [
      ['POST', '/admin/impersonate-user', { userId }],
      ['POST', '/admin/set-user-password', { userId, newPassword: 'senha-do-intruso-1' }],
      ['POST', '/admin/remove-user', { userId }],
      ['POST', '/admin/create-user', { email: 'intruso@exemplo.com.br', password: 'senha-do-intruso-1', name: 'Intruso', role: 'admin' }],
      ['POST', '/admin/set-role', { userId, role: 'admin' }],
      ['POST', '/admin/ban-user', { userId }],
      ['POST', '/admin/revoke-user-sessions', { userId }],
      ['POST', '/admin/update-user', { userId, data: { role: 'admin' } }],
      ['GET', '/admin/list-users'],
      ['GET', '/admin/get-user?id=' + userId],
      ['POST', '/update-user', { name: 'Renomeado' }],
      ['POST', '/change-password', { currentPassword: customer.password, newPassword: 'senha-do-intruso-1' }],
      ['POST', '/change-email', { newEmail: 'intruso@exemplo.com.br' }],
      ['POST', '/delete-user', {}],
      ['POST', '/revoke-sessions', {}],
      ['GET', '/list-sessions'],
      ['GET', '/get-session'],
      ['GET', '/list-accounts'],
      ['POST', '/send-verification-email', { email: customer.email }],
      ['GET', '/reset-password/token-qualquer'],
      ['GET', '/ok'],
      // The pages' own endpoints are not for direct calls: their actions validate and rate-limit first.
      ['POST', '/sign-up/email', { name: 'Direto', email: 'direto@exemplo.com.br', password: 'senha-segura-1' }],
      ['POST', '/sign-in/email', { email: customer.email, password: customer.password }],
      ['POST', '/request-password-reset', { email: customer.email }],
      ['POST', '/reset-password', { newPassword: 'senha-do-intruso-1', token: 'x' }],
      ['POST', '/sign-out', {}],
    ];
    // Spellings a path check could miss; the route matches without case.
    const SPELLINGS = ['/api/auth/Admin/list-users', '/API/AUTH/admin/list-users', '/api/auth/admin%2Flist-users', '/api/auth//admin/list-users', '/api/auth/admin/list-users/'];
    const { eq } = await import('drizzle-orm');
    const snapshot = async () => ({
      users: (await db.select().from(schema.user)).length,
      sessions: (await db.select().from(schema.session)).length,
      accounts: (await db.select({ password: schema.account.password }).from(schema.account).where(eq(schema.account.userId, userId))),
      customer: (await db.select().from(schema.user).where(eq(schema.user.id, userId)))[0],
    });
    const before = await snapshot();

    const request = (method: string, url: string, body: unknown, cookie?: string) =>
      new Request(url, {
        method,
        headers: { origin: ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': nextIp(), ...(cookie ? { cookie } : {}) },
        ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
      });
    const cases = [
      ...ENDPOINTS.map(([method, p, body]) => [method, `${ORIGIN}/api/auth${p}`, body] as const),
      ...SPELLINGS.map((p) => ['GET', `${ORIGIN}${p}`, undefined] as const),
    ];
    for (const [method, url, body] of cases) {
      for (const [who, cookie] of [['anonymous', undefined], ['admin', adminCookie]] as const) {
        const args = { request: request(method, url, body, cookie), params: {}, context: {} };
        const response = await (method === 'GET' ? app.route.loader(args) : app.route.action(args));
        expect(response.status, `${method} ${url} (${who}) via the route`).toBe(404);
      }
    }
    // The module's own dispatcher refuses the unused ones too, should a future route forward them.
    for (const [method, p, body] of ENDPOINTS.filter(([, p]) => !['/sign-up/email', '/sign-in/email', '/request-password-reset', '/reset-password', '/sign-out'].includes(p))) {
      const response = await app.handleAuthRequest(request(method, `${ORIGIN}/api/auth${p}`, body, adminCookie));
      expect(response.status, `${method} ${p} via handleAuthRequest`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
    // The customer's password is the one they chose.
    expect(await signIn(customer.email, customer.password)).toMatch(/clarear\.session_token=/);
  });

  it('still opens the confirmation link from the sign-up e-mail', async () => {
    const email = `nova.${randomBytes(3).toString('hex')}@exemplo.com.br`;
    expect((await app.callAuth(page(), '/sign-up/email', { name: 'Nova Cliente', email, password: 'senha-segura-1', callbackURL: '/login?verificado=1' })).ok).toBe(true);
    await app.settle();
    const link = outbox(email)
      .map((m) => /http\S+\/api\/auth\/verify-email\?\S+/.exec(m.text)?.[0])
      .find(Boolean);
    expect(link).toBeTruthy();
    const response = await app.route.loader({ request: new Request(link!.replace(/^https?:\/\/[^/]+/, ORIGIN)), params: {}, context: {} });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toContain('/login?verificado=1');
    const { eq } = await import('drizzle-orm');
    const [row] = await db.select().from(schema.user).where(eq(schema.user.email, email));
    expect(row?.emailVerified).toBe(true);
  });

  it('sign-up takes only the fields the form sends, within the form limits: 400 in pt-BR, nothing created', async () => {
    const valid = { name: 'Carla Dias', email: `carla.${randomBytes(3).toString('hex')}@exemplo.com.br`, password: 'senha-segura-1' };
    const refused: [string, Record<string, unknown>, RegExp][] = [
      ['name over 120 characters', { ...valid, name: 'N'.repeat(121) }, /O nome deve ter no máximo 120 caracteres/],
      ['e-mail over 254 characters', { ...valid, email: `${'a'.repeat(250)}@exemplo.com.br` }, /E-mail muito longo/],
      ['password over 128 characters', { ...valid, password: 's'.repeat(129) }, /no máximo 128 caracteres/],
      ['a role', { ...valid, role: 'admin' }, /Campo não permitido: role/],
      ['an image', { ...valid, image: 'https://evil.example/x.png' }, /Campo não permitido: image/],
      ['email verified by the caller', { ...valid, emailVerified: true }, /Campo não permitido/],
      ['a name that is not text', { ...valid, name: ['Carla'] }, /./],
      ['a blank name', { ...valid, name: '   ' }, /Informe seu nome/],
    ];
    const users = async () => (await db.select().from(schema.user)).length;
    const before = await users();
    for (const [what, body, message] of refused) {
      const result = await app.callAuth(page(), '/sign-up/email', body);
      expect(result, what).toMatchObject({ ok: false, status: 400, code: 'INVALID_INPUT', message: expect.stringMatching(message) });
    }
    await app.settle();
    expect(await users()).toBe(before);
    // The same body without the extra gets through.
    expect((await app.callAuth(page(), '/sign-up/email', valid)).ok).toBe(true);
    expect(await users()).toBe(before + 1);
  });

  it('sign-in and password reset hold to their forms too', async () => {
    expect(await app.callAuth(page(), '/sign-in/email', { email: customer.email, password: 'x'.repeat(10_000) })).toMatchObject({ ok: false, status: 400 });
    expect(await app.callAuth(page(), '/sign-in/email', { email: customer.email, password: customer.password, role: 'admin' })).toMatchObject({ ok: false, status: 400 });
    expect(await app.callAuth(page(), '/request-password-reset', { email: customer.email, redirectTo: '/redefinir-senha', extra: 1 })).toMatchObject({ ok: false, status: 400 });
    expect(await app.callAuth(page(), '/reset-password', { newPassword: 'curta', token: 'abc' })).toMatchObject({ ok: false, status: 400 });
  });

  it('a password reset ends every session of the account, on every device', async () => {
    const owner = await confirmedCustomer('Dora Alves');
    const laptop = await signIn(owner.email, owner.password);
    const phone = await signIn(owner.email, owner.password);
    const me = (cookie: string) => app.getSessionUser(new Request(`${ORIGIN}/area-cliente`, { headers: { cookie } }));
    expect(await me(laptop)).toMatchObject({ email: owner.email });
    expect(await me(phone)).toMatchObject({ email: owner.email });
    // Someone else's session must survive.
    const bystander = await signIn(customer.email, customer.password);

    expect((await app.callAuth(page(), '/request-password-reset', { email: owner.email, redirectTo: '/redefinir-senha' })).ok).toBe(true);
    await app.settle();
    const token = outbox(owner.email)
      .map((m) => /redefinir-senha\?token=([^\s&]+)/.exec(m.text)?.[1])
      .find(Boolean);
    expect(token).toBeTruthy();
    expect((await app.callAuth(page(), '/reset-password', { newPassword: 'nova-senha-segura-2', token: decodeURIComponent(token!) })).ok).toBe(true);

    expect(await me(laptop)).toBeNull();
    expect(await me(phone)).toBeNull();
    const { eq } = await import('drizzle-orm');
    expect(await db.select().from(schema.session).where(eq(schema.session.userId, owner.id))).toHaveLength(0);
    expect(await me(bystander)).toMatchObject({ email: customer.email });
    // The new password works; the old one does not.
    expect(await signIn(owner.email, 'nova-senha-segura-2')).toMatch(/clarear\.session_token=/);
    expect(await app.callAuth(page(), '/sign-in/email', { email: owner.email, password: owner.password })).toMatchObject({ ok: false, status: 401 });
  });
});
