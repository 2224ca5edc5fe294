// Per-client-address limits on the forms anyone can flood (contact, newsletter, kit saving,
// the checkout quote) and the store behind Better Auth's own limits (sign-in, sign-up…).
// Counters live in the app database (rate-limiter-flexible's Drizzle store: one atomic upsert
// per request), so every instance on one PostgreSQL shares them; embedded PGlite works the same.
import { getIP } from 'better-auth/api';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimits } from '~/db/schema';
import { IP_LOOKUP_OPTIONS } from '../auth/ip-address.server';
import { getDb } from './db.server';
import { getEnv } from './env.server';
import { log } from './log.server';

export const RATE_LIMIT_MESSAGE = 'Muitas tentativas. Aguarde um minuto e tente novamente.';

/** Each limit: how many requests one address may make per window (seconds). */
const LIMITS = {
  contact: () => ({ points: getEnv().FORM_RATE_LIMIT_MAX, duration: 60 }),
  newsletter: () => ({ points: getEnv().FORM_RATE_LIMIT_MAX, duration: 60 }),
  kit: () => ({ points: getEnv().FORM_RATE_LIMIT_MAX, duration: 60 }),
  /** "Avise-me quando chegar" (issue 36): a visitor's request e-mails whatever address is typed. */
  stockAlert: () => ({ points: getEnv().FORM_RATE_LIMIT_MAX, duration: 60 }),
  quote: () => ({ points: getEnv().QUOTE_RATE_LIMIT_MAX, duration: 60 }),
  /** A review (issue 36), by one customer whatever the address: each may store three photos. */
  reviewCustomer: () => ({ points: getEnv().FORM_RATE_LIMIT_MAX, duration: 60 }),
  /** Erasing one's account: the password typed again must not be guessable from an open session. */
  erase: () => ({ points: getEnv().FORM_RATE_LIMIT_MAX, duration: 60 }),
  /** "Pagar Agora" (checkout, the subscription's pay now) from one address… */
  pay: () => ({ points: getEnv().PAY_RATE_LIMIT_MAX, duration: 60 }),
  /** …and by one customer, whatever the address (each places an order or calls the gateway). */
  payCustomer: () => ({ points: getEnv().PAY_RATE_LIMIT_MAX, duration: 60 }),
} as const;

export type RateLimitName = keyof typeof LIMITS;

type Limiter = { consume: (key: string) => Promise<RateLimiterRes> };

// One limiter per database, key prefix and rule (tests open a database per engine).
const state = globalThis as typeof globalThis & { __clarearRateLimiters?: WeakMap<object, Map<string, Limiter>> };

async function limiter(prefix: string, points: number, duration: number): Promise<Limiter> {
  const db = await getDb();
  const byDb = (state.__clarearRateLimiters ??= new WeakMap());
  let limiters = byDb.get(db);
  if (!limiters) byDb.set(db, (limiters = new Map()));
  const id = `${prefix}:${points}:${duration}`;
  let found = limiters.get(id);
  if (!found) {
    found = new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix: prefix, points, duration });
    limiters.set(id, found);
  }
  return found;
}

/**
 * The client's address, read the way Better Auth reads it for the sign-in limit (its
 * `advanced.ipAddress` settings: `x-forwarded-for`, set by server.mjs), IPv6 collapsed to
 * its /64. Unknown (no trusted header) is one shared bucket, as in Better Auth.
 */
export async function clientAddress(request: Request): Promise<string> {
  return getIP(request, IP_LOOKUP_OPTIONS) ?? 'desconhecido';
}

export type RateLimited = { message: string; init: { status: 429; headers: { 'Retry-After': string } } };

/**
 * Counts one request of `name` from this request's address. Null while under the limit;
 * over it, the pt-BR message and the 429 answer's status and Retry-After for the route to
 * return on its form. A counter store that fails lets the request through (logged): the
 * database it shares is then failing the request anyway.
 */
export async function checkRateLimit(request: Request, name: RateLimitName): Promise<RateLimited | null> {
  return consumeLimit(name, await clientAddress(request));
}

/**
 * "Pagar Agora": counted per address and per signed-in customer, so neither many accounts on one
 * address nor one account on many addresses goes past the limit.
 */
export async function checkPayRateLimit(request: Request, userId: string): Promise<RateLimited | null> {
  return (await checkRateLimit(request, 'pay')) ?? (await consumeLimit('payCustomer', userId));
}

async function consumeLimit(name: RateLimitName, key: string): Promise<RateLimited | null> {
  const { points, duration } = LIMITS[name]();
  try {
    await (await limiter(name, points, duration)).consume(key);
    return null;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) {
      log.error(`limite de requisições (${name}): contador indisponível`, rejection);
      return null;
    }
    const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    return { message: RATE_LIMIT_MESSAGE, init: { status: 429, headers: { 'Retry-After': String(retryAfter) } } };
  }
}

/** A review's post (issue 36): counted per signed-in customer, so many addresses do not multiply their photos. */
export function checkReviewRateLimit(userId: string): Promise<RateLimited | null> {
  return consumeLimit('reviewCustomer', userId);
}

/**
 * Better Auth's rate-limit storage (`rateLimit.customStorage`) on the same table, so sign-in and
 * sign-up attempts are counted across instances too. Better Auth gives the key (address and
 * path) and the rule of the endpoint.
 */
export const authRateLimitStorage = {
  async consume(key: string, rule: { window: number; max: number }): Promise<{ allowed: boolean; retryAfter: number | null }> {
    try {
      await (await limiter('auth', rule.max, rule.window)).consume(key);
      return { allowed: true, retryAfter: null };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { allowed: false, retryAfter: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
  },
};
