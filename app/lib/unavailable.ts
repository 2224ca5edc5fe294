// What a visitor sees while the database cannot be reached (app/server/infra/unavailable.server.ts decides when).
export const UNAVAILABLE_STATUS = 503;
/** Seconds a browser, crawler or load balancer should wait before asking again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 10;
export const UNAVAILABLE_TITLE = 'Loja temporariamente indisponível';
export const UNAVAILABLE_MESSAGE = 'A loja está temporariamente indisponível. Tente novamente em instantes.';
