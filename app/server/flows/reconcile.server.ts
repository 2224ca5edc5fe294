// The reconciliation job with each flow's own steps: an attempt whose answer was lost (a timeout,
// a crash between the call and the record) is settled by asking the gateway by its key, and a
// renewal's or programmed delivery's answer does to its period or delivery what the flow would have.
import type { Database } from '~/db/client.server';
import { reconcilePayments as reconcileAttempts, type ReconcileReport } from '../payments/charges.server';
import { deliveryHandlers } from '../subscriptions/deliveries.server';
import { renewalHandlers } from '../subscriptions/renewals.server';

export function reconcilePayments(db: Database): Promise<ReconcileReport> {
  return reconcileAttempts(db, {
    // A renewal's handlers fall back to the order's own steps for a plan's first order (no renewal period).
    handlersFor: (order) => (order.programmedDeliveryId ? deliveryHandlers : order.subscriptionId ? renewalHandlers : undefined),
  });
}
