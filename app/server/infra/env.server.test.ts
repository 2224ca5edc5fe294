import { describe, expect, it } from 'vitest';
import { assertSafeForProduction, isPlaceholderSecret, isWeakAdminPassword, KNOWN_WEAK_ADMIN_PASSWORDS } from './env.server';

const RANDOM_SECRET = 'k3J9vQ2xN8pL5rT1wZ7yB4mH6cF0dS2aG9eU5iO3q';

const production = {
  NODE_ENV: 'production' as const,
  DATABASE_URL: 'postgres://loja@db/clarear',
  BETTER_AUTH_SECRET: RANDOM_SECRET,
  BETTER_AUTH_URL: 'https://www.clarear.com.br',
  ADMIN_EMAIL: 'admin@clarear.com.br',
  ADMIN_PASSWORD: 'Vidro-Limpo-Sabao-92',
};

const embedded = { ...production, DATABASE_URL: undefined, BETTER_AUTH_SECRET: undefined, BETTER_AUTH_URL: undefined, ADMIN_PASSWORD: undefined };

describe('production safety', () => {
  it('starts on PostgreSQL with its own secret, URL and admin password', () => {
    expect(() => assertSafeForProduction(production)).not.toThrow();
  });

  it('starts embedded on a fresh machine with nothing configured (generated secret and admin password)', () => {
    expect(() => assertSafeForProduction(embedded)).not.toThrow();
  });

  it("refuses the built-in provider's instant-approval test switch in production", () => {
    expect(() => assertSafeForProduction({ ...embedded, PAYMENT_INSTANT_APPROVAL: true })).toThrow(/PAYMENT_INSTANT_APPROVAL/);
    expect(() => assertSafeForProduction({ ...production, PAYMENT_INSTANT_APPROVAL: false })).not.toThrow();
  });

  it('refuses Mercado Pago without the webhook secret (webhooks unverifiable) or the public key (no card form)', () => {
    const token = { MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-123456789' };
    expect(() => assertSafeForProduction({ ...production, ...token, MERCADOPAGO_PUBLIC_KEY: 'APP_USR-pub-123' })).toThrow(/MERCADOPAGO_WEBHOOK_SECRET/);
    expect(() => assertSafeForProduction({ ...production, ...token, MERCADOPAGO_WEBHOOK_SECRET: 'segredo-123456' })).toThrow(/MERCADOPAGO_PUBLIC_KEY/);
    expect(() => assertSafeForProduction({ ...production, ...token, MERCADOPAGO_WEBHOOK_SECRET: 'segredo-123456', MERCADOPAGO_PUBLIC_KEY: 'APP_USR-pub-123' })).not.toThrow();
  });

  it('refuses Melhor Envio without its origin CEP or webhook secret, and Focus NFe without its webhook secret', () => {
    const me = { MELHORENVIO_TOKEN: 'token-melhor-envio-123' };
    expect(() => assertSafeForProduction({ ...production, ...me, MELHORENVIO_WEBHOOK_SECRET: 'segredo-app' })).toThrow(/MELHORENVIO_FROM_CEP/);
    expect(() => assertSafeForProduction({ ...production, ...me, MELHORENVIO_FROM_CEP: '01310100' })).toThrow(/MELHORENVIO_WEBHOOK_SECRET/);
    expect(() => assertSafeForProduction({ ...production, ...me, MELHORENVIO_FROM_CEP: '01310100', MELHORENVIO_WEBHOOK_SECRET: 'segredo-app' })).not.toThrow();
    expect(() => assertSafeForProduction({ ...production, FOCUSNFE_TOKEN: 'token-focus-123' })).toThrow(/FOCUSNFE_WEBHOOK_SECRET/);
    expect(() => assertSafeForProduction({ ...production, FOCUSNFE_TOKEN: 'token-focus-123', FOCUSNFE_WEBHOOK_SECRET: 'Bearer segredo' })).not.toThrow();
  });

  it('refuses the old README admin password in production, embedded or not', () => {
    expect(() => assertSafeForProduction({ ...production, ADMIN_PASSWORD: 'clarear-admin' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => assertSafeForProduction({ ...embedded, ADMIN_PASSWORD: 'clarear-admin' })).toThrow(/Recusando iniciar em produção: troque ADMIN_PASSWORD/);
  });

  it('refuses known and guessable admin passwords whatever their case or punctuation', () => {
    for (const weak of ['Clarear-Admin', 'CLAREAR ADMIN', 'admin123', 'Senha@123', '12345678', 'admin@clarear.com.br', 'aaaaaaaaaa', '!!!!!!!!']) {
      expect(isWeakAdminPassword(weak, 'admin@clarear.com.br'), weak).toBe(true);
      expect(() => assertSafeForProduction({ ...embedded, ADMIN_PASSWORD: weak }), weak).toThrow(/ADMIN_PASSWORD/);
    }
    for (const known of KNOWN_WEAK_ADMIN_PASSWORDS) expect(isWeakAdminPassword(known, 'loja@exemplo.com.br'), known).toBe(true);
    expect(isWeakAdminPassword('Vidro-Limpo-Sabao-92', 'admin@clarear.com.br')).toBe(false);
    expect(isWeakAdminPassword('пароль-очень-длинный', 'admin@clarear.com.br')).toBe(false);
  });

  it('refuses a known or placeholder auth secret, embedded or not', () => {
    const placeholders = [
      'better-auth-secret-12345678901234567890',
      'change-me-change-me-change-me-change-me',
      'your-secret-here-at-least-32-characters',
      'x'.repeat(40),
      '0123456789012345678901234567890123456789',
    ];
    for (const secret of placeholders) {
      expect(isPlaceholderSecret(secret), secret).toBe(true);
      expect(() => assertSafeForProduction({ ...production, BETTER_AUTH_SECRET: secret }), secret).toThrow(/BETTER_AUTH_SECRET/);
      expect(() => assertSafeForProduction({ ...embedded, BETTER_AUTH_SECRET: secret }), secret).toThrow(/BETTER_AUTH_SECRET/);
    }
    expect(isPlaceholderSecret(RANDOM_SECRET)).toBe(false);
    expect(isPlaceholderSecret('9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08')).toBe(false);
  });

  it('on its own PostgreSQL, also needs its own secret and public URL', () => {
    expect(() => assertSafeForProduction({ ...production, BETTER_AUTH_SECRET: undefined })).toThrow(/defina BETTER_AUTH_SECRET/);
    expect(() => assertSafeForProduction({ ...production, BETTER_AUTH_URL: undefined })).toThrow(/BETTER_AUTH_URL/);
  });

  it('names every problem at once', () => {
    expect(() => assertSafeForProduction({ ...production, ADMIN_PASSWORD: 'clarear-admin', BETTER_AUTH_SECRET: undefined, BETTER_AUTH_URL: undefined })).toThrow(
      /ADMIN_PASSWORD.*BETTER_AUTH_SECRET.*BETTER_AUTH_URL/,
    );
  });

  it('lets development and tests run on whatever they set', () => {
    const dev = { ...production, ADMIN_PASSWORD: 'clarear-admin', BETTER_AUTH_SECRET: 'x'.repeat(40) };
    expect(() => assertSafeForProduction({ ...dev, NODE_ENV: 'development' })).not.toThrow();
    expect(() => assertSafeForProduction({ ...dev, NODE_ENV: 'test' })).not.toThrow();
  });
});
