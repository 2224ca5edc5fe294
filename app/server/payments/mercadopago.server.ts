// Mercado Pago, on its official SDK (`mercadopago`): Pix, boleto and card payments, saved cards
// for renewals, lookups and refunds. The SDK has one fixed API address, so MERCADOPAGO_API_URL (a
// sandbox proxy, or the tests' local stand-in of the API) replaces it; nothing else here assumes
// it talks to the real API. The HTTP shapes are those of Mercado Pago's public API reference
// (/v1/payments, /v1/payments/search, /v1/payments/{id}/refunds, /v1/customers, /v1/card_tokens),
// kept with the pages they come from in tests/support/mercadopago-api.mjs.
import { CardToken, Customer, CustomerCard, MercadoPagoConfig, MercadoPagoError, MPConnectionError, MPNotFoundError, Payment, PaymentRefund } from 'mercadopago';
import type { PaymentResponse } from 'mercadopago/dist/clients/payment/commonTypes';
import { AppConfig } from 'mercadopago/dist/utils/config';
import type { PaymentDetails } from '~/db/schema';
import { now } from '~/lib/clock';
import { declineReason, paymentStatus, saoPauloDate, saoPauloTimestamp } from '~/lib/mercadopago';
import { splitInstallments } from '~/lib/pricing';
import { splitPersonName } from '~/lib/user-name';
import { log } from '../infra/log.server';
import { BOLETO_DUE_DAYS } from './builtin.server';
import { ProviderUnavailableError, type ChargeRequest, type ChargeResult, type PaymentProvider, type ProviderPayment, type StoredCard } from './types.server';

export const MERCADOPAGO = 'mercadopago';

/** A checkout waits at most this long for an answer; after it the reconciliation job finds out. */
const TIMEOUT_MS = 15_000;

type Options = { accessToken: string; apiUrl: string; notificationUrl: string; /** Tests shorten it. */ timeoutMs?: number };

