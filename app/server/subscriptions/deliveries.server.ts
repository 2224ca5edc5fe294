// Programmed deliveries: a subscriber's order placed with a delivery frequency (the checkout's
// "a cada 1, 2 ou 3 meses") is ordered again every N months — repriced at that day's prices with
// the subscriber discount, to the same address, through the same payment method — and goes into
// the admin's fulfilment list like any order. Each date happens once: the run row (delivery + date)
// and the order's unique (delivery, date) are written in the same transaction as the new date,
// with the order's `requested` payment attempt; the deliver flow (flows/deliver.server.ts) calls
// the gateway after that commit and records its answer through `deliveryHandlers`.
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '~/db/client.server';
import { randomUUID } from 'node:crypto';
import { orderItems, orderParcels, orders, products, productVariants, programmedDeliveries, programmedDeliveryItems, programmedDeliveryRuns } from '~/db/schema';
import { cheapestChoices, chooseFreight, type ChosenParcel } from '~/lib/freight';
import { now } from '~/lib/clock';
import { centsToDecimal, toCents } from '~/lib/money';
import { todayInBrazil } from '~/lib/plans';
import { computeTotals, goodsAfterDiscountCents } from '~/lib/pricing';
import { tierFor } from '~/lib/volume-price';
import { addDays, nextScheduledDate, REMINDER_DAYS_BEFORE, resumeSchedule, skipDate } from '~/lib/subscription-schedule';
import { kickMailDelivery } from '../mail/outbox.server';
import { insertOrder } from '../orders/create.server';
import { openAttemptIn, payerFor, storedCardFor, type ChargeHandlers } from '../payments/charges.server';
import { withOfferedMethod, type ChargeRequest, type PaymentMethod, type PaymentProvider } from '../payments/provider.server';
import { OutOfStockError, reserveStock, type StockLine } from '../catalog/stock.server';
import { tiersOfVariants } from '../catalog/price-tiers.server';
import { queueSubscriptionEmail } from './emails.server';
import { isSubscriber } from './subscriptions.server';
import { quoteShipping } from '../shipping/quote.server';

type Shipping = Partial<Pick<typeof programmedDeliveries.$inferInsert, 'shipName' | 'shipStreet' | 'shipNumber' | 'shipComplement' | 'shipNeighborhood' | 'shipCity' | 'shipState' | 'shipZipCode'>>;

/** At checkout, in the order's transaction: the order becomes a programmed delivery. */
export async function createProgrammedDelivery(
  tx: Transaction,
  input: {
    userId: string;
    sourceOrderId: string;
    months: number;
    today: string;
    paymentMethod: PaymentMethod;
    installments: number;
    taxId: string | null;
    shipping: Shipping;
    lines: { id: string; isKit: boolean; name: string; size: string | null; quantity: number }[];
  },
): Promise<string> {
  const [row] = await tx
    .insert(programmedDeliveries)
    .values({
      userId: input.userId,
      sourceOrderId: input.sourceOrderId,
      months: input.months,
      anchorDate: input.today,
      nextDate: nextScheduledDate(input.today, input.months, input.today),
      paymentMethod: input.paymentMethod,
      installments: input.installments,
      taxId: input.taxId,
      ...input.shipping,
    })
    .returning({ id: programmedDeliveries.id });
  await tx.insert(programmedDeliveryItems).values(
    input.lines.map((l) => ({ deliveryId: row!.id, variantId: l.isKit ? null : l.id, kitId: l.isKit ? l.id : null, productName: l.name, size: l.size, quantity: l.quantity })),
  );
  return row!.id;
}

export type DeliveryHooks = { afterCharge?: (deliveryId: string, date: string) => Promise<void> };

/** Programmed deliveries due today (the deliver flow takes them one transaction each). */
export async function dueDeliveries(db: Database, today: string, limit: number): Promise<string[]> {
  const due = await db
    .select({ id: programmedDeliveries.id })
    .from(programmedDeliveries)
    .where(and(eq(programmedDeliveries.status, 'active'), lte(programmedDeliveries.nextDate, today)))
    .orderBy(asc(programmedDeliveries.nextDate))
    .limit(limit);
  return due.map((d) => d.id);
}

/** Tests: a crash injected by a hook propagates like a dead process. */
export class DeliveryCrash extends Error {}

/** A delivery's order written with its `requested` attempt: the charge to make after the commit. */
export type DeliveryCharge = { request: ChargeRequest; deliveryId: string; date: string };

