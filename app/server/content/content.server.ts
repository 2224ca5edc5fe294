// Editorial content, read-only for visitors: blog posts and legal pages (the about page's hero is
// one of the store's settings: server/settings/). The HTML bodies come back raw; routes pass them
// through sanitizeHtml (html.server.ts) before rendering.
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import '~/lib/schemas/zod-pt-br';
import type { Executor } from '~/db/client.server';
import { blogPosts, legalPages } from '~/db/schema';
import { isSlug, SLUG_MAX_LENGTH, SLUG_PATTERN } from '~/lib/slug';

// ---------------------------------------------------------------- blog

/** Longest search term used; anything longer is cut (a search box, not a document). */
export const BLOG_SEARCH_MAX_LENGTH = 100;

/** `%`, `_` and `\` typed by the visitor match themselves in a LIKE pattern (escape character `\`). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Text safe to send to PostgreSQL: no NUL characters (text columns refuse them). */
export function cleanText(value: string, maxLength: number): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/\u0000/g, '').trim().slice(0, maxLength);
}

const postCard = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  author: blogPosts.author,
  category: blogPosts.category,
  imageUrl: blogPosts.imageUrl,
  isFeatured: blogPosts.isFeatured,
  readTimeMinutes: blogPosts.readTimeMinutes,
  createdAt: blogPosts.createdAt,
};

export type BlogPostCard = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  category: string;
  imageUrl: string | null;
  isFeatured: boolean;
  readTimeMinutes: number;
  createdAt: Date;
};

export type BlogPost = BlogPostCard & { content: string; tags: string[] };

export type BlogFilter = {
  /** Case- and accent-insensitive "contains" over title and excerpt; blank means no filter. */
  search?: string | undefined;
  /** Exact category name; undefined means every category. */
  category?: string | undefined;
};

/** Blog posts newest first, optionally filtered by category or a search term (trimmed, bounded, accent-insensitive). */
export async function listBlogPosts(db: Executor, filter: BlogFilter = {}): Promise<BlogPostCard[]> {
  const conditions: SQL[] = [];
  const term = cleanText(filter.search ?? '', BLOG_SEARCH_MAX_LENGTH);
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    // ilike folds case; clarear_unaccent (migration 0000) folds accents, so 'agua' finds 'Água'.
    const matches = (column: typeof blogPosts.title | typeof blogPosts.excerpt) =>
      sql`clarear_unaccent(${column}) ilike clarear_unaccent(${pattern}) escape '\\'`;
    conditions.push(or(matches(blogPosts.title), matches(blogPosts.excerpt))!);
  }
  if (filter.category !== undefined) conditions.push(eq(blogPosts.category, filter.category));
  return db
    .select(postCard)
    .from(blogPosts)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(blogPosts.createdAt), asc(blogPosts.slug));
}

/** The categories that have posts, in alphabetical order. */
export async function listBlogCategories(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: blogPosts.category })
    .from(blogPosts)
    .orderBy(asc(blogPosts.category));
  return rows.map((r) => r.category);
}

export async function getBlogPost(db: Executor, slug: string): Promise<BlogPost | null> {
  const [post] = await db
    .select({ ...postCard, content: blogPosts.content, tags: blogPosts.tags })
    .from(blogPosts)
    .where(eq(blogPosts.slug, slug))
    .limit(1);
  return post ?? null;
}

/** /blog?q=&categoria= as the page uses them: anything odd becomes "no filter", never an error. */
const blogQuerySchema = z.object({
  q: z.string().catch('').transform((s) => cleanText(s, BLOG_SEARCH_MAX_LENGTH)),
  categoria: z.string().catch('').transform((s) => cleanText(s, SLUG_MAX_LENGTH).toLowerCase()),
});

export function parseBlogQuery(params: URLSearchParams): { q: string; categoria: string } {
  return blogQuerySchema.parse({ q: params.get('q') ?? '', categoria: params.get('categoria') ?? '' });
}

const postDate = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Sao_Paulo' });

/** '14 de outubro de 2026' (the store's time zone, formatted on the server so the page hydrates as rendered). */
export function formatPostDate(date: Date): string {
  return postDate.format(date);
}

// ---------------------------------------------------------------- legal pages

export type LegalPage = { slug: string; title: string; description: string; content: string; updatedAt: Date };

export async function getLegalPage(db: Executor, slug: string): Promise<LegalPage | null> {
  const [page] = await db
    .select({
      slug: legalPages.slug,
      title: legalPages.title,
      description: legalPages.description,
      content: legalPages.content,
      updatedAt: legalPages.updatedAt,
    })
    .from(legalPages)
    .where(eq(legalPages.slug, slug))
    .limit(1);
  return page ?? null;
}

// ---------------------------------------------------------------- slugs

/** The shape of every slug the seed and the admin create; anything else cannot name a record. */
export { isSlug, SLUG_MAX_LENGTH, SLUG_PATTERN };

/** 'Segurança' → 'seguranca': category names as they appear in /blog?categoria=. */
export function categorySlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
