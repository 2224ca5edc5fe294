// A signed-in customer's cart kept on the server (issue 36): the same cart on phone and computer.
// The one writer of `carts` (besides the LGPD erase, by cascade) and of `cart_reminders`' restore
// and recovery marks; the reminders themselves are in reminders.server.ts.
// The browser's list stays the cart a page works with (lib/cart-store); every change is posted
// here (POST /carrinho/sync) and a sign-in merges both (lib/cart-reminders `mergeCarts`). One row
// per customer, locked while written: two devices' posts run one after the other, and `version`
// (bumped only when the content really changes) tells a browser whether its copy is current.
// Prices here are what the browser showed: display only, every checkout reprices on the server.
import { createHash } from 'node:crypto';
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '~/db/client.server';
import { cartReminders, carts, orders } from '~/db/schema';
import type { CartItem } from '~/lib/cart';
import { mergeCarts, RECOVERY_WINDOW_MS, sameCart } from '~/lib/cart-reminders';
import { now } from '~/lib/clock';
import { cartItemSchema, type CartSyncRequest } from '~/lib/schemas/cart';

export type ServerCart = { items: CartItem[]; version: number };

/** Lines read back from jsonb: each checked again, anything malformed dropped rather than trusted. */
export function storedItems(value: unknown): CartItem[] {
  if (!Array.isArray(value)) return [];
  const items: CartItem[] = [];
  for (const raw of value) {
    const parsed = cartItemSchema.safeParse(raw);
    if (parsed.success && !items.some((i) => i.id === parsed.data.id)) items.push(parsed.data);
  }
  return items;
}

/** The version the browser compares with its own (root loader); 0 before the first save. */
export async function cartVersionOf(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ version: carts.version }).from(carts).where(eq(carts.userId, userId));
  return row?.version ?? 0;
}

export async function getServerCart(db: Executor, userId: string): Promise<ServerCart> {
  const [row] = await db.select({ items: carts.items, version: carts.version }).from(carts).where(eq(carts.userId, userId));
  return row ? { items: storedItems(row.items), version: row.version } : { items: [], version: 0 };
}

/**
 * The browser's post (lib/schemas/cart explains the modes). `put` on the version it last saw
 * replaces the cart (a removal stays removed); anything else is merged, so no device's line is
 * lost to another's (the cost: a line removed on one device while another, out of date, changed
 * its cart comes back once). Returns the cart now, which the browser adopts.
 */
export async function syncCart(db: Database, userId: string, request: CartSyncRequest): Promise<ServerCart> {
  if (request.mode === 'pull') return getServerCart(db, userId);
  return db.transaction(async (tx) => {
    await tx.insert(carts).values({ userId, createdAt: now(), contentChangedAt: now() }).onConflictDoNothing();
    const [row] = await tx.select({ items: carts.items, version: carts.version }).from(carts).where(eq(carts.userId, userId)).for('update');
    const current = storedItems(row!.items);
    // Read back as stored (the same key order), so an unchanged list compares equal.
    const next = storedItems(request.mode === 'put' && request.base === row!.version ? request.items : mergeCarts(current, request.items));
    if (sameCart(next, current)) return { items: current, version: row!.version };
    const [saved] = await tx
      .update(carts)
      .set({ items: next, version: sql`${carts.version} + 1`, contentChangedAt: now() })
      .where(eq(carts.userId, userId))
      .returning({ version: carts.version });
    return { items: next, version: saved!.version };
  });
}

/**
 * Call in the order's transaction (flows/checkout commitOrder): the cart was bought, so it is
 * emptied (a new version: no reminder for it any more, and every device's copy empties at its next
 * page load) — unless `keepCart` (an orçamento's checkout buys the quote, not the cart). The
 * customer's latest reminder sent within RECOVERY_WINDOW_MS (7 days) and not yet recovered (or
 * recovered by an order since cancelled) is marked recovered by this order, for Relatórios.
 */
