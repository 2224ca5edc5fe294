// What every payment provider is and answers: the types of the one payment interface and its
// one error. Apart from provider.server.ts (which picks the provider), so that the providers
// (builtin, mercadopago) import these without importing the module that imports them.
import type { PaymentDetails } from '~/db/schema';

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
  /**
   * A boleto's due day (São Paulo, YYYY-MM-DD), when the caller fixes it: a fatura's boleto is due
   * on the fatura's day (issue 35). Absent: the provider's own BOLETO_DUE_DAYS from today.
   */
  boletoDueDate?: string;
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
  /** Gives `amountCents` of an approved payment back (partial refunds add up to at most its amount); the key makes a repeated call one refund. */
  refund(request: { reference: string; amountCents: number; idempotencyKey: string }): Promise<RefundResult>;
  /**
   * An erased account (LGPD art. 18 VI): deletes the customer's saved cards and customer record at
   * the gateway. Resolves once the gateway no longer has them (already gone counts); throws to be
   * retried. Absent where the provider keeps no customer (the built-in one).
   */
  forgetCustomer?(customerReference: string): Promise<void>;
}
