// Withdrawal and returns (CDC art. 49 and 26; Decreto 7.962/2013 art. 5), across orders, stock,
// payments and subscriptions. Before shipping, "Desistir da compra" cancels the order (stock back)
// and refunds it at once; after shipping, it opens a return the admin answers (instructions),
// receives (what goes back to stock) and refunds, freight included when everything comes back; a
// defect is replaced or refunded; a plan is withdrawn from within 7 days of its purchase and refunded
// in full. Every step is exactly once: row locks, the one-open-return index, the admin page's
// version, and each refund committed as owed before the gateway is called by its own key.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '~/db/client.server';
import { orderItems, orders, products, productVariants, returnItems, returns, subscriptionPeriods, userSubscriptions } from '~/db/schema';
import { now } from '~/lib/clock';
import { centsToDecimal, toCents } from '~/lib/money';
import { shortOrderId } from '~/lib/order-status';
import { todayInBrazil } from '~/lib/plans';
import {
  answerDueAt,
  defectOffer,
  isPlanLine,
  normalizePixKey,
  pixKeyProblem,
  planWithdrawalOpen,
  refundCents,
  RETURN_LIMITS,
  WITHDRAWAL_CANCEL_REASON,
  withdrawalOffer,
  type ReturnResolution,
} from '~/lib/returns';
import { isUuid } from '~/lib/schemas/ids';
import { OutOfStockError, reserveStock, restockReturned, type StockLine } from '../catalog/stock.server';
import { kickMailDelivery } from '../mail/outbox.server';
import { insertOrder } from '../orders/create.server';
import { orderReadableBy } from '../orders/orders.server';
import { applyOrderActionIn, OrderActionError } from '../orders/transitions.server';
import { queueReturnEmail } from '../returns/emails.server';
import { deliveredAtOf, gatewayPaymentOf, goodsLinesOf, openGoodsReturn, refundedCentsOf, RETURN_MESSAGES, ReturnError } from '../returns/returns.server';
import { checkReturnMove, lockReturnIn, moveReturnIn, openReturnIn } from '../returns/transitions.server';
import { getPublicSettings } from '../settings/settings.server';
import { changeSubscriptionIn } from '../subscriptions/subscriptions.server';
import { refundOrder, refundReturn, type RefundOutcome } from './refund.server';

export { ReturnError } from '../returns/returns.server';
export { recordManualReturnRefund, recordManualOrderRefund } from './refund.server';

export type ReturnItemInput = { orderItemId: string; quantity: number };

// ---------------------------------------------------------------- input

/** Optional free text, trimmed; too long is a 400 on its field. */
function optionalText(value: string | null | undefined, max: number, field: 'reason' | 'instructions' | 'reference'): string | null {
  const text = (value ?? '').trim();
  if (text.length > max) throw new ReturnError(400, RETURN_MESSAGES.reasonTooLong(max), field);
  return text || null;
}

function requiredText(value: string | null | undefined, max: number, field: 'reason' | 'instructions' | 'reference', missing: string): string {
  const text = optionalText(value, max, field);
  if (!text) throw new ReturnError(400, missing, field);
  return text;
}

/** The customer's Pix key, required when the refund is a bank transfer (money taken on the store's own key). */
function refundPixKeyFor(paidByGateway: boolean, value: string | null | undefined): string | null {
  const key = normalizePixKey(value);
  if (paidByGateway) return null;
  if (!key) throw new ReturnError(400, RETURN_MESSAGES.pixKeyRequired, 'refundPixKey');
  const problem = pixKeyProblem(key);
  if (problem) throw new ReturnError(400, problem, 'refundPixKey');
  return key;
}

