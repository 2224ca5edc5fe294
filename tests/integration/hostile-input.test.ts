// Property-based hostile input (issue 12): every route action's form and every
// loader's query or path parameter, fed what an attacker would send — 100 KB
// strings, Unicode (emoji, RTL marks, NUL, lone surrogates), '1e309', '-0',
// 'NaN', 'Infinity', negative and fractional quantities, malformed ids, repeated
// keys, unknown fields, files where text is expected. Called the way React Router
// calls them (as admin-guards.test.ts does), on each engine. Whatever the input:
// never a 500 or an unexpected throw; a 4xx whose messages are pt-BR; and nothing
// written (every generated form has at least one field that cannot be valid).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import { isUuid } from '~/lib/schemas/ids';
import { setTestAdminEnv, TEST_ADMIN } from '../support/test-admin';
import { NEW_ADDRESS_FIELDS } from '../support/delivery';
import { createScratchDatabase, engines } from '../support/engines';
import { pgliteFromTemplate } from '../support/fresh-app';

const ORIGIN = 'http://localhost:3000';
/** Runs per property: enough to meet every kind of value each time, small enough for CI (HOSTILE_RUNS raises it). */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 30);

type RouteFn = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
type Module = { loader?: RouteFn; action?: RouteFn };
type Answer = { status: number; data: unknown; location: string | null };

/** What the browser would get, from whatever the loader/action returned or threw; an Error is a 500. */
async function answer(run: () => unknown): Promise<Answer> {
  const read = async (value: unknown, thrown: boolean): Promise<Answer> => {
    if (value instanceof Response) {
      const text = await value.clone().text();
      let data: unknown = text;
      try {
        data = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: value.status, data, location: value.headers.get('location') };
    }
    const init = (value as { type?: string; init?: { status?: number } | null; data?: unknown } | null) ?? null;
    if (init?.type === 'DataWithResponseInit') return { status: init.init?.status ?? 200, data: init.data, location: null };
    if (thrown) throw value;
    return { status: 200, data: value, location: null };
  };
  try {
    return await read(await run(), false);
  } catch (thrown) {
    return read(thrown, true);
  }
}

/** Zod's and Better Auth's English defaults: none may reach a customer. */
const ENGLISH = /\b(invalid|expected|received|required|too (big|small)|must|failed|error)\b/i;

/** Every message an answer shows (toasts, field errors, JSON errors) is pt-BR; a 4xx page action shows at least one. */
function expectPtBrMessages(data: unknown, mustHaveOne: boolean) {
  const messages: string[] = [];
  const walk = (value: unknown, key: string, inErrors: boolean) => {
    if (typeof value === 'string') {
      if (inErrors || key === 'message' || key === 'description' || key === 'error') messages.push(value);
    } else if (Array.isArray(value)) value.forEach((v) => walk(v, key, inErrors));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k, inErrors || k === 'errors');
  };
  walk(data, '', false);
  for (const message of messages) expect(message, 'a message in English').not.toMatch(ENGLISH);
  if (mustHaveOne) expect(messages.length, `no message in ${JSON.stringify(data).slice(0, 300)}`).toBeGreaterThan(0);
}

// ---------------------------------------------------------------- generators

const LONG = 'x'.repeat(100 * 1024);
const WEIRD = [
  '1e309', '-0', 'NaN', 'Infinity', '-Infinity', '-1', '0.5', '-2.5', '99999999999999999999', '0x10', '1_000', ' 1 ',
  'null', 'undefined', 'true', '[]', '{}', '[object Object]', '__proto__', 'constructor', 'toString',
  '\u202Egnp.exe', '\u200B', '😀'.repeat(40), '👨‍👩‍👧‍👦', '\uD800', '\uDFFF', 'ﷺ', 'עברית', '\r\n', '\t',
  '-'.repeat(36), '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  "' OR '1'='1", '"; DROP TABLE orders; --', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '%00', '%', '_', '\\', '../../etc/passwd',
];
const weird = fc.constantFrom(...WEIRD);
/** Any text at all, including lone surrogates (sent as U+FFFD by the form encoder, as a browser would). */
const anyText = fc.oneof(
  { arbitrary: weird, weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 2 },
  // 100 KB: over every form's body cap but the admin editors' (413 there, a field error here).
  { arbitrary: fc.constant(LONG), weight: 1 },
);
const blank = fc.constantFrom('', ' ', '   ', '\t', '\r\n');
/** A value with a NUL character inside (refused by every form). */
const withNul = fc.string({ maxLength: 12 }).map((s) => `${s}\u0000${s}`);
/**
 * Longer than `max` characters (code points, as Zod and PostgreSQL's length() count them), in 1-, 2-, 3- and
 * 4-byte characters; the longest are over the body cap too.
 */
const over = (max: number) => fc.tuple(fc.integer({ min: max + 1, max: max * 3 + 20 }), fc.constantFrom('a', 'ç', '€', '😀')).map(([n, c]) => c.repeat(n));
/** A required text field at most `max` long, made invalid. */
const badText = (max: number) => fc.oneof(blank, over(max), withNul, fc.constant(LONG));
/** An optional text field at most `max` long, made invalid (empty is valid there). */
const badOptionalText = (max: number) => fc.oneof(over(max), withNul, fc.constant(LONG));
const badEmail = fc.oneof(
  blank,
  fc.string({ unit: 'binary', maxLength: 30 }).filter((s) => !s.includes('@')),
  fc.constantFrom('a@', '@exemplo.com.br', 'a@b', 'a b@exemplo.com.br', 'a@@exemplo.com.br', '<a@exemplo.com.br>', 'a@exemplo..com', 'ana@exemplo.com.br,bia@exemplo.com.br'),
  fc.integer({ min: 250, max: 2000 }).map((n) => `${'a'.repeat(n)}@exemplo.com.br`),
  withNul.map((s) => `ana${s}@exemplo.com.br`),
  fc.constant(LONG),
);
/** Never a well-formed uuid (nor empty: some forms read empty as "new"). */
const badUuid = fc.oneof(
  fc.constantFrom(' ', '-'.repeat(36), 'new', 'not-a-uuid', '0f8e7c1a-2b3c-4d5e-8f90-123456789abg', '{0f8e7c1a-2b3c-4d5e-8f90-123456789abc}', "0f8e7c1a-2b3c-4d5e-8f90-123456789abc' OR '1'='1", '0f8e7c1a2b3c4d5e8f90123456789abc', '0f8e7c1a-2b3c-4d5e-8f90-123456789abc\u0000', '%00', '..'),
  weird.filter((s) => !isUuid(s) && s !== ''),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).filter((s) => !isUuid(s)),
  fc.constant(LONG),
);
const badNumber = fc.constantFrom('', ' ', 'abc', '-1', '1.5', '-0.5', 'NaN', 'Infinity', '-Infinity', '1e309', '-1e309', '99999999999999999999', '1,2,3', '12.345,678', '0x10', '--1', '1e-7');
/** Never a valid amount of money, even for fields where empty means zero. */
const badMoney = fc.constantFrom('abc', '-1', '-0,01', 'NaN', 'Infinity', '1e309', '-1e309', '99999999999999999999', '1,2,3', '12.345,678', '0x10', '--1', '1,234', '12,505', 'R$ 10');
const not = (...valid: string[]) => (s: string) => !valid.includes(s);
const badQuantity = fc.constantFrom('0', '-0', '-1', '1.5', '100', '1000', 'NaN', 'Infinity', '1e309', '-1e309', '', 'abc', '99.5');
const VALID_UUID = '0f8e7c1a-2b3c-4d5e-8f90-123456789abc';

