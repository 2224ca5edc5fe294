// Two app instances on one PostgreSQL, as behind a load balancer, each on its own machine (its own
// DATA_DIR) and one S3 bucket: they start together on a new database, a session made on one is
// valid on the other, checkouts through both lose no order and honour one idempotency key across
// instances, concurrent admin saves of one product through both never silently undo each other, and
// an image uploaded through one is served by the other. The bucket is a local S3 stand-in (s3rver,
// tests/support/s3-stand-in.ts) for PutObject, GetObject, HeadObject, DeleteObject and ListObjectsV2:
// https://docs.aws.amazon.com/AmazonS3/latest/API/API_Operations_Amazon_Simple_Storage_Service.html
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import nodePath from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { S3Storage } from '~/server/storage/s3.server';
import { startS3StandIn, type S3StandIn } from '../support/s3-stand-in';
import { createCustomers, type Customer } from '../support/faults/accounts';
import { Visitor } from '../support/faults/http';
import { privateCluster, query } from '../support/faults/postgres';
import { ADMIN_EMAIL, ROOT, startApp, testSecrets, type App } from '../support/faults/server';
import { brokenInvariants, checkout, NO_BROKEN_INVARIANTS, postgresTarget, rows, type StoreTarget } from '../support/faults/store';

const { dataDir, port } = inject('pgCluster');
const cluster = privateCluster(dataDir, port);