/** The units asked for, checked against the order's goods lines; none named: every unit. */
function chosenItems(lines: { id: string; quantity: number }[], asked: ReturnItemInput[] | undefined): ReturnItemInput[] {
  if (asked === undefined) return lines.map((l) => ({ orderItemId: l.id, quantity: l.quantity }));
  const seen = new Set<string>();
  const items: ReturnItemInput[] = [];
  for (const item of asked) {
    const line = lines.find((l) => l.id === item.orderItemId);
    if (!line || seen.has(item.orderItemId) || !Number.isInteger(item.quantity) || item.quantity < 0 || item.quantity > line.quantity) throw new ReturnError(400, RETURN_MESSAGES.badItem, 'items');
    seen.add(item.orderItemId);
    if (item.quantity > 0) items.push(item);
  }
  if (items.length === 0) throw new ReturnError(400, RETURN_MESSAGES.noItems, 'items');
  return items;
}

/** The customer's order, or their company's while they are a member (issue 35): a removed buyer may no longer return its goods. */
async function ownOrder(db: Database, orderId: string, userId: string) {
  if (!isUuid(orderId)) throw new ReturnError(404, RETURN_MESSAGES.orderNotFound);
  const [order] = await db
    .select({ id: orders.id, status: orders.status, subscriptionId: orders.subscriptionId })
    .from(orders)
    .where(and(eq(orders.id, orderId), orderReadableBy(db, userId)));
  if (!order) throw new ReturnError(404, RETURN_MESSAGES.orderNotFound);
  return order;
}

async function answerDue(db: Database): Promise<Date> {
  return answerDueAt(now(), (await getPublicSettings(db)).seller.answerDays);
}

// ---------------------------------------------------------------- the customer: an order

/**
 * "Desistir da compra". Before shipping: the order is cancelled by the customer's withdrawal (stock
 * back, its plan cancelled with it) and refunded at once — through the gateway, or 'manual' when
 * the money went to the store's own Pix key (the customer's Pix key is kept on the order for the
 * admin). After shipping (until 7 days after the delivery): a withdrawal return of the chosen units
 * (all by default), confirmed at once with a protocol on the page and by e-mail.
 */
export async function withdrawFromOrder(
  db: Database,
  input: { orderId: string; userId: string; reason?: string; refundPixKey?: string; items?: ReturnItemInput[] },
): Promise<{ kind: 'cancelled'; refund: RefundOutcome } | { kind: 'return'; returnId: string; protocol: string }> {
  const order = await ownOrder(db, input.orderId, input.userId);
  const reason = optionalText(input.reason, RETURN_LIMITS.reason, 'reason');
  const [deliveredAt, lines, payment] = await Promise.all([deliveredAtOf(db, order.id), goodsLinesOf(db, order.id), gatewayPaymentOf(db, order.id)]);
  const offer = withdrawalOffer({ status: order.status, deliveredAt }, todayInBrazil());
  if (offer.kind === 'closed') throw new ReturnError(409, offer.why);
  if (lines.length === 0) throw new ReturnError(409, RETURN_MESSAGES.noGoods);
  const refundPixKey = refundPixKeyFor(payment !== null, input.refundPixKey);

  if (offer.kind === 'cancel') {
    await db.transaction(async (tx) => {
      try {
        await applyOrderActionIn(tx, {
          orderId: order.id,
          action: 'cancel',
          actor: { kind: 'customer', userId: input.userId },
          reason: WITHDRAWAL_CANCEL_REASON,
          note: reason ? `${WITHDRAWAL_CANCEL_REASON}. Motivo informado: ${reason}` : undefined,
          withdrawal: true,
        });
      } catch (error) {
        // Someone's click got here first (cancelled), or the order left meanwhile (shipped): its message says which.
        if (error instanceof OrderActionError) throw new ReturnError(error.status === 404 ? 404 : 409, error.message);
        throw error;
      }
      if (refundPixKey) await tx.update(orders).set({ refundPixKey }).where(eq(orders.id, order.id));
      await cancelPlanBoughtWith(tx, order, input.userId);
    });
    kickMailDelivery(db);
    return { kind: 'cancelled', refund: await refundOrder(db, order.id) };
  }

  const items = chosenItems(lines, input.items);
  const due = await answerDue(db);
  const opened = await db.transaction(async (tx) => {
    // The order's row serialises requests for it: one open return at a time (and the unique index behind it).
    const [locked] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)).for('update');
    if (locked?.status !== order.status) throw new ReturnError(409, RETURN_MESSAGES.stale);
    await refuseSecondReturn(tx, order.id);
    const created = await openReturnIn(tx, { orderId: order.id, userId: input.userId, kind: 'withdrawal', reason, refundPixKey, items, answerDueAt: due });
    await queueReturnEmail(tx, 'requested', created.id, { manualRefund: payment === null });
    return created;
  });
  kickMailDelivery(db);
  return { kind: 'return', returnId: opened.id, protocol: opened.protocol };
}

