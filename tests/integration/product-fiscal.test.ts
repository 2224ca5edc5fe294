// Fiscal data for the NF-e (issue 34) in the admin's product form and list, through the app itself on
// every engine (its database, seed and auth, as a store start runs them): NCM (typed with dots), CEST,
// origem and each size's GTIN (or "SEM GTIN") and unit are saved with the product in the form's one
// transaction; a bad NCM or a GTIN whose check digit does not match is refused in pt-BR with nothing
// written; the list flags what cannot be invoiced yet and lists only those on request (?fiscal=sem).
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type * as EditRoute from '~/routes/admin/product-edit';
import type * as ListRoute from '~/routes/admin/products';
import { engines } from '../support/engines';
import { prepareFreshApp } from '../support/fresh-app';
import { TEST_ADMIN } from '../support/test-admin';

const ORIGIN = 'http://localhost:3000';

type Answer = { status: number; location: string | null; body: unknown };

/** A loader's or action's answer as the browser would see it: thrown or returned, Response or data(). */
async function answerOf(run: () => unknown): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get('location'), body: null };
  const wrapped = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === 'DataWithResponseInit') {
    return { status: wrapped.init?.status ?? 200, location: new Headers(wrapped.init?.headers).get('location'), body: wrapped.data };
  }
  if (value instanceof Error) throw value;
  return { status: 200, location: null, body: value };
}

type EditPage = Awaited<ReturnType<typeof EditRoute.loader>>;
type ListPage = Awaited<ReturnType<typeof ListRoute.loader>>;

const savedEnv = { ...process.env };
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  process.env = savedEnv;
});

