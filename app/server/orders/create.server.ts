// Writing a new order, for every way one is made: the checkout, a plan renewal, a programmed
// delivery. Inside the caller's transaction: the order row, its first history entry, its items,
// one order (insertOrder) or a batch (insertOrders). Its payment is the flows' (app/server/flows):
// the attempt committed with the order, the provider called after, its answer recorded through
// payments/charges.server.ts.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { columnList, jsonRows } from '~/db/bulk.server';
import type { Transaction } from '~/db/client.server';
import { orderEvents, orderItems, orderParcels, orders } from '~/db/schema';
import type { Carrier } from '~/lib/tracking';
import { centsToDecimal } from '~/lib/money';
import type { Totals } from '~/lib/pricing';
import type { INVOICED_METHOD } from '~/lib/receivables';
import type { PaymentMethod } from '../payments/provider.server';

/** `parcel`: the position of the parcel it travels in (NewOrder.parcels), null for the plan. */
export type NewOrderLine = { productId: string | null; name: string; size: string | null; quantity: number; unitPrice: string; parcel?: number | null };

/** A parcel as quoted and chosen before payment (lib/freight): what the order promises. */
export type NewParcel = {
  position: number;
  serviceId: string;
  serviceName: string;
  carrier: Carrier;
  priceCents: number;
  deadlineDays: number;
  promisedDate: string;
  weightGrams: number | null;
};

export type NewOrder = {
  userId: string;
  totals: Totals;
  paymentMethod: PaymentMethod | typeof INVOICED_METHOD;
  taxId: string | null;
  /** The buyer's IE as the NF-e reads it (indIEDest, and the IE only with 1); none for a CPF or a renewal that has none. */
  buyerIe?: { ieIndicator: number | null; stateRegistration: string | null };
  /** A company's purchase-order number (issue 35); never for a CPF. */
  purchaseOrder?: string | null;
  /** The company a member buys for (issue 35): its id and razão social, kept on the order. */
  company?: { id: string; legalName: string } | null;
  idempotencyKey: string;
  placedAt: Date;
  /** Who placed it: the customer at checkout, the store for a renewal or programmed delivery. */
  actor: 'customer' | 'system';
  note?: string | null;
  shipping: Partial<Pick<typeof orders.$inferInsert, 'shipName' | 'shipStreet' | 'shipNumber' | 'shipComplement' | 'shipNeighborhood' | 'shipCity' | 'shipState' | 'shipZipCode'>>;
  deliveryFrequencyMonths?: number | null;
  subscriptionId?: string | null;
  programmedDeliveryId?: string | null;
  scheduledFor?: string | null;
  lines: NewOrderLine[];
  /** How its goods travel; none for an order of the plan alone. */
  parcels?: NewParcel[];
  /** What the buyer accepted at checkout: the Termos de Uso and Política de Privacidade versions in force, with their texts' hashes. */
  agreement?: OrderAgreement;
  /** The coupon that is this order's discount (issue 36; `totals.discountKind` 'coupon'): its id and code. */
  coupon?: { id: string; code: string } | null;
};

export type OrderAgreement = Pick<typeof orders.$inferInsert, 'termsVersion' | 'termsHash' | 'privacyVersion' | 'privacyHash'>;

/**
 * Inserts a pending order with its first history entry and its items, in one statement (one round
 * trip: the order, its event and its items are sibling sub-statements of a WITH, their foreign keys
 * checked at the statement's end); returns its id, made here so the children need no RETURNING.
 */
export async function insertOrder(tx: Transaction, order: NewOrder): Promise<string> {
  const { totals } = order;
  const id = randomUUID();
  const orderRow = tx
    .insert(orders)
    .values({
      id,
      userId: order.userId,
      status: 'pending',
      subtotalPrice: centsToDecimal(totals.subtotalCents),
      discountPrice: centsToDecimal(totals.discountCents),
      discountKind: totals.discountKind,
      shippingPrice: centsToDecimal(totals.shippingCents),
      totalPrice: centsToDecimal(totals.totalCents),
      deliveryFrequencyMonths: order.deliveryFrequencyMonths ?? null,
      paymentMethod: order.paymentMethod,
      taxId: order.taxId,
      buyerIeIndicator: order.buyerIe?.ieIndicator ?? null,
      buyerStateRegistration: order.buyerIe?.stateRegistration ?? null,
      purchaseOrderNumber: order.purchaseOrder ?? null,
      companyId: order.company?.id ?? null,
      companyLegalName: order.company?.legalName ?? null,
      idempotencyKey: order.idempotencyKey,
      createdAt: order.placedAt,
      subscriptionId: order.subscriptionId ?? null,
      programmedDeliveryId: order.programmedDeliveryId ?? null,
      scheduledFor: order.scheduledFor ?? null,
      couponId: order.coupon?.id ?? null,
      couponCode: order.coupon?.code ?? null,
      ...order.shipping,
      ...order.agreement,
    });
  const event = tx.insert(orderEvents).values({
    orderId: id,
    fromStatus: null,
    toStatus: 'pending',
    actor: order.actor,
    actorUserId: order.actor === 'customer' ? order.userId : null,
    note: order.note ?? null,
    createdAt: order.placedAt,
  });
  const parcelIds = new Map((order.parcels ?? []).map((p) => [p.position, randomUUID()]));
  const parcels = order.parcels?.length ? tx.insert(orderParcels).values(order.parcels.map((p) => parcelRow(id, parcelIds.get(p.position)!, p))) : null;
  const items = order.lines.length
    ? tx
        .insert(orderItems)
        .values(order.lines.map((l) => ({ orderId: id, productId: l.productId, productName: l.name, size: l.size, quantity: l.quantity, priceAtPurchase: l.unitPrice, parcelId: parcelIds.get(l.parcel ?? 0) ?? null })))
    : sql`select 1`;
  await tx.execute(sql`with placed as (${orderRow.getSQL()}), history as (${event.getSQL()})${parcels ? sql`, packed as (${parcels.getSQL()})` : sql``} ${items.getSQL()}`);
  return id;
}

