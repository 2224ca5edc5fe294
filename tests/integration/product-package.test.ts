// Package data for freight (issue 33) in the admin's product form and list, through the app itself on
// every engine (its database, seed and auth, as a store start runs them): a size's weight and dimensions
// are saved with the size in the form's one transaction and version; half-filled, zero or negative ones
// are refused in pt-BR with nothing written; a kit's package is computed from its contents unless the
// admin informs it; the list flags what freight cannot weigh and lists only those on request.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type { PackageData } from '~/lib/freight';
import type * as PackageLib from '~/lib/package';
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

describe.each(engines.map((e) => e.name))('product package data on %s', (engineName) => {
  let db: Database;
  let s: typeof Schema;
  let lib: typeof PackageLib;
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
  /** The edit form as the page posts it for the product now (its version, sizes and their packages), with these changes. */
  const editForm = async (id: string, changes: Record<string, string> = {}) => {
    const { product: p } = await editPage(id);
    const fields: Record<string, string> = { version: p.version, name: p.name, basePrice: p.basePrice ?? '0', price: p.price };
    if (p.isKit) fields.isKit = 'on';
    p.variants.forEach((v, i) => {
      Object.assign(fields, { [`variants.${i}.id`]: v.id, [`variants.${i}.size`]: v.size, [`variants.${i}.price`]: v.price });
      for (const f of lib.PACKAGE_FIELDS) fields[`variants.${i}.${f}`] = v[f] === null ? '' : String(v[f]);
    });
    p.kitItems.forEach((item, i) => Object.assign(fields, { [`kitItems.${i}.productId`]: item.productId, [`kitItems.${i}.quantity`]: String(item.quantity) }));
    if (lib.hasPackage(p.kitPackage)) {
      fields.kitPackageManual = 'on';
      for (const f of lib.PACKAGE_FIELDS) fields[f] = String(p.kitPackage[f]);
    }
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
  const packageOf = (r: PackageData): PackageData => ({ weightGrams: r.weightGrams, lengthCm: r.lengthCm, widthCm: r.widthCm, heightCm: r.heightCm });
  const flagged = async (term: string) => (await list(`q=${encodeURIComponent(term)}`)).result.rows.find((r) => r.name === term)?.missingPackage;

  const tag = randomUUID().slice(0, 6);
  const names = { plain: `Limpador Pacote ${tag}`, bare: `Sabão Sem Pacote ${tag}`, kit: `Kit Pacote ${tag}` };
  const ids = { plain: '', bare: '', kit: '' };

  it('opens the app (migrated and seeded at start) and signs the admin in', async () => {
    const { dataDir, dropDatabase } = await prepareFreshApp(engineName, 'clarear-package-', 'clarear_package');
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    const { callAuth } = await import('~/server/auth/auth.server');
    const { settleBackgroundTasks } = await import('~/server/infra/background.server');
    s = await import('~/db/schema');
    lib = await import('~/lib/package');
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
      new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': '10.90.0.1' } }),
      '/sign-in/email',
      { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
    );
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
    admin = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  });

  it('the seed weighs every size and kit: the list flags nothing and the filter lists nothing', async () => {
    const all = await list('');
    expect(all.result.total).toBeGreaterThan(40);
    expect(all.result.rows.some((r) => r.missingPackage)).toBe(false);
    expect(all.missingPackage).toBe(false);
    const none = await list('pacote=sem');
    expect(none).toMatchObject({ missingPackage: true, result: { total: 0, rows: [] } });
  });

  it('saves a size’s package with the size; a size without it flags the product, and the filter lists only those', async () => {
    ids.plain = await create({
      name: names.plain,
      'variants.0.size': '1 L',
      'variants.0.price': '9,90',
      'variants.0.weightGrams': '1.100',
      'variants.0.lengthCm': '10',
      'variants.0.widthCm': '10',
      'variants.0.heightCm': '25',
      'variants.1.size': '5 L',
      'variants.1.price': '39,90',
      'variants.1.weightGrams': '',
      'variants.1.lengthCm': '',
      'variants.1.widthCm': '',
      'variants.1.heightCm': '',
    });
    expect((await sizesOf(ids.plain)).map((v) => [v.size, packageOf(v)])).toEqual([
      ['1 L', { weightGrams: 1100, lengthCm: 10, widthCm: 10, heightCm: 25 }],
      ['5 L', { weightGrams: null, lengthCm: null, widthCm: null, heightCm: null }],
    ]);
    // A product's own columns are a kit's only.
    expect(packageOf(await productRow(ids.plain))).toEqual(lib.NO_PACKAGE);
    ids.bare = await create({ name: names.bare, 'variants.0.size': '500 g', 'variants.0.price': '5' });

    expect(await flagged(names.plain)).toBe(true);
    expect(await flagged(names.bare)).toBe(true);
    const only = await list('pacote=sem');
    expect(only.result.rows.map((r) => r.name).sort()).toEqual([names.plain, names.bare].sort());
    expect(only.result.total).toBe(2);
    // Combined with the search.
    expect((await list(`pacote=sem&q=${encodeURIComponent(names.bare)}`)).result.rows.map((r) => r.name)).toEqual([names.bare]);

    // The form shows what was saved; filling the other size's package (same version as loaded) clears the flag.
    const page = await editPage(ids.plain);
    expect(page.product.variants.find((v) => v.size === '1 L')).toMatchObject({ weightGrams: 1100, lengthCm: 10, widthCm: 10, heightCm: 25 });
    const fields = await editForm(ids.plain);
    const big = Object.keys(fields).find((k) => fields[k] === '5 L')!.replace('.size', '');
    const saved = await post(ids.plain, { ...fields, [`${big}.weightGrams`]: '5300', [`${big}.lengthCm`]: '20', [`${big}.widthCm`]: '15', [`${big}.heightCm`]: '32' });
    expect(saved).toMatchObject({ status: 302, location: `/admin/products/${ids.plain}` });
    expect(packageOf((await sizesOf(ids.plain))[1]!)).toEqual({ weightGrams: 5300, lengthCm: 20, widthCm: 15, heightCm: 32 });
    expect(await flagged(names.plain)).toBe(false);
    expect((await list('pacote=sem')).result.rows.map((r) => r.name)).toEqual([names.bare]);
  });

  it('a save from a form loaded before another save is refused: its package is not written', async () => {
    const stale = await editForm(ids.bare);
    await post(ids.bare, await editForm(ids.bare, { description: 'Outra pessoa salvou antes.' }));
    const before = await sizesOf(ids.bare);
    const refused = await post(ids.bare, { ...stale, 'variants.0.weightGrams': '550', 'variants.0.lengthCm': '12', 'variants.0.widthCm': '8', 'variants.0.heightCm': '18' });
    expect(refused.status).toBe(409);
    expect(await sizesOf(ids.bare)).toEqual(before);
    expect(await flagged(names.bare)).toBe(true);
  });

  it('refuses a half-filled, zero, negative or decimal package in pt-BR beside each field, and writes nothing', async () => {
    const before = { product: await productRow(ids.plain), sizes: await sizesOf(ids.plain) };
    const fields = await editForm(ids.plain, { name: 'Nome que não deve ficar' });
    const half = await post(ids.plain, { ...fields, 'variants.0.weightGrams': '900', 'variants.0.lengthCm': '', 'variants.0.widthCm': '', 'variants.0.heightCm': '' });
    expect(half.status).toBe(400);
    expect((half.body as { errors: Record<string, string> }).errors).toEqual({
      'variants.0.lengthCm': 'Informe o comprimento também, ou deixe peso e medidas em branco.',
      'variants.0.widthCm': 'Informe a largura também, ou deixe peso e medidas em branco.',
      'variants.0.heightCm': 'Informe a altura também, ou deixe peso e medidas em branco.',
    });
    const bad = await post(ids.plain, { ...fields, 'variants.0.weightGrams': '-5', 'variants.0.lengthCm': '0', 'variants.1.widthCm': '10,5', 'variants.1.heightCm': '-1' });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Record<string, string> }).errors).toEqual({
      'variants.0.weightGrams': 'Informe o peso em gramas: um número inteiro de 1 a 100.000.',
      'variants.0.lengthCm': 'Informe o comprimento em centímetros: um número inteiro de 1 a 300.',
      'variants.1.widthCm': 'Informe a largura em centímetros: um número inteiro de 1 a 300.',
      'variants.1.heightCm': 'Informe a altura em centímetros: um número inteiro de 1 a 300.',
    });
    expect(await productRow(ids.plain)).toEqual(before.product);
    expect(await sizesOf(ids.plain)).toEqual(before.sizes);
    // Blank again: the size no longer has a package, and the product is flagged again.
    const cleared = await post(ids.plain, { ...fields, name: names.plain, 'variants.0.weightGrams': '', 'variants.0.lengthCm': '', 'variants.0.widthCm': '', 'variants.0.heightCm': '' });
    expect(cleared.status).toBe(302);
    expect(packageOf((await sizesOf(ids.plain))[0]!)).toEqual(lib.NO_PACKAGE);
    expect(await flagged(names.plain)).toBe(true);
    // Back as it was, for what follows.
    await post(ids.plain, await editForm(ids.plain, { 'variants.0.weightGrams': '1100', 'variants.0.lengthCm': '10', 'variants.0.widthCm': '10', 'variants.0.heightCm': '25' }));
    expect(await flagged(names.plain)).toBe(false);
  });

  it('a kit’s package is computed from its contents (their cheapest size) unless the admin informs it', async () => {
    ids.kit = await create({ name: names.kit, isKit: 'on', price: '29,90', 'kitItems.0.productId': ids.plain, 'kitItems.0.quantity': '2' });
    // Computed: the kit keeps no package of its own, and its contents give one (two 1 L, the cheapest size).
    expect(packageOf(await productRow(ids.kit))).toEqual(lib.NO_PACKAGE);
    expect(await flagged(names.kit)).toBe(false);
    const page = await editPage(ids.kit);
    expect(page.product.kitPackage).toEqual(lib.NO_PACKAGE);
    const option = page.kitOptions.find((o) => o.id === ids.plain)!;
    expect(option.pkg).toEqual({ weightGrams: 1100, lengthCm: 10, widthCm: 10, heightCm: 25 });
    expect(page.kitOptions.find((o) => o.id === ids.bare)!.pkg).toEqual(lib.NO_PACKAGE);
    expect(lib.kitPackage([{ pkg: option.pkg, quantity: 2 }])).toEqual({ weightGrams: 2200, lengthCm: 25, widthCm: 15, heightCm: 14 });

    // A content without a package makes it not computable: flagged.
    await post(ids.kit, await editForm(ids.kit, { 'kitItems.1.productId': ids.bare, 'kitItems.1.quantity': '1' }));
    expect(await flagged(names.kit)).toBe(true);
    expect((await list('pacote=sem')).result.rows.map((r) => r.name)).toContain(names.kit);

    // Informed by the admin: all four, or refused in pt-BR with nothing written.
    const before = await productRow(ids.kit);
    const half = await post(ids.kit, await editForm(ids.kit, { kitPackageManual: 'on', weightGrams: '3200', lengthCm: '-30' }));
    expect(half.status).toBe(400);
    expect((half.body as { errors: Record<string, string> }).errors).toEqual({
      lengthCm: 'Informe o comprimento em centímetros: um número inteiro de 1 a 300.',
      widthCm: 'Informe a largura do pacote do kit.',
      heightCm: 'Informe a altura do pacote do kit.',
    });
    expect(await productRow(ids.kit)).toEqual(before);
    const manual = await post(ids.kit, await editForm(ids.kit, { kitPackageManual: 'on', weightGrams: '3.200', lengthCm: '30', widthCm: '20', heightCm: '15' }));
    expect(manual.status).toBe(302);
    expect(packageOf(await productRow(ids.kit))).toEqual({ weightGrams: 3200, lengthCm: 30, widthCm: 20, heightCm: 15 });
    expect((await editPage(ids.kit)).product.kitPackage).toEqual({ weightGrams: 3200, lengthCm: 30, widthCm: 20, heightCm: 15 });
    expect(await flagged(names.kit)).toBe(false);

    // Unchecked: back to computed (the typed fields are not kept), flagged again while a content lacks data.
    const fields = await editForm(ids.kit);
    delete fields.kitPackageManual;
    expect((await post(ids.kit, fields)).status).toBe(302);
    expect(packageOf(await productRow(ids.kit))).toEqual(lib.NO_PACKAGE);
    expect(await flagged(names.kit)).toBe(true);
    // The content gets its package: the kit is computable again.
    await post(ids.bare, await editForm(ids.bare, { 'variants.0.weightGrams': '550', 'variants.0.lengthCm': '12', 'variants.0.widthCm': '8', 'variants.0.heightCm': '18' }));
    expect(await flagged(names.kit)).toBe(false);
    expect(await flagged(names.bare)).toBe(false);

    // A kit with no contents cannot be computed; a product that stops being a kit keeps no package of its own.
    const empty = await create({ name: `Kit Vazio ${tag}`, isKit: 'on' });
    expect(await flagged(`Kit Vazio ${tag}`)).toBe(true);
    await post(empty, await editForm(empty, { kitPackageManual: 'on', weightGrams: '100', lengthCm: '10', widthCm: '10', heightCm: '10' }));
    expect(await flagged(`Kit Vazio ${tag}`)).toBe(false);
    const unkit = await editForm(empty);
    delete unkit.isKit;
    await post(empty, unkit);
    expect(packageOf(await productRow(empty))).toEqual(lib.NO_PACKAGE);
    expect(await flagged(`Kit Vazio ${tag}`)).toBe(false);
  });
});
