// Every change of an order's status goes through here. In one transaction: lock the order row,
// check the page's version (two admins at once: one wins, the other is told to reload), check
// the lifecycle (lib/order-lifecycle.ts), write the new status, its history row, the stock
// and coupon use given back on a cancellation, and the customer's e-mail. Anything refused changes nothing.
import { and, eq, sql } from 'drizzle-orm';
import { columnList, jsonArray, jsonRows } from '~/db/bulk.server';
import type { Database, Transaction } from '~/db/client.server';
import { orderEvents, orders, paymentConfirmations, planChanges, subscriptionPeriods, user } from '~/db/schema';
import { centsToDecimal, toCents } from '~/lib/money';
import { canApply, cancellationOwesRefund, ORDER_ACTIONS, type OrderAction, type OrderActor, type OrderStatus } from '~/lib/order-lifecycle';
import { ORDER_STATUS_LABELS } from '~/lib/order-status';
import { CARRIERS, isCorreiosCode, normalizeTrackingCode, type Carrier } from '~/lib/tracking';
import { log } from '../infra/log.server';
import { shippingAwaitsInvoice } from '../invoices/invoices.server';
import { enqueueMails, kickMailDelivery } from '../mail/outbox.server';
import { releaseStock, releaseStockOfOrders } from '../catalog/stock.server';
import { cancelReceivableOfOrderIn } from '../receivables/transitions.server';
import { returnCouponUsesIn } from '../coupons/coupons.server';
import { onOrderCancelledIn, onOrderPaidIn, onSourceOrderCancelledIn, onSourceOrdersCancelledIn } from '../subscriptions/order-follow-ups.server';
import { expiredOrderMail, queueOrderEmail, type OrderEmailKind } from './emails.server';
import { getOwnOrder, orderReadableBy } from './orders.server';

/** A refused order action: 404 (no such order for this actor), 409 (state or version), 422 (a field). */
export class OrderActionError extends Error {
  constructor(
    readonly status: 404 | 409 | 422,
    message: string,
    readonly field?: 'carrier' | 'trackingCode' | 'reason',
  ) {
    super(message);
  }
}

export const ORDER_MESSAGES = {
  notFound: 'Pedido não encontrado.',
  stale: 'O pedido mudou desde que você abriu esta página. Recarregue a página e confira antes de tentar de novo.',
  carrier: 'Escolha a transportadora.',
  trackingCode: 'Informe o código de rastreio.',
  trackingCodeTooLong: 'Use no máximo 40 caracteres.',
  correiosCode: 'Código dos Correios inválido. Use o formato AA123456789BR.',
  reason: 'Informe o motivo do cancelamento.',
  reasonTooLong: 'Use no máximo 300 caracteres.',
  invoiceFirst: 'A NF-e deste pedido ainda não foi autorizada: com a emissão de NF-e ligada (Configurações → Fiscal), o pedido só é enviado com a nota autorizada.',
} as const;

const VERBS: Record<OrderAction, string> = {
  confirm_payment: 'confirmar o pagamento de',
  start_preparing: 'iniciar a separação de',
  ship: 'marcar como enviado',
  deliver: 'marcar como entregue',
  cancel: 'cancelar',
};

export type Actor = { kind: OrderActor; userId?: string };

export type OrderActionInput = {
  orderId: string;
  action: OrderAction;
  actor: Actor;
  /** The version the page showed; a different one means someone acted meanwhile (409). */
  expectedVersion?: number;
  /** Refuse unless the order is still in this status (the expiry job: only a still-unpaid order). */
  requireStatus?: OrderStatus;
  carrier?: Carrier;
  trackingCode?: string;
  reason?: string;
  note?: string;
  /** A cancellation by the expiry job: the customer gets the "expired" e-mail. */
  expired?: boolean;
  /** No e-mail: the customer is reading the outcome on the page (a card declined at checkout; the checkout's own e-mail). */
  quiet?: boolean;
  /** The customer's cancel is their withdrawal from the purchase (flows/withdraw): allowed on a paid order not yet shipped. */
  withdrawal?: boolean;
};

export type OrderActionResult = { id: string; status: OrderStatus; version: number; from: OrderStatus };

