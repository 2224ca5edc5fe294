// The admin's newsletter list (/admin/newsletter): subscribers newest first with their sign-up
// date and source, searched by e-mail, removed one by one, exported as CSV.
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { newsletterSubscriptions } from '~/db/schema';
import { containsPattern, normalizeSearchTerm } from '~/lib/search';
import { newsletterUnsubscribeLink } from '../mail/unsubscribe.server';

export const NEWSLETTER_PAGE_SIZE = 50;

const matches = (term: string) => sql`${newsletterSubscriptions.email} ilike ${containsPattern(term.toLowerCase())} escape '\\'`;

export async function listNewsletterSubscribers(db: Executor, options: { q?: string; page?: number }) {
  const term = normalizeSearchTerm(options.q);
  const page = Math.max(1, options.page ?? 1);
  const where = term ? matches(term) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email, source: newsletterSubscriptions.source, createdAt: newsletterSubscriptions.createdAt })
      .from(newsletterSubscriptions)
      .where(where)
      .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
      .limit(NEWSLETTER_PAGE_SIZE)
      .offset((page - 1) * NEWSLETTER_PAGE_SIZE),
    db.select({ n: count() }).from(newsletterSubscriptions).where(where),
  ]);
  return { items, total: total?.n ?? 0, page, pageSize: NEWSLETTER_PAGE_SIZE, q: term };
}

/** Every subscriber matching the search, for the CSV. */
export async function exportNewsletterSubscribers(db: Executor, q?: string) {
  const term = normalizeSearchTerm(q);
  const rows = await db
    .select({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email, source: newsletterSubscriptions.source, createdAt: newsletterSubscriptions.createdAt })
    .from(newsletterSubscriptions)
    .where(term ? matches(term) : undefined)
    .orderBy(desc(newsletterSubscriptions.createdAt));
  // Each one's one-click link, for a newsletter sent from another tool with this file (its e-mails need one too).
  return rows.map(({ id, ...row }) => ({ ...row, unsubscribeUrl: newsletterUnsubscribeLink(id).url }));
}

/** Removes a subscriber; false when already gone. */
export async function removeNewsletterSubscriber(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id)).returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}
