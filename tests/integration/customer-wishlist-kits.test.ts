import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { toCents } from '~/lib/money';
import { listFeaturedKits, searchProducts } from '~/server/catalog/catalog.server';
import { addFavorite, listFavorites } from '~/server/account/favorites.server';
import {
  deleteSavedKit,
  listBuilderProducts,
  listSavedKits,
  parseSaveKitForm,
  saveKit,
  SaveKitError,
  type BuilderProduct,
} from '~/server/account/saved-kits.server';
import { engines } from '../support/engines';

describe.each(engines)('wishlist and saved kits on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let builder: BuilderProduct[];
  let n = 0;

  async function newUser() {
    n += 1;
    const id = `cliente-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Cliente ${n}`, email: `${id}@exemplo.com.br` });
    return id;
  }

  const counts = async () => {
    const [row] = (
      await handle.db.execute(sql`select (select count(*) from saved_kits)::int as kits, (select count(*) from saved_kit_items)::int as items`)
    ).rows as { kits: number; items: number }[];
    return row!;
  };

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    builder = (await listBuilderProducts(handle.db)).products.filter((p) => p.variants.length >= 2);
    expect(builder.length).toBeGreaterThanOrEqual(2);
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it('listFavorites returns the joined product card, only for that user', async () => {
    const [me, other] = [await newUser(), await newUser()];
    const [a, b, c] = await searchProducts(handle.db, {});
    await addFavorite(handle.db, me, a!.id);
    await addFavorite(handle.db, me, b!.id);
    await addFavorite(handle.db, other, c!.id);

    const mine = await listFavorites(handle.db, me);
    expect(mine.map((p) => p.id).sort()).toEqual([a!.id, b!.id].sort());
    const card = mine.find((p) => p.id === a!.id)!;
    expect(card).toMatchObject({ slug: a!.slug, name: a!.name, price: a!.price, basePrice: a!.basePrice, imageUrl: a!.imageUrl, isKit: false });
    expect(card.categoryName).toBe(a!.categoryName);
    expect((await listFavorites(handle.db, other)).map((p) => p.id)).toEqual([c!.id]);
    expect(await listFavorites(handle.db, await newUser())).toEqual([]);
  });

  it('listBuilderProducts: no kits, sizes by price ascending, search by name', async () => {
    const all = (await listBuilderProducts(handle.db, undefined, 1000)).products;
    expect(all.some((p) => p.isKit)).toBe(false);
    for (const p of all) {
      const cents = p.variants.map((v) => toCents(v.price));
      expect(cents).toEqual([...cents].sort((x, y) => x - y));
    }
    const found = (await listBuilderProducts(handle.db, 'agua sanitaria')).products;
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(all.length);
    for (const p of found) expect(p.name).toMatch(/Água Sanitária/);
  });

  it('saves a kit with its items and lists it with unit prices and the total in cents', async () => {
    const me = await newUser();
    const [p1, p2] = builder;
    const v1 = p1!.variants[1]!;
    const v2 = p2!.variants[0]!;
    const { id } = await saveKit(handle.db, me, {
      name: 'Faxina do mês',
      items: [
        { productId: p1!.id, variantId: v1.id, quantity: 3 },
        { productId: p2!.id, variantId: v2.id, quantity: 2 },
      ],
    });
    const kits = await listSavedKits(handle.db, me);
    expect(kits).toHaveLength(1);
    const kit = kits[0]!;
    expect(kit).toMatchObject({ id, name: 'Faxina do mês' });
    expect(kit.items).toHaveLength(2);
    const i1 = kit.items.find((i) => i.productId === p1!.id)!;
    expect(i1).toMatchObject({ name: p1!.name, variantId: v1.id, size: v1.size, quantity: 3, unitPrice: v1.price, lineCents: toCents(v1.price) * 3 });
    expect(kit.totalCents).toBe(toCents(v1.price) * 3 + toCents(v2.price) * 2);
    expect(Number.isInteger(kit.totalCents)).toBe(true);
  });

  it('an item without a variant is priced by its product', async () => {
    const me = await newUser();
    const p = builder[0]!;
    const [kit] = await handle.db.insert(t.savedKits).values({ userId: me, name: 'Sem tamanho' }).returning();
    await handle.db.insert(t.savedKitItems).values({ savedKitId: kit!.id, productId: p.id, quantity: 2 });
    const [listed] = await listSavedKits(handle.db, me);
    expect(listed!.items[0]).toMatchObject({ variantId: null, size: null, unitPrice: p.price });
    expect(listed!.totalCents).toBe(toCents(p.price) * 2);
  });

  it('lists kits newest first', async () => {
    const me = await newUser();
    const p = builder[0]!;
    const item = { productId: p.id, variantId: p.variants[0]!.id, quantity: 1 };
    await saveKit(handle.db, me, { name: 'Primeiro', items: [item] });
    await new Promise((r) => setTimeout(r, 10));
    await saveKit(handle.db, me, { name: 'Segundo', items: [item] });
    expect((await listSavedKits(handle.db, me)).map((k) => k.name)).toEqual(['Segundo', 'Primeiro']);
  });

  it('a variant of another product saves nothing (one transaction)', async () => {
    const me = await newUser();
    const [p1, p2] = builder;
    const before = await counts();
    await expect(
      saveKit(handle.db, me, {
        name: 'Inválido',
        items: [
          { productId: p1!.id, variantId: p1!.variants[0]!.id, quantity: 1 },
          { productId: p1!.id, variantId: p2!.variants[0]!.id, quantity: 1 },
        ],
      }),
    ).rejects.toBeInstanceOf(SaveKitError);
    expect(await counts()).toEqual(before);
    expect(await listSavedKits(handle.db, me)).toEqual([]);
  });

  it('a failing item insert rolls the kit back', async () => {
    const me = await newUser();
    const p = builder[0]!;
    const before = await counts();
    // Quantity 0 passes the engine's variant checks but breaks the CHECK constraint on saved_kit_items.
    await expect(saveKit(handle.db, me, { name: 'Quebrado', items: [{ productId: p.id, variantId: p.variants[0]!.id, quantity: 0 }] })).rejects.toThrow();
    expect(await counts()).toEqual(before);
  });

  it('refuses ready-made kits and unknown variants', async () => {
    const me = await newUser();
    const [kit] = await listFeaturedKits(handle.db);
    const v = builder[0]!.variants[0]!;
    await expect(saveKit(handle.db, me, { name: 'K', items: [{ productId: kit!.id, variantId: v.id, quantity: 1 }] })).rejects.toBeInstanceOf(SaveKitError);
    await expect(saveKit(handle.db, me, { name: 'K', items: [{ productId: builder[0]!.id, variantId: randomUUID(), quantity: 1 }] })).rejects.toBeInstanceOf(
      SaveKitError,
    );
    expect(await listSavedKits(handle.db, me)).toEqual([]);
  });

  it('validates the form: name 1–80, 1–30 items, quantities 1–99, uuids', () => {
    const p = builder[0]!;
    const item = { productId: p.id, variantId: p.variants[0]!.id, quantity: 1 };
    const form = (name: string, items: unknown) => {
      const f = new FormData();
      f.set('name', name);
      f.set('items', typeof items === 'string' ? items : JSON.stringify(items));
      return parseSaveKitForm(f);
    };
    expect(form('  Meu kit  ', [item])).toEqual({ ok: true, input: { name: 'Meu kit', items: [item] } });
    expect(form('   ', [item])).toEqual({ ok: false, message: 'Dê um nome ao seu kit.' });
    expect(form('x'.repeat(81), [item]).ok).toBe(false);
    expect(form('x'.repeat(80), [item]).ok).toBe(true);
    expect(form('Kit', [])).toEqual({ ok: false, message: 'Escolha pelo menos um produto para o kit.' });
    expect(form('Kit', Array.from({ length: 31 }, () => item)).ok).toBe(false);
    expect(form('Kit', [{ ...item, quantity: 0 }]).ok).toBe(false);
    expect(form('Kit', [{ ...item, quantity: 100 }]).ok).toBe(false);
    expect(form('Kit', [{ ...item, quantity: 1.5 }]).ok).toBe(false);
    expect(form('Kit', [{ ...item, variantId: 'abc' }]).ok).toBe(false);
    expect(form('Kit', 'não é json')).toEqual({ ok: false, message: 'Itens do kit inválidos.' });
  });

  it("deleting another user's kit finds nothing and changes nothing", async () => {
    const [owner, intruder] = [await newUser(), await newUser()];
    const p = builder[0]!;
    const { id } = await saveKit(handle.db, owner, { name: 'Do dono', items: [{ productId: p.id, variantId: p.variants[0]!.id, quantity: 1 }] });
    const before = await counts();
    expect(await deleteSavedKit(handle.db, intruder, id)).toBe(false);
    expect(await counts()).toEqual(before);
    expect((await listSavedKits(handle.db, owner)).map((k) => k.id)).toEqual([id]);
    expect(await listSavedKits(handle.db, intruder)).toEqual([]);

    expect(await deleteSavedKit(handle.db, owner, id)).toBe(true);
    expect(await listSavedKits(handle.db, owner)).toEqual([]);
    const after = await counts();
    expect(after.items).toBe(before.items - 1);
  });
});
