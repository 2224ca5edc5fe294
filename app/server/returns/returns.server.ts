// Reading returns and withdrawals (issue 32): what the customer's order page offers and shows,
// the admin's "Devoluções" list (counts per state, late ones) and detail, the dashboard's badge.
// Read-only: every change of a return's status goes through transitions.server.ts.
import { and, asc, count, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { orderEvents, orderItems, orders, paymentAttempts, returnEvents, returnItems, returns, user } from '~/db/schema';
import { now } from '~/lib/clock';
import { toCents } from '~/lib/money';
import type { OrderStatus } from '~/lib/order-lifecycle';
import { pageWindow } from '~/lib/pagination';
import { todayInBrazil } from '~/lib/plans';
import {
  defectOffer,
  isLate,
  isPlanLine,
  RETURN_KIND_LABELS,
  RETURN_STATUS_LABELS,
  RETURN_STATUSES,
  returnActions,
  returnEventLabel,
  withdrawalOffer,
  type ReturnAction,
  type ReturnActor,
  type ReturnKind,
  type ReturnResolution,
  type ReturnStatus,
  type WithdrawalOffer,
} from '~/lib/returns';
import { isUuid } from '~/lib/schemas/ids';
import { orderReadableBy } from '../orders/orders.server';
import { isGateway, providerNamed, type PaymentProvider } from '../payments/provider.server';

/** A refused return or withdrawal: 400 (the input), 404 (no such order or return for this person), 409 (its state or version). */
export class ReturnError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly field?: 'items' | 'reason' | 'refundPixKey' | 'instructions' | 'resolution' | 'reference' | 'restock',
  ) {
    super(message);
  }
}

export const RETURN_MESSAGES = {
  orderNotFound: 'Pedido não encontrado.',
  notFound: 'Devolução não encontrada.',
  planNotFound: 'Assinatura não encontrada.',
  stale: 'A devolução mudou desde que você abriu esta página. Recarregue a página e confira antes de tentar de novo.',
  alreadyAsked: (protocol: string) => `Você já pediu a devolução deste pedido (protocolo ${protocol}).`,
  noItems: 'Escolha ao menos um item para devolver.',
  badItem: 'Um dos itens escolhidos não é deste pedido ou passa da quantidade comprada. Recarregue a página e confira.',
  noGoods: 'Este pedido não tem produtos a devolver. Para desistir da assinatura, use a página Minhas Assinaturas.',
  reasonRequired: 'Conte qual é o defeito do produto.',
  reasonTooLong: (max: number) => `Use no máximo ${max} caracteres.`,
  pixKeyRequired: 'Informe sua chave Pix para receber o reembolso: o pagamento foi feito por Pix direto para a loja.',
  defectClosed: 'O prazo para pedir troca ou reembolso por defeito deste pedido terminou (30 dias após a entrega).',
  instructionsRequired: 'Informe as instruções de devolução (código de postagem reversa ou dados da coleta).',
  resolutionRequired: 'Escolha se o produto com defeito será trocado ou reembolsado.',
  withdrawalIsRefunded: 'Uma desistência da compra é sempre reembolsada, nunca trocada.',
  rejectReasonRequired: 'Informe o motivo da recusa.',
  referenceRequired: 'Informe o comprovante da transferência (identificador do Pix).',
  restockTooMany: 'A quantidade que volta ao estoque não pode passar da quantidade devolvida.',
  refundNotOwed: 'Não há reembolso pendente nesta devolução.',
  refundByGateway: 'Este reembolso é feito pelo provedor de pagamento: a loja tenta de novo sozinha.',
  planClosed: (until: string | null) =>
    until ? `O prazo de 7 dias para desistir da assinatura terminou em ${until.split('-').reverse().join('/')}.` : 'A assinatura só pode ser desistida depois que o primeiro pagamento for confirmado.',
  planAlready: 'Você já desistiu desta assinatura.',
  replacementOutOfStock: (why: string) => `Não há estoque para enviar a substituição: ${why} Reponha o estoque ou escolha o reembolso.`,
  replacementGone: (name: string) => `O produto ${name} não está mais no catálogo: escolha o reembolso.`,
} as const;

