// Subscriptions of users (active, paused or cancelled) and what customers and admins
// do with them: change plan, pause, resume, skip, change the payment method, cancel. Every change
// locks the subscription's row, checks its state, writes its history and e-mail in one
// transaction. A customer's call is filtered by their user id: someone else's subscription reads
// as missing (404). The job side (renewals, retries, reminders) is in renewals.server.ts.
import { and, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '~/db/client.server';
import { isUniqueViolation } from '~/db/errors.server';
import { orders, planChanges, programmedDeliveries, subscriptionPeriods, user, userSubscriptions } from '~/db/schema';
import { now } from '~/lib/clock';
import type { OrderActor } from '~/lib/order-lifecycle';
import { pageWindow } from '~/lib/pagination';
import { DELETED_CUSTOMER_NAME } from '~/lib/privacy';
import { addMonths, PLAN_NAME, type SubscriptionFrequency, todayInBrazil } from '~/lib/plans';
import { autoResumeDate, givesSubscriberDiscount, resumeSchedule, skipDate } from '~/lib/subscription-schedule';
import { kickMailDelivery } from '../mail/outbox.server';
import { applyOrderActionIn } from '../orders/transitions.server';
import { paymentMethodRefusal } from '../payments/provider.server';
import { queueSubscriptionEmail } from './emails.server';
import { logSubscriptionEvent, openPeriodOf } from './periods.server';
import { moveSubscriptionStatus } from './transitions.server';
import { findPlanOption } from './plans.server';

type PaymentMethod = (typeof userSubscriptions.$inferSelect)['paymentMethod'];

/**
 * Whether the buyer gets the subscriber discount: a live (active or paused) plan paid
 * through today and not paused for an unpaid renewal (lib/subscription-schedule).
 */
export async function isSubscriber(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        inArray(userSubscriptions.status, ['active', 'paused']),
        // Paid through today (paid_through is the paid period's exclusive end): lib/subscription-schedule.
        sql`${userSubscriptions.paidThrough} > ${todayInBrazil()}`,
        or(isNull(userSubscriptions.pausedReason), ne(userSubscriptions.pausedReason, 'payment_failed')),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Both answers for every page (the root loader) in one query: whether the customer has a live
 * plan (the subscribe button becomes "Ver minha assinatura") and whether it gives the 10% now.
 */
export async function subscriberStanding(db: Executor, userId: string): Promise<SubscriberStanding> {
  const rows = await db
    .select({ status: userSubscriptions.status, pausedReason: userSubscriptions.pausedReason, paidThrough: userSubscriptions.paidThrough })
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), inArray(userSubscriptions.status, ['active', 'paused'])))
    .limit(1);
  return standingFrom(rows, todayInBrazil());
}

export type SubscriberStanding = { hasSubscription: boolean; isSubscriber: boolean };

/** The standing given by the user's live (active or paused) subscription rows, as read above (also joined to the session). */
export function standingFrom(rows: Parameters<typeof givesSubscriberDiscount>[0][], today: string): SubscriberStanding {
  return { hasSubscription: rows.length > 0, isSubscriber: rows.some((r) => givesSubscriberDiscount(r, today)) };
}

/** A live (active or paused) subscription exists, paid or not: no second plan may be bought. */
export async function hasLiveSubscription(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), inArray(userSubscriptions.status, ['active', 'paused'])))
    .limit(1);
  return rows.length > 0;
}

export type SubscriptionRenewal = {
  periodDate: string;
  kind: 'initial' | 'renewal';
  amount: string;
  status: 'awaiting' | 'overdue' | 'paid' | 'cancelled';
  orderId: string;
  orderStatus: string;
};

