// Which Better Auth endpoints the store uses, and what each may receive. Everything else the
// library and its admin plugin offer (impersonation, set-user-password, remove-user, ban,
// list-users, update-user, change-email, delete-user…) answers 404: the store never calls it.
import '~/lib/schemas/zod-pt-br';
import { z } from 'zod';
import { forgotPasswordSchema, loginSchema, PASSWORD_MAX_LENGTH, registerSchema, resetPasswordSchema } from '~/lib/schemas/auth';

export const AUTH_BASE_PATH = '/api/auth';

/** RFC 5321's longest address; checked before the e-mail pattern runs. */
const EMAIL_MAX_LENGTH = 254;
const URL_MAX_LENGTH = 2048;
const TOKEN_MAX_LENGTH = 512;

const email = (schema: z.ZodType<string, string>) => z.string().max(EMAIL_MAX_LENGTH, 'E-mail muito longo.').pipe(schema);
const path = z.string().max(URL_MAX_LENGTH).optional();

/**
 * What the pages' actions send through callAuth (app/routes/login, forgot-password,
 * reset-password, logout), with the forms' own limits; an unknown field is refused.
 */
const BODIES = {
  '/sign-up/email': z.strictObject({
    name: registerSchema.shape.name,
    email: email(registerSchema.shape.email),
    password: registerSchema.shape.password,
    callbackURL: path,
  }),
  '/sign-in/email': z.strictObject({
    email: email(loginSchema.shape.email),
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH, `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`),
    rememberMe: z.boolean().optional(),
    callbackURL: path,
  }),
  '/request-password-reset': z.strictObject({ email: email(forgotPasswordSchema.shape.email), redirectTo: path }),
  '/reset-password': z.strictObject({ newPassword: resetPasswordSchema.shape.password, token: z.string().min(1).max(TOKEN_MAX_LENGTH) }),
  '/sign-out': z.strictObject({}),
} as const;

/** The confirmation link in the sign-up e-mail (emails.server.ts): the only endpoint a browser opens. */
const VERIFY_EMAIL_QUERY = z.strictObject({ token: z.string().min(1).max(URL_MAX_LENGTH), callbackURL: path });

export type AuthPath = keyof typeof BODIES | '/verify-email';

/** Endpoint paths (after /api/auth) the store calls from its own actions. */
export const INTERNAL_AUTH_PATHS: readonly AuthPath[] = Object.keys(BODIES) as (keyof typeof BODIES)[];

/** The path after /api/auth of a request URL, exactly as sent (no case folding, no decoding). */
export function authPath(url: string): string | null {
  const { pathname } = new URL(url);
  return pathname.startsWith(`${AUTH_BASE_PATH}/`) ? pathname.slice(AUTH_BASE_PATH.length) : null;
}

/** A request from outside (the /api/auth/* route): only the e-mail confirmation link. */
export function isPublicAuthRequest(request: Request): boolean {
  return request.method === 'GET' && authPath(request.url) === '/verify-email';
}

/** A request Better Auth may handle at all: the public link, or an endpoint the actions call. */
export function isAllowedAuthRequest(request: Request): boolean {
  const p = authPath(request.url);
  if (p === '/verify-email') return request.method === 'GET';
  return request.method === 'POST' && p !== null && (INTERNAL_AUTH_PATHS as readonly string[]).includes(p);
}

/**
 * Checks what an endpoint received against the form's limits. Null when it fits (or the
 * endpoint has no input rule: Better Auth's own server calls such as get-session); otherwise
 * the first problem, in pt-BR.
 */
export function authInputProblem(endpointPath: string, input: { body?: unknown; query?: unknown }): string | null {
  const schema =
    endpointPath === '/verify-email' ? VERIFY_EMAIL_QUERY : (BODIES as Record<string, z.ZodType | undefined>)[endpointPath];
  if (!schema) return null;
  // The forms' own pt-BR messages win; anything they do not word reads "Dados inválidos.".
  const result = schema.safeParse(endpointPath === '/verify-email' ? (input.query ?? {}) : (input.body ?? {}), {
    error: () => 'Dados inválidos.',
  });
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return issue.code === 'unrecognized_keys' ? `Campo não permitido: ${issue.keys.join(', ')}.` : issue.message;
}