export type CustomerReturn = {
  id: string;
  protocol: string;
  kind: ReturnKind;
  status: ReturnStatus;
  statusLabel: string;
  reason: string | null;
  instructions: string | null;
  rejectReason: string | null;
  refundAmountCents: number | null;
  refundStatus: 'pending' | 'refunded' | null;
  /** ISO timestamps. */
  createdAt: string;
  answerDueAt: string;
  resolution: ReturnResolution | null;
  replacementOrderId: string | null;
  items: { productName: string; size: string | null; quantity: number }[];
  events: { id: string; toStatus: ReturnStatus; label: string; note: string | null; createdAt: string }[];
};

export type OrderReturnView = {
  offer: WithdrawalOffer;
  defect: { open: boolean; until: string | null };
  /** The money went to the store's own Pix key: a refund is a bank transfer, to the Pix key the customer gives. */
  paidWithStorePix: boolean;
  /** The order's goods (not the plan line) and how many units of each may still be sent back. */
  items: { orderItemId: string; productName: string; size: string | null; quantity: number; returnable: number }[];
  /** The order's return (the open one, else the latest), or its plan's withdrawal. */
  current: CustomerReturn | null;
};

export type AdminReturnRow = {
  id: string;
  protocol: string;
  kind: ReturnKind;
  kindLabel: string;
  status: ReturnStatus;
  statusLabel: string;
  orderId: string;
  /** Null once the customer erased their account. */
  customerName: string | null;
  createdAt: string;
  answerDueAt: string;
  late: boolean;
  refundAmountCents: number | null;
};

export type AdminReturnDetail = AdminReturnRow & {
  version: number;
  reason: string | null;
  instructions: string | null;
  rejectReason: string | null;
  resolution: ReturnResolution | null;
  refundStatus: 'pending' | 'refunded' | null;
  refundReference: string | null;
  /** The customer's Pix key for a refund by bank transfer (the return's, else the order's). */
  refundPixKey: string | null;
  customerEmail: string | null;
  subscriptionId: string | null;
  replacementOrderId: string | null;
  orderTotalCents: number;
  orderShippingCents: number;
  paidWithStorePix: boolean;
  items: { orderItemId: string; productName: string; size: string | null; quantity: number; unitPaidCents: number; restockedQuantity: number | null }[];
  events: { id: string; fromStatus: ReturnStatus | null; toStatus: ReturnStatus; label: string; actor: ReturnActor; actorName: string | null; note: string | null; createdAt: string }[];
  actions: ReturnAction[];
};

export const ADMIN_RETURNS_PAGE_SIZE = 20;

/** Statuses the store still has work on (the dashboard's badge). */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'approved', 'received'];

type ReturnRow = typeof returns.$inferSelect;

const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d).toISOString() : d.toISOString());
const cents = (v: string | null) => (v === null ? null : toCents(v));

// ---------------------------------------------------------------- helpers the flows share

/**
 * The gateway payment that paid an order (its provider and its id there), or null when the money
 * went to the store's own Pix key (the built-in provider): its refund is then a bank transfer.
 */
export async function gatewayPaymentOf(db: Executor, orderId: string): Promise<{ provider: PaymentProvider; reference: string } | null> {
  const [paid] = await db
    .select({ provider: paymentAttempts.provider, reference: paymentAttempts.reference })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'approved')))
    .orderBy(desc(paymentAttempts.updatedAt))
    .limit(1);
  const provider = paid ? providerNamed(paid.provider) : null;
  if (!paid?.reference || !provider || !isGateway(provider)) return null;
  return { provider, reference: paid.reference };
}