/** An order that bought a plan, withdrawn from before shipping: the plan goes with it (its money is refunded with the order). */
async function cancelPlanBoughtWith(tx: Transaction, order: { id: string; subscriptionId: string | null }, userId: string): Promise<void> {
  if (!order.subscriptionId) return;
  const [period] = await tx.select({ kind: subscriptionPeriods.kind }).from(subscriptionPeriods).where(eq(subscriptionPeriods.orderId, order.id));
  if (period?.kind !== 'initial') return;
  const [sub] = await tx.select({ status: userSubscriptions.status }).from(userSubscriptions).where(eq(userSubscriptions.id, order.subscriptionId));
  if (sub && sub.status !== 'cancelled') await changeSubscriptionIn(tx, order.subscriptionId, { kind: 'customer', userId }, { action: 'cancel' });
}

async function refuseSecondReturn(tx: Transaction, orderId: string): Promise<void> {
  const rows = await tx.select({ kind: returns.kind, status: returns.status, protocol: returns.protocol }).from(returns).where(eq(returns.orderId, orderId));
  const open = openGoodsReturn(rows);
  if (open) throw new ReturnError(409, RETURN_MESSAGES.alreadyAsked(open.protocol));
}

/**
 * A defect (CDC art. 26: 30 days from the delivery for non-durable goods): a return of the chosen
 * units with the customer's description; the admin decides replacement or refund when approving.
 */
export async function requestDefectReturn(
  db: Database,
  input: { orderId: string; userId: string; reason: string; items: ReturnItemInput[]; refundPixKey?: string },
): Promise<{ returnId: string; protocol: string }> {
  const order = await ownOrder(db, input.orderId, input.userId);
  const reason = requiredText(input.reason, RETURN_LIMITS.reason, 'reason', RETURN_MESSAGES.reasonRequired);
  const [deliveredAt, lines, payment] = await Promise.all([deliveredAtOf(db, order.id), goodsLinesOf(db, order.id), gatewayPaymentOf(db, order.id)]);
  if (!defectOffer({ status: order.status, deliveredAt }, todayInBrazil()).open) throw new ReturnError(409, RETURN_MESSAGES.defectClosed);
  const items = chosenItems(lines, input.items);
  // A replacement needs no Pix key; a refund of money taken on the store's key does, so it is kept when given.
  const key = normalizePixKey(input.refundPixKey);
  const refundPixKey = key && payment === null ? refundPixKeyFor(false, key) : null;
  const due = await answerDue(db);
  const opened = await db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update');
    await refuseSecondReturn(tx, order.id);
    const created = await openReturnIn(tx, { orderId: order.id, userId: input.userId, kind: 'defect', reason, refundPixKey, items, answerDueAt: due });
    await queueReturnEmail(tx, 'requested', created.id, { manualRefund: payment === null });
    return created;
  });
  kickMailDelivery(db);
  return { returnId: opened.id, protocol: opened.protocol };
}

// ---------------------------------------------------------------- the admin

const admin = (adminId: string) => ({ kind: 'admin' as const, userId: adminId });