export type OwnSubscription = {
  id: string;
  frequency: SubscriptionFrequency;
  status: 'active' | 'paused' | 'cancelled';
  /** Why it is paused: the customer's pause, or an unpaid renewal after the retries. */
  pausedReason: 'customer' | 'payment_failed' | null;
  /** A customer's pause ends by itself on this day. */
  resumeOn: string | null;
  /** The next renewal: its date and what it charges (the price this subscription was sold at). */
  nextDeliveryDate: string;
  /** The day its schedule counts from (skip previews follow its day of the month). */
  anchorDate: string;
  /** numeric(12,2) as text, e.g. '49.90'. */
  totalValue: string;
  paymentMethod: PaymentMethod;
  installments: number;
  paidThrough: string | null;
  /** Left from a plan change: pays the next renewals first (numeric as text). */
  credit: string;
  /** Gives the 10% now. */
  discount: boolean;
  /** The order waiting for payment (a renewal or the purchase itself), if any. */
  unpaidOrderId: string | null;
  /** ISO timestamp. */
  createdAt: string;
  /** Newest first: the purchase and every renewal, with its order. */
  renewals: SubscriptionRenewal[];
};

/** The periods of a subscription with their orders, newest first. */
export async function listSubscriptionPeriods(db: Executor, subscriptionId: string, limit = 24): Promise<SubscriptionRenewal[]> {
  return db
    .select({
      periodDate: subscriptionPeriods.periodDate,
      kind: subscriptionPeriods.kind,
      amount: subscriptionPeriods.amount,
      status: subscriptionPeriods.status,
      orderId: subscriptionPeriods.orderId,
      orderStatus: orders.status,
    })
    .from(subscriptionPeriods)
    .innerJoin(orders, eq(orders.id, subscriptionPeriods.orderId))
    .where(eq(subscriptionPeriods.subscriptionId, subscriptionId))
    .orderBy(desc(subscriptionPeriods.periodDate))
    .limit(limit);
}

/** The user's live subscriptions (active or paused; at most one by the one-live index), newest first. */
export async function listOwnSubscriptions(db: Executor, userId: string): Promise<OwnSubscription[]> {
  const rows = await db
    .select()
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), inArray(userSubscriptions.status, ['active', 'paused'])))
    .orderBy(desc(userSubscriptions.createdAt), desc(userSubscriptions.id));
  return Promise.all(
    rows.map(async (r) => {
      const renewals = await listSubscriptionPeriods(db, r.id);
      const unpaid = renewals.find((p) => (p.status === 'awaiting' || p.status === 'overdue') && p.orderStatus === 'pending');
      return {
        id: r.id,
        frequency: r.frequency,
        status: r.status,
        pausedReason: r.pausedReason,
        resumeOn: r.resumeOn,
        nextDeliveryDate: r.nextDeliveryDate,
        anchorDate: r.anchorDate,
        totalValue: r.totalValue,
        paymentMethod: r.paymentMethod,
        installments: r.installments,
        paidThrough: r.paidThrough,
        credit: r.credit,
        discount: givesSubscriberDiscount(r, todayInBrazil()),
        unpaidOrderId: unpaid?.orderId ?? null,
        createdAt: r.createdAt.toISOString(),
        renewals,
      };
    }),
  );
}

// ---------------------------------------------------------------- changes (customer, admin, system)

export type SubscriptionActor = { kind: OrderActor; userId?: string };

export type SubscriptionAction =
  | { action: 'pause' }
  | { action: 'resume' }
  | { action: 'skip' }
  | { action: 'cancel' }
  | { action: 'change-payment'; paymentMethod: PaymentMethod; installments: number };

export type SubscriptionActionResult =
  | { ok: true; status: 'active' | 'paused' | 'cancelled'; nextDeliveryDate: string; resumeOn: string | null; totalValue: string }
  | { ok: false; status: 404 | 409; message: string };

export const SUBSCRIPTION_MESSAGES = {
  notFound: 'Assinatura não encontrada.',
  notActive: 'Só é possível fazer isso com uma assinatura ativa.',
  notPaused: 'A assinatura não está pausada.',
  paymentRequired: 'Sua assinatura foi pausada por falta de pagamento. Pague o pedido em aberto ou troque a forma de pagamento para retomá-la.',
  unknownPlan: 'Plano inválido. Escolha mensal, semestral ou anual.',
} as const;

