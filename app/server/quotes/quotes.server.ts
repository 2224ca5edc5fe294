// Orçamentos (issue 35): the one writer of `quotes`, `quote_items` and `quote_messages`. A
// customer asks from the cart (its lines at today's list prices, read here, never the browser's),
// the admin answers per line (each answer bumps `version`), both sides write in the thread, the
// customer declines or accepts (the order itself: flows/checkout through `holdQuoteForOrder`).
// Every step queues its e-mail to the other side in its own transaction.
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '~/db/client.server';
import { orders, products, productVariants, quoteItems, quoteMessages, quotes, storeSettings } from '~/db/schema';
import { now } from '~/lib/clock';
import { centsToDecimal, toCents } from '~/lib/money';
import { todayInBrazil } from '~/lib/plans';
import {
  acceptRefusal,
  isQuoteExpired,
  mayAnswer,
  mayDecline,
  QUOTE_MESSAGES,
  QUOTE_STATUSES,
  quoteRequestRefusal,
  quoteTotalCents,
  type QuoteAuthor,
  type QuoteStatus,
} from '~/lib/quotes';
import type { CartLineInput } from '~/lib/schemas/checkout';
import type { QuoteAnswerInput } from '~/lib/schemas/quotes';
import { tierFor } from '~/lib/volume-price';
import { tiersOfVariants } from '../catalog/price-tiers.server';
import { companyOfUser } from '../companies/membership.server';
import { kickMailDelivery } from '../mail/outbox.server';
import { queueQuoteEmail } from './emails.server';

/** A step refused: `status` is the HTTP answer (404 not yours or none, 409 a state that forbids it, 422 a rule). */
export class QuoteError extends Error {
  constructor(
    message: string,
    readonly status: 404 | 409 | 422,
  ) {
    super(message);
  }
}

export type QuoteLine = {
  id: string;
  lineId: string | null;
  isKit: boolean;
  productId: string | null;
  productName: string;
  size: string | null;
  quantity: number;
  listCents: number;
  unitCents: number | null;
};

export type QuoteMessage = { id: string; author: QuoteAuthor; authorName: string | null; body: string; createdAt: Date };

export type QuoteDetail = {
  id: string;
  userId: string | null;
  companyId: string | null;
  status: QuoteStatus;
  zipCode: string | null;
  freightCents: number | null;
  validUntil: string | null;
  answeredAt: Date | null;
  decidedAt: Date | null;
  orderId: string | null;
  version: number;
  createdAt: Date;
  items: QuoteLine[];
  messages: QuoteMessage[];
  /** Goods at the answered prices plus the quoted freight; null before an answer. */
  totalCents: number | null;
  listTotalCents: number;
  /** Accepted, but its order was cancelled (a declined card, a Pix not paid): it may be paid again. */
  orderCancelled?: boolean;
};

export type QuoteSummary = { id: string; status: QuoteStatus; createdAt: Date; validUntil: string | null; units: number; totalCents: number | null; customerName: string | null; customerEmail: string | null; orderId: string | null };

/** The store's minimum of units for a consumer's quote (/admin/settings). */
export async function quoteMinQuantity(db: Executor): Promise<number> {
  const [row] = await db.select({ min: storeSettings.quoteMinQuantity }).from(storeSettings).where(eq(storeSettings.id, 1));
  return row?.min ?? 50;
}

/** Who may ask, for the cart's button: a company member always, anyone else from the minimum. */
export async function quoteEligibility(db: Executor, userId: string): Promise<{ companyMember: boolean; minQuantity: number }> {
  const [company, minQuantity] = await Promise.all([companyOfUser(db, userId), quoteMinQuantity(db)]);
  return { companyMember: company !== null, minQuantity };
}

/** Today's list price of each cart line (a kit's or a size's), by its id. */
async function listPrices(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, { productId: string; name: string; size: string | null; priceCents: number; isKit: boolean }>();
  const [kits, sizes] = await Promise.all([
    db.select({ id: products.id, name: products.name, price: products.price }).from(products).where(and(inArray(products.id, ids), eq(products.isKit, true))),
    db
      .select({ id: productVariants.id, productId: products.id, name: products.name, size: productVariants.size, price: productVariants.price })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(productVariants.id, ids)),
  ]);
  const map = new Map<string, { productId: string; name: string; size: string | null; priceCents: number; isKit: boolean }>();
  for (const k of kits) map.set(k.id, { productId: k.id, name: k.name, size: null, priceCents: toCents(k.price), isKit: true });
  for (const s of sizes) map.set(s.id, { productId: s.productId, name: s.name, size: s.size, priceCents: toCents(s.price), isKit: false });
  return map;
}

