// How the assinaturas tab words a subscription's and a programmed delivery's facts (pt-BR).
import { formatDateBR } from '~/lib/dates';
import { PAYMENT_METHOD_LABELS, shortOrderId } from '~/lib/order-status';

/** A renewal period's status as the customer reads it. */
export const RENEWAL_STATUS_LABELS: Record<string, string> = {
  paid: 'Paga',
  awaiting: 'Aguardando pagamento',
  overdue: 'Em atraso',
  cancelled: 'Cancelada',
};

export const RENEWAL_KIND_LABELS: Record<string, string> = {
  initial: 'Compra da assinatura',
  renewal: 'Renovação',
};

export const DELIVERY_STATUS_LABELS: Record<string, string> = { active: 'Ativa', paused: 'Pausada', cancelled: 'Cancelada' };

/** 'A cada 1 mês' / 'A cada 2 meses' (the checkout's words). */
export function deliveryFrequencyLabel(months: number): string {
  return months === 1 ? 'A cada 1 mês' : `A cada ${months} meses`;
}

/** 'Pix', 'Boleto bancário', 'Cartão de crédito em 3x'. */
export function paymentLabel(method: string, installments = 1): string {
  const label = PAYMENT_METHOD_LABELS[method] ?? method;
  return method === 'credit_card' && installments > 1 ? `${label} em ${installments}x` : label;
}

export function orderLabel(orderId: string): string {
  return `Pedido #${shortOrderId(orderId)}`;
}

export const dateBR = (isoDay: string): string => formatDateBR(isoDay);

/** A status badge's colours: green when it runs, amber when paused, grey otherwise (AA in both themes). */
export function statusBadgeClass(status: string): string {
  const tone =
    status === 'active'
      ? 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200'
      : status === 'paused'
        ? 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'
        : 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200';
  return `rounded-full px-3 py-1 text-sm font-semibold ${tone}`;
}
