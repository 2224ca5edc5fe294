// /admin/fiscal (issue 34) on every engine, through the app itself (its database seeded at start, and
// its auth): visitors and customers get nothing and change nothing; the admin reads the starting
// settings and table with the "revisar com seu contador" notice, the issuer from the seller's legal
// identity and whether Focus NFe is set up; saves settings and table in one go (the notice goes, the
// clock's time is kept as reviewed_at); is refused in pt-BR beside the field with nothing written on a
// CFOP of the wrong destination, a CSOSN under the normal regime, a rate over 100; and a stale form
// (optimistic concurrency on fiscal_settings.version) is refused with nothing written.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type * as ClockModule from '~/lib/clock';
import { DEFAULT_TAX_RULES } from '~/lib/fiscal';
import { FISCAL_MESSAGES } from '~/lib/schemas/fiscal';
import type * as RouteModule from '~/routes/admin/fiscal';
import type * as EnvModule from '~/server/infra/env.server';
import { engines } from '../support/engines';
import { prepareFreshApp } from '../support/fresh-app';
import { TEST_ADMIN } from '../support/test-admin';

const ORIGIN = 'http://localhost:3000';
const URL_PATH = '/admin/fiscal';

type Answer = { status: number; location: string | null; body: unknown; setCookie: string | null };

/** A loader's or action's answer as the browser would see it: thrown or returned, Response or data(). */
async function answerOf(run: () => unknown): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const text = await value.text();
    return { status: value.status, location: value.headers.get('location'), body: text, setCookie: value.headers.get('set-cookie') };
  }
  const wrapped = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === 'DataWithResponseInit') {
    const headers = new Headers(wrapped.init?.headers);
    return { status: wrapped.init?.status ?? 200, location: headers.get('location'), body: wrapped.data, setCookie: headers.get('set-cookie') };
  }
  if (value instanceof Error) throw value;
  return { status: 200, location: null, body: value, setCookie: null };
}

const savedEnv = { ...process.env };
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  process.env = savedEnv;
});

/** The form as the page posts it: the starting settings and table, with `extra` over them. */
function fiscalForm(version: number, extra: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = {
    version: String(version),
    regime: 'simples',
    series: '1',
    environment: 'homologacao',
    nature: 'Venda de mercadoria',
    issueOn: 'preparing',
  };
  DEFAULT_TAX_RULES.forEach((rule, i) => {
    Object.assign(fields, {
      [`rules.${i}.destination`]: rule.destination,
      [`rules.${i}.buyer`]: rule.buyer,
      [`rules.${i}.cfop`]: rule.cfop,
      [`rules.${i}.icmsSituation`]: rule.icmsSituation,
      [`rules.${i}.pisSituation`]: rule.pisSituation,
      [`rules.${i}.pisRate`]: '0',
      [`rules.${i}.cofinsSituation`]: rule.cofinsSituation,
      [`rules.${i}.cofinsRate`]: '0',
    });
  });
  return { ...fields, ...extra };
}

type PageData = Awaited<ReturnType<typeof RouteModule.loader>>;

