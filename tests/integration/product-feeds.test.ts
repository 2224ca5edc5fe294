// The product feeds (issue 36) through their routes on every engine, against the app's own seeded
// database: /feeds/google.xml parsed back as XML and /feeds/meta.csv as CSV, one item per size and
// per kit, every required field in every item, a sold-out size out of stock, a product the admin
// saves showing in both at once (with a new ETag), and the catalogue's public caching rule.
import { rmSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type * as GoogleRoute from '~/routes/feeds.google';
import type * as MetaRoute from '~/routes/feeds.meta';
import type * as ProductAdmin from '~/server/catalog/product-admin.server';
import type { productFormSchema } from '~/lib/schemas/admin-product';
import { engines } from '../support/engines';
import { prepareFreshApp } from '../support/fresh-app';

const ORIGIN = 'http://localhost:3000';

const GOOGLE_REQUIRED = ['g:id', 'g:title', 'g:description', 'g:link', 'g:image_link', 'g:availability', 'g:price', 'g:brand', 'g:condition'];
const META_REQUIRED = ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand'];

const savedEnv = { ...process.env };
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  process.env = savedEnv;
});

describe.each(engines.map((e) => e.name))('product feeds on %s', (engineName) => {
  let db: Database;
  let s: typeof Schema;
  let google: typeof GoogleRoute;
  let meta: typeof MetaRoute;
  let publicUrl: string;
  let admin: typeof ProductAdmin;
  let productForm: typeof productFormSchema;

  const call = async (loader: (args: never) => unknown, path: string, headers: Record<string, string> = {}) => {
    const response = (await loader({ request: new Request(`${ORIGIN}${path}`, { headers }), params: {}, context: {} } as never)) as Response;
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const googleItems = async () => {
    const answer = await call(google.loader as never, '/feeds/google.xml');
    expect(answer.status).toBe(200);
    const doc = new XMLParser({ parseTagValue: false, ignoreAttributes: false, isArray: (name) => name === 'item' }).parse(answer.text);
    return { answer, doc, items: doc.rss.channel.item as Record<string, string>[] };
  };
  const metaRows = async () => {
    const answer = await call(meta.loader as never, '/feeds/meta.csv');
    expect(answer.status).toBe(200);
    return { answer, rows: parse(answer.text, { columns: true }) as Record<string, string>[] };
  };
  /** What the feeds must list: every size of every product, and every kit. */
  const expectedIds = async () => {
    const sizes = await db.select({ id: s.productVariants.id }).from(s.productVariants).innerJoin(s.products, eq(s.products.id, s.productVariants.productId)).where(eq(s.products.isKit, false));
    const kits = await db.select({ id: s.products.id }).from(s.products).where(eq(s.products.isKit, true));
    return [...sizes, ...kits].map((r) => r.id).sort();
  };

  it('opens the app (migrated and seeded at start)', async () => {
    const { dataDir, dropDatabase } = await prepareFreshApp(engineName, 'clarear-product-feeds-', 'clarear_product_feeds');
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    const { settleBackgroundTasks } = await import('~/server/infra/background.server');
    s = await import('~/db/schema');
    google = await import('~/routes/feeds.google');
    meta = await import('~/routes/feeds.meta');
    admin = await import('~/server/catalog/product-admin.server');
    productForm = (await import('~/lib/schemas/admin-product')).productFormSchema;
    publicUrl = (await import('~/server/infra/env.server')).getEnv().publicUrl;
    db = await getDb();
    const handle = await getDatabaseHandle();
    cleanups.push(async () => {
      await settleBackgroundTasks(10_000);
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    });
  });

  it('lists every size and kit once in the Google feed, every required field filled', async () => {
    const { answer, doc, items } = await googleItems();
    expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(doc.rss['@_version']).toBe('2.0');
    expect(doc.rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0');
    expect(doc.rss.channel).toMatchObject({ title: 'Clarear', link: `${publicUrl}/` });
    expect(doc.rss.channel.description).toBeTruthy();
    const ids = items.map((i) => i['g:id']!);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(await expectedIds());
    for (const item of items) {
      for (const field of GOOGLE_REQUIRED) expect(item[field], `${item['g:id']} ${field}`).toBeTruthy();
      expect(item['g:link']!.startsWith(`${publicUrl}/produtos/`)).toBe(true);
      expect(item['g:image_link']).toMatch(/^https?:\/\//);
      expect(item['g:price']).toMatch(/^\d+\.\d{2} BRL$/);
      expect(['in_stock', 'out_of_stock']).toContain(item['g:availability']);
      expect(item['g:condition']).toBe('new');
      expect(item['g:description']).not.toMatch(/<[a-z]/i);
      // A GTIN or identifier_exists = no, never both.
      expect(Boolean(item['g:gtin']) !== (item['g:identifier_exists'] === 'no'), item['g:id']).toBe(true);
    }
  });

  it('lists the same items in the Meta CSV, every required column filled', async () => {
    const { answer, rows } = await metaRows();
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.text.split('\n')[0]).toBe('id,title,description,availability,condition,price,link,image_link,brand,gtin,product_type');
    expect(rows.map((r) => r.id).sort()).toEqual(await expectedIds());
    for (const row of rows) {
      for (const field of META_REQUIRED) expect(row[field], `${row.id} ${field}`).toBeTruthy();
      expect(['in stock', 'out of stock']).toContain(row.availability);
      expect(row.price).toMatch(/^\d+\.\d{2} BRL$/);
    }
    const { items } = await googleItems();
    const byId = new Map(items.map((i) => [i['g:id'], i]));
    for (const row of rows) {
      const item = byId.get(row.id)!;
      expect([row.title, row.price, row.link, row.gtin]).toEqual([item['g:title'], item['g:price'], item['g:link'], item['g:gtin'] ?? '']);
    }
  });

  it('shows a sold-out size as out of stock in both feeds', async () => {
    const [size] = await db
      .select({ id: s.productVariants.id })
      .from(s.productVariants)
      .innerJoin(s.products, eq(s.products.id, s.productVariants.productId))
      .where(eq(s.products.slug, 'detergente-neutro-concentrado'))
      .limit(1);
    await db.update(s.productVariants).set({ stock: 0 }).where(eq(s.productVariants.id, size!.id));
    expect((await googleItems()).items.find((i) => i['g:id'] === size!.id)).toMatchObject({ 'g:availability': 'out_of_stock' });
    expect((await metaRows()).rows.find((r) => r.id === size!.id)).toMatchObject({ availability: 'out of stock' });
    await db.update(s.productVariants).set({ stock: 12 }).where(eq(s.productVariants.id, size!.id));
    expect((await googleItems()).items.find((i) => i['g:id'] === size!.id)).toMatchObject({ 'g:availability': 'in_stock' });
  });

  it('shows a product the admin saves at once, escaped, with a new ETag', async () => {
    const before = await googleItems();
    const etag = before.answer.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect(before.answer.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+/);
    // Unchanged: the fetcher's copy is still good.
    expect((await call(google.loader as never, '/feeds/google.xml', { 'if-none-match': etag })).status).toBe(304);

    const [category] = await db.select().from(s.categories).limit(1);
    const input = (over: Record<string, unknown>) =>
      productForm.parse({ basePrice: '19,90', price: '0', categoryId: category!.id, description: 'Tira <gordura> & brilha.', ...over });
    const id = await admin.saveProduct(db, null, input({ name: 'Limpa & <Brilha>', variants: [{ size: '2 L', price: '19,90', stock: '0', gtin: '7891234567895' }] }));
    const [variant] = await db.select().from(s.productVariants).where(eq(s.productVariants.productId, id));

    const after = await googleItems();
    expect(after.answer.headers.get('etag')).not.toBe(etag);
    expect((await call(google.loader as never, '/feeds/google.xml', { 'if-none-match': etag })).status).toBe(200);
    expect(after.answer.text).toContain('<g:title>Limpa &amp; &lt;Brilha&gt; — 2 L</g:title>');
    expect(after.items.find((i) => i['g:id'] === variant!.id)).toMatchObject({
      'g:title': 'Limpa & <Brilha> — 2 L',
      'g:description': 'Tira & brilha.',
      'g:price': '19.90 BRL',
      'g:availability': 'out_of_stock',
      'g:gtin': '7891234567895',
      'g:product_type': category!.name,
      'g:item_group_id': id,
    });

    // The admin edits it: a new price and stock, in both feeds at once.
    await admin.saveProduct(db, id, input({ name: 'Limpa & <Brilha>', variants: [{ id: variant!.id, size: '2 L', price: '24,90', stock: '7', stockLoaded: '0', noGtin: 'on' }] }));
    expect((await googleItems()).items.find((i) => i['g:id'] === variant!.id)).toMatchObject({ 'g:price': '24.90 BRL', 'g:availability': 'in_stock', 'g:identifier_exists': 'no' });
    expect((await metaRows()).rows.find((r) => r.id === variant!.id)).toMatchObject({ title: 'Limpa & <Brilha> — 2 L', price: '24.90 BRL', availability: 'in stock', gtin: '' });
  });

  it('is private for a signed-in fetcher, like every catalogue page', async () => {
    const answer = await call(google.loader as never, '/feeds/google.xml', { cookie: 'clarear.session_token=x' });
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect((await call(meta.loader as never, '/feeds/meta.csv')).headers.get('cache-control')).toMatch(/^public/);
  });
});
