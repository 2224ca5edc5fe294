// Integrity checks for the seed catalogue (./data.ts): the things a reviewer
// would verify by hand before the data reaches the database.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tierProblems } from '../../lib/volume-price';
import {
  blogPosts,
  categories,
  kits,
  legalPages,
  planConfig,
  priceTiers,
  products,
  quickQuestions,
  siteContent,
  testimonials,
} from './data';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
const imagePath = (...parts: string[]) => `${projectRoot}public/images/${parts.join('/')}`;

const PRICE = /^\d+\.\d{2}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const KITS_CATEGORY = 'Kits Prontos';

/** '12.90' → 1290, digit by digit: no floating point on money. */
function cents(price: string): number {
  const match = /^(\d+)\.(\d{2})$/.exec(price);
  if (!match) throw new Error(`invalid price ${price}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

/** '7.5' → 75 (tenths), or NaN when not a one-decimal number. */
function tenths(value: string): number {
  const match = /^(\d{1,2})\.(\d)$/.exec(value);
  return match ? Number(match[1]) * 10 + Number(match[2]) : Number.NaN;
}

const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

function expectValidSvg(path: string) {
  expect(existsSync(path), `missing image ${path}`).toBe(true);
  expect(statSync(path).size, `${path} is larger than 4 KB`).toBeLessThanOrEqual(4096);
  const svg = readFileSync(path, 'utf8');
  expect(svg).toMatch(/^<svg [^>]*role="img"/);
  expect(svg).toMatch(/<title>[^<]+<\/title>/);
  expect(svg, `${path} references external or raster content`).not.toMatch(/<image|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
}

function expectSafeHtml(html: string) {
  expect(html.trim().length).toBeGreaterThan(0);
  expect(html.toLowerCase()).not.toContain('<script');
  expect(html).not.toMatch(/\sstyle=|\son[a-z]+=/i);
  for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
    expect(href, `link ${href} must be internal`).toMatch(/^\/(?!\/)/);
  }
}

describe('categories', () => {
  it('has Kits Prontos plus at least six product categories, all unique', () => {
    const names = categories.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain(KITS_CATEGORY);
    expect(names.filter((n) => n !== KITS_CATEGORY).length).toBeGreaterThanOrEqual(6);
  });
});

describe('products', () => {
  const categoryNames = new Set(categories.map((c) => c.name));

  it('has at least 40 products', () => {
    expect(products.length).toBeGreaterThanOrEqual(40);
  });

  it('uses unique, url-safe slugs (also across kits, which share the table)', () => {
    const slugs = [...products, ...kits].map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(SLUG);
  });

  it('places every product in an existing category other than Kits Prontos', () => {
    for (const p of products) {
      expect(categoryNames.has(p.category), `${p.slug}: unknown category ${p.category}`).toBe(true);
      expect(p.category).not.toBe(KITS_CATEGORY);
    }
  });

  it('has 2 or 3 variants with unique sizes and two-decimal prices, cheapest first', () => {
    for (const p of products) {
      expect(p.variants.length, p.slug).toBeGreaterThanOrEqual(2);
      expect(p.variants.length, p.slug).toBeLessThanOrEqual(3);
      expect(new Set(p.variants.map((v) => v.size)).size, p.slug).toBe(p.variants.length);
      for (const v of p.variants) expect(v.price, p.slug).toMatch(PRICE);
      const prices = p.variants.map((v) => cents(v.price));
      for (let i = 1; i < prices.length; i++) {
        expect(prices[i], `${p.slug}: variants not sorted by price`).toBeGreaterThan(prices[i - 1]!);
      }
    }
  });

  it('has a pH between 0 and 14 and a rating between 0 and 5, both with one decimal', () => {
    for (const p of products) {
      const ph = tenths(p.ph);
      expect(ph, `${p.slug}: pH ${p.ph}`).toBeGreaterThanOrEqual(0);
      expect(ph, `${p.slug}: pH ${p.ph}`).toBeLessThanOrEqual(140);
      const rating = tenths(p.rating);
      expect(rating, `${p.slug}: rating ${p.rating}`).toBeGreaterThanOrEqual(0);
      expect(rating, `${p.slug}: rating ${p.rating}`).toBeLessThanOrEqual(50);
    }
  });

  it('features 3 to 6 products and numbers displayOrder 1..N', () => {
    const featured = products.filter((p) => p.isFeatured).length;
    expect(featured).toBeGreaterThanOrEqual(3);
    expect(featured).toBeLessThanOrEqual(6);
    expect(products.map((p) => p.displayOrder)).toEqual(products.map((_, i) => i + 1));
  });

  it('fills the detail sections: at most two empty per product, on a few products only', () => {
    const sections = ['benefits', 'dilution', 'useIndication', 'howToUse', 'precautions', 'composition', 'activeIngredient'] as const;
    let productsWithGaps = 0;
    for (const p of products) {
      expect(p.name.trim(), p.slug).not.toBe('');
      expect(p.description.trim(), p.slug).not.toBe('');
      const missing = sections.filter((s) => p[s] === null || p[s]?.trim() === '').length;
      expect(missing, `${p.slug}: ${missing} empty sections`).toBeLessThanOrEqual(2);
      if (missing > 0) productsWithGaps++;
      expect(p.precautions, `${p.slug}: precautions`).toBeTruthy();
    }
    expect(productsWithGaps).toBeLessThanOrEqual(3);
  });

  it('has names for the search cases: accented names and at least two "pesada" products', () => {
    const names = products.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Água Sanitária 2,5%', 'Limpador Cerâmico']));
    expect(names.some((n) => n.startsWith('Sabão em Pó'))).toBe(true);
    expect(names.filter((n) => fold(n).includes('pesada')).length).toBeGreaterThanOrEqual(2);
  });
});

describe('kits', () => {
  const bySlug = new Map(products.map((p) => [p.slug, p]));

  it('has at least 6 kits, 3 or more featured, displayOrder 1..N', () => {
    expect(kits.length).toBeGreaterThanOrEqual(6);
    expect(kits.filter((k) => k.isFeatured).length).toBeGreaterThanOrEqual(3);
    expect(kits.map((k) => k.displayOrder)).toEqual(kits.map((_, i) => i + 1));
  });

  it('references existing products, once each, with quantities of at least 1', () => {
    for (const kit of kits) {
      expect(kit.items.length, kit.slug).toBeGreaterThanOrEqual(3);
      expect(kit.items.length, kit.slug).toBeLessThanOrEqual(6);
      const included = kit.items.map((i) => i.product);
      expect(new Set(included).size, `${kit.slug}: repeated product`).toBe(included.length);
      for (const item of kit.items) {
        expect(bySlug.has(item.product), `${kit.slug}: unknown product ${item.product}`).toBe(true);
        expect(Number.isInteger(item.quantity) && item.quantity >= 1, `${kit.slug}: quantity`).toBe(true);
      }
    }
  });

  it('costs less than its items bought separately (cheapest variants, in cents)', () => {
    for (const kit of kits) {
      expect(kit.price, kit.slug).toMatch(PRICE);
      const separately = kit.items.reduce((sum, item) => {
        const cheapest = bySlug.get(item.product)?.variants[0]?.price;
        if (!cheapest) throw new Error(`${kit.slug}: ${item.product} has no variant`);
        return sum + cents(cheapest) * item.quantity;
      }, 0);
      expect(cents(kit.price), kit.slug).toBeLessThan(separately);
      expect(cents(kit.price), kit.slug).toBeGreaterThan(0);
    }
  });

  it('has a description and usage text', () => {
    for (const kit of kits) {
      expect(kit.description.trim(), kit.slug).not.toBe('');
      expect(kit.benefits, kit.slug).toBeTruthy();
      expect(kit.howToUse, kit.slug).toBeTruthy();
    }
  });
});

describe('images', () => {
  it('exist for every product and kit', () => {
    for (const item of [...products, ...kits]) expectValidSvg(imagePath('products', item.image));
  });

  it('exist for testimonials, blog posts and the plan', () => {
    for (const t of testimonials) expectValidSvg(imagePath('testimonials', t.image));
    for (const post of blogPosts) expectValidSvg(imagePath('blog', post.image));
    expectValidSvg(imagePath(planConfig.image));
  });
});

describe('testimonials', () => {
  it('has six filled testimonials in order', () => {
    expect(testimonials).toHaveLength(6);
    for (const t of testimonials) {
      expect(t.name.trim()).not.toBe('');
      expect(t.role.trim()).not.toBe('');
      expect(t.content.length).toBeGreaterThan(80);
    }
    expect(testimonials.map((t) => t.displayOrder)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('plan', () => {
  it('is the Assinatura Inteligente with the 10% benefit', () => {
    expect(planConfig.planName).toBe('Assinatura Inteligente');
    expect(planConfig.benefits.length).toBeGreaterThanOrEqual(5);
    expect(planConfig.benefits.length).toBeLessThanOrEqual(6);
    expect(planConfig.benefits.some((b) => b.text.includes('10%'))).toBe(true);
    expect(planConfig.howItWorksSteps).toHaveLength(4);
  });

  it('uses benefit icons that exist in lucide-react', async () => {
    const lucide: Record<string, unknown> = await import('lucide-react');
    for (const { icon } of planConfig.benefits) {
      expect(icon).toMatch(/^[A-Z][A-Za-z]+$/);
      const kebab = icon.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
      const file = `${projectRoot}node_modules/lucide-react/dist/esm/icons/${kebab}`;
      expect(existsSync(`${file}.mjs`) || existsSync(`${file}.js`), `icon file for ${icon}`).toBe(true);
      expect(lucide[icon], `lucide-react export ${icon}`).toBeDefined();
    }
  });
});

describe('blog posts', () => {
  it('has at least six posts with unique slugs, 3 to 4 categories and 1 to 2 featured', () => {
    expect(blogPosts.length).toBeGreaterThanOrEqual(6);
    const slugs = blogPosts.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(SLUG);
    const categoriesUsed = new Set(blogPosts.map((p) => p.category));
    expect(categoriesUsed.size).toBeGreaterThanOrEqual(3);
    expect(categoriesUsed.size).toBeLessThanOrEqual(4);
    const featured = blogPosts.filter((p) => p.isFeatured).length;
    expect(featured).toBeGreaterThanOrEqual(1);
    expect(featured).toBeLessThanOrEqual(2);
  });

  it('has safe, substantial HTML and valid metadata', () => {
    for (const post of blogPosts) {
      expectSafeHtml(post.content);
      expect(words(post.content), `${post.slug}: word count`).toBeGreaterThanOrEqual(350);
      expect(post.excerpt.trim(), post.slug).not.toBe('');
      expect(post.author.trim(), post.slug).not.toBe('');
      expect(post.tags.length, post.slug).toBeGreaterThan(0);
      expect(post.readTimeMinutes, post.slug).toBeGreaterThan(0);
      expect(post.createdAt, post.slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(post.createdAt >= '2026-05-01' && post.createdAt <= '2026-11-15', post.slug).toBe(true);
    }
  });
});

describe('legal pages', () => {
  it('has exactly the three legal slugs with substantial, safe content', () => {
    expect(legalPages.map((p) => p.slug).sort()).toEqual(['politica-privacidade', 'termos-uso', 'trocas-devolucoes']);
    for (const page of legalPages) {
      expect(page.title.trim()).not.toBe('');
      expect(page.description.trim()).not.toBe('');
      expectSafeHtml(page.content);
      expect(words(page.content), `${page.slug}: word count`).toBeGreaterThanOrEqual(500);
    }
  });

  it('names the contacts the pages promise', () => {
    const bySlug = new Map(legalPages.map((p) => [p.slug, p.content]));
    expect(bySlug.get('politica-privacidade')).toContain('privacidade@clarear.com.br');
    expect(bySlug.get('politica-privacidade')).toContain('13.709/2018');
    expect(bySlug.get('trocas-devolucoes')).toContain('sac@clarear.com.br');
    expect(bySlug.get('trocas-devolucoes')).toContain('art. 49');
  });
});

describe('site content and chatbot', () => {
  it('has the about hero title, subtitle and description', () => {
    const hero = siteContent.filter((s) => s.page === 'about' && s.section === 'hero');
    expect(hero.map((s) => s.elementKey).sort()).toEqual(['description', 'subtitle', 'title']);
    for (const s of hero) expect(s.content.trim()).not.toBe('');
  });

  it('has 6 to 8 quick questions with known routing keys', () => {
    const known = ['vendido', 'barato', 'pesada', 'kits prontos', 'assinatura', 'contato', 'pagamento', 'ajuda_pedido'];
    expect(quickQuestions.length).toBeGreaterThanOrEqual(6);
    expect(quickQuestions.length).toBeLessThanOrEqual(8);
    for (const q of quickQuestions) expect(known).toContain(q.responseKey);
    expect(quickQuestions.map((q) => q.displayOrder)).toEqual(quickQuestions.map((_, i) => i + 1));
  });
});

describe('seed volume prices (issue 35)', () => {
  it('name seeded sizes, with tiers the admin form would accept', () => {
    for (const entry of priceTiers) {
      const variant = products.find((p) => p.slug === entry.product)?.variants.find((v) => v.size === entry.size);
      expect(variant, `${entry.product} ${entry.size}`).toBeDefined();
      const rows = entry.tiers.map((t) => ({ minQuantity: t.minQuantity, priceCents: cents(t.price) }));
      expect(tierProblems(cents(variant!.price), rows)).toEqual([]);
    }
  });
});
