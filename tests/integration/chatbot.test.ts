import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { toCents } from '~/lib/money';
import { listBestSellers, listCheapest, listQuickQuestions, priceLabel } from '~/server/content/chatbot.server';
import { engines } from '../support/engines';

describe.each(engines)('chatbot reads on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it('best sellers are up to 3 featured products, by display_order', async () => {
    const best = await listBestSellers(handle.db);
    expect(best.length).toBeGreaterThan(0);
    expect(best.length).toBeLessThanOrEqual(3);
    const featured = await handle.db
      .select({ slug: t.products.slug })
      .from(t.products)
      .where(eq(t.products.isFeatured, true))
      .orderBy(asc(t.products.displayOrder), asc(t.products.name));
    expect(best.map((p) => p.slug)).toEqual(featured.slice(0, 3).map((p) => p.slug));
    for (const p of best) {
      expect(p.name).not.toBe('');
      expect(Object.keys(p).sort()).toEqual(['basePrice', 'name', 'priceLabel', 'ratingLabel', 'slug']);
      expect(p.priceLabel).toBe(priceLabel(p.basePrice));
    }
  });

  it('cheapest are 3 products by base_price ascending, unpriced ones last', async () => {
    const [unpriced] = await handle.db
      .insert(t.products)
      .values({ slug: 'sem-preco-chatbot', name: 'Produto sem preço', basePrice: null })
      .returning();
    const cheapest = await listCheapest(handle.db);
    expect(cheapest).toHaveLength(3);
    const cents = cheapest.map((p) => toCents(p.basePrice!));
    expect(cents).toEqual([...cents].sort((a, b) => a - b));
    const all = await handle.db.select({ basePrice: t.products.basePrice }).from(t.products);
    const lowest = all.filter((p) => p.basePrice !== null).map((p) => toCents(p.basePrice!)).sort((a, b) => a - b);
    expect(cents).toEqual(lowest.slice(0, 3));
    expect(cheapest.map((p) => p.slug)).not.toContain(unpriced!.slug);
    await handle.db.delete(t.products).where(eq(t.products.id, unpriced!.id));
  });

  it('labels prices in BRL, and "Consulte" without a base price', () => {
    expect(priceLabel('5.9')).toBe('R$\u00a05,90');
    expect(priceLabel('1234.50')).toBe('R$\u00a01.234,50');
    expect(priceLabel(null)).toBe('Consulte');
  });

  it('quick questions are the active ones, by display_order', async () => {
    const all = await handle.db.select().from(t.chatbotQuickQuestions).orderBy(asc(t.chatbotQuickQuestions.displayOrder));
    expect(all.length).toBeGreaterThanOrEqual(2);
    const hidden = all[1]!;
    await handle.db.update(t.chatbotQuickQuestions).set({ isActive: false }).where(eq(t.chatbotQuickQuestions.id, hidden.id));
    // Reorder one so the answer must follow display_order, not insertion order.
    await handle.db.update(t.chatbotQuickQuestions).set({ displayOrder: 0 }).where(eq(t.chatbotQuickQuestions.id, all.at(-1)!.id));

    const questions = await listQuickQuestions(handle.db);
    expect(questions.map((q) => q.id)).not.toContain(hidden.id);
    expect(questions).toHaveLength(all.length - 1);
    expect(questions[0]!.id).toBe(all.at(-1)!.id);
    expect(questions[0]).toEqual({ id: all.at(-1)!.id, questionText: all.at(-1)!.questionText, responseKey: all.at(-1)!.responseKey });
    const orders = new Map(all.map((q) => [q.id, q.id === all.at(-1)!.id ? 0 : q.displayOrder]));
    const sequence = questions.map((q) => orders.get(q.id)!);
    expect(sequence).toEqual([...sequence].sort((a, b) => a - b));
  });
});