/**
 * "Solicitar orçamento": the cart's lines at today's list prices, the note as the thread's first
 * message, the company's when the customer buys for one. Refused in pt-BR below the store's
 * minimum (a consumer), with the plan in the cart, or with a line the store no longer sells.
 */
export async function requestQuote(db: Database, buyer: { id: string }, input: { cart: CartLineInput[]; note: string; cep?: string | undefined }): Promise<{ id: string }> {
  if (input.cart.some((l) => l.is_subscription)) throw new QuoteError(QUOTE_MESSAGES.planInCart, 422);
  const units = input.cart.reduce((sum, l) => sum + l.quantity, 0);
  const [company, minQuantity, prices, tiers] = await Promise.all([
    companyOfUser(db, buyer.id),
    quoteMinQuantity(db),
    listPrices(db, input.cart.map((l) => l.id)),
    tiersOfVariants(db, input.cart.map((l) => l.id)),
  ]);
  const refusal = quoteRequestRefusal({ companyMember: company !== null, units, minQuantity });
  if (refusal) throw new QuoteError(refusal, 422);
  if (input.cart.some((l) => !prices.has(l.id))) throw new QuoteError(QUOTE_MESSAGES.cartChanged, 409);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quotes)
      .values({ userId: buyer.id, companyId: company?.id ?? null, zipCode: input.cep ?? null })
      .returning({ id: quotes.id, version: quotes.version });
    const quoteId = row!.id;
    await tx.insert(quoteItems).values(
      input.cart.map((line, index) => {
        const p = prices.get(line.id)!;
        // The list price is what the cart costs today: a size's volume tier for the cart's units of it.
        const units = input.cart.filter((l) => l.id === line.id).reduce((sum, l) => sum + l.quantity, 0);
        const listCents = p.isKit ? p.priceCents : tierFor(p.priceCents, tiers.get(line.id) ?? [], units).priceCents;
        return { quoteId, lineId: line.id, isKit: p.isKit, productId: p.productId, productName: p.name, size: p.size, quantity: line.quantity, listPrice: centsToDecimal(listCents), position: index + 1 };
      }),
    );
    await tx.insert(quoteMessages).values({ quoteId, author: 'customer', authorUserId: buyer.id, body: input.note });
    const mail = { id: quoteId, userId: buyer.id, version: 0, freightCents: null, validUntil: null, totalCents: null };
    await queueQuoteEmail(tx, 'requested', mail, 'once');
    await queueQuoteEmail(tx, 'requested-store', mail, 'once', { body: input.note });
    return quoteId;
  });
  kickMailDelivery(db);
  return { id };
}

/** Answered quotes whose last day has passed become expirado: one set-based update (the job, and every read). */
export async function expireQuotes(db: Executor, today = todayInBrazil()): Promise<number> {
  const rows = await db
    .update(quotes)
    .set({ status: 'expired', updatedAt: now() })
    .where(and(eq(quotes.status, 'answered'), lt(quotes.validUntil, today)))
    .returning({ id: quotes.id });
  return rows.length;
}

async function expireOne(db: Executor, id: string): Promise<void> {
  await db
    .update(quotes)
    .set({ status: 'expired', updatedAt: now() })
    .where(and(eq(quotes.id, id), eq(quotes.status, 'answered'), lt(quotes.validUntil, todayInBrazil())));
}