/** Approves a request with the return instructions (a reverse-post code or a pickup); a defect's replacement or refund is decided here. */
export async function approveReturn(
  db: Database,
  input: { returnId: string; adminId: string; version: number; instructions: string; resolution?: ReturnResolution },
): Promise<{ version: number }> {
  const instructions = requiredText(input.instructions, RETURN_LIMITS.instructions, 'instructions', RETURN_MESSAGES.instructionsRequired);
  const moved = await db.transaction(async (tx) => {
    const row = await lockReturnIn(tx, input.returnId, input.version);
    let resolution: ReturnResolution = 'refund';
    if (row.kind === 'defect') {
      if (!input.resolution) throw new ReturnError(400, RETURN_MESSAGES.resolutionRequired, 'resolution');
      resolution = input.resolution;
    } else if (input.resolution === 'replacement') throw new ReturnError(400, RETURN_MESSAGES.withdrawalIsRefunded, 'resolution');
    const next = await moveReturnIn(tx, { returnId: row.id, to: 'approved', actor: admin(input.adminId), expectedVersion: input.version, changes: { instructions, resolution } });
    await queueReturnEmail(tx, 'approved', row.id);
    return next;
  });
  kickMailDelivery(db);
  return { version: moved.version };
}

/** Refuses a request, with the reason the customer reads. */
export async function rejectReturn(db: Database, input: { returnId: string; adminId: string; version: number; reason: string }): Promise<{ version: number }> {
  const reason = requiredText(input.reason, RETURN_LIMITS.rejectReason, 'reason', RETURN_MESSAGES.rejectReasonRequired);
  const moved = await db.transaction(async (tx) => {
    const next = await moveReturnIn(tx, { returnId: input.returnId, to: 'rejected', actor: admin(input.adminId), expectedVersion: input.version, note: reason, changes: { rejectReason: reason } });
    await queueReturnEmail(tx, 'rejected', next.id);
    return next;
  });
  kickMailDelivery(db);
  return { version: moved.version };
}

/**
 * "Devolução recebida": the goods are back. In one transaction (once: the version and the move),
 * the units the admin chose go back to stock, and either the refund is committed as owed (its
 * amount by lib/returns refundCents: the freight too when every unit of the order came back) and
 * then made through the gateway by the return's key, or a defect's replacement is shipped as a
 * zero-price order. `resolution` lets the admin switch a defect to a refund (no stock to replace it).
 */