type PricedItem = { key: string; kind: 'variant' | 'kit'; productId: string; name: string; size: string | null; unitPrice: string; quantity: number; label: string };

/**
 * One due date of a programmed delivery, in the caller's transaction: the date moves on, and the
 * order (repriced, stock taken) is written with its `requested` attempt — or the date is skipped.
 */
export async function prepareDeliveryIn(tx: Transaction, deliveryId: string, today: string, provider: PaymentProvider): Promise<DeliveryCharge | 'skipped' | null> {
  const [row] = await tx.select().from(programmedDeliveries).where(eq(programmedDeliveries.id, deliveryId)).for('update');
  if (!row || row.status !== 'active' || row.nextDate > today) return null;
  // A card or boleto the store no longer takes is charged with Pix to its key (payments/provider.server.ts).
  const delivery = withOfferedMethod(row, provider);
  const date = delivery.nextDate;
  const next = nextScheduledDate(delivery.anchorDate, delivery.months, date);
  await tx.update(programmedDeliveries).set({ nextDate: next, updatedAt: now() }).where(eq(programmedDeliveries.id, delivery.id));

  // Today's prices; a size or kit that no longer exists is left out.
  const items = await tx.select().from(programmedDeliveryItems).where(eq(programmedDeliveryItems.deliveryId, delivery.id)).orderBy(asc(programmedDeliveryItems.productName));
  const leftOut: string[] = [];
  const label = (i: { productName: string; size: string | null }) => (i.size ? `${i.productName} (${i.size})` : i.productName);
  const variantIds = items.flatMap((i) => (i.variantId ? [i.variantId] : []));
  const kitIds = items.flatMap((i) => (i.kitId ? [i.kitId] : []));
  const [variants, kits] = await Promise.all([
    variantIds.length
      ? tx.select({ id: productVariants.id, productId: products.id, name: products.name, size: productVariants.size, price: productVariants.price }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).where(inArray(productVariants.id, variantIds))
      : Promise.resolve([]),
    kitIds.length ? tx.select({ id: products.id, name: products.name, price: products.price }).from(products).where(and(inArray(products.id, kitIds), eq(products.isKit, true))) : Promise.resolve([]),
  ]);
  // Volume prices (issue 35): a size is charged at the tier of its quantity, as at checkout.
  const tiers = await tiersOfVariants(tx, variantIds);
  const unitsOf = new Map<string, number>();
  for (const item of items) if (item.variantId) unitsOf.set(item.variantId, (unitsOf.get(item.variantId) ?? 0) + item.quantity);
  const tierPrice = (v: { id: string; price: string }) => {
    const tier = tierFor(toCents(v.price), tiers.get(v.id) ?? [], unitsOf.get(v.id) ?? 1);
    return tier.minQuantity > 1 ? centsToDecimal(tier.priceCents) : v.price;
  };
  let lines: PricedItem[] = [];
  for (const item of items) {
    const v = item.variantId ? variants.find((x) => x.id === item.variantId) : undefined;
    const k = item.kitId ? kits.find((x) => x.id === item.kitId) : undefined;
    if (v) lines.push({ key: v.id, kind: 'variant', productId: v.productId, name: v.name, size: v.size, unitPrice: tierPrice(v), quantity: item.quantity, label: label({ productName: v.name, size: v.size }) });
    else if (k && k.price) lines.push({ key: k.id, kind: 'kit', productId: k.id, name: k.name, size: null, unitPrice: k.price, quantity: item.quantity, label: k.name });
    else leftOut.push(label(item));
  }

  const placedAt = now();
  const run = async (outcome: 'ordered' | 'skipped' | 'declined', orderId: string | null, note: string | null) =>
    tx.insert(programmedDeliveryRuns).values({ deliveryId: delivery.id, scheduledFor: date, outcome, orderId, note });

  if (lines.length === 0) {
    await run('skipped', null, 'Nenhum item disponível');
    await queueSubscriptionEmail(tx, delivery.userId, { kind: 'delivery-not-sent', date, next, reason: 'nothing-left', leftOut }, `delivery:${delivery.id}:not-sent:${date}`);
    return 'skipped';
  }

  // Only a plan paid through today gives the 10%: a delivery due in an unpaid period (skipped, paused) is charged without it.
  const subscriber = await isSubscriber(tx, delivery.userId);
  // Freight by the checkout's rules (the cheapest service of each parcel, subscribers' free shipping
  // when configured); an item no service may carry to this address stays out of this delivery.
  const cep = delivery.shipZipCode;
  if (cep) {
    const refused = (await deliveryFreight(tx, cep, lines, subscriber)).refused;
    if (refused.size > 0) {
      leftOut.push(...lines.filter((l) => refused.has(l.key)).map((l) => `${l.label}: não pode ser enviado para o endereço desta entrega`));
      lines = lines.filter((l) => !refused.has(l.key));
    }
    if (lines.length === 0) {
      await run('skipped', null, 'Nenhum item pode ser enviado');
      await queueSubscriptionEmail(tx, delivery.userId, { kind: 'delivery-not-sent', date, next, reason: 'nothing-left', leftOut }, `delivery:${delivery.id}:not-sent:${date}`);
      return 'skipped';
    }
  }
  const shipping: Shipping = {
    shipName: delivery.shipName,
    shipStreet: delivery.shipStreet,
    shipNumber: delivery.shipNumber,
    shipComplement: delivery.shipComplement,
    shipNeighborhood: delivery.shipNeighborhood,
    shipCity: delivery.shipCity,
    shipState: delivery.shipState,
    shipZipCode: delivery.shipZipCode,
  };
  const orderIdFor = async (priced: PricedItem[]) => {
    const totals = computeTotals(priced.map((l) => ({ unitCents: toCents(l.unitPrice), quantity: l.quantity, isSubscription: false })), { isSubscriber: subscriber, firstPurchase: false });
    const id = await insertOrder(tx, {
      userId: delivery.userId,
      totals,
      paymentMethod: delivery.paymentMethod,
      taxId: delivery.taxId,
      idempotencyKey: `delivery:${delivery.id}:${date}`,
      placedAt,
      actor: 'system',
      note: `Entrega programada de ${date}`,
      shipping,
      deliveryFrequencyMonths: delivery.months,
      programmedDeliveryId: delivery.id,
      scheduledFor: date,
      lines: priced.map((l) => ({ productId: l.productId, name: l.name, size: l.size, quantity: l.quantity, unitPrice: l.unitPrice })),
    });
    return { id, totals };
  };

  // Sold out (or short): that line is left out (or sent with what is left). Stock checks lock the sizes first.
  const { id: orderId, totals } = await orderIdFor(lines);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await reserveStock(tx, orderId, lines.map((l): StockLine => ({ id: l.key, kind: l.kind, quantity: l.quantity, label: l.label })));
      break;
    } catch (error) {
      if (!(error instanceof OutOfStockError) || attempt === 2) throw error;
      const short = new Map(error.shortages.map((s) => [s.id, s.available]));
      lines = lines.flatMap((l) => {
        const available = short.get(l.key);
        if (available === undefined) return [l];
        if (available <= 0) {
          leftOut.push(l.label);
          return [];
        }
        leftOut.push(`${l.label}: ${l.quantity - available} de ${l.quantity} (só havia ${available})`);
        return [{ ...l, quantity: available }];
      });
    }
  }
  if (lines.length === 0) {
    // Nothing left after the stock check: no order at all.
    await tx.delete(orders).where(eq(orders.id, orderId));
    await run('skipped', null, 'Itens esgotados');
    await queueSubscriptionEmail(tx, delivery.userId, { kind: 'delivery-not-sent', date, next, reason: 'nothing-left', leftOut }, `delivery:${delivery.id}:not-sent:${date}`);
    return 'skipped';
  }
  const finalTotals = await repriceOrder(tx, orderId, lines, subscriber, totals, cep);

  const request: ChargeRequest = {
    orderId,
    idempotencyKey: `delivery:${delivery.id}:${date}`,
    amountCents: finalTotals.totalCents,
    method: delivery.paymentMethod,
    installments: delivery.installments,
    description: 'Entrega programada Clarear',
    customer: await payerFor(tx, delivery.userId, delivery.taxId, delivery),
    storedCard: delivery.paymentMethod === 'credit_card' ? await storedCardFor(tx, delivery.savedCardId) : undefined,
  };
  // Committed with the order, before any call: a crash or a timeout leaves it to the reconciliation job.
  await openAttemptIn(tx, provider, request);
  await run('ordered', orderId, leftOut.length ? `Fora desta entrega: ${leftOut.join('; ')}` : null);
  return { request, deliveryId: delivery.id, date };
}

