import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  DESCRIPTION_MAX,
  feedAvailability,
  feedItems,
  feedPrice,
  googleFeedXml,
  META_COLUMNS,
  metaFeedCsv,
  plainDescription,
  TITLE_MAX,
  xmlEscape,
  type FeedProduct,
} from './product-feed';

const ctx = { origin: 'https://loja.example', brand: 'Clarear' };

const product = (over: Partial<FeedProduct> = {}): FeedProduct => ({
  id: 'p1',
  slug: 'detergente-neutro',
  name: 'Detergente Neutro',
  description: 'Limpa <b>sem</b> riscar.\n\nBiodegradável.',
  imageUrl: '/images/products/detergente.webp',
  categoryName: 'Cozinha',
  isKit: false,
  price: '0',
  gtin: null,
  available: null,
  sizes: [
    { id: 's1', size: '1 L', price: '12.9', imageUrl: null, stock: null, gtin: '7891234567895' },
    { id: 's5', size: '5 L', price: '69.90', imageUrl: 'https://cdn.example/5l.webp', stock: 0, gtin: 'SEM GTIN' },
  ],
  ...over,
});

describe('feed items', () => {
  it('gives one item per size with every required field', () => {
    const items = feedItems(product(), ctx);
    expect(items).toHaveLength(2);
    expect(items[0]).toEqual({
      id: 's1',
      itemGroupId: 'p1',
      size: '1 L',
      title: 'Detergente Neutro — 1 L',
      description: 'Limpa sem riscar. Biodegradável.',
      link: 'https://loja.example/produtos/detergente-neutro',
      imageLink: 'https://loja.example/images/products/detergente.webp',
      availability: 'in_stock',
      price: '12.90 BRL',
      brand: 'Clarear',
      gtin: '7891234567895',
      condition: 'new',
      productType: 'Cozinha',
    });
    expect(items[1]).toMatchObject({ id: 's5', title: 'Detergente Neutro — 5 L', imageLink: 'https://cdn.example/5l.webp', availability: 'out_of_stock', price: '69.90 BRL', identifierExists: 'no' });
    expect(items[1]).not.toHaveProperty('gtin');
    expect(items[0]).not.toHaveProperty('identifierExists');
    for (const item of items) expect(item).not.toHaveProperty('salePrice');
  });

  it('gives one item per kit, with its own price, GTIN and availability', () => {
    const [kit, ...rest] = feedItems(product({ id: 'k1', slug: 'kit-cozinha', name: 'Kit Cozinha', isKit: true, price: '89.9', gtin: '7891234567895', available: 0, sizes: [], imageUrl: null, categoryName: null }), ctx);
    expect(rest).toEqual([]);
    expect(kit).toEqual({
      id: 'k1',
      title: 'Kit Cozinha',
      description: 'Limpa sem riscar. Biodegradável.',
      link: 'https://loja.example/produtos/kit-cozinha',
      imageLink: 'https://loja.example/images/products/placeholder.svg',
      availability: 'out_of_stock',
      price: '89.90 BRL',
      brand: 'Clarear',
      gtin: '7891234567895',
      condition: 'new',
    });
    expect(feedItems(product({ isKit: true, price: '10', available: null, sizes: [] }), ctx)[0]!.availability).toBe('in_stock');
  });

  it('lists nothing for a product without sizes', () => {
    expect(feedItems(product({ sizes: [] }), ctx)).toEqual([]);
  });

  it('falls back to the title when the description is empty, and cuts long texts', () => {
    const [item] = feedItems(product({ description: '  <p> </p> ', name: 'X'.repeat(200) }), ctx);
    expect(item!.title).toHaveLength(TITLE_MAX);
    expect(item!.description).toBe(item!.title);
    expect(plainDescription('á'.repeat(DESCRIPTION_MAX + 10))).toHaveLength(DESCRIPTION_MAX);
    // A character of two UTF-16 units is never split.
    expect(Array.from(plainDescription('😀'.repeat(DESCRIPTION_MAX + 1)))).toHaveLength(DESCRIPTION_MAX);
  });

  it('refuses a GTIN with a wrong check digit as a GTIN', () => {
    const [item] = feedItems(product({ sizes: [{ id: 's', size: '1 L', price: '1', imageUrl: null, stock: 3, gtin: '7891234567890' }] }), ctx);
    expect(item).toMatchObject({ identifierExists: 'no', availability: 'in_stock' });
    expect(item).not.toHaveProperty('gtin');
  });

  it('formats prices from cents and availability from stock', () => {
    expect(feedPrice('5.9')).toBe('5.90 BRL');
    expect(feedPrice('1234.56')).toBe('1234.56 BRL');
    expect(feedPrice('0')).toBe('0.00 BRL');
    expect(feedAvailability(null)).toBe('in_stock');
    expect(feedAvailability(0)).toBe('out_of_stock');
    expect(feedAvailability(1)).toBe('in_stock');
    expect(absoluteUrl('https://a.example', 'x.png')).toBe('https://a.example/x.png');
  });
});

