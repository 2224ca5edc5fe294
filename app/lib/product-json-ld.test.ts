import { describe, expect, it } from 'vitest';
import { productJsonLd, SCHEMA_AVAILABILITY, type ProductJsonLdInput } from './product-json-ld';
import { LOW_STOCK_THRESHOLD } from './stock';

/** The members of schema.org's ItemAvailability enumeration, as listed at https://schema.org/ItemAvailability. */
const ITEM_AVAILABILITY = [
  'https://schema.org/BackOrder',
  'https://schema.org/Discontinued',
  'https://schema.org/InStock',
  'https://schema.org/InStoreOnly',
  'https://schema.org/LimitedAvailability',
  'https://schema.org/MadeToOrder',
  'https://schema.org/OnlineOnly',
  'https://schema.org/OutOfStock',
  'https://schema.org/PreOrder',
  'https://schema.org/PreSale',
  'https://schema.org/Reserved',
  'https://schema.org/SoldOut',
];

const ORIGIN = 'https://loja.example';
const size = (price: string, available: number | null) => ({ id: `v-${price}`, size: `${price} L`, price, imageUrl: null, available });
const product = (over: Partial<ProductJsonLdInput> = {}): ProductJsonLdInput => ({
  name: 'Detergente Neutro',
  slug: 'detergente-neutro',
  description: 'Para louças.',
  imageUrl: '/images/detergente.svg',
  categoryName: 'Cozinha',
  isKit: false,
  price: '9.90',
  available: null,
  variants: [size('9.90', 50)],
  ...over,
});
const availability = (p: ProductJsonLdInput) => (productJsonLd(p, ORIGIN).offers as { availability: string }).availability;

describe("the product page's JSON-LD availability", () => {
  it('says what the page says: in stock, "Últimas unidades" as limited availability, "Esgotado" as out of stock', () => {
    expect(availability(product({ variants: [size('9.90', LOW_STOCK_THRESHOLD)] }))).toBe('https://schema.org/InStock');
    expect(availability(product({ variants: [size('9.90', LOW_STOCK_THRESHOLD - 1)] }))).toBe('https://schema.org/LimitedAvailability');
    expect(availability(product({ variants: [size('9.90', 1)] }))).toBe('https://schema.org/LimitedAvailability');
    expect(availability(product({ variants: [size('9.90', 0)] }))).toBe('https://schema.org/OutOfStock');
    // Not tracked: always sellable.
    expect(availability(product({ variants: [size('9.90', null)] }))).toBe('https://schema.org/InStock');
  });

  it('a product of several sizes offers its best one; a kit its own figure', () => {
    const sizes = (a: number | null, b: number | null) => product({ variants: [size('9.90', a), size('29.90', b)] });
    expect(productJsonLd(sizes(0, 3), ORIGIN).offers).toMatchObject({ '@type': 'AggregateOffer', lowPrice: '9.90', highPrice: '29.90', availability: 'https://schema.org/LimitedAvailability' });
    expect(availability(sizes(0, 0))).toBe('https://schema.org/OutOfStock');
    expect(availability(sizes(0, 40))).toBe('https://schema.org/InStock');
    expect(availability(sizes(0, null))).toBe('https://schema.org/InStock');
    const kit = (available: number | null) => product({ isKit: true, price: '59.90', available, variants: [] });
    expect(productJsonLd(kit(0), ORIGIN).offers).toMatchObject({ '@type': 'Offer', price: '59.90', availability: 'https://schema.org/OutOfStock', url: `${ORIGIN}/produtos/detergente-neutro` });
    expect(availability(kit(2))).toBe('https://schema.org/LimitedAvailability');
    expect(availability(kit(null))).toBe('https://schema.org/InStock');
  });

  it("every value it can give is a member of schema.org's ItemAvailability", () => {
    for (const value of Object.values(SCHEMA_AVAILABILITY)) expect(ITEM_AVAILABILITY).toContain(value);
    for (const available of [null, 0, 1, LOW_STOCK_THRESHOLD - 1, LOW_STOCK_THRESHOLD, 1000]) {
      expect(ITEM_AVAILABILITY).toContain(availability(product({ variants: [size('9.90', available)] })));
    }
  });
});

describe("the product page's JSON-LD reviews (issue 36)", () => {
  const review = { authorName: 'Maria S.', rating: 5, title: 'Excelente', body: 'Limpa muito bem.', createdAt: new Date('2026-11-10T02:00:00Z') };

  /** What Google's review snippets require (developers.google.com/search/docs/appearance/structured-data/review-snippet). */
  function expectValidReviewMarkup(ld: Record<string, unknown>) {
    const aggregate = ld.aggregateRating as Record<string, unknown> | undefined;
    if (aggregate) {
      expect(aggregate['@type']).toBe('AggregateRating');
      expect(Number(aggregate.ratingValue)).toBeGreaterThanOrEqual(1);
      expect(Number(aggregate.ratingValue)).toBeLessThanOrEqual(5);
      expect(Number.isInteger(aggregate.reviewCount) && (aggregate.reviewCount as number) > 0).toBe(true);
    }
    for (const r of (ld.review as Record<string, unknown>[] | undefined) ?? []) {
      expect(r['@type']).toBe('Review');
      expect(r.author).toMatchObject({ '@type': 'Person', name: expect.any(String) });
      expect((r.author as { name: string }).name.length).toBeLessThan(100);
      const rating = r.reviewRating as Record<string, unknown>;
      expect(rating['@type']).toBe('Rating');
      expect(rating.ratingValue).toBeGreaterThanOrEqual(rating.worstRating as number);
      expect(rating.ratingValue).toBeLessThanOrEqual(rating.bestRating as number);
      expect(r.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(typeof r.name === 'string' && typeof r.reviewBody === 'string').toBe(true);
    }
    // It must survive the page's <script type="application/ld+json"> round trip.
    expect(JSON.parse(JSON.stringify(ld))).toEqual(JSON.parse(JSON.stringify(ld)));
  }

  it('AggregateRating only with approved reviews; a Review per review shown', () => {
    const none = productJsonLd(product({ rating: null, reviewCount: 0 }), ORIGIN);
    expect(none).not.toHaveProperty('aggregateRating');
    expect(none).not.toHaveProperty('review');
    expect(JSON.stringify(none)).not.toContain('aggregateRating');

    const rated = productJsonLd(product({ rating: '4.6', reviewCount: 12 }), ORIGIN, [review, { ...review, authorName: 'João V.', rating: 4 }]);
    expect(rated.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: '4.6', reviewCount: 12, bestRating: 5, worstRating: 1 });
    expect(rated.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Maria S.' },
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        // The São Paulo day: 23:00 of the 9th there.
        datePublished: '2026-11-09',
        name: 'Excelente',
        reviewBody: 'Limpa muito bem.',
      },
      expect.objectContaining({ author: { '@type': 'Person', name: 'João V.' }, reviewRating: expect.objectContaining({ ratingValue: 4 }) }),
    ]);
    expectValidReviewMarkup(rated);
    expectValidReviewMarkup(none);
  });
});
