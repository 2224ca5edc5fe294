// Where the carrier's word on a label comes from (issue 33): Melhor Envio's signed webhook
// (POST /webhooks/melhorenvio) and, for a notice that never arrived, the polling job (every 30 min,
// jobs/runner). Both hand each label's state to applyTracking (shipping/parcels), which records it
// exactly once, so a replayed notice, a poll after the webhook, or two runs at once change nothing twice.
import type { Database } from '~/db/client.server';
import { getEnv } from '../infra/env.server';
import { log } from '../infra/log.server';
import { melhorEnvioFromEnv, MelhorEnvioError, parseMelhorEnvioWebhook, verifyMelhorEnvioSignature, type MelhorEnvio, type MelhorEnvioOrderState } from './melhorenvio.server';
import { applyTracking, labelsInTransit, trackedStatusOf } from './parcels.server';

export type MelhorEnvioWebhookAnswer = { status: 200 | 400 | 401; body: { received: boolean; error?: string } };

/**
 * A notice from Melhor Envio: trusted only when X-ME-Signature is the HMAC of this very body with
 * the application's secret (401 otherwise, and nothing is read or written). A label the store does
 * not know, or an event that moves nothing, is acknowledged (200) so they stop sending it.
 */
export async function receiveMelhorEnvioWebhook(db: Database, rawBody: string, signature: string | null): Promise<MelhorEnvioWebhookAnswer> {
  const secret = getEnv().MELHORENVIO_WEBHOOK_SECRET;
  if (!secret) return { status: 401, body: { received: false, error: 'Assinatura não verificável: MELHORENVIO_WEBHOOK_SECRET não definido.' } };
  if (!verifyMelhorEnvioSignature(rawBody, signature, secret)) {
    log.warn('webhook do Melhor Envio recusado: assinatura inválida ou ausente');
    return { status: 401, body: { received: false, error: 'Assinatura inválida.' } };
  }
  let notice;
  try {
    notice = parseMelhorEnvioWebhook(rawBody);
  } catch (error) {
    if (!(error instanceof MelhorEnvioError)) throw error;
    log.warn(`webhook do Melhor Envio ilegível: ${error.apiMessage ?? error.message}`);
    return { status: 400, body: { received: false, error: error.message } };
  }
  const outcome = await applyTracking(db, notice.orderId, { status: notice.status, tracking: notice.tracking });
  if (!outcome.found) log.info(`webhook do Melhor Envio (${notice.event}) de uma etiqueta que a loja não conhece: ${notice.orderId}`);
  return { status: 200, body: { received: true } };
}

/** Labels asked about per tracking request. */
export const TRACKING_BATCH = 100;

/**
 * The polling job: every label bought and not delivered yet, a batch at a time, one tracking request
 * per batch; only the labels whose state moved go to applyTracking. A batch Melhor Envio refuses
 * (one label they no longer know makes their validation fail) is asked again one label at a time, so
 * one bad label fails alone. Without Melhor Envio configured there is nothing to ask.
 */
export async function trackLabels(db: Database, carrier: MelhorEnvio | null = melhorEnvioFromEnv()): Promise<{ checked: number; moved: number }> {
  if (!carrier) return { checked: 0, moved: 0 };
  let afterId: string | null = null;
  let checked = 0;
  let moved = 0;
  for (;;) {
    const batch = await labelsInTransit(db, afterId, TRACKING_BATCH);
    if (batch.length === 0) break;
    afterId = batch.at(-1)!.id;
    const states = await statesOf(carrier, batch.map((p) => p.melhorEnvioOrderId));
    for (const parcel of batch) {
      const state = states.get(parcel.melhorEnvioOrderId);
      if (!state) continue;
      checked += 1;
      const target = trackedStatusOf(state.status);
      const advances = (target !== null && target !== parcel.trackedStatus) || (state.tracking !== null && parcel.trackingCode === null);
      if (advances && (await applyTracking(db, parcel.melhorEnvioOrderId, { status: state.status, tracking: state.tracking })).moved) moved += 1;
    }
    if (batch.length < TRACKING_BATCH) break;
  }
  return { checked, moved };
}

async function statesOf(carrier: MelhorEnvio, ids: string[]): Promise<Map<string, MelhorEnvioOrderState>> {
  try {
    return new Map(Object.entries(await carrier.tracking(ids)));
  } catch (error) {
    if (!(error instanceof MelhorEnvioError)) throw error;
    if (ids.length === 1) {
      log.warn(`rastreio da etiqueta ${ids[0]} no Melhor Envio falhou: ${error.message}`, error);
      return new Map();
    }
    // Down or too slow: the whole run is retried (pg-boss); a refusal is one label's, found one by one.
    if (!(error.kind === 'http' && (error.status === 422 || error.status === 404))) throw error;
    const states = new Map<string, MelhorEnvioOrderState>();
    for (const id of ids) for (const [key, state] of await statesOf(carrier, [id])) states.set(key, state);
    return states;
  }
}
