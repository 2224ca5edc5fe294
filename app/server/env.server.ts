// Every environment variable the app reads, parsed once. README.md documents them.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const DEFAULT_ADMIN_EMAIL = 'admin@clarear.com.br';
export const DEFAULT_ADMIN_PASSWORD = 'clarear-admin';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  // Admin image uploads (resized WebP files served at /uploads/…); default DATA_DIR/uploads.
  UPLOAD_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.string().min(1).optional(),
  BETTER_AUTH_SECRET: z.string().min(32, 'BETTER_AUTH_SECRET precisa de 32 caracteres ou mais').optional(),
  BETTER_AUTH_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().default(DEFAULT_ADMIN_EMAIL),
  ADMIN_PASSWORD: z.string().min(8).default(DEFAULT_ADMIN_PASSWORD),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Clarear <nao-responda@clarear.com.br>'),
  STORE_EMAIL: z.email().default('contato@clarear.com.br'),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  // Built-in payment provider (README "Payments"): the store's Pix key and the name and city its BR Code shows.
  PIX_KEY: z.string().min(1).max(77).default('pix@clarear.com.br'),
  PIX_MERCHANT_NAME: z.string().min(1).default('Clarear Produtos de Limpeza'),
  PIX_MERCHANT_CITY: z.string().min(1).default('Sao Paulo'),
});

export type Env = z.infer<typeof schema> & {
  authSecret: string;
  dataDir: string;
  /** Absolute folder of the admin's uploaded images. */
  uploadDir: string;
  /** The store's public address; links in e-mails use it, never the request's Host header. */
  publicUrl: string;
};

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  // An empty variable means unset (VAR= in a shell or an .env file).
  const defined = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(defined);
  if (!parsed.success) {
    throw new Error(`Configuração inválida: ${z.prettifyError(parsed.error)}`);
  }
  const env = parsed.data;
  assertSafeForProduction(env);
  const dataDir = path.resolve(env.DATA_DIR);
  cached = {
    ...env,
    dataDir,
    uploadDir: path.resolve(env.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    authSecret: env.BETTER_AUTH_SECRET ?? localAuthSecret(dataDir),
    publicUrl: (env.BETTER_AUTH_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
  return cached;
}

/** A production store on its own PostgreSQL must not run on the defaults printed in the README. */
export function assertSafeForProduction(env: z.infer<typeof schema>) {
  if (env.NODE_ENV !== 'production' || !env.DATABASE_URL) return;
  const problems: string[] = [];
  if (!env.BETTER_AUTH_SECRET) problems.push('defina BETTER_AUTH_SECRET (32+ caracteres aleatórios)');
  if (env.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD) problems.push('troque ADMIN_PASSWORD (a senha padrão é pública)');
  if (!env.BETTER_AUTH_URL) problems.push('defina BETTER_AUTH_URL (o endereço público da loja, usado nos links por e-mail)');
  if (problems.length) {
    throw new Error(`Recusando iniciar em produção: ${problems.join('; ')}.`);
  }
}

/** The embedded setup generates its auth secret once and keeps it beside the data. */
function localAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
