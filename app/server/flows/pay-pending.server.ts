// "Pagar agora": the customer pays their subscription's unpaid order (after a declined card, or
// with a fresh Pix/boleto once the code expired), in checkout's order of steps: the attempt (a new
// key) committed first, the gateway called outside the transaction, the answer recorded after. A
// timeout leaves the attempt `unknown`; while it is, a second "pagar agora" charges nothing and
// the customer reads "Estamos confirmando seu pagamento".
import type { Database } from '~/db/client.server';
import { kickMailDelivery } from '../mail/outbox.server';
import { chargeOrder, type ChargeHooks } from '../payments/charges.server';
import { getPaymentProvider, paymentMethodRefusal, type PaymentMethod, type PaymentProvider } from '../payments/provider.server';
import { payPendingHandlers, preparePayPendingIn, type PayPendingResult } from '../subscriptions/renewals.server';

export type { PayPendingResult };

export async function payPendingRenewal(
  db: Database,
  userId: string,
  orderId: string,
  method: PaymentMethod,
  provider: PaymentProvider = getPaymentProvider(),
  hooks?: ChargeHooks,
): Promise<PayPendingResult> {
  // Only a method the store really receives with (payments/provider.server.ts): refused before anything is written.
  const refusal = paymentMethodRefusal(method, provider);
  if (refusal) return { ok: false, status: 409, message: refusal };
  const prepared = await db.transaction((tx) => preparePayPendingIn(tx, userId, orderId, method, provider));
  if (!prepared.ok) return prepared;
  if (!('request' in prepared)) return { ok: true, status: 'confirming' };
  const outcome = await chargeOrder(db, provider, prepared.request, { opened: true, quiet: false, handlers: payPendingHandlers, hooks });
  kickMailDelivery(db);
  switch (outcome.status) {
    case 'paid':
      return { ok: true, status: 'paid' };
    case 'awaiting':
      return { ok: true, status: 'pending' };
    case 'declined':
      return { ok: false, status: 402, message: `Pagamento recusado: ${outcome.reason}` };
    case 'unknown':
      return { ok: true, status: 'confirming' };
  }
}