describe('Google XML', () => {
  it('escapes & < > " \' and drops characters XML forbids', () => {
    expect(xmlEscape(`A & B <c> "d" 'e'\u0001`)).toBe('A &amp; B &lt;c&gt; &quot;d&quot; &apos;e&apos;');
  });

  it('parses back with every field, names with & and < intact', () => {
    const items = feedItems(product({ name: 'Limpa & Brilha <Pro>', categoryName: 'Casa & Jardim' }), ctx);
    const xml = googleFeedXml({ title: 'Clarear', link: 'https://loja.example/', description: 'Produtos' }, items);
    expect(xml).toContain('xmlns:g="http://base.google.com/ns/1.0"');
    expect(xml).toContain('<g:title>Limpa &amp; Brilha &lt;Pro&gt; — 1 L</g:title>');
    const doc = new XMLParser({ parseTagValue: false, ignoreAttributes: false }).parse(xml);
    expect(doc.rss['@_version']).toBe('2.0');
    expect(doc.rss.channel).toMatchObject({ title: 'Clarear', link: 'https://loja.example/', description: 'Produtos' });
    const parsed = doc.rss.channel.item as Record<string, string>[];
    expect(parsed).toHaveLength(2);
    expect(parsed[0]).toMatchObject({
      'g:id': 's1',
      'g:title': 'Limpa & Brilha <Pro> — 1 L',
      'g:price': '12.90 BRL',
      'g:availability': 'in_stock',
      'g:gtin': '7891234567895',
      'g:condition': 'new',
      'g:brand': 'Clarear',
      'g:product_type': 'Casa & Jardim',
      'g:item_group_id': 'p1',
      'g:size': '1 L',
    });
    expect(parsed[1]).toMatchObject({ 'g:availability': 'out_of_stock', 'g:identifier_exists': 'no' });
    expect(parsed[1]).not.toHaveProperty('g:gtin');
  });
});

describe('Meta CSV', () => {
  it('has the catalogue columns, comma-delimited, quoted where needed', () => {
    const items = feedItems(product({ name: 'Limpa, "Brilha" & <Pro>' }), ctx);
    const csv = metaFeedCsv(items);
    expect(csv.split('\n')[0]).toBe(META_COLUMNS.join(','));
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      id: 's1',
      title: 'Limpa, "Brilha" & <Pro> — 1 L',
      description: 'Limpa sem riscar. Biodegradável.',
      availability: 'in stock',
      condition: 'new',
      price: '12.90 BRL',
      link: 'https://loja.example/produtos/detergente-neutro',
      image_link: 'https://loja.example/images/products/detergente.webp',
      brand: 'Clarear',
      gtin: '7891234567895',
      product_type: 'Cozinha',
    });
    expect(rows[1]).toMatchObject({ availability: 'out of stock', gtin: '' });
  });
});
