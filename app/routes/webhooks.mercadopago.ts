// Mercado Pago's payment notifications. The body is read (capped) and otherwise ignored: the
// signed query (data.id, type) says which payment changed, and its state is fetched from the API.
import { data } from 'react-router';
import { getDb } from '~/server/infra/db.server';
import { paymentHandlersFor } from '~/server/flows/reconcile.server';
import { readBytes } from '~/server/infra/http/body.server';
import { receiveMercadoPagoWebhook } from '~/server/payments/webhooks.server';
import type { Route } from './+types/webhooks.mercadopago';

/** A notification is a few hundred bytes. */
const WEBHOOK_BODY_LIMIT = 16 * 1024;

export function loader() {
  return data({ received: false }, 405);
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return data({ received: false }, 405);
  await readBytes(request, WEBHOOK_BODY_LIMIT);
  const answer = await receiveMercadoPagoWebhook(
    await getDb(),
    { signature: request.headers.get('x-signature'), requestId: request.headers.get('x-request-id'), url: new URL(request.url) },
    // A webhook answering a renewal's or delivery's lost call takes that flow's steps.
    { handlersFor: paymentHandlersFor },
  );
  return data(answer.body, answer.status);
}
