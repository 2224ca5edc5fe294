// Small cookies the server reads: the theme (so the first paint has the right
// colours) and a one-shot toast carried across a redirect.
import { createCookie, type Cookie } from 'react-router';
import { z } from 'zod';
import type { ToastMessage } from '~/lib/toast';
import { parseTheme, THEME_COOKIE, type Theme } from '~/lib/theme';
import { getEnv } from './env.server';

const secure = process.env.NODE_ENV === 'production' && process.env.BETTER_AUTH_URL?.startsWith('https:');

// The theme cookie is a plain `clarear_theme=dark`, readable by people and scripts alike.
export function readThemeCookie(request: Request): Theme | null {
  const header = request.headers.get('cookie') ?? '';
  const match = new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=([^;]*)`).exec(header);
  return parseTheme(match?.[1]);
}

export function serializeThemeCookie(theme: Theme): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

// Signed with the auth secret: a toast forged by someone else (a sibling subdomain, a script
// on a shared host) is ignored, so nobody can put words in the store's mouth.
let toastCookieInstance: Cookie | undefined;
function toastCookie(): Cookie {
  toastCookieInstance ??= createCookie('clarear_toast', {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    maxAge: 60,
    secure,
    secrets: [getEnv().authSecret],
  });
  return toastCookieInstance;
}

const toastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(['default', 'destructive']).optional(),
});

/** Set-Cookie value that shows `toast` on the next page the browser loads. */
export function flashToast(toast: ToastMessage): Promise<string> {
  return toastCookie().serialize(toast);
}

/** Reads and clears the pending toast. */
export async function takeToast(request: Request): Promise<{ toast: ToastMessage | null; setCookie: string | null }> {
  const raw: unknown = await toastCookie().parse(request.headers.get('cookie'));
  if (raw == null) return { toast: null, setCookie: null };
  const parsed = toastSchema.safeParse(raw);
  return {
    toast: parsed.success ? parsed.data : null,
    setCookie: await toastCookie().serialize('', { maxAge: 0 }),
  };
}
