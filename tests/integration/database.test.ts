import { verifyPassword } from 'better-auth/crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/client.server';
import * as t from '~/db/schema';
import { ensureAdmin, isCatalogueEmpty, seedCatalogue } from '~/db/seed/seed.server';
import { isCheckViolation, isUniqueViolation } from '~/db/errors.server';
import { subscribeToNewsletter } from '~/server/newsletter/newsletter.server';
import { engines } from '../support/engines';

const TABLES = [
  'user', 'session', 'account', 'verification', 'categories', 'products', 'product_variants', 'kit_items',
  'testimonials', 'subscription_configs', 'user_subscriptions', 'user_favorites', 'site_content', 'blog_posts',
  'legal_pages', 'newsletter_subscriptions', 'user_addresses', 'orders', 'order_items', 'saved_kits',
  'saved_kit_items', 'user_preferences', 'chatbot_quick_questions',
];

/** Every row of every seeded table, as text, so two snapshots compare exactly. */
async function snapshot(handle: DatabaseHandle) {
  const out: Record<string, string[]> = {};
  for (const table of ['categories', 'products', 'product_variants', 'kit_items', 'testimonials', 'subscription_configs', 'blog_posts', 'legal_pages', 'site_content', 'chatbot_quick_questions', 'user', 'account', 'reviews']) {
    const result = await handle.db.execute(sql.raw(`select t::text as row from "${table}" t`));
    out[table] = (result.rows as { row: string }[]).map((r) => r.row).sort();
  }
  return out;
}

async function expectRejected(promise: Promise<unknown>, check: (e: unknown) => boolean) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error, 'the database accepted a row it must reject').not.toBeNull();
  expect(check(error), String(error)).toBe(true);
}

