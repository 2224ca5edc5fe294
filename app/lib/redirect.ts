// Post-login destinations and in-app links: only a path on the store's own
// origin, never an open redirect. The decision is the URL parser's (the same
// WHATWG parser browsers use), not a prefix check, so tabs, newlines and
// backslashes that browsers drop or rewrite ('/\t/evil.com' → '//evil.com')
// are judged the way a browser would read them.

/** A placeholder origin for parsing relative paths; any value resolving elsewhere is refused. */
const BASE = 'http://clarear.invalid';
/** Longer than any path the store links to; a huge value is refused unread. */
const MAX_LENGTH = 2048;

/**
 * The normalised same-origin path (+search+hash) `value` points to, or null.
 * `origin` is the store's own origin: an absolute URL on it is accepted too.
 */
export function sameOriginPath(value: unknown, origin: string = BASE): string | null {
  if (typeof value !== 'string' || value === '' || value.length > MAX_LENGTH) return null;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin || url.username || url.password) return null;
  // '/.//evil.com' parses to the path '//evil.com', which a browser reads as another host.
  if (url.pathname.startsWith('//')) return null;
  return url.pathname + url.search + url.hash;
}

/** Only same-site paths are accepted as a post-login destination (no open redirect). */
export function safeRedirectPath(value: unknown, fallback: string, origin?: string): string {
  return sameOriginPath(value, origin) ?? fallback;
}
