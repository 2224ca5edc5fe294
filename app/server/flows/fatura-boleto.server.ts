// A fatura's boleto through the gateway (issue 35). An invoiced order is confirmed at once; when a
// gateway runs, its fatura gets a real boleto due on the fatura's day. Once by construction: the
// attempt (key `fatura:<receivable id>`) is committed with the order, the gateway called after the
// commit with that key, its answer recorded on the fatura (receivables.payment_details). A crash
// or timeout in between leaves the attempt to the reconciliation job, which asks by the key and,
// when the gateway never got the call, calls again with the same key (the gateway answers a key it
// has with its first payment). Whatever the gateway says, the order stays confirmed: without a
// boleto the fatura is paid by the merchant's instructions and the admin's confirmation.
// The boleto's approval (webhook, poll) pays the fatura (receivables/transitions), never the order.
import { eq } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '~/db/client.server';
import { orders, receivables, type paymentAttempts } from '~/db/schema';
import { toCents } from '~/lib/money';
import { shortOrderId } from '~/lib/order-status';
import { paymentVerdict } from '~/lib/payment-match';
import { todayInBrazil } from '~/lib/plans';
import { log } from '../infra/log.server';
import { kickMailDelivery } from '../mail/outbox.server';
import { chargeOrder, FATURA_KEY_PREFIX, openAttemptIn, payerFor, recallAttempt, recordDivergentIn, type ChargeHandlers, type ChargeHooks, type ChargeOutcome } from '../payments/charges.server';
import { isGateway, type ChargeRequest, type PaymentProvider } from '../payments/provider.server';
import { attachReceivableBoletoIn, payReceivableIn } from '../receivables/transitions.server';

export const faturaChargeKey = (receivableId: string) => `${FATURA_KEY_PREFIX}${receivableId}`;
export const isFaturaKey = (key: string) => key.startsWith(FATURA_KEY_PREFIX);
const receivableOfKey = (key: string) => key.slice(FATURA_KEY_PREFIX.length);

/** In the order's transaction, after its fatura: the boleto's attempt, when a gateway runs (else the merchant's instructions only). */
export async function openFaturaBoletoIn(tx: Transaction, provider: PaymentProvider, fatura: { receivableId: string; orderId: string; amountCents: number }): Promise<boolean> {
  if (!isGateway(provider)) return false;
  await openAttemptIn(tx, provider, { orderId: fatura.orderId, idempotencyKey: faturaChargeKey(fatura.receivableId), method: 'boleto', amountCents: fatura.amountCents });
  return true;
}

/** The boleto's request, or null when the fatura no longer needs one (paid, cancelled, past its day, its buyer erased). */
async function boletoRequest(db: Executor, receivableId: string): Promise<ChargeRequest | null> {
  const [row] = await db
    .select({
      amount: receivables.amount,
      dueDate: receivables.dueDate,
      status: receivables.status,
      orderId: receivables.orderId,
      userId: orders.userId,
      taxId: orders.taxId,
      shipStreet: orders.shipStreet,
      shipNumber: orders.shipNumber,
      shipNeighborhood: orders.shipNeighborhood,
      shipCity: orders.shipCity,
      shipState: orders.shipState,
      shipZipCode: orders.shipZipCode,
    })
    .from(receivables)
    .innerJoin(orders, eq(orders.id, receivables.orderId))
    .where(eq(receivables.id, receivableId));
  if (!row || row.status !== 'open' || row.dueDate < todayInBrazil() || row.userId === null) return null;
  return {
    orderId: row.orderId,
    idempotencyKey: faturaChargeKey(receivableId),
    amountCents: toCents(row.amount),
    method: 'boleto',
    installments: 1,
    description: `Fatura do pedido ${shortOrderId(row.orderId)} — Clarear`,
    customer: await payerFor(db, row.userId, row.taxId, row),
    boletoDueDate: row.dueDate,
  };
}

export type BoletoIssue = 'issued' | 'failed' | 'unknown';

/**
 * After the order's commit: the fatura's boleto, once (its committed attempt claimed). Never
 * throws: the order is confirmed whatever happens here; 'unknown' is the reconciliation job's.
 */
