// A subscription as the admin reads it (/admin/subscriptions/:id): its periods' payment status,
// its history's events and their notes in pt-BR words. Pure, so the page and its tests agree.
import { formatDateBR } from './dates';
import { formatPrice } from './money';
import { PAYMENT_METHOD_LABELS } from './order-status';
import { SUBSCRIPTION_STATUS_LABELS } from './plans';

/** A period's payment (subscription_periods.status). */
export const PERIOD_STATUS_LABELS: Record<string, string> = {
  paid: 'Paga',
  awaiting: 'Aguardando pagamento',
  overdue: 'Em atraso',
  cancelled: 'Cancelada',
};

/** What the period was: the purchase itself or a renewal. */
export const PERIOD_KIND_LABELS: Record<string, string> = {
  initial: 'Compra',
  renewal: 'Renovação',
};

/** Why a subscription is paused. */
export const PAUSE_REASON_LABELS: Record<string, string> = {
  customer: 'Pausa pedida (volta sozinha na data marcada)',
  payment_failed: 'Pausada por falta de pagamento',
};

const EVENT_LABELS: Record<string, string> = {
  created: 'Assinatura criada',
  renewed: 'Renovação gerada',
  renewal_paid: 'Renovação paga',
  paused: 'Assinatura pausada',
  resumed: 'Assinatura retomada',
  skipped: 'Renovação pulada',
  plan_changed: 'Plano alterado',
  payment_changed: 'Forma de pagamento alterada',
  payment_failed: 'Cobrança não aprovada',
  reactivated: 'Reativada após o pagamento',
  cancelled: 'Assinatura cancelada',
};

export type HistoryEvent = { kind: string; fromStatus: string | null; toStatus: string };

/** The history line's title: what happened, in words. */
export function subscriptionEventTitle(event: HistoryEvent): string {
  // The last failed try pauses the plan: say so, not only that a charge failed.
  if (event.kind === 'payment_failed' && event.toStatus === 'paused' && event.fromStatus !== 'paused') return 'Pausada por falta de pagamento';
  const label = EVENT_LABELS[event.kind];
  if (label) return label;
  // A kind this page does not know yet still reads as the status it left the plan in.
  return `Assinatura ${(SUBSCRIPTION_STATUS_LABELS[event.toStatus] ?? event.toStatus).toLowerCase()}`;
}

const ISO_DAY = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
const PLAN_AND_PRICE = /^(.+), (\d+\.\d{2})$/;

/**
 * A note as stored (written by the server with ISO days, a payment method's key, a plan's price
 * in reais) in the words the admin reads: dd/mm/aaaa, 'Pix', 'R$ 538,90'.
 */
export function subscriptionEventNote(kind: string, note: string | null): string | null {
  if (!note) return null;
  if (kind === 'payment_changed' && PAYMENT_METHOD_LABELS[note]) return `Nova forma: ${PAYMENT_METHOD_LABELS[note]}`;
  if (kind === 'plan_changed') {
    const match = PLAN_AND_PRICE.exec(note);
    if (match) return `${match[1]}, ${formatPrice(match[2]!)}`;
  }
  return note.replace(ISO_DAY, (day) => formatDateBR(day));
}
