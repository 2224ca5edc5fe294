// An order's parcels once paid (issue 33): the one writer of order_parcels' label and tracking
// columns (melhorenvio_order_id, label_status, label_url, tracking_code, tracked_status, version).
// flows/label buys a label through Melhor Envio step by step with the claims and records below;
// applyTracking takes the carrier's word (webhook or polling, shipping/tracking) and moves the order
// through orders/transitions when every parcel has been posted, then delivered.
//
// Claims (no column says "a call is under way", and the schema stays as it is): the version is even
// while nobody is calling Melhor Envio for the parcel and odd while someone is. A step claims by a
// conditional update (even v → v + 1), committed before its outside call; it records its outcome with
// another (where version = the claim → claim + 1, even again), or gives the claim back on failure.
// A second click meanwhile finds an odd version and is refused; a claim whose holder died (odd for
// longer than LABEL_CLAIM_LEASE_MS, well past the adapter's 15 s deadline) may be taken over
// (v → v + 2), and the old holder's late record then matches nothing. The row lock of
// `select … for update` cannot be held across the HTTP call: PGlite has one connection, and a
// transaction open during a 15 s call would stall the whole store.
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '~/db/client.server';
import { orderItems, orderParcels, orders, productVariants, products, shippingServices } from '~/db/schema';
import { now } from '~/lib/clock';
import { canApply, type OrderStatus } from '~/lib/order-lifecycle';
import type { LabelStatus, TrackedStatus } from '~/lib/shipment';
import { normalizeTrackingCode, type Carrier } from '~/lib/tracking';
import { log } from '../infra/log.server';
import { kickMailDelivery } from '../mail/outbox.server';
import { applyOrderActionIn, OrderActionError } from '../orders/transitions.server';

/** How long a claim protects a step whose holder may still be waiting for Melhor Envio. */
export const LABEL_CLAIM_LEASE_MS = 60_000;

/** A parcel as the label purchase reads it: its order's status and address, its service's Melhor Envio id. */
export type ParcelForLabel = {
  id: string;
  orderId: string;
  orderStatus: OrderStatus;
  position: number;
  carrier: Carrier;
  serviceName: string;
  /** Melhor Envio's service id (1 PAC, 2 SEDEX…); null when the parcel's service is not theirs (or was deleted). */
  melhorEnvioServiceId: number | null;
  weightGrams: number | null;
  melhorEnvioOrderId: string | null;
  labelStatus: LabelStatus | null;
  labelUrl: string | null;
  trackingCode: string | null;
  trackedStatus: TrackedStatus | null;
  version: number;
  updatedAt: Date;
};

const parcelColumns = {
  id: orderParcels.id,
  orderId: orderParcels.orderId,
  orderStatus: orders.status,
  position: orderParcels.position,
  carrier: orderParcels.carrier,
  serviceName: orderParcels.serviceName,
  melhorEnvioServiceId: shippingServices.melhorEnvioServiceId,
  weightGrams: orderParcels.weightGrams,
  melhorEnvioOrderId: orderParcels.melhorEnvioOrderId,
  labelStatus: orderParcels.labelStatus,
  labelUrl: orderParcels.labelUrl,
  trackingCode: orderParcels.trackingCode,
  trackedStatus: orderParcels.trackedStatus,
  version: orderParcels.version,
  updatedAt: orderParcels.updatedAt,
};

/** One parcel of one order; null when the order has no such parcel. */
export async function parcelForLabel(db: Executor, orderId: string, parcelId: string): Promise<ParcelForLabel | null> {
  const [row] = await db
    .select(parcelColumns)
    .from(orderParcels)
    .innerJoin(orders, eq(orders.id, orderParcels.orderId))
    .leftJoin(shippingServices, eq(shippingServices.id, orderParcels.serviceId))
    .where(and(eq(orderParcels.id, parcelId), eq(orderParcels.orderId, orderId)));
  return row ?? null;
}

/** The ids of the order's parcels whose service is mapped to Melhor Envio (the admin page's "Comprar etiqueta"). */
export async function melhorEnvioParcelIds(db: Executor, orderId: string): Promise<string[]> {
  const rows = await db
    .select({ id: orderParcels.id })
    .from(orderParcels)
    .innerJoin(shippingServices, eq(shippingServices.id, orderParcels.serviceId))
    .where(and(eq(orderParcels.orderId, orderId), sql`${shippingServices.melhorEnvioServiceId} is not null`));
  return rows.map((r) => r.id);
}

/** What goes in a parcel: its order items, with the size or kit each one is (its package for the volume). */
export type ParcelContent = { productName: string; size: string | null; quantity: number; unitPrice: string; variantId: string | null; kitId: string | null };

