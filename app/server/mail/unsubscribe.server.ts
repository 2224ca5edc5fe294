// One-click unsubscribe (issue 16, RFC 8058): the signed links optional e-mails carry, and what
// following one does. Lists: 'newsletter' (a sign-up's row: left by deleting it, so a later sign-up
// is a new row and the old link has nothing to act on), 'notifications' (a user: the
// receive_notifications preference turned off), 'stock_alert' (one back-in-stock request, marked
// unsubscribed) and 'cart_reminder' (a user: the cart_reminders preference turned off, issue 36;
// singular, as 'stock_alert', so no client chunk carries a table's name). The token is the only authorization: no login, no
// cookie, no CSRF token, as a mail provider's one-click POST carries none.
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { newsletterSubscriptions, stockAlerts, user, userPreferences } from '~/db/schema';
import { now } from '~/lib/clock';
import type { UnsubscribeList } from '~/lib/unsubscribe';
import { getEnv } from '../infra/env.server';
import type { UnsubscribeLink } from './outbox.server';
import { signUnsubscribeToken, unsubscribeKey, verifyUnsubscribeToken, type UnsubscribeSubject } from './unsubscribe-token.server';

export const UNSUBSCRIBE_PATH = '/descadastrar';

let cachedKey: { secret: string; key: Buffer } | undefined;

function key(): Buffer {
  const secret = getEnv().authSecret;
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: unsubscribeKey(secret) };
  return cachedKey.key;
}

function link(list: UnsubscribeList, subject: string): UnsubscribeLink {
  const token = signUnsubscribeToken(key(), { list, subject });
  return { list, url: `${getEnv().publicUrl}${UNSUBSCRIBE_PATH}?t=${token}` };
}

/** The link for a newsletter e-mail to this sign-up (its row id). */
export function newsletterUnsubscribeLink(subscriberId: string): UnsubscribeLink {
  return link('newsletter', subscriberId);
}

/** The link for an optional notification (reminders) to this user. */
export function notificationsUnsubscribeLink(userId: string): UnsubscribeLink {
  return link('notifications', userId);
}

/** The link for a back-in-stock e-mail (issue 36): leaves that one request (its row id). */
export function stockAlertUnsubscribeLink(alertId: string): UnsubscribeLink {
  return link('stock_alert', alertId);
}

/** The link for a cart reminder (issue 36) to this user: turns "Lembretes de carrinho" off. */
export function cartRemindersUnsubscribeLink(userId: string): UnsubscribeLink {
  return link('cart_reminder', userId);
}

/** What a token from a link says, or null when it was not made by this store (altered, forged, cut). */
export function readUnsubscribeToken(token: string): UnsubscribeSubject | null {
  return verifyUnsubscribeToken(key(), token);
}

/** What /descadastrar shows before the click: whose address, and whether it still gets these e-mails. */
export type UnsubscribeState = { list: UnsubscribeList; email: string | null; receiving: boolean };

export async function unsubscribeState(db: Executor, { list, subject }: UnsubscribeSubject): Promise<UnsubscribeState> {
  if (list === 'newsletter') {
    const [row] = await db.select({ email: newsletterSubscriptions.email }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, subject));
    return { list, email: row?.email ?? null, receiving: Boolean(row) };
  }
  if (list === 'stock_alert') {
    const [row] = await db.select({ email: stockAlerts.email, unsubscribedAt: stockAlerts.unsubscribedAt }).from(stockAlerts).where(eq(stockAlerts.id, subject));
    return { list, email: row?.email ?? null, receiving: Boolean(row) && row!.unsubscribedAt === null };
  }
  const [row] = await db
    .select({ email: user.email, notifications: userPreferences.receiveNotifications, cartReminders: userPreferences.cartReminders })
    .from(user)
    .leftJoin(userPreferences, eq(userPreferences.userId, user.id))
    .where(eq(user.id, subject));
  // Cart reminders are off without a row (the default); notifications are on.
  const receiving = list === 'cart_reminder' ? row?.cartReminders === true : row?.notifications !== false;
  return { list, email: row?.email ?? null, receiving: Boolean(row) && receiving };
}

/**
 * Leaves the list. Idempotent and safe twice at once: a delete of one row, or a conditional
 * upsert that changes the preference only while it is on. True when this call changed something.
 */
export async function unsubscribe(db: Executor, { list, subject }: UnsubscribeSubject): Promise<boolean> {
  if (list === 'newsletter') {
    const rows = await db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, subject)).returning({ id: newsletterSubscriptions.id });
    return rows.length > 0;
  }
  if (list === 'stock_alert') {
    const rows = await db
      .update(stockAlerts)
      .set({ unsubscribedAt: now() })
      .where(and(eq(stockAlerts.id, subject), isNull(stockAlerts.unsubscribedAt)))
      .returning({ id: stockAlerts.id });
    return rows.length > 0;
  }
  // A user that no longer exists has nothing to leave (and no preferences row may point at it).
  const [account] = await db.select({ id: user.id }).from(user).where(eq(user.id, subject));
  if (!account) return false;
  if (list === 'cart_reminder') {
    // Only a row with the switch on changes: off is the default, so no row means nothing to leave.
    const rows = await db
      .update(userPreferences)
      .set({ cartReminders: false, updatedAt: now() })
      .where(and(eq(userPreferences.userId, subject), eq(userPreferences.cartReminders, true)))
      .returning({ userId: userPreferences.userId });
    return rows.length > 0;
  }
  const rows = await db
    .insert(userPreferences)
    .values({ userId: subject, receiveNotifications: false })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { receiveNotifications: false, updatedAt: now() },
      setWhere: eq(userPreferences.receiveNotifications, true),
    })
    .returning({ userId: userPreferences.userId });
  return rows.length > 0;
}
