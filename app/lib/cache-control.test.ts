import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cacheControlFor,
  hasPersonalCookie,
  isCataloguePath,
  matchesIfNoneMatch,
  pagePath,
  PERSONAL_COOKIE_PATTERN,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
  type CacheInput,
} from './cache-control';

const anonymousGet = (pathname: string, extra: Partial<CacheInput> = {}): CacheInput => ({
  method: 'GET',
  pathname,
  cookie: null,
  status: 200,
  setsCookie: false,
  ...extra,
});

const CATALOGUE = [
  '/',
  '/produtos',
  '/produtos/detergente-neutro',
  '/kits',
  '/kits/monte-seu-kit',
  '/sobre',
  '/blog',
  '/blog/como-limpar-vidros',
  '/contato',
  '/assinatura',
  '/termos-uso',
  '/politica-privacidade',
  '/termos-uso/versao/2',
  '/api/produtos/detergente-neutro',
  '/feeds/google.xml',
  '/feeds/meta.csv',
];
const PERSONAL = [
  '/checkout',
  '/pedido/0b7c6a1e-1111-4111-8111-111111111111',
  '/login',
  '/logout',
  '/esqueci-senha',
  '/redefinir-senha',
  '/descadastrar',
  '/area-cliente',
  '/area-cliente/perfil',
  '/area-cliente/meus-dados.json',
  '/admin',
  '/admin/products',
  '/admin/products/abc',
  '/favoritos',
  '/newsletter',
  '/chatbot',
  '/preferencias/tema',
  '/api/auth/get-session',
  '/uploads/x.webp',
  '/webhooks/mercadopago',
  '/produtos/a/b',
  '/feeds/outro.xml',
];

describe('cacheControlFor', () => {
  it('makes anonymous catalogue pages, their .data and the product JSON public with a TTL of seconds', () => {
    expect(PUBLIC_CACHE_CONTROL).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    for (const pathname of CATALOGUE) expect(cacheControlFor(anonymousGet(pathname)), pathname).toBe(PUBLIC_CACHE_CONTROL);
    for (const pathname of ['/_root.data', '/produtos.data', '/produtos/detergente-neutro.data', '/termos-uso.data']) {
      expect(cacheControlFor(anonymousGet(pathname)), pathname).toBe(PUBLIC_CACHE_CONTROL);
    }
    expect(cacheControlFor(anonymousGet('/produtos', { method: 'HEAD' }))).toBe(PUBLIC_CACHE_CONTROL);
  });

  it('keeps the customer area, checkout, admin, login and every other path private', () => {
    for (const pathname of PERSONAL) expect(cacheControlFor(anonymousGet(pathname)), pathname).toBe(PRIVATE_CACHE_CONTROL);
    for (const pathname of ['/checkout.data', '/area-cliente/perfil.data', '/admin.data']) {
      expect(cacheControlFor(anonymousGet(pathname)), pathname).toBe(PRIVATE_CACHE_CONTROL);
    }
  });

  it('is private for a signed-in visitor, on every page', () => {
    for (const cookie of ['clarear.session_token=abc.def', '__Secure-clarear.session_token=abc', 'clarear_theme=dark; clarear.session_data=x']) {
      for (const pathname of CATALOGUE) expect(cacheControlFor(anonymousGet(pathname, { cookie })), `${cookie} ${pathname}`).toBe(PRIVATE_CACHE_CONTROL);
    }
  });

  it('is private when a flash toast is pending or the answer sets a cookie', () => {
    expect(cacheControlFor(anonymousGet('/produtos', { cookie: 'clarear_toast=eyJ0.sig' }))).toBe(PRIVATE_CACHE_CONTROL);
    for (const pathname of CATALOGUE) expect(cacheControlFor(anonymousGet(pathname, { setsCookie: true })), pathname).toBe(PRIVATE_CACHE_CONTROL);
  });

  it('is private for writes and for anything but a 200', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(cacheControlFor(anonymousGet('/contato', { method }))).toBe(PRIVATE_CACHE_CONTROL);
    for (const status of [201, 204, 301, 302, 304, 400, 404, 500, 503]) {
      expect(cacheControlFor(anonymousGet('/produtos', { status })), String(status)).toBe(PRIVATE_CACHE_CONTROL);
    }
  });

  it('keeps the theme cookie (and strangers\' cookies) from making a page personal', () => {
    expect(cacheControlFor(anonymousGet('/', { cookie: 'clarear_theme=dark' }))).toBe(PUBLIC_CACHE_CONTROL);
    expect(hasPersonalCookie('_ga=1; clarear_theme=light')).toBe(false);
    expect(hasPersonalCookie('xclarear.session_token=1')).toBe(false);
    expect(hasPersonalCookie('a=1;clarear.session_token=1')).toBe(true);
  });
});

describe('pagePath and isCataloguePath', () => {
  it('maps client navigations to their page', () => {
    expect(pagePath('/_root.data')).toBe('/');
    expect(pagePath('/produtos.data')).toBe('/produtos');
    expect(pagePath('/produtos')).toBe('/produtos');
  });
  it('does not take an odd one-segment path for a legal page', () => {
    expect(isCataloguePath('/Termos')).toBe(false);
    expect(isCataloguePath('/%2e%2e')).toBe(false);
    expect(isCataloguePath('/sitemap.xml')).toBe(false);
    expect(isCataloguePath('/admin/versao/1')).toBe(false);
    expect(isCataloguePath('/termos-uso/versao/0')).toBe(false);
  });
});

describe('matchesIfNoneMatch', () => {
  it('compares weakly, in a list, and with *', () => {
    expect(matchesIfNoneMatch('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('*', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesIfNoneMatch(null, 'W/"abc"')).toBe(false);
  });
});

describe('deploy/nginx.conf', () => {
  const conf = readFileSync(path.resolve(import.meta.dirname, '../../deploy/nginx.conf'), 'utf8');
  it('bypasses its cache on the same personal cookies as the app', () => {
    expect(conf).toContain(`"~${PERSONAL_COOKIE_PATTERN}"`);
  });
});