/** The run of the delivery whose order this is, and what to tell its customer. */
async function runOfOrder(tx: Transaction, orderId: string) {
  const [row] = await tx
    .select({ run: programmedDeliveryRuns, delivery: programmedDeliveries })
    .from(programmedDeliveryRuns)
    .innerJoin(programmedDeliveries, eq(programmedDeliveries.id, programmedDeliveryRuns.deliveryId))
    .where(eq(programmedDeliveryRuns.orderId, orderId));
  return row ?? null;
}

/** What was left out of this date's order, from its run's note. */
function leftOutOf(note: string | null): string[] {
  return note?.startsWith('Fora desta entrega: ') ? note.slice('Fora desta entrega: '.length).split('; ') : [];
}

async function placedMail(tx: Transaction, orderId: string, payment: NonNullable<typeof orders.$inferSelect.paymentDetails>, deadline: Date | null) {
  const found = await runOfOrder(tx, orderId);
  if (!found) return;
  const [order] = await tx.select({ total: orders.totalPrice, discountKind: orders.discountKind }).from(orders).where(eq(orders.id, orderId));
  const { run, delivery } = found;
  await queueSubscriptionEmail(
    tx,
    delivery.userId,
    // An order without the subscriber's discount was due in an unpaid period of the plan (prepareDeliveryIn).
    { kind: 'delivery-placed', orderId, total: order!.total, next: delivery.nextDate, leftOut: leftOutOf(run.note), payment, deadline, withoutDiscount: order!.discountKind === null },
    `delivery:${delivery.id}:placed:${run.scheduledFor}`,
  );
}

