// The chatbot's reads: active quick questions, the
// top 3 featured products (best sellers) and the 3 cheapest products.
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { chatbotQuickQuestions, products } from '~/db/schema';
import type { ChatProduct, QuickQuestion } from '~/lib/chatbot';
import { formatPrice } from '~/lib/money';

/** The chatbot lists the top 3 best sellers and the 3 cheapest products. */
export const CHATBOT_PRODUCT_LIMIT = 3;

const productFields = { name: products.name, slug: products.slug, basePrice: products.basePrice, rating: products.rating, reviewCount: products.reviewCount };

/** The price the chat shows: base_price in BRL, or 'Consulte' when the product has none. */
export function priceLabel(basePrice: string | null): string {
  return basePrice === null ? 'Consulte' : formatPrice(basePrice);
}

// Formatted here so the chat panel (loaded in the browser) needs no money code.
function withPriceLabel(rows: (Omit<ChatProduct, 'priceLabel' | 'ratingLabel'> & { rating: string | null; reviewCount: number })[]): ChatProduct[] {
  return rows.map(({ rating, reviewCount, ...row }) => ({
    ...row,
    priceLabel: priceLabel(row.basePrice),
    ratingLabel: rating && reviewCount > 0 ? `${rating.replace('.', ',')} ★ (${reviewCount})` : null,
  }));
}

/** chatbot_quick_questions where is_active, by display_order. */
export async function listQuickQuestions(db: Executor): Promise<QuickQuestion[]> {
  return db
    .select({
      id: chatbotQuickQuestions.id,
      questionText: chatbotQuickQuestions.questionText,
      responseKey: chatbotQuickQuestions.responseKey,
    })
    .from(chatbotQuickQuestions)
    .where(eq(chatbotQuickQuestions.isActive, true))
    .orderBy(asc(chatbotQuickQuestions.displayOrder), asc(chatbotQuickQuestions.questionText));
}

/** Best sellers: featured products by display_order, at most 3. */
export async function listBestSellers(db: Executor): Promise<ChatProduct[]> {
  const rows = await db
    .select(productFields)
    .from(products)
    .where(eq(products.isFeatured, true))
    .orderBy(asc(products.displayOrder), asc(products.name))
    .limit(CHATBOT_PRODUCT_LIMIT);
  return withPriceLabel(rows);
}

/** Cheapest: products by base_price ascending (no price last), at most 3. */
export async function listCheapest(db: Executor): Promise<ChatProduct[]> {
  const rows = await db
    .select(productFields)
    .from(products)
    .orderBy(sql`${products.basePrice} asc nulls last`, asc(products.name))
    .limit(CHATBOT_PRODUCT_LIMIT);
  return withPriceLabel(rows);
}
