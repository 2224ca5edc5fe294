// The admin's reads of subscriptions: one subscription with its periods and history
// (/admin/subscriptions/:id), and what comes due in the next days (the dashboard's "Próximos 7
// dias": renewals and programmed deliveries with the money they should bring). Changes go through
// changeSubscription (subscriptions.server.ts).
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { productVariants, products, programmedDeliveries, programmedDeliveryItems, subscriptionEvents, user, userSubscriptions } from '~/db/schema';
import { DUE_SOON_DAYS, dueSoonWindow, expectedDeliveryCents } from '~/lib/dashboard';
import { toCents } from '~/lib/money';
import { DELETED_CUSTOMER_NAME } from '~/lib/privacy';
import type { OrderActor } from '~/lib/order-lifecycle';
import { findPlan, type SubscriptionFrequency, todayInBrazil } from '~/lib/plans';
import { isUuid } from '~/lib/schemas/ids';
import { givesSubscriberDiscount } from '~/lib/subscription-schedule';
import { listSubscriptionPeriods, type SubscriptionRenewal } from './subscriptions.server';

type Row = typeof userSubscriptions.$inferSelect;

export type AdminSubscriptionEvent = {
  id: string;
  kind: string;
  fromStatus: Row['status'] | null;
  toStatus: Row['status'];
  actor: OrderActor;
  /** The customer's or admin's name; null for the system (or an account deleted since). */
  actorName: string | null;
  note: string | null;
  /** ISO timestamp. */
  createdAt: string;
};

export type AdminSubscriptionDetail = {
  id: string;
  /** Null for an erased account's subscription. */
  userId: string | null;
  userName: string;
  userEmail: string;
  frequency: SubscriptionFrequency;
  /** 'Plano Mensal'…; the frequency itself for a plan this code does not know. */
  planName: string;
  months: number;
  status: Row['status'];
  pausedReason: Row['pausedReason'];
  /** ISO timestamp. */
  pausedAt: string | null;
  resumeOn: string | null;
  /** What each period charges (the price it was sold at), numeric(12,2) as text. */
  totalValue: string;
  paymentMethod: Row['paymentMethod'];
  installments: number;
  nextDeliveryDate: string;
  /** End (exclusive) of the last paid period; null until the first payment. */
  paidThrough: string | null;
  /** Gives the subscriber's 10% now. */
  discount: boolean;
  /** ISO timestamp. */
  createdAt: string;
  /** Newest first, each with its order. */
  periods: SubscriptionRenewal[];
  /** Newest first. */
  events: AdminSubscriptionEvent[];
};

/** One subscription for the admin; null for an unknown or malformed id. */
export async function getSubscriptionDetail(db: Executor, id: string): Promise<AdminSubscriptionDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    // An erased account's subscription is kept, cancelled, without its customer.
    .select({ sub: userSubscriptions, userName: sql<string>`coalesce(${user.name}, ${DELETED_CUSTOMER_NAME})`, userEmail: sql<string>`coalesce(${user.email}, '')` })
    .from(userSubscriptions)
    .leftJoin(user, eq(user.id, userSubscriptions.userId))
    .where(eq(userSubscriptions.id, id))
    .limit(1);
  if (!row) return null;
  const { sub } = row;
  const [periods, events] = await Promise.all([listSubscriptionPeriods(db, sub.id), listSubscriptionEvents(db, sub.id)]);
  const plan = findPlan(sub.frequency);
  return {
    id: sub.id,
    userId: sub.userId,
    userName: row.userName,
    userEmail: row.userEmail,
    frequency: sub.frequency,
    planName: plan?.name ?? sub.frequency,
    months: plan?.months ?? 1,
    status: sub.status,
    pausedReason: sub.pausedReason,
    pausedAt: sub.pausedAt?.toISOString() ?? null,
    resumeOn: sub.resumeOn,
    totalValue: sub.totalValue,
    paymentMethod: sub.paymentMethod,
    installments: sub.installments,
    nextDeliveryDate: sub.nextDeliveryDate,
    paidThrough: sub.paidThrough,
    discount: givesSubscriberDiscount(sub, todayInBrazil()),
    createdAt: sub.createdAt.toISOString(),
    periods,
    events,
  };
}

