// The reconciliation job with each flow's own steps: an attempt whose answer was lost (a timeout,
// a crash between the call and the record) is settled by asking the gateway by its key, and a
// renewal's or programmed delivery's answer does to its period or delivery what the flow would have;
// refunds a gateway failed to make (an order's, a return's, a plan withdrawal's) are tried again
// by their own keys (flows/refund).
import type { Database } from '~/db/client.server';
import { reconcilePayments as reconcileAttempts, type HandlersFor, type ReconcileReport } from '../payments/charges.server';
import { deliveryHandlers } from '../subscriptions/deliveries.server';
import { renewalHandlers } from '../subscriptions/renewals.server';
import { faturaHandlers, isFaturaKey } from './fatura-boleto.server';
import { retryOwedRefunds, retryOwedReturnRefunds } from './refund.server';

/**
 * The flow whose steps an order's payment answer takes, wherever the answer comes from (this job,
 * a webhook). A fatura's boleto (issue 35) pays its fatura, never the order. A renewal's handlers fall back to the order's own steps for a plan's first order (no renewal period).
 */
export const paymentHandlersFor: HandlersFor = (order, attempt) =>
  isFaturaKey(attempt.idempotencyKey) ? faturaHandlers : order.programmedDeliveryId ? deliveryHandlers : order.subscriptionId ? renewalHandlers : undefined;

export async function reconcilePayments(db: Database): Promise<ReconcileReport & { refunded: number; returnsRefunded: number }> {
  const report = await reconcileAttempts(db, { handlersFor: paymentHandlersFor });
  // Refunds a gateway failed to make are tried again: cancelled orders', then returns'.
  const refunded = await retryOwedRefunds(db);
  return { ...report, refunded, returnsRefunded: await retryOwedReturnRefunds(db) };
}
