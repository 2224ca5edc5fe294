// The one payment interface. Every charge, lookup and refund of the store goes through a
// PaymentProvider: the built-in one (the embedded default: the store's own Pix key, confirmed by
// the admin) or a gateway (Mercado Pago, when MERCADOPAGO_ACCESS_TOKEN is set). Another gateway
// (Pagar.me, Asaas…) implements this interface and is chosen in `providerFromEnv` (README).
import { methodRefusal, paymentOffer, storedChargeMethod, TEST_MODE_NOTICE, type PaymentOffer } from '~/lib/payment-offer';
import { getEnv, type Env } from '../infra/env.server';
import { builtInProvider } from './builtin.server';

export { builtInProvider };
import { createMercadoPagoProvider } from './mercadopago.server';

export * from './types.server';
import type { PaymentMethod, PaymentProvider } from './types.server';

let current: PaymentProvider | undefined;

/** The gateway when configured, else the built-in provider. */
export function providerFromEnv(): PaymentProvider {
  const env = getEnv();
  if (env.MERCADOPAGO_ACCESS_TOKEN) {
    return createMercadoPagoProvider({ accessToken: env.MERCADOPAGO_ACCESS_TOKEN, apiUrl: env.MERCADOPAGO_API_URL, notificationUrl: `${env.publicUrl}/webhooks/mercadopago` });
  }
  return builtInProvider;
}

export function getPaymentProvider(): PaymentProvider {
  current ??= providerFromEnv();
  return current;
}

/** Installs another provider (tests: a gateway pointed at the local API, a failing double). */
export function setPaymentProvider(provider: PaymentProvider | undefined): void {
  current = provider;
}

/** The provider that made a payment, by its stored name; null when the store no longer has it. */
export function providerNamed(name: string): PaymentProvider | null {
  const provider = getPaymentProvider();
  if (provider.name === name) return provider;
  return name === builtInProvider.name ? builtInProvider : null;
}

type OfferEnv = Pick<Env, 'NODE_ENV' | 'PAYMENT_INSTANT_APPROVAL'>;

/** A gateway charges (Mercado Pago, a test's stand-in); the built-in provider only shows codes. */
export function isGateway(provider: PaymentProvider): boolean {
  return provider.name !== builtInProvider.name;
}

/**
 * The one rule of what the store offers now (lib/payment-offer): with a gateway Pix, boleto and
 * card; without one in production Pix to the store's key only, pending until the admin confirms
 * it; outside production the built-in instant approvals, in test mode. Every page that lists
 * methods and every server path that accepts one follows it.
 */
export function paymentOfferFor(provider: PaymentProvider = getPaymentProvider(), env: OfferEnv = getEnv()): PaymentOffer {
  return paymentOffer({ gateway: isGateway(provider), production: env.NODE_ENV === 'production', instantApproval: env.PAYMENT_INSTANT_APPROVAL });
}

export function offeredPaymentMethods(provider: PaymentProvider = getPaymentProvider(), env: OfferEnv = getEnv()): PaymentMethod[] {
  return paymentOfferFor(provider, env).methods;
}

/** The pt-BR refusal of a method the store does not offer now; null when it does. Nothing may be written after a refusal. */
export function paymentMethodRefusal(method: string, provider: PaymentProvider = getPaymentProvider(), env: OfferEnv = getEnv()): string | null {
  return methodRefusal(paymentOfferFor(provider, env), method);
}

/**
 * The method to charge a stored obligation with (a renewal, a programmed delivery): its own when
 * still offered, else Pix to the store's key (a card saved while a gateway ran cannot be charged
 * without it).
 */
export function methodForStoredCharge(method: PaymentMethod, provider: PaymentProvider = getPaymentProvider(), env: OfferEnv = getEnv()): PaymentMethod {
  return storedChargeMethod(paymentOfferFor(provider, env), method);
}

/** A subscription's or programmed delivery's row as it is charged now: methodForStoredCharge, one instalment for Pix. */
export function withOfferedMethod<T extends { paymentMethod: PaymentMethod; installments: number }>(row: T, provider: PaymentProvider = getPaymentProvider(), env: OfferEnv = getEnv()): T {
  const method = methodForStoredCharge(row.paymentMethod, provider, env);
  return method === row.paymentMethod ? row : { ...row, paymentMethod: method, installments: 1 };
}

/** The start banner's payments line (server.mjs). */
export function paymentModeNote(provider: PaymentProvider = getPaymentProvider(), env: OfferEnv = getEnv()): string {
  const offer = paymentOfferFor(provider, env);
  if (offer.testMode) return `⚠️  ${TEST_MODE_NOTICE} (cartão e boleto aprovados pelo provedor embutido, só para demonstrações e testes)`;
  if (isGateway(provider)) return `${provider.name}: Pix, boleto e cartão de crédito`;
  return 'Pix na chave da loja, confirmado pelo admin; cartão e boleto só com o Mercado Pago configurado';
}