export async function receiveReturn(
  db: Database,
  input: { returnId: string; adminId: string; version: number; restock: ReturnItemInput[]; resolution?: ReturnResolution },
): Promise<{ refund: RefundOutcome | null; replacementOrderId?: string }> {
  const outcome = await db.transaction(async (tx) => {
    const row = await lockReturnIn(tx, input.returnId, input.version);
    checkReturnMove(row, 'received', 'admin');
    const resolution: ReturnResolution = row.kind === 'defect' ? (input.resolution ?? row.resolution ?? 'refund') : 'refund';
    if (row.kind !== 'defect' && input.resolution === 'replacement') throw new ReturnError(400, RETURN_MESSAGES.withdrawalIsRefunded, 'resolution');
    const items = await tx
      .select({ orderItemId: returnItems.orderItemId, quantity: returnItems.quantity, productId: orderItems.productId, productName: orderItems.productName, size: orderItems.size })
      .from(returnItems)
      .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
      .where(eq(returnItems.returnId, row.id))
      .orderBy(asc(orderItems.productName), asc(orderItems.id));
    const restock = new Map<string, number>();
    for (const r of input.restock) {
      const item = items.find((i) => i.orderItemId === r.orderItemId);
      if (!item || restock.has(r.orderItemId) || !Number.isInteger(r.quantity) || r.quantity < 0) throw new ReturnError(400, RETURN_MESSAGES.badItem, 'restock');
      if (r.quantity > item.quantity) throw new ReturnError(400, RETURN_MESSAGES.restockTooMany, 'restock');
      restock.set(r.orderItemId, r.quantity);
    }
    const back = items.filter((i) => (restock.get(i.orderItemId) ?? 0) > 0).map((i) => `${restock.get(i.orderItemId)}× ${i.productName}${i.size ? ` (${i.size})` : ''}`);
    const note = back.length ? `Voltaram ao estoque: ${back.join(', ')}` : 'Nenhum item voltou ao estoque';

    let amountCents = 0;
    let paidByGateway = false;
    if (resolution === 'refund') {
      const [order] = await tx.select({ totalPrice: orders.totalPrice, shippingPrice: orders.shippingPrice, discountPrice: orders.discountPrice }).from(orders).where(eq(orders.id, row.orderId));
      const lines = await goodsLinesOf(tx, row.orderId);
      const already = await refundedCentsOf(tx, row.orderId, row.id);
      const payment = await gatewayPaymentOf(tx, row.orderId);
      paidByGateway = payment !== null;
      const returned = (id: string) => items.find((i) => i.orderItemId === id)?.quantity ?? 0;
      amountCents = refundCents({
        lines: lines.map((l) => ({ paidCents: toCents(l.priceAtPurchase), quantity: l.quantity, returnQuantity: returned(l.id) })),
        shippingCents: toCents(order!.shippingPrice),
        discountCents: toCents(order!.discountPrice),
        totalPaidCents: toCents(order!.totalPrice),
        alreadyRefundedCents: already,
        includeShipping: lines.every((l) => returned(l.id) >= l.quantity),
      });
    }
    await moveReturnIn(tx, {
      returnId: row.id,
      to: 'received',
      actor: admin(input.adminId),
      expectedVersion: input.version,
      note,
      changes: { resolution, ...(resolution === 'refund' ? { refundAmount: centsToDecimal(amountCents), refundStatus: amountCents > 0 ? ('pending' as const) : null } : {}) },
    });
    // How many units of each line went back: written once, with the move that can happen once.
    for (const item of items) {
      await tx
        .update(returnItems)
        .set({ restockedQuantity: restock.get(item.orderItemId) ?? 0 })
        .where(and(eq(returnItems.returnId, row.id), eq(returnItems.orderItemId, item.orderItemId)));
    }
    await restockReturned(tx, items.map((i) => ({ productId: i.productId, size: i.size, quantity: restock.get(i.orderItemId) ?? 0 })));

    if (resolution === 'replacement') {
      const replacementOrderId = await shipReplacementIn(tx, row, items);
      await moveReturnIn(tx, { returnId: row.id, to: 'replaced', actor: admin(input.adminId), note: `Substituição enviada no pedido ${shortOrderId(replacementOrderId)}`, changes: { replacementOrderId } });
      await queueReturnEmail(tx, 'replaced', row.id);
      return { replacementOrderId, owed: false };
    }
    if (amountCents === 0) {
      // Nothing left to give back (the order's money already went back another way).
      await moveReturnIn(tx, { returnId: row.id, to: 'refunded', actor: admin(input.adminId), note: 'Nada a reembolsar: o valor pago já foi devolvido' });
      await queueReturnEmail(tx, 'received', row.id);
      return { owed: false };
    }
    await queueReturnEmail(tx, 'received', row.id, { manualRefund: !paidByGateway });
    return { owed: true };
  });
  kickMailDelivery(db);
  if (outcome.replacementOrderId) return { refund: null, replacementOrderId: outcome.replacementOrderId };
  return { refund: outcome.owed ? await refundReturn(db, input.returnId) : 'none' };
}

/**
 * A defect replaced: a new order of the same units at no cost, to the same address, paid (by the
 * store) and with its stock taken like any order, linked to the return. Out of stock: refused, so the
 * admin restocks or chooses the refund.
 */
