import { METHOD_NAMES } from './payment-offer';
import { INVOICED_METHOD } from './receivables';

/** Order statuses as customers read them. */
export const ORDER_STATUS_LABELS: Record<string, string> = {
  pending: 'Aguardando pagamento',
  paid: 'Pago',
  preparing: 'Em separação',
  shipped: 'Enviado',
  delivered: 'Entregue',
  cancelled: 'Cancelado',
};

/**
 * `paymentMethod`: an invoiced order (issue 35) is confirmed at once but not paid: 'Faturado', never
 * 'Pago' (its fatura's own state is shown beside it).
 */
export function orderStatusLabel(status: string, paymentMethod?: string | null): string {
  if (status === 'paid' && paymentMethod === INVOICED_METHOD) return 'Faturado';
  return ORDER_STATUS_LABELS[status] ?? status;
}

/** An order id is shown as its first 8 characters, upper case. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** The methods' names (lib/payment-offer), looked up by a stored value that may be any string. */
export const PAYMENT_METHOD_LABELS: Record<string, string> = { ...METHOD_NAMES, [INVOICED_METHOD]: 'Boleto faturado' };