/** A subscription's history with who did each thing, newest first. */
export async function listSubscriptionEvents(db: Executor, subscriptionId: string, limit = 200): Promise<AdminSubscriptionEvent[]> {
  const rows = await db
    .select({
      id: subscriptionEvents.id,
      kind: subscriptionEvents.kind,
      fromStatus: subscriptionEvents.fromStatus,
      toStatus: subscriptionEvents.toStatus,
      actor: subscriptionEvents.actor,
      actorName: user.name,
      note: subscriptionEvents.note,
      createdAt: subscriptionEvents.createdAt,
    })
    .from(subscriptionEvents)
    .leftJoin(user, eq(user.id, subscriptionEvents.actorUserId))
    .where(eq(subscriptionEvents.subscriptionId, subscriptionId))
    .orderBy(desc(subscriptionEvents.createdAt), desc(subscriptionEvents.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

// ---------------------------------------------------------------- due in the next days

export type DueRenewal = {
  subscriptionId: string;
  userName: string;
  userEmail: string;
  frequency: SubscriptionFrequency;
  date: string;
  amountCents: number;
};

export type DueDelivery = {
  deliveryId: string;
  userName: string;
  userEmail: string;
  date: string;
  /** Items still sold (a deleted size or kit is left out, as the delivery job does). */
  items: number;
  /** Current prices of its items, less the subscriber's 10% when the customer has it. */
  expectedCents: number;
};

export type DueSoon = {
  days: number;
  /** First and last São Paulo day of the window, both included. */
  from: string;
  to: string;
  renewals: { count: number; totalCents: number; list: DueRenewal[] };
  deliveries: { count: number; totalCents: number; list: DueDelivery[] };
};

/**
 * What comes due from today (São Paulo) to today + days − 1: renewals of active subscriptions
 * (each at its own price) and active programmed deliveries (their items at today's prices, with
 * the subscriber discount their customer would get now). Totals in cents; lists by date.
 */
export async function dueInNextDays(db: Executor, days: number = DUE_SOON_DAYS, today: string = todayInBrazil()): Promise<DueSoon> {
  const { from, to } = dueSoonWindow(today, days);

  const renewalRows = await db
    .select({
      subscriptionId: userSubscriptions.id,
      userName: user.name,
      userEmail: user.email,
      frequency: userSubscriptions.frequency,
      date: userSubscriptions.nextDeliveryDate,
      amount: userSubscriptions.totalValue,
    })
    .from(userSubscriptions)
    .innerJoin(user, eq(user.id, userSubscriptions.userId))
    .where(and(eq(userSubscriptions.status, 'active'), gte(userSubscriptions.nextDeliveryDate, from), lte(userSubscriptions.nextDeliveryDate, to)))
    .orderBy(asc(userSubscriptions.nextDeliveryDate), asc(user.name), asc(userSubscriptions.id));
  const renewals = renewalRows.map(({ amount, ...r }) => ({ ...r, amountCents: toCents(amount) }));

  // One row per due delivery: the sum of its items still for sale, at today's prices.
  // A size's price, or a kit's (joined only when the product is still a kit); null for a line gone.
  const unitPrice = sql`coalesce(${productVariants.price}, ${products.price})`;
  const deliveryRows = await db
    .select({
      deliveryId: programmedDeliveries.id,
      userId: programmedDeliveries.userId,
      userName: user.name,
      userEmail: user.email,
      date: programmedDeliveries.nextDate,
      items: sql<number>`count(${unitPrice})::int`,
      subtotal: sql<string>`coalesce(sum(${programmedDeliveryItems.quantity} * ${unitPrice}), 0)::text`,
    })
    .from(programmedDeliveries)
    .innerJoin(user, eq(user.id, programmedDeliveries.userId))
    .leftJoin(programmedDeliveryItems, eq(programmedDeliveryItems.deliveryId, programmedDeliveries.id))
    .leftJoin(productVariants, eq(productVariants.id, programmedDeliveryItems.variantId))
    .leftJoin(products, and(eq(products.id, programmedDeliveryItems.kitId), eq(products.isKit, true)))
    .where(and(eq(programmedDeliveries.status, 'active'), gte(programmedDeliveries.nextDate, from), lte(programmedDeliveries.nextDate, to)))
    .groupBy(programmedDeliveries.id, user.id)
    .orderBy(asc(programmedDeliveries.nextDate), asc(user.name), asc(programmedDeliveries.id));

  // Who among those customers gets the subscriber's 10% today (lib/subscription-schedule's rule).
  const userIds = [...new Set(deliveryRows.map((r) => r.userId))];
  const standings = userIds.length
    ? await db
        .select({ userId: userSubscriptions.userId, status: userSubscriptions.status, pausedReason: userSubscriptions.pausedReason, paidThrough: userSubscriptions.paidThrough })
        .from(userSubscriptions)
        .where(and(inArray(userSubscriptions.userId, userIds), or(eq(userSubscriptions.status, 'active'), eq(userSubscriptions.status, 'paused')), isNotNull(userSubscriptions.paidThrough)))
    : [];
  const subscribers = new Set(standings.filter((s) => givesSubscriberDiscount(s, today)).map((s) => s.userId));
  const deliveries = deliveryRows.map(({ userId, subtotal, ...r }) => ({ ...r, expectedCents: r.items > 0 ? expectedDeliveryCents(toCents(subtotal), subscribers.has(userId)) : 0 }));

  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    days,
    from,
    to,
    renewals: { count: renewals.length, totalCents: sum(renewals.map((r) => r.amountCents)), list: renewals },
    deliveries: { count: deliveries.length, totalCents: sum(deliveries.map((d) => d.expectedCents)), list: deliveries },
  };
}