describe.each(engines)('database on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;

  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it('applies every migration to an empty database, and a second run is a no-op', async () => {
    await handle.migrate();
    await handle.migrate();
    const result = await handle.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = (result.rows as { table_name: string }[]).map((r) => r.table_name);
    for (const table of TABLES) expect(names).toContain(table);
    const ext = await handle.db.execute(sql`select extname from pg_extension`);
    const exts = (ext.rows as { extname: string }[]).map((r) => r.extname);
    expect(exts).toEqual(expect.arrayContaining(['pg_trgm', 'unaccent']));
  });

  it('seeds the catalogue once; a second run changes nothing', async () => {
    expect(await isCatalogueEmpty(handle.db)).toBe(true);
    await seedCatalogue(handle.db);
    await ensureAdmin(handle.db, 'admin@clarear.com.br', 'senha-do-admin-de-teste-7');
    const first = await snapshot(handle);
    await seedCatalogue(handle.db);
    expect(await ensureAdmin(handle.db, 'admin@clarear.com.br', 'senha-do-admin-de-teste-7')).toEqual({ outcome: 'existing' });
    expect(await snapshot(handle)).toEqual(first);
    expect(await isCatalogueEmpty(handle.db)).toBe(false);
  });

  it('holds the catalogue the storefront needs', async () => {
    const db = handle.db;
    const count = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
    const n = sql<number>`count(*)::int`;
    expect(await count(db.select({ n }).from(t.products).where(eq(t.products.isKit, false)))).toBeGreaterThanOrEqual(40);
    expect(await count(db.select({ n }).from(t.products).where(eq(t.products.isKit, true)))).toBeGreaterThanOrEqual(6);
    expect(
      await count(db.select({ n }).from(t.products).where(and(eq(t.products.isKit, true), eq(t.products.isFeatured, true)))),
    ).toBeGreaterThanOrEqual(3);
    expect(await count(db.select({ n }).from(t.categories).where(sql`${t.categories.name} <> 'Kits Prontos'`))).toBeGreaterThanOrEqual(5);
    expect(await count(db.select({ n }).from(t.blogPosts))).toBeGreaterThanOrEqual(6);
    expect((await db.select().from(t.legalPages)).map((p) => p.slug).sort()).toEqual(['politica-privacidade', 'termos-uso', 'trocas-devolucoes']);
    const [plan] = await db.select().from(t.subscriptionConfigs).where(eq(t.subscriptionConfigs.isActive, true));
    expect(plan?.planName).toBe('Assinatura Inteligente');
    expect(plan?.benefits.length).toBeGreaterThan(0);
    // Every non-kit product has 2–3 sizes and its price is the cheapest one.
    const variants = await db
      .select({ id: t.products.id, price: t.products.price, min: sql<string>`min(${t.productVariants.price})`, sizes: sql<number>`count(*)::int` })
      .from(t.products)
      .innerJoin(t.productVariants, eq(t.productVariants.productId, t.products.id))
      .groupBy(t.products.id);
    expect(variants.length).toBeGreaterThanOrEqual(40);
    for (const v of variants) {
      expect(v.sizes).toBeGreaterThanOrEqual(2);
      expect(v.sizes).toBeLessThanOrEqual(3);
      expect(v.price).toBe(v.min);
    }
    // Money comes back as an exact string, not a float.
    expect(typeof variants[0]!.price).toBe('string');
    expect(variants[0]!.price).toMatch(/^\d+\.\d{2}$/);
  });

  it('finds products ignoring case and accents through the trigram-indexed expression', async () => {
    const rows = await handle.db
      .select({ name: t.products.name })
      .from(t.products)
      .where(sql`clarear_unaccent(lower(${t.products.name})) like ${'%agua sanitaria%'}`);
    expect(rows.map((r) => r.name).join(' ')).toMatch(/Água Sanitária/);
    const plan = await handle.db.execute(sql`select indexdef from pg_indexes where indexname = 'products_name_trgm_idx'`);
    expect(JSON.stringify(plan.rows)).toContain('gin_trgm_ops');
  });

  it('creates the admin with a working password and the admin role', async () => {
    const [admin] = await handle.db.select().from(t.user).where(eq(t.user.email, 'admin@clarear.com.br'));
    expect(admin?.role).toBe('admin');
    expect(admin?.emailVerified).toBe(true);
    const [acc] = await handle.db.select().from(t.account).where(eq(t.account.userId, admin!.id));
    expect(await verifyPassword({ hash: acc!.password!, password: 'senha-do-admin-de-teste-7' })).toBe(true);
    expect(await verifyPassword({ hash: acc!.password!, password: 'wrong-password' })).toBe(false);
  });

  describe('constraints reject bad data', () => {
    const userId = 'user-constraints';
    beforeAll(async () => {
      await handle.db.insert(t.user).values({ id: userId, name: 'Cliente Teste', email: 'cliente@teste.com.br' });
    });

    it('a negative price', async () => {
      await expectRejected(
        handle.db.insert(t.products).values({ slug: 'neg', name: 'Negativo', price: '-1.00' }),
        isCheckViolation,
      );
      const [p] = await handle.db.select().from(t.products).limit(1);
      await expectRejected(
        handle.db.insert(t.productVariants).values({ productId: p!.id, size: '9 L', price: '-0.01' }),
        isCheckViolation,
      );
    });

    it('a pH of 15', async () => {
      await expectRejected(
        handle.db.insert(t.products).values({ slug: 'ph15', name: 'pH 15', price: '1.00', phValue: '15.0' }),
        isCheckViolation,
      );
    });

    it('a second default address for the same user', async () => {
      const address = { userId, name: 'Casa', street: 'Rua das Flores', number: '10', neighborhood: 'Centro', city: 'São Paulo', state: 'SP', zipCode: '01001000' };
      await handle.db.insert(t.userAddresses).values({ ...address, isDefault: true });
      await handle.db.insert(t.userAddresses).values({ ...address, name: 'Escritório', isDefault: false });
      await expectRejected(handle.db.insert(t.userAddresses).values({ ...address, name: 'Praia', isDefault: true }), isUniqueViolation);
    });

    it('an invalid UF, a malformed CEP', async () => {
      const address = { userId, name: 'X', street: 'Rua', number: '1', neighborhood: 'B', city: 'C', state: 'XX', zipCode: '01001000' };
      await expectRejected(handle.db.insert(t.userAddresses).values(address), isCheckViolation);
      await expectRejected(handle.db.insert(t.userAddresses).values({ ...address, state: 'SP', zipCode: '0100-100' }), isCheckViolation);
    });

    it('a duplicate newsletter e-mail, whatever its case', async () => {
      await handle.db.insert(t.newsletterSubscriptions).values({ email: 'ana@exemplo.com.br' });
      await expectRejected(handle.db.insert(t.newsletterSubscriptions).values({ email: 'ANA@Exemplo.com.br' }), isUniqueViolation);
      expect(await subscribeToNewsletter(handle.db, 'Ana@Exemplo.com.br')).toBe('duplicate');
      expect(await subscribeToNewsletter(handle.db, 'bia@exemplo.com.br')).toBe('subscribed');
    });

    it('unknown subscription status or frequency, a zero quantity, an unknown theme, a second favourite', async () => {
      const base = { userId, frequency: 'monthly' as const, anchorDate: '2026-11-22', nextDeliveryDate: '2026-12-22', totalValue: '49.90' };
      await expectRejected(handle.db.execute(sql`insert into user_subscriptions (user_id, frequency, status, anchor_date, next_delivery_date, total_value) values (${userId}, 'monthly', 'expired', '2026-11-22', '2026-12-22', 49.90)`), isCheckViolation);
      await expectRejected(handle.db.execute(sql`insert into user_subscriptions (user_id, frequency, status, anchor_date, next_delivery_date, total_value) values (${userId}, 'weekly', 'active', '2026-11-22', '2026-12-22', 49.90)`), isCheckViolation);
      await handle.db.insert(t.userSubscriptions).values(base);
      await expectRejected(handle.db.execute(sql`insert into user_preferences (user_id, theme) values (${userId}, 'blue')`), isCheckViolation);
      const [order] = await handle.db.insert(t.orders).values({ userId, totalPrice: '10.00', status: 'paid', idempotencyKey: 'constraints-1' }).returning();
      await expectRejected(
        handle.db.insert(t.orderItems).values({ orderId: order!.id, productName: 'X', quantity: 0, priceAtPurchase: '1.00' }),
        isCheckViolation,
      );
      const [p] = await handle.db.select().from(t.products).limit(1);
      await handle.db.insert(t.userFavorites).values({ userId, productId: p!.id });
      await expectRejected(handle.db.insert(t.userFavorites).values({ userId, productId: p!.id }), isUniqueViolation);
    });
  });
});
