// Better Auth: e-mail + password accounts, database sessions in an httpOnly
// cookie, roles customer/admin, rate-limited sign-in and sign-up. Routes talk to
// it through `callAuth` so every call passes its router (rate limit, origin check).
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins';
import { account, session, user, verification } from '~/db/schema';
import { getDb } from './db.server';
import { getEnv } from './env.server';
import { sendMail } from './mailer.server';

import { PASSWORD_MIN_LENGTH } from '~/lib/schemas/auth';

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
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user: u, token }) => {
        const link = `${env.publicUrl}/redefinir-senha?token=${encodeURIComponent(token)}`;
        await sendMail({
          to: u.email,
          subject: 'Clarear: redefinição de senha',
          text: `Olá, ${u.name}!\n\nRecebemos um pedido para redefinir a senha da sua conta Clarear.\nPara escolher uma nova senha, acesse (válido por 1 hora):\n${link}\n\nSe não foi você, ignore este e-mail; sua senha continua a mesma.`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user: u, url }) => {
        await sendMail({
          to: u.email,
          subject: 'Clarear: confirme seu e-mail',
          text: `Olá, ${u.name}!\n\nBem-vindo(a) à Clarear. Confirme seu e-mail para entrar na sua conta:\n${url}\n\nSe você não criou esta conta, ignore este e-mail.`,
        });
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', input: false, defaultValue: 'customer' },
      },
    },
    plugins: [admin({ defaultRole: 'customer', adminRoles: ['admin'] })],
    rateLimit: {
      enabled: true,
      window: 60,
      max: 120,
      customRules: {
        '/sign-in/email': authRule,
        '/sign-up/email': authRule,
        '/request-password-reset': authRule,
        '/reset-password': authRule,
      },
    },
    advanced: { cookiePrefix: 'clarear' },
  });
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

/** Passes a request straight to Better Auth (the /api/auth/* resource route). */
export async function handleAuthRequest(request: Request): Promise<Response> {
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
  for (const name of ['cookie', 'origin', 'user-agent', 'x-forwarded-for', 'x-real-ip']) {
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
