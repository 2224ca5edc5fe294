// Melhor Envio's notices about the store's labels (posted, delivered…): public, but trusted only
// when X-ME-Signature signs this very body (shipping/tracking receiveMelhorEnvioWebhook); the raw
// body is read (capped) as it came, since the signature is over its bytes.
import { data } from 'react-router';
import { getDb } from '~/server/infra/db.server';
import { BodyError, readBytes } from '~/server/infra/http/body.server';
import { receiveMelhorEnvioWebhook } from '~/server/shipping/tracking.server';
import type { Route } from './+types/webhook-melhorenvio';

/** A notice is a few hundred bytes. */
const WEBHOOK_BODY_LIMIT = 16 * 1024;

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
  const raw = new TextDecoder().decode(bytes);
  const answer = await receiveMelhorEnvioWebhook(await getDb(), raw, request.headers.get('x-me-signature'));
  return data(answer.body, answer.status);
}