/**
 * What a programmed delivery's charge answer does (the flow's and the reconciliation job's). Paid
 * or a code to pay: the customer is told the order is placed. Declined (or never received by the
 * provider): no money was taken, so the order is cancelled (its stock back) and the customer told;
 * an order whose charge may have been taken is never removed — it waits, pending, for this answer.
 */
/** A delivery's charge that did not pay: its run is recorded and the customer told why. */
async function notSentIn(tx: Transaction, orderId: string, reason: string, why: 'declined' | 'not-charged'): Promise<boolean> {
  const found = await runOfOrder(tx, orderId);
  if (!found) return false;
  const { run, delivery } = found;
  await tx
    .update(programmedDeliveryRuns)
    .set({ outcome: 'declined', note: reason })
    .where(and(eq(programmedDeliveryRuns.deliveryId, run.deliveryId), eq(programmedDeliveryRuns.scheduledFor, run.scheduledFor)));
  await queueSubscriptionEmail(
    tx,
    delivery.userId,
    { kind: 'delivery-not-sent', date: run.scheduledFor, next: delivery.nextDate, reason: why, leftOut: leftOutOf(run.note) },
    `delivery:${delivery.id}:not-sent:${run.scheduledFor}`,
  );
  // The pending order is cancelled by the charge's recording (its stock back), never deleted.
  return false;
}

export const deliveryHandlers: ChargeHandlers = {
  onDeclined: (tx, { order }, reason) => notSentIn(tx, order.id, reason, 'declined'),
  // The charge never reached the gateway (a crash before the call): nothing was taken, and the
  // customer's payment was not refused, so the e-mail does not say it was.
  onAbandoned: (tx, { order }, reason) => notSentIn(tx, order.id, reason, 'not-charged'),
  async onAwaiting(tx, { order }, details, deadline) {
    await placedMail(tx, order.id, details, deadline);
  },
  async onPaid(tx, { order }, details) {
    await placedMail(tx, order.id, details, null);
  },
};

/** The cheapest freight of each parcel for these lines to this CEP, by the store's own table (no carrier call inside a job's transaction). */
async function deliveryFreight(tx: Transaction, cep: string, lines: PricedItem[], subscriber: boolean): Promise<{ parcels: ChosenParcel[]; refused: Set<string> }> {
  const priced = lines.map((l) => ({ unitCents: toCents(l.unitPrice), quantity: l.quantity, isSubscription: false }));
  const base = computeTotals(priced, { isSubscriber: subscriber, firstPurchase: false });
  const quote = await quoteShipping(
    tx,
    { cep, lines: lines.map((l) => ({ id: l.key, name: l.label, quantity: l.quantity, unitCents: toCents(l.unitPrice) })), subtotalCents: goodsAfterDiscountCents(priced, base), isSubscriber: subscriber },
    null,
  );
  const refused = new Set(quote.unavailable ? lines.map((l) => l.key) : quote.refusals.map((r) => r.itemKey));
  const choice = chooseFreight({ ...quote, refusals: [], unavailable: null }, cheapestChoices(quote));
  return { parcels: choice.ok && refused.size === 0 ? choice.parcels : [], refused };
}

