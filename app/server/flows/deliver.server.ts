// The programmed-delivery flow, in checkout's order of steps: each due date's order (repriced,
// stock taken) is committed with its `requested` payment attempt (subscriptions/deliveries),
// then the gateway is called outside the transaction, then its answer recorded in its own
// transaction. A timeout leaves the attempt `unknown` and the order pending — never deleted while
// its money may have been taken — until the reconciliation job asks the gateway by key.
import type { Database } from '~/db/client.server';
import { todayInBrazil } from '~/lib/plans';
import { log } from '../infra/log.server';
import { kickMailDelivery } from '../mail/outbox.server';
import { chargeOrder } from '../payments/charges.server';
import { getPaymentProvider, type PaymentProvider } from '../payments/provider.server';
import { DeliveryCrash, deliveryHandlers, dueDeliveries, prepareDeliveryIn, sendDeliveryReminders, type DeliveryHooks } from '../subscriptions/deliveries.server';

export { DeliveryCrash, type DeliveryHooks } from '../subscriptions/deliveries.server';

type Options = { provider?: PaymentProvider; hooks?: DeliveryHooks; batch?: number };

/** Everything the job does for programmed deliveries: reminders, then the deliveries due today. */
export async function runProgrammedDeliveries(db: Database, options: Options = {}): Promise<{ ordered: number; skipped: number; reminded: number }> {
  const reminded = await sendDeliveryReminders(db);
  const today = todayInBrazil();
  const provider = options.provider ?? getPaymentProvider();
  let ordered = 0;
  let skipped = 0;
  for (const id of await dueDeliveries(db, today, options.batch ?? 200)) {
    try {
      const prepared = await db.transaction((tx) => prepareDeliveryIn(tx, id, today, provider));
      if (prepared === 'skipped') skipped += 1;
      if (!prepared || prepared === 'skipped') continue;
      // Committed: now the gateway. The customer is e-mailed by the recording (placed, or not sent).
      const outcome = await chargeOrder(db, provider, prepared.request, {
        opened: true,
        quiet: true,
        handlers: deliveryHandlers,
        hooks: options.hooks?.afterCharge ? { afterCharge: () => options.hooks!.afterCharge!(prepared.deliveryId, prepared.date) } : undefined,
      });
      if (outcome.status === 'declined') skipped += 1;
      else ordered += 1;
    } catch (error) {
      if (error instanceof DeliveryCrash) throw error;
      log.error(`entrega programada: falha em ${id}`, error);
    }
  }
  if (ordered + skipped + reminded) kickMailDelivery(db);
  return { ordered, skipped, reminded };
}
