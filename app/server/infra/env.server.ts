// Every environment variable the app reads, parsed once. README.md documents them.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const DEFAULT_ADMIN_EMAIL = 'admin@clarear.com.br';

/**
 * Admin passwords a production store refuses: the old README default and the first
 * guesses of anyone trying an admin login. Compared without case, spaces or punctuation.
 */
export const KNOWN_WEAK_ADMIN_PASSWORDS = [
  'clarear-admin',
  'clarear',
  'clarear123',
  'admin',
  'admin123',
  'admin1234',
  'administrador',
  'administrator',
  'password',
  'password123',
  'senha',
  'senha123',
  'senha1234',
  'mudar123',
  'changeme',
  'trocar123',
  'qwerty123',
  '12345678',
  '123456789',
  '1234567890',
];

/** Better Auth's built-in development secret: anyone can forge cookies signed with it. */
const BETTER_AUTH_DEFAULT_SECRET = 'better-auth-secret-12345678901234567890';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  // Admin image uploads (resized WebP files served at /uploads/…); default DATA_DIR/uploads.
  UPLOAD_DIR: z.string().min(1).optional(),
  // Where stored files live (server/storage): the local disk (UPLOAD_DIR, DATA_DIR/private) or an S3-compatible bucket.
  STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET: 3 a 63 letras minúsculas, dígitos, pontos ou hífens')
    .optional(),
  /** AWS's region (us-east-1…), `auto` on Cloudflare R2, any name on MinIO. */
  S3_REGION: z.string().min(1).max(64).optional(),
  /** Another S3-compatible service (R2, MinIO); unset: AWS itself. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Both or neither: without them the AWS SDK's own chain (AWS_* variables, the machine's role) is used. */
  S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
  /** `bucket` in the path instead of the host name (MinIO and most local stand-ins need it). */
  S3_FORCE_PATH_STYLE: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  DATABASE_URL: z.string().min(1).optional(),
  // Embedded PGlite in its own worker thread (db/pglite-worker-client.server.ts); 0 runs it in the app's thread.
  PGLITE_THREAD: z.enum(['0', '1']).default('1'),
  BETTER_AUTH_SECRET: z.string().min(32, 'BETTER_AUTH_SECRET precisa de 32 caracteres ou mais').optional(),
  BETTER_AUTH_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().default(DEFAULT_ADMIN_EMAIL),
  // Unset: the first start generates one and prints it once (README "Admin account").
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD precisa de 8 caracteres ou mais').max(128).optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Clarear <nao-responda@clarear.com.br>'),
  STORE_EMAIL: z.email().default('contato@clarear.com.br'),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  // Per client address per minute (app/server/infra/rate-limit.server.ts): contact, newsletter and kit saving…
  FORM_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  // …and the checkout's price quote, asked again at each cart or CPF/CNPJ change.
  QUOTE_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  // "Pagar Agora" (checkout and the subscription's pay now): per customer and per client address per minute…
  PAY_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  // …and declined card charges per customer per hour before card payments pause (server/checkout-limits).
  CARD_DECLINES_PER_HOUR: z.coerce.number().int().positive().default(5),
  // Built-in payment provider (README "Payments"): the store's Pix key and the name and city its BR Code shows.
  PIX_KEY: z.string().min(1).max(77).default('pix@clarear.com.br'),
  PIX_MERCHANT_NAME: z.string().min(1).default('Clarear Produtos de Limpeza'),
  PIX_MERCHANT_CITY: z.string().min(1).default('Sao Paulo'),
  /** A pending Pix order is cancelled this many minutes after it was placed. */
  PIX_EXPIRES_MINUTES: z.coerce.number().int().min(5).max(60 * 24 * 7).default(60),
  /** A pending boleto is cancelled this many days after its due date (bank clearing takes 1–2 working days). */
  BOLETO_GRACE_DAYS: z.coerce.number().int().min(0).max(30).default(2),
  /**
   * Test switch of the built-in payment provider: Pix and boleto are approved the moment they are
   * shown (demos, tests). Off unless set: a real store confirms payments (admin or gateway).
   */
  PAYMENT_INSTANT_APPROVAL: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  // Mercado Pago (README "Going live with Mercado Pago"): with the access token, payments go through the gateway.
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(10).max(200).optional(),
  /** Signs the gateway's webhook calls (x-signature); required with the access token in production. */
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(10).max(200).optional(),
  /** The browser's key for card tokenization on /checkout. */
  MERCADOPAGO_PUBLIC_KEY: z.string().min(10).max(200).optional(),
  /** Where the adapter sends its requests: a sandbox proxy or, in tests, the local stand-in of the API. */
  MERCADOPAGO_API_URL: z.url().default('https://api.mercadopago.com'),
  // Melhor Envio (server/shipping/melhorenvio): with the token, carrier prices at checkout and labels bought in the admin.
  MELHORENVIO_TOKEN: z.string().min(10).max(4000).optional(),
  /** The sandbox unless set; production is https://melhorenvio.com.br (tests: the local stand-in). */
  MELHORENVIO_API_URL: z.url().default('https://sandbox.melhorenvio.com.br'),
  /** Their API requires "Aplicação (email para contato técnico)"; unset: Clarear (ADMIN_EMAIL). */
  MELHORENVIO_USER_AGENT: z.string().min(3).max(200).optional(),
  /** The store's origin CEP (where parcels leave from). */
  MELHORENVIO_FROM_CEP: z
    .string()
    .regex(/^\d{5}-?\d{3}$/, 'MELHORENVIO_FROM_CEP: 8 dígitos')
    .transform((v) => v.replace('-', ''))
    .optional(),
  /** The application's secret, which signs their webhooks (X-ME-Signature). */
  MELHORENVIO_WEBHOOK_SECRET: z.string().min(8).max(500).optional(),
  // Focus NFe (server/invoices/focusnfe): with the token, the NF-e is issued through their API v2; without it, attached by hand.
  FOCUSNFE_TOKEN: z.string().min(10).max(200).optional(),
  /** Which of their environments the token belongs to; homologação (no fiscal value) unless set. */
  FOCUSNFE_ENV: z.enum(['homologacao', 'producao']).default('homologacao'),
  /** Overrides the environment's base URL: a proxy or, in tests, the local stand-in of the API. */
  FOCUSNFE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The Authorization header value the store registers with its webhook (checked on every call). */
  FOCUSNFE_WEBHOOK_SECRET: z.string().min(16).max(500).optional(),
  /** Set to 0 to run no scheduled jobs in this process (a web-only instance; tests that drive jobs by hand). */
  JOBS_ENABLED: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /**
   * How long a job run may go without a heartbeat before another instance takes it over (its process
   * died). pg-boss's minimum is 10; the supervision, retry delay and polling scale with it.
   */
  JOBS_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(600).default(20),
});