describe.each(engines.map((e) => e.name))('product fiscal data on %s', (engineName) => {
  let db: Database;
  let s: typeof Schema;
  let m: { edit: typeof EditRoute; list: typeof ListRoute };
  let admin: string;

  const request = (url: string, body?: FormData) => {
    const headers = new Headers({ origin: ORIGIN, cookie: admin });
    return new Request(`${ORIGIN}${url}`, body ? { method: 'POST', headers, body } : { headers });
  };
  const post = (id: string, fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    return answerOf(() => m.edit.action({ request: request(`/admin/products/${id}`, body), params: { id }, context: {} } as never));
  };
  const editPage = async (id: string) => (await answerOf(() => m.edit.loader({ request: request(`/admin/products/${id}`), params: { id }, context: {} } as never))).body as EditPage;
  const list = async (query: string) => (await answerOf(() => m.list.loader({ request: request(`/admin/products?${query}`), params: {}, context: {} } as never))).body as ListPage;
  /** The edit form as the page posts it for the product now (its version, sizes and fiscal data), with these changes. */
  const editForm = async (id: string, changes: Record<string, string> = {}) => {
    const { product: p } = await editPage(id);
    const fields: Record<string, string> = {
      version: p.version,
      name: p.name,
      basePrice: p.basePrice ?? '0',
      price: p.price,
      ncm: p.fiscal.ncm ?? '',
      cest: p.fiscal.cest ?? '',
      fiscalOrigin: p.fiscal.fiscalOrigin === null ? '' : String(p.fiscal.fiscalOrigin),
    };
    if (p.isKit) {
      fields.isKit = 'on';
      if (p.fiscal.gtin === 'SEM GTIN') fields.noGtin = 'on';
      else fields.gtin = p.fiscal.gtin ?? '';
      fields.commercialUnit = p.fiscal.commercialUnit ?? '';
    }
    p.variants.forEach((v, i) => {
      Object.assign(fields, { [`variants.${i}.id`]: v.id, [`variants.${i}.size`]: v.size, [`variants.${i}.price`]: v.price });
      if (v.gtin === 'SEM GTIN') fields[`variants.${i}.noGtin`] = 'on';
      else fields[`variants.${i}.gtin`] = v.gtin ?? '';
      fields[`variants.${i}.commercialUnit`] = v.commercialUnit ?? '';
    });
    p.kitItems.forEach((item, i) => Object.assign(fields, { [`kitItems.${i}.productId`]: item.productId, [`kitItems.${i}.quantity`]: String(item.quantity) }));
    return { ...fields, ...changes };
  };
  /** Creates a product through the form; returns its id. */
  const create = async (fields: Record<string, string>) => {
    const answer = await post('new', { basePrice: '10,00', ...fields });
    expect(answer.status, JSON.stringify(answer.body)).toBe(302);
    return answer.location!.split('/').pop()!;
  };
  const productRow = async (id: string) => (await db.select().from(s.products).where(eq(s.products.id, id)))[0]!;
  const sizesOf = async (id: string) => (await db.select().from(s.productVariants).where(eq(s.productVariants.productId, id))).sort((a, b) => a.size.localeCompare(b.size));
  const fiscalOf = (r: typeof s.products.$inferSelect) => ({ ncm: r.ncm, cest: r.cest, fiscalOrigin: r.fiscalOrigin, gtin: r.gtin, commercialUnit: r.commercialUnit });
  const flagged = async (term: string) => (await list(`q=${encodeURIComponent(term)}`)).result.rows.find((r) => r.name === term)?.missingFiscal;

  const tag = randomUUID().slice(0, 6);
  const names = { plain: `Limpador Fiscal ${tag}`, bare: `Sabão Sem NCM ${tag}`, kit: `Kit Fiscal ${tag}` };
  const ids = { plain: '', bare: '', kit: '' };

  it('opens the app (migrated and seeded at start) and signs the admin in', async () => {
    const { dataDir, dropDatabase } = await prepareFreshApp(engineName, 'clarear-fiscal-', 'clarear_fiscal');
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    const { callAuth } = await import('~/server/auth/auth.server');
    const { settleBackgroundTasks } = await import('~/server/infra/background.server');
    s = await import('~/db/schema');
    m = { edit: await import('~/routes/admin/product-edit'), list: await import('~/routes/admin/products') };
    db = await getDb();
    const handle = await getDatabaseHandle();
    cleanups.push(async () => {
      await settleBackgroundTasks(10_000);
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const signIn = await callAuth(
      new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': '10.90.0.2' } }),
      '/sign-in/email',
      { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
    );
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
    admin = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  });

  it('the seed gives every product an NCM and origem 0, every size SEM GTIN and UN, every kit KIT: nothing flagged', async () => {
    const all = await list('');
    expect(all.result.total).toBeGreaterThan(40);
    expect(all.result.rows.some((r) => r.missingFiscal)).toBe(false);
    expect(all.missingFiscal).toBe(false);
    expect(await list('fiscal=sem')).toMatchObject({ missingFiscal: true, result: { total: 0, rows: [] } });
    const rows = await db.select().from(s.products);
    expect(rows.every((r) => /^\d{8}$/.test(r.ncm ?? '') && r.fiscalOrigin === 0)).toBe(true);
    expect(rows.find((r) => r.slug === 'agua-sanitaria-2-5')?.ncm).toBe('28289011');
    expect(rows.filter((r) => r.isKit).every((r) => r.gtin === 'SEM GTIN' && r.commercialUnit === 'KIT')).toBe(true);
    const sizes = await db.select().from(s.productVariants);
    expect(sizes.every((v) => v.gtin === 'SEM GTIN' && v.commercialUnit === 'UN')).toBe(true);
  });

  it('saves NCM (typed with dots), CEST, origem and each size’s GTIN or SEM GTIN and unit; what lacks them is flagged and filtered', async () => {
    ids.plain = await create({
      name: names.plain,
      ncm: '3402.20.00',
      cest: '11.001.00',
      fiscalOrigin: '0',
      'variants.0.size': '1 L',
      'variants.0.price': '9,90',
      'variants.0.gtin': '789 1000 31550 7',
      'variants.0.commercialUnit': 'UN',
      'variants.1.size': '5 L',
      'variants.1.price': '39,90',
      'variants.1.gtin': '',
      'variants.1.commercialUnit': 'GL',
    });
    expect(fiscalOf(await productRow(ids.plain))).toEqual({ ncm: '34022000', cest: '1100100', fiscalOrigin: 0, gtin: null, commercialUnit: null });
    expect((await sizesOf(ids.plain)).map((v) => [v.size, v.gtin, v.commercialUnit])).toEqual([
      ['1 L', '7891000315507', 'UN'],
      ['5 L', null, 'GL'],
    ]);
    ids.bare = await create({ name: names.bare, 'variants.0.size': '500 g', 'variants.0.price': '5', 'variants.0.noGtin': 'on', 'variants.0.commercialUnit': 'UN' });

    // A size without its GTIN, or a product without NCM: flagged, and the filter lists only those.
    expect(await flagged(names.plain)).toBe(true);
    expect(await flagged(names.bare)).toBe(true);
    const only = await list('fiscal=sem');
    expect(only.result.rows.map((r) => r.name).sort()).toEqual([names.plain, names.bare].sort());
    expect((await list(`fiscal=sem&q=${encodeURIComponent(names.bare)}`)).result.rows.map((r) => r.name)).toEqual([names.bare]);

    // "Sem GTIN" on the other size clears the flag; the form shows the NCM as saved.
    const page = await editPage(ids.plain);
    expect(page.product.fiscal).toMatchObject({ ncm: '34022000', fiscalOrigin: 0 });
    const fields = await editForm(ids.plain);
    const big = Object.keys(fields).find((k) => fields[k] === '5 L')!.replace('.size', '');
    const saved = await post(ids.plain, { ...fields, [`${big}.noGtin`]: 'on' });
    expect(saved).toMatchObject({ status: 302, location: `/admin/products/${ids.plain}` });
    expect((await sizesOf(ids.plain))[1]).toMatchObject({ gtin: 'SEM GTIN', commercialUnit: 'GL' });
    expect(await flagged(names.plain)).toBe(false);
    expect((await list('fiscal=sem')).result.rows.map((r) => r.name)).toEqual([names.bare]);
  });

  it('refuses a bad NCM, an origem without NCM and a GTIN whose check digit does not match, in pt-BR, and writes nothing', async () => {
    const before = { product: await productRow(ids.plain), sizes: await sizesOf(ids.plain) };
    const fields = await editForm(ids.plain, { name: 'Nome que não deve ficar' });
    const small = Object.keys(fields).find((k) => fields[k] === '1 L')!.replace('.size', '');
    const refused = await post(ids.plain, { ...fields, ncm: '3402.20', [`${small}.gtin`]: '7891000315508' });
    expect(refused.status).toBe(400);
    expect((refused.body as { errors: Record<string, string> }).errors).toEqual({
      ncm: 'O NCM tem 8 algarismos (ex.: 3402.20.00).',
      [`${small}.gtin`]: 'O dígito verificador do GTIN/EAN não confere. Confira o código de barras.',
    });
    const noNcm = await post(ids.bare, await editForm(ids.bare, { fiscalOrigin: '0' }));
    expect(noNcm.status).toBe(400);
    expect((noNcm.body as { errors: Record<string, string> }).errors).toEqual({ ncm: 'Informe o NCM junto com a origem, ou deixe os dois em branco.' });
    expect({ product: await productRow(ids.plain), sizes: await sizesOf(ids.plain) }).toEqual(before);
    expect(fiscalOf(await productRow(ids.bare))).toMatchObject({ ncm: null, fiscalOrigin: null });
  });

  it('a kit carries its own GTIN and unit: without them it is flagged', async () => {
    ids.kit = await create({ name: names.kit, isKit: 'on', ncm: '34022000', fiscalOrigin: '0', 'kitItems.0.productId': ids.plain, 'kitItems.0.quantity': '2' });
    expect(await flagged(names.kit)).toBe(true);
    const saved = await post(ids.kit, await editForm(ids.kit, { noGtin: 'on', commercialUnit: 'KIT' }));
    expect(saved.status).toBe(302);
    expect(fiscalOf(await productRow(ids.kit))).toEqual({ ncm: '34022000', cest: null, fiscalOrigin: 0, gtin: 'SEM GTIN', commercialUnit: 'KIT' });
    expect(await flagged(names.kit)).toBe(false);
  });
});