async function detailOf(db: Executor, id: string): Promise<QuoteDetail | null> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  if (!row) return null;
  const [items, messages] = await Promise.all([
    db.select().from(quoteItems).where(eq(quoteItems.quoteId, id)).orderBy(asc(quoteItems.position)),
    db.execute<{ id: string; author: QuoteAuthor; author_name: string | null; body: string; created_at: Date | string }>(
      sql`select m.id, m.author, u.name as author_name, m.body, m.created_at from quote_messages m left join "user" u on u.id = m.author_user_id where m.quote_id = ${id} order by m.created_at, m.id`,
    ),
  ]);
  const lines: QuoteLine[] = items.map((i) => ({
    id: i.id,
    lineId: i.lineId,
    isKit: i.isKit,
    productId: i.productId,
    productName: i.productName,
    size: i.size,
    quantity: i.quantity,
    listCents: toCents(i.listPrice),
    unitCents: i.unitPrice === null ? null : toCents(i.unitPrice),
  }));
  const freightCents = row.freightPrice === null ? null : toCents(row.freightPrice);
  return {
    id: row.id,
    userId: row.userId,
    companyId: row.companyId,
    status: row.status,
    zipCode: row.zipCode,
    freightCents,
    validUntil: row.validUntil,
    answeredAt: row.answeredAt,
    decidedAt: row.decidedAt,
    orderId: row.orderId,
    version: row.version,
    createdAt: row.createdAt,
    items: lines,
    messages: messages.rows.map((m) => ({ id: m.id, author: m.author, authorName: m.author_name, body: m.body, createdAt: new Date(m.created_at) })),
    totalCents: row.status === 'new' ? null : quoteTotalCents(lines, freightCents),
    listTotalCents: lines.reduce((sum, l) => sum + l.listCents * l.quantity, 0),
  };
}

/** Whether this person may see and act on the quote: its requester, or a member of its company now. */
async function mayAccess(db: Executor, userId: string, quote: { userId: string | null; companyId: string | null }): Promise<boolean> {
  if (quote.userId === userId) return true;
  if (!quote.companyId) return false;
  const company = await companyOfUser(db, userId);
  return company?.id === quote.companyId;
}

/** The customer's view of a quote (null: none, or not theirs nor their company's); an answer past its day reads expirado. */
export async function getCustomerQuote(db: Executor, userId: string, id: string): Promise<QuoteDetail | null> {
  const [row] = await db.select({ userId: quotes.userId, companyId: quotes.companyId, status: quotes.status, validUntil: quotes.validUntil }).from(quotes).where(eq(quotes.id, id));
  if (!row || !(await mayAccess(db, userId, row))) return null;
  if (row.status === 'answered' && isQuoteExpired(row.validUntil, todayInBrazil())) await expireOne(db, id);
  const detail = await detailOf(db, id);
  return detail && { ...detail, orderCancelled: detail.status === 'accepted' && (await orderCancelled(db, detail.orderId)) };
}

/** The admin's view (expiry applied on read too). */
export async function getAdminQuote(db: Executor, id: string): Promise<(QuoteDetail & { customerName: string | null; customerEmail: string | null; companyName: string | null }) | null> {
  await expireOne(db, id);
  const detail = await detailOf(db, id);
  if (!detail) return null;
  const who = await db.execute<{ name: string | null; email: string | null; company: string | null }>(
    sql`select u.name, u.email, c.trade_name as company from quotes q left join "user" u on u.id = q.user_id left join companies c on c.id = q.company_id where q.id = ${id}`,
  );
  const w = who.rows[0];
  return { ...detail, customerName: w?.name ?? null, customerEmail: w?.email ?? null, companyName: w?.company ?? null };
}

const summarySelect = sql`select q.id, q.status, q.created_at, q.valid_until, q.order_id, q.freight_price, u.name, u.email,
  coalesce(sum(i.quantity), 0)::int as units,
  sum(i.unit_price * i.quantity) as goods, count(*) filter (where i.unit_price is null)::int as unpriced
  from quotes q left join "user" u on u.id = q.user_id left join quote_items i on i.quote_id = q.id`;

type SummaryRow = { id: string; status: QuoteStatus; created_at: Date | string; valid_until: string | null; order_id: string | null; freight_price: string | null; name: string | null; email: string | null; units: number; goods: string | null; unpriced: number };

function summaryOf(r: SummaryRow): QuoteSummary {
  const answered = r.status !== 'new' && r.unpriced === 0 && r.goods !== null;
  return {
    id: r.id,
    status: r.status,
    createdAt: new Date(r.created_at),
    validUntil: r.valid_until ? String(r.valid_until).slice(0, 10) : null,
    units: r.units,
    totalCents: answered ? toCents(String(r.goods)) + (r.freight_price ? toCents(r.freight_price) : 0) : null,
    customerName: r.name,
    customerEmail: r.email,
    orderId: r.order_id,
  };
}