async function shipReplacementIn(
  tx: Transaction,
  ret: { id: string; orderId: string; protocol: string },
  items: { productId: string | null; productName: string; size: string | null; quantity: number }[],
): Promise<string> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, ret.orderId));
  if (!order?.userId) throw new ReturnError(409, RETURN_MESSAGES.notFound);
  const productIds = [...new Set(items.map((i) => i.productId).filter((id): id is string => id !== null))];
  const kits = productIds.length ? await tx.select({ id: products.id }).from(products).where(and(inArray(products.id, productIds), eq(products.isKit, true))) : [];
  const variants = productIds.length
    ? await tx.select({ id: productVariants.id, productId: productVariants.productId, size: productVariants.size }).from(productVariants).where(inArray(productVariants.productId, productIds))
    : [];
  const stockLines: StockLine[] = items.map((i) => {
    const label = i.size ? `${i.productName} (${i.size})` : i.productName;
    if (i.productId && kits.some((k) => k.id === i.productId)) return { id: i.productId, kind: 'kit', quantity: i.quantity, label };
    const variant = variants.find((v) => v.productId === i.productId && v.size === i.size);
    if (!variant) throw new ReturnError(409, RETURN_MESSAGES.replacementGone(label));
    return { id: variant.id, kind: 'variant', quantity: i.quantity, label };
  });
  const zero = { subtotalCents: 0, discountCents: 0, discountKind: null, shippingCents: 0, totalCents: 0 };
  const id = await insertOrder(tx, {
    userId: order.userId,
    totals: zero,
    // A replacement costs nothing: an invoiced order's is no new fatura.
    paymentMethod: order.paymentMethod === 'invoiced' || !order.paymentMethod ? 'pix' : order.paymentMethod,
    taxId: order.taxId,
    idempotencyKey: `substituicao:${ret.id}`,
    placedAt: now(),
    actor: 'system',
    note: `Substituição sem custo da devolução ${ret.protocol} (pedido ${shortOrderId(order.id)})`,
    shipping: {
      shipName: order.shipName,
      shipStreet: order.shipStreet,
      shipNumber: order.shipNumber,
      shipComplement: order.shipComplement,
      shipNeighborhood: order.shipNeighborhood,
      shipCity: order.shipCity,
      shipState: order.shipState,
      shipZipCode: order.shipZipCode,
    },
    lines: items.map((i) => ({ productId: i.productId, name: i.productName, size: i.size, quantity: i.quantity, unitPrice: '0.00' })),
  });
  try {
    await reserveStock(tx, id, stockLines);
  } catch (error) {
    if (error instanceof OutOfStockError) throw new ReturnError(409, RETURN_MESSAGES.replacementOutOfStock(error.message));
    throw error;
  }
  // Nothing to pay: the store pays it, so it goes to separation like any paid order.
  await applyOrderActionIn(tx, { orderId: id, action: 'confirm_payment', actor: { kind: 'system' }, note: `Substituição sem custo (devolução ${ret.protocol})`, quiet: true });
  return id;
}

// ---------------------------------------------------------------- the customer: the plan

type PlanOffer = { open: boolean; until: string | null; paidWithStorePix: boolean; returnId: string | null; protocol: string | null };

async function planState(db: Executor, subscriptionId: string, userId: string) {
  if (!isUuid(subscriptionId)) throw new ReturnError(404, RETURN_MESSAGES.planNotFound);
  const [sub] = await db
    .select({ id: userSubscriptions.id, status: userSubscriptions.status })
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.id, subscriptionId), eq(userSubscriptions.userId, userId)));
  if (!sub) throw new ReturnError(404, RETURN_MESSAGES.planNotFound);
  // One after the other: the flow reads this again inside its transaction (one query at a time there).
  const [period] = await db
    .select({ orderId: subscriptionPeriods.orderId, periodDate: subscriptionPeriods.periodDate, status: subscriptionPeriods.status, amount: subscriptionPeriods.amount })
    .from(subscriptionPeriods)
    .where(and(eq(subscriptionPeriods.subscriptionId, sub.id), eq(subscriptionPeriods.kind, 'initial')));
  const [existing] = await db
    .select({ id: returns.id, protocol: returns.protocol })
    .from(returns)
    .where(and(eq(returns.subscriptionId, sub.id), eq(returns.kind, 'plan')));
  return { sub, period: period ?? null, existing: existing ?? null };
}