export async function cartBought(tx: Executor, userId: string, orderId: string, options: { keepCart?: boolean } = {}): Promise<void> {
  const at = now();
  if (!options.keepCart) {
    await tx
      .update(carts)
      .set({ items: [], version: sql`${carts.version} + 1`, contentChangedAt: at })
      .where(and(eq(carts.userId, userId), sql`${carts.items} <> '[]'::jsonb`));
  }
  const [latest] = await tx
    .select({ id: cartReminders.id, recoveredOrderId: cartReminders.recoveredOrderId, recoveredStatus: orders.status })
    .from(cartReminders)
    .leftJoin(orders, eq(orders.id, cartReminders.recoveredOrderId))
    .where(and(eq(cartReminders.userId, userId), gte(cartReminders.sentAt, new Date(at.getTime() - RECOVERY_WINDOW_MS))))
    .orderBy(desc(cartReminders.sentAt), desc(cartReminders.step))
    .limit(1);
  // Not yet recovered, or recovered by an order that came to nothing (cancelled unpaid, or refunded):
  // the order that does pay is the recovery.
  if (latest && (latest.recoveredOrderId === null || latest.recoveredStatus === 'cancelled')) {
    await tx
      .update(cartReminders)
      .set({ recoveredOrderId: orderId, recoveredAt: at })
      .where(and(eq(cartReminders.id, latest.id), latest.recoveredOrderId === null ? isNull(cartReminders.recoveredOrderId) : eq(cartReminders.recoveredOrderId, latest.recoveredOrderId)));
  }
}

export function hashReminderToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Longer than any token this store makes (32 base64url characters): refused before hashing. */
export const REMINDER_TOKEN_MAX_LENGTH = 100;

/** The lines a "Recuperar meu carrinho" link restores, or null for an unknown token. Reads only. */
export async function remindedCart(db: Executor, token: string): Promise<CartItem[] | null> {
  if (!token || token.length > REMINDER_TOKEN_MAX_LENGTH) return null;
  const [row] = await db.select({ items: cartReminders.items }).from(cartReminders).where(eq(cartReminders.tokenHash, hashReminderToken(token)));
  return row ? storedItems(row.items) : null;
}

/**
 * The link was followed and its lines put back in the browser's cart: marked once (the first time
 * counts; later visits change nothing). False for an unknown token.
 */
export async function markReminderRestored(db: Executor, token: string): Promise<boolean> {
  if (!token || token.length > REMINDER_TOKEN_MAX_LENGTH) return false;
  const hash = hashReminderToken(token);
  await db.update(cartReminders).set({ restoredAt: now() }).where(and(eq(cartReminders.tokenHash, hash), isNull(cartReminders.restoredAt)));
  const [row] = await db.select({ id: cartReminders.id }).from(cartReminders).where(eq(cartReminders.tokenHash, hash));
  return Boolean(row);
}

/** "Baixar meus dados" (privacy/export): the server-kept cart and the reminders e-mailed about it (no token hash). */
export async function cartDataOf(tx: Executor, userId: string) {
  const [cart] = await tx.select({ items: carts.items, versao: carts.version, alteradoEm: carts.contentChangedAt, criadoEm: carts.createdAt }).from(carts).where(eq(carts.userId, userId));
  const reminders = await tx
    .select({ etapa: cartReminders.step, itens: cartReminders.items, subtotal: cartReminders.subtotal, enviadoEm: cartReminders.sentAt, recuperadoNoLinkEm: cartReminders.restoredAt, pedidoRecuperado: cartReminders.recoveredOrderId, recuperadoEm: cartReminders.recoveredAt })
    .from(cartReminders)
    .where(eq(cartReminders.userId, userId))
    .orderBy(desc(cartReminders.sentAt));
  return { carrinho: cart ?? null, lembretesDeCarrinho: reminders };
}
