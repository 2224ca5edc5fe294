// The database cannot be reached: every page answers 503 with a pt-BR page and Retry-After.
// Two ways in, one answer:
// - a loader or action throws a driver error from deep inside (Better Auth, Drizzle): React Router
//   reports it to entry.server.tsx's handleError with the request's context before it hides the
//   details, handleError marks the context here, and entry.server.tsx turns that request into the 503;
// - the outage is known (an error above, or the pool saw its connections cut): until a probe gets
//   through, the root middleware (db.server.ts `databaseAvailability`) answers 503 before any loader
//   runs, so pages whose loaders catch their own errors do not show a half-empty page either.
import { isDatabaseUnavailable } from '~/db/errors.server';
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS, UNAVAILABLE_STATUS } from '~/lib/unavailable';
import { log } from './log.server';

const marked = new WeakSet<object>();

/** When the store last saw the database unreachable (performance.now(): it only measures the outage); null while it is reachable. */
let unavailableSince: number | null = null;

export function markDatabaseUnavailable(): void {
  if (unavailableSince !== null) return;
  unavailableSince = performance.now();
  log.error('banco de dados indisponível: a loja responde 503 até ele voltar');
}

export function markDatabaseAvailable(): void {
  if (unavailableSince === null) return;
  log.error(`banco de dados de volta após ${Math.round((performance.now() - unavailableSince) / 1000)} s`);
  unavailableSince = null;
}

export function isDatabaseMarkedUnavailable(): boolean {
  return unavailableSince !== null;
}

/** Called by handleError for every error of a request. Returns true when the error says the database is unreachable. */
export function noteRequestError(error: unknown, context: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  markDatabaseUnavailable();
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