/** What the customer hears about; separation is the store's own step. */
const EMAIL_FOR: Partial<Record<OrderAction, OrderEmailKind>> = {
  confirm_payment: 'paid',
  ship: 'shipped',
  deliver: 'delivered',
  cancel: 'cancelled',
};

/** Applies an action in its own transaction, then sends its e-mail. */
export async function applyOrderAction(db: Database, input: OrderActionInput): Promise<OrderActionResult> {
  const result = await db.transaction((tx) => applyOrderActionIn(tx, input));
  kickMailDelivery(db);
  return result;
}

/** The same inside the caller's transaction (checkout, payment confirmation, expiry). */
export async function applyOrderActionIn(tx: Transaction, input: OrderActionInput): Promise<OrderActionResult> {
  const { action, actor } = input;
  const [row] = await tx
    .select({ id: orders.id, userId: orders.userId, status: orders.status, version: orders.version })
    .from(orders)
    // A customer's own order, and a company's only while they are its member (issue 35).
    .where(actor.kind === 'customer' ? and(eq(orders.id, input.orderId), orderReadableBy(tx, actor.userId ?? '')) : eq(orders.id, input.orderId))
    .for('update');
  // Someone else's order reads exactly like a missing one.
  if (!row || (actor.kind === 'customer' && row.userId !== actor.userId)) throw new OrderActionError(404, ORDER_MESSAGES.notFound);
  if (input.expectedVersion !== undefined && row.version !== input.expectedVersion) throw new OrderActionError(409, ORDER_MESSAGES.stale);
  if ((input.requireStatus && row.status !== input.requireStatus) || !canApply(action, row.status, actor.kind, { withdrawal: input.withdrawal })) {
    throw new OrderActionError(409, `Não é possível ${VERBS[action]} um pedido ${ORDER_STATUS_LABELS[row.status]?.toLowerCase() ?? row.status}.`);
  }
  const to = ORDER_ACTIONS[action].to;
  const changes: Partial<typeof orders.$inferInsert> = { status: to, version: row.version + 1 };
  let note = input.note?.trim() || null;

  if (action === 'ship') {
    const carrier = input.carrier;
    if (!carrier || !CARRIERS.includes(carrier)) throw new OrderActionError(422, ORDER_MESSAGES.carrier, 'carrier');
    const code = normalizeTrackingCode(input.trackingCode ?? '');
    if (!code) throw new OrderActionError(422, ORDER_MESSAGES.trackingCode, 'trackingCode');
    if (code.length > 40) throw new OrderActionError(422, ORDER_MESSAGES.trackingCodeTooLong, 'trackingCode');
    if (carrier === 'correios' && !isCorreiosCode(code)) throw new OrderActionError(422, ORDER_MESSAGES.correiosCode, 'trackingCode');
    if (await shippingAwaitsInvoice(tx, row.id)) throw new OrderActionError(409, ORDER_MESSAGES.invoiceFirst);
    Object.assign(changes, { carrier, trackingCode: code });
  }
  if (action === 'cancel') {
    const reason = input.reason?.trim() ?? '';
    if (!reason) throw new OrderActionError(422, ORDER_MESSAGES.reason, 'reason');
    if (reason.length > 300) throw new OrderActionError(422, ORDER_MESSAGES.reasonTooLong, 'reason');
    changes.cancelReason = reason;
    // An invoiced order's unpaid fatura is cancelled with it: nothing was received, nothing is owed back.
    const fatura = await cancelReceivableOfOrderIn(tx, row.id);
    if (cancellationOwesRefund(row.status) && fatura !== 'unpaid') changes.refundStatus = 'pending';
    note ??= reason;
    await releaseStock(tx, row.id);
    // Its coupon's use counts no more (once: the order can be cancelled only once, and a use only returned once).
    await returnCouponUsesIn(tx, [row.id]);
  }

  await tx.update(orders).set(changes).where(eq(orders.id, row.id));
  await tx.insert(orderEvents).values({
    orderId: row.id,
    fromStatus: row.status,
    toStatus: to,
    actor: actor.kind,
    actorUserId: actor.kind === 'system' ? null : (actor.userId ?? null),
    note,
  });

  // A subscription's period follows the order that pays it (paid through, reactivated, or a plan never paid cancelled).
  const periodKind = to === 'paid' ? await onOrderPaidIn(tx, row.id) : null;
  if (to === 'cancelled') {
    await onOrderCancelledIn(tx, row.id, changes.cancelReason ?? '');
    // An order cancelled before its programmed delivery ever ran (a declined card, an unpaid Pix) takes the delivery with it.
    await onSourceOrderCancelledIn(tx, row.id);
  }

  // A paid renewal's customer gets the renewal's own e-mail (periods.server.ts) instead.
  const kind = input.quiet ? undefined : action === 'cancel' && input.expired ? 'expired' : periodKind === 'renewal' ? undefined : EMAIL_FOR[action];
  if (kind) await queueEmail(tx, row.id, row.userId, kind);
  return { id: row.id, status: to, version: row.version + 1, from: row.status };
}

