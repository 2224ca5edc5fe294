// The one payment interface. Every charge, lookup and refund of the store goes through a
// PaymentProvider: the built-in one (the embedded default: the store's own Pix key, confirmed by
// the admin) or a gateway (Mercado Pago, when MERCADOPAGO_ACCESS_TOKEN is set). Another gateway
// (Pagar.me, Asaas…) implements this interface and is chosen in `providerFromEnv` (README).
import type { PaymentDetails } from '~/db/schema';
import { methodRefusal, paymentOffer, storedChargeMethod, TEST_MODE_NOTICE, type PaymentOffer } from '~/lib/payment-offer';
import { getEnv, type Env } from '../env.server';
import { builtInProvider } from './builtin.server';

export { builtInProvider };
import { createMercadoPagoProvider } from './mercadopago.server';

export type PaymentMethod = PaymentDetails['method'];

/** A card tokenized in the browser by the gateway's script: the number never reaches the store. */
export type CardToken = { token: string; paymentMethodId: string; issuerId?: string };

/** A card kept at the gateway (renewals, programmed deliveries). */
export type StoredCard = { customerReference: string; cardReference: string; paymentMethodId: string };

export type Payer = {
  name: string;
  email: string;
  /** CPF or CNPJ, digits (and letters for the alphanumeric CNPJ). */
  taxId: string;
  /** A boleto is registered with the payer's address. */
  address?: { street: string; number: string; neighborhood: string; city: string; state: string; zipCode: string };
};

export type ChargeRequest = {
  orderId: string;
  /**
   * The same key twice is the same charge (the gateway answers the first result again): an
   * order's attempt, or a renewal's subscription and period. Also the gateway's external
   * reference, by which the reconciliation job finds a payment whose answer was lost.
   */
  idempotencyKey: string;
  amountCents: number;
  method: PaymentMethod;
  /** Card only: 1 to 12, without interest. */
  installments: number;
  /** What the customer's statement and the gateway's panel show. */
  description: string;
  customer: Payer;
  /** A card payment at checkout. */
  card?: CardToken;
  /** Keep the card at the gateway for later charges (a plan or a programmed delivery). */
  saveCard?: boolean;
  /** A renewal's card payment. */
  storedCard?: StoredCard;
  /** A Pix stops being payable at this time. */
  expiresAt?: Date;
};

/**
 * `settled`: the money is confirmed now (an approved card). A Pix or boleto is shown to the
 * customer and settles later, through confirmPayment (admin or gateway webhook).
 * `reference` is the provider's id of the payment; `savedCard` the card it kept when asked.
 */
export type ChargeResult =
  | {
      approved: true;
      settled: boolean;
      details: PaymentDetails;
      reference?: string;
      savedCard?: StoredCard & { lastFour?: string };
      /** What the gateway reports it took, when it says (else the request's amount, in BRL): a settled charge pays the order only in BRL and for its total. */
      amountCents?: number;
      currency?: string;
      /** A card only authorized (not captured) is no payment yet: it waits, and is shown to the admin. */
      authorized?: boolean;
    }
  | { approved: false; reason: string; reference?: string };

/** A payment as the provider knows it now (lookups, webhooks): never what a webhook's body claims. */
export type ProviderPayment = {
  reference: string;
  /** Our idempotency key, sent as the gateway's external reference. */
  externalReference: string | null;
  /** `authorized`: a card reserved but not captured — not money yet, never taken for approved. */
  status: 'pending' | 'authorized' | 'approved' | 'declined' | 'refunded';
  amountCents: number;
  /** ISO 4217, as the provider reports it (absent: the built-in provider, always BRL). */
  currency?: string;
  /** Declined: why, in pt-BR. */
  reason?: string;
  /** What the customer needs to pay it (a Pix code, a boleto line), when the provider says. */
  details?: PaymentDetails;
};

export type RefundResult = { ok: true; reference: string } | { ok: false; reason: string; manual?: boolean };

/** The provider did not answer (timeout, network): the charge may or may not exist. */
export class ProviderUnavailableError extends Error {}

export interface PaymentProvider {
  readonly name: string;
  /** Whether checkout tokenizes cards in the browser (true for a gateway). */
  readonly tokenizesCards: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The payment made with this idempotency key, if the provider has one. */
  findByKey(idempotencyKey: string): Promise<ProviderPayment | null>;
  /** The payment with this provider id (a webhook's). */
  getPayment(reference: string): Promise<ProviderPayment | null>;
  /** A full refund of an approved payment; the key makes a repeated call one refund. */
  refund(request: { reference: string; amountCents: number; idempotencyKey: string }): Promise<RefundResult>;
  /**
   * An erased account (LGPD art. 18 VI): deletes the customer's saved cards and customer record at
   * the gateway. Resolves once the gateway no longer has them (already gone counts); throws to be
   * retried. Absent where the provider keeps no customer (the built-in one).
   */
  forgetCustomer?(customerReference: string): Promise<void>;
}

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
