// Better Auth: e-mail + password accounts, database sessions in an httpOnly
// cookie, roles customer/admin, rate-limited sign-in and sign-up. Routes talk to
// it through `callAuth` so every call passes its router (rate limit, origin check).
// Its e-mails leave in the background (background.server.ts): how long a delivery
// takes must not tell a new sign-up from one with an address that has an account.
import { betterAuth, type User } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, createEmailVerificationToken } from 'better-auth/api';
import { admin } from 'better-auth/plugins';
import { account, session, user, verification } from '~/db/schema';
import {
  confirmationEmail,
  confirmationUrl,
  duplicateSignUpEmail,
  EMAIL_VERIFICATION_EXPIRES_IN,
  passwordResetEmail,
  RESET_PASSWORD_EXPIRES_IN,
} from './emails.server';
import { runInBackground } from '../infra/background.server';
import { getDb } from '../infra/db.server';
import { getEnv, type Env } from '../infra/env.server';
import { claimMailSlot, releaseMailSlot } from '../mail/throttle.server';
import { sendMailNow } from '../mail/outbox.server';
import { authRateLimitStorage } from '../infra/rate-limit.server';
import { authInputProblem, isAllowedAuthRequest } from './endpoints.server';
import { IP_ADDRESS_OPTIONS } from './ip-address.server';

import { now } from '~/lib/clock';
import { PASSWORD_MIN_LENGTH } from '~/lib/schemas/auth';

/** Every account signs up as a customer; admins are made by the seed (ADMIN_EMAIL). */
const DEFAULT_ROLE = 'customer';

async function createAuth() {
  const env = getEnv();
  const db = await getDb();
  const authRule = { window: 60, max: env.AUTH_RATE_LIMIT_MAX };
  return betterAuth({
    appName: 'Clarear',
    secret: env.authSecret,
    baseURL: env.publicUrl,
    trustedOrigins: trustedOrigins(env.publicUrl),
    basePath: '/api/auth',
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      requireEmailVerification: true,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_IN,
      // A reset ends every session of the account: whoever stole one loses it.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: u, token }) => {
        await sendMailNow(db, { kind: 'password-reset', ...passwordResetEmail(u, token, env.publicUrl) });
      },
      // The answer stays the generic "verifique seu e-mail" (requireEmailVerification);
      // only the address's owner hears about the attempt.
      onExistingUserSignUp: ({ user: existing }) => notifyExistingAccount(existing, env),
      // The made-up user in that answer must read like a new one: the admin plugin gives a new
      // user its role in a database hook, which Better Auth's synthetic user never passes through.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        ...additionalFields,
        role: DEFAULT_ROLE,
        banned: false,
        banReason: null,
        banExpires: null,
        id,
      }),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_EXPIRES_IN,
      sendVerificationEmail: async ({ user: u, url }) => {
        await sendMailNow(db, { kind: 'account-confirmation', ...confirmationEmail(u, url) });
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', input: false, defaultValue: DEFAULT_ROLE },
      },
    },
    plugins: [admin({ defaultRole: DEFAULT_ROLE, adminRoles: ['admin'] })],
    hooks: {
      // Each endpoint the store uses takes only what its form sends, within the form's limits
      // (endpoints.server.ts); the others never reach Better Auth (handleAuthRequest).
      before: createAuthMiddleware(async (ctx) => {
        const problem = authInputProblem(ctx.path, { body: ctx.body, query: ctx.query });
        if (problem) throw new APIError('BAD_REQUEST', { code: 'INVALID_INPUT', message: problem });
      }),
    },
    rateLimit: {
      enabled: true,
      // Counted in the database, so every instance shares the counts (rate-limit.server.ts).
      customStorage: authRateLimitStorage,
      window: 60,
      max: 120,
      customRules: {
        '/sign-in/email': authRule,
        '/sign-up/email': authRule,
        '/request-password-reset': authRule,
        '/reset-password': authRule,
      },
    },
    advanced: {
      cookiePrefix: 'clarear',
      // httpOnly and SameSite=Lax are Better Auth's defaults; Secure whenever the store is served over HTTPS.
      useSecureCookies: env.publicUrl.startsWith('https:'),
      ipAddress: IP_ADDRESS_OPTIONS,
      // Every e-mail Better Auth sends (confirmation, reset, existing account) leaves after the answer.
      backgroundTasks: { handler: (task) => runInBackground(task, 'envio de e-mail de conta') },
    },
  });
}