type Row = typeof userSubscriptions.$inferSelect;

/**
 * The one way a subscription changes (besides renewals): lock, check, write, history, e-mail.
 * A customer may act only on their own subscription; an admin on any (the route checks the role).
 */
export async function changeSubscription(db: Database, subscriptionId: string, actor: SubscriptionActor, change: SubscriptionAction): Promise<SubscriptionActionResult> {
  const result = await db.transaction((tx) => changeSubscriptionIn(tx, subscriptionId, actor, change));
  if (result.ok) kickMailDelivery(db);
  return result;
}

/** The same inside the caller's transaction (an account's erasure cancels its subscription with it). */
export async function changeSubscriptionIn(tx: Transaction, subscriptionId: string, actor: SubscriptionActor, change: SubscriptionAction): Promise<SubscriptionActionResult> {
  const [row] = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.id, subscriptionId)).for('update');
  if (!row || (actor.kind === 'customer' && row.userId !== actor.userId)) return notFound();
  return applyChange(tx, row, actor, change);
}

const notFound = (): SubscriptionActionResult => ({ ok: false, status: 404, message: SUBSCRIPTION_MESSAGES.notFound });
const refused = (message: string): SubscriptionActionResult => ({ ok: false, status: 409, message });

async function applyChange(tx: Transaction, row: Row, actor: SubscriptionActor, change: SubscriptionAction): Promise<SubscriptionActionResult> {
  const today = todayInBrazil();
  const who = { actor: actor.kind, actorUserId: actor.userId ?? null };
  const done = (next: Partial<Row>): SubscriptionActionResult => {
    const merged = { ...row, ...next };
    return { ok: true, status: merged.status, nextDeliveryDate: merged.nextDeliveryDate, resumeOn: merged.resumeOn, totalValue: merged.totalValue };
  };
  // Everything but the status (its one writer is transitions.server.ts).
  const update = async (next: Partial<Omit<Row, 'status' | 'pausedReason' | 'pausedAt' | 'resumeOn'>>) => {
    await tx.update(userSubscriptions).set({ ...next, updatedAt: now() }).where(eq(userSubscriptions.id, row.id));
  };
  const live = row.status === 'active' || row.status === 'paused';

  switch (change.action) {
    case 'pause': {
      if (row.status !== 'active') return refused(SUBSCRIPTION_MESSAGES.notActive);
      // No benefits for unpaid time: paid_through stays, so the 10% ends with the paid period.
      const next = { status: 'paused' as const, pausedReason: 'customer' as const, resumeOn: autoResumeDate(today) };
      await moveSubscriptionStatus(tx, { subscriptionId: row.id, from: 'active', to: 'paused', pausedReason: 'customer', resumeOn: next.resumeOn, event: { kind: 'paused', ...who, note: `Volta sozinha em ${next.resumeOn}` } });
      await queueSubscriptionEmail(tx, row.userId, { kind: 'plan-paused', resumeOn: next.resumeOn });
      return done(next);
    }
    case 'resume': {
      if (row.status !== 'paused') return refused(SUBSCRIPTION_MESSAGES.notPaused);
      // An unpaid renewal is resumed by its payment (periods.server.ts), never by a button; with
      // no order left to pay (it was cancelled), resuming starts a new period charged at once.
      if (row.pausedReason === 'payment_failed' && (await openPeriodOf(tx, row.id))) return refused(SUBSCRIPTION_MESSAGES.paymentRequired);
      const schedule = row.pausedReason === 'payment_failed' ? { anchor: today, next: today } : resumeSchedule(row.anchorDate, row.nextDeliveryDate, today);
      // A date that passed during the pause becomes today: the renewal charges the new period
      // (flows/resume-plan.server.ts at once, or the job) and its payment brings the benefits back.
      const next = { status: 'active' as const, pausedReason: null, resumeOn: null, anchorDate: schedule.anchor, nextDeliveryDate: schedule.next };
      await moveSubscriptionStatus(tx, {
        subscriptionId: row.id,
        from: 'paused',
        to: 'active',
        with: { anchorDate: schedule.anchor, nextDeliveryDate: schedule.next },
        event: { kind: 'resumed', ...who, note: actor.kind === 'system' ? 'Fim da pausa de 3 meses' : null },
      });
      await queueSubscriptionEmail(tx, row.userId, { kind: 'plan-resumed', next: schedule.next, automatic: actor.kind === 'system' });
      return done(next);
    }
    case 'skip': {
      // Skips the charge and the benefits of that period: paid_through is not extended.
      if (row.status !== 'active') return refused(SUBSCRIPTION_MESSAGES.notActive);
      const plan = await findPlanOption(tx, row.frequency);
      const months = plan?.months ?? 1;
      const nextDate = skipDate(row.anchorDate, months, row.nextDeliveryDate);
      await update({ nextDeliveryDate: nextDate });
      await logSubscriptionEvent(tx, { subscriptionId: row.id, kind: 'skipped', from: 'active', to: 'active', ...who, note: `Renovação de ${row.nextDeliveryDate} pulada` });
      await queueSubscriptionEmail(tx, row.userId, { kind: 'plan-skipped', skipped: row.nextDeliveryDate, next: nextDate });
      return done({ nextDeliveryDate: nextDate });
    }
    case 'change-payment': {
      if (!live) return refused(SUBSCRIPTION_MESSAGES.notActive);
      // Only a method the store charges with now (payments/provider.server.ts).
      const refusal = paymentMethodRefusal(change.paymentMethod);
      if (refusal) return refused(refusal);
      const next = { paymentMethod: change.paymentMethod, installments: change.paymentMethod === 'credit_card' ? change.installments : 1 };
      await update(next);
      await logSubscriptionEvent(tx, { subscriptionId: row.id, kind: 'payment_changed', from: row.status, to: row.status, ...who, note: change.paymentMethod });
      return done(next);
    }
    case 'cancel': {
      if (!live) return refused(SUBSCRIPTION_MESSAGES.notFound);
      await moveSubscriptionStatus(tx, { subscriptionId: row.id, from: row.status, to: 'cancelled', event: { kind: 'cancelled', ...who } });
      // Its unpaid renewal is not owed any more; the programmed deliveries were a subscriber's.
      const open = await tx
        .select({ orderId: subscriptionPeriods.orderId })
        .from(subscriptionPeriods)
        .innerJoin(orders, eq(orders.id, subscriptionPeriods.orderId))
        .where(and(eq(subscriptionPeriods.subscriptionId, row.id), eq(orders.status, 'pending')));
      // A plan change waiting for its payment is dropped with the plan (nothing left to change).
      const changes = await tx
        .select({ orderId: orders.id })
        .from(planChanges)
        .innerJoin(orders, eq(orders.id, planChanges.orderId))
        .where(and(eq(planChanges.subscriptionId, row.id), eq(orders.status, 'pending')));
      for (const { orderId } of [...open, ...changes]) {
        await applyOrderActionIn(tx, { orderId, action: 'cancel', actor: { kind: 'system' }, reason: `${PLAN_NAME} cancelada` });
      }
      const deliveries =
        row.userId === null
          ? []
          : await tx
              .update(programmedDeliveries)
              .set({ status: 'cancelled', updatedAt: now() })
              .where(and(eq(programmedDeliveries.userId, row.userId), inArray(programmedDeliveries.status, ['active', 'paused'])))
              .returning({ id: programmedDeliveries.id });
      await queueSubscriptionEmail(tx, row.userId, { kind: 'plan-cancelled', deliveriesCancelled: deliveries.length });
      return done({ status: 'cancelled', resumeOn: null });
    }
  }
}