/** How server/storage keeps files: public keys in publicDir and private ones in privateDir, or one bucket. */
export type StorageConfig =
  | { driver: 'disk'; publicDir: string; privateDir: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      forcePathStyle: boolean;
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

export type Env = z.infer<typeof schema> & {
  authSecret: string;
  dataDir: string;
  pgliteThread: boolean;
  /** Absolute folder of the admin's uploaded images (the disk driver's public files). */
  uploadDir: string;
  storage: StorageConfig;
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
  const storageProblems = storageConfigProblems(env);
  if (storageProblems.length) throw new Error(`Configuração de armazenamento incompleta: ${storageProblems.join('; ')}.`);
  const dataDir = path.resolve(env.DATA_DIR);
  const uploadDir = path.resolve(env.UPLOAD_DIR ?? path.join(dataDir, 'uploads'));
  cached = {
    ...env,
    dataDir,
    pgliteThread: env.PGLITE_THREAD === '1',
    uploadDir,
    storage: storageConfig(env, uploadDir, dataDir),
    authSecret: env.BETTER_AUTH_SECRET ?? localAuthSecret(dataDir),
    publicUrl: (env.BETTER_AUTH_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
  return cached;
}

/** Reads the environment again on the next getEnv (tests that switch NODE_ENV between cases). */
export function reloadEnv(): void {
  cached = undefined;
}

/**
 * Production never runs on a value anyone could know: a known admin password or auth secret
 * is refused embedded or not. On its own PostgreSQL the store also needs its own secret (several
 * instances must share it) and its public URL. The embedded `npm start` on a fresh machine runs
 * on a generated secret and a generated admin password.
 */
export function assertSafeForProduction(
  env: Pick<z.infer<typeof schema>, 'NODE_ENV' | 'DATABASE_URL' | 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'BETTER_AUTH_SECRET' | 'BETTER_AUTH_URL'> &
    Partial<
      Pick<
        z.infer<typeof schema>,
        | 'PAYMENT_INSTANT_APPROVAL'
        | 'MERCADOPAGO_ACCESS_TOKEN'
        | 'MERCADOPAGO_WEBHOOK_SECRET'
        | 'MERCADOPAGO_PUBLIC_KEY'
        | 'MELHORENVIO_TOKEN'
        | 'MELHORENVIO_FROM_CEP'
        | 'MELHORENVIO_WEBHOOK_SECRET'
        | 'FOCUSNFE_TOKEN'
        | 'FOCUSNFE_WEBHOOK_SECRET'
      >
    >,
) {
  if (env.NODE_ENV !== 'production') return;
  const problems: string[] = [];
  if (env.ADMIN_PASSWORD !== undefined && isWeakAdminPassword(env.ADMIN_PASSWORD, env.ADMIN_EMAIL)) {
    problems.push('troque ADMIN_PASSWORD (a senha definida é pública ou fácil de adivinhar), ou deixe-a vazia para gerar uma senha aleatória');
  }
  if (env.BETTER_AUTH_SECRET !== undefined && isPlaceholderSecret(env.BETTER_AUTH_SECRET)) {
    problems.push('troque BETTER_AUTH_SECRET (o valor é um exemplo conhecido, não aleatório)');
  }
  if (env.PAYMENT_INSTANT_APPROVAL) {
    problems.push('desligue PAYMENT_INSTANT_APPROVAL (aprova pagamentos sem recebê-los: só para demonstrações e testes)');
  }
  if (env.MERCADOPAGO_ACCESS_TOKEN) {
    if (!env.MERCADOPAGO_WEBHOOK_SECRET) problems.push('defina MERCADOPAGO_WEBHOOK_SECRET (a assinatura secreta dos webhooks do Mercado Pago)');
    if (!env.MERCADOPAGO_PUBLIC_KEY) problems.push('defina MERCADOPAGO_PUBLIC_KEY (a chave pública, para o cartão no checkout)');
  }
  // A signed webhook nobody can forge, or the store would move orders on anyone's word.
  if (env.MELHORENVIO_TOKEN) {
    if (!env.MELHORENVIO_FROM_CEP) problems.push('defina MELHORENVIO_FROM_CEP (o CEP de onde os pacotes saem)');
    if (!env.MELHORENVIO_WEBHOOK_SECRET) problems.push('defina MELHORENVIO_WEBHOOK_SECRET (o segredo do aplicativo no Melhor Envio, que assina os webhooks)');
  }
  if (env.FOCUSNFE_TOKEN && !env.FOCUSNFE_WEBHOOK_SECRET) problems.push('defina FOCUSNFE_WEBHOOK_SECRET (o cabeçalho de autorização dos webhooks da Focus NFe)');
  if (env.DATABASE_URL) {
    if (!env.BETTER_AUTH_SECRET) problems.push('defina BETTER_AUTH_SECRET (32+ caracteres aleatórios)');
    if (!env.BETTER_AUTH_URL) problems.push('defina BETTER_AUTH_URL (o endereço público da loja, usado nos links por e-mail)');
  }
  if (problems.length) {
    throw new Error(`Recusando iniciar em produção: ${problems.join('; ')}.`);
  }
}

type StorageVariables = Pick<
  z.infer<typeof schema>,
  'STORAGE_DRIVER' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

/**
 * What an S3 configuration lacks, in pt-BR (empty when complete or on the disk). Checked at start in
 * every environment: a store that cannot save or show its images must not start.
 */
export function storageConfigProblems(env: StorageVariables): string[] {
  if (env.STORAGE_DRIVER !== 's3') {
    // Half a move to the bucket: each instance would keep its files on its own disk, unseen by the others.
    return env.S3_BUCKET ? ['S3_BUCKET está definida mas STORAGE_DRIVER não é s3 (os arquivos iriam para o disco local): defina STORAGE_DRIVER=s3'] : [];
  }
  const problems: string[] = [];
  if (!env.S3_BUCKET) problems.push('STORAGE_DRIVER=s3 precisa de S3_BUCKET (o nome do bucket)');
  if (!env.S3_REGION) problems.push('STORAGE_DRIVER=s3 precisa de S3_REGION (a região do bucket; `auto` no Cloudflare R2)');
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    problems.push('defina S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY juntas (ou nenhuma das duas, para as credenciais da própria máquina)');
  }
  return problems;
}

/** The disk keeps public files in UPLOAD_DIR (where uploads always were) and private ones apart, in DATA_DIR/private. */
function storageConfig(env: StorageVariables, uploadDir: string, dataDir: string): StorageConfig {
  if (env.STORAGE_DRIVER === 'disk') {
    const privateDir = path.join(dataDir, 'private');
    // UPLOAD_DIR=DATA_DIR would put the private files inside the public ones.
    if (!path.relative(uploadDir, privateDir).startsWith('..')) throw new Error(`Configuração inválida: UPLOAD_DIR (${uploadDir}) não pode conter ${privateDir}, a pasta dos arquivos privados.`);
    return { driver: 'disk', publicDir: uploadDir, privateDir };
  }
  return {
    driver: 's3',
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION!,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
  };
}

// Case, spaces and punctuation do not make a known password unknown.
const canonical = (value: string) => value.toLowerCase().replace(/[\s\p{P}\p{S}]/gu, '');

/** A password on the known list, or one that is only the admin's e-mail or its name part. */
export function isWeakAdminPassword(password: string, adminEmail: string): boolean {
  const typed = canonical(password);
  const email = adminEmail.toLowerCase();
  const guesses = [...KNOWN_WEAK_ADMIN_PASSWORDS, email, email.split('@')[0] ?? ''].map(canonical);
  return guesses.includes(typed) || new Set(typed).size < 4;
}

/** Better Auth's default, a documentation placeholder, or a value too repetitive to be random. */
export function isPlaceholderSecret(secret: string): boolean {
  if (secret === BETTER_AUTH_DEFAULT_SECRET) return true;
  if (/change.?me|troque|trocar|your.?secret|my.?secret|placeholder|example|exemplo|secret.?here|^better.?auth.?secret/i.test(secret)) return true;
  return new Set(secret).size < 12;
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
