import { describe, expect, it } from 'vitest';
import { assertSafeForProduction, DEFAULT_ADMIN_PASSWORD } from './env.server';

const production = {
  NODE_ENV: 'production' as const,
  PORT: 3000,
  DATA_DIR: './data',
  DATABASE_URL: 'postgres://loja@db/clarear',
  BETTER_AUTH_SECRET: 'x'.repeat(40),
  BETTER_AUTH_URL: 'https://www.clarear.com.br',
  ADMIN_EMAIL: 'admin@clarear.com.br',
  ADMIN_PASSWORD: 'uma-senha-so-nossa',
  MAIL_FROM: 'Clarear <nao-responda@clarear.com.br>',
  STORE_EMAIL: 'contato@clarear.com.br',
  AUTH_RATE_LIMIT_MAX: 10,
  PIX_KEY: 'pix@clarear.com.br',
  PIX_MERCHANT_NAME: 'Clarear',
  PIX_MERCHANT_CITY: 'Sao Paulo',
};

describe('production safety', () => {
  it('starts with its own secret, URL and admin password', () => {
    expect(() => assertSafeForProduction(production)).not.toThrow();
  });

  it('refuses the public default admin password', () => {
    expect(() => assertSafeForProduction({ ...production, ADMIN_PASSWORD: DEFAULT_ADMIN_PASSWORD })).toThrow(/ADMIN_PASSWORD/);
  });

  it('refuses to run without its own auth secret or public URL', () => {
    expect(() => assertSafeForProduction({ ...production, BETTER_AUTH_SECRET: undefined })).toThrow(/BETTER_AUTH_SECRET/);
    expect(() => assertSafeForProduction({ ...production, BETTER_AUTH_URL: undefined })).toThrow(/BETTER_AUTH_URL/);
  });

  it('lets the embedded store and development run on the defaults', () => {
    expect(() => assertSafeForProduction({ ...production, DATABASE_URL: undefined, ADMIN_PASSWORD: DEFAULT_ADMIN_PASSWORD, BETTER_AUTH_SECRET: undefined })).not.toThrow();
    expect(() => assertSafeForProduction({ ...production, NODE_ENV: 'development', ADMIN_PASSWORD: DEFAULT_ADMIN_PASSWORD })).not.toThrow();
  });
});
