// /sitemap.xml: every public page, product, kit, blog post and legal page,
// as absolute URLs with the date each record last changed where it has one.
import { asc, desc } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { blogPosts, legalPages, products } from '~/db/schema';

export type SitemapEntry = { path: string; lastmod?: Date };

/** Public pages with fixed addresses (the route table's, without parameters). */
export const STATIC_PATHS = ['/', '/produtos', '/assinatura', '/kits', '/sobre', '/blog', '/contato'] as const;

const segment = (slug: string) => encodeURIComponent(slug);

export async function listSitemapEntries(db: Executor): Promise<SitemapEntry[]> {
  const [productRows, postRows, legalRows] = await Promise.all([
    db.select({ slug: products.slug, updatedAt: products.updatedAt }).from(products).orderBy(asc(products.slug)),
    db.select({ slug: blogPosts.slug, createdAt: blogPosts.createdAt }).from(blogPosts).orderBy(desc(blogPosts.createdAt), asc(blogPosts.slug)),
    db.select({ slug: legalPages.slug, updatedAt: legalPages.updatedAt }).from(legalPages).orderBy(asc(legalPages.slug)),
  ]);
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    // Products and kits share one detail page.
    ...productRows.map((p) => ({ path: `/produtos/${segment(p.slug)}`, lastmod: p.updatedAt })),
    ...postRows.map((p) => ({ path: `/blog/${segment(p.slug)}`, lastmod: p.createdAt })),
    ...legalRows.map((p) => ({ path: `/${segment(p.slug)}`, lastmod: p.updatedAt })),
  ];
}

const xmlEscape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** W3C datetime in UTC, to the second: 2026-05-12T15:00:00Z. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The sitemaps.org document for these entries, under `origin` (no trailing slash). */
export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `  <url>\n    <loc>${xmlEscape(`${origin}${path}`)}</loc>`;
    return lastmod ? `${loc}\n    <lastmod>${w3cDate(lastmod)}</lastmod>\n  </url>` : `${loc}\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