function parcelRow(orderId: string, id: string, p: NewParcel) {
  return {
    id,
    orderId,
    position: p.position,
    serviceId: p.serviceId,
    serviceName: p.serviceName,
    carrier: p.carrier,
    price: centsToDecimal(p.priceCents),
    deadlineDays: p.deadlineDays,
    promisedDate: p.promisedDate,
    weightGrams: p.weightGrams,
  };
}

/** The columns a bulk order is inserted with (the others take their defaults, as insertOrder's). */
const ORDER_COLUMNS = {
  id: 'uuid',
  user_id: 'text',
  status: 'text',
  subtotal_price: 'numeric',
  discount_price: 'numeric',
  discount_kind: 'text',
  shipping_price: 'numeric',
  total_price: 'numeric',
  delivery_frequency_months: 'integer',
  payment_method: 'text',
  tax_id: 'text',
  idempotency_key: 'text',
  created_at: 'timestamptz',
  subscription_id: 'uuid',
  programmed_delivery_id: 'uuid',
  scheduled_for: 'date',
  ship_name: 'text',
  ship_street: 'text',
  ship_number: 'text',
  ship_complement: 'text',
  ship_neighborhood: 'text',
  ship_city: 'text',
  ship_state: 'text',
  ship_zip_code: 'text',
} as const;
const EVENT_COLUMNS = { order_id: 'uuid', to_status: 'text', actor: 'text', actor_user_id: 'text', note: 'text', created_at: 'timestamptz' } as const;
const ITEM_COLUMNS = { order_id: 'uuid', product_id: 'uuid', product_name: 'text', size: 'text', quantity: 'integer', price_at_purchase: 'numeric', parcel_id: 'uuid' } as const;

/**
 * insertOrder for many orders at once (the renewal job's batches: three statements for a batch of
 * 100 instead of one per order), with the same rows; returns their ids in the input's order.
 */
export async function insertOrders(tx: Transaction, list: readonly NewOrder[]): Promise<string[]> {
  if (list.length === 0) return [];
  const ids = list.map(() => randomUUID());
  await tx.execute(sql`
    insert into ${orders} ${columnList(ORDER_COLUMNS)}
    ${jsonRows(
      list.map((o, i) => ({
        id: ids[i],
        user_id: o.userId,
        status: 'pending',
        subtotal_price: centsToDecimal(o.totals.subtotalCents),
        discount_price: centsToDecimal(o.totals.discountCents),
        discount_kind: o.totals.discountKind,
        shipping_price: centsToDecimal(o.totals.shippingCents),
        total_price: centsToDecimal(o.totals.totalCents),
        delivery_frequency_months: o.deliveryFrequencyMonths ?? null,
        payment_method: o.paymentMethod,
        tax_id: o.taxId,
        idempotency_key: o.idempotencyKey,
        created_at: o.placedAt,
        subscription_id: o.subscriptionId ?? null,
        programmed_delivery_id: o.programmedDeliveryId ?? null,
        scheduled_for: o.scheduledFor ?? null,
        ship_name: o.shipping.shipName ?? null,
        ship_street: o.shipping.shipStreet ?? null,
        ship_number: o.shipping.shipNumber ?? null,
        ship_complement: o.shipping.shipComplement ?? null,
        ship_neighborhood: o.shipping.shipNeighborhood ?? null,
        ship_city: o.shipping.shipCity ?? null,
        ship_state: o.shipping.shipState ?? null,
        ship_zip_code: o.shipping.shipZipCode ?? null,
      })),
      ORDER_COLUMNS,
    )}`);
  await tx.execute(sql`
    insert into ${orderEvents} ${columnList(EVENT_COLUMNS)}
    ${jsonRows(
      list.map((o, i) => ({ order_id: ids[i], to_status: 'pending', actor: o.actor, actor_user_id: o.actor === 'customer' ? o.userId : null, note: o.note ?? null, created_at: o.placedAt })),
      EVENT_COLUMNS,
    )}`);
  const parcelIds = list.map((o) => new Map((o.parcels ?? []).map((p) => [p.position, randomUUID()])));
  const parcels = list.flatMap((o, i) => (o.parcels ?? []).map((p) => parcelRow(ids[i]!, parcelIds[i]!.get(p.position)!, p)));
  if (parcels.length) await tx.insert(orderParcels).values(parcels);
  const lines = list.flatMap((o, i) =>
    o.lines.map((l) => ({ order_id: ids[i], product_id: l.productId, product_name: l.name, size: l.size, quantity: l.quantity, price_at_purchase: l.unitPrice, parcel_id: parcelIds[i]!.get(l.parcel ?? 0) ?? null })),
  );
  if (lines.length) await tx.execute(sql`insert into ${orderItems} ${columnList(ITEM_COLUMNS)} ${jsonRows(lines, ITEM_COLUMNS)}`);
  return ids;
}