export async function parcelContents(db: Executor, parcelId: string): Promise<ParcelContent[]> {
  return db
    .select({
      productName: orderItems.productName,
      size: orderItems.size,
      quantity: orderItems.quantity,
      unitPrice: orderItems.priceAtPurchase,
      variantId: productVariants.id,
      kitId: sql<string | null>`case when ${products.isKit} then ${products.id} end`,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(productVariants, and(eq(productVariants.productId, orderItems.productId), eq(productVariants.size, orderItems.size)))
    .where(eq(orderItems.parcelId, parcelId))
    .orderBy(asc(orderItems.productName));
}

// ---------------------------------------------------------------------------------------------
// Claims and the label's steps

/**
 * Claims the parcel for one outside call, from the version read in `seen`: the claimed version, or
 * null when someone else holds a live claim or moved the parcel since it was read.
 */
export async function claimParcel(db: Executor, seen: Pick<ParcelForLabel, 'id' | 'version' | 'updatedAt'>): Promise<number | null> {
  const busy = seen.version % 2 === 1;
  if (busy && now().getTime() - seen.updatedAt.getTime() < LABEL_CLAIM_LEASE_MS) return null;
  const claimed = seen.version + (busy ? 2 : 1);
  const rows = await db
    .update(orderParcels)
    .set({ version: claimed, updatedAt: now() })
    .where(and(eq(orderParcels.id, seen.id), eq(orderParcels.version, seen.version)))
    .returning({ version: orderParcels.version });
  return rows.length ? claimed : null;
}

/** Gives a claim back after a failed call (nothing recorded); false when it had been taken over. */
export async function releaseClaim(db: Executor, parcelId: string, claimed: number): Promise<boolean> {
  const rows = await db
    .update(orderParcels)
    .set({ version: claimed + 1 })
    .where(and(eq(orderParcels.id, parcelId), eq(orderParcels.version, claimed)))
    .returning({ id: orderParcels.id });
  return rows.length > 0;
}

type LabelChanges = { melhorEnvioOrderId?: string | null; labelStatus: LabelStatus | null; labelUrl?: string; trackingCode?: string | null };

/**
 * Records a step's outcome under its claim, only from the label status the step started at: true
 * when written. A tracking code already known is kept.
 */
async function recordStep(db: Executor, parcelId: string, claimed: number, from: LabelStatus | null, changes: LabelChanges): Promise<boolean> {
  const { trackingCode, ...rest } = changes;
  const rows = await db
    .update(orderParcels)
    .set({
      ...rest,
      ...(trackingCode ? { trackingCode: sql`coalesce(${orderParcels.trackingCode}, ${normalizeTrackingCode(trackingCode)})` } : {}),
      version: claimed + 1,
    })
    .where(
      and(
        eq(orderParcels.id, parcelId),
        eq(orderParcels.version, claimed),
        from === null ? and(isNull(orderParcels.labelStatus), isNull(orderParcels.melhorEnvioOrderId)) : eq(orderParcels.labelStatus, from),
      ),
    )
    .returning({ id: orderParcels.id });
  return rows.length > 0;
}

/** (a) The cart item Melhor Envio created for the parcel: 'in_cart'. */
export const recordInCart = (db: Executor, parcelId: string, claimed: number, melhorEnvioOrderId: string) =>
  recordStep(db, parcelId, claimed, null, { melhorEnvioOrderId, labelStatus: 'in_cart' });

/** The cart item is gone at Melhor Envio (removed, expired) and was never paid: the parcel starts again. */
export const recordCartGone = (db: Executor, parcelId: string, claimed: number) => recordStep(db, parcelId, claimed, 'in_cart', { melhorEnvioOrderId: null, labelStatus: null });

/** (b) Paid from the store's Melhor Envio wallet. */
export const recordPaid = (db: Executor, parcelId: string, claimed: number) => recordStep(db, parcelId, claimed, 'in_cart', { labelStatus: 'paid' });

/** (c) Generated: the carrier's tracking code, when they gave one. */
export const recordGenerated = (db: Executor, parcelId: string, claimed: number, trackingCode: string | null) =>
  recordStep(db, parcelId, claimed, 'paid', { labelStatus: 'generated', trackingCode });

/** (d) The label's PDF, ready to print. */
export const recordPrinted = (db: Executor, parcelId: string, claimed: number, labelUrl: string, trackingCode: string | null) =>
  recordStep(db, parcelId, claimed, 'generated', { labelStatus: 'printed', labelUrl, trackingCode });

// ---------------------------------------------------------------------------------------------
// Tracking

/** What the carrier says of a label: their status (posted, delivered, released…) and tracking code. */
export type TrackingState = { status: string; tracking: string | null };

export type TrackingOutcome = {
  /** A parcel has this Melhor Envio id. */
  found: boolean;
  /** Its tracked status moved now (false for a replay or a status that moves nothing). */
  moved: boolean;
  /** The order's status after it, when the parcel was found. */
  orderStatus: OrderStatus | null;
};

/** Their status as the parcel's: posted, delivered, or nothing to record. */
export function trackedStatusOf(status: string): TrackedStatus | null {
  if (status === 'delivered') return 'delivered';
  if (status === 'posted') return 'posted';
  return null;
}

const NOTE = 'Informado pelo Melhor Envio';

/**
 * The carrier's word on one label, exactly once: the parcel's tracking code when it had none, and
 * its tracked status moved forward only (posted, then delivered: a conditional update, so a replay
 * or an older notice changes nothing). In the same transaction, under the order's row lock (two
 * parcels' notices at once are taken one after the other): when every parcel of the order has been
 * posted, the order is shipped (through separation if it was only paid) with the carrier and code of
 * its first parcel, and the customer gets the 'shipped' e-mail; when every one is delivered, the
 * order is delivered. Each transition only from the status before it (orders/transitions), so a
 * replay moves nothing; an order the admin moved by hand meanwhile is left where it is.
 */
export async function applyTracking(db: Database, melhorEnvioOrderId: string, state: TrackingState): Promise<TrackingOutcome> {
  const target = trackedStatusOf(state.status);
  const code = state.tracking ? normalizeTrackingCode(state.tracking) : null;
  let transitioned = false;
  const outcome = await db.transaction(async (tx): Promise<TrackingOutcome> => {
    const [parcel] = await tx.select({ id: orderParcels.id, orderId: orderParcels.orderId }).from(orderParcels).where(eq(orderParcels.melhorEnvioOrderId, melhorEnvioOrderId));
    if (!parcel) return { found: false, moved: false, orderStatus: null };
    const [order] = await tx.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.id, parcel.orderId)).for('update');
    if (code) {
      await tx
        .update(orderParcels)
        .set({ trackingCode: code })
        .where(and(eq(orderParcels.id, parcel.id), isNull(orderParcels.trackingCode)));
    }
    if (!target || !order) return { found: true, moved: false, orderStatus: order?.status ?? null };
    const moved = await tx
      .update(orderParcels)
      .set({ trackedStatus: target })
      .where(and(eq(orderParcels.id, parcel.id), target === 'posted' ? isNull(orderParcels.trackedStatus) : or(isNull(orderParcels.trackedStatus), eq(orderParcels.trackedStatus, 'posted'))))
      .returning({ id: orderParcels.id });
    // The order follows its parcels by its own status, under its lock: a replay finds it moved already
    // and changes nothing, while an order a refused code left behind catches up on the next notice.
    const parcels = await tx
      .select({ carrier: orderParcels.carrier, trackingCode: orderParcels.trackingCode, trackedStatus: orderParcels.trackedStatus })
      .from(orderParcels)
      .where(eq(orderParcels.orderId, order.id))
      .orderBy(asc(orderParcels.position));
    let status = order.status;
    const system = { kind: 'system' as const };
    try {
      if (parcels.every((p) => p.trackedStatus !== null)) {
        const first = parcels.find((p) => p.trackingCode) ?? parcels[0]!;
        if (canApply('start_preparing', status, 'system')) {
          status = (await applyOrderActionIn(tx, { orderId: order.id, action: 'start_preparing', actor: system, note: `${NOTE}: etiqueta postada` })).status;
          transitioned = true;
        }
        if (canApply('ship', status, 'system')) {
          status = (await applyOrderActionIn(tx, { orderId: order.id, action: 'ship', actor: system, carrier: first.carrier, trackingCode: first.trackingCode ?? '', note: `${NOTE}: postado` })).status;
          transitioned = true;
        }
      }
      if (parcels.every((p) => p.trackedStatus === 'delivered') && canApply('deliver', status, 'system')) {
        status = (await applyOrderActionIn(tx, { orderId: order.id, action: 'deliver', actor: system, note: `${NOTE}: entregue` })).status;
        transitioned = true;
      }
    } catch (error) {
      // A code the order refuses (none yet, or not a Correios code): the parcel keeps its status and the
      // admin ships the order by hand. Refused before anything was written (orders/transitions).
      if (!(error instanceof OrderActionError)) throw error;
      log.warn(`rastreio do Melhor Envio ${melhorEnvioOrderId}: o pedido ${order.id} não mudou (${error.message})`);
    }
    return { found: true, moved: moved.length > 0, orderStatus: status };
  });
  if (transitioned) kickMailDelivery(db);
  return outcome;
}

/** A batch of labels bought and not delivered yet, after `afterId` (the polling job; order_parcels_tracking_idx). */
export async function labelsInTransit(db: Executor, afterId: string | null, limit: number) {
  return db
    .select({ id: orderParcels.id, melhorEnvioOrderId: orderParcels.melhorEnvioOrderId, trackingCode: orderParcels.trackingCode, trackedStatus: orderParcels.trackedStatus })
    .from(orderParcels)
    .where(
      and(
        sql`${orderParcels.melhorEnvioOrderId} is not null and ${orderParcels.trackedStatus} is distinct from 'delivered'`,
        // A label not generated yet cannot have been posted.
        inArray(orderParcels.labelStatus, ['generated', 'printed']),
        afterId ? sql`${orderParcels.id} > ${afterId}` : undefined,
      ),
    )
    .orderBy(asc(orderParcels.id))
    .limit(limit) as Promise<{ id: string; melhorEnvioOrderId: string; trackingCode: string | null; trackedStatus: TrackedStatus | null }[]>;
}