/** At most one "someone tried to sign up with your e-mail" per address in this many minutes. */
export const DUPLICATE_SIGN_UP_COOLDOWN_MINUTES = 15;

/**
 * Someone signed up with the address of an existing account. Tells its owner (a new
 * confirmation link if the account was never confirmed), at most once per cooldown
 * however many attempts, instances or attackers. Runs in the background.
 */
async function notifyExistingAccount(existing: User, env: Env): Promise<void> {
  const attemptedAt = now();
  const claim = await claimMailSlot(`duplicate-sign-up:${existing.email.toLowerCase()}`, DUPLICATE_SIGN_UP_COOLDOWN_MINUTES);
  if (!claim) return;
  try {
    const confirm = existing.emailVerified
      ? null
      : confirmationUrl(
          env.publicUrl,
          await createEmailVerificationToken(env.authSecret, existing.email, undefined, EMAIL_VERIFICATION_EXPIRES_IN, { userId: existing.id }),
        );
    await sendMailNow(await getDb(), { kind: 'duplicate-sign-up', ...duplicateSignUpEmail({ account: existing, attemptedAt, publicUrl: env.publicUrl, confirmationUrl: confirm }) });
  } catch (error) {
    // Not queued: let the next attempt try again rather than silence the owner for the cooldown.
    await releaseMailSlot(claim).catch(() => undefined);
    throw error;
  }
}

/** The public origin, plus its 127.0.0.1 twin for a store run on this machine. */
function trustedOrigins(publicUrl: string): string[] {
  const origin = new URL(publicUrl).origin;
  return origin.includes('//localhost:') ? [origin, origin.replace('//localhost:', '//127.0.0.1:')] : [origin];
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;

const state = globalThis as typeof globalThis & { __clarearAuth?: Promise<Auth> };

export function getAuth(): Promise<Auth> {
  state.__clarearAuth ??= createAuth().catch((error: unknown) => {
    state.__clarearAuth = undefined;
    throw error;
  });
  return state.__clarearAuth;
}

/**
 * Passes a request to Better Auth: the endpoints the store uses (endpoints.server.ts), called by
 * callAuth or, for the confirmation link, by the /api/auth/* route. Any other path is a 404.
 */
export async function handleAuthRequest(request: Request): Promise<Response> {
  if (!isAllowedAuthRequest(request)) return new Response('Não encontrado', { status: 404 });
  return (await getAuth()).handler(request);
}

export type AuthCallResult =
  | { ok: true; data: unknown; headers: Headers }
  | { ok: false; status: number; code: string | undefined; message: string | undefined };

/**
 * Calls a Better Auth endpoint (e.g. '/sign-in/email') on behalf of a page's
 * action, through the auth router so rate limits and origin checks apply.
 * Returns the Set-Cookie headers to forward on success.
 */
export async function callAuth(request: Request, endpoint: string, body: unknown): Promise<AuthCallResult> {
  const url = new URL(`/api/auth${endpoint}`, request.url);
  const headers = new Headers({ 'content-type': 'application/json' });
  for (const name of ['cookie', 'origin', 'user-agent', 'x-forwarded-for']) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (!headers.has('origin')) headers.set('origin', url.origin);
  const response = await handleAuthRequest(new Request(url, { method: 'POST', headers, body: JSON.stringify(body) }));
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const err = (payload ?? {}) as { code?: string; message?: string };
    return { ok: false, status: response.status, code: err.code, message: err.message };
  }
  const forward = new Headers();
  for (const cookie of response.headers.getSetCookie()) forward.append('set-cookie', cookie);
  return { ok: true, data: payload, headers: forward };
}
