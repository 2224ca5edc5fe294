// What a plan does when one of its orders changes status: the period it pays (periods.server.ts)
// and the programmed delivery it started. orders/transitions calls these inside the order's own
// transaction. This module and the ones it imports never import the orders area, so the orders
// area can depend on it without an import cycle (npm run lint:deps).
import { and, eq, sql } from 'drizzle-orm';
import { jsonArray } from '~/db/bulk.server';
import type { Transaction } from '~/db/client.server';
import { programmedDeliveries, programmedDeliveryRuns } from '~/db/schema';
import { now } from '~/lib/clock';

export { onOrderCancelledIn, onOrderPaidIn } from './periods.server';

/**
 * The order that started a programmed delivery was cancelled before the delivery ever ran (a
 * declined card, an unpaid Pix): the delivery goes with it. Called from orders/transitions.
 */
export async function onSourceOrderCancelledIn(tx: Transaction, orderId: string): Promise<void> {
  await onSourceOrdersCancelledIn(tx, [orderId]);
}

/** The same for many cancelled orders at once (the expiry job's batch): one statement. */
export async function onSourceOrdersCancelledIn(tx: Transaction, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(programmedDeliveries)
    .set({ status: 'cancelled', updatedAt: now() })
    .where(
      and(
        orderIds.length === 1 ? eq(programmedDeliveries.sourceOrderId, orderIds[0]!) : sql`${programmedDeliveries.sourceOrderId} = any(${jsonArray(orderIds, 'uuid')})`,
        sql`${programmedDeliveries.status} <> 'cancelled'`,
        sql`not exists (select 1 from ${programmedDeliveryRuns} where ${programmedDeliveryRuns.deliveryId} = ${programmedDeliveries.id})`,
      ),
    );
}