export function createMercadoPagoProvider(options: Options): PaymentProvider {
  // The SDK reads its address from this static; the store talks to one Mercado Pago at a time.
  (AppConfig as unknown as { BASE_URL: string }).BASE_URL = options.apiUrl.replace(/\/$/, '');
  const timeout = options.timeoutMs ?? TIMEOUT_MS;
  const config = new MercadoPagoConfig({ accessToken: options.accessToken, options: { timeout } });
  const payments = new Payment(config);
  const refunds = new PaymentRefund(config);
  const customers = new Customer(config);
  const cards = new CustomerCard(config);
  const tokens = new CardToken(config);
  // A read is retried once; a payment is not (a lost answer is the reconciliation job's: it asks by key).
  const requestOptions = (idempotencyKey?: string, maxRetries = 1) => ({ idempotencyKey, timeout, maxRetries, initialDelay: 200 });

  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof MPConnectionError || (error instanceof MercadoPagoError && (error.status >= 500 || error.status === 429))) {
        throw new ProviderUnavailableError('Mercado Pago não respondeu', { cause: error });
      }
      throw error;
    }
  }

  /**
   * The customer at Mercado Pago (found by e-mail, or created) and the card saved on it. A customer
   * created here whose card is not saved is removed again: the store keeps no record of it, so an
   * erasure could not find it later (LGPD art. 18 VI).
   */
  async function saveCard(request: ChargeRequest): Promise<StoredCard & { lastFour?: string; createdCustomer: boolean }> {
    const found = await call(() => customers.search({ options: { email: request.customer.email } }));
    const existing = found.results?.[0]?.id;
    // Keyed by the charge, not the e-mail: a customer removed after a declined charge is created
    // again by the next one (Mercado Pago answers a repeated key with its first answer).
    const customerId =
      existing ??
      (await call(() => customers.create({ body: { email: request.customer.email, first_name: splitPersonName(request.customer.name).first }, requestOptions: requestOptions(`cliente:${request.idempotencyKey}`) }))).id;
    if (!customerId) throw new Error('Mercado Pago não devolveu o cliente');
    try {
      const card = await call(() => cards.create({ customerId, body: { token: request.card!.token }, requestOptions: requestOptions(`cartao:${request.idempotencyKey}`) }));
      if (!card.id) throw new Error('Mercado Pago não devolveu o cartão');
      return { customerReference: customerId, cardReference: card.id, paymentMethodId: card.payment_method?.id ?? request.card!.paymentMethodId, lastFour: card.last_four_digits, createdCustomer: !existing };
    } catch (error) {
      if (!existing) await undo(`cliente ${customerId}`, () => customers.remove({ customerId, requestOptions: requestOptions() }));
      throw error;
    }
  }

  /** Best effort: what a charge that did not pay saved at the gateway is removed (a failure is logged, not the customer's). */
  async function undo(what: string, run: () => Promise<unknown>): Promise<void> {
    try {
      await call(run);
    } catch (error) {
      log.warn(`Mercado Pago: ${what} não foi removido depois da cobrança não aprovada`, error);
    }
  }

  /** The card (and a customer created with it) saved for a charge the gateway did not approve. */
  async function discardSaved(saved: (StoredCard & { createdCustomer: boolean }) | undefined): Promise<void> {
    if (!saved) return;
    if (saved.createdCustomer) await undo(`cliente ${saved.customerReference}`, () => customers.remove({ customerId: saved.customerReference, requestOptions: requestOptions() }));
    else await undo(`cartão ${saved.cardReference}`, () => cards.remove({ customerId: saved.customerReference, cardId: saved.cardReference, requestOptions: requestOptions() }));
  }

  return {
    name: MERCADOPAGO,
    tokenizesCards: true,
    async charge(request): Promise<ChargeResult> {
      const { first, last } = splitPersonName(request.customer.name);
      const taxId = request.customer.taxId;
      const payer: Record<string, unknown> = {
        email: request.customer.email,
        first_name: first,
        last_name: last || first,
        identification: { type: taxId.length === 11 ? 'CPF' : 'CNPJ', number: taxId },
      };
      const body: Record<string, unknown> = {
        transaction_amount: request.amountCents / 100,
        description: request.description,
        external_reference: request.idempotencyKey,
        notification_url: options.notificationUrl,
        statement_descriptor: 'CLAREAR',
        metadata: { order_id: request.orderId },
        payer,
      };
      let savedCard: (StoredCard & { lastFour?: string; createdCustomer: boolean }) | undefined;
      if (request.method === 'pix') {
        body.payment_method_id = 'pix';
        body.date_of_expiration = saoPauloTimestamp(request.expiresAt ?? new Date(now().getTime() + 60 * 60_000));
      } else if (request.method === 'boleto') {
        body.payment_method_id = 'bolbradesco';
        // A fatura's boleto is payable through the end of its due day in São Paulo.
        body.date_of_expiration = request.boletoDueDate ? `${request.boletoDueDate}T23:59:59.000-03:00` : saoPauloTimestamp(new Date(now().getTime() + BOLETO_DUE_DAYS * 86_400_000));
        const a = request.customer.address;
        if (a) payer.address = { zip_code: a.zipCode, street_name: a.street, street_number: a.number, neighborhood: a.neighborhood, city: a.city, federal_unit: a.state };
      } else if (request.card) {
        if (request.saveCard) {
          // Best effort: without a saved card the plan's renewals are paid by Pix instead (the customer is told).
          savedCard = await saveCard(request).catch((error: unknown) => {
            if (error instanceof ProviderUnavailableError) throw error;
            return undefined;
          });
          if (savedCard) payer.type = 'customer';
          if (savedCard) payer.id = savedCard.customerReference;
        }
        Object.assign(body, { payment_method_id: request.card.paymentMethodId, token: request.card.token, installments: request.installments });
        if (request.card.issuerId) body.issuer_id = Number(request.card.issuerId);
      } else if (request.storedCard) {
        // A renewal: a token of the saved card, paid as a recurring charge of the same customer.
        const token = await call(() => tokens.create({ body: { card_id: request.storedCard!.cardReference, customer_id: request.storedCard!.customerReference }, requestOptions: requestOptions(`token:${request.idempotencyKey}`) }));
        Object.assign(body, {
          payment_method_id: request.storedCard.paymentMethodId,
          token: token.id,
          installments: request.installments,
          payer: { type: 'customer', id: request.storedCard.customerReference, email: request.customer.email },
          point_of_interaction: { type: 'SUBSCRIPTIONS', transaction_data: { first_time_use: false } },
        });
      } else {
        return { approved: false, reason: 'nenhum cartão salvo para esta cobrança; escolha Pix ou boleto em Assinaturas' };
      }

      let payment: PaymentResponse;
      try {
        payment = await call(() => payments.create({ body: body as never, requestOptions: requestOptions(request.idempotencyKey, 0) }));
      } catch (error) {
        if (error instanceof ProviderUnavailableError) throw error;
        // A 4xx: the gateway refused the request itself (an expired card token, a payer it does not accept).
        if (error instanceof MercadoPagoError) {
          await discardSaved(savedCard);
          return { approved: false, reason: 'o Mercado Pago recusou os dados do pagamento; confira-os e tente de novo' };
        }
        throw error;
      }
      const reference = String(payment.id);
      const status = paymentStatus(payment.status);
      if (status === 'declined') {
        await discardSaved(savedCard);
        return { approved: false, reason: declineReason(payment.status_detail), reference };
      }
      const details = detailsOf(payment, request);
      if (!details) return { approved: false, reason: 'o Mercado Pago não devolveu os dados para pagamento', reference };
      return {
        approved: true,
        settled: status === 'approved',
        details,
        reference,
        savedCard,
        amountCents: payment.transaction_amount === undefined ? undefined : Math.round(payment.transaction_amount * 100),
        currency: payment.currency_id,
        authorized: status === 'authorized' || undefined,
      };
    },
    async findByKey(idempotencyKey) {
      const found = await call(() => payments.search({ options: { external_reference: idempotencyKey, sort: 'date_created', criteria: 'desc' } as never }));
      const latest = found.results?.[0];
      return latest ? providerPayment(latest as PaymentResponse) : null;
    },
    async getPayment(reference) {
      try {
        return providerPayment(await call(() => payments.get({ id: reference, requestOptions: requestOptions() })));
      } catch (error) {
        if (error instanceof MPNotFoundError || (error instanceof MercadoPagoError && error.status === 404)) return null;
        throw error;
      }
    },
    async refund({ reference, amountCents, idempotencyKey }) {
      try {
        // The amount in reais (a return gives part of the payment back; several add up to at most its amount).
        const refund = await call(() => refunds.create({ payment_id: reference, body: { amount: amountCents / 100 }, requestOptions: requestOptions(idempotencyKey) }));
        return { ok: true, reference: String(refund.id) };
      } catch (error) {
        if (error instanceof ProviderUnavailableError) return { ok: false, reason: 'o Mercado Pago não respondeu; tentaremos de novo' };
        if (error instanceof MercadoPagoError) return { ok: false, reason: `o Mercado Pago recusou o reembolso (${error.status})` };
        throw error;
      }
    },
    async forgetCustomer(customerId) {
      // Each card first, then the customer (DELETE /v1/customers/{id}/cards/{card_id}, DELETE
      // /v1/customers/{id}); a 404 is something already deleted, so a run cut short is redone safely.
      const gone = (error: unknown) => error instanceof MPNotFoundError || (error instanceof MercadoPagoError && error.status === 404);
      const forget = async (run: () => Promise<unknown>) => {
        try {
          await call(run);
        } catch (error) {
          if (!gone(error)) throw error;
        }
      };
      let saved: { id?: string }[] = [];
      await forget(async () => (saved = await cards.list({ customerId, requestOptions: requestOptions() })));
      for (const card of saved) if (card.id) await forget(() => cards.remove({ customerId, cardId: card.id!, requestOptions: requestOptions() }));
      await forget(() => customers.remove({ customerId, requestOptions: requestOptions() }));
    },
  };
}

