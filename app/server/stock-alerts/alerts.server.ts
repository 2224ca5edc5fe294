// "Avise-me quando chegar" (issue 36): requests on sold-out sizes, a visitor's confirmation, and the
// e-mails when a size is back. The one writer of `stock_alerts` (besides the one-click unsubscribe
// in mail/unsubscribe and the LGPD erase).
// Exactly once: every writer of product_variants.stock calls `notifyRestocked` in its own
// transaction after the update, with the size's row still locked; a live confirmed request on a
// size that is sellable again is marked notified and its e-mail queued (dedupe key per request)
// there. Requests exist only while the size is at 0 (checked under a share lock on the size, so a
// restock cannot slip between the check and the insert), so "live on a sellable size" is exactly
// "the size went from 0 to available": a later n → m finds nobody left to notify.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Executor, Transaction } from '~/db/client.server';
import { products, productVariants, stockAlerts } from '~/db/schema';
import { now } from '~/lib/clock';
import { STOCK_ALERT_TOKEN_MAX_LENGTH, takesStockAlert, type StockAlertStatus } from '~/lib/stock-alerts';
import { getEnv } from '../infra/env.server';
import { enqueueMail, enqueueMails, type OutgoingMail } from '../mail/outbox.server';
import { stockAlertUnsubscribeLink } from '../mail/unsubscribe.server';

export const STOCK_ALERT_CONFIRM_PATH = '/avise-me/confirmar';

const live = and(isNull(stockAlerts.notifiedAt), isNull(stockAlerts.unsubscribedAt));

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type SizeOf = { name: string; slug: string; size: string };

function productUrl(slug: string): string {
  return `${getEnv().publicUrl}/produtos/${slug}`;
}

export function stockAlertConfirmEmail(size: SizeOf, token: string): { subject: string; text: string } {
  return {
    subject: `Confirme seu aviso: ${size.name} (${size.size})`,
    text: [
      'Olá!',
      `Recebemos um pedido para avisar este e-mail quando ${size.name} (${size.size}) voltar ao estoque da Clarear.`,
      `Para confirmar, abra o link: ${getEnv().publicUrl}${STOCK_ALERT_CONFIRM_PATH}/${token}`,
      'Se não foi você, ignore este e-mail: sem a confirmação, nenhum aviso será enviado.',
    ].join('\n\n'),
  };
}

export function backInStockEmail(size: SizeOf): { subject: string; text: string } {
  return {
    subject: `Voltou ao estoque: ${size.name} (${size.size})`,
    text: [
      'Olá!',
      `Boa notícia: ${size.name} (${size.size}) voltou ao estoque da Clarear.`,
      `Garanta o seu: ${productUrl(size.slug)}`,
      'Este foi o único aviso deste pedido; as unidades podem acabar de novo.',
    ].join('\n\n'),
  };
}

/** The size with its row share-locked: a restock (which updates it) waits for this transaction, and vice versa. */
async function lockSize(tx: Transaction, variantId: string) {
  const [row] = await tx
    .select({ stock: productVariants.stock, size: productVariants.size, name: products.name, slug: products.slug, isKit: products.isKit })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId))
    .for('share', { of: productVariants });
  return row;
}

export type StockAlertRequest = { variantId: string; email: string; userId: string | null };

/**
 * A request on a sold-out size. Signed in (`userId`): recorded confirmed at once with the account's
 * e-mail. A visitor: recorded unconfirmed, with a confirmation e-mail queued (the caller kicks delivery
 * on 'confirm_sent'). One live request per size and e-mail: asking again answers 'duplicate'.
 */
export async function requestStockAlert(db: Executor, request: StockAlertRequest): Promise<StockAlertStatus> {
  const email = request.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const size = await lockSize(tx, request.variantId);
    if (!size || size.isKit) return 'not_found';
    if (!takesStockAlert(size.stock)) return 'available';
    if (request.userId) {
      const [row] = await tx
        .insert(stockAlerts)
        .values({ variantId: request.variantId, userId: request.userId, email, confirmedAt: now(), createdAt: now() })
        .onConflictDoNothing()
        .returning({ id: stockAlerts.id });
      if (row) return 'created';
      // A visitor's request with this address, never confirmed: the signed-in owner confirms it now.
      const confirmed = await tx
        .update(stockAlerts)
        .set({ userId: request.userId, confirmedAt: now() })
        .where(and(eq(stockAlerts.variantId, request.variantId), eq(stockAlerts.email, email), live, isNull(stockAlerts.confirmedAt)))
        .returning({ id: stockAlerts.id });
      return confirmed.length ? 'created' : 'duplicate';
    }
    const token = randomBytes(24).toString('base64url');
    const [row] = await tx
      .insert(stockAlerts)
      .values({ variantId: request.variantId, email, confirmTokenHash: hashToken(token), createdAt: now() })
      .onConflictDoNothing()
      .returning({ id: stockAlerts.id });
    if (!row) return 'duplicate';
    await enqueueMail(tx, { kind: 'stock-alert-confirm', to: email, ...stockAlertConfirmEmail(size, token), dedupeKey: `stock-alert-confirm:${row.id}` });
    return 'confirm_sent';
  });
}