export async function issueFaturaBoleto(db: Database, provider: PaymentProvider, receivableId: string, hooks?: ChargeHooks): Promise<BoletoIssue> {
  try {
    const request = await boletoRequest(db, receivableId);
    if (!request) return 'failed';
    const outcome = await chargeOrder(db, provider, request, { opened: true, quiet: true, hooks, handlers: faturaHandlers });
    return outcome.status === 'declined' ? 'failed' : outcome.status === 'unknown' ? 'unknown' : 'issued';
  } catch (error) {
    log.error(`fatura ${receivableId}: o boleto não foi emitido agora; a conciliação tenta de novo`, error);
    return 'unknown';
  }
}

/** A payment of the fatura's boleto: pays the fatura once when it is in reais and for its amount, else kept as divergent for the admin. */
async function payFaturaIn(
  tx: Transaction,
  attempt: typeof paymentAttempts.$inferSelect,
  payment: { reference: string; amountCents: number; currency?: string },
): Promise<'applied' | 'unchanged'> {
  const receivableId = receivableOfKey(attempt.idempotencyKey);
  const [fatura] = await tx.select({ amount: receivables.amount, paymentReference: receivables.paymentReference }).from(receivables).where(eq(receivables.id, receivableId));
  if (!fatura) return 'unchanged';
  const verdict = paymentVerdict({ status: 'approved', amountCents: payment.amountCents, currency: payment.currency }, toCents(fatura.amount));
  const divergent = (why: string) => recordDivergentIn(tx, { orderId: attempt.orderId, provider: attempt.provider, reference: payment.reference, amountCents: payment.amountCents, why });
  if (!verdict.pays) {
    await divergent(verdict.why === 'pagamento menor que o total do pedido' ? 'pagamento menor que o valor da fatura' : verdict.why);
    return 'unchanged';
  }
  const reference = `${attempt.provider}:${payment.reference}`;
  const paid = await payReceivableIn(tx, { receivableId, reference, paidBy: null });
  if (paid === 'not_payable') await divergent('boleto pago de uma fatura cancelada');
  // Paid otherwise first (the admin confirmed a transfer): this boleto's money is a second payment, for the admin to give back.
  if (paid === 'duplicate' && fatura.paymentReference !== reference) await divergent('boleto pago de uma fatura já paga');
  return paid === 'applied' ? 'applied' : 'unchanged';
}

/** The fatura's steps for its boleto's answers (flows/reconcile's paymentHandlersFor gives them by the attempt's key). */
export const faturaHandlers: ChargeHandlers = {
  async ownAnswer(tx, ctx, result): Promise<ChargeOutcome> {
    const receivableId = receivableOfKey(ctx.attempt.idempotencyKey);
    if (!result.approved) {
      // Final for this key: the fatura keeps the merchant's instructions and the admin's confirmation.
      log.warn(`fatura ${receivableId}: o provedor não emitiu o boleto (${result.reason}); vale a instrução da loja`);
      return { status: 'declined', reason: result.reason };
    }
    if (result.details.method === 'boleto') await attachReceivableBoletoIn(tx, receivableId, result.details);
    if (!result.settled) return { status: 'awaiting' };
    const paid = await payFaturaIn(tx, ctx.attempt, { reference: result.reference ?? ctx.attempt.idempotencyKey, amountCents: result.amountCents ?? toCents(ctx.attempt.amount), currency: result.currency });
    return paid === 'applied' ? { status: 'paid' } : { status: 'unknown' };
  },
  async ownPayment(tx, attempt, payment) {
    switch (payment.status) {
      case 'approved':
        return payFaturaIn(tx, attempt, payment);
      case 'declined':
        // Expired or cancelled at the gateway: the fatura stays as it is (overdue by its day, payable by the instructions).
        return 'unchanged';
      case 'refunded':
        log.warn(`fatura ${receivableOfKey(attempt.idempotencyKey)}: o boleto ${payment.reference} foi estornado no provedor; confira a fatura`);
        return 'unchanged';
      default:
        return 'unchanged';
    }
  },
  // Never cancels the order: it is confirmed already.
  onDeclined: async () => true,
  onAbandoned: async () => true,
  async callAgain(db, provider, attempt) {
    const request = await boletoRequest(db, receivableOfKey(attempt.idempotencyKey));
    if (!request) return false;
    const outcome = await recallAttempt(db, provider, attempt.id, request, faturaHandlers);
    kickMailDelivery(db);
    return outcome !== null && outcome.status !== 'unknown';
  },
};
