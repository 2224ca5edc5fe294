// Reading a customer's orders: their own (by user_id), newest first, and their company's (issue 35).
// Every function takes the session user's id: nobody reads another's orders.
import { and, asc, count, desc, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { companyMembers, orderEvents, orderItems, orderParcels, orders, paymentAttempts, paymentConfirmations, user, type PaymentDetails } from '~/db/schema';
import type { LabelStatus, TrackedStatus } from '~/lib/shipment';
import type { OrderActor, OrderStatus } from '~/lib/order-lifecycle';
import type { Carrier } from '~/lib/tracking';
import type { DiscountKind } from '~/lib/discounts';
import { pageWindow } from '~/lib/pagination';
import { isUuid } from '~/lib/schemas/ids';
import { welcomeUsedBy } from './welcome-offer.server';
import { faturaOfOrder, type OrderFatura } from '../receivables/faturas.server';

export type OrderListItem = { id: string; createdAt: Date; totalPrice: string; status: OrderStatus; paymentMethod?: string | null; purchaseOrderNumber: string | null; companyLegalName: string | null; buyerName: string | null };

/**
 * The orders a person may read: the ones they placed for themselves, and their company's while they
 * are a member (issue 35), those they placed included. Read through the membership row in the same
 * query: a removed buyer loses the company's orders at once.
 */
export function orderReadableBy(db: Executor, userId: string): SQL {
  const theirCompany = db.select({ id: companyMembers.companyId }).from(companyMembers).where(eq(companyMembers.userId, userId));
  return or(and(eq(orders.userId, userId), isNull(orders.companyId)), inArray(orders.companyId, theirCompany))!;
}

/** Orders on one page of Histórico de Pedidos. */
export const OWN_ORDERS_PAGE_SIZE = 20;

/**
 * One page of the customer's orders, newest first (orders_user_created_idx), with their number;
 * a page past the end shows the last one. A customer buying every week for years stays one read.
 */
export async function listOwnOrders(
  db: Executor,
  userId: string,
  options: { page?: number; pageSize?: number } = {},
): Promise<{ items: OrderListItem[]; total: number; page: number; pageCount: number }> {
  const pageSize = options.pageSize ?? OWN_ORDERS_PAGE_SIZE;
  const [counted] = await db.select({ n: count() }).from(orders).where(orderReadableBy(db, userId));
  const total = counted?.n ?? 0;
  const { page, pageCount, offset } = pageWindow(total, options.page ?? 1, pageSize);
  const items = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      totalPrice: orders.totalPrice,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      purchaseOrderNumber: orders.purchaseOrderNumber,
      companyLegalName: orders.companyLegalName,
      buyerName: user.name,
    })
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(orderReadableBy(db, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset(offset);
  return { items, total, page, pageCount };
}

export type OrderAddress = {
  recipientName: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state: string;
  /** Eight digits; shown as 00000-000. */
  zipCode: string;
};

export type OrderEvent = {
  id: string;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  actor: OrderActor;
  /** The admin's or customer's name, when a person did it (for the admin's view). */
  actorName: string | null;
  note: string | null;
  createdAt: Date;
};

export type OrderItem = { productId: string | null; productName: string; size: string | null; quantity: number; priceAtPurchase: string; parcelId: string | null };

/** A parcel as promised at checkout (issue 33), and its label and tracking once bought. */
export type OrderParcel = {
  id: string;
  position: number;
  serviceName: string;
  carrier: Carrier;
  price: string;
  deadlineDays: number;
  promisedDate: string;
  weightGrams: number | null;
  labelStatus: LabelStatus | null;
  labelUrl: string | null;
  trackingCode: string | null;
  trackedStatus: TrackedStatus | null;
  version: number;
};

export type OrderSummary = {
  id: string;
  /** Null once the customer erased their account (the order is kept, anonymized). */
  userId: string | null;
  createdAt: Date;
  status: OrderStatus;
  version: number;
  totalPrice: string;
  subtotalPrice: string;
  discountPrice: string;
  discountKind: DiscountKind | null;
  /** The coupon that is its discount, as typed then (issue 36); kept when the coupon is deleted. */
  couponCode: string | null;
  shippingPrice: string;
  deliveryFrequencyMonths: number | null;
  paymentMethod: string | null;
  paymentDetails: PaymentDetails | null;
  paymentExpiresAt: Date | null;
  taxId: string | null;
  /** A company's purchase-order number ("Nº do pedido de compra", issue 35). */
  purchaseOrderNumber: string | null;
  /** The company it was bought for, and its razão social then (issue 35). */
  companyId: string | null;
  companyLegalName: string | null;
  address: OrderAddress | null;
  carrier: Carrier | null;
  trackingCode: string | null;
  cancelReason: string | null;
  refundStatus: 'pending' | 'refunded' | null;
  refundReference: string | null;
  /** The subscription this order buys or renews (its plan line). */
  subscriptionId: string | null;
  /** The programmed delivery this order repeats, and the date it was due. */
  programmedDeliveryId: string | null;
  scheduledFor: string | null;
  /** A charge of this pending order whose answer is not known yet (timed out): "Estamos confirmando seu pagamento". */
  paymentConfirming: boolean;
  /** An invoiced order's fatura (issue 35): its state and due date, the merchant's boleto instructions. */
  fatura?: OrderFatura | null;
  /** The Termos de Uso and Política de Privacidade versions its buyer accepted at checkout (null: not a checkout's order). */
  termsVersion: number | null;
  privacyVersion: number | null;
  items: OrderItem[];
  /** How its goods travel, in order; empty for an order placed before freight or of the plan alone. */
  parcels: OrderParcel[];
  events: OrderEvent[];
};

export type PaymentConfirmation = typeof paymentConfirmations.$inferSelect;

/** The admin's view adds the buyer and every payment confirmation received. */
export type OrderDetail = OrderSummary & {
  /** Null for an erased account's order (shown as DELETED_CUSTOMER_NAME). */
  customer: { id: string; name: string; email: string } | null;
  confirmations: PaymentConfirmation[];
  /** Each charge sent to a payment provider, newest first: its id there, to find it in the gateway's panel. */
  attempts: { id: string; provider: string; reference: string | null; status: (typeof paymentAttempts.$inferSelect)['status']; reason: string | null; createdAt: Date }[];
};

type OrderRow = typeof orders.$inferSelect;

function addressOf(row: OrderRow): OrderAddress | null {
  if (!row.shipName || !row.shipStreet || !row.shipNumber || !row.shipNeighborhood || !row.shipCity || !row.shipState || !row.shipZipCode) return null;
  return {
    recipientName: row.shipName,
    street: row.shipStreet,
    number: row.shipNumber,
    complement: row.shipComplement,
    neighborhood: row.shipNeighborhood,
    city: row.shipCity,
    state: row.shipState,
    zipCode: row.shipZipCode,
  };
}

async function summarize(db: Executor, row: OrderRow): Promise<OrderSummary> {
  const [items, parcels, events, openCalls, fatura] = await Promise.all([
    db
      .select({ productId: orderItems.productId, productName: orderItems.productName, size: orderItems.size, quantity: orderItems.quantity, priceAtPurchase: orderItems.priceAtPurchase, parcelId: orderItems.parcelId })
      .from(orderItems)
      .where(eq(orderItems.orderId, row.id))
      .orderBy(orderItems.productName),
    listOrderParcels(db, row.id),
    db
      .select({
        id: orderEvents.id,
        fromStatus: orderEvents.fromStatus,
        toStatus: orderEvents.toStatus,
        actor: orderEvents.actor,
        actorName: user.name,
        note: orderEvents.note,
        createdAt: orderEvents.createdAt,
      })
      .from(orderEvents)
      .leftJoin(user, eq(user.id, orderEvents.actorUserId))
      .where(eq(orderEvents.orderId, row.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    row.status === 'pending'
      ? db
          .select({ id: paymentAttempts.id })
          .from(paymentAttempts)
          .where(and(eq(paymentAttempts.orderId, row.id), inArray(paymentAttempts.status, ['calling', 'unknown'])))
          .limit(1)
      : Promise.resolve([]),
    row.paymentMethod === 'invoiced' ? faturaOfOrder(db, row.id) : Promise.resolve(null),
  ]);
  return {
    id: row.id,
    userId: row.userId,
    createdAt: row.createdAt,
    status: row.status,
    version: row.version,
    totalPrice: row.totalPrice,
    subtotalPrice: row.subtotalPrice,
    discountPrice: row.discountPrice,
    discountKind: row.discountKind,
    couponCode: row.couponCode,
    shippingPrice: row.shippingPrice,
    deliveryFrequencyMonths: row.deliveryFrequencyMonths,
    paymentMethod: row.paymentMethod,
    paymentDetails: row.paymentDetails,
    paymentExpiresAt: row.paymentExpiresAt,
    taxId: row.taxId,
    purchaseOrderNumber: row.purchaseOrderNumber,
    companyId: row.companyId,
    companyLegalName: row.companyLegalName,
    address: addressOf(row),
    carrier: row.carrier,
    trackingCode: row.trackingCode,
    cancelReason: row.cancelReason,
    refundStatus: row.refundStatus,
    refundReference: row.refundReference,
    subscriptionId: row.subscriptionId,
    programmedDeliveryId: row.programmedDeliveryId,
    scheduledFor: row.scheduledFor,
    paymentConfirming: openCalls.length > 0,
    fatura,
    termsVersion: row.termsVersion,
    privacyVersion: row.privacyVersion,
    items,
    parcels,
    events,
  };
}

export async function listOrderParcels(db: Executor, orderId: string): Promise<OrderParcel[]> {
  return db
    .select({
      id: orderParcels.id,
      position: orderParcels.position,
      serviceName: orderParcels.serviceName,
      carrier: orderParcels.carrier,
      price: orderParcels.price,
      deadlineDays: orderParcels.deadlineDays,
      promisedDate: orderParcels.promisedDate,
      weightGrams: orderParcels.weightGrams,
      labelStatus: orderParcels.labelStatus,
      labelUrl: orderParcels.labelUrl,
      trackingCode: orderParcels.trackingCode,
      trackedStatus: orderParcels.trackedStatus,
      version: orderParcels.version,
    })
    .from(orderParcels)
    .where(eq(orderParcels.orderId, orderId))
    .orderBy(asc(orderParcels.position));
}

/** One of the user's own orders (or their company's) with its items and history; null for anyone else's. */
export async function getOwnOrder(db: Executor, userId: string, orderId: string): Promise<OrderSummary | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), orderReadableBy(db, userId)))
    .limit(1);
  return row ? summarize(db, row) : null;
}