/** Whether the customer may still withdraw from their plan: within 7 São Paulo days of buying it, its first period paid, not done yet. */
export async function planWithdrawalOffer(db: Database, subscriptionId: string, userId: string): Promise<PlanOffer> {
  const { period, existing } = await planState(db, subscriptionId, userId);
  if (!period) return { open: false, until: null, paidWithStorePix: false, returnId: null, protocol: null };
  const window = planWithdrawalOpen({ boughtOn: period.periodDate, firstPeriodPaid: period.status === 'paid' }, todayInBrazil());
  const payment = await gatewayPaymentOf(db, period.orderId);
  return { open: window.open && !existing, until: window.until, paidWithStorePix: payment === null, returnId: existing?.id ?? null, protocol: existing?.protocol ?? null };
}

/**
 * The plan's withdrawal (CDC art. 49): within 7 days of buying it, its first period paid, the plan
 * is cancelled (subscriptions/transitions, through the plan's own cancel) and its whole amount is
 * given back — a 'plan' return records it, owed before the gateway is called by the key
 * `desistencia-plano:<subscription>`. Once per plan (row lock and unique index).
 */
export async function withdrawFromPlan(db: Database, input: { subscriptionId: string; userId: string; refundPixKey?: string }): Promise<{ returnId: string; protocol: string; refund: RefundOutcome }> {
  const { sub, period, existing } = await planState(db, input.subscriptionId, input.userId);
  if (existing) throw new ReturnError(409, RETURN_MESSAGES.planAlready);
  const window = period ? planWithdrawalOpen({ boughtOn: period.periodDate, firstPeriodPaid: period.status === 'paid' }, todayInBrazil()) : null;
  if (!period || !window?.open) throw new ReturnError(409, RETURN_MESSAGES.planClosed(period?.status === 'paid' ? (window?.until ?? null) : null));
  const payment = await gatewayPaymentOf(db, period.orderId);
  const refundPixKey = refundPixKeyFor(payment !== null, input.refundPixKey);
  const due = await answerDue(db);
  const opened = await db.transaction(async (tx) => {
    // The plan's row serialises clicks: the first withdraws, the others find it done.
    await tx.select({ id: userSubscriptions.id }).from(userSubscriptions).where(eq(userSubscriptions.id, sub.id)).for('update');
    const again = await planState(tx, sub.id, input.userId);
    if (again.existing) throw new ReturnError(409, RETURN_MESSAGES.planAlready);
    if (again.period?.status !== 'paid') throw new ReturnError(409, RETURN_MESSAGES.planClosed(null));
    const [order] = await tx.select({ totalPrice: orders.totalPrice }).from(orders).where(eq(orders.id, period.orderId));
    const left = toCents(order!.totalPrice) - (await refundedCentsOf(tx, period.orderId));
    const amountCents = Math.max(0, Math.min(toCents(period.amount), left));
    const planLines = (await tx.select({ id: orderItems.id, productId: orderItems.productId, productName: orderItems.productName, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, period.orderId))).filter(isPlanLine);
    const created = await openReturnIn(tx, {
      orderId: period.orderId,
      userId: input.userId,
      kind: 'plan',
      subscriptionId: sub.id,
      refundPixKey,
      items: planLines.map((l) => ({ orderItemId: l.id, quantity: l.quantity })),
      answerDueAt: due,
      refund: { amountCents },
    });
    const [current] = await tx.select({ status: userSubscriptions.status }).from(userSubscriptions).where(eq(userSubscriptions.id, sub.id));
    if (current && current.status !== 'cancelled') {
      const cancelled = await changeSubscriptionIn(tx, sub.id, { kind: 'customer', userId: input.userId }, { action: 'cancel' });
      if (!cancelled.ok) throw new ReturnError(cancelled.status, cancelled.message);
    }
    await queueReturnEmail(tx, 'requested', created.id, { manualRefund: payment === null });
    return created;
  });
  kickMailDelivery(db);
  return { returnId: opened.id, protocol: opened.protocol, refund: await refundReturn(db, opened.id) };
}
