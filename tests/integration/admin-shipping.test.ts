// /admin/frete on every engine, through the app itself (its database with the 0028 seed, and its auth):
// visitors and customers get nothing and change nothing; the admin lists the seeded services, zones and
// rules, switches a service on and off (never the store's last one), saves a service with its price
// brackets in one go, and is refused in pt-BR with nothing written on bad input, on a stale form
// (optimistic concurrency on shipping_services.version) and on two saves from one form; a zone with an
// inverted CEP range, or with neither UF nor range, is refused; a rule is saved, switched and deleted.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type * as ListRoute from '~/routes/admin/shipping';
import type * as RuleRoute from '~/routes/admin/shipping-rule';
import type * as ServiceRoute from '~/routes/admin/shipping-service';
import type * as ZoneRoute from '~/routes/admin/shipping-zone';
import { SHIPPING_MESSAGES } from '~/lib/schemas/shipping';
import { engines } from '../support/engines';
import { prepareFreshApp } from '../support/fresh-app';
import { TEST_ADMIN } from '../support/test-admin';

const ORIGIN = 'http://localhost:3000';

/** The seeded rows (drizzle/0028_freight.sql). */
const SEED = {
  clarear: 'e7dcf528-cccb-5919-b67f-c0d024955c78',
  pac: '391fc190-cbda-542f-be71-91bc491731e6',
  sedex: 'c57d7858-6b98-5d40-874e-af162c6feb42',
  brasil: 'eb5a0cf0-13a8-5a1c-9497-f7fe92a7265f',
  grandeSp: 'b73707e1-9a89-5440-afd2-b8314a5f477c',
  estadoSp: '03101cd0-7543-5285-981b-2030b8d4f255',
};

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

type Routes = { list: typeof ListRoute; service: typeof ServiceRoute; zone: typeof ZoneRoute; rule: typeof RuleRoute };
type Module = { loader: (args: never) => unknown; action: (args: never) => unknown };
type Fields = [string, string][] | Record<string, string>;

/** The service form as the page posts it: a new express service with two brackets. */
function serviceForm(extra: Record<string, string> = {}): [string, string][] {
  const fields: Record<string, string> = {
    name: 'Motoboy Grande São Paulo',
    carrier: 'propria',
    handlingDays: '0',
    cubicDivisor: '6000',
    valuePercent: '0',
    melhorEnvioServiceId: '',
    marginPercent: '0',
    'rates.0.zoneId': SEED.grandeSp,
    'rates.0.maxWeightKg': '5',
    'rates.0.price': '14,90',
    'rates.0.deadlineDays': '1',
    'rates.1.zoneId': SEED.grandeSp,
    'rates.1.maxWeightKg': '',
    'rates.1.price': '29,90',
    'rates.1.deadlineDays': '2',
    ...extra,
  };
  return [...Object.entries(fields), ['acceptedHazardClasses', '3'], ['acceptedHazardClasses', '8']];
}