export type StockAlertByToken = { email: string; name: string; slug: string; size: string; confirmed: boolean; live: boolean };

/** What a confirmation link is for (the page shows it before the click); null for an unknown token. */
export async function stockAlertByToken(db: Executor, token: string): Promise<StockAlertByToken | null> {
  if (!token || token.length > STOCK_ALERT_TOKEN_MAX_LENGTH) return null;
  const [row] = await db
    .select({ email: stockAlerts.email, name: products.name, slug: products.slug, size: productVariants.size, confirmedAt: stockAlerts.confirmedAt, notifiedAt: stockAlerts.notifiedAt, unsubscribedAt: stockAlerts.unsubscribedAt })
    .from(stockAlerts)
    .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(stockAlerts.confirmTokenHash, hashToken(token)));
  if (!row) return null;
  return { email: row.email, name: row.name, slug: row.slug, size: row.size, confirmed: row.confirmedAt !== null, live: row.notifiedAt === null && row.unsubscribedAt === null };
}

/**
 * Confirms a visitor's request from its link. Twice is harmless. A size already back by now is
 * e-mailed at once (the restock found the request unconfirmed and left it). Null for an unknown token.
 */
export async function confirmStockAlert(db: Executor, token: string): Promise<StockAlertByToken | null> {
  if (!token || token.length > STOCK_ALERT_TOKEN_MAX_LENGTH) return null;
  const hash = hashToken(token);
  const [found] = await db.select({ variantId: stockAlerts.variantId }).from(stockAlerts).where(eq(stockAlerts.confirmTokenHash, hash));
  if (!found) return null;
  await db.transaction(async (tx) => {
    await lockSize(tx, found.variantId);
    const rows = await tx
      .update(stockAlerts)
      .set({ confirmedAt: now() })
      .where(and(eq(stockAlerts.confirmTokenHash, hash), isNull(stockAlerts.confirmedAt), live))
      .returning({ id: stockAlerts.id });
    if (rows.length) await notifyRestocked(tx, [found.variantId]);
  });
  return stockAlertByToken(db, token);
}

/**
 * Call in the transaction that changed these sizes' stock, after the change: every live confirmed
 * request on a size now sellable is marked notified and its e-mail queued, once (the update's
 * `notified_at is null` and the dedupe key). Returns how many were queued.
 */
export async function notifyRestocked(tx: Executor, variantIds: readonly string[]): Promise<number> {
  if (variantIds.length === 0) return 0;
  const waiting = await tx
    .select({ id: stockAlerts.id, email: stockAlerts.email, stock: productVariants.stock, size: productVariants.size, name: products.name, slug: products.slug })
    .from(stockAlerts)
    .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(stockAlerts.variantId, [...variantIds]), live, isNotNull(stockAlerts.confirmedAt)))
    .orderBy(asc(stockAlerts.id));
  const due = waiting.filter((row) => !takesStockAlert(row.stock));
  if (due.length === 0) return 0;
  const marked = await tx
    .update(stockAlerts)
    .set({ notifiedAt: now() })
    .where(and(inArray(stockAlerts.id, due.map((row) => row.id)), isNull(stockAlerts.notifiedAt)))
    .returning({ id: stockAlerts.id });
  const ids = new Set(marked.map((row) => row.id));
  const mails: OutgoingMail[] = due
    .filter((row) => ids.has(row.id))
    .map((row) => ({ kind: 'stock-alert', to: row.email, ...backInStockEmail(row), dedupeKey: `stock-alert:${row.id}`, unsubscribe: stockAlertUnsubscribeLink(row.id) }));
  return enqueueMails(tx, mails);
}

/** The admin's product page: how many confirmed requests wait on each size ("3 aguardando"). */
export async function waitingBySize(db: Executor, productId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ variantId: stockAlerts.variantId, waiting: count() })
    .from(stockAlerts)
    .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .where(and(eq(productVariants.productId, productId), live, isNotNull(stockAlerts.confirmedAt)))
    .groupBy(stockAlerts.variantId);
  return Object.fromEntries(rows.map((row) => [row.variantId, Number(row.waiting)]));
}
