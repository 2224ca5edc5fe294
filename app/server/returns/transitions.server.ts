// The one writer of returns.status. In the caller's transaction: lock the return's row, check the
// page's version (two admins at once: one wins, the other is told to reload) and the move
// (lib/returns.ts RETURN_MOVES), write the new status with its history row, bump the version, and
// mark the store's first answer. A return is opened here too, with its items and first history row.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Transaction } from '~/db/client.server';
import { orderEvents, orders, returnEvents, returnItems, returns } from '~/db/schema';
import { now } from '~/lib/clock';
import { centsToDecimal, formatPrice } from '~/lib/money';
import { canMoveReturn, formatProtocol, protocolCode, RETURN_STATUS_LABELS, type ReturnActor, type ReturnKind, type ReturnStatus } from '~/lib/returns';
import { queueReturnEmail } from './emails.server';
import { RETURN_MESSAGES, ReturnError } from './returns.server';

export type ReturnActorRef = { kind: ReturnActor; userId?: string | null };
type ReturnRow = typeof returns.$inferSelect;

const VERBS: Record<ReturnStatus, string> = {
  requested: 'reabrir',
  approved: 'aprovar',
  rejected: 'recusar',
  received: 'marcar como recebida',
  refunded: 'marcar como reembolsada',
  replaced: 'marcar como substituída',
};

/** A new protocol: the São Paulo day and six random characters (unique index; a clash is one in two billion a day). */
export function newProtocol(at: Date = now()): string {
  return formatProtocol(at, protocolCode(randomBytes(6)));
}

export type NewReturn = {
  orderId: string;
  userId: string;
  kind: ReturnKind;
  subscriptionId?: string | null;
  reason?: string | null;
  refundPixKey?: string | null;
  items: { orderItemId: string; quantity: number }[];
  answerDueAt: Date;
  /** A plan's withdrawal owes its refund from the start. */
  refund?: { amountCents: number };
  note?: string | null;
};

/** Opens a return (status requested) with its items and first history row, in the caller's transaction. */
export async function openReturnIn(tx: Transaction, input: NewReturn): Promise<{ id: string; protocol: string }> {
  const at = now();
  const protocol = newProtocol(at);
  const [row] = await tx
    .insert(returns)
    .values({
      protocol,
      orderId: input.orderId,
      userId: input.userId,
      subscriptionId: input.subscriptionId ?? null,
      kind: input.kind,
      status: 'requested',
      reason: input.reason ?? null,
      refundPixKey: input.refundPixKey ?? null,
      refundAmount: input.refund ? centsToDecimal(input.refund.amountCents) : null,
      refundStatus: input.refund ? 'pending' : null,
      answerDueAt: input.answerDueAt,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: returns.id });
  const id = row!.id;
  if (input.items.length > 0) await tx.insert(returnItems).values(input.items.map((i) => ({ returnId: id, orderItemId: i.orderItemId, quantity: i.quantity })));
  await tx.insert(returnEvents).values({ returnId: id, fromStatus: null, toStatus: 'requested', actor: 'customer', actorUserId: input.userId, note: input.note ?? null, createdAt: at });
  return { id, protocol };
}

/** Locks a return's row for a step; a stale `expectedVersion` is a 409 that changes nothing. */
export async function lockReturnIn(tx: Transaction, returnId: string, expectedVersion?: number): Promise<ReturnRow> {
  const [row] = await tx.select().from(returns).where(eq(returns.id, returnId)).for('update');
  if (!row) throw new ReturnError(404, RETURN_MESSAGES.notFound);
  if (expectedVersion !== undefined && row.version !== expectedVersion) throw new ReturnError(409, RETURN_MESSAGES.stale);
  return row;
}

/** Refuses (409, nothing written) a move the lifecycle does not allow from the return's status. */
export function checkReturnMove(row: { kind: ReturnKind; status: ReturnStatus }, to: ReturnStatus, actor: ReturnActor): void {
  if (!canMoveReturn(row.kind, row.status, to, actor)) throw new ReturnError(409, `Não é possível ${VERBS[to]} uma devolução ${RETURN_STATUS_LABELS[row.status].toLowerCase()}.`);
}

export type ReturnMove = {
  returnId: string;
  to: ReturnStatus;
  actor: ReturnActorRef;
  expectedVersion?: number;
  note?: string | null;
  /** Other columns written with the status (instructions, refund…); never the status or version. */
  changes?: Partial<Omit<typeof returns.$inferInsert, 'id' | 'status' | 'version' | 'protocol' | 'orderId' | 'kind'>>;
};

/**
 * Moves a return: locked, its version and the move checked, the status, version and columns
 * written with its history row. The store's first answer (an admin's move) is timed for the
 * "late" flag. Refused: a ReturnError (404, 409), nothing written.
 */
export async function moveReturnIn(tx: Transaction, move: ReturnMove): Promise<ReturnRow> {
  const row = await lockReturnIn(tx, move.returnId, move.expectedVersion);
  checkReturnMove(row, move.to, move.actor.kind);
  const at = now();
  const changes = { ...move.changes, status: move.to, version: row.version + 1, updatedAt: at, ...(move.actor.kind === 'admin' && row.answeredAt === null ? { answeredAt: at } : {}) };
  await tx.update(returns).set(changes).where(eq(returns.id, row.id));
  await tx.insert(returnEvents).values({
    returnId: row.id,
    fromStatus: row.status,
    toStatus: move.to,
    actor: move.actor.kind,
    actorUserId: move.actor.kind === 'system' ? null : (move.actor.userId ?? null),
    note: move.note ?? null,
    createdAt: at,
  });
  return { ...row, ...changes };
}

/**
 * A refund owed by a return was made (the gateway's answer, or the admin's bank transfer): the
 * return is refunded, the order's history says so, the customer is told. False (nothing written)
 * when it was already recorded: a gateway answer and a retry of it count once.
 */
export async function recordReturnRefundIn(tx: Transaction, input: { returnId: string; reference: string; how: string; actor: ReturnActorRef; manual: boolean }): Promise<boolean> {
  const row = await lockReturnIn(tx, input.returnId);
  if (row.refundStatus !== 'pending') return false;
  const amount = formatPrice(row.refundAmount ?? '0');
  await moveReturnIn(tx, {
    returnId: row.id,
    to: 'refunded',
    actor: input.actor,
    note: `Reembolso de ${amount} ${input.how} (${input.reference})`,
    changes: { refundStatus: 'refunded', refundReference: input.reference },
  });
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, row.orderId));
  await tx.insert(orderEvents).values({
    orderId: row.orderId,
    fromStatus: order!.status,
    toStatus: order!.status,
    actor: input.actor.kind,
    actorUserId: input.actor.kind === 'system' ? null : (input.actor.userId ?? null),
    note: `Reembolso de ${amount} da ${row.kind === 'plan' ? 'desistência da assinatura' : 'devolução'} ${row.protocol} ${input.how} (${input.reference})`,
  });
  await queueReturnEmail(tx, 'refunded', row.id, { manualRefund: input.manual });
  return true;
}