/**
 * After lines were left out or cut, and with the freight of what is sent: the order's items,
 * parcels and totals as they will be charged.
 */
async function repriceOrder(tx: Transaction, orderId: string, lines: PricedItem[], subscriber: boolean, before: ReturnType<typeof computeTotals>, cep: string | null) {
  const freight = cep ? await deliveryFreight(tx, cep, lines, subscriber) : { parcels: [], refused: new Set<string>() };
  const shippingCents = freight.parcels.reduce((sum, p) => sum + p.option.priceCents, 0);
  const totals = computeTotals(lines.map((l) => ({ unitCents: toCents(l.unitPrice), quantity: l.quantity, isSubscription: false })), { isSubscriber: subscriber, firstPurchase: false }, shippingCents);
  if (totals.totalCents === before.totalCents && totals.subtotalCents === before.subtotalCents && freight.parcels.length === 0) return totals;
  await tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
  await tx.delete(orderParcels).where(eq(orderParcels.orderId, orderId));
  const parcelIds = freight.parcels.map(() => randomUUID());
  if (freight.parcels.length) {
    await tx.insert(orderParcels).values(
      freight.parcels.map((p, i) => ({
        id: parcelIds[i]!,
        orderId,
        position: i + 1,
        serviceId: p.option.serviceId,
        serviceName: p.option.name,
        carrier: p.option.carrier,
        price: centsToDecimal(p.option.priceCents),
        deadlineDays: p.option.deadlineDays,
        promisedDate: p.option.deliveryBy,
        weightGrams: p.weightGrams,
      })),
    );
  }
  const parcelOf = (key: string) => parcelIds[freight.parcels.findIndex((p) => p.itemKeys.includes(key))] ?? null;
  await tx.insert(orderItems).values(lines.map((l) => ({ orderId, productId: l.productId, productName: l.name, size: l.size, quantity: l.quantity, priceAtPurchase: l.unitPrice, parcelId: parcelOf(l.key) })));
  await tx
    .update(orders)
    .set({
      subtotalPrice: centsToDecimal(totals.subtotalCents),
      discountPrice: centsToDecimal(totals.discountCents),
      discountKind: totals.discountKind,
      shippingPrice: centsToDecimal(totals.shippingCents),
      totalPrice: centsToDecimal(totals.totalCents),
    })
    .where(eq(orders.id, orderId));
  return totals;
}

/** Reminders REMINDER_DAYS_BEFORE days ahead, once per date, to customers who want notifications. */
export async function sendDeliveryReminders(db: Database): Promise<number> {
  const today = todayInBrazil();
  const due = await db
    .select({ id: programmedDeliveries.id, userId: programmedDeliveries.userId, date: programmedDeliveries.nextDate })
    .from(programmedDeliveries)
    .where(and(eq(programmedDeliveries.status, 'active'), sql`${programmedDeliveries.nextDate} > ${today}`, lte(programmedDeliveries.nextDate, addDays(today, REMINDER_DAYS_BEFORE))));
  let sent = 0;
  for (const d of due) {
    const items = await db.select({ name: programmedDeliveryItems.productName, size: programmedDeliveryItems.size, quantity: programmedDeliveryItems.quantity }).from(programmedDeliveryItems).where(eq(programmedDeliveryItems.deliveryId, d.id));
    const names = items.map((i) => `${i.quantity}× ${i.name}${i.size ? ` (${i.size})` : ''}`);
    if (await queueSubscriptionEmail(db, d.userId, { kind: 'delivery-reminder', date: d.date, items: names }, `delivery:${d.id}:reminder:${d.date}`)) sent += 1;
  }
  return sent;
}

// ---------------------------------------------------------------- the customer's view and changes

export type ProgrammedDelivery = {
  id: string;
  months: number;
  status: 'active' | 'paused' | 'cancelled';
  nextDate: string;
  /** The day its schedule counts from. */
  anchorDate: string;
  paymentMethod: PaymentMethod;
  items: { productName: string; size: string | null; quantity: number; available: boolean }[];
  /** The last dates and what they made, newest first. */
  runs: { scheduledFor: string; outcome: 'ordered' | 'skipped' | 'declined'; orderId: string | null; note: string | null }[];
  createdAt: string;
};

