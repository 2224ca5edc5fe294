// Product feeds (issue 36): the catalogue as Google Merchant Center (RSS 2.0 with the g: namespace)
// and Meta's commerce catalogue (CSV) read it. Pure: one item per size of a product, one per kit,
// built from the rows the catalogue area reads (server/catalog/feeds.server.ts).
import { stringify } from 'csv-stringify/sync';
import { isValidGtin } from './gtin';
import { centsToDecimal, toCents } from './money';
import { stockLevel } from './stock';

/** Google's limits (Merchant Center product data specification); longer values are cut, not refused. */
export const TITLE_MAX = 150;
export const DESCRIPTION_MAX = 5000;

/** Where a size's or product's image is missing: the storefront's own placeholder. */
export const PLACEHOLDER_IMAGE = '/images/products/placeholder.svg';

export type FeedSize = { id: string; size: string; price: string; imageUrl: string | null; stock: number | null; gtin: string | null };

/** A catalogue row: a product with its sizes, or a kit (no sizes; its price, GTIN and availability are its own). */
export type FeedProduct = {
  id: string;
  slug: string;
  name: string;
  description: string;
  imageUrl: string | null;
  categoryName: string | null;
  isKit: boolean;
  /** A kit's price ('89.90'); a product's are its sizes'. */
  price: string;
  /** A kit's GTIN; a product's are its sizes'. */
  gtin: string | null;
  /** A kit: how many its scarcest content allows, null when not tracked. Products: see each size. */
  available: number | null;
  sizes: FeedSize[];
};

export type FeedContext = { /** The public origin, no trailing slash. */ origin: string; /** The store's trade name. */ brand: string };

export type FeedAvailability = 'in_stock' | 'out_of_stock';

export type FeedItem = {
  id: string;
  /** The product's id for the sizes of one product (Google's variant group); absent for a kit. */
  itemGroupId?: string;
  /** The size label ('5 L'), with itemGroupId: Google asks a variant attribute of a group. */
  size?: string;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  availability: FeedAvailability;
  /** '69.90 BRL' */
  price: string;
  brand: string;
  /** A real GTIN; without one, identifierExists is 'no'. */
  gtin?: string;
  identifierExists?: 'no';
  condition: 'new';
  productType?: string;
};

/** Cuts to `max` characters without splitting a character made of two UTF-16 units. */
function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('').trimEnd();
}

/** Plain text: no HTML tags, whitespace collapsed, within Google's description limit. */
export function plainDescription(text: string): string {
  return cut(text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim(), DESCRIPTION_MAX);
}

/** '/images/x.jpg' on the public origin; an absolute http(s) address (a CDN) as it is. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** 6990 cents → '69.90 BRL', the format both Google and Meta read. */
export function feedPrice(price: string): string {
  return `${centsToDecimal(toCents(price))} BRL`;
}

/** Untracked stock (null) is always sellable, as everywhere in the store (lib/stock). */
export function feedAvailability(available: number | null): FeedAvailability {
  return stockLevel(available) === 'sold_out' ? 'out_of_stock' : 'in_stock';
}

/** The GTIN when it is a real one (not 'SEM GTIN', not a mistyped check digit), else identifier_exists = no. */
function identifiers(gtin: string | null): Pick<FeedItem, 'gtin' | 'identifierExists'> {
  const code = gtin?.trim() ?? '';
  return isValidGtin(code) ? { gtin: code } : { identifierExists: 'no' };
}

/**
 * The feed's items of one catalogue row: one per size (a product without sizes has nothing to sell
 * and no item), one for a kit.
 *
 * No sale_price: Google's sale_price is a promotion of the single unit, shown struck through. The
 * store's volume prices (variant_price_tiers) apply only from 2+ units, so they are not one, and the
 * catalogue has no single-unit promotion in its data (products.base_price is the "a partir de" price
 * of the cards, not a former price). Add sale_price here when such a promotion exists.
 *
 * The link is the product page: it has no address per size (the size is chosen on the page).
 */