describe.each(engines.map((e) => e.name))('admin freight on %s', (engineName) => {
  let db: Database;
  let s: typeof Schema;
  let r: Routes;
  let cookies: { admin: string; customer: string };
  let created: { serviceId?: string; zoneId?: string; ruleId?: string } = {};

  const request = (url: string, cookie: string | null, fields?: Fields) => {
    const headers = new Headers(fields ? { origin: ORIGIN } : {});
    if (cookie) headers.set('cookie', cookie);
    if (!fields) return new Request(`${ORIGIN}${url}`, { headers });
    const body = new FormData();
    for (const [k, v] of Array.isArray(fields) ? fields : Object.entries(fields)) body.append(k, v);
    return new Request(`${ORIGIN}${url}`, { method: 'POST', headers, body });
  };
  const get = (module: Module, url: string, cookie: string | null, params: Record<string, string> = {}) =>
    answerOf(() => module.loader({ request: request(url, cookie), params, context: {} } as never));
  const post = (module: Module, url: string, fields: Fields, cookie: string | null, params: Record<string, string> = {}) =>
    answerOf(() => module.action({ request: request(url, cookie, fields), params, context: {} } as never));

  /** Every freight table, row by row: a refusal leaves it exactly as it was. */
  const snapshot = async () =>
    JSON.stringify([
      await db.select().from(s.shippingServices).orderBy(asc(s.shippingServices.id)),
      await db.select().from(s.shippingRates).orderBy(asc(s.shippingRates.id)),
      await db.select().from(s.shippingZones).orderBy(asc(s.shippingZones.id)),
      await db.select().from(s.freeShippingRules).orderBy(asc(s.freeShippingRules.id)),
    ]);
  const service = async (id: string) => (await db.select().from(s.shippingServices).where(eq(s.shippingServices.id, id)))[0]!;
  const rates = (serviceId: string) =>
    db
      .select({ zoneId: s.shippingRates.zoneId, maxWeightGrams: s.shippingRates.maxWeightGrams, price: s.shippingRates.price, deadlineDays: s.shippingRates.deadlineDays })
      .from(s.shippingRates)
      .where(eq(s.shippingRates.serviceId, serviceId))
      .orderBy(asc(s.shippingRates.price));

  it('opens the app database (migrated and seeded at start) and signs in the admin and a customer', async () => {
    created = {};
    const { dataDir, dropDatabase } = await prepareFreshApp(engineName, 'clarear-frete-', 'clarear_frete');
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    const { callAuth } = await import('~/server/auth/auth.server');
    const { settleBackgroundTasks } = await import('~/server/infra/background.server');
    s = await import('~/db/schema');
    r = {
      list: await import('~/routes/admin/shipping'),
      service: await import('~/routes/admin/shipping-service'),
      zone: await import('~/routes/admin/shipping-zone'),
      rule: await import('~/routes/admin/shipping-rule'),
    };
    db = await getDb();
    const handle = await getDatabaseHandle();
    cleanups.push(async () => {
      await settleBackgroundTasks(10_000);
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    });

    let address = 0;
    const authRequest = () => new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': `10.89.0.${++address}` } });
    const signIn = async (email: string, password: string) => {
      const result = await callAuth(authRequest(), '/sign-in/email', { email, password });
      if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.status} ${result.code}`);
      return result.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    };
    const email = `caio.${randomUUID().slice(0, 6)}@exemplo.com.br`;
    const password = `senha-${randomUUID().slice(0, 8)}`;
    expect((await callAuth(authRequest(), '/sign-up/email', { name: 'Caio Cliente', email, password })).ok).toBe(true);
    await db.update(s.user).set({ emailVerified: true }).where(eq(s.user.email, email));
    cookies = { admin: await signIn(TEST_ADMIN.email, TEST_ADMIN.password), customer: await signIn(email, password) };
  });

  it('a visitor is sent to sign in and a customer is refused (page → home, post → 403) on every page: nothing is written', async () => {
    const before = await snapshot();
    const pages: [Module, string, Record<string, string>, Fields][] = [
      [r.list, '/admin/frete', {}, { intent: 'toggle', kind: 'service', id: SEED.pac, active: 'true' }],
      [r.service, `/admin/frete/servicos/${SEED.pac}`, { id: SEED.pac }, { intent: 'delete' }],
      [r.service, '/admin/frete/servicos/novo', { id: 'novo' }, serviceForm()],
      [r.zone, `/admin/frete/zonas/${SEED.grandeSp}`, { id: SEED.grandeSp }, { intent: 'delete' }],
      [r.rule, '/admin/frete/regras/nova', { id: 'nova' }, { name: 'Intrusa', active: 'on' }],
    ];
    for (const [module, url, params, fields] of pages) {
      const login = `/login?redirectTo=${encodeURIComponent(url)}`;
      expect(await get(module, url, null, params), url).toMatchObject({ status: 302, location: login });
      expect(await get(module, url, cookies.customer, params), url).toMatchObject({ status: 302, location: '/' });
      expect(await post(module, url, fields, null, params), url).toMatchObject({ status: 302, location: login });
      expect(await post(module, url, fields, cookies.customer, params), url).toMatchObject({ status: 403 });
    }
    expect(await snapshot()).toBe(before);
  });

  it('the admin lists the seeded setup: Entrega Clarear on, the other services off with their brackets, the zones and the rules', async () => {
    const page = await get(r.list, '/admin/frete', cookies.admin);
    expect(page.status).toBe(200);
    const { setup, error } = page.body as Awaited<ReturnType<typeof ListRoute.loader>>;
    expect(error).toBeNull();
    expect(setup.services.map((x) => [x.name, x.active])).toEqual([
      ['Entrega Clarear', true],
      ['Correios PAC', false],
      ['Correios SEDEX', false],
      ['Jadlog .Package', false],
      ['Transportadora de produtos perigosos', false],
      ['Entrega expressa Grande São Paulo (24 h)', false],
    ]);
    expect(setup.services[0]).toMatchObject({ carrier: 'propria', acceptedHazardClasses: ['3', '8'], handlingDays: 0, melhorEnvioServiceId: null, rateCount: 2, zoneCount: 2 });
    expect(setup.services[1]).toMatchObject({ carrier: 'correios', acceptedHazardClasses: [], handlingDays: 1, melhorEnvioServiceId: 1 });
    expect(setup.services[1]!.rateCount).toBeGreaterThan(6);
    expect(setup.zones.map((z) => z.name)).toEqual(['Brasil', 'Centro-Oeste', 'Estado de São Paulo', 'Grande São Paulo', 'Nordeste', 'Norte', 'Sudeste (RJ, MG, ES)', 'Sul']);
    expect(setup.zones.find((z) => z.name === 'Grande São Paulo')).toMatchObject({ states: [], cepRanges: [{ from: '01000000', to: '09999999' }], ruleCount: 1 });
    expect(setup.zones.find((z) => z.name === 'Brasil')!.states).toHaveLength(27);
    expect(setup.rules).toEqual([
      { id: expect.any(String), name: 'Frete grátis acima de R$ 199,00 na Grande São Paulo', zoneName: 'Grande São Paulo', serviceName: null, minSubtotalCents: 19900, subscribersOnly: false, active: false },
      { id: expect.any(String), name: 'Frete grátis para assinantes', zoneName: null, serviceName: null, minSubtotalCents: null, subscribersOnly: true, active: true },
      { id: expect.any(String), name: 'Frete grátis para todos os pedidos', zoneName: null, serviceName: null, minSubtotalCents: null, subscribersOnly: false, active: false },
    ]);

    // A service's page shows its brackets as the form types them.
    const pac = await get(r.service, `/admin/frete/servicos/${SEED.pac}`, cookies.admin, { id: SEED.pac });
    const form = (pac.body as { service: { rates: { zoneId: string; maxWeightKg: string; price: string; deadlineDays: string }[]; version: number } }).service;
    expect(form.version).toBe(1);
    // By zone name (Centro-Oeste first), then weight.
    expect(form.rates.slice(0, 3).map((x) => x.maxWeightKg)).toEqual(['1', '2', '5']);
    expect(form.rates.find((x) => x.zoneId === SEED.estadoSp)).toEqual({ zoneId: SEED.estadoSp, maxWeightKg: '1', price: '21,90', deadlineDays: '4' });
    expect(form.rates.find((x) => x.zoneId === SEED.grandeSp)).toEqual({ zoneId: SEED.grandeSp, maxWeightKg: '1', price: '18,90', deadlineDays: '3' });
    // An unknown id goes back to the list with a toast.
    const missing = randomUUID();
    expect(await get(r.service, `/admin/frete/servicos/${missing}`, cookies.admin, { id: missing })).toMatchObject({ status: 302, location: '/admin/frete' });
    expect(await get(r.zone, '/admin/frete/zonas/xyz', cookies.admin, { id: 'xyz' })).toMatchObject({ status: 302, location: '/admin/frete' });
  });

  it('the admin switches a service on and off at once, with a toast; never the store’s last active one', async () => {
    const on = await post(r.list, '/admin/frete', { intent: 'toggle', kind: 'service', id: SEED.pac, active: 'true' }, cookies.admin);
    expect(on).toMatchObject({ status: 200, body: { ok: true, toast: { title: 'Serviço ligado', description: '“Correios PAC” já aparece como opção de frete no checkout.' } } });
    expect(await service(SEED.pac)).toMatchObject({ active: true, version: 2 });
    // The same click twice is one state.
    expect((await post(r.list, '/admin/frete', { intent: 'toggle', kind: 'service', id: SEED.pac, active: 'true' }, cookies.admin)).status).toBe(200);
    expect((await service(SEED.pac)).active).toBe(true);
    const off = await post(r.list, '/admin/frete', { intent: 'toggle', kind: 'service', id: SEED.pac, active: 'false' }, cookies.admin);
    expect(off).toMatchObject({ status: 200, body: { ok: true, toast: { title: 'Serviço desligado' } } });
    expect((await service(SEED.pac)).active).toBe(false);

    // Entrega Clarear is now the only one on: switching it off would leave checkout without freight.
    const before = await snapshot();
    const last = await post(r.list, '/admin/frete', { intent: 'toggle', kind: 'service', id: SEED.clarear, active: 'false' }, cookies.admin);
    expect(last).toMatchObject({ status: 409, body: { ok: false, toast: { description: expect.stringContaining('ao menos um serviço de entrega ligado') } } });
    expect(await post(r.service, `/admin/frete/servicos/${SEED.clarear}`, { intent: 'delete' }, cookies.admin, { id: SEED.clarear })).toMatchObject({ status: 409 });
    // A forged switch, and one for a record that does not exist.
    expect((await post(r.list, '/admin/frete', { intent: 'toggle', kind: 'zone', id: SEED.brasil, active: 'true' }, cookies.admin)).status).toBe(400);
    expect((await post(r.list, '/admin/frete', { intent: 'toggle', kind: 'rule', id: randomUUID(), active: 'true' }, cookies.admin)).status).toBe(404);
    expect(await snapshot()).toBe(before);
    expect((await service(SEED.clarear)).active).toBe(true);
  });

  it('the admin saves a new service with its brackets in one go, then edits them', async () => {
    const answer = await post(r.service, '/admin/frete/servicos/novo', serviceForm({ active: 'on' }), cookies.admin, { id: 'novo' });
    expect(answer).toMatchObject({ status: 302, location: expect.stringMatching(/^\/admin\/frete\/servicos\/[0-9a-f-]{36}$/) });
    expect(answer.setCookie).toBeTruthy();
    const id = answer.location!.split('/').at(-1)!;
    created.serviceId = id;
    expect(await service(id)).toMatchObject({
      name: 'Motoboy Grande São Paulo',
      carrier: 'propria',
      acceptedHazardClasses: ['3', '8'],
      handlingDays: 0,
      cubicDivisor: 6000,
      valuePercent: '0.00',
      melhorEnvioServiceId: null,
      active: true,
      version: 1,
      displayOrder: 6,
    });
    expect(await rates(id)).toEqual([
      { zoneId: SEED.grandeSp, maxWeightGrams: 5000, price: '14.90', deadlineDays: 1 },
      { zoneId: SEED.grandeSp, maxWeightGrams: null, price: '29.90', deadlineDays: 2 },
    ]);

    // The edit replaces the whole table: one bracket changed, one removed, one in another zone added.
    const edited = await post(
      r.service,
      `/admin/frete/servicos/${id}`,
      [
        ...serviceForm({ version: '1', active: 'on', valuePercent: '1,25', 'rates.0.price': '12,50', 'rates.1.zoneId': SEED.estadoSp, 'rates.1.maxWeightKg': '2,5' }),
      ],
      cookies.admin,
      { id },
    );
    expect(edited).toMatchObject({ status: 302, location: `/admin/frete/servicos/${id}` });
    expect(await service(id)).toMatchObject({ version: 2, valuePercent: '1.25' });
    expect(await rates(id)).toEqual([
      { zoneId: SEED.grandeSp, maxWeightGrams: 5000, price: '12.50', deadlineDays: 1 },
      { zoneId: SEED.estadoSp, maxWeightGrams: 2500, price: '29.90', deadlineDays: 2 },
    ]);
  });

  it('bad input is refused field by field in pt-BR, keeps what was typed, and writes nothing', async () => {
    const id = created.serviceId!;
    const before = await snapshot();
    const answer = await post(
      r.service,
      `/admin/frete/servicos/${id}`,
      serviceForm({
        version: '2',
        name: '',
        handlingDays: '-1',
        'rates.0.price': '-3,00',
        'rates.1.zoneId': SEED.grandeSp,
        'rates.1.maxWeightKg': '5,000',
        'rates.2.zoneId': SEED.grandeSp,
        'rates.2.maxWeightKg': '',
        'rates.2.price': '1.000,00',
        'rates.2.deadlineDays': '3',
      }),
      cookies.admin,
      { id },
    );
    expect(answer.status).toBe(400);
    const body = answer.body as { errors: Record<string, string>; typed: Record<string, unknown>; toast: { title: string } };
    expect(body.errors).toEqual({
      name: 'Informe o nome.',
      handlingDays: 'Informe um número inteiro de dias úteis, de 0 a 60.',
      'rates.0.price': 'O valor não pode ser negativo.',
      'rates.1.maxWeightKg': 'Esta zona já tem uma faixa até 5 kg.',
    });
    expect(body.toast.title).toBe('Erro ao salvar o serviço');
    expect(body.typed).toMatchObject({ name: '', handlingDays: '-1', acceptedHazardClasses: ['3', '8'] });
    expect((body.typed.rates as Record<string, string>[])[0]).toEqual({ zoneId: SEED.grandeSp, maxWeightKg: '5', price: '-3,00', deadlineDays: '1' });
    // Another service's Melhor Envio code is taken: said beside the field.
    const taken = await post(r.service, `/admin/frete/servicos/${id}`, serviceForm({ version: '2', melhorEnvioServiceId: '2' }), cookies.admin, { id });
    expect(taken).toMatchObject({ status: 409, body: { errors: { melhorEnvioServiceId: 'Outro serviço já usa este código do Melhor Envio.' } } });
    // A forged version, and a zone that does not exist.
    expect((await post(r.service, `/admin/frete/servicos/${id}`, serviceForm({ version: 'x' }), cookies.admin, { id })).status).toBe(400);
    const ghost = await post(r.service, `/admin/frete/servicos/${id}`, serviceForm({ version: '2', 'rates.1.zoneId': randomUUID() }), cookies.admin, { id });
    expect(ghost).toMatchObject({ status: 409, body: { errors: { rates: 'Uma zona escolhida não existe mais. Recarregue a página.' } } });
    expect(await snapshot()).toBe(before);
  });

  it('a stale form is refused with nothing written; of two saves from one form exactly one lands', async () => {
    const id = created.serviceId!;
    // Switched off from the list since the form (version 2) was opened: the version moved on.
    expect((await post(r.list, '/admin/frete', { intent: 'toggle', kind: 'service', id, active: 'false' }, cookies.admin)).status).toBe(200);
    expect((await service(id)).version).toBe(3);
    const before = await snapshot();
    const stale = await post(r.service, `/admin/frete/servicos/${id}`, serviceForm({ version: '2', active: 'on', 'rates.0.price': '99,00' }), cookies.admin, { id });
    expect(stale).toMatchObject({ status: 409, body: { errors: { form: SHIPPING_MESSAGES.serviceConflict } } });
    expect(SHIPPING_MESSAGES.serviceConflict).toMatch(/^O serviço mudou desde que você abriu a página/);
    expect((stale.body as { typed: Record<string, unknown> }).typed).toMatchObject({ active: 'on' });
    expect(await snapshot()).toBe(before);

    const [a, b] = await Promise.all([
      post(r.service, `/admin/frete/servicos/${id}`, serviceForm({ version: '3', 'rates.0.price': '11,00', 'rates.1.zoneId': SEED.estadoSp }), cookies.admin, { id }),
      post(r.service, `/admin/frete/servicos/${id}`, serviceForm({ version: '3', 'rates.0.price': '22,00', 'rates.1.zoneId': SEED.estadoSp }), cookies.admin, { id }),
    ]);
    expect([a.status, b.status].sort()).toEqual([302, 409]);
    expect((await service(id)).version).toBe(4);
    const prices = (await rates(id)).map((x) => x.price);
    expect(prices).toHaveLength(2);
    expect(prices).toContain(a.status === 302 ? '11.00' : '22.00');
  });

  it('zones: an inverted CEP range, a CEP that is not 8 digits or no UF nor range is refused; a good one is saved', async () => {
    const before = await snapshot();
    const inverted = await post(
      r.zone,
      '/admin/frete/zonas/nova',
      [
        ['name', 'Campinas'],
        ['cepRanges.0.from', '13999-999'],
        ['cepRanges.0.to', '13000-000'],
        ['cepRanges.1.from', '1300-000'],
        ['cepRanges.1.to', '13100-000'],
      ],
      cookies.admin,
      { id: 'nova' },
    );
    expect(inverted.status).toBe(400);
    expect((inverted.body as { errors: unknown }).errors).toEqual({
      'cepRanges.0.to': 'O CEP inicial deve ser menor ou igual ao CEP final.',
      'cepRanges.1.from': 'Informe o CEP com 8 dígitos, como 01000-000.',
    });
    expect((inverted.body as { typed: { cepRanges: unknown } }).typed.cepRanges).toEqual([
      { from: '13999-999', to: '13000-000' },
      { from: '1300-000', to: '13100-000' },
    ]);
    const empty = await post(r.zone, '/admin/frete/zonas/nova', { name: 'Vazia' }, cookies.admin, { id: 'nova' });
    expect(empty).toMatchObject({ status: 400, body: { errors: { states: 'Escolha ao menos um estado ou informe uma faixa de CEP.' } } });
    const taken = await post(r.zone, '/admin/frete/zonas/nova', [['name', 'Sul'], ['states', 'PR']], cookies.admin, { id: 'nova' });
    expect(taken).toMatchObject({ status: 409, body: { errors: { name: 'Já existe uma zona com este nome.' } } });
    expect(await snapshot()).toBe(before);

    const saved = await post(
      r.zone,
      '/admin/frete/zonas/nova',
      [
        ['name', 'Campinas e MG'],
        ['states', 'MG'],
        ['cepRanges.0.from', '13000-000'],
        ['cepRanges.0.to', '13139-999'],
      ],
      cookies.admin,
      { id: 'nova' },
    );
    expect(saved).toMatchObject({ status: 302, location: expect.stringMatching(/^\/admin\/frete\/zonas\/[0-9a-f-]{36}$/) });
    created.zoneId = saved.location!.split('/').at(-1)!;
    const [zone] = await db.select().from(s.shippingZones).where(eq(s.shippingZones.id, created.zoneId));
    expect(zone).toMatchObject({ name: 'Campinas e MG', states: ['MG'], cepRanges: [{ from: '13000000', to: '13139999' }] });
    const page = await get(r.zone, saved.location!, cookies.admin, { id: created.zoneId });
    expect((page.body as { zone: unknown }).zone).toMatchObject({ cepRanges: [{ from: '13000-000', to: '13139-999' }], usage: { services: [], rules: [] } });
  });

  it('a free-shipping rule is saved, switched on from the list and deleted after the confirmation', async () => {
    const before = await snapshot();
    const bad = await post(r.rule, '/admin/frete/regras/nova', { name: 'Campinas acima de 150', zoneId: created.zoneId!, minSubtotal: '-150' }, cookies.admin, { id: 'nova' });
    expect(bad).toMatchObject({ status: 400, body: { errors: { minSubtotal: 'O valor não pode ser negativo.' }, typed: { minSubtotal: '-150' } } });
    expect(await snapshot()).toBe(before);

    const saved = await post(
      r.rule,
      '/admin/frete/regras/nova',
      { name: 'Campinas acima de 150', zoneId: created.zoneId!, serviceId: created.serviceId!, minSubtotal: '150,00', subscribersOnly: '' },
      cookies.admin,
      { id: 'nova' },
    );
    expect(saved).toMatchObject({ status: 302, location: expect.stringMatching(/^\/admin\/frete\/regras\/[0-9a-f-]{36}$/) });
    const id = saved.location!.split('/').at(-1)!;
    created.ruleId = id;
    const row = async () => (await db.select().from(s.freeShippingRules).where(eq(s.freeShippingRules.id, id)))[0];
    expect(await row()).toMatchObject({ zoneId: created.zoneId, serviceId: created.serviceId, minSubtotal: '150.00', subscribersOnly: false, active: false });
    const page = await get(r.rule, saved.location!, cookies.admin, { id });
    expect((page.body as { rule: unknown }).rule).toMatchObject({ minSubtotal: '150,00', zoneId: created.zoneId, active: false });

    const on = await post(r.list, '/admin/frete', { intent: 'toggle', kind: 'rule', id, active: 'true' }, cookies.admin);
    expect(on).toMatchObject({ status: 200, body: { toast: { title: 'Regra ligada', description: '“Campinas acima de 150” já vale no checkout.' } } });
    expect((await row())!.active).toBe(true);

    const deleted = await post(r.rule, saved.location!, { intent: 'delete' }, cookies.admin, { id });
    expect(deleted).toMatchObject({ status: 302, location: '/admin/frete' });
    expect(await row()).toBeUndefined();
  });

  it('deleting a zone takes its brackets along and moves their services to a new version; deleting a service takes its table', async () => {
    const serviceId = created.serviceId!;
    const version = (await service(serviceId)).version;
    const zonePage = await get(r.zone, `/admin/frete/zonas/${SEED.estadoSp}`, cookies.admin, { id: SEED.estadoSp });
    expect((zonePage.body as { zone: { usage: { services: { name: string }[] } } }).zone.usage.services.map((x) => x.name)).toContain('Motoboy Grande São Paulo');
    // A zone of its own, used by no one, goes alone.
    expect(await post(r.zone, `/admin/frete/zonas/${created.zoneId}`, { intent: 'delete' }, cookies.admin, { id: created.zoneId! })).toMatchObject({ status: 302, location: '/admin/frete' });
    expect((await service(serviceId)).version).toBe(version);
    // A zone in use: its brackets go with it, and a form opened before on those services is now stale.
    const pacVersion = (await service(SEED.pac)).version;
    expect(await post(r.zone, `/admin/frete/zonas/${SEED.estadoSp}`, { intent: 'delete' }, cookies.admin, { id: SEED.estadoSp })).toMatchObject({ status: 302, location: '/admin/frete' });
    expect((await service(serviceId)).version).toBe(version + 1);
    expect((await service(SEED.pac)).version).toBe(pacVersion + 1);
    expect((await service(SEED.clarear)).version).toBe(1);
    expect((await rates(serviceId)).map((x) => x.zoneId)).toEqual([SEED.grandeSp]);
    expect(await db.select().from(s.shippingRates).where(eq(s.shippingRates.zoneId, SEED.estadoSp))).toEqual([]);

    const deleted = await post(r.service, `/admin/frete/servicos/${serviceId}`, { intent: 'delete' }, cookies.admin, { id: serviceId });
    expect(deleted).toMatchObject({ status: 302, location: '/admin/frete' });
    expect(await db.select().from(s.shippingServices).where(eq(s.shippingServices.id, serviceId))).toEqual([]);
    expect(await rates(serviceId)).toEqual([]);
    // Gone: its page goes back to the list.
    expect(await get(r.service, `/admin/frete/servicos/${serviceId}`, cookies.admin, { id: serviceId })).toMatchObject({ status: 302, location: '/admin/frete' });
  });
});
