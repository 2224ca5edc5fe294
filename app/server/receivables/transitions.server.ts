// The only writer of `receivables.status` (issue 35): the admin's or the gateway's payment confirmation, the
// order's cancellation, and the job's open → overdue. Each change is version-checked under the
// row's lock, so a double confirmation pays once.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '~/db/client.server';
import { orders, receivables, user, type PaymentDetails } from '~/db/schema';
import { now } from '~/lib/clock';
import { formatPrice } from '~/lib/money';
import { shortOrderId } from '~/lib/order-status';
import { todayInBrazil } from '~/lib/plans';
import { canConfirmPayment } from '~/lib/receivables';
import { getEnv } from '../infra/env.server';
import { enqueueMail, kickMailDelivery } from '../mail/outbox.server';

/** 404 (no such fatura), 409 (state or version), 422 (a field). */
export class ReceivableActionError extends Error {
  constructor(
    readonly status: 404 | 409 | 422,
    message: string,
  ) {
    super(message);
  }
}

export const RECEIVABLE_MESSAGES = {
  notFound: 'Fatura não encontrada.',
  stale: 'A fatura mudou desde que você abriu esta página. Recarregue a página e confira antes de tentar de novo.',
  notPayable: 'Esta fatura não está em aberto: não há pagamento a confirmar.',
  reference: 'Informe a referência do pagamento (ex.: data e banco do crédito).',
} as const;

export type ConfirmReceivableInput = { receivableId: string; adminId: string; reference: string; expectedVersion?: number };

/**
 * The admin's "Confirmar pagamento": an open or overdue fatura becomes paid, with the admin's note
 * of the bank entry. The same confirmation again (already paid) changes nothing: 'duplicate'.
 */
export async function confirmReceivablePayment(db: Database, input: ConfirmReceivableInput): Promise<'applied' | 'duplicate'> {
  const reference = input.reference.trim();
  if (!reference || reference.length > 200) throw new ReceivableActionError(422, RECEIVABLE_MESSAGES.reference);
  const outcome = await db.transaction(async (tx) => {
    const paid = await payReceivableIn(tx, { receivableId: input.receivableId, reference, paidBy: input.adminId, expectedVersion: input.expectedVersion });
    if (paid === 'not_found') throw new ReceivableActionError(404, RECEIVABLE_MESSAGES.notFound);
    if (paid === 'stale') throw new ReceivableActionError(409, RECEIVABLE_MESSAGES.stale);
    if (paid === 'not_payable') throw new ReceivableActionError(409, RECEIVABLE_MESSAGES.notPayable);
    return paid;
  });
  kickMailDelivery(db);
  return outcome;
}

/**
 * A fatura paid, in the caller's transaction, under its row lock: the admin's confirmation, or a
 * gateway's approved boleto (flows/fatura-boleto, `paidBy` null, the reference the gateway's
 * payment). Already paid: 'duplicate', nothing changes; cancelled: 'not_payable'.
 */
export async function payReceivableIn(
  tx: Transaction,
  input: { receivableId: string; reference: string; paidBy: string | null; expectedVersion?: number },
): Promise<'applied' | 'duplicate' | 'not_found' | 'stale' | 'not_payable'> {
  const [row] = await tx.select().from(receivables).where(eq(receivables.id, input.receivableId)).for('update');
  if (!row) return 'not_found';
  if (row.status === 'paid') return 'duplicate';
  if (input.expectedVersion !== undefined && row.version !== input.expectedVersion) return 'stale';
  if (!canConfirmPayment(row.status)) return 'not_payable';
  await tx
    .update(receivables)
    .set({ status: 'paid', paidAt: now(), paidBy: input.paidBy, paymentReference: input.reference, version: row.version + 1, updatedAt: now() })
    .where(eq(receivables.id, row.id));
  await paidMailIn(tx, row.orderId, row.amount);
  return 'applied';
}

/** The gateway's boleto of a fatura (flows/fatura-boleto), kept for its pages and e-mails; the status is untouched. */
export async function attachReceivableBoletoIn(tx: Transaction, receivableId: string, details: PaymentDetails): Promise<void> {
  await tx.update(receivables).set({ paymentDetails: details, updatedAt: now() }).where(eq(receivables.id, receivableId));
}

async function paidMailIn(tx: Transaction, orderId: string, amount: string): Promise<void> {
  const [buyer] = await tx.select({ name: user.name, email: user.email }).from(orders).innerJoin(user, eq(user.id, orders.userId)).where(eq(orders.id, orderId));
  if (!buyer) return;
  const number = shortOrderId(orderId);
  await enqueueMail(tx, {
    kind: 'receivable-paid',
    to: buyer.email,
    subject: `Clarear: fatura do pedido ${number} paga`,
    text: `Olá, ${buyer.name}!\n\nRecebemos o pagamento da fatura do pedido ${number} (${formatPrice(amount)}). Obrigado!\n\nSuas faturas: ${getEnv().publicUrl}/area-cliente/faturas`,
    dedupeKey: `fatura:${orderId}:paid`,
  });
}

/**
 * In the order's cancelling transaction: its unpaid fatura is cancelled with it. Returns what the
 * order had: 'none' (not invoiced), 'unpaid' (nothing was received: nothing to give back) or 'paid'.
 */
export async function cancelReceivableOfOrderIn(tx: Transaction, orderId: string): Promise<'none' | 'unpaid' | 'paid'> {
  const [row] = await tx.select({ id: receivables.id, status: receivables.status }).from(receivables).where(eq(receivables.orderId, orderId)).for('update');
  if (!row) return 'none';
  if (row.status === 'paid') return 'paid';
  if (row.status !== 'cancelled') await tx.update(receivables).set({ status: 'cancelled', version: sql`${receivables.version} + 1`, updatedAt: now() }).where(eq(receivables.id, row.id));
  return 'unpaid';
}

/** The job's step: every open fatura past its due day (São Paulo) becomes overdue. Returns how many. */
export async function markOverdueReceivables(db: Database): Promise<number> {
  const rows = await db
    .update(receivables)
    .set({ status: 'overdue', version: sql`${receivables.version} + 1`, updatedAt: now() })
    .where(and(eq(receivables.status, 'open'), lt(receivables.dueDate, todayInBrazil())))
    .returning({ id: receivables.id });
  return rows.length;
}