type Value = string | File;
type Entries = [string, Value][];

/**
 * A form built on `base` with exactly one field from `invalid` made invalid (so the whole can never
 * be accepted), the other fields kept, dropped, made hostile or repeated, and unknown fields and files added.
 */
function hostileForm(base: Record<string, string>, invalid: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<Entries> {
  const badKey = fc.constantFrom(...Object.keys(invalid));
  const someOf = (keys: string[], maxLength: number) => (keys.length ? fc.array(fc.constantFrom(...keys), { maxLength }) : fc.constant([] as string[]));
  // The intent picks the branch under test: only `invalid` changes it.
  const mutable = (key: string) => Object.keys(base).filter((k) => k !== key && k !== 'intent');
  return badKey.chain((key) =>
    fc
      .record({
        bad: invalid[key]!,
        others: someOf(mutable(key), 3),
        noise: fc.array(fc.oneof(anyText, weird), { minLength: 4, maxLength: 4 }),
        drop: someOf(mutable(key), 2),
        unknown: fc.array(
          fc.tuple(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'variants.999.size', 'variants.-1.size', 'a.b.c', 'user_id', 'role', 'isAdmin', 'price', 'status'), fc.string({ maxLength: 10 })), anyText),
          { maxLength: 3 },
        ),
        file: fc.boolean(),
        badFirst: fc.boolean(),
      })
      .map(({ bad, others, noise, drop, unknown, file, badFirst }) => {
        const entries: Entries = [];
        for (const [k, v] of Object.entries(base)) if (k !== key && !drop.includes(k)) entries.push([k, v]);
        // Some kept fields get a hostile value instead, or a second value after the first (arrays where a string is expected).
        others.forEach((k, i) => {
          if (i % 2 === 0) {
            const at = entries.findIndex(([name]) => name === k);
            if (at >= 0) entries[at] = [k, noise[i]!];
          } else entries.push([k, noise[i]!]);
        });
        for (const [k, v] of unknown) if (k !== key) entries.push([k, v]);
        // The invalid field appears once, first or last, so neither Object.fromEntries nor form.get can miss it.
        if (badFirst) entries.unshift([key, bad]);
        else entries.push([key, bad]);
        if (file) {
          const target = mutable(key).find((k) => !drop.includes(k));
          if (target) entries.push([target, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0])], 'x.png', { type: 'image/png' })]);
        }
        return entries;
      }),
  );
}

