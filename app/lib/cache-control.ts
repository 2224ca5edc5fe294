// Which answers a shared cache (deploy/nginx.conf, or a CDN with the same rules) may keep: the one
// rule, applied by entry.server.tsx (pages and their .data) and /api/produtos/:slug through
// server/infra/http/cache.server.ts. Public means "the same bytes for every anonymous visitor": an
// allowlist of catalogue paths, GET/HEAD, 200, no session or toast cookie on the request and no
// Set-Cookie on the answer. Everything else the app renders is `private, no-store`.
//
// Freshness: a TTL of seconds with revalidation, no purge. The front keeps a page CACHE_TTL_SECONDS
// and then refreshes it in the background (stale-while-revalidate; nginx: proxy_cache_background_update),
// so an admin edit (a product, the plan, the settings in the root loader) reaches every visitor at
// most CACHE_TTL_SECONDS plus one render later. Browsers keep nothing (max-age=0): they revalidate
// with If-None-Match and get a 304 when the page has not changed.

export const CACHE_TTL_SECONDS = 5;
/** How long the front may answer a page past its TTL while one request refreshes it (or the app is down). */
export const STALE_SECONDS = 30;

export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${CACHE_TTL_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`;
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
/** Data built into the release (IBGE's municipalities): the same for everyone until the next deploy. */
export const STATIC_DATA_CACHE_CONTROL = 'public, max-age=3600';

/**
 * Cookies that make a page personal: Better Auth's (cookiePrefix 'clarear': `clarear.session_token`,
 * `clarear.session_data`, with `__Secure-` over HTTPS) and the one-shot flash toast. deploy/nginx.conf
 * bypasses its cache on the same pattern (a unit test keeps the two equal). The theme cookie is not
 * personal: the front keys its cache on it instead (two variants, light and dark).
 */
export const PERSONAL_COOKIE_PATTERN = '(^|;)\\s*(__Secure-)?clarear(\\.|_toast=)';
const personalCookie = new RegExp(PERSONAL_COOKIE_PATTERN);

/** First path segments that are never catalogue pages (a one-segment path may be a legal page). */
const PERSONAL_SEGMENTS = new Set([
  'admin',
  'area-cliente',
  'checkout',
  'pedido',
  'login',
  'logout',
  'esqueci-senha',
  'redefinir-senha',
  'descadastrar',
  'preferencias',
  'favoritos',
  'newsletter',
  'chatbot',
  'api',
  'uploads',
  'webhooks',
]);

const EXACT = new Set([
  '/',
  '/produtos',
  '/kits',
  '/kits/monte-seu-kit',
  '/sobre',
  '/blog',
  '/contato',
  '/assinatura',
  // The product feeds (issue 36): catalogue data, the same for every fetcher.
  '/feeds/google.xml',
  '/feeds/meta.csv',
]);
const SLUG = '[a-z0-9][a-z0-9-]*';
const PATTERNS = [new RegExp(`^/produtos/${SLUG}$`), new RegExp(`^/blog/${SLUG}$`), new RegExp(`^/api/produtos/${SLUG}$`)];
const ONE_SEGMENT = new RegExp(`^/(${SLUG})$`);
/** A legal page's past version (`/termos-uso/versao/2`): public like the page itself. */
const LEGAL_VERSION = new RegExp(`^/(${SLUG})/versao/[1-9][0-9]{0,8}$`);

/** The page a path shows: `/produtos.data` and `/_root.data` (client navigations) are `/produtos` and `/`. */
export function pagePath(pathname: string): string {
  if (pathname === '/_root.data') return '/';
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname;
}

/** A catalogue page, the same for every anonymous visitor (legal pages: `/termos-uso`, `/termos-uso/versao/2`, …). */
export function isCataloguePath(pathname: string): boolean {
  const path = pagePath(pathname);
  if (EXACT.has(path) || PATTERNS.some((p) => p.test(path))) return true;
  const one = ONE_SEGMENT.exec(path) ?? LEGAL_VERSION.exec(path);
  return one !== null && !PERSONAL_SEGMENTS.has(one[1]!);
}

export function hasPersonalCookie(cookieHeader: string | null | undefined): boolean {
  return cookieHeader != null && personalCookie.test(cookieHeader);
}

export type CacheInput = {
  method: string;
  pathname: string;
  /** The request's Cookie header. */
  cookie: string | null;
  status: number;
  /** The answer sets a cookie (a flash toast cleared, a session refreshed): never public. */
  setsCookie: boolean;
};

export function isPublicAnswer(input: CacheInput): boolean {
  const method = input.method.toUpperCase();
  return (
    (method === 'GET' || method === 'HEAD') &&
    input.status === 200 &&
    !input.setsCookie &&
    !hasPersonalCookie(input.cookie) &&
    isCataloguePath(input.pathname)
  );
}

export function cacheControlFor(input: CacheInput): string {
  return isPublicAnswer(input) ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL;
}

/** RFC 9110 §13.1.2: If-None-Match with weak comparison (`*`, a list, W/ prefixes). */
export function matchesIfNoneMatch(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
