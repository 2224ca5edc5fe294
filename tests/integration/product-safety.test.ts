// The safety of each product (issue 32), through the app itself on every engine (its database, seed, storage
// and auth, as a store start runs them): the seed gives every product its safety data and a sample FDS; the
// admin saves the safety fields, refused in pt-BR with nothing saved when a pair is half filled or a number
// is malformed; the FDS is a PDF by its content and within its size, served to anyone as application/pdf
// under a name that changes with the file; customers and visitors can neither send, replace nor remove it;
// a replaced or removed file is deleted; an order's page data and confirmation e-mail link each item's FDS.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type * as ProductSafetyLib from '~/lib/product-safety';
import type * as EditRoute from '~/routes/admin/product-edit';
import type * as SdsRoute from '~/routes/admin/product-sds';
import type * as UploadsRoute from '~/routes/uploads';
import type * as CatalogModule from '~/server/catalog/catalog.server';
import type * as ProductAdminModule from '~/server/catalog/product-admin.server';
import type * as SheetsModule from '~/server/catalog/safety-sheets.server';
import type * as EmailsModule from '~/server/orders/emails.server';
import type * as StorageModule from '~/server/storage/storage.server';
import { engines } from '../support/engines';
import { prepareFreshApp } from '../support/fresh-app';
import { TEST_ADMIN } from '../support/test-admin';