// ---------------------------------------------------------------- admin (/admin/subscriptions)

export type AdminSubscription = {
  id: string;
  userName: string;
  userEmail: string;
  frequency: string;
  status: string;
  nextDeliveryDate: string;
  /** numeric(12,2) as text. */
  totalValue: string;
  /** ISO timestamp. */
  createdAt: string;
};

export type SubscriptionPage = { subscriptions: AdminSubscription[]; total: number; page: number; pageCount: number };

/**
 * The admin's list: every subscription, any status, with the user's name and e-mail,
 * newest first, one page at a time. A page past the end shows the last page.
 */
export async function listAllSubscriptions(db: Executor, { page, pageSize }: { page: number; pageSize: number }): Promise<SubscriptionPage> {
  const [counted] = await db.select({ total: count() }).from(userSubscriptions);
  const total = counted?.total ?? 0;
  const { page: current, pageCount, offset } = pageWindow(total, page, pageSize);
  // The page's ids first (on the list's index), then their customers: a deep page would otherwise
  // join a customer to every subscription it skips.
  const pageIds = db
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .orderBy(desc(userSubscriptions.createdAt), desc(userSubscriptions.id))
    .limit(pageSize)
    .offset(offset)
    .as('page_ids');
  const rows = await db
    .select({
      id: userSubscriptions.id,
      // An erased account's subscription is kept (cancelled) without its customer.
      userName: sql<string>`coalesce(${user.name}, ${DELETED_CUSTOMER_NAME})`,
      userEmail: sql<string>`coalesce(${user.email}, '')`,
      frequency: userSubscriptions.frequency,
      status: userSubscriptions.status,
      nextDeliveryDate: userSubscriptions.nextDeliveryDate,
      totalValue: userSubscriptions.totalValue,
      createdAt: userSubscriptions.createdAt,
    })
    .from(pageIds)
    .innerJoin(userSubscriptions, eq(userSubscriptions.id, pageIds.id))
    .leftJoin(user, eq(user.id, userSubscriptions.userId))
    .orderBy(desc(userSubscriptions.createdAt), desc(userSubscriptions.id));
  return { subscriptions: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total, page: current, pageCount };
}