/**
 * The expiry job's cancel of a batch of unpaid orders, in the caller's transaction, which has
 * locked them: for each one still pending, exactly what `applyOrderActionIn` writes for
 * `{ action: 'cancel', actor: system, requireStatus: 'pending', expired: true }` — status, reason
 * and version; its history row; its stock given back; its programmed delivery dropped; the
 * "expired" e-mail — as one statement per table for the whole batch. An order that pays a plan
 * (a subscription period) goes through `applyOrderActionIn` itself: its plan hooks read and lock
 * the plan. Returns the ids cancelled (an order no longer pending is left as it is).
 */
export async function cancelExpiredOrdersIn(tx: Transaction, orderIds: readonly string[], reason: string): Promise<string[]> {
  const why = reason.trim();
  if (!why) throw new OrderActionError(422, ORDER_MESSAGES.reason, 'reason');
  if (why.length > 300) throw new OrderActionError(422, ORDER_MESSAGES.reasonTooLong, 'reason');
  // What the single path checks per order, true for every pending order.
  if (!canApply('cancel', 'pending', 'system') || cancellationOwesRefund('pending')) throw new Error('cancelamento em lote: o ciclo do pedido mudou');
  if (orderIds.length === 0) return [];
  const ids = jsonArray(orderIds, 'uuid');
  // A plan's period or a plan change waiting for this order: its plan hooks run with it.
  const withPlan = new Set(
    (
      await tx
        .select({ orderId: subscriptionPeriods.orderId })
        .from(subscriptionPeriods)
        .where(sql`${subscriptionPeriods.orderId} = any(${ids})`)
        .union(tx.select({ orderId: sql<string>`${planChanges.orderId}` }).from(planChanges).where(sql`${planChanges.orderId} = any(${ids})`))
    ).map((p) => p.orderId),
  );
  const cancelled: string[] = [];
  for (const orderId of orderIds.filter((id) => withPlan.has(id))) {
    try {
      await applyOrderActionIn(tx, { orderId, action: 'cancel', actor: { kind: 'system' }, requireStatus: 'pending', reason: why, expired: true });
      cancelled.push(orderId);
    } catch (error) {
      if (!(error instanceof OrderActionError && error.status === 409)) throw error;
    }
  }
  const plain = orderIds.filter((id) => !withPlan.has(id));
  if (plain.length === 0) return cancelled;
  // Re-checked under the caller's lock: only a still-pending order is cancelled (paid meanwhile: left alone).
  const rows = await tx
    .update(orders)
    .set({ status: 'cancelled', version: sql`${orders.version} + 1`, cancelReason: why })
    .where(and(sql`${orders.id} = any(${jsonArray(plain, 'uuid')})`, eq(orders.status, 'pending')))
    .returning({ id: orders.id, userId: orders.userId });
  if (rows.length === 0) return cancelled;
  const done = rows.map((r) => r.id);
  await tx.execute(sql`
    insert into ${orderEvents} ${columnList(EVENT_COLUMNS)}
    ${jsonRows(done.map((id) => ({ order_id: id, from_status: 'pending', to_status: 'cancelled', actor: 'system', actor_user_id: null, note: why })), EVENT_COLUMNS)}`);
  await releaseStockOfOrders(tx, done);
  await returnCouponUsesIn(tx, done);
  await onSourceOrdersCancelledIn(tx, done);
  // An erased account's order has nobody left to tell.
  const userIds = [...new Set(rows.map((r) => r.userId).filter((id): id is string => id !== null))];
  if (userIds.length) {
    const buyers = new Map((await tx.select({ id: user.id, name: user.name, email: user.email }).from(user).where(sql`${user.id} = any(${jsonArray(userIds, 'text')})`)).map((b) => [b.id, b]));
    const mails = rows.flatMap((r) => {
      const buyer = r.userId === null ? undefined : buyers.get(r.userId);
      return buyer ? [expiredOrderMail(r.id, buyer)] : [];
    });
    await enqueueMails(tx, mails);
  }
  return [...cancelled, ...done];
}

