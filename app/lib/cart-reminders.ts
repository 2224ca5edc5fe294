// Carts that are not lost (issue 36): the pure rules of the cart a signed-in customer keeps on the
// server (merging two devices' lists) and of the reminders e-mailed about a cart left behind. The
// server area (server/carts) and the browser's sync (lib/cart-sync) both follow these.
import { addItem, MAX_CART_LINES, MAX_LINE_QUANTITY, type Cart, type CartItem } from './cart';
import { DAY_MS, HOUR_MS } from './clock';

/** Step 1: the cart untouched for this long. */
export const FIRST_REMINDER_AFTER_MS = HOUR_MS;
/** Step 2: the cart untouched for this long, and step 1 sent for the same content. */
export const SECOND_REMINDER_AFTER_MS = DAY_MS;
/** Step 2 never comes sooner than this after step 1 (a consent given late must not send both in minutes). */
export const MIN_GAP_BETWEEN_STEPS_MS = 12 * HOUR_MS;
/** A cart left longer than this is not reminded any more (the moment has passed). */
export const MAX_REMINDABLE_AGE_MS = 7 * DAY_MS;
/** After a reminder, another cart's first reminder waits this long: at most one new series a day. */
export const QUIET_AFTER_REMINDER_MS = DAY_MS;
/** An order placed within this long after the customer's latest reminder counts as recovered by it. */
export const RECOVERY_WINDOW_MS = 7 * DAY_MS;

export type ReminderStep = 1 | 2;

/** What was already e-mailed to this customer (any cart version). */
export type SentReminder = { step: number; cartVersion: number; sentAt: Date };

/**
 * The reminder due now for a cart with items, or null. Step 1 after 1 hour untouched, step 2 after
 * 24 hours and only if step 1 was sent for this very content (version), each once. Never for a
 * cart older than 7 days, and a new series waits a day after the customer's last reminder.
 */
export function dueReminderStep(cart: { version: number; contentChangedAt: Date }, sent: readonly SentReminder[], at: Date): ReminderStep | null {
  const idle = at.getTime() - cart.contentChangedAt.getTime();
  if (idle < FIRST_REMINDER_AFTER_MS || idle > MAX_REMINDABLE_AGE_MS) return null;
  const ofThisCart = sent.filter((r) => r.cartVersion === cart.version);
  if (ofThisCart.some((r) => r.step === 2)) return null;
  const first = ofThisCart.find((r) => r.step === 1);
  if (first) {
    return idle >= SECOND_REMINDER_AFTER_MS && at.getTime() - first.sentAt.getTime() >= MIN_GAP_BETWEEN_STEPS_MS ? 2 : null;
  }
  const latest = Math.max(-Infinity, ...sent.map((r) => r.sentAt.getTime()));
  return at.getTime() - latest >= QUIET_AFTER_REMINDER_MS ? 1 : null;
}

/**
 * Two lists of the same customer's cart as one (sign-in, or two devices changed it at once): every
 * line of both (by line id), the larger quantity of a line in both (never the sum: the same units
 * seen twice are not more units), the newer list's details for it (`incoming`: what the customer is
 * looking at now), the lines of `kept` first. One plan at a time: `incoming`'s plan wins. The
 * limits of lib/cart hold (99 units a line, 50 lines: lines past it are dropped, `kept`'s first).
 */
export function mergeCarts(kept: Cart, incoming: Cart): CartItem[] {
  const incomingPlan = incoming.find((line) => line.is_subscription);
  const byId = new Map(incoming.map((line) => [line.id, line]));
  const merged: CartItem[] = [];
  for (const line of kept) {
    if (incomingPlan && line.is_subscription && line.id !== incomingPlan.id) continue;
    const other = byId.get(line.id);
    merged.push(other ? { ...other, quantity: Math.min(MAX_LINE_QUANTITY, Math.max(line.quantity, other.quantity)) } : line);
  }
  let next: CartItem[] = merged.slice(0, MAX_CART_LINES);
  for (const line of incoming) {
    if (next.some((l) => l.id === line.id) || next.length >= MAX_CART_LINES) continue;
    if (line.is_subscription) next = next.filter((l) => !l.is_subscription);
    next = addItem(next, line);
  }
  return next;
}

/** Whether two lists are the same cart content (what bumps the version and restarts the reminders). */
export function sameCart(a: Cart, b: Cart): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