export type AssignResult =
  | { status: 'assigned'; subscriptionId: string; userName: string }
  | { status: 'user-not-found' }
  | { status: 'already-subscribed' };

/**
 * An admin gives a subscription: a monthly, active subscription for the user with
 * this e-mail (any case), at the monthly option's price today, next date one month from
 * today. The one-live index decides, even for two assigns at the same moment:
 * a user with an active or paused subscription gets no second one.
 */
export async function assignSubscriptionByEmail(db: Database, email: string, today: string = todayInBrazil(), actorUserId?: string): Promise<AssignResult> {
  const [found] = await db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .limit(1);
  if (!found) return { status: 'user-not-found' };
  const plan = (await findPlanOption(db, 'monthly'))!;
  const next = addMonths(today, plan.months);
  try {
    const id = await db.transaction(async (tx) => {
      // An assigned plan is the store's gift for its first month: paid through its first date.
      const [row] = await tx
        .insert(userSubscriptions)
        .values({ userId: found.id, frequency: plan.frequency, status: 'active', anchorDate: today, nextDeliveryDate: next, totalValue: plan.price, paidThrough: next })
        .returning({ id: userSubscriptions.id });
      await logSubscriptionEvent(tx, { subscriptionId: row!.id, kind: 'created', from: null, to: 'active', actor: 'admin', actorUserId: actorUserId ?? null, note: 'Atribuída pelo administrador' });
      return row!.id;
    });
    return { status: 'assigned', subscriptionId: id, userName: found.name };
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'already-subscribed' };
    throw error;
  }
}

/** An admin removes a subscription: the record is deleted, whatever its status. False when there is no such id. */
export async function removeSubscription(db: Executor, subscriptionId: string): Promise<boolean> {
  const rows = await db.delete(userSubscriptions).where(eq(userSubscriptions.id, subscriptionId)).returning({ id: userSubscriptions.id });
  return rows.length > 0;
}