describe('two instances on one PostgreSQL', () => {
  let target: StoreTarget;
  let a: App;
  let b: App;
  let bucket: S3StandIn;
  let customers: Customer[];
  let variant: { id: string; productId: string };
  let secrets: ReturnType<typeof testSecrets>;

  beforeAll(async () => {
    if (!cluster.isRunning()) await cluster.start();
    target = await postgresTarget(cluster.adminUrl, 'clarear_two');
    bucket = await startS3StandIn();
    // Both started at the same moment on an empty database: one migrates, seeds and creates the
    // admin while the other waits for it (start-up lock), and both serve. Each has a folder of its
    // own, as on two machines; their files are in the one bucket.
    secrets = testSecrets();
    const machine = (name: string) => ({ ...target.env, ...secrets, ...bucket.env, DATA_DIR: mkdtempSync(nodePath.join(tmpdir(), `clarear-two-${name}-`)) });
    [a, b] = await Promise.all([startApp({ env: machine('a') }), startApp({ env: machine('b') })]);
    expect(a.env.DATA_DIR).not.toBe(b.env.DATA_DIR);
    const handle = await target.open();
    try {
      variant = (await rows<{ id: string; productId: string }>(handle, sql`select id, product_id as "productId" from product_variants order by id limit 1`))[0]!;
      // Nine buyers: each places three unpaid orders below, the most a customer may have at once.
      customers = await createCustomers(handle.db, 9, 'duas');
      const [counts] = await rows<{ admins: number; products: number }>(
        handle,
        sql`select (select count(*) from "user" where role = 'admin')::int as admins, (select count(*) from products)::int as products`,
      );
      expect(counts!.admins).toBe(1);
      expect(counts!.products).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await bucket?.close();
  });

  it('an image uploaded through one instance is served by the other, from the bucket, on neither disk', async () => {
    const admin = new Visitor(a.url);
    await admin.signIn(ADMIN_EMAIL, secrets.ADMIN_PASSWORD);
    const png = await readFile(nodePath.join(ROOT, 'tests/fixtures/produto.png'));
    const form = new FormData();
    form.append('file', new File([png], 'produto.png', { type: 'image/png' }));
    // As the admin's ImageField posts it (multipart, same origin).
    const upload = await fetch(`${a.url}/admin/uploads`, { method: 'POST', body: form, headers: { cookie: admin.cookieHeader(), origin: a.url } });
    expect(upload.status).toBe(200);
    const { url } = (await upload.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{20}-800\.webp$/);

    const stored = new S3Storage(bucket.config);
    const hash = url.slice('/uploads/'.length, -'-800.webp'.length);
    // Besides the seeded safety sheets (public/fds/), exactly the three widths of this upload.
    const images = (await stored.list('public/')).filter((key) => !key.startsWith('public/fds/'));
    expect(images).toEqual([320, 640, 800].map((width) => `public/${hash}-${width}.webp`));
    for (const width of [320, 640, 800]) {
      // The other instance never saw the upload: it answers from the bucket.
      const served = await fetch(`${b.url}/uploads/${hash}-${width}.webp`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const body = Buffer.from(await served.arrayBuffer());
      expect((await sharp(body).metadata()).width).toBe(width);
      const object = await stored.open(`public/${hash}-${width}.webp`);
      expect(body.equals(Buffer.from(await new Response(object!.body).arrayBuffer()))).toBe(true);
    }
    expect((await fetch(`${b.url}/uploads/00000000000000000000-640.webp`)).status).toBe(404);
    // Nothing of it on either machine's disk.
    for (const app of [a, b]) expect(existsSync(nodePath.join(app.env.DATA_DIR!, 'uploads'))).toBe(false);
  });

  it('an instance with an incomplete S3 configuration refuses to start and says what is missing', async () => {
    const start = startApp({ env: { ...target.env, ...secrets, ...bucket.env, S3_BUCKET: '' }, startTimeoutMs: 30_000 });
    await expect(start).rejects.toThrow(/Configuração de armazenamento incompleta: STORAGE_DRIVER=s3 precisa de S3_BUCKET/);
  });

  it('a session created on one instance is valid on the other, and a sign-out on either ends it', async () => {
    const customer = customers[0]!;
    const onA = new Visitor(a.url);
    await onA.signIn(customer.email, customer.password);
    const onB = onA.at(b.url);
    const profile = await onB.get('/area-cliente/perfil');
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain(customer.name);

    const out = await onB.post('/logout', {});
    expect(out.status).toBe(302);
    // The cookie the first instance issued no longer opens anything on it either.
    const afterSignOut = await onA.get('/area-cliente/perfil');
    expect(afterSignOut.status).toBe(302);
    expect(afterSignOut.headers.get('location')).toMatch(/^\/login\?redirectTo=/);
  });

  it('checkouts through both instances: every confirmed order stored whole, one order per idempotency key', async () => {
    const buyers = await Promise.all(
      customers.map(async (customer) => {
        const visitor = new Visitor(a.url);
        await visitor.signIn(customer.email, customer.password);
        return { customer, onA: visitor, onB: visitor.at(b.url), taxId: generateCpf() };
      }),
    );
    const line = (quantity: number) => [{ id: variant.id, product_id: variant.productId, quantity }];
    // The same submit reaching both instances at once (a retry through the load balancer) is one order.
    const sameKey = await Promise.all(
      buyers.map(async ({ onA, onB, taxId }) => {
        const key = randomUUID();
        const answers = await Promise.all([checkout(onA, line(1), taxId, key), checkout(onB, line(1), taxId, key), checkout(onA, line(1), taxId, key), checkout(onB, line(1), taxId, key)]);
        return { key, statuses: answers.map((r) => r.status) };
      }),
    );
    for (const { statuses } of sameKey) expect(statuses).toEqual([200, 200, 200, 200]);
    // Then many distinct orders, alternating instances, all at once (two more each: three unpaid
    // orders per customer is the cap, tests/integration/once-per-person.test.ts).
    const distinct = await Promise.all(
      buyers.flatMap(({ onA, onB, taxId }, b) => Array.from({ length: 2 }, (_, i) => checkout((b + i) % 2 ? onB : onA, line(1 + ((b + i) % 3)), taxId))),
    );
    expect(distinct.map((r) => r.status)).toEqual(distinct.map(() => 200));

    const handle = await target.open();
    try {
      for (const { key } of sameKey) {
        const [count] = await rows<{ n: number }>(handle, sql`select count(*)::int as n from orders where idempotency_key = ${key}`);
        expect(count!.n).toBe(1);
      }
      const stored = new Set((await rows<{ key: string }>(handle, sql`select idempotency_key as key from orders`)).map((r) => r.key));
      expect(distinct.filter((r) => !stored.has(r.idempotencyKey))).toEqual([]);
      expect(stored.size).toBe(sameKey.length + distinct.length);
      expect(await brokenInvariants(handle)).toEqual(NO_BROKEN_INVARIANTS);
    } finally {
      await handle.close();
    }
  });

  it('two admins saving one product through both instances: the later save from a stale form is refused, nothing is undone', async () => {
    const adminOnA = new Visitor(a.url);
    const adminOnB = new Visitor(b.url);
    await Promise.all([adminOnA.signIn(ADMIN_EMAIL, secrets.ADMIN_PASSWORD), adminOnB.signIn(ADMIN_EMAIL, secrets.ADMIN_PASSWORD)]);
    const url = target.env.DATABASE_URL!;
    const [product] = await query<Record<string, string | number | boolean | null>>(url, 'select * from products where not is_kit order by slug limit 1');
    const variants = await query<{ id: string; size: string; price: string; image_url: string | null }>(
      url,
      'select id, size, price, image_url from product_variants where product_id = $1 order by size',
      [product!.id],
    );
    const path = `/admin/products/${product!.id as string}`;
    // Both open the edit page: the form carries the version it was loaded at.
    const versionIn = async (admin: Visitor) => {
      const page = await admin.get(path);
      expect(page.status).toBe(200);
      return /name="version" value="(\d+)"/.exec(await page.text())?.[1];
    };
    const [versionA, versionB] = await Promise.all([versionIn(adminOnA), versionIn(adminOnB)]);
    expect(versionA).toBeDefined();
    expect(versionB).toBe(versionA);

    const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
    const formOf = (changes: Record<string, string>, version: string) => {
      const form: Record<string, string> = {
        name: text(product!.name),
        description: text(product!.description),
        price: text(product!.price),
        basePrice: text(product!.base_price ?? product!.price),
        imageUrl: text(product!.image_url),
        rating: text(product!.rating),
        displayOrder: text(product!.display_order),
        categoryId: text(product!.category_id),
        phValue: text(product!.ph_value),
        benefits: text(product!.benefits),
        dilution: text(product!.dilution),
        useIndication: text(product!.use_indication),
        howToUse: text(product!.how_to_use),
        precautions: text(product!.precautions),
        composition: text(product!.composition),
        activeIngredient: text(product!.active_ingredient),
        version,
        ...changes,
      };
      if (product!.is_featured) form.isFeatured = 'on';
      variants.forEach((v, i) => {
        form[`variants.${i}.id`] = v.id;
        form[`variants.${i}.size`] = v.size;
        form[`variants.${i}.price`] = v.price;
        form[`variants.${i}.imageUrl`] = text(v.image_url);
      });
      return form;
    };
    // Both save at the same moment, each changing a different field from the same loaded version.
    const [saveA, saveB] = await Promise.all([
      adminOnA.post(path, formOf({ description: 'Descrição revisada pela Ana.' }, versionA!)),
      adminOnB.post(path, formOf({ name: `${text(product!.name)} (Bruno)` }, versionB!)),
    ]);
    const statuses = [saveA.status, saveB.status].sort();
    expect(statuses).toEqual([302, 409]);
    const refused = saveA.status === 409 ? saveA : saveB;
    expect(await refused.text()).toContain('Este produto foi alterado por outra pessoa');
    const [after] = await query<{ name: string; description: string }>(url, 'select name, description from products where id = $1', [product!.id]);
    // Exactly the saved change is there; the refused one changed nothing and undid nothing.
    if (saveA.status === 302) expect(after).toEqual({ name: product!.name, description: 'Descrição revisada pela Ana.' });
    else expect(after).toEqual({ name: `${text(product!.name)} (Bruno)`, description: product!.description });
  });
});
