import { describe, expect, it } from 'vitest';
import { flashToast, readThemeCookie, serializeThemeCookie, takeToast } from './cookies.server';

// The toast cookie is signed with the auth secret; give the test one instead of writing ./data/auth-secret.
process.env.BETTER_AUTH_SECRET ??= 'segredo-de-teste-com-mais-de-32-caracteres';

const withCookie = (cookie: string) => new Request('http://localhost/', { headers: { cookie } });

describe('theme cookie', () => {
  it('reads the theme the browser keeps', () => {
    expect(readThemeCookie(withCookie('a=1; clarear_theme=dark; b=2'))).toBe('dark');
    expect(readThemeCookie(withCookie('clarear_theme=light'))).toBe('light');
  });
  it('ignores anything that is not a theme', () => {
    expect(readThemeCookie(withCookie('clarear_theme=<script>'))).toBeNull();
    expect(readThemeCookie(withCookie('xclarear_theme=dark'))).toBeNull();
    expect(readThemeCookie(new Request('http://localhost/'))).toBeNull();
  });
  it('writes a long-lived, site-wide cookie', () => {
    expect(serializeThemeCookie('dark')).toMatch(/^clarear_theme=dark; Path=\/; Max-Age=31536000; SameSite=Lax/);
  });
});

describe('flash toast cookie', () => {
  it('carries one toast across a redirect, then clears itself', async () => {
    const set = await flashToast({ title: 'Até logo!', description: 'Você saiu da sua conta com sucesso.' });
    const { toast, setCookie } = await takeToast(withCookie(set.split(';')[0]!));
    expect(toast).toEqual({ title: 'Até logo!', description: 'Você saiu da sua conta com sucesso.' });
    expect(setCookie).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });
  it('drops a forged toast', async () => {
    const forged = `clarear_toast=${btoa(JSON.stringify({ title: 1 }))}`;
    expect((await takeToast(withCookie(forged))).toast).toBeNull();
  });
  it('is signed: a well-formed toast someone else wrote is ignored', async () => {
    const set = await flashToast({ title: 'Pagamento aprovado' });
    const value = set.split(';')[0]!.slice('clarear_toast='.length);
    expect(value).toMatch(/\.[A-Za-z0-9+/=%]+$/);
    const unsigned = value.replace(/\.[^.]*$/, '');
    const fake = btoa(JSON.stringify({ title: 'Seu pedido foi cancelado, ligue para 0800' }));
    expect((await takeToast(withCookie(`clarear_toast=${unsigned}`))).toast).toBeNull();
    expect((await takeToast(withCookie(`clarear_toast=${fake}`))).toast).toBeNull();
    expect((await takeToast(withCookie(`clarear_toast=${fake}.${value.split('.').at(-1)}`))).toast).toBeNull();
  });
});