const ORIGIN = 'http://localhost:3000';
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n% ${text}\n%%EOF\n`);
// A PNG's signature: an image renamed .pdf and declared application/pdf is still not a PDF.
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

type Answer = { status: number; location: string | null; body: unknown; headers: Headers };

/** A loader's or action's answer as the browser would see it: thrown or returned, Response or data(). */
async function answerOf(run: () => unknown): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const bytes = new Uint8Array(await value.arrayBuffer());
    return { status: value.status, location: value.headers.get('location'), body: bytes, headers: value.headers };
  }
  const wrapped = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === 'DataWithResponseInit') {
    const headers = new Headers(wrapped.init?.headers);
    return { status: wrapped.init?.status ?? 200, location: headers.get('location'), body: wrapped.data, headers };
  }
  if (value instanceof Error) throw value;
  return { status: 200, location: null, body: value, headers: new Headers() };
}

const savedEnv = { ...process.env };
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  process.env = savedEnv;
});

describe.each(engines.map((e) => e.name))('product safety on %s', (engineName) => {
  let db: Database;
  let s: typeof Schema;
  let lib: typeof ProductSafetyLib;
  let m: {
    edit: typeof EditRoute;
    sds: typeof SdsRoute;
    uploads: typeof UploadsRoute;
    catalog: typeof CatalogModule;
    productAdmin: typeof ProductAdminModule;
    sheets: typeof SheetsModule;
    emails: typeof EmailsModule;
    storage: typeof StorageModule;
  };
  let cookies: { admin: string; customer: string };
  let product: { id: string; slug: string };

  const request = (url: string, cookie: string | null, init: { body?: FormData } = {}) => {
    const headers = new Headers({ origin: ORIGIN });
    if (cookie) headers.set('cookie', cookie);
    return new Request(`${ORIGIN}${url}`, init.body ? { method: 'POST', headers, body: init.body } : { headers });
  };
  const form = (fields: Record<string, string | Blob>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    return body;
  };
  const postEdit = (id: string, fields: Record<string, string>, cookie: string | null) =>
    answerOf(() => m.edit.action({ request: request(`/admin/products/${id}`, cookie, { body: form(fields) }), params: { id }, context: {} } as never));
  const postSheet = (id: string, fields: Record<string, string | Blob>, cookie: string | null) =>
    answerOf(() => m.sds.action({ request: request(`/admin/products/${id}/fds`, cookie, { body: form(fields) }), params: { id }, context: {} } as never));
  const sendPdf = (id: string, bytes: Uint8Array, cookie: string | null, name = 'ficha.pdf') =>
    postSheet(id, { intent: 'replace', file: new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'application/pdf' }) }, cookie);
  const download = (url: string) => {
    const path = url.replace(/^\/uploads\//, '');
    return answerOf(() => m.uploads.loader({ request: request(url, null), params: { '*': path }, context: {} } as never));
  };
  const row = async (id: string) => (await db.select().from(s.products).where(eq(s.products.id, id)))[0]!;
  const stored = async (key: string) => (await m.storage.getStorage()).exists(key);
  /** The edit form as the page posts it for the product now, with these changes. */
  const editForm = async (id: string, changes: Record<string, string>) => {
    const page = await answerOf(() => m.edit.loader({ request: request(`/admin/products/${id}`, cookies.admin), params: { id }, context: {} } as never));
    const p = (page.body as { product: { version: string; name: string; basePrice: string; variants: { id: string; size: string; price: string }[] } }).product;
    const fields: Record<string, string> = { version: p.version, name: p.name, basePrice: p.basePrice };
    p.variants.forEach((v, i) => Object.assign(fields, { [`variants.${i}.id`]: v.id, [`variants.${i}.size`]: v.size, [`variants.${i}.price`]: v.price }));
    return { ...fields, ...changes };
  };

  it('opens the app (migrated and seeded at start) and signs in the admin and a customer', async () => {
    const { dataDir, dropDatabase } = await prepareFreshApp(engineName, 'clarear-safety-', 'clarear_safety');
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    const { callAuth } = await import('~/server/auth/auth.server');
    const { settleBackgroundTasks } = await import('~/server/infra/background.server');
    s = await import('~/db/schema');
    lib = await import('~/lib/product-safety');
    m = {
      edit: await import('~/routes/admin/product-edit'),
      sds: await import('~/routes/admin/product-sds'),
      uploads: await import('~/routes/uploads'),
      catalog: await import('~/server/catalog/catalog.server'),
      productAdmin: await import('~/server/catalog/product-admin.server'),
      sheets: await import('~/server/catalog/safety-sheets.server'),
      emails: await import('~/server/orders/emails.server'),
      storage: await import('~/server/storage/storage.server'),
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
    const email = `bruno.${randomUUID().slice(0, 6)}@exemplo.com.br`;
    const password = `senha-${randomUUID().slice(0, 8)}`;
    expect((await callAuth(authRequest(), '/sign-up/email', { name: 'Bruno Cliente', email, password })).ok).toBe(true);
    await db.update(s.user).set({ emailVerified: true }).where(eq(s.user.email, email));
    cookies = { admin: await signIn(TEST_ADMIN.email, TEST_ADMIN.password), customer: await signIn(email, password) };
    const [detergent] = await db.select({ id: s.products.id, slug: s.products.slug }).from(s.products).where(eq(s.products.slug, 'detergente-neutro-concentrado'));
    product = detergent!;
  });

  it('the seed gives every product its safety data and a sample FDS anyone can download', async () => {
    const seeded = await db.select().from(s.products).where(eq(s.products.isKit, false));
    expect(seeded.length).toBeGreaterThan(40);
    for (const p of seeded) {
      expect(p.anvisaKind, p.slug).not.toBeNull();
      expect(p.riskClass, p.slug).not.toBeNull();
      expect(p.sdsKey, p.slug).toMatch(/^public\/fds\//);
    }
    expect(seeded.find((p) => p.slug === 'alcool-70')).toMatchObject({ unNumber: '1170', hazardClass: '3' });
    const detail = (await m.catalog.getProductDetail(db, 'alcool-70'))!;
    expect(lib.transportLine(detail.safety.unNumber, detail.safety.hazardClass)).toBe('ONU 1170 — Classe 3 (Líquido inflamável)');
    const answer = await download(detail.safety.sdsUrl!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toContain('filename="fds-alcool-70.pdf"');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const text = Buffer.from(answer.body as Uint8Array).toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain('EXEMPLO DA LOJA DE DEMONSTRA');
    // A kit lists each product's line, risk class and FDS.
    const kit = (await m.catalog.getProductDetail(db, 'kit-limpeza-pesada'))!;
    expect(kit.items.length).toBeGreaterThan(1);
    for (const item of kit.items) expect(item).toMatchObject({ anvisaKind: expect.any(String), riskClass: expect.any(Number), sdsUrl: expect.stringMatching(/^\/uploads\/fds\//) });
  });

  it('an admin saves the safety fields; a half-filled pair or a malformed number is refused in pt-BR, nothing saved', async () => {
    const before = await row(product.id);
    const bad = await postEdit(product.id, await editForm(product.id, { anvisaKind: 'registrado', anvisaNumber: 'MS-ABC', unNumber: '1170', hazardClass: '', riskClass: '2' }), cookies.admin);
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Record<string, string> }).errors).toEqual({
      anvisaNumber: 'Use o número como no rótulo: só algarismos, pontos, barras e hífens (ex.: 25351.123456/2026-01).',
      hazardClass: 'Escolha a classe de risco para o transporte.',
    });
    const halfAnvisa = await postEdit(product.id, await editForm(product.id, { anvisaKind: '', anvisaNumber: '25351.123456/2026-01' }), cookies.admin);
    expect(halfAnvisa.status).toBe(400);
    expect((halfAnvisa.body as { errors: Record<string, string> }).errors).toEqual({ anvisaKind: 'Escolha se o produto é notificado ou registrado na ANVISA.' });
    expect(await row(product.id)).toEqual(before);

    const saved = await postEdit(
      product.id,
      await editForm(product.id, {
        anvisaKind: 'registrado',
        anvisaNumber: '25351.123456/2026-01',
        riskClass: '2',
        safetyWarnings: 'Antes de usar, leia as instruções do rótulo.',
        firstAid: 'Olhos: lave com água corrente por 15 minutos.',
        unNumber: '1791',
        hazardClass: '8',
      }),
      cookies.admin,
    );
    expect(saved).toMatchObject({ status: 302, location: `/admin/products/${product.id}` });
    expect(await row(product.id)).toMatchObject({
      anvisaKind: 'registrado',
      anvisaNumber: '25351.123456/2026-01',
      riskClass: 2,
      safetyWarnings: 'Antes de usar, leia as instruções do rótulo.',
      firstAid: 'Olhos: lave com água corrente por 15 minutos.',
      unNumber: '1791',
      hazardClass: '8',
      // The FDS is not part of the form: a save keeps it.
      sdsKey: before.sdsKey,
    });
    // Blank fields clear the data (a product that is no longer a dangerous good).
    await postEdit(product.id, await editForm(product.id, { anvisaKind: 'notificado', anvisaNumber: '25351.123456/2026-01', riskClass: '1', unNumber: '', hazardClass: '' }), cookies.admin);
    expect(await row(product.id)).toMatchObject({ anvisaKind: 'notificado', riskClass: 1, unNumber: null, hazardClass: null, safetyWarnings: null });
  });

  it('an uploaded PDF is served to anyone as application/pdf; replacing gives a new URL and deletes the old file', async () => {
    const seededKey = (await row(product.id)).sdsKey!;
    const version = (await row(product.id)).updatedAt;
    const first = await sendPdf(product.id, pdf('primeira'), cookies.admin);
    expect(first.status).toBe(200);
    const firstUrl = (first.body as { ok: true; url: string }).url;
    expect(firstUrl).toMatch(/^\/uploads\/fds\/detergente-neutro-concentrado-[0-9a-f]{20}\.pdf$/);
    const firstKey = (await row(product.id)).sdsKey!;
    expect(lib.sdsUrl(firstKey)).toBe(firstUrl);
    // The seed's sample was replaced: its file is gone. The edit form's version did not move.
    expect(await stored(seededKey)).toBe(false);
    expect((await row(product.id)).updatedAt).toEqual(version);

    const served = await download(firstUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe(`attachment; filename="fds-detergente-neutro-concentrado.pdf"; filename*=UTF-8''fds-detergente-neutro-concentrado.pdf`);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(served.body as Uint8Array).toString('latin1')).toContain('% primeira');
    expect((await m.catalog.getProductDetail(db, product.slug))!.safety.sdsUrl).toBe(firstUrl);

    // The same file again changes nothing (and deletes nothing).
    expect(((await sendPdf(product.id, pdf('primeira'), cookies.admin)).body as { url: string }).url).toBe(firstUrl);
    expect(await stored(firstKey)).toBe(true);

    const second = await sendPdf(product.id, pdf('segunda'), cookies.admin);
    const secondUrl = (second.body as { url: string }).url;
    expect(secondUrl).not.toBe(firstUrl);
    expect(await stored(firstKey)).toBe(false);
    expect((await download(firstUrl)).status).toBe(404);
    expect((await download(secondUrl)).status).toBe(200);
  });

  it('refuses a PNG renamed .pdf, an oversized file and a missing one, keeping the current FDS', async () => {
    const before = await row(product.id);
    expect(await sendPdf(product.id, PNG, cookies.admin, 'ficha.pdf')).toMatchObject({ status: 415, body: { ok: false, error: 'O arquivo não é um PDF. Envie a FDS em PDF.' } });
    const big = new Uint8Array(lib.SDS_MAX_BYTES + 1);
    big.set(pdf('grande'));
    expect(await sendPdf(product.id, big, cookies.admin)).toMatchObject({ status: 413, body: { ok: false, error: 'A FDS deve ter no máximo 5 MB.' } });
    expect(await postSheet(product.id, { intent: 'replace' }, cookies.admin)).toMatchObject({ status: 400, body: { error: 'Selecione o arquivo PDF da FDS.' } });
    expect(await postSheet(product.id, { intent: 'apagar-tudo' }, cookies.admin)).toMatchObject({ status: 400 });
    expect(await sendPdf(randomUUID(), pdf('ninguem'), cookies.admin)).toMatchObject({ status: 404 });
    expect(await row(product.id)).toEqual(before);
    expect(await stored(before.sdsKey!)).toBe(true);
    // One file per product: nothing refused was left stored.
    expect(await (await m.storage.getStorage()).list('public/fds/')).toHaveLength((await db.select().from(s.products).where(eq(s.products.isKit, false))).length);
  });

  it('a customer and a visitor can neither send, replace nor remove the FDS: the file is unchanged', async () => {
    const before = await row(product.id);
    expect(await sendPdf(product.id, pdf('intruso'), cookies.customer)).toMatchObject({ status: 403 });
    expect(await postSheet(product.id, { intent: 'remove' }, cookies.customer)).toMatchObject({ status: 403 });
    expect(await sendPdf(product.id, pdf('intruso'), null)).toMatchObject({ status: 302, location: expect.stringMatching(/^\/login\?redirectTo=/) });
    expect(await postSheet(product.id, { intent: 'remove' }, null)).toMatchObject({ status: 302, location: expect.stringMatching(/^\/login\?redirectTo=/) });
    expect(await row(product.id)).toEqual(before);
    expect(await stored(before.sdsKey!)).toBe(true);
    expect((await download(lib.sdsUrl(before.sdsKey)!)).status).toBe(200);
  });

  it('an order links each item’s FDS, a kit’s those of its products; the admin removes an FDS and its file', async () => {
    const kit = (await m.catalog.getProductDetail(db, 'kit-limpeza-pesada'))!;
    const links = await m.sheets.safetySheetLinks(db, [product.id, kit.id, null]);
    const ownUrl = lib.sdsUrl((await row(product.id)).sdsKey)!;
    expect(links[product.id]).toEqual([{ name: 'Detergente Neutro Concentrado', url: ownUrl }]);
    expect(links[kit.id]!.map((l) => l.url).sort()).toEqual(kit.items.map((i) => i.sdsUrl).sort());

    const order = {
      id: randomUUID(),
      status: 'paid',
      items: [
        { productId: product.id, productName: 'Detergente Neutro Concentrado', size: '1 L', quantity: 1, priceAtPurchase: '9.90', parcelId: null },
        { productId: kit.id, productName: kit.name, size: null, quantity: 1, priceAtPurchase: kit.price, parcelId: null },
      ],
      parcels: [],
      subtotalPrice: '99.80',
      discountPrice: '0.00',
      discountKind: null,
      shippingPrice: '0.00',
      totalPrice: '99.80',
      paymentMethod: 'credit_card',
      paymentDetails: null,
      address: null,
    } as unknown as Parameters<typeof m.emails.orderEmail>[1];
    const { text } = m.emails.orderEmail('placed', order, { name: 'Bruno', email: 'bruno@exemplo.com.br' }, { sheets: links });
    expect(text).toContain('Fichas de Dados de Segurança (FDS, PDF):');
    expect(text).toContain(`• Detergente Neutro Concentrado: http://localhost:3000${ownUrl}`);
    for (const item of kit.items) expect(text).toContain(`• ${item.name}: http://localhost:3000${item.sdsUrl}`);
    expect(m.emails.orderEmailContent('placed', order, { name: 'Bruno', email: 'bruno@exemplo.com.br' }, { sheets: links }).paragraphs.join('\n')).toContain(ownUrl);

    const key = (await row(product.id)).sdsKey!;
    expect(await postSheet(product.id, { intent: 'remove' }, cookies.admin)).toMatchObject({ status: 200, body: { ok: true, url: null } });
    expect(await row(product.id)).toMatchObject({ sdsKey: null, sdsUpdatedAt: null });
    expect(await stored(key)).toBe(false);
    expect((await m.catalog.getProductDetail(db, product.slug))!.safety.sdsUrl).toBeNull();
    expect((await m.sheets.safetySheetLinks(db, [product.id]))[product.id]).toBeUndefined();

    // Deleting a product deletes its FDS too.
    const alcohol = (await m.catalog.getProductDetail(db, 'alcool-em-gel-70'))!;
    const alcoholKey = (await row(alcohol.id)).sdsKey!;
    expect(await stored(alcoholKey)).toBe(true);
    expect(await m.productAdmin.deleteProduct(db, alcohol.id)).toBe(true);
    expect(await stored(alcoholKey)).toBe(false);
  });
});
