import { METHOD_NAMES } from './payment-offer';

/** Order statuses as customers read them. */
export const ORDER_STATUS_LABELS: Record<string, string> = {
  pending: 'Aguardando pagamento',
  paid: 'Pago',
  preparing: 'Em separação',
  shipped: 'Enviado',
  delivered: 'Entregue',
  cancelled: 'Cancelado',
};

export function orderStatusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status] ?? status;
}

/** An order id is shown as its first 8 characters, upper case. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** The methods' names (lib/payment-offer), looked up by a stored value that may be any string. */
export const PAYMENT_METHOD_LABELS: Record<string, string> = METHOD_NAMES;
