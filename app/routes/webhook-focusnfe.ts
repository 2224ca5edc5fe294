// Focus NFe's notices about the store's NF-e (authorised, rejected, denied, cancelled): public, but
// trusted only with the Authorization header registered with their hook (flows/invoice
// receiveFocusWebhook); the polling job is the safety net for a notice that never comes.
import { data } from 'react-router';
import { receiveFocusWebhook } from '~/server/flows/invoice.server';
import { getDb } from '~/server/infra/db.server';
import { BodyError, readBytes } from '~/server/infra/http/body.server';
import type { Route } from './+types/webhook-focusnfe';

/** A notice is the note's status answer: a few KB at most. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

export function loader() {
  return data({ received: false }, 405);
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return data({ received: false }, 405);
  let bytes: Uint8Array;
  try {
    bytes = await readBytes(request, WEBHOOK_BODY_LIMIT);
  } catch (error) {
    if (error instanceof BodyError) return data({ received: false, error: error.message }, error.status);
    throw error;
  }
  const answer = await receiveFocusWebhook(await getDb(), new TextDecoder().decode(bytes), request.headers.get('authorization'));
  return data(answer.body, answer.status);
}
