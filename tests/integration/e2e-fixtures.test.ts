// The e2e suite's seeding entry (app/routes/e2e-fixtures.ts) exists only in a store run with
// NODE_ENV=test and E2E_FIXTURES=1: in production, in development, or in test mode without the
// switch, POST /__e2e/customer is a 404 whoever asks, and nothing is written. With both, it makes
// a confirmed customer through Better Auth, answers with a session cookie the store accepts, and
// places the asked orders through the checkout flow. PGlite only: it calls the same modules on
// PostgreSQL that every other test runs there.
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type * as FixtureRoute from '~/routes/e2e-fixtures';
import { prepareFreshApp } from '../support/fresh-app';

type RouteModule = typeof FixtureRoute;
type ActionArgs = Parameters<RouteModule['action']>[0];

const ORIGIN = 'http://localhost:3000';

describe('POST /__e2e/customer', () => {
  let route: RouteModule;
  let db: Database;
  let schema: typeof Schema;
  let reloadEnv: () => void;
  let getSessionUser: (request: Request) => Promise<{ id: string; email: string; role: string } | null>;
  let settle: () => Promise<unknown>;
  let cleanUp: () => Promise<void>;
  let n = 0;

  /** The store as started: NODE_ENV and the switch read again by the app's getEnv. */
  function runAs(nodeEnv: 'production' | 'development' | 'test', fixtures: string | undefined) {
    vi.stubEnv('NODE_ENV', nodeEnv);
    if (fixtures === undefined) delete process.env.E2E_FIXTURES;
    else vi.stubEnv('E2E_FIXTURES', fixtures);
    reloadEnv();
  }

  const spec = (extra: Record<string, unknown> = {}) => ({ name: 'Cliente de Teste', email: `fixture.${++n}.${Date.now()}@exemplo.com.br`, password: 'senha-forte-123', ...extra });

  const post = (body: unknown) =>
    route.action({
      request: new Request(`${ORIGIN}/__e2e/customer`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': `10.91.0.${n}` }, body: JSON.stringify(body) }),
      params: {},
      context: {},
    } as unknown as ActionArgs);

  /** The status a route function answers with, thrown or returned. */
  async function statusOf(run: () => unknown): Promise<number> {
    try {
      const answer = (await run()) as Response | { init?: { status?: number } };
      return answer instanceof Response ? answer.status : (answer.init?.status ?? 200);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.status;
      throw thrown;
    }
  }

  const users = async () => (await db.select({ n: count() }).from(schema.user))[0]!.n;

  beforeAll(async () => {
    const { dropDatabase } = await prepareFreshApp('pglite', 'clarear-e2e-fixtures-', 'clarear_e2efx');
    process.env.AUTH_RATE_LIMIT_MAX = '1000';
    vi.stubEnv('LOG_LEVEL', 'silent');
    const { getDb, getDatabaseHandle } = await import('~/server/infra/db.server');
    db = await getDb();
    schema = await import('~/db/schema');
    route = await import('~/routes/e2e-fixtures');
    reloadEnv = (await import('~/server/infra/env.server')).reloadEnv;
    getSessionUser = (await import('~/server/auth/session.server')).getSessionUser;
    settle = (await import('~/server/infra/background.server')).settleBackgroundTasks;
    cleanUp = async () => {
      await settle();
      await (await getDatabaseHandle()).close();
      await dropDatabase();
    };
  });

  afterAll(async () => {
    vi.unstubAllEnvs();
    delete process.env.E2E_FIXTURES;
    reloadEnv();
    await cleanUp();
  });

  it.each([
    ['production, with the switch', 'production', '1'],
    ['production, without it', 'production', undefined],
    ['development, with the switch', 'development', '1'],
    ['test mode, without the switch', 'test', undefined],
    ['test mode, the switch not 1', 'test', 'true'],
  ] as const)('answers 404 and writes nothing: %s', async (_label, nodeEnv, fixtures) => {
    runAs(nodeEnv, fixtures);
    const before = await users();
    expect(await statusOf(() => post(spec()))).toBe(404);
    expect(await statusOf(() => route.loader())).toBe(404);
    expect(await users()).toBe(before);
  });

  it('with NODE_ENV=test and E2E_FIXTURES=1: a confirmed customer, signed in, with a paid subscription order', async () => {
    runAs('test', '1');
    const taxId = generateCpf();
    const answer = (await post(spec({ name: 'Bia Fixture', orders: [{ plan: 'monthly', paymentMethod: 'credit_card', taxId }] }))) as unknown as {
      data: { id: string; email: string; orders: { id: string }[] };
      init: { headers: Headers };
    };
    const { id, email, orders } = answer.data;
    const [row] = await db.select().from(schema.user).where(eq(schema.user.id, id));
    expect(row).toMatchObject({ email, name: 'Bia Fixture', emailVerified: true, role: 'customer' });

    // The cookie it sets is a session the store accepts.
    const cookie = new Headers(answer.init.headers).getSetCookie().map((c) => c.split(';')[0]).join('; ');
    expect(cookie).toContain('clarear.session_token=');
    expect(await getSessionUser(new Request(`${ORIGIN}/area-cliente`, { headers: { cookie } }))).toMatchObject({ id, email, role: 'customer' });

    // The order went through the checkout: the plan bought by card, paid, and the subscription active.
    expect(orders).toHaveLength(1);
    const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, orders[0]!.id));
    expect(order).toMatchObject({ userId: id, status: 'paid', paymentMethod: 'credit_card' });
    const subscriptions = await db.select().from(schema.userSubscriptions).where(eq(schema.userSubscriptions.userId, id));
    expect(subscriptions.map((s) => s.status)).toEqual(['active']);
  });

  it('refuses a malformed fixture with a 400', async () => {
    runAs('test', '1');
    const before = await users();
    expect(await statusOf(() => post({ name: '', email: 'não-é-e-mail', password: 'x' }))).toBe(400);
    expect(await users()).toBe(before);
  });
});
