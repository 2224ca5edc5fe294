export type Theme = 'light' | 'dark';

/** Cookie and localStorage key, named for the store so it clashes with no other site's. */
export const THEME_COOKIE = 'clarear_theme';
export const THEME_STORAGE_KEY = 'clarear_theme';
export const DEFAULT_THEME: Theme = 'light';

export function parseTheme(value: unknown): Theme | null {
  return value === 'light' || value === 'dark' ? value : null;
}
