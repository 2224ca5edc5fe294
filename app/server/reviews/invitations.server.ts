// "Avalie sua compra" (issue 36): REVIEW_INVITATION_DELAY_DAYS São Paulo days after an order is
// delivered, its buyer gets one e-mail with a link per product. Once per order by construction: the
// `review_invitations` row (primary key: the order) is inserted in the transaction that queues the
// e-mail, whose dedupe key is the order's too. An optional e-mail: only with receive_notifications on,
// with the one-click unsubscribe of that list ('notifications' in mail/unsubscribe).
import { and, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { Database, Executor } from '~/db/client.server';
import { orderEvents, orderItems, orders, reviewInvitations, reviews, user, userPreferences } from '~/db/schema';
import { DAY_MS, now } from '~/lib/clock';
import { shortOrderId } from '~/lib/order-status';
import { REVIEW_INVITATION_DELAY_DAYS, REVIEW_INVITATION_WINDOW_DAYS, reviewInvitationDue } from '~/lib/reviews';
import { getEnv } from '../infra/env.server';
import { enqueueMail, kickMailDelivery } from '../mail/outbox.server';
import { notificationsUnsubscribeLink } from '../mail/unsubscribe.server';

/** The customer's review form of one product of a delivered order. */
export function reviewFormPath(productId: string, orderId: string): string {
  return `/area-cliente/avaliacoes/${productId}?pedido=${orderId}`;
}

export function reviewInvitationEmail(order: { id: string; name: string }, items: readonly { productId: string; productName: string }[]) {
  const first = order.name.trim().split(/\s+/)[0] || 'Olá';
  return {
    subject: `Avalie sua compra: pedido ${shortOrderId(order.id)}`,
    text: [
      `${first}, seu pedido ${shortOrderId(order.id)} foi entregue há alguns dias. Como foi?`,
      'Sua avaliação ajuda outros clientes a escolher e nos ajuda a melhorar. Leva um minuto:',
      items.map((item) => `${item.productName}: ${getEnv().publicUrl}${reviewFormPath(item.productId, order.id)}`).join('\n'),
      'As avaliações são publicadas depois de uma rápida conferência, com o selo "Compra verificada".',
    ].join('\n\n'),
  };
}

/**
 * The job: every delivered order whose invitation is due and not yet recorded gets it (or, when its
 * buyer turned optional e-mails off or already reviewed everything, is recorded without one, so it is
 * never looked at again). Returns how many e-mails were queued.
 */
export async function sendReviewInvitations(db: Database): Promise<number> {
  const at = now();
  // Coarse in SQL (the São Paulo day rule is reviewInvitationDue's): delivered within the window, a day of slack each side.
  const delivered = await db
    .select({ id: orders.id, userId: orders.userId, deliveredAt: orderEvents.createdAt })
    .from(orders)
    .innerJoin(orderEvents, and(eq(orderEvents.orderId, orders.id), eq(orderEvents.toStatus, 'delivered')))
    .leftJoin(reviewInvitations, eq(reviewInvitations.orderId, orders.id))
    .where(
      and(
        eq(orders.status, 'delivered'),
        isNull(reviewInvitations.orderId),
        lte(orderEvents.createdAt, new Date(at.getTime() - (REVIEW_INVITATION_DELAY_DAYS - 1) * DAY_MS)),
        gte(orderEvents.createdAt, new Date(at.getTime() - (REVIEW_INVITATION_WINDOW_DAYS + 1) * DAY_MS)),
      ),
    );
  let queued = 0;
  for (const order of delivered) {
    if (order.userId === null || !reviewInvitationDue(order.deliveredAt, at)) continue;
    if (await inviteOnce(db, order.id, order.userId)) queued++;
  }
  if (queued) kickMailDelivery(db);
  return queued;
}

async function inviteOnce(db: Database, orderId: string, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx.insert(reviewInvitations).values({ orderId, sentAt: now() }).onConflictDoNothing().returning({ orderId: reviewInvitations.orderId });
    // Another run took it.
    if (!claimed) return false;
    const [person] = await tx
      .select({ name: user.name, email: user.email, notifications: userPreferences.receiveNotifications })
      .from(user)
      .leftJoin(userPreferences, eq(userPreferences.userId, user.id))
      .where(eq(user.id, userId));
    if (!person || person.notifications === false) return false;
    const items = await toReview(tx, orderId, userId);
    if (items.length === 0) return false;
    const mail = reviewInvitationEmail({ id: orderId, name: person.name }, items);
    const id = await enqueueMail(tx, { kind: 'review-invitation', to: person.email, ...mail, dedupeKey: `review-invitation:${orderId}`, unsubscribe: notificationsUnsubscribeLink(userId) });
    return id !== null;
  });
}

/** The order's products (still in the catalogue) the buyer has not reviewed yet, one line each. */
async function toReview(db: Executor, orderId: string, userId: string) {
  const items = await db.select({ productId: orderItems.productId, productName: orderItems.productName }).from(orderItems).where(eq(orderItems.orderId, orderId));
  const ids = [...new Set(items.map((i) => i.productId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return [];
  const done = new Set(
    (await db.select({ productId: reviews.productId }).from(reviews).where(and(eq(reviews.userId, userId), inArray(reviews.productId, ids)))).map((r) => r.productId),
  );
  const seen = new Set<string>();
  const out: { productId: string; productName: string }[] = [];
  for (const item of items) {
    if (item.productId === null || done.has(item.productId) || seen.has(item.productId)) continue;
    seen.add(item.productId);
    out.push({ productId: item.productId, productName: item.productName });
  }
  return out;
}