function providerPayment(payment: PaymentResponse): ProviderPayment {
  const status = paymentStatus(payment.status);
  const amountCents = Math.round((payment.transaction_amount ?? 0) * 100);
  const method = payment.payment_type_id === 'bank_transfer' ? 'pix' : payment.payment_type_id === 'ticket' ? 'boleto' : 'credit_card';
  return {
    reference: String(payment.id),
    externalReference: payment.external_reference ?? null,
    status,
    amountCents,
    currency: payment.currency_id,
    reason: status === 'declined' ? declineReason(payment.status_detail) : undefined,
    details: detailsOf(payment, { method, amountCents, installments: payment.installments ?? 1 }) ?? undefined,
  };
}

/** What the customer needs: Mercado Pago's Pix code, its boleto line and PDF, the card's instalments. */
function detailsOf(payment: PaymentResponse, request: Pick<ChargeRequest, 'method' | 'amountCents' | 'installments'>): PaymentDetails | null {
  const amountCents = request.amountCents;
  switch (request.method) {
    case 'pix': {
      const code = payment.point_of_interaction?.transaction_data?.qr_code;
      return code ? { method: 'pix', copyPaste: code, expiresAt: payment.date_of_expiration ? new Date(payment.date_of_expiration).toISOString() : undefined } : null;
    }
    case 'boleto': {
      const t = payment.transaction_details as { digitable_line?: string; external_resource_url?: string } | undefined;
      const line = t?.digitable_line ?? (payment as { barcode?: { content?: string } }).barcode?.content;
      if (!line) return null;
      return { method: 'boleto', digitableLine: line, dueDate: saoPauloDate(payment.date_of_expiration ?? now().toISOString()), pdfUrl: t?.external_resource_url };
    }
    case 'credit_card':
      return {
        method: 'credit_card',
        installments: payment.installments ?? request.installments,
        installmentCents: splitInstallments(amountCents, payment.installments ?? request.installments),
        brand: payment.payment_method_id,
        lastFour: payment.card?.last_four_digits,
      };
  }
}