const EVENT_COLUMNS = { order_id: 'uuid', from_status: 'text', to_status: 'text', actor: 'text', actor_user_id: 'text', note: 'text' } as const;

async function queueEmail(tx: Transaction, orderId: string, userId: string | null, kind: OrderEmailKind): Promise<void> {
  // An erased account's order has nobody left to tell.
  if (userId === null) return;
  const [buyer] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  const order = await getOwnOrder(tx, userId, orderId);
  if (buyer && order) await queueOrderEmail(tx, kind, order, buyer);
}

export type PaymentConfirmationInput = {
  orderId: string;
  /** 'manual' for the admin's button; the gateway's name for its webhook. */
  provider: string;
  /** The provider's id of this payment (the admin's: `manual:<order id>`): the same one twice counts once. */
  reference: string;
  amountCents: number;
  actor: Actor;
  expectedVersion?: number;
  note?: string;
  /** No "pagamento confirmado" e-mail: the checkout sends its own. */
  quiet?: boolean;
};

export type PaymentConfirmationOutcome = 'applied' | 'late' | 'duplicate';

/**
 * The one way a payment is confirmed: the admin's "Confirmar pagamento" and, with the gateway,
 * its webhook. A pending order becomes paid; a confirmation already received changes nothing;
 * one for an order that is no longer pending (expired, cancelled, or paid by another payment),
 * or for less than its total, is recorded as 'late' and shown to the admin, never lost.
 */
export async function confirmPayment(db: Database, input: PaymentConfirmationInput): Promise<PaymentConfirmationOutcome> {
  const outcome = await db.transaction((tx) => confirmPaymentIn(tx, input));
  if (outcome === 'late') log.warn(`pagamento ${input.provider}:${input.reference} chegou para o pedido ${input.orderId}, que não aguardava pagamento`);
  kickMailDelivery(db);
  return outcome;
}

export async function confirmPaymentIn(tx: Transaction, input: PaymentConfirmationInput): Promise<PaymentConfirmationOutcome> {
  const [row] = await tx
    .select({ id: orders.id, userId: orders.userId, status: orders.status, version: orders.version, totalPrice: orders.totalPrice })
    .from(orders)
    .where(eq(orders.id, input.orderId))
    .for('update');
  if (!row || (input.actor.kind === 'customer' && row.userId !== input.actor.userId)) throw new OrderActionError(404, ORDER_MESSAGES.notFound);
  if (input.expectedVersion !== undefined && row.version !== input.expectedVersion) throw new OrderActionError(409, ORDER_MESSAGES.stale);
  // Less than the order's total does not pay it: kept for the admin like a late payment.
  const applies = row.status === 'pending' && input.amountCents >= toCents(row.totalPrice);
  const inserted = await tx
    .insert(paymentConfirmations)
    .values({
      orderId: row.id,
      provider: input.provider,
      reference: input.reference,
      amount: centsToDecimal(input.amountCents),
      outcome: applies ? 'applied' : 'late',
      actorUserId: input.actor.kind === 'system' ? null : (input.actor.userId ?? null),
    })
    .onConflictDoNothing({ target: [paymentConfirmations.provider, paymentConfirmations.reference] })
    .returning({ id: paymentConfirmations.id });
  if (inserted.length === 0) return 'duplicate';
  if (!applies) return 'late';
  await applyOrderActionIn(tx, { orderId: row.id, action: 'confirm_payment', actor: input.actor, note: input.note, quiet: input.quiet });
  return 'applied';
}
