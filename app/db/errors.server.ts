// PostgreSQL error codes, read the same way from `pg` and PGlite (Drizzle wraps
// driver errors, so the code may sit on the error's cause).

function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';
export const isCheckViolation = (error: unknown) => pgCode(error) === '23514';
export const isForeignKeyViolation = (error: unknown) => pgCode(error) === '23503';
export { pgCode };

/** The name of the constraint or unique index a violation names (`orders_welcome_user_idx`), from either driver. */
export function violatedConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const name = (current as { constraint?: unknown }).constraint;
    if (typeof name === 'string' && name) return name;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

// Connection-level SQLSTATEs: class 08 (connection exception), server shutting down or starting
// (57P01–57P03), too many connections (53300), and a statement cut by statement_timeout (57014).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300|57014)$/;
// Socket errors the driver passes through from Node.
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
// `pg` and `pg-pool` raise these without any code (node_modules/pg/lib/client.js, pg-pool/index.js).
const UNAVAILABLE_DRIVER_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Connection terminated',
];

/**
 * The database cannot be reached right now (down, restarting, unreachable, overloaded), as
 * opposed to a query that is wrong: the store answers 503 and retries on the next request.
 * Walks Drizzle's and Better Auth's wrappers (cause chains) and AggregateError (a refused
 * connection to every address of a host).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length && seen.size < 16) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_DRIVER_MESSAGES.includes(message)) return true;
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
  }
  return false;
}