/** Who placed an order (a company's buyer), by name; null for an erased account. */
export async function orderBuyerName(db: Executor, order: { userId: string | null }): Promise<string | null> {
  if (order.userId === null) return null;
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, order.userId)).limit(1);
  return row?.name ?? null;
}

/** Any order, for the admin (the caller checks the role); null when it does not exist. */
export async function getOrderDetail(db: Executor, orderId: string): Promise<OrderDetail | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row) return null;
  const [summary, [customer], confirmations, attempts] = await Promise.all([
    summarize(db, row),
    row.userId === null ? Promise.resolve([]) : db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(eq(user.id, row.userId)).limit(1),
    db.select().from(paymentConfirmations).where(eq(paymentConfirmations.orderId, orderId)).orderBy(asc(paymentConfirmations.createdAt)),
    db
      .select({ id: paymentAttempts.id, provider: paymentAttempts.provider, reference: paymentAttempts.reference, status: paymentAttempts.status, reason: paymentAttempts.reason, createdAt: paymentAttempts.createdAt })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, orderId))
      .orderBy(desc(paymentAttempts.createdAt)),
  ]);
  return { ...summary, customer: customer ?? null, confirmations, attempts };
}

/**
 * The welcome offer's condition: no earlier order of this account, nor with this CPF/CNPJ, that is
 * paid or awaiting payment (a cancelled one does not count), and the CPF/CNPJ not among those that
 * used the offer (welcome_offer_uses: kept after an account's erasure, when its orders lose the
 * document). The partial unique indexes `orders_welcome_*` and the hash's unique key settle two
 * first purchases at once.
 */
