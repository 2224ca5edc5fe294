// The legal pages' versions (issue 32, Decreto 7.962/2013 art. 4): every change of a page's text
// goes through saveLegalPage, which keeps the text it replaces as a numbered version with a sha256
// of it. An order records the version of the Termos de Uso and Política de Privacidade its buyer
// accepted (flows/checkout), and its e-mail links to that version for good.
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { legalPages, legalPageVersions } from '~/db/schema';
import { PRIVACY_SLUG, TERMS_SLUG } from '~/lib/contract';

/** sha256 of a page's text as stored (its HTML, tokens such as {formas-de-pagamento} included), hex. */
export function legalTextHash(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('hex');
}

export type LegalPageText = { title: string; description: string; content: string };

export type SavedLegalPage = {
  version: number;
  /** False when neither the title nor the text changed (a new description alone is no new version). */
  created: boolean;
};

export const LEGAL_PAGE_CONFLICT = 'Esta página foi alterada por outra pessoa enquanto você editava. Recarregue para ver a versão atual antes de salvar.';

/** The page was saved by someone else since the form was opened. */
export class LegalPageConflictError extends Error {
  constructor() {
    super(LEGAL_PAGE_CONFLICT);
  }
}

/**
 * The one way a legal page's text changes: in one transaction with the page's row locked, a new
 * title or text becomes version N+1 (kept in legal_page_versions with its hash) and the page shows
 * it; the same text writes no version. Two saves at once wait for each other: each makes its own
 * version, none is lost. `expectedVersion` (the admin's form) refuses a save over an edit it never
 * saw. Null when there is no such page.
 */
export async function saveLegalPage(db: Executor, slug: string, text: LegalPageText, expectedVersion?: number): Promise<SavedLegalPage | null> {
  return db.transaction(async (tx) => {
    const [page] = await tx
      .select({ version: legalPages.version, title: legalPages.title, description: legalPages.description, content: legalPages.content })
      .from(legalPages)
      .where(eq(legalPages.slug, slug))
      .for('update');
    if (!page) return null;
    if (expectedVersion !== undefined && expectedVersion !== page.version) throw new LegalPageConflictError();
    if (page.title === text.title && page.content === text.content) {
      if (page.description !== text.description) await tx.update(legalPages).set({ description: text.description }).where(eq(legalPages.slug, slug));
      return { version: page.version, created: false };
    }
    const version = page.version + 1;
    await tx.insert(legalPageVersions).values({ slug, version, title: text.title, content: text.content, contentHash: legalTextHash(text.content) });
    await tx
      .update(legalPages)
      .set({ title: text.title, description: text.description, content: text.content, version, updatedAt: sql`now()` })
      .where(eq(legalPages.slug, slug));
    return { version, created: true };
  });
}

/**
 * A page written for the first time (the seed): version 1 and its kept text, or nothing when the
 * page exists. True when it was written.
 */
export async function createLegalPage(db: Executor, slug: string, text: LegalPageText): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(legalPages)
      .values({ slug, ...text, version: 1 })
      .onConflictDoNothing()
      .returning({ slug: legalPages.slug });
    if (!row) return false;
    await tx.insert(legalPageVersions).values({ slug, version: 1, title: text.title, content: text.content, contentHash: legalTextHash(text.content) }).onConflictDoNothing();
    return true;
  });
}

export type LegalPageVersion = { slug: string; version: number; title: string; content: string; contentHash: string; createdAt: Date; current: number };

/** One version of a page, with the page's current version number; null when either does not exist. */
export async function getLegalPageVersion(db: Executor, slug: string, version: number): Promise<LegalPageVersion | null> {
  const [row] = await db
    .select({
      slug: legalPageVersions.slug,
      version: legalPageVersions.version,
      title: legalPageVersions.title,
      content: legalPageVersions.content,
      contentHash: legalPageVersions.contentHash,
      createdAt: legalPageVersions.createdAt,
      current: legalPages.version,
    })
    .from(legalPageVersions)
    .innerJoin(legalPages, eq(legalPages.slug, legalPageVersions.slug))
    .where(and(eq(legalPageVersions.slug, slug), eq(legalPageVersions.version, version)))
    .limit(1);
  return row ?? null;
}

export type LegalPageListItem = { slug: string; title: string; version: number; updatedAt: Date };

/** Every legal page, for the admin's list. */
export async function listLegalPages(db: Executor): Promise<LegalPageListItem[]> {
  return db
    .select({ slug: legalPages.slug, title: legalPages.title, version: legalPages.version, updatedAt: legalPages.updatedAt })
    .from(legalPages)
    .orderBy(asc(legalPages.title));
}

export type EditableLegalPage = LegalPageText & { slug: string; version: number; versions: { version: number; title: string; createdAt: Date }[] };

/** A page as the admin edits it, with its versions newest first. */
export async function getEditableLegalPage(db: Executor, slug: string): Promise<EditableLegalPage | null> {
  const [page] = await db
    .select({ slug: legalPages.slug, title: legalPages.title, description: legalPages.description, content: legalPages.content, version: legalPages.version })
    .from(legalPages)
    .where(eq(legalPages.slug, slug))
    .limit(1);
  if (!page) return null;
  const versions = await db
    .select({ version: legalPageVersions.version, title: legalPageVersions.title, createdAt: legalPageVersions.createdAt })
    .from(legalPageVersions)
    .where(eq(legalPageVersions.slug, slug))
    .orderBy(desc(legalPageVersions.version));
  return { ...page, versions };
}

/** The version of a page in force, with the hash of its text. */
export type InForce = { version: number; hash: string };

/**
 * The Termos de Uso and the Política de Privacidade in force now, as an order records them (null:
 * the store has no such page). One query, in the caller's transaction.
 */
export async function agreementInForce(db: Executor): Promise<{ terms: InForce | null; privacy: InForce | null }> {
  const rows = await db
    .select({ slug: legalPages.slug, version: legalPages.version, hash: legalPageVersions.contentHash })
    .from(legalPages)
    .innerJoin(legalPageVersions, and(eq(legalPageVersions.slug, legalPages.slug), eq(legalPageVersions.version, legalPages.version)))
    .where(inArray(legalPages.slug, [TERMS_SLUG, PRIVACY_SLUG]));
  const of = (slug: string) => {
    const row = rows.find((r) => r.slug === slug);
    return row ? { version: row.version, hash: row.hash } : null;
  };
  return { terms: of(TERMS_SLUG), privacy: of(PRIVACY_SLUG) };
}
