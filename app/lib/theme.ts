export type Theme = 'light' | 'dark';

/** Cookie and localStorage key (SPEC §9: a product-specific key). */
export const THEME_COOKIE = 'clarear_theme';
export const THEME_STORAGE_KEY = 'clarear_theme';
export const DEFAULT_THEME: Theme = 'light';

export function parseTheme(value: unknown): Theme | null {
  return value === 'light' || value === 'dark' ? value : null;
}
