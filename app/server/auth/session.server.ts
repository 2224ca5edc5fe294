// Who is asking, decided on the server. Every loader and action of
// /area-cliente/* and /admin/* starts with requireUser or requireAdmin.
import { data, redirect } from 'react-router';
import { getAuth } from './auth.server';

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: 'customer' | 'admin';
};

/** Better Auth's session cookie (`clarear.session_token`, `__Secure-` prefixed over HTTPS). */
const SESSION_COOKIE = 'clarear.session_token=';

/**
 * A page's loaders (root and route) ask for the same request's user: one lookup per GET (Better
 * Auth reads the session and the user: two queries). Not for other methods: an action may change
 * who is signed in (or their name) before the loaders run in the same request.
 */
const lookups = new WeakMap<Request, Promise<SessionUser | null>>();

export function getSessionUser(request: Request): Promise<SessionUser | null> {
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

async function lookUp(request: Request): Promise<SessionUser | null> {
  const auth = await getAuth();
  const result = await auth.api.getSession({ headers: request.headers });
  if (!result) return null;
  const { id, name, email, role } = result.user;
  return { id, name, email, role: role === 'admin' ? 'admin' : 'customer' };
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