/** The customer's quotes and their company's, newest first. */
export async function listCustomerQuotes(db: Executor, userId: string): Promise<QuoteSummary[]> {
  await expireQuotes(db);
  const company = await companyOfUser(db, userId);
  const who = company ? sql`(q.user_id = ${userId} or q.company_id = ${company.id})` : sql`q.user_id = ${userId}`;
  const rows = await db.execute<SummaryRow>(sql`${summarySelect} where ${who} group by q.id, u.id order by q.created_at desc limit 200`);
  return rows.rows.map(summaryOf);
}

/** The admin's list of one status (or all), with the count of every status for the tabs. */
export async function listAdminQuotes(db: Executor, status: QuoteStatus | null): Promise<{ items: QuoteSummary[]; counts: Record<QuoteStatus, number> }> {
  await expireQuotes(db);
  const where = status ? sql`where q.status = ${status}` : sql``;
  const [rows, counts] = await Promise.all([
    db.execute<SummaryRow>(sql`${summarySelect} ${where} group by q.id, u.id order by q.created_at desc limit 200`),
    db.select({ status: quotes.status, n: sql<number>`count(*)::int` }).from(quotes).groupBy(quotes.status),
  ]);
  const byStatus = Object.fromEntries(QUOTE_STATUSES.map((s) => [s, 0])) as Record<QuoteStatus, number>;
  for (const c of counts) byStatus[c.status] = Number(c.n);
  return { items: rows.rows.map(summaryOf), counts: byStatus };
}

/** New quotes waiting for an answer (the dashboard). */
export async function countNewQuotes(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(quotes).where(eq(quotes.status, 'new'));
  return Number(row?.n ?? 0);
}

/**
 * The admin's answer: a price for every line, optional freight and last day, a message. Allowed
 * until the customer accepts or declines; the form's version must still be the quote's (two
 * admins, one answer wins), and every answer bumps it, so an accept of the older one is refused.
 */
export async function answerQuote(db: Database, adminId: string, id: string, input: QuoteAnswerInput): Promise<{ version: number }> {
  const version = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
    if (!row) throw new QuoteError(QUOTE_MESSAGES.notFound, 404);
    if (row.status === 'accepted') throw new QuoteError(QUOTE_MESSAGES.accepted, 409);
    if (!mayAnswer(row.status)) throw new QuoteError(QUOTE_MESSAGES.closed, 409);
    if (row.version !== input.version) throw new QuoteError(QUOTE_MESSAGES.adminChanged, 409);
    const items = await tx.select({ id: quoteItems.id, quantity: quoteItems.quantity }).from(quoteItems).where(eq(quoteItems.quoteId, id));
    if (items.some((i) => input.prices[i.id] === undefined)) throw new QuoteError('Informe o preço unitário de cada item.', 422);
    for (const item of items) await tx.update(quoteItems).set({ unitPrice: centsToDecimal(input.prices[item.id]!) }).where(eq(quoteItems.id, item.id));
    const next = row.version + 1;
    const at = now();
    await tx
      .update(quotes)
      .set({ status: 'answered', freightPrice: input.freight === null ? null : centsToDecimal(input.freight), validUntil: input.validUntil, answeredAt: at, answeredBy: adminId, version: next, updatedAt: at })
      .where(eq(quotes.id, id));
    if (input.message) await tx.insert(quoteMessages).values({ quoteId: id, author: 'admin', authorUserId: adminId, body: input.message });
    const totalCents = quoteTotalCents(
      items.map((i) => ({ unitCents: input.prices[i.id]!, quantity: i.quantity })),
      input.freight,
    );
    await queueQuoteEmail(tx, 'answered', { id, userId: row.userId, version: next, freightCents: input.freight, validUntil: input.validUntil, totalCents }, String(next), { body: input.message || undefined });
    return next;
  });
  kickMailDelivery(db);
  return { version };
}

