/** 'Limpeza Pesada' → 'limpeza-pesada' (URL-friendly, accents removed). */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** What slugify produces: lower-case words joined by single hyphens (products, posts, legal pages). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 200;

/** A slug from a URL is checked before any query: '%00', '%' or a 100 KB value never reach PostgreSQL. */
export function isSlug(value: string | undefined): value is string {
  return value !== undefined && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}
