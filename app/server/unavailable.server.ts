// The database cannot be reached: every page answers 503 with a pt-BR page and Retry-After,
// decided in one place. Loaders and actions throw driver errors from deep inside (Better Auth,
// Drizzle); React Router reports each one to entry.server.tsx's handleError with the request's
// context before it sanitizes them, so handleError marks the context here and the document and
// data handlers of entry.server.tsx turn a marked request into the 503.
import { isDatabaseUnavailable } from '~/db/errors.server';
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS, UNAVAILABLE_STATUS } from '~/lib/unavailable';

const marked = new WeakSet<object>();

/** Called by handleError for every error of a request. Returns true when the error says the database is unreachable. */
export function noteRequestError(error: unknown, context: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  if (context && typeof context === 'object') marked.add(context);
  return true;
}

/** True once per request whose loaders or action could not reach the database (the mark is consumed). */
export function takeDatabaseUnavailable(context: unknown): boolean {
  if (!context || typeof context !== 'object' || !marked.has(context)) return false;
  marked.delete(context);
  return true;
}

/** Headers of every 503: when to retry, and never cached by a proxy or the browser. */
export function setUnavailableHeaders(headers: Headers): Headers {
  headers.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  headers.set('Cache-Control', 'no-store');
  return headers;
}

/**
 * The 503 as a plain response: thrown from the document handler, React Router renders it in the
 * root ErrorBoundary; sent to a client-side navigation (.data), the browser's router does the same.
 */
export function unavailableResponse(): Response {
  return new Response(UNAVAILABLE_MESSAGE, {
    status: UNAVAILABLE_STATUS,
    statusText: 'Service Unavailable',
    headers: setUnavailableHeaders(new Headers({ 'Content-Type': 'text/plain; charset=utf-8' })),
  });
}