/** A message of the thread; the other side is e-mailed. A customer writes only on their (company's) quote. */
export async function postQuoteMessage(db: Database, author: { kind: QuoteAuthor; userId: string }, id: string, body: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ userId: quotes.userId, companyId: quotes.companyId, version: quotes.version }).from(quotes).where(eq(quotes.id, id));
    if (!row || (author.kind === 'customer' && !(await mayAccess(tx, author.userId, row)))) throw new QuoteError(QUOTE_MESSAGES.notFound, 404);
    const [message] = await tx.insert(quoteMessages).values({ quoteId: id, author: author.kind, authorUserId: author.userId, body }).returning({ id: quoteMessages.id });
    const mail = { id, userId: row.userId, version: row.version, freightCents: null, validUntil: null, totalCents: null };
    await queueQuoteEmail(tx, author.kind === 'admin' ? 'message-to-customer' : 'message-to-store', mail, message!.id, { body });
  });
  kickMailDelivery(db);
}

/** "Recusar": an open quote declined by its requester or a member of its company. */
export async function declineQuote(db: Database, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
    if (!row || !(await mayAccess(tx, userId, row))) throw new QuoteError(QUOTE_MESSAGES.notFound, 404);
    if (row.status === 'accepted') throw new QuoteError(QUOTE_MESSAGES.accepted, 409);
    if (!mayDecline(row.status)) throw new QuoteError(QUOTE_MESSAGES.closed, 409);
    await tx.update(quotes).set({ status: 'declined', decidedAt: now(), updatedAt: now() }).where(eq(quotes.id, id));
    await queueQuoteEmail(tx, 'declined-store', { id, userId: row.userId, version: row.version, freightCents: null, validUntil: null, totalCents: null }, 'once');
  });
  kickMailDelivery(db);
}

/** What an accepted quote sells: its lines as a cart and each line's agreed unit price, and the quoted freight. */
export type AgreedQuote = {
  id: string;
  version: number;
  cart: CartLineInput[];
  /** Cart line id → agreed unit price in cents. */
  prices: Map<string, number>;
  freightCents: number | null;
};

/**
 * The quote as the checkout prices it (read before the order's transaction): refused in pt-BR
 * unless this person may accept it now at `version`. `holdQuoteForOrder` checks it all again
 * under the row's lock.
 */
export async function agreedQuote(db: Executor, userId: string, id: string, version: number): Promise<AgreedQuote> {
  const detail = await getCustomerQuote(db, userId, id);
  if (!detail) throw new QuoteError(QUOTE_MESSAGES.notFound, 404);
  const refusal = acceptRefusal({ ...detail, orderCancelled: await orderCancelled(db, detail.orderId) }, version, todayInBrazil());
  if (refusal) throw new QuoteError(refusal, 409);
  if (detail.items.some((i) => i.lineId === null || i.productId === null || i.unitCents === null)) throw new QuoteError(QUOTE_MESSAGES.cartChanged, 409);
  return {
    id,
    version: detail.version,
    cart: detail.items.map((i) => ({ id: i.lineId!, product_id: i.productId!, quantity: i.quantity })),
    prices: new Map(detail.items.map((i) => [i.lineId!, i.unitCents!])),
    freightCents: detail.freightCents,
  };
}

async function orderCancelled(db: Executor, orderId: string | null): Promise<boolean> {
  if (!orderId) return false;
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return !row || row.status === 'cancelled';
}

/**
 * In the order's transaction, before the order is written: the quote's row locked, and every check
 * of `agreedQuote` made again on what is committed (a second accept waits here, then is refused).
 */
export async function holdQuoteForOrder(tx: Executor, userId: string, id: string, version: number): Promise<void> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
  if (!row || !(await mayAccess(tx, userId, row))) throw new QuoteError(QUOTE_MESSAGES.notFound, 404);
  const refusal = acceptRefusal({ ...row, orderCancelled: await orderCancelled(tx, row.orderId) }, version, todayInBrazil());
  if (refusal) throw new QuoteError(refusal, 409);
}

/** In the same transaction, once the order is written: the quote is aceito and names it; the store is told. */
export async function markQuoteAccepted(tx: Executor, id: string, orderId: string): Promise<void> {
  const at = now();
  const [row] = await tx.update(quotes).set({ status: 'accepted', orderId, decidedAt: at, updatedAt: at }).where(eq(quotes.id, id)).returning({ userId: quotes.userId, version: quotes.version });
  if (row) await queueQuoteEmail(tx, 'accepted-store', { id, userId: row.userId, version: row.version, freightCents: null, validUntil: null, totalCents: null }, orderId, { orderId });
}