describe.each(engines.map((e) => e.name))('admin fiscal settings on %s', (engineName) => {
  let db: Database;
  let s: typeof Schema;
  let route: typeof RouteModule;
  let clock: typeof ClockModule;
  let env: typeof EnvModule;
  let cookies: { admin: string; customer: string };

  const request = (cookie: string | null, fields?: Record<string, string>) => {
    const headers = new Headers(fields ? { origin: ORIGIN } : {});
    if (cookie) headers.set('cookie', cookie);
    if (!fields) return new Request(`${ORIGIN}${URL_PATH}`, { headers });
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    return new Request(`${ORIGIN}${URL_PATH}`, { method: 'POST', headers, body });
  };
  const get = (cookie: string | null) => answerOf(() => route.loader({ request: request(cookie), params: {}, context: {} } as never));
  const post = (fields: Record<string, string>, cookie: string | null) => answerOf(() => route.action({ request: request(cookie, fields), params: {}, context: {} } as never));
  const page = async () => {
    const answer = await get(cookies.admin);
    expect(answer.status).toBe(200);
    return answer.body as PageData;
  };

  /** Both fiscal tables, row by row: a refusal leaves them exactly as they were. */
  const snapshot = async () =>
    JSON.stringify([
      await db.select().from(s.fiscalSettings),
      await db.select().from(s.fiscalTaxRules).orderBy(asc(s.fiscalTaxRules.destination), asc(s.fiscalTaxRules.buyer)),
    ]);
  const settingsRow = async () => (await db.select().from(s.fiscalSettings).where(eq(s.fiscalSettings.id, 1)))[0]!;

  it('opens the app database (migrated and seeded at start) and signs in the admin and a customer', async () => {
    const { dataDir, dropDatabase } = await prepareFreshApp(engineName, 'clarear-fiscal-', 'clarear_fiscal');
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    const { callAuth } = await import('~/server/auth/auth.server');
    const { settleBackgroundTasks } = await import('~/server/infra/background.server');
    s = await import('~/db/schema');
    route = await import('~/routes/admin/fiscal');
    clock = await import('~/lib/clock');
    env = await import('~/server/infra/env.server');
    db = await getDb();
    const handle = await getDatabaseHandle();
    cleanups.push(async () => {
      clock.resetClock();
      await settleBackgroundTasks(10_000);
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    });

    let address = 0;
    const authRequest = () => new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': `10.91.0.${++address}` } });
    const signIn = async (email: string, password: string) => {
      const result = await callAuth(authRequest(), '/sign-in/email', { email, password });
      if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.status} ${result.code}`);
      return result.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    };
    const email = `fabio.${randomUUID().slice(0, 6)}@exemplo.com.br`;
    const password = `senha-${randomUUID().slice(0, 8)}`;
    expect((await callAuth(authRequest(), '/sign-up/email', { name: 'Fábio Cliente', email, password })).ok).toBe(true);
    await db.update(s.user).set({ emailVerified: true }).where(eq(s.user.email, email));
    cookies = { admin: await signIn(TEST_ADMIN.email, TEST_ADMIN.password), customer: await signIn(email, password) };
  });

  it('a visitor is sent to sign in and a customer is refused (page → home, post → 403): nothing is written', async () => {
    const before = await snapshot();
    const login = `/login?redirectTo=${encodeURIComponent(URL_PATH)}`;
    const changed = fiscalForm(1, { invoicing: 'on', regime: 'normal' });
    expect(await get(null)).toMatchObject({ status: 302, location: login });
    expect(await get(cookies.customer)).toMatchObject({ status: 302, location: '/' });
    expect(await post(changed, null)).toMatchObject({ status: 302, location: login });
    expect(await post(changed, cookies.customer)).toMatchObject({ status: 403 });
    expect(await snapshot()).toBe(before);
  });

  it('the admin reads the starting settings and table (not reviewed yet), the issuer and that no provider is set up', async () => {
    delete process.env.FOCUSNFE_TOKEN;
    env.reloadEnv();
    const data = await page();
    expect(data.reviewedAt).toBeNull();
    expect(data.version).toBe(1);
    expect(data.values).toMatchObject({ regime: 'simples', series: '1', environment: 'homologacao', nature: 'Venda de mercadoria', issueOn: 'preparing', invoicing: false });
    // In the page's order (same state first, consumer, contributor, exempt), rates as typed.
    expect(data.values.rules.map((r) => [r.destination, r.buyer, r.cfop, r.pisRate])).toEqual(DEFAULT_TAX_RULES.map((r) => [r.destination, r.buyer, r.cfop, '0']));
    // The seed's sample seller: shown, and flagged as the example it is.
    expect(data.issuer).toMatchObject({ legalName: 'Clarear Produtos de Limpeza Ltda. (dados de exemplo)', cnpj: '11.222.333/0001-81', uf: 'SP', status: 'sample' });
    expect(data.focusNfe).toBeNull();
  });

  it('the admin saves settings and table in one go: the values persist, the notice goes, reviewed_at is the clock’s time', async () => {
    const at = new Date('2026-03-10T14:30:00.000Z');
    clock.setClock(at);
    try {
      const answer = await post(
        fiscalForm(1, {
          regime: 'normal',
          series: '2',
          environment: 'producao',
          nature: 'Venda de produção do estabelecimento',
          issueOn: 'paid',
          invoicing: 'on',
          ...Object.fromEntries(DEFAULT_TAX_RULES.map((_, i) => [`rules.${i}.icmsSituation`, '00'])),
          'rules.0.cfop': '5.102',
          'rules.0.pisSituation': '01',
          'rules.0.pisRate': '1,65',
          'rules.0.cofinsSituation': '01',
          'rules.0.cofinsRate': '7,6',
        }),
        cookies.admin,
      );
      expect(answer).toMatchObject({ status: 302, location: URL_PATH });
      expect(answer.setCookie).toBeTruthy();
    } finally {
      clock.resetClock();
    }
    expect(await settingsRow()).toMatchObject({
      regime: 'normal',
      series: 2,
      environment: 'producao',
      nature: 'Venda de produção do estabelecimento',
      issueOn: 'paid',
      invoicing: true,
      reviewedAt: at,
      version: 2,
    });
    const [rule] = await db
      .select()
      .from(s.fiscalTaxRules)
      .where(eq(s.fiscalTaxRules.destination, 'same_state'))
      .then((rows) => rows.filter((r) => r.buyer === 'consumer'));
    expect(rule).toMatchObject({ cfop: '5102', icmsSituation: '00', pisSituation: '01', pisRate: '1.65', cofinsSituation: '01', cofinsRate: '7.60' });
    expect(await db.select().from(s.fiscalTaxRules)).toHaveLength(6);

    // The page shows what was saved: reviewed (the notice is gone), the rates the Brazilian way.
    const data = await page();
    expect(data.reviewedAt).toEqual(at);
    expect(data.version).toBe(2);
    expect(data.values).toMatchObject({ regime: 'normal', series: '2', environment: 'producao', issueOn: 'paid', invoicing: true });
    expect(data.values.rules[0]).toMatchObject({ cfop: '5102', icmsSituation: '00', pisRate: '1,65', cofinsRate: '7,6' });

    // The invoicing switch off again (an unticked checkbox is not posted).
    expect(await post(fiscalForm(2, { regime: 'normal', ...Object.fromEntries(DEFAULT_TAX_RULES.map((_, i) => [`rules.${i}.icmsSituation`, '00'])) }), cookies.admin)).toMatchObject({
      status: 302,
    });
    expect(await settingsRow()).toMatchObject({ invoicing: false, version: 3 });
  });

  it('a CFOP of the wrong destination, a CSOSN under the normal regime and a rate over 100 are refused in pt-BR, with what was typed and nothing written', async () => {
    const before = await snapshot();
    const answer = await post(
      fiscalForm(3, {
        regime: 'normal',
        ...Object.fromEntries(DEFAULT_TAX_RULES.map((_, i) => [`rules.${i}.icmsSituation`, '00'])),
        'rules.0.cfop': '6101',
        'rules.1.icmsSituation': '102',
        'rules.2.pisRate': '101',
        nature: 'Venda (tentativa)',
      }),
      cookies.admin,
    );
    expect(answer.status).toBe(400);
    const body = answer.body as { errors: Record<string, string>; typed: { nature: string; rules: { cfop: string }[] }; toast: { variant: string } };
    expect(body.errors).toEqual({
      'rules.0.cfop': 'Venda para o mesmo estado usa CFOP começando com 5 (ex.: 5101).',
      'rules.1.icmsSituation': 'No regime normal, informe o CST do ICMS com 2 dígitos (ex.: 00).',
      'rules.2.pisRate': FISCAL_MESSAGES.rate,
    });
    expect(body.toast.variant).toBe('destructive');
    expect(body.typed.nature).toBe('Venda (tentativa)');
    expect(body.typed.rules[0]!.cfop).toBe('6101');
    // One more: a 6xxx rule given a 5xxx CFOP.
    expect((await post(fiscalForm(3, { 'rules.4.cfop': '5101' }), cookies.admin)).body).toMatchObject({ errors: { 'rules.4.cfop': FISCAL_MESSAGES.cfopOtherState } });
    expect(await snapshot()).toBe(before);
  });

  it('a stale form (another save since it was opened) is refused, nothing written; two saves from one form are one save', async () => {
    const before = await snapshot();
    const stale = await post(fiscalForm(1, { nature: 'Venda antiga' }), cookies.admin);
    expect(stale).toMatchObject({ status: 409, body: { errors: { form: FISCAL_MESSAGES.conflict } } });
    expect(FISCAL_MESSAGES.conflict).toMatch(/^As configurações fiscais mudaram desde que você abriu esta página/);
    expect(await snapshot()).toBe(before);
    // No version at all: a forged post.
    const { version: _omit, ...unversioned } = fiscalForm(3);
    expect((await post(unversioned, cookies.admin)).status).toBe(400);
    expect(await snapshot()).toBe(before);

    const [a, b] = await Promise.all([post(fiscalForm(3, { nature: 'Venda A' }), cookies.admin), post(fiscalForm(3, { nature: 'Venda B' }), cookies.admin)]);
    expect([a.status, b.status].sort()).toEqual([302, 409]);
    expect((await settingsRow()).version).toBe(4);
  });

  it('says Focus NFe issues the notes when its token is set, in its environment', async () => {
    process.env.FOCUSNFE_TOKEN = 'token-de-teste-0123456789';
    process.env.FOCUSNFE_ENV = 'homologacao';
    process.env.FOCUSNFE_WEBHOOK_SECRET = 'segredo-do-webhook-de-teste';
    env.reloadEnv();
    try {
      expect((await page()).focusNfe).toEqual({ environment: 'homologacao' });
    } finally {
      delete process.env.FOCUSNFE_TOKEN;
      delete process.env.FOCUSNFE_ENV;
      delete process.env.FOCUSNFE_WEBHOOK_SECRET;
      env.reloadEnv();
    }
  });
});
