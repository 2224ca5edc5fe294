import { Moon, Sun } from '~/components/icons';
import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { useRootData } from '~/lib/root-data';
import { DEFAULT_THEME, parseTheme, THEME_STORAGE_KEY } from '~/lib/theme';

/** Light/dark switch: applied at once, kept in a cookie (first paint) and, when signed in, in the preferences. */
export function ThemeToggle() {
  const root = useRootData();
  const fetcher = useFetcher();
  const theme = parseTheme(fetcher.formData?.get('theme')) ?? root?.theme ?? DEFAULT_THEME;
  const next = theme === 'dark' ? 'light' : 'dark';

  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
    try {
      localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // Storage blocked: the cookie still carries the choice.
    }
  }, [theme]);

  return (
    <fetcher.Form method="post" action="/preferencias/tema">
      <input type="hidden" name="theme" value={next} />
      <button
        type="submit"
        className="grid h-10 w-10 place-items-center rounded-md hover:bg-slate-100 dark:hover:bg-slate-800"
        aria-label={theme === 'dark' ? 'Usar tema claro' : 'Usar tema escuro'}
        data-testid="theme-toggle"
      >
        {theme === 'dark' ? <Sun className="h-5 w-5" aria-hidden /> : <Moon className="h-5 w-5" aria-hidden />}
      </button>
    </fetcher.Form>
  );
}
