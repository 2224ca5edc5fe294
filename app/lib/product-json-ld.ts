// The product page's JSON-LD (schema.org Product with its offer): prices from its sizes (a kit: its
// own), availability from the stock rule the page's badges use (lib/stock). Kept out of lib/stock,
// which every product card loads.
import type { ProductDetail } from '~/server/catalog/catalog.server';
import { absoluteUrl } from './seo';
import { stockLevel, type StockLevel } from './stock';

/** What a product offers as a whole: its best size, an untracked one winning (null), as its listing card reads it. */
export function bestAvailable(sizes: readonly (number | null)[]): number | null {
  if (sizes.length === 0 || sizes.includes(null)) return null;
  return Math.max(...(sizes as number[]));
}

/**
 * The stock levels (lib/stock) for search engines, as schema.org's ItemAvailability (an Offer's `availability`):
 * "Últimas unidades" is limited availability, "Esgotado" out of stock, anything else in stock.
 */
export const SCHEMA_AVAILABILITY = {
  untracked: 'https://schema.org/InStock',
  available: 'https://schema.org/InStock',
  low: 'https://schema.org/LimitedAvailability',
  sold_out: 'https://schema.org/OutOfStock',
} as const satisfies Record<StockLevel, string>;

export type ProductJsonLdInput = Pick<ProductDetail, 'name' | 'slug' | 'description' | 'imageUrl' | 'categoryName' | 'isKit' | 'price' | 'available' | 'variants'> &
  Partial<Pick<ProductDetail, 'rating' | 'reviewCount'>>;

/** A review the page shows (approved), as schema.org's Review reads it. */
export type JsonLdReview = { authorName: string; rating: number; title: string; body: string; createdAt: Date | string };

/** A São Paulo calendar day for `datePublished` (ISO 8601 date). */
function isoDay(value: Date | string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(value));
}

/**
 * The product's stars for search engines: `AggregateRating` only with approved reviews (Google
 * refuses a rating without any), and the page's reviews as `Review` items.
 */
function reviewsJsonLd(product: ProductJsonLdInput, reviews: readonly JsonLdReview[]) {
  const count = product.reviewCount ?? 0;
  const aggregateRating =
    product.rating && count > 0 ? { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: count, bestRating: 5, worstRating: 1 } : undefined;
  const review = reviews.length
    ? reviews.map((r) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: r.authorName },
        reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
        datePublished: isoDay(r.createdAt),
        name: r.title,
        reviewBody: r.body,
      }))
    : undefined;
  // Absent rather than undefined: nothing is said without reviews.
  return { ...(aggregateRating ? { aggregateRating } : {}), ...(review ? { review } : {}) };
}

export function productJsonLd(product: ProductJsonLdInput, origin: string, reviews: readonly JsonLdReview[] = []) {
  const prices = product.isKit ? [product.price] : product.variants.map((v) => v.price);
  // A kit, or a product without sizes, has its own figure; a product offers its best size.
  const units = product.isKit || product.variants.length === 0 ? [product.available] : product.variants.map((v) => v.available);
  const availability = SCHEMA_AVAILABILITY[stockLevel(bestAvailable(units))];
  const offers =
    prices.length > 1
      ? { '@type': 'AggregateOffer', priceCurrency: 'BRL', lowPrice: prices[0], highPrice: prices.at(-1), offerCount: prices.length, availability }
      : { '@type': 'Offer', priceCurrency: 'BRL', price: prices[0] ?? product.price, availability, url: absoluteUrl(origin, `/produtos/${product.slug}`) };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: product.imageUrl ? absoluteUrl(origin, product.imageUrl) : undefined,
    category: product.categoryName ?? undefined,
    brand: { '@type': 'Brand', name: 'Clarear' },
    offers,
    ...reviewsJsonLd(product, reviews),
  };
}