/** The customer's live programmed deliveries (active or paused), newest first. */
export async function listOwnProgrammedDeliveries(db: Executor, userId: string): Promise<ProgrammedDelivery[]> {
  const rows = await db
    .select()
    .from(programmedDeliveries)
    .where(and(eq(programmedDeliveries.userId, userId), inArray(programmedDeliveries.status, ['active', 'paused'])))
    .orderBy(desc(programmedDeliveries.createdAt));
  return Promise.all(
    rows.map(async (r) => {
      const [items, runs] = await Promise.all([
        db.select().from(programmedDeliveryItems).where(eq(programmedDeliveryItems.deliveryId, r.id)).orderBy(asc(programmedDeliveryItems.productName)),
        db.select().from(programmedDeliveryRuns).where(eq(programmedDeliveryRuns.deliveryId, r.id)).orderBy(desc(programmedDeliveryRuns.scheduledFor)).limit(12),
      ]);
      return {
        id: r.id,
        months: r.months,
        status: r.status,
        nextDate: r.nextDate,
        anchorDate: r.anchorDate,
        paymentMethod: r.paymentMethod,
        items: items.map((i) => ({ productName: i.productName, size: i.size, quantity: i.quantity, available: Boolean(i.variantId || i.kitId) })),
        runs: runs.map((x) => ({ scheduledFor: x.scheduledFor, outcome: x.outcome, orderId: x.orderId, note: x.note })),
        createdAt: r.createdAt.toISOString(),
      };
    }),
  );
}

export type DeliveryChange = { action: 'skip' } | { action: 'pause' } | { action: 'resume' } | { action: 'cancel' } | { action: 'frequency'; months: 1 | 2 | 3 };

export type DeliveryChangeResult = { ok: true; status: 'active' | 'paused' | 'cancelled'; nextDate: string; months: number } | { ok: false; status: 404 | 409; message: string };

export const DELIVERY_MESSAGES = {
  notFound: 'Entrega programada não encontrada.',
  notActive: 'Só é possível fazer isso com uma entrega programada ativa.',
  notPaused: 'A entrega programada não está pausada.',
} as const;

/** The customer's change to one of their programmed deliveries (someone else's reads as missing). */
export async function changeProgrammedDelivery(db: Database, userId: string, deliveryId: string, change: DeliveryChange): Promise<DeliveryChangeResult> {
  const result = await db.transaction(async (tx): Promise<DeliveryChangeResult> => {
    const [row] = await tx.select().from(programmedDeliveries).where(and(eq(programmedDeliveries.id, deliveryId), eq(programmedDeliveries.userId, userId))).for('update');
    if (!row || row.status === 'cancelled') return { ok: false, status: 404, message: DELIVERY_MESSAGES.notFound };
    const today = todayInBrazil();
    const set = async (next: Partial<typeof row>) => {
      await tx.update(programmedDeliveries).set({ ...next, updatedAt: now() }).where(eq(programmedDeliveries.id, row.id));
      const merged = { ...row, ...next };
      return { ok: true as const, status: merged.status, nextDate: merged.nextDate, months: merged.months };
    };
    switch (change.action) {
      case 'skip': {
        if (row.status !== 'active') return { ok: false, status: 409, message: DELIVERY_MESSAGES.notActive };
        const nextDate = skipDate(row.anchorDate, row.months, row.nextDate);
        await queueSubscriptionEmail(tx, userId, { kind: 'delivery-skipped', skipped: row.nextDate, next: nextDate });
        return set({ nextDate });
      }
      case 'pause':
        if (row.status !== 'active') return { ok: false, status: 409, message: DELIVERY_MESSAGES.notActive };
        await queueSubscriptionEmail(tx, userId, { kind: 'delivery-paused' });
        return set({ status: 'paused' });
      case 'resume': {
        if (row.status !== 'paused') return { ok: false, status: 409, message: DELIVERY_MESSAGES.notPaused };
        const schedule = resumeSchedule(row.anchorDate, row.nextDate, today);
        // A date that passed during the pause restarts the schedule one period from today.
        const nextDate = schedule.next === today && row.nextDate < today ? nextScheduledDate(today, row.months, today) : schedule.next;
        await queueSubscriptionEmail(tx, userId, { kind: 'delivery-resumed', next: nextDate });
        return set({ status: 'active', anchorDate: nextDate === schedule.next ? schedule.anchor : today, nextDate });
      }
      case 'cancel':
        await queueSubscriptionEmail(tx, userId, { kind: 'delivery-cancelled' });
        return set({ status: 'cancelled' });
      case 'frequency': {
        // The next date stays; the ones after it follow the new frequency.
        return set({ months: change.months, anchorDate: row.nextDate });
      }
    }
  });
  if (result.ok) kickMailDelivery(db);
  return result;
}

