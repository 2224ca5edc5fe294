// Mercado Pago's webhook (POST /webhooks/mercadopago). Trusted only when its x-signature checks
// out as Mercado Pago documents it (HMAC-SHA256 of `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`
// with the application's secret, verified by the SDK's own validator) within five minutes of its
// timestamp, and only once: a signature seen before is a replay (401). The body is never trusted:
// the payment is fetched from the API and applied through applyProviderPayment, so duplicate and
// out-of-order deliveries read the same current state and change nothing twice.
import { WebhookSignatureValidator, InvalidWebhookSignatureError } from 'mercadopago';
import { and, eq } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { webhookReceipts } from '~/db/schema';
import { now } from '~/lib/clock';
import { getEnv } from '../infra/env.server';
import { log } from '../infra/log.server';
import { applyProviderPayment, type HandlersFor } from './charges.server';
import { MERCADOPAGO } from './mercadopago.server';
import { getPaymentProvider } from './provider.server';

/** How far the signature's timestamp may be from our clock (seconds). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type WebhookAnswer = { status: 200 | 401 | 404 | 503; body: { received: boolean; error?: string } };

export type WebhookRequest = { signature: string | null; requestId: string | null; url: URL };

/** `handlersFor`: each flow's steps for an answer it never recorded (flows/reconcile's paymentHandlersFor). */
export async function receiveMercadoPagoWebhook(db: Database, request: WebhookRequest, options: { handlersFor?: HandlersFor } = {}): Promise<WebhookAnswer> {
  const provider = getPaymentProvider();
  const secret = getEnv().MERCADOPAGO_WEBHOOK_SECRET;
  if (provider.name !== MERCADOPAGO) return { status: 404, body: { received: false, error: 'Mercado Pago não está configurado nesta loja.' } };
  if (!secret) return { status: 401, body: { received: false, error: 'Assinatura não verificável: MERCADOPAGO_WEBHOOK_SECRET não definido.' } };

  // data.id is signed as it comes in the query string (lower case when alphanumeric).
  const dataId = request.url.searchParams.get('data.id') ?? request.url.searchParams.get('id');
  try {
    WebhookSignatureValidator.validate({
      xSignature: request.signature,
      xRequestId: request.requestId,
      dataId,
      secret,
      toleranceSeconds: SIGNATURE_TOLERANCE_SECONDS,
      now: () => now().getTime(),
    });
  } catch (error) {
    if (error instanceof InvalidWebhookSignatureError) {
      log.warn(`webhook do Mercado Pago recusado: ${error.reason}`);
      return { status: 401, body: { received: false, error: 'Assinatura inválida.' } };
    }
    throw error;
  }
  const seen = await db
    .insert(webhookReceipts)
    .values({ provider: MERCADOPAGO, signature: request.signature! })
    .onConflictDoNothing()
    .returning({ signature: webhookReceipts.signature });
  if (seen.length === 0) return { status: 401, body: { received: false, error: 'Notificação repetida.' } };

  const type = request.url.searchParams.get('type') ?? request.url.searchParams.get('topic');
  if (type !== 'payment' || !dataId) return { status: 200, body: { received: true } };
  const forget = () => db.delete(webhookReceipts).where(and(eq(webhookReceipts.provider, MERCADOPAGO), eq(webhookReceipts.signature, request.signature!)));
  try {
    const payment = await provider.getPayment(dataId);
    if (payment) {
      const outcome = await applyProviderPayment(db, provider.name, payment, options);
      if (outcome === 'unknown') {
        // A payment no attempt matches yet (its attempt's transaction has not committed): not
        // acknowledged, so it is never lost. Mercado Pago delivers a notification again until it
        // gets a 200/201 ("Configurar notificações de pagamento", developers/pt/docs/checkout-pro/
        // payment-notifications: retried about every 15 minutes), and by then the attempt is there.
        // Chosen over keeping it ourselves because the attempt, once committed, is also found by the
        // reconciliation job by its key: the retry is the belt, reconciliation the braces.
        log.warn(`webhook: pagamento ${dataId} do Mercado Pago sem pedido conhecido (ainda); o Mercado Pago tentará de novo`);
        await forget();
        return { status: 503, body: { received: false, error: 'Pagamento ainda não registrado nesta loja; tente de novo.' } };
      }
    }
  } catch (error) {
    // Not handled: forget the signature so Mercado Pago's retry of this very call is taken (it gets a 500).
    await forget();
    throw error;
  }
  return { status: 200, body: { received: true } };
}
