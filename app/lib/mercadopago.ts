// How the store reads Mercado Pago's answers (pure, unit-tested): a payment's status, a card's
// decline reason in pt-BR (status_detail values from Mercado Pago's "Respostas de pagamento"
// reference), and the São Paulo timestamps its API takes (date_of_expiration).
import { todayInBrazil } from './plans';

export type GatewayStatus = 'pending' | 'authorized' | 'approved' | 'declined' | 'refunded';

/** Mercado Pago's payment status → the store's view of it. */
export function paymentStatus(status: string | undefined): GatewayStatus {
  switch (status) {
    case 'approved':
      return 'approved';
    // Reserved on the card, not captured: not money yet.
    case 'authorized':
      return 'authorized';
    case 'rejected':
    case 'cancelled':
      return 'declined';
    case 'refunded':
    case 'charged_back':
      return 'refunded';
    // pending, in_process, in_mediation: the money is not confirmed yet.
    default:
      return 'pending';
  }
}

const DECLINE_REASONS: Record<string, string> = {
  cc_rejected_insufficient_amount: 'o cartão não tem limite suficiente',
  cc_rejected_bad_filled_security_code: 'o código de segurança do cartão está incorreto',
  cc_rejected_bad_filled_date: 'a data de validade do cartão está incorreta',
  cc_rejected_bad_filled_card_number: 'o número do cartão está incorreto',
  cc_rejected_bad_filled_other: 'algum dado do cartão está incorreto',
  cc_rejected_call_for_authorize: 'o banco pede que você autorize este pagamento; ligue para ele e tente de novo',
  cc_rejected_card_disabled: 'o cartão está bloqueado; ligue para o banco para ativá-lo',
  cc_rejected_duplicated_payment: 'você já fez um pagamento igual; use outro cartão ou outra forma de pagamento',
  cc_rejected_high_risk: 'o pagamento foi recusado pela análise de segurança; use outra forma de pagamento',
  cc_rejected_max_attempts: 'o limite de tentativas foi atingido; use outro cartão',
  cc_rejected_card_error: 'o cartão não pôde ser processado; use outro cartão',
  cc_rejected_invalid_installments: 'o cartão não aceita esse número de parcelas',
  cc_rejected_blacklist: 'o banco não aprovou o pagamento',
  cc_rejected_other_reason: 'o banco não aprovou o pagamento',
  expired: 'o prazo para pagar terminou',
};

/** Why a payment was declined, in pt-BR, from its status_detail. */
export function declineReason(statusDetail: string | undefined): string {
  return (statusDetail && DECLINE_REASONS[statusDetail]) || 'o pagamento não foi aprovado';
}

/** '2026-11-24T15:30:00.000-03:00': São Paulo has kept UTC−3 all year since 2019. */
export function saoPauloTimestamp(at: Date): string {
  return `${new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 23)}-03:00`;
}

/** The São Paulo calendar day of an API timestamp ('2026-11-27T23:59:59.000-04:00' → '2026-11-28'). */
export function saoPauloDate(timestamp: string): string {
  return todayInBrazil(new Date(timestamp));
}
