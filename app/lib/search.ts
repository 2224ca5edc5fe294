// Search terms from the URL: trimmed, bounded, and with LIKE
// wildcards escaped so '%' and '_' typed by a customer match literally.

export const MAX_SEARCH_LENGTH = 100;

/** Trims, collapses spaces and caps the length; anything unusable becomes ''. */
export function normalizeSearchTerm(raw: string | null | undefined): string {
  if (!raw) return '';
  // Control characters (a NUL byte is refused by PostgreSQL) become spaces.
  // eslint-disable-next-line no-control-regex
  return raw.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_LENGTH);
}

/** Escapes LIKE metacharacters for a pattern used with ESCAPE '\'. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The 'contains' pattern for a LIKE/ILIKE with ESCAPE '\'. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}