export function feedItems(product: FeedProduct, ctx: FeedContext): FeedItem[] {
  const link = absoluteUrl(ctx.origin, `/produtos/${encodeURIComponent(product.slug)}`);
  const common = {
    link,
    brand: ctx.brand,
    condition: 'new' as const,
    ...(product.categoryName ? { productType: product.categoryName } : {}),
  };
  const describe = (title: string) => plainDescription(product.description) || title;
  const image = (url: string | null) => absoluteUrl(ctx.origin, url ?? product.imageUrl ?? PLACEHOLDER_IMAGE);

  if (product.isKit) {
    const title = cut(product.name.trim(), TITLE_MAX);
    return [
      {
        id: product.id,
        title,
        description: describe(title),
        imageLink: image(null),
        availability: feedAvailability(product.available),
        price: feedPrice(product.price),
        ...identifiers(product.gtin),
        ...common,
      },
    ];
  }
  return product.sizes.map((size) => {
    const title = cut(`${product.name.trim()} — ${size.size.trim()}`, TITLE_MAX);
    return {
      id: size.id,
      itemGroupId: product.id,
      size: size.size.trim(),
      title,
      description: describe(title),
      imageLink: image(size.imageUrl),
      availability: feedAvailability(size.stock),
      price: feedPrice(size.price),
      ...identifiers(size.gtin),
      ...common,
    };
  });
}

// XML 1.0 forbids these control characters even escaped; a pasted description may carry one.
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as XML character data or an attribute value: the five predefined entities, invalid characters dropped. */
export function xmlEscape(value: string): string {
  return value.replace(XML_INVALID, '').replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

export const GOOGLE_NS = 'http://base.google.com/ns/1.0';

/** Google's attribute names, in the order an item lists them. */
const GOOGLE_FIELDS: [keyof FeedItem, string][] = [
  ['id', 'id'],
  ['itemGroupId', 'item_group_id'],
  ['title', 'title'],
  ['description', 'description'],
  ['link', 'link'],
  ['imageLink', 'image_link'],
  ['availability', 'availability'],
  ['price', 'price'],
  ['brand', 'brand'],
  ['gtin', 'gtin'],
  ['identifierExists', 'identifier_exists'],
  ['condition', 'condition'],
  ['productType', 'product_type'],
  ['size', 'size'],
];

export type FeedChannel = { title: string; link: string; description: string };

/** The Google Merchant Center feed: RSS 2.0, each item's attributes in the g: namespace. */
export function googleFeedXml(channel: FeedChannel, items: FeedItem[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NS}">`,
    '<channel>',
    `<title>${xmlEscape(channel.title)}</title>`,
    `<link>${xmlEscape(channel.link)}</link>`,
    `<description>${xmlEscape(channel.description)}</description>`,
  ];
  for (const item of items) {
    lines.push('<item>');
    for (const [key, name] of GOOGLE_FIELDS) {
      const value = item[key];
      if (value !== undefined) lines.push(`<g:${name}>${xmlEscape(value)}</g:${name}>`);
    }
    lines.push('</item>');
  }
  lines.push('</channel>', '</rss>', '');
  return lines.join('\n');
}

/** Meta's catalogue columns (Commerce Manager's data feed), in this order. */
export const META_COLUMNS = ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand', 'gtin', 'product_type'] as const;

/**
 * The Meta catalogue feed: CSV, comma-delimited, UTF-8 without BOM (read by Meta's fetcher, not a
 * spreadsheet, so no formula defusing that would change the titles); quoting by csv-stringify.
 * Meta spells availability with a space ('in stock').
 */
export function metaFeedCsv(items: FeedItem[]): string {
  return stringify(
    items.map((item) => [
      item.id,
      item.title,
      item.description,
      item.availability === 'in_stock' ? 'in stock' : 'out of stock',
      item.condition,
      item.price,
      item.link,
      item.imageLink,
      item.brand,
      item.gtin ?? '',
      item.productType ?? '',
    ]),
    { header: true, columns: [...META_COLUMNS], delimiter: ',', record_delimiter: '\n' },
  );
}
