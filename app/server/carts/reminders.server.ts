// Cart reminders (issue 36): the job (jobs/runner, every 10 minutes) e-mails a customer who agreed
// to it ("Lembretes de carrinho", off by default) about a cart left with items: after 1 hour, and
// once more after 24 hours (lib/cart-reminders `dueReminderStep`). Exactly once per cart content and
// step: the reminder row's unique (user, cart_version, step) and the e-mail queued in the same
// transaction with the dedupe key `cart-reminder:<id>`. Each cart is decided again under its row
// lock, so a purchase (which empties it: carts.server `cartBought`), an emptied cart or consent
// turned off (Preferências or the one-click link) committed before stops it at once. Never to a
// banned account; an erased one has no cart left (deleted with the account).
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '~/db/client.server';
import { cartReminders, carts, user, userPreferences } from '~/db/schema';
import { subtotalCents, type CartItem } from '~/lib/cart';
import { dueReminderStep, FIRST_REMINDER_AFTER_MS, MAX_REMINDABLE_AGE_MS, type ReminderStep } from '~/lib/cart-reminders';
import { now } from '~/lib/clock';
import { centsToDecimal, formatBRL, formatPrice, toCents } from '~/lib/money';
import { getEnv } from '../infra/env.server';
import { enqueueMail, kickMailDelivery, type OutgoingMail } from '../mail/outbox.server';
import { cartRemindersUnsubscribeLink } from '../mail/unsubscribe.server';
import { hashReminderToken, storedItems } from './carts.server';

export const CART_RESTORE_PATH = '/carrinho/recuperar';

/** Carts looked at per run; the rest wait for the next run (every 10 minutes). */
const BATCH = 200;

const consenting = and(eq(userPreferences.cartReminders, true), sql`coalesce(${user.banned}, false) = false`);

/** The reminders due now, each in its own transaction; returns how many e-mails were queued. */
export async function runCartReminders(db: Database): Promise<number> {
  const at = now();
  const candidates = await db
    .select({ userId: carts.userId })
    .from(carts)
    .innerJoin(user, eq(user.id, carts.userId))
    .innerJoin(userPreferences, eq(userPreferences.userId, carts.userId))
    .where(
      and(
        consenting,
        sql`${carts.items} <> '[]'::jsonb`,
        lte(carts.contentChangedAt, new Date(at.getTime() - FIRST_REMINDER_AFTER_MS)),
        gte(carts.contentChangedAt, new Date(at.getTime() - MAX_REMINDABLE_AGE_MS)),
      ),
    )
    .orderBy(asc(carts.contentChangedAt))
    .limit(BATCH);
  let queued = 0;
  for (const { userId } of candidates) {
    if (await db.transaction((tx) => remindCart(tx, userId))) queued++;
  }
  if (queued) kickMailDelivery(db);
  return queued;
}

/** One customer's cart, decided under its row lock. True when a reminder was queued. */
async function remindCart(tx: Transaction, userId: string): Promise<boolean> {
  const at = now();
  const [cart] = await tx
    .select({ items: carts.items, version: carts.version, contentChangedAt: carts.contentChangedAt, email: user.email, name: user.name })
    .from(carts)
    .innerJoin(user, eq(user.id, carts.userId))
    .innerJoin(userPreferences, eq(userPreferences.userId, carts.userId))
    .where(and(eq(carts.userId, userId), consenting))
    .for('update', { of: carts });
  if (!cart) return false;
  const items = storedItems(cart.items);
  if (items.length === 0) return false;
  const sent = await tx
    .select({ step: cartReminders.step, cartVersion: cartReminders.cartVersion, sentAt: cartReminders.sentAt })
    .from(cartReminders)
    .where(eq(cartReminders.userId, userId));
  const step = dueReminderStep(cart, sent, at);
  if (!step) return false;
  const token = randomBytes(24).toString('base64url');
  const [row] = await tx
    .insert(cartReminders)
    .values({ userId, step, cartVersion: cart.version, items, subtotal: centsToDecimal(subtotalCents(items)), tokenHash: hashReminderToken(token), sentAt: at })
    .onConflictDoNothing()
    .returning({ id: cartReminders.id });
  if (!row) return false;
  await enqueueMail(tx, cartReminderEmail({ step, items, name: cart.name, email: cart.email, userId, token, reminderId: row.id }));
  return true;
}

const SUBJECTS: Record<ReminderStep, string> = {
  1: 'Você esqueceu algo no carrinho',
  2: 'Seu carrinho ainda está esperando por você',
};

/** The e-mail of one reminder: the lines (display prices), the restore link and the one-click unsubscribe. */
export function cartReminderEmail(input: { step: ReminderStep; items: CartItem[]; name: string; email: string; userId: string; token: string; reminderId: string }): OutgoingMail {
  const url = `${getEnv().publicUrl}${CART_RESTORE_PATH}/${input.token}`;
  const first = input.name.trim().split(/\s+/)[0] || 'cliente';
  const subtotal = formatBRL(subtotalCents(input.items));
  const intro =
    input.step === 1
      ? 'Você deixou estes produtos no carrinho da Clarear. Eles continuam separados para você:'
      : 'Passou um dia e seus produtos continuam no carrinho da Clarear. Este é o último lembrete deste carrinho:';
  const lines = input.items.map((i) => `${i.quantity} × ${i.name}${i.size ? ` (${i.size})` : ''} — ${formatPrice(i.price)} cada`);
  const unsubscribe = cartRemindersUnsubscribeLink(input.userId);
  const outro = 'Os preços e a disponibilidade são confirmados no checkout.';
  return {
    kind: `cart-reminder-${input.step}`,
    to: input.email,
    subject: SUBJECTS[input.step],
    text: [`Olá, ${first}!`, intro, lines.join('\n'), `Subtotal estimado: ${subtotal}`, `Recuperar meu carrinho: ${url}`, outro].join('\n\n'),
    dedupeKey: `cart-reminder:${input.reminderId}`,
    unsubscribe,
    content: {
      preview: intro,
      heading: SUBJECTS[input.step],
      paragraphs: [`Olá, ${first}!`, intro, `Subtotal estimado: ${subtotal}. ${outro}`],
      lines: input.items.map((i) => ({ quantity: i.quantity, name: i.name, size: i.size ?? null, unitPrice: centsToDecimal(toCents(i.price)) })),
      button: { label: 'Recuperar meu carrinho', url },
      unsubscribe,
    },
  };
}