/** The entries as a browser would post them: URL-encoded, or multipart when a file is included (or by chance). */
function body(entries: Entries, multipart: boolean): { body: BodyInit; headers: Record<string, string> } {
  if (multipart || entries.some(([, v]) => typeof v !== 'string')) {
    const form = new FormData();
    for (const [k, v] of entries) form.append(k, v);
    return { body: form, headers: {} };
  }
  const params = new URLSearchParams();
  for (const [k, v] of entries) params.append(k, v as string);
  return { body: params.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' } };
}

let ipCounter = 0;
/** A fresh client address per request, so per-address rate limits (issue 12 item 7) never stand in for validation. */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

// ---------------------------------------------------------------- the app

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Tables any action could write; their contents must not change under hostile input. */
const WATCHED = [
  'user', 'account', 'verification', 'categories', 'products', 'product_variants', 'kit_items', 'subscription_configs',
  'user_subscriptions', 'user_favorites', 'user_addresses', 'orders', 'order_items', 'saved_kits', 'saved_kit_items',
  'user_preferences', 'newsletter_subscriptions', 'contact_messages', 'mail_throttle',
  'plan_options', 'subscription_periods', 'subscription_events', 'programmed_deliveries', 'programmed_delivery_items',
  'store_settings', 'site_content',
] as const;

describe.each(engines.map((e) => e.name))('hostile input on %s', (engineName) => {
  let db: Database;
  let schema: typeof Schema;
  let cookies: { customer: string; admin: string };
  let m: Record<string, Module>;
  let uploadDir: string;
  let fixtures: { productId: string; variantId: string; planId: string; addressId: string };

  /** A digest of every watched table: any insert, update or delete changes it. */
  async function snapshot(): Promise<Record<string, string>> {
    const columns = WATCHED.map((t) => `(select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) from "${t}" r) as "${t}"`).join(', ');
    const [row] = (await db.execute(sql.raw(`select ${columns}`))).rows as Record<string, string>[];
    return { ...row!, uploads: readdirSafe(uploadDir).join(',') };
  }

  it('opens the app database and signs in a customer and the admin', async () => {
    const g = globalThis as { __clarearDb?: unknown; __clarearAuth?: unknown };
    delete g.__clarearDb;
    delete g.__clarearAuth;
    vi.resetModules();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clarear-hostile-'));
    process.env.DATA_DIR = dataDir;
    delete process.env.SMTP_URL;
    delete process.env.DATABASE_URL;
    // One customer posts every generated form: the per-customer "Pagar Agora" limit (covered in
    // rate-limits.test.ts) must not stand in for validation either.
    process.env.PAY_RATE_LIMIT_MAX = '100000';
    setTestAdminEnv();
    let dropDatabase = async () => {};
    if (engineName === 'pglite') pgliteFromTemplate(dataDir);
    if (engineName === 'postgres') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'clarear_hostile');
      process.env.DATABASE_URL = scratch.url;
      dropDatabase = scratch.drop;
    }
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    const { callAuth } = await import('~/server/auth/auth.server');
    const { getEnv } = await import('~/server/infra/env.server');
    const { eq } = await import('drizzle-orm');
    schema = await import('~/db/schema');
    db = await getDb();
    uploadDir = getEnv().uploadDir;
    const handle = await getDatabaseHandle();
    cleanups.push(async () => {
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const page = () => new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': nextIp() } });
    const email = `cliente.${randomBytes(3).toString('hex')}@exemplo.com.br`;
    expect((await callAuth(page(), '/sign-up/email', { name: 'Carla Dias', email, password: 'senha-segura-1' })).ok).toBe(true);
    await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.email, email));
    const customer = await callAuth(page(), '/sign-in/email', { email, password: 'senha-segura-1' });
    const admin = await callAuth(page(), '/sign-in/email', { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
    if (!customer.ok || !admin.ok) throw new Error('sign-in failed');
    const cookieOf = (headers: Headers) => headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    cookies = { customer: cookieOf(customer.headers), admin: cookieOf(admin.headers) };

    const [variant] = await db.select().from(schema.productVariants).limit(1);
    const [plan] = await db.select().from(schema.subscriptionConfigs).limit(1);
    const [customerRow] = await db.select().from(schema.user).where(eq(schema.user.email, email));
    const [address] = await db
      .insert(schema.userAddresses)
      .values({ userId: customerRow!.id, name: 'Casa', zipCode: '01310100', street: 'Av. Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', isDefault: true })
      .returning();
    fixtures = { productId: variant!.productId, variantId: variant!.id, planId: plan!.id, addressId: address!.id };

    const load = async (name: string) => (await import(`~/routes/${name}`)) as Module;
    m = {};
    for (const name of [
      'contact', 'newsletter', 'login', 'forgot-password', 'reset-password', 'theme', 'favorites', 'checkout', 'kit-builder', 'logout', 'api.auth',
      'order', 'products', 'product', 'api.product', 'blog', 'blog-post', 'legal-page', 'chatbot', 'kits', 'freight-quote',
      'customer/addresses', 'customer/wishlist', 'customer/saved-kits', 'customer/preferences', 'customer/subscriptions', 'customer/profile',
      'admin/products', 'admin/product-edit', 'admin/subscriptions', 'admin/uploads', 'admin/settings', 'admin/reports', 'admin/reports-export',
    ]) {
      m[name] = await load(name);
    }
    // Migrating, seeding and loading 30 route modules: ~10 s, several times that on a busy CI machine.
  }, 180_000);

  function request(url: string, init: { method?: string; cookie?: string; entries?: Entries; multipart?: boolean; raw?: { body: BodyInit; headers: Record<string, string> } } = {}) {
    const headers: Record<string, string> = { origin: ORIGIN, 'x-forwarded-for': nextIp() };
    if (init.cookie) headers.cookie = init.cookie;
    let payload: BodyInit | undefined;
    if (init.entries) {
      const b = body(init.entries, init.multipart ?? false);
      Object.assign(headers, b.headers);
      payload = b.body;
    } else if (init.raw) {
      Object.assign(headers, init.raw.headers);
      payload = init.raw.body;
    }
    return new Request(`${ORIGIN}${url}`, { method: init.method ?? (payload === undefined ? 'GET' : 'POST'), headers, body: payload });
  }

  type ActionCase = {
    route: string;
    url: string;
    params?: Record<string, string>;
    who: 'anonymous' | 'customer' | 'admin';
    form: fc.Arbitrary<Entries>;
    /** Statuses a refusal may have (always 4xx); the default is any 4xx. */
    statuses?: number[];
    /** Whether the answer shows a message (a page form or a JSON result); true unless said otherwise. */
    message?: boolean;
  };

  /** Runs one action under hostile forms: never a 500, a 4xx with pt-BR messages, nothing written. */
  async function checkAction(c: ActionCase) {
    const action = m[c.route]!.action!;
    expect(action, c.route).toBeTypeOf('function');
    const cookie = c.who === 'anonymous' ? undefined : cookies[c.who];
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(c.form, fc.boolean(), async (entries, multipart) => {
        const reply = await answer(() => action({ request: request(c.url, { cookie, entries, multipart }), params: c.params ?? {}, context: {} }));
        expect(reply.status, `${c.route}: ${JSON.stringify(reply.data).slice(0, 300)}`).toBeGreaterThanOrEqual(400);
        expect(reply.status, `${c.route}: ${JSON.stringify(reply.data).slice(0, 300)}`).toBeLessThan(500);
        if (c.statuses) expect(c.statuses, `${c.route}: status ${reply.status}`).toContain(reply.status);
        expectPtBrMessages(reply.data, c.message ?? true);
      }),
      { numRuns: RUNS },
    );
    expect(await snapshot(), `${c.route} wrote something`).toEqual(before);
  }

  const cart = (lines: unknown[]) => JSON.stringify(lines);
  const line = (over: Record<string, unknown> = {}) => ({ id: fixtures.variantId, product_id: fixtures.productId, quantity: 1, ...over });

  /** Carts that can never be accepted. */
  const badCart = () =>
    fc.oneof(
      blank,
      fc.constantFrom('[', '{', 'NaN', 'undefined', "[{'id':1}]", '{}', 'null', '1', '"x"', 'true', '[]', '[null]', '[[]]', '[1e309]'),
      fc.constant('['.repeat(5000) + ']'.repeat(5000)),
      fc.constant(cart(Array.from({ length: 51 }, () => line({ id: randomUUID(), product_id: randomUUID() })))),
      fc.constant(`[${'{"id":"x"},'.repeat(2000)}{}]`),
      badUuid.map((id) => cart([line({ id })])),
      badUuid.map((id) => cart([line({ product_id: id })])),
      badQuantity.map((q) => `[{"id":"${fixtures.variantId}","product_id":"${fixtures.productId}","quantity":${/^-?[\d.e]+$/i.test(q) ? q : JSON.stringify(q)}}]`),
      fc.constantFrom(-0, 0, -1, 1.5, 100, 1e6, Number.MAX_SAFE_INTEGER + 2).map((q) => cart([line({ quantity: q })])),
      fc.constantFrom('2', [2], true, null, {}).map((q) => cart([line({ quantity: q })])),
      // The same variant twice: merged, 60 + 60 is past the 99 per line.
      fc.integer({ min: 50, max: 99 }).map((q) => cart([line({ quantity: q }), line({ quantity: 100 - q + 1 })])),
      fc.constantFrom('plan:weekly', 'plan:', 'plan:monthly ', 'plan:__proto__').map((id) => cart([{ id, product_id: id, quantity: 1, is_subscription: true, frequency: 'monthly' }])),
      fc.constant(cart([{ id: 'plan:annual', product_id: 'plan:annual', quantity: 1, is_subscription: true, frequency: 'monthly' }])),
      fc.constant(`[{"__proto__":{"is_subscription":true},"id":"${fixtures.variantId}","product_id":"${fixtures.productId}","quantity":0}]`),
      fc.constant(LONG),
    );

  it('contact, newsletter and the account forms refuse hostile input with pt-BR messages and write nothing', async () => {
    await checkAction({
      route: 'contact',
      url: '/contato',
      who: 'anonymous',
      form: hostileForm(
        { name: 'Ana Souza', email: 'ana@exemplo.com.br', subject: 'Dúvida', message: 'Olá!' },
        { name: badText(120), email: badEmail, subject: badText(200), message: badText(5000) },
      ),
    });
    await checkAction({ route: 'newsletter', url: '/newsletter', who: 'anonymous', form: hostileForm({ email: 'ana@exemplo.com.br' }, { email: badEmail }) });
    // "Calcular frete": a CEP that is not one, an id that is none, a quantity out of 1–99.
    await checkAction({
      route: 'freight-quote',
      url: '/frete/cotacao',
      who: 'anonymous',
      form: hostileForm(
        { cep: '01310-100', id: fixtures.variantId, quantity: '1' },
        {
          cep: fc.oneof(blank, withNul, over(30), fc.constantFrom('0100-1000', '00000-000', '１１１１１-１１１', '01310100; drop table orders', '69005-0000')),
          id: badUuid,
          quantity: fc.constantFrom('', '0', '-1', '1.5', 'NaN', '1e309', '100', 'Infinity'),
        },
      ),
      statuses: [400, 404, 413, 429],
    });
    await checkAction({
      route: 'login',
      url: '/login',
      who: 'anonymous',
      form: hostileForm({ intent: 'login', email: 'ana@exemplo.com.br', password: 'senha-segura-1' }, { email: badEmail, password: fc.oneof(fc.constant(''), over(128), withNul) }),
    });
    await checkAction({
      route: 'login',
      url: '/login?redirectTo=%2Fcheckout',
      who: 'anonymous',
      form: hostileForm(
        { intent: 'register', name: 'Ana Souza', email: 'ana.nova@exemplo.com.br', password: 'senha-segura-1', confirmPassword: 'senha-segura-1', acceptTerms: 'on' },
        {
          name: badText(120),
          email: badEmail,
          password: fc.oneof(blank, fc.constantFrom('1234567', 'curta'), over(128), withNul),
          confirmPassword: fc.oneof(blank, fc.constantFrom('outra-senha-1', 'senha-segura-2'), withNul),
          acceptTerms: fc.constantFrom('', 'off', 'false', 'no', '0', 'ON', LONG),
        },
      ),
    });
    await checkAction({ route: 'forgot-password', url: '/esqueci-senha', who: 'anonymous', form: hostileForm({ email: 'ana@exemplo.com.br' }, { email: badEmail }) });
    await checkAction({
      route: 'reset-password',
      url: '/redefinir-senha',
      who: 'anonymous',
      form: hostileForm(
        { token: 'abcdefghijklmnopqrstuvwx', password: 'nova-senha-123', confirmPassword: 'nova-senha-123' },
        { token: fc.oneof(fc.constant(''), over(512), withNul), password: fc.oneof(blank, fc.constant('1234567'), over(128), withNul), confirmPassword: fc.oneof(blank, fc.constant('outra-senha-1')) },
      ),
    });
    await checkAction({
      route: 'theme',
      url: '/preferencias/tema',
      who: 'customer',
      form: hostileForm({ theme: 'dark' }, { theme: fc.oneof(anyText, fc.constantFrom('Dark', 'LIGHT', ' dark', 'system')).filter(not('light', 'dark')) }),
    });
  });

  it('the cart, checkout and wishlist refuse hostile carts, ids and quantities, and write nothing', async () => {
    const quote = { intent: 'quote', cart: cart([line()]), taxId: '' };
    await checkAction({ route: 'checkout', url: '/checkout', who: 'anonymous', form: hostileForm(quote, { cart: badCart() }), statuses: [400, 413] });
    // Anything but intent=quote is a payment attempt: anonymous, that is a 401 (a 400 for a NUL, a 413 for 100 KB).
    await checkAction({ route: 'checkout', url: '/checkout', who: 'anonymous', form: hostileForm(quote, { intent: anyText.filter((s) => s !== 'quote') }), statuses: [400, 401, 413] });
    const pay = {
      intent: 'pay',
      cart: cart([line()]),
      idempotencyKey: randomUUID(),
      paymentMethod: 'pix',
      installments: '1',
      deliveryFrequency: '1',
      taxId: '529.982.247-25',
      ...NEW_ADDRESS_FIELDS,
    };
    await checkAction({
      route: 'checkout',
      url: '/checkout',
      who: 'customer',
      form: hostileForm(pay, {
        cart: badCart(),
        idempotencyKey: badUuid,
        paymentMethod: fc.oneof(anyText, fc.constantFrom('PIX', 'cash', 'credit_card ', 'boleto\u0000')).filter(not('pix', 'credit_card', 'boleto')),
        installments: badNumber,
        deliveryFrequency: fc.constantFrom('4', '-1', '1.5', 'NaN', 'Infinity', '1e309', 'abc'),
        expectedTotalCents: fc.constantFrom('-1', '1.5', 'NaN', '1e309', 'Infinity', '10000000001', 'abc'),
        taxId: fc.oneof(blank, fc.constantFrom('123.456.789-00', '111.111.111-11', '11.222.333/0001-80', '12.ABC.345/01DE-36', '529.982.247-2'), over(32), withNul),
      }),
      statuses: [400, 413],
    });
    for (const [route, url] of [['favorites', '/favoritos'], ['customer/wishlist', '/area-cliente/lista-de-desejos']] as const) {
      await checkAction({
        route,
        url,
        who: 'customer',
        form: hostileForm({ intent: route === 'favorites' ? 'add' : 'remove', productId: fixtures.productId }, { productId: badUuid, intent: fc.constantFrom('', 'ADD', 'delete', 'toggle', '__proto__', LONG) }),
        statuses: [400, 413],
      });
    }
    await checkAction({
      route: 'kit-builder',
      url: '/kits/monte-seu-kit',
      who: 'customer',
      form: hostileForm(
        { name: 'Meu kit', items: JSON.stringify([{ productId: fixtures.productId, variantId: fixtures.variantId, quantity: 1 }]) },
        {
          name: badText(80),
          items: fc.oneof(
            badCart(),
            badUuid.map((id) => JSON.stringify([{ productId: id, variantId: fixtures.variantId, quantity: 1 }])),
            badUuid.map((id) => JSON.stringify([{ productId: fixtures.productId, variantId: id, quantity: 1 }])),
            fc.constantFrom(0, -0, -1, 1.5, 100, '2', null).map((q) => JSON.stringify([{ productId: fixtures.productId, variantId: fixtures.variantId, quantity: q }])),
            fc.integer({ min: 50, max: 99 }).map((q) => JSON.stringify([q, 100 - q].map((quantity) => ({ productId: fixtures.productId, variantId: fixtures.variantId, quantity })))),
          ),
        },
      ),
      statuses: [400, 413],
    });
    await checkAction({
      route: 'customer/saved-kits',
      url: '/area-cliente/kits-salvos',
      who: 'customer',
      form: hostileForm({ intent: 'delete', kitId: VALID_UUID }, { kitId: badUuid, intent: fc.constantFrom('', 'DELETE', 'remove', LONG) }),
      statuses: [400, 404, 413],
    });
  });

  it('the customer area refuses hostile addresses, profiles, preferences and subscription changes, and writes nothing', async () => {
    const address = { intent: 'save', name: 'Trabalho', zipCode: '20040-020', street: 'Rua da Assembleia', number: '10', complement: '', neighborhood: 'Centro', city: 'Rio de Janeiro', state: 'RJ' };
    await checkAction({
      route: 'customer/addresses',
      url: '/area-cliente/enderecos',
      who: 'customer',
      form: hostileForm(address, {
        name: badText(60),
        zipCode: fc.oneof(blank, fc.constantFrom('0', '1234567', '123456789', 'abcde-fgh', '01310-100', '20040-0200'), over(20), withNul),
        street: badText(200),
        number: badText(20),
        complement: badOptionalText(100),
        neighborhood: badText(100),
        city: badText(100),
        state: fc.constantFrom('', 'XX', 'sp', 'São Paulo', 'RJ ', LONG),
        id: badUuid,
        intent: fc.constantFrom('SAVE', 'update', 'delete-all', '__proto__', LONG),
      }),
    });
    for (const intent of ['delete', 'default']) {
      await checkAction({ route: 'customer/addresses', url: '/area-cliente/enderecos', who: 'customer', form: hostileForm({ intent, id: fixtures.addressId }, { id: fc.oneof(badUuid, fc.constant('')) }), statuses: [404, 413, 400] });
    }
    await checkAction({
      route: 'customer/profile',
      url: '/area-cliente/perfil',
      who: 'customer',
      form: hostileForm({ name: 'Carla Dias', taxId: '' }, { name: badText(120), taxId: fc.oneof(fc.constantFrom('123', 'abc', '123.456.789-00', '11.222.333/0001-80'), over(32), withNul) }),
    });
    await checkAction({
      route: 'customer/preferences',
      url: '/area-cliente/preferencias',
      who: 'customer',
      form: fc.oneof(
        hostileForm(
          { name: 'hideChatbot', value: 'true' },
          {
            name: fc.oneof(anyText, fc.constantFrom('isAdmin', 'role', 'HideChatbot')).filter(not('hideChatbot', 'hideWhatsapp', 'receiveNotifications', 'theme')),
            value: fc.oneof(anyText, fc.constantFrom('True', '1', 'on', 'yes')).filter(not('true', 'false')),
          },
        ),
        hostileForm({ name: 'theme', value: 'dark' }, { value: fc.oneof(anyText, fc.constantFrom('true', 'Dark', 'system')).filter(not('light', 'dark')) }),
      ),
    });
    await checkAction({
      route: 'customer/subscriptions',
      url: '/area-cliente/assinaturas',
      who: 'customer',
      form: fc.oneof(
        hostileForm({ intent: 'cancel', subscriptionId: VALID_UUID }, { subscriptionId: fc.oneof(badUuid, fc.constant('')), intent: fc.constantFrom('', 'CANCEL', 'pausar', 'delete-all', LONG) }),
        hostileForm(
          { intent: 'change-plan', subscriptionId: VALID_UUID, frequency: 'annual', idempotencyKey: VALID_UUID },
          { subscriptionId: badUuid, frequency: fc.oneof(anyText, fc.constantFrom('weekly', 'Annual', 'monthly ')).filter(not('monthly', 'semiannual', 'annual')) },
        ),
        hostileForm(
          { intent: 'change-payment', subscriptionId: VALID_UUID, paymentMethod: 'credit_card', installments: '3' },
          {
            subscriptionId: badUuid,
            paymentMethod: fc.oneof(anyText, fc.constantFrom('PIX', 'cash', 'boleto ')).filter(not('pix', 'credit_card', 'boleto')),
            installments: fc.constantFrom('0', '13', '01', '1.0', '1e1', '-1', 'abc'),
          },
        ),
        hostileForm({ intent: 'pay-now', orderId: VALID_UUID, paymentMethod: 'pix' }, { orderId: badUuid, paymentMethod: fc.oneof(anyText, fc.constantFrom('PIX', 'cash')).filter(not('pix', 'credit_card', 'boleto')) }),
        hostileForm({ intent: 'delivery-skip', deliveryId: VALID_UUID }, { deliveryId: badUuid, intent: fc.constantFrom('delivery', 'DELIVERY-SKIP', 'delivery-delete', LONG) }),
        hostileForm({ intent: 'delivery-frequency', deliveryId: VALID_UUID, months: '2' }, { deliveryId: badUuid, months: fc.constantFrom('0', '4', '1.5', ' 2', '-1', 'abc', '') }),
      ),
    });
  });

  it('the admin forms refuse hostile products, plans, subscribers, settings and uploads, and write nothing', async () => {
    await checkAction({
      route: 'admin/products',
      url: '/admin/products',
      who: 'admin',
      form: hostileForm({ intent: 'delete', id: fixtures.productId }, { id: badUuid, intent: fc.constantFrom('', 'DELETE', 'delete-all', LONG) }),
    });
    const product = { name: 'Produto Hostil', basePrice: '10,00', price: '10,00', 'variants.0.size': '1 L', 'variants.0.price': '10,00' };
    const kitItem = fc.record({ productId: fc.oneof(badUuid, fc.constant(fixtures.productId)), quantity: fc.oneof(badQuantity, fc.constant('1')) });
    await checkAction({
      route: 'admin/product-edit',
      url: '/admin/products/new',
      params: { id: 'new' },
      who: 'admin',
      form: hostileForm(product, {
        name: badText(120),
        description: badOptionalText(5000),
        howToUse: badOptionalText(3000),
        composition: badOptionalText(3000),
        price: badMoney,
        basePrice: fc.oneof(blank, badMoney),
        phValue: fc.constantFrom('15', '14.1', '-0.1', 'NaN', '1e309', 'ácido', '7.55'),
        displayOrder: fc.constantFrom('-1', '1.5', '100001', '1e309', 'NaN', 'Infinity', '0x10', '-0', '9'.repeat(400)),
        categoryId: badUuid,
        imageUrl: fc.constantFrom('https://evil.com/a.png', 'javascript:alert(1)', '//evil.com/a.png', '/uploads/../auth-secret', 'data:image/png;base64,AAAA', `/images/${'a'.repeat(600)}.png`),
        'variants.0.size': badText(40),
        'variants.0.price': fc.oneof(blank, badMoney),
        'variants.0.id': badUuid,
        'kitItems.0.productId': badUuid,
        'kitItems.0.quantity': badQuantity,
        // Safety (issue 32): each value refused on its own (a kind or a class outside the lists, a malformed number).
        anvisaKind: fc.constantFrom('NOTIFICADO', 'isento', '__proto__', LONG),
        anvisaNumber: fc.constantFrom('MS-123', '25351.1/2026-01 OR 1=1', '.25351', `1${'0'.repeat(30)}`),
        riskClass: fc.constantFrom('0', '3', '1.0', ' 1', 'risco 1'),
        unNumber: fc.constantFrom('117', '11700', 'UN1170', '１１７０'),
        hazardClass: fc.constantFrom('7', '1.1', '3 ', 'Classe 3'),
        // Two sizes with the same name, or the same product twice in a kit.
        'variants.1.size': fc.constantFrom('1 L', '1 l'),
      }).chain((entries) => kitItem.map((k) => [...entries, ['kitItems.5.productId', k.productId], ['kitItems.5.quantity', k.quantity]] as Entries)),
      statuses: [400, 413],
    });
    const plan = {
      intent: 'update-plan',
      id: fixtures.planId,
      planName: 'Plano Hostil',
      price: '49,90',
      headline: 'Chamada',
      description: '',
      'benefits.0.text': 'Desconto',
      'benefits.0.icon': 'Percent',
      'steps.0.title': 'Passo',
      'steps.0.description': 'Faça.',
    };
    await checkAction({
      route: 'admin/subscriptions',
      url: '/admin/subscriptions',
      who: 'admin',
      form: fc.oneof(
        hostileForm(plan, {
          id: badUuid,
          planName: badText(80),
          price: fc.oneof(blank, fc.constantFrom('abc', '-1', '-0,01', '100000', '1e309', 'NaN', 'Infinity', '49,999', '0x10'), over(32)),
          headline: badText(160),
          description: badOptionalText(2000),
          imageUrl: fc.constantFrom('https://evil.com/a.png', 'javascript:alert(1)', '/uploads/../x'),
          'benefits.0.text': badText(120),
          'benefits.0.icon': fc.oneof(anyText, fc.constantFrom('Skull', 'percent', 'constructor', '__proto__')),
          'steps.0.title': badText(80),
          'steps.0.description': badText(400),
          'benefits.1.text': fc.constantFrom('Desconto', 'DESCONTO'),
        }),
        hostileForm({ intent: 'assign', email: 'ana@exemplo.com.br' }, { email: badEmail }),
        hostileForm({ intent: 'remove', subscriptionId: VALID_UUID }, { subscriptionId: fc.oneof(badUuid, fc.constant('')), intent: fc.constantFrom('', 'REMOVE', 'assign-all', LONG) }),
      ),
    });

    // The store's settings: phones that are not Brazilian numbers with DDD, links off the network's site.
    const settings = {
      version: '1',
      phone: '(11) 4002-8922',
      hours: 'Segunda a sexta, das 8h às 18h',
      contactEmail: 'contato@clarear.com.br',
      whatsapp: '(11) 94002-8922',
      whatsappMessage: 'Olá!',
      'social.instagram': 'https://www.instagram.com/clarear.limpeza',
      'social.facebook': '',
      'figures.0.value': '50k+',
      'figures.0.label': 'clientes',
      'figures.1.value': '98%',
      'figures.1.label': 'de aprovação',
      'figures.2.value': '24h',
      'figures.2.label': 'entrega',
      'figures.3.value': '100+',
      'figures.3.label': 'produtos',
      welcomeOffer: 'on',
      aboutTitle: 'Título',
      aboutSubtitle: 'Subtítulo',
      aboutDescription: 'Texto',
      'seller.legalName': 'Clarear Produtos de Limpeza Ltda.',
      'seller.cnpj': '11.222.333/0001-81',
      'seller.stateRegistration': '110042490114',
      'seller.addressZipCode': '01001-000',
      'seller.addressStreet': 'Rua de Exemplo',
      'seller.addressNumber': '100',
      'seller.addressNeighborhood': 'Sé',
      'seller.addressCity': 'São Paulo',
      'seller.addressState': 'SP',
      'seller.answerDays': '5',
    };
    const badPhone = fc.oneof(
      blank,
      withNul,
      over(30),
      weird,
      fc.constantFrom('4002-8922', '(00) 4002-8922', '(11) 64002-8922', '(11) 1002-8922', '0800 123 4567', '+1 415 555 0100', '(11) 940028-92211', 'tel:+551140028922', '１１４００２８９２２'),
    );
    const badSocial = fc.oneof(
      withNul,
      weird.filter((w) => w.trim() !== ''),
      fc.constantFrom('javascript:alert(1)', 'JAVASCRIPT://www.instagram.com/%0aalert(1)', 'data:text/html,<script>', '//www.instagram.com/a', 'http://www.instagram.com/a', 'https://www.instagram.com.evil.example/a', 'https://www.instagram.com@evil.example/a', 'https://evil.example/www.instagram.com', 'https://www.instagram.com/'),
      fc.constant(`https://www.instagram.com/${'a'.repeat(400)}`),
    );
    await checkAction({
      route: 'admin/settings',
      url: '/admin/settings',
      who: 'admin',
      form: hostileForm(settings, {
        version: fc.constantFrom('', 'x', '0', '-1', '1.5', 'NaN', '1e309', '99'),
        phone: badPhone,
        whatsapp: badPhone,
        contactEmail: badEmail,
        hours: badText(120),
        whatsappMessage: badText(300),
        'social.instagram': badSocial,
        'social.facebook': badSocial.map((v) => v.replace('instagram', 'facebook')),
        'figures.0.value': badText(12),
        'figures.3.label': badText(60),
        'figures.7.value': fc.constantFrom('1', 'x'),
        aboutTitle: badText(120),
        aboutDescription: badText(3000),
        // The seller: a CNPJ or CEP that is not one, a CEP of another UF, an IE with letters, a day count out of 1–5.
        'seller.cnpj': fc.oneof(blank, withNul, over(32), fc.constantFrom('11.222.333/0001-82', '529.982.247-25', '00000000000000', '12ABC34501DE36')),
        'seller.addressZipCode': fc.oneof(blank, withNul, fc.constantFrom('20040-020', '0100-1000', '00000-000', '１１１１１-１１１')),
        'seller.stateRegistration': fc.oneof(blank, withNul, over(20), fc.constantFrom('ABC123', '1', 'isento?')),
        'seller.addressState': fc.constantFrom('', 'XX', 'sp', 'SP; drop table'),
        'seller.answerDays': fc.constantFrom('', '0', '6', '2.5', '1e1', '-1'),
      }),
      statuses: [400, 409, 413],
    });

    // Uploads answer JSON: garbage, a missing file, a file that is not an image, or a body over the cap.
    const uploads = m['admin/uploads']!.action!;
    const before = await snapshot();
    const uploadBody = fc.oneof(
      fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({ body: bytes, headers: { 'content-type': 'multipart/form-data; boundary=----x' } })),
      fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({ body: bytes, headers: { 'content-type': 'application/octet-stream' } })),
      hostileForm({ file: 'texto' }, { file: anyText }).map((entries) => body(entries, true)),
      fc.uint8Array({ minLength: 1, maxLength: 4000 }).map((bytes) => {
        const form = new FormData();
        form.append('file', new File([bytes], 'foto.png', { type: 'image/png' }));
        return { body: form as BodyInit, headers: {} };
      }),
      fc.constant({ body: new Uint8Array(6 * 1024 * 1024) as BodyInit, headers: { 'content-type': 'multipart/form-data; boundary=----x' } }),
    );
    await fc.assert(
      fc.asyncProperty(uploadBody, async (raw) => {
        const reply = await answer(() => uploads({ request: request('/admin/uploads', { cookie: cookies.admin, raw }), params: {}, context: {} }));
        expect([400, 413, 415], JSON.stringify(reply.data)).toContain(reply.status);
        expectPtBrMessages(reply.data, true);
      }),
      { numRuns: RUNS },
    );
    expect(await snapshot()).toEqual(before);
  });

  it('Better Auth behind /api/auth answers hostile JSON with a 4xx and writes nothing; logout ignores any body', async () => {
    const auth = m['api.auth']!.action!;
    const paths = fc.constantFrom('/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset', '/api/auth/reset-password', '/api/auth/sign-out');
    const json = fc.oneof(
      fc.constantFrom('', '{', '[]', 'null', '1', '"x"', '{"email":[]}', '{"__proto__":{"role":"admin"}}', '{"email":{"$ne":null}}'),
      fc.record({ email: badEmail, password: anyText, name: anyText, token: anyText, newPassword: anyText, role: fc.constant('admin') }).map((o) => JSON.stringify(o)),
      fc.constant(JSON.stringify({ email: 'a@exemplo.com.br', password: 'senha-segura-1', name: LONG })),
    );
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(paths, json, async (url, text) => {
        const reply = await answer(() => auth({ request: request(url, { raw: { body: text, headers: { 'content-type': 'application/json' } } }), params: {}, context: {} }));
        expect(reply.status, `${url} ${text.slice(0, 200)} → ${JSON.stringify(reply.data).slice(0, 200)}`).toBeLessThan(500);
        // Sign-out without a session, and a reset request for any address (so nobody learns who has an account),
        // are a harmless 200; everything else is refused.
        if (url !== '/api/auth/sign-out' && url !== '/api/auth/request-password-reset') {
          expect(reply.status, `${url} ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        }
      }),
      { numRuns: RUNS },
    );
    expect(await snapshot()).toEqual(before);

    const logout = m.logout!.action!;
    await fc.assert(
      fc.asyncProperty(hostileForm({ intent: 'logout' }, { intent: anyText }), async (entries) => {
        const reply = await answer(() => logout({ request: request('/logout', { entries }), params: {}, context: {} }));
        expect(reply.status).toBe(302);
        expect(reply.location).toBe('/');
      }),
      { numRuns: 5 },
    );
    expect(await snapshot()).toEqual(before);
  });

  // ---------------------------------------------------------------- loaders

  type LoaderCase = { route: string; path: string; params?: (value: string) => Record<string, string>; query?: string[]; who: 'anonymous' | 'customer' | 'admin'; ok: (a: Answer) => boolean };

  const hostileParam = fc.oneof(anyText, badUuid, fc.constantFrom('%', '%00', '..', '/', '?', '#', 'a'.repeat(300)));

  async function checkLoader(c: LoaderCase) {
    const loader = m[c.route]!.loader!;
    expect(loader, c.route).toBeTypeOf('function');
    const cookie = c.who === 'anonymous' ? undefined : cookies[c.who];
    const query = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...(c.query ?? ['x'])), fc.string({ maxLength: 8 })), hostileParam), { maxLength: 5 });
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(query, hostileParam, async (pairs, value) => {
        const search = new URLSearchParams();
        for (const [k, v] of pairs) search.append(k, v);
        const params = c.params?.(value) ?? {};
        const url = `${c.path.replace(':value', encodeURIComponent(wellFormed(value)))}?${search.toString()}`;
        const reply = await answer(() => loader({ request: request(url, { cookie }), params, context: {} }));
        expect(c.ok(reply), `${c.route} ${url.slice(0, 200)} → ${reply.status} ${JSON.stringify(reply.data).slice(0, 200)}`).toBe(true);
        if (reply.status >= 400) expectPtBrMessages(reply.data, false);
      }),
      { numRuns: RUNS },
    );
    expect(await snapshot(), `${c.route} loader wrote something`).toEqual(before);
  }

  const page = (a: Answer) => a.status === 200;
  const pageOr404 = (a: Answer) => a.status === 200 || a.status === 404;

  it('every loader that reads the query string or a path parameter answers a page or a 404, never a 500', async () => {
    await checkLoader({ route: 'products', path: '/produtos', query: ['q', 'categoria', 'visualizacao', 'page'], who: 'anonymous', ok: page });
    await checkLoader({ route: 'blog', path: '/blog', query: ['q', 'categoria'], who: 'anonymous', ok: page });
    await checkLoader({ route: 'kit-builder', path: '/kits/monte-seu-kit', query: ['q'], who: 'anonymous', ok: page });
    await checkLoader({ route: 'kits', path: '/kits', query: ['q', 'page'], who: 'anonymous', ok: page });
    await checkLoader({ route: 'login', path: '/login', query: ['redirectTo', 'error', 'verificado', 'modo'], who: 'anonymous', ok: page });
    await checkLoader({ route: 'reset-password', path: '/redefinir-senha', query: ['token'], who: 'anonymous', ok: page });
    await checkLoader({ route: 'chatbot', path: '/chatbot', query: ['intent'], who: 'anonymous', ok: (a) => a.status === 200 || a.status === 400 });
    await checkLoader({ route: 'order', path: '/pedido/:value', params: (id) => ({ id }), query: ['novo'], who: 'customer', ok: (a) => a.status === 404 });
    await checkLoader({ route: 'product', path: '/produtos/:value', params: (slug) => ({ slug }), who: 'anonymous', ok: pageOr404 });
    await checkLoader({ route: 'api.product', path: '/api/produtos/:value', params: (slug) => ({ slug }), who: 'customer', ok: pageOr404 });
    await checkLoader({ route: 'blog-post', path: '/blog/:value', params: (slug) => ({ slug }), who: 'anonymous', ok: pageOr404 });
    await checkLoader({ route: 'legal-page', path: '/:value', params: (slug) => ({ slug }), who: 'anonymous', ok: pageOr404 });
    await checkLoader({ route: 'customer/addresses', path: '/area-cliente/enderecos', query: ['editar', 'excluir'], who: 'customer', ok: pageOr404 });
    await checkLoader({ route: 'admin/products', path: '/admin/products', query: ['q', 'pagina'], who: 'admin', ok: page });
    await checkLoader({ route: 'admin/subscriptions', path: '/admin/subscriptions', query: ['pagina'], who: 'admin', ok: page });
    // Refused dates show the default period with their messages; the CSV refuses them (400, pt-BR) rather than export another period.
    await checkLoader({ route: 'admin/reports', path: '/admin/reports', query: ['periodo', 'de', 'ate'], who: 'admin', ok: page });
    await checkLoader({ route: 'admin/reports-export', path: '/admin/reports/export.csv', query: ['tabela', 'periodo', 'de', 'ate'], who: 'admin', ok: (a) => a.status === 200 || a.status === 400 });
    // A malformed or unknown product id sends the admin back to the list with a toast.
    await checkLoader({
      route: 'admin/product-edit',
      path: '/admin/products/:value',
      params: (id) => ({ id }),
      who: 'admin',
      ok: (a) => (a.status === 302 && a.location === '/admin/products') || a.status === 200, // 200: 'new'
    });
  });

  it('a signed-in customer sent to /login?redirectTo=… always lands on a path of the store', async () => {
    const loader = m.login!.loader!;
    const go = async (redirectTo: string) => {
      const url = `/login?${new URLSearchParams({ redirectTo }).toString()}`;
      return answer(() => loader({ request: request(url, { cookie: cookies.customer }), params: {}, context: {} }));
    };
    // The issue's case: '/%09/evil.com' in the address bar is '/\t/evil.com' once decoded, '//evil.com' to a browser.
    const issue = await answer(() => loader({ request: request('/login?redirectTo=/%09/evil.com', { cookie: cookies.customer }), params: {}, context: {} }));
    expect(issue).toMatchObject({ status: 302, location: '/area-cliente' });
    expect((await go('/area-cliente/meus-pedidos?x=1#y')).location).toBe('/area-cliente/meus-pedidos?x=1#y');
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileParam, fc.webUrl(), fc.constantFrom('//evil.com', '/\\evil.com', '/\t/evil.com', '/.//evil.com', 'javascript:alert(1)')), async (redirectTo) => {
        const reply = await go(redirectTo);
        expect(reply.status).toBe(302);
        expect(new URL(reply.location!, `${ORIGIN}/login`).origin, `${JSON.stringify(redirectTo)} → ${reply.location}`).toBe(ORIGIN);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('ids of 36 dashes or unknown uuids are a 404 or a 400, never a 500', async () => {
    const dashes = '-'.repeat(36);
    const order = m.order!.loader!;
    for (const id of [dashes, randomUUID(), fixtures.productId]) {
      expect((await answer(() => order({ request: request(`/pedido/${id}`, { cookie: cookies.customer }), params: { id }, context: {} }))).status, id).toBe(404);
    }
    const checkout = m.checkout!.action!;
    const quote = (lines: unknown[]) =>
      answer(() => checkout({ request: request('/checkout', { entries: [['intent', 'quote'], ['cart', JSON.stringify(lines)]] }), params: {}, context: {} }));
    const refused = await quote([{ id: dashes, product_id: dashes, quantity: 1 }]);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ quote: null, message: 'Carrinho inválido. Recarregue a página e tente novamente.' });
    // A well-formed id the store does not sell is reported as removed (the page drops it from the cart).
    const unknown = randomUUID();
    const reply = await quote([{ id: unknown, product_id: unknown, quantity: 1 }]);
    expect(reply.status).toBe(200);
    expect(reply.data).toMatchObject({ quote: { removed: [unknown], lines: [] } });
  });

  it('the same variant posted twice is one line, and never more than 99 units', async () => {
    const checkout = m.checkout!.action!;
    const quote = (lines: unknown[]) =>
      answer(() => checkout({ request: request('/checkout', { entries: [['intent', 'quote'], ['cart', JSON.stringify(lines)]] }), params: {}, context: {} }));
    const merged = await quote([line({ quantity: 40 }), line({ quantity: 59 })]);
    expect(merged.status).toBe(200);
    const lines = (merged.data as { quote: { lines: { id: string; quantity: number }[] } }).quote.lines;
    expect(lines).toEqual([expect.objectContaining({ id: fixtures.variantId, quantity: 99 })]);
    const over = await quote([line({ quantity: 99 }), line({ quantity: 1 })]);
    expect(over).toMatchObject({ status: 400, data: { quote: null, message: 'Cada item pode ter de 1 a 99 unidades.' } });

    // Paying for it: refused with the same message in a toast, and no order.
    const before = await snapshot();
    const pay = await answer(() =>
      checkout({
        request: request('/checkout', {
          cookie: cookies.customer,
          entries: [
            ['intent', 'pay'],
            ['cart', JSON.stringify([line({ quantity: 99 }), line({ quantity: 99 })])],
            ['idempotencyKey', randomUUID()],
            ['paymentMethod', 'pix'],
            ['taxId', '529.982.247-25'],
          ],
        }),
        params: {},
        context: {},
      }),
    );
    expect(pay).toMatchObject({ status: 400, data: { ok: false, toast: { title: 'Carrinho inválido', description: 'Cada item pode ter de 1 a 99 unidades.' } } });
    expect(await snapshot()).toEqual(before);
  });

  it('a body over the cap is a 413 with a pt-BR message on every kind of action, and nothing is read past the cap', async () => {
    const before = await snapshot();
    for (const [route, url, who, params] of [
      ['contact', '/contato', 'anonymous', {}],
      ['newsletter', '/newsletter', 'anonymous', {}],
      ['login', '/login', 'anonymous', {}],
      ['checkout', '/checkout', 'anonymous', {}],
      ['customer/addresses', '/area-cliente/enderecos', 'customer', {}],
      ['admin/product-edit', '/admin/products/new', 'admin', { id: 'new' }],
    ] as const) {
      let pulled = 0;
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 64 * 1024;
          controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
        },
      });
      const headers: Record<string, string> = { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextIp() };
      if (who !== 'anonymous') headers.cookie = cookies[who];
      const req = new Request(`${ORIGIN}${url}`, { method: 'POST', headers, body: endless, duplex: 'half' } as RequestInit);
      const reply = await answer(() => m[route]!.action!({ request: req, params, context: {} }));
      expect(reply, route).toMatchObject({ status: 413, data: { message: 'O envio é grande demais. Reduza o texto e tente novamente.' } });
      // Read up to the cap (512 KiB for the product editor, 64 KiB elsewhere) and the chunks in flight, never on.
      const cap = { 'admin/product-edit': 512, contact: 128 }[route as string] ?? 64;
      expect(pulled, route).toBeLessThanOrEqual(cap * 1024 + 3 * 64 * 1024);
    }
    const auth = await answer(() =>
      m['api.auth']!.action!({
        request: request('/api/auth/sign-up/email', { raw: { body: JSON.stringify({ name: LONG, email: 'a@exemplo.com.br', password: 'senha-segura-1' }), headers: { 'content-type': 'application/json' } } }),
        params: {},
        context: {},
      }),
    );
    // Refused unread: over the cap (413), or, where Better Auth's endpoints are closed to outside calls, 404.
    expect([404, 413]).toContain(auth.status);
    if (auth.status === 413) expect(auth.data).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'O envio é grande demais. Reduza o texto e tente novamente.' });
    expect(await snapshot()).toEqual(before);
  });
});

/** Lone surrogates replaced, as a browser's URL encoder does. */
function wellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}