export async function isFirstPurchase(db: Executor, userId: string, taxId: string | null): Promise<boolean> {
  const byBuyer = taxId ? or(eq(orders.userId, userId), eq(orders.taxId, taxId)) : eq(orders.userId, userId);
  const [rows, used] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(byBuyer, ne(orders.status, 'cancelled')))
      .limit(1),
    taxId ? welcomeUsedBy(db, taxId) : Promise.resolve(false),
  ]);
  return rows.length === 0 && !used;
}

/**
 * The welcome offer as the account may be told it before paying (the checkout's quote, the home
 * page): whether another person's CPF/CNPJ has bought here is nobody's business. The account's own
 * orders decide ('used' once it has one that counts). Otherwise a document this account has
 * placed an order with is its own and decides too; any other (typed at checkout, or saved in Meus
 * Dados, where anything can be typed) leaves the offer 'at-payment': shown, and decided by
 * isFirstPurchase when the order is placed, which refuses with the new total if it was used.
 */
export async function welcomeStanding(db: Executor, userId: string, taxId: string | null): Promise<'yours' | 'used' | 'at-payment'> {
  if (!(await isFirstPurchase(db, userId, null))) return 'used';
  if (!taxId) return 'at-payment';
  const [own] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.taxId, taxId)))
    .limit(1);
  if (!own) return 'at-payment';
  return (await isFirstPurchase(db, userId, taxId)) ? 'yours' : 'used';
}