/** When the order was delivered, from its history (the latest "entregue"); null if never. */
export async function deliveredAtOf(db: Executor, orderId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, 'delivered')))
    .orderBy(desc(orderEvents.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * What an order already gave (or owes) back: the whole order when it was cancelled with a refund,
 * plus every return's refund (made or owed), but `exceptReturnId`'s.
 */
export async function refundedCentsOf(db: Executor, orderId: string, exceptReturnId?: string): Promise<number> {
  // One after the other: inside a transaction, one connection runs one query at a time.
  const [order] = await db.select({ refundStatus: orders.refundStatus, totalPrice: orders.totalPrice }).from(orders).where(eq(orders.id, orderId));
  const byReturns = await returnRefundsCentsOf(db, orderId, exceptReturnId);
  return (order?.refundStatus ? toCents(order.totalPrice) : 0) + byReturns;
}

/** What an order's returns (and its plan's withdrawal) gave or owe back, but `exceptReturnId`'s. */
export async function returnRefundsCentsOf(db: Executor, orderId: string, exceptReturnId?: string): Promise<number> {
  const conditions: SQL[] = [eq(returns.orderId, orderId), sql`${returns.refundStatus} is not null`];
  if (exceptReturnId) conditions.push(ne(returns.id, exceptReturnId));
  const [sum] = await db
    .select({ total: sql<string>`coalesce(sum(${returns.refundAmount}), 0)::text` })
    .from(returns)
    .where(and(...conditions));
  return toCents(sum?.total ?? '0');
}

/** The order's goods lines (the plan line left out), in a fixed order. */
export async function goodsLinesOf(db: Executor, orderId: string) {
  const rows = await db
    .select({ id: orderItems.id, productId: orderItems.productId, productName: orderItems.productName, size: orderItems.size, quantity: orderItems.quantity, priceAtPurchase: orderItems.priceAtPurchase })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  return rows.filter((r) => !isPlanLine(r));
}

// ---------------------------------------------------------------- the customer's view

async function customerReturns(db: Executor, rows: ReturnRow[]): Promise<Map<string, CustomerReturn>> {
  const ids = rows.map((r) => r.id);
  const result = new Map<string, CustomerReturn>();
  if (ids.length === 0) return result;
  const [items, events] = await Promise.all([
    db
      .select({ returnId: returnItems.returnId, productName: orderItems.productName, size: orderItems.size, quantity: returnItems.quantity })
      .from(returnItems)
      .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
      .where(inArray(returnItems.returnId, ids))
      .orderBy(asc(orderItems.productName)),
    db
      .select({ id: returnEvents.id, returnId: returnEvents.returnId, toStatus: returnEvents.toStatus, note: returnEvents.note, createdAt: returnEvents.createdAt })
      .from(returnEvents)
      .where(inArray(returnEvents.returnId, ids))
      .orderBy(asc(returnEvents.createdAt), asc(returnEvents.id)),
  ]);
  for (const r of rows) {
    result.set(r.id, {
      id: r.id,
      protocol: r.protocol,
      kind: r.kind,
      status: r.status,
      statusLabel: RETURN_STATUS_LABELS[r.status],
      reason: r.reason,
      instructions: r.instructions,
      rejectReason: r.rejectReason,
      refundAmountCents: cents(r.refundAmount),
      refundStatus: r.refundStatus,
      createdAt: iso(r.createdAt),
      answerDueAt: iso(r.answerDueAt),
      resolution: r.resolution,
      replacementOrderId: r.replacementOrderId,
      items: items.filter((i) => i.returnId === r.id).map(({ returnId: _id, ...i }) => i),
      events: events
        .filter((e) => e.returnId === r.id)
        // What went back to the shelf is the store's own business.
        .map((e) => ({ id: e.id, toStatus: e.toStatus, label: returnEventLabel(r.kind, e.toStatus), note: e.toStatus === 'received' ? null : e.note, createdAt: iso(e.createdAt) })),
    });
  }
  return result;
}

/** The open return of an order's goods (one at a time: returns_order_goods_idx), if any. */
export function openGoodsReturn<T extends { kind: ReturnKind; status: ReturnStatus }>(rows: readonly T[]): T | undefined {
  return rows.find((r) => r.kind !== 'plan' && r.status !== 'rejected');
}

/**
 * What the customer's order page shows about withdrawing from it, a defect, and the return under
 * way. Someone else's order (or none) is a 404, exactly like a missing one.
 */
export async function getOrderReturnView(db: Executor, orderId: string, userId: string): Promise<OrderReturnView> {
  if (!isUuid(orderId)) throw new ReturnError(404, RETURN_MESSAGES.orderNotFound);
  const [order] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    // The customer's own, or their company's while a member (issue 35), as the order page reads it.
    .where(and(eq(orders.id, orderId), orderReadableBy(db, userId)));
  if (!order) throw new ReturnError(404, RETURN_MESSAGES.orderNotFound);
  const [lines, deliveredAt, rows, payment] = await Promise.all([
    goodsLinesOf(db, orderId),
    deliveredAtOf(db, orderId),
    db.select().from(returns).where(eq(returns.orderId, orderId)).orderBy(desc(returns.createdAt), desc(returns.id)),
    gatewayPaymentOf(db, orderId),
  ]);
  const open = openGoodsReturn(rows);
  const taken = new Map<string, number>();
  if (open) {
    for (const item of await db.select().from(returnItems).where(eq(returnItems.returnId, open.id))) taken.set(item.orderItemId, item.quantity);
  }
  const today = todayInBrazil();
  const state = { status: order.status as OrderStatus, deliveredAt };
  let defect = defectOffer(state, today);
  let offer = withdrawalOffer(state, today);
  if (open && offer.kind === 'return') offer = { kind: 'closed', why: RETURN_MESSAGES.alreadyAsked(open.protocol) };
  // A plan's own order has no goods: its withdrawal is the plan's (planWithdrawalOffer).
  if (lines.length === 0) {
    if (offer.kind !== 'closed') offer = { kind: 'closed', why: RETURN_MESSAGES.noGoods };
    defect = { open: false, until: null };
  }
  const current = open ?? rows.find((r) => r.kind !== 'plan') ?? rows[0];
  const views = await customerReturns(db, current ? [current] : []);
  return {
    offer,
    defect: open ? { open: false, until: defect.until } : defect,
    paidWithStorePix: payment === null,
    items: lines.map((l) => ({ orderItemId: l.id, productName: l.productName, size: l.size, quantity: l.quantity, returnable: Math.max(0, l.quantity - (taken.get(l.id) ?? 0)) })),
    current: current ? views.get(current.id)! : null,
  };
}

/** The customer's returns by order (Meus Pedidos): the open one of each order, else its latest. */
export async function returnsOfUser(db: Executor, userId: string): Promise<Map<string, { returnId: string; kind: ReturnKind; protocol: string; status: ReturnStatus; statusLabel: string }>> {
  const rows = await db
    .select({ id: returns.id, orderId: returns.orderId, kind: returns.kind, protocol: returns.protocol, status: returns.status })
    .from(returns)
    .where(eq(returns.userId, userId))
    .orderBy(desc(returns.createdAt), desc(returns.id));
  const byOrder = new Map<string, { returnId: string; kind: ReturnKind; protocol: string; status: ReturnStatus; statusLabel: string }>();
  // Newest first: an open return replaces an older one; a rejected one never replaces an open one.
  for (const r of rows) {
    const known = byOrder.get(r.orderId);
    if (known && (known.status !== 'rejected' || r.status === 'rejected')) continue;
    byOrder.set(r.orderId, { returnId: r.id, kind: r.kind, protocol: r.protocol, status: r.status, statusLabel: RETURN_STATUS_LABELS[r.status] });
  }
  return byOrder;
}

// ---------------------------------------------------------------- the admin's list and detail

const lateNow = () => and(eq(returns.status, 'requested'), lt(returns.answerDueAt, now()));

function adminRow(r: Pick<ReturnRow, 'id' | 'protocol' | 'kind' | 'status' | 'orderId' | 'createdAt' | 'answerDueAt' | 'refundAmount'> & { customerName: string | null }, at: Date): AdminReturnRow {
  return {
    id: r.id,
    protocol: r.protocol,
    kind: r.kind,
    kindLabel: RETURN_KIND_LABELS[r.kind],
    status: r.status,
    statusLabel: RETURN_STATUS_LABELS[r.status],
    orderId: r.orderId,
    customerName: r.customerName,
    createdAt: iso(r.createdAt),
    answerDueAt: iso(r.answerDueAt),
    late: isLate(r, at),
    refundAmountCents: cents(r.refundAmount),
  };
}

/** "Devoluções": one page, newest first, of one state (or the late ones), with the counts of every tab. */
export async function listReturnsForAdmin(
  db: Executor,
  filters: { status?: ReturnStatus | 'late'; page: number },
): Promise<{ rows: AdminReturnRow[]; counts: Record<ReturnStatus, number> & { late: number }; total: number; pageSize: number; page: number; pageCount: number }> {
  const at = now();
  const where = filters.status === 'late' ? lateNow() : filters.status ? eq(returns.status, filters.status) : undefined;
  const [byStatus, [late], [filtered]] = await Promise.all([
    db.select({ status: returns.status, n: count() }).from(returns).groupBy(returns.status),
    db.select({ n: count() }).from(returns).where(lateNow()),
    db.select({ n: count() }).from(returns).where(where),
  ]);
  const counts = Object.fromEntries(RETURN_STATUSES.map((s) => [s, 0])) as Record<ReturnStatus, number> & { late: number };
  for (const row of byStatus) counts[row.status] = row.n;
  counts.late = late?.n ?? 0;
  const total = filtered?.n ?? 0;
  const { page, pageCount, offset } = pageWindow(total, filters.page, ADMIN_RETURNS_PAGE_SIZE);
  const rows = await db
    .select({
      id: returns.id,
      protocol: returns.protocol,
      kind: returns.kind,
      status: returns.status,
      orderId: returns.orderId,
      createdAt: returns.createdAt,
      answerDueAt: returns.answerDueAt,
      refundAmount: returns.refundAmount,
      customerName: user.name,
    })
    .from(returns)
    .leftJoin(user, eq(user.id, returns.userId))
    .where(where)
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(ADMIN_RETURNS_PAGE_SIZE)
    .offset(offset);
  return { rows: rows.map((r) => adminRow(r, at)), counts, total, pageSize: ADMIN_RETURNS_PAGE_SIZE, page, pageCount };
}

/** One return for the admin (the route checks the role); null when there is none. */
export async function getReturnForAdmin(db: Executor, id: string): Promise<AdminReturnDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ ret: returns, customerName: user.name, customerEmail: user.email, orderTotal: orders.totalPrice, orderShipping: orders.shippingPrice, orderPixKey: orders.refundPixKey })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .leftJoin(user, eq(user.id, returns.userId))
    .where(eq(returns.id, id));
  if (!row) return null;
  const r = row.ret;
  const actorUser = sql<string | null>`(select u.name from ${user} u where u.id = ${returnEvents.actorUserId})`;
  const [items, events, payment] = await Promise.all([
    db
      .select({
        orderItemId: returnItems.orderItemId,
        productName: orderItems.productName,
        size: orderItems.size,
        quantity: returnItems.quantity,
        unitPaid: orderItems.priceAtPurchase,
        restockedQuantity: returnItems.restockedQuantity,
      })
      .from(returnItems)
      .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
      .where(eq(returnItems.returnId, id))
      .orderBy(asc(orderItems.productName)),
    db
      .select({ id: returnEvents.id, fromStatus: returnEvents.fromStatus, toStatus: returnEvents.toStatus, actor: returnEvents.actor, actorName: actorUser, note: returnEvents.note, createdAt: returnEvents.createdAt })
      .from(returnEvents)
      .where(eq(returnEvents.returnId, id))
      .orderBy(asc(returnEvents.createdAt), asc(returnEvents.id)),
    gatewayPaymentOf(db, r.orderId),
  ]);
  const paidWithStorePix = payment === null;
  return {
    ...adminRow({ ...r, customerName: row.customerName }, now()),
    version: r.version,
    reason: r.reason,
    instructions: r.instructions,
    rejectReason: r.rejectReason,
    resolution: r.resolution,
    refundStatus: r.refundStatus,
    refundReference: r.refundReference,
    refundPixKey: r.refundPixKey ?? row.orderPixKey,
    customerEmail: row.customerEmail,
    subscriptionId: r.subscriptionId,
    replacementOrderId: r.replacementOrderId,
    orderTotalCents: toCents(row.orderTotal),
    orderShippingCents: toCents(row.orderShipping),
    paidWithStorePix,
    items: items.map(({ unitPaid, ...i }) => ({ ...i, unitPaidCents: toCents(unitPaid) })),
    events: events.map((e) => ({ ...e, label: returnEventLabel(r.kind, e.toStatus), createdAt: iso(e.createdAt) })),
    actions: returnActions({ status: r.status, kind: r.kind, refundStatus: r.refundStatus, manualRefund: paidWithStorePix }),
  };
}

/** The dashboard's and sidebar's badge: returns the store still has to deal with, and how many are late. */
export async function openReturnsCount(db: Executor): Promise<{ open: number; late: number }> {
  const [[open], [late]] = await Promise.all([
    db
      .select({ n: count() })
      .from(returns)
      .where(inArray(returns.status, [...OPEN_RETURN_STATUSES])),
    db.select({ n: count() }).from(returns).where(lateNow()),
  ]);
  return { open: open?.n ?? 0, late: late?.n ?? 0 };
}
