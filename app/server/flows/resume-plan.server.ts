// Resuming a paused plan (issue 30): a paused plan gave no benefits for unpaid time, so resuming
// charges the new period before they return. The resume is committed first (the schedule starts
// again from today when its date passed during the pause); then the period is renewed at once
// with the renewal's own order, period and charge (flows/renew renewNow: committed, then charged), and its
// payment (now, or when a Pix is paid) makes the plan paid through again.
import type { Database } from '~/db/client.server';
import { todayInBrazil } from '~/lib/plans';
import type { PaymentProvider } from '../payments/provider.server';
import { renewNow } from './renew.server';
import { changeSubscription, type SubscriptionActionResult, type SubscriptionActor } from '../subscriptions/subscriptions.server';

export async function resumePlan(db: Database, subscriptionId: string, actor: SubscriptionActor, options: { provider?: PaymentProvider } = {}): Promise<SubscriptionActionResult & { charged?: string | null }> {
  const result = await changeSubscription(db, subscriptionId, actor, { action: 'resume' });
  if (!result.ok || result.nextDeliveryDate > todayInBrazil()) return result;
  return { ...result, charged: await renewNow(db, subscriptionId, { provider: options.provider }) };
}
