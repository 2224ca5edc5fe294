// Who is asking, decided on the server. Every loader and action of
// /area-cliente/* and /admin/* starts with requireUser or requireAdmin.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { data, redirect } from 'react-router';
import { session, user, userPreferences, userSubscriptions } from '~/db/schema';
import { systemTimeMs } from '~/lib/clock';
import { todayInBrazil } from '~/lib/plans';
import { getDb } from '../infra/db.server';
import { preferencesFrom, type Preferences } from '../account/preferences.server';
import { standingFrom, type SubscriberStanding } from '../subscriptions/subscriptions.server';
import { getAuth } from './auth.server';

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: 'customer' | 'admin';
};

/**
 * The signed-in user with what every page of theirs needs, read in the same statement as the
 * session (root loader, home): `extra` is null when Better Auth answered instead (see lookUp).
 */
export type SessionDetails = {
  user: SessionUser;
  extra: {
    taxId: string | null;
    /** Null: the user has no preferences row yet (getOrCreatePreferences makes it). */
    preferences: Preferences | null;
    standing: SubscriberStanding;
  } | null;
};

/** Better Auth's session cookie (`clarear.session_token`, `__Secure-` prefixed over HTTPS). */
const SESSION_COOKIE = 'clarear.session_token=';

/**
 * A page's loaders (root and route) ask for the same request's user: one lookup per GET. Not for
 * other methods: an action may change who is signed in (or their name) before the loaders run in
 * the same request.
 */
const lookups = new WeakMap<Request, Promise<SessionDetails | null>>();

export function getSessionDetails(request: Request): Promise<SessionDetails | null> {
  // Without the session cookie there is no session: an anonymous page skips Better Auth entirely.
  if (!request.headers.get('cookie')?.includes(SESSION_COOKIE)) return Promise.resolve(null);
  if (request.method !== 'GET' && request.method !== 'HEAD') return lookUp(request);
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = lookUp(request);
    lookups.set(request, lookup);
  }
  return lookup;
}

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await getSessionDetails(request))?.user ?? null;
}

/**
 * One statement reads the session, its user, their preferences and subscriber standing (Better
 * Auth's getSession took two for the session and user, the root loader two more). It answers only
 * when Better Auth would answer the same without writing anything: a validly signed token, a
 * session not expired and not yet due for its sliding refresh (updateAge). Anything else (no
 * such session, expired, refresh due, an odd cookie) goes to Better Auth, which deletes or
 * extends the session exactly as before; a signed token with no session is no one, as there.
 */
async function lookUp(request: Request): Promise<SessionDetails | null> {
  const auth = await getAuth();
  const context = await auth.$context;
  const token = signedToken(request.headers.get('cookie') ?? '', context.authCookies.sessionToken.name, context.secret);
  if (token) {
    const db = await getDb();
    const live = db
      .select({ status: userSubscriptions.status, pausedReason: userSubscriptions.pausedReason, paidThrough: userSubscriptions.paidThrough })
      .from(userSubscriptions)
      .where(and(eq(userSubscriptions.userId, user.id), inArray(userSubscriptions.status, ['active', 'paused'])))
      .limit(1)
      .as('live');
    const [row] = await db
      .select({
        expiresAt: session.expiresAt,
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        taxId: user.taxId,
        preferences: userPreferences,
        live: { status: live.status, pausedReason: live.pausedReason, paidThrough: live.paidThrough },
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .leftJoin(userPreferences, eq(userPreferences.userId, user.id))
      .leftJoinLateral(live, sql`true`)
      .where(eq(session.token, token));
    // No such session (signed out, blocked, erased): Better Auth would find none either.
    if (!row) return null;
    const { expiresIn, updateAge } = context.sessionConfig;
    // Better Auth reads the machine's time for the same decision, so this does too.
    const now = systemTimeMs();
    const quiet = row.expiresAt.getTime() >= now && row.expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 > now;
    if (quiet) {
      return {
        user: { id: row.id, name: row.name, email: row.email, role: row.role === 'admin' ? 'admin' : 'customer' },
        extra: {
          taxId: row.taxId,
          preferences: row.preferences && preferencesFrom(row.preferences),
          standing: standingFrom(row.live?.status ? [row.live] : [], todayInBrazil()),
        },
      };
    }
  }
  const result = await auth.api.getSession({ headers: request.headers });
  if (!result) return null;
  const { id, name, email, role } = result.user;
  return { user: { id, name, email, role: role === 'admin' ? 'admin' : 'customer' }, extra: null };
}

/**
 * The session token of a `token.signature` cookie whose HMAC-SHA256 signature (Better Auth's, made
 * with the auth secret) checks out; null otherwise, or when the cookie is there more than once.
 */
export function signedToken(cookieHeader: string, name: string, secret: string): string | null {
  let value: string | null = null;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at === -1 || part.slice(0, at).trim() !== name) continue;
    if (value !== null) return null;
    value = part.slice(at + 1).trim();
  }
  if (!value) return null;
  try {
    value = value.includes('%') ? decodeURIComponent(value) : value;
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  // Compared as the base64 text Better Auth writes (44 characters), in constant time.
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/** Anonymous visitors go to /login, and come back here after signing in. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    const url = new URL(request.url);
    const back = url.pathname + url.search;
    throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
  }
  return user;
}

/** Anonymous → /login; signed in without the admin role → home. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== 'admin') throw redirect('/');
  return user;
}

/**
 * For admin actions (POST): anonymous → /login; a signed-in non-admin gets 403,
 * even when the request is made directly rather than from an admin page.
 */
export async function requireAdminAction(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== 'admin') throw data('Acesso negado.', { status: 403 });
  return user;
}
