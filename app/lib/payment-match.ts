// Whether a payment the gateway reports pays an order (pure, unit-tested): only approved, in
// BRL, for at least the order's total, with the amount the gateway reports. Anything else is a
// "pagamento divergente": kept for the admin, never a confirmation (issue 30).

export type ReportedPayment = { status: 'approved' | 'authorized'; amountCents: number; currency?: string };

export type PaymentVerdict = { pays: true } | { pays: false; why: string };

export function paymentVerdict(payment: ReportedPayment, orderTotalCents: number): PaymentVerdict {
  if (payment.status !== 'approved') return { pays: false, why: 'pagamento apenas autorizado, não capturado' };
  // The built-in provider reports no currency: it only ever takes reais.
  if (payment.currency !== undefined && payment.currency !== 'BRL') return { pays: false, why: `pagamento em outra moeda (${payment.currency})` };
  if (payment.amountCents < orderTotalCents) return { pays: false, why: 'pagamento menor que o total do pedido' };
  return { pays: true };
}
