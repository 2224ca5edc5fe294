// Coupons (issue 36): the admin's list and form, a code looked up for the cart and checkout, and the
// one writer of `coupons.uses` and `coupon_uses`.
// Exactly once: a use is taken in the order's transaction under the coupon's row lock
// (SELECT … FOR NO KEY UPDATE), where the total and the customer's live uses are counted and checked before
// `coupon_uses` gets its row (unique per order) and `uses` its + 1; so a limit of 100 gives exactly
// 100 whatever the concurrency. A use is given back in the transaction that cancels its order
// (orders/transitions), once: only a row whose `returned_at` is still null is returned.
// This area reads `orders` through the schema only (never the orders area, which calls it).
import { and, asc, count, desc, eq, inArray, isNull, ne, sql, sum } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '~/db/client.server';
import { isUniqueViolation } from '~/db/errors.server';
import { categories, couponCategories, couponProducts, couponUses, coupons, orders, products } from '~/db/schema';
import { now } from '~/lib/clock';
import { evaluateCoupon, unknownCoupon, type CouponLine, type CouponRule, type CouponVerdict } from '~/lib/coupons';
import { centsToDecimal, toCents } from '~/lib/money';
import { COUPON_MESSAGES, type CouponInput } from '~/lib/schemas/coupons';

/** A field of the form refused by the database (a code already taken). */
export class CouponFormError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The form was opened at an older version: nothing was written. */
export class CouponConflictError extends Error {
  constructor() {
    super(COUPON_MESSAGES.stale);
  }
}

export class CouponNotFoundError extends Error {
  constructor() {
    super('Cupom não encontrado.');
  }
}

/** The coupon cannot be used for this order any more (checked again under its row lock); pt-BR. */
export class CouponRefusedError extends Error {}

type CouponRow = typeof coupons.$inferSelect;

function ruleOf(row: CouponRow, productIds: readonly string[], categoryIds: readonly string[]): CouponRule & { id: string } {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amountCents: row.amount === null ? null : toCents(row.amount),
    minSubtotalCents: toCents(row.minSubtotal),
    firstPurchaseOnly: row.firstPurchaseOnly,
    includesPlan: row.includesPlan,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    uses: row.uses,
    active: row.active,
    productIds,
    categoryIds,
  };
}

async function limitsOf(db: Executor, couponId: string) {
  const [productRows, categoryRows] = await Promise.all([
    db.select({ id: couponProducts.productId }).from(couponProducts).where(eq(couponProducts.couponId, couponId)),
    db.select({ id: couponCategories.categoryId }).from(couponCategories).where(eq(couponCategories.couponId, couponId)),
  ]);
  return { productIds: productRows.map((r) => r.id), categoryIds: categoryRows.map((r) => r.id) };
}

// ---------------------------------------------------------------- admin

export type AdminCouponRow = {
  id: string;
  code: string;
  description: string | null;
  kind: CouponRow['kind'];
  percent: number | null;
  amountCents: number | null;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  uses: number;
  active: boolean;
  /** What its live uses took off their orders. */
  discountGivenCents: number;
};

/** Every coupon, newest first, with its live uses and the discount they gave. */
export async function listCoupons(db: Executor): Promise<AdminCouponRow[]> {
  const given = db
    .select({ couponId: couponUses.couponId, total: sum(couponUses.discount).as('total') })
    .from(couponUses)
    .where(isNull(couponUses.returnedAt))
    .groupBy(couponUses.couponId)
    .as('given');
  const rows = await db
    .select({ coupon: coupons, total: given.total })
    .from(coupons)
    .leftJoin(given, eq(given.couponId, coupons.id))
    .orderBy(desc(coupons.createdAt), desc(coupons.id));
  return rows.map(({ coupon: c, total }) => ({
    id: c.id,
    code: c.code,
    description: c.description,
    kind: c.kind,
    percent: c.percent,
    amountCents: c.amount === null ? null : toCents(c.amount),
    validFrom: c.validFrom,
    validUntil: c.validUntil,
    maxUses: c.maxUses,
    uses: c.uses,
    active: c.active,
    discountGivenCents: total === null ? 0 : toCents(total),
  }));
}

export type EditableCoupon = CouponRule & { id: string; description: string | null; version: number; updatedAt: Date };

export async function getEditableCoupon(db: Executor, id: string): Promise<EditableCoupon | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  if (!row) return null;
  const limits = await limitsOf(db, id);
  return { ...ruleOf(row, limits.productIds, limits.categoryIds), description: row.description, version: row.version, updatedAt: row.updatedAt };
}

/** The products and categories a coupon may be limited to (the form's lists). */
export async function couponChoices(db: Executor) {
  const [productRows, categoryRows] = await Promise.all([
    db.select({ id: products.id, name: products.name }).from(products).orderBy(asc(products.name), asc(products.id)),
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name)),
  ]);
  return { products: productRows, categories: categoryRows };
}

function columnsOf(input: CouponInput) {
  return {
    code: input.code,
    description: input.description,
    kind: input.kind,
    percent: input.percent,
    amount: input.amountCents === null ? null : centsToDecimal(input.amountCents),
    minSubtotal: centsToDecimal(input.minSubtotalCents),
    firstPurchaseOnly: input.firstPurchaseOnly,
    includesPlan: input.includesPlan,
    validFrom: input.validFrom,
    validUntil: input.validUntil,
    maxUses: input.maxUses,
    maxUsesPerCustomer: input.maxUsesPerCustomer,
    active: input.active,
  };
}

/**
 * Creates a coupon (`id` null) or saves one still at `version` (a conditional update: of two admins
 * saving the same form, the second is refused), with its products and categories, in one
 * transaction. Lowering the limit below the uses taken is allowed: no further use is given.
 */
export async function saveCoupon(db: Database, id: string | null, input: CouponInput, version: number | null): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      let couponId: string;
      if (id === null) {
        const [created] = await tx.insert(coupons).values(columnsOf(input)).returning({ id: coupons.id });
        couponId = created!.id;
      } else {
        const [updated] = await tx
          .update(coupons)
          .set({ ...columnsOf(input), version: sql`${coupons.version} + 1`, updatedAt: now() })
          .where(and(eq(coupons.id, id), eq(coupons.version, version ?? -1)))
          .returning({ id: coupons.id });
        if (!updated) {
          const [exists] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, id));
          throw exists ? new CouponConflictError() : new CouponNotFoundError();
        }
        couponId = id;
        await tx.delete(couponProducts).where(eq(couponProducts.couponId, id));
        await tx.delete(couponCategories).where(eq(couponCategories.couponId, id));
      }
      if (input.productIds.length) await tx.insert(couponProducts).values(input.productIds.map((productId) => ({ couponId, productId })));
      if (input.categoryIds.length) await tx.insert(couponCategories).values(input.categoryIds.map((categoryId) => ({ couponId, categoryId })));
      return couponId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new CouponFormError('code', COUPON_MESSAGES.codeTaken);
    // A product or category deleted while the form was open.
    if ((error as { code?: string } | null)?.code === '23503') throw new CouponFormError('productIds', 'Um produto ou categoria escolhido não existe mais. Recarregue a página.');
    throw error;
  }
}

// ---------------------------------------------------------------- the cart and checkout

export type CouponFound = CouponRule & { id: string };

export async function findCouponByCode(db: Executor, code: string): Promise<CouponFound | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  if (!row) return null;
  const limits = await limitsOf(db, row.id);
  return ruleOf(row, limits.productIds, limits.categoryIds);
}

/** This customer's live uses of a coupon (orders not cancelled). */
async function customerUses(db: Executor, couponId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponUses)
    .where(and(eq(couponUses.couponId, couponId), eq(couponUses.userId, userId), isNull(couponUses.returnedAt)));
  return row?.n ?? 0;
}

/**
 * "First purchase": no order of this account that is not cancelled (other than `exceptOrderId`).
 * The account's own orders only: a refusal never tells whether a CPF/CNPJ has bought here.
 */
async function isFirstOrderOf(db: Executor, userId: string, exceptOrderId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.status, 'cancelled'), exceptOrderId ? ne(orders.id, exceptOrderId) : undefined))
    .limit(1);
  return !row;
}

export type CouponQuote = CouponVerdict & { id: string | null };

/** A code typed at the cart or checkout, priced for this cart and customer (nothing is taken). */
export async function quoteCoupon(db: Executor, code: string, userId: string | null, lines: readonly CouponLine[]): Promise<CouponQuote> {
  const coupon = await findCouponByCode(db, code);
  if (!coupon) return { ...unknownCoupon(code), id: null };
  const [uses, firstPurchase] = userId
    ? await Promise.all([coupon.maxUsesPerCustomer !== null ? customerUses(db, coupon.id, userId) : 0, coupon.firstPurchaseOnly ? isFirstOrderOf(db, userId) : true])
    : [0, true];
  return { ...evaluateCoupon(coupon, lines, { signedIn: userId !== null, firstPurchase, uses }, now()), id: coupon.id };
}

/**
 * Takes the order's use, in the order's transaction (after the order row is written): the coupon
 * row locked, the coupon checked again as it is now (limits, dates, the customer's uses) and its
 * discount for these lines the one the order was priced with; then its `coupon_uses` row and
 * `uses + 1`. Throws CouponRefusedError (pt-BR) when it no longer applies; the caller's transaction
 * is then rolled back.
 */
export async function takeCouponUseIn(
  tx: Transaction,
  use: { couponId: string; orderId: string; userId: string; discountCents: number; lines: readonly CouponLine[] },
): Promise<void> {
  // FOR NO KEY UPDATE: the order row written earlier in this transaction holds a KEY SHARE lock on
  // the coupon (its foreign key), which FOR UPDATE would wait on across checkouts (a deadlock with
  // the stock locks); this mode still queues every use of the coupon one after another.
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, use.couponId)).for('no key update');
  if (!row) throw new CouponRefusedError('Este cupom não existe mais. Remova-o para continuar.');
  const limits = await limitsOf(tx, row.id);
  const [uses, firstPurchase] = await Promise.all([customerUses(tx, row.id, use.userId), row.firstPurchaseOnly ? isFirstOrderOf(tx, use.userId, use.orderId) : true]);
  const verdict = evaluateCoupon(ruleOf(row, limits.productIds, limits.categoryIds), use.lines, { signedIn: true, firstPurchase, uses }, now());
  if (!verdict.ok) throw new CouponRefusedError(verdict.message);
  if (verdict.discountCents < use.discountCents) throw new CouponRefusedError(`O cupom ${row.code} mudou. Confira o novo total antes de pagar.`);
  await tx.insert(couponUses).values({ couponId: row.id, orderId: use.orderId, userId: use.userId, discount: centsToDecimal(use.discountCents) });
  await tx.update(coupons).set({ uses: sql`${coupons.uses} + 1` }).where(eq(coupons.id, row.id));
}

/**
 * Gives back the uses of cancelled orders, in the transaction that cancels them: each use once
 * (`returned_at` set where it is null), its coupon's `uses` down by as many as were returned.
 */
export async function returnCouponUsesIn(tx: Transaction, orderIds: readonly string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const returned = await tx
    .update(couponUses)
    .set({ returnedAt: now() })
    .where(and(inArray(couponUses.orderId, [...orderIds]), isNull(couponUses.returnedAt)))
    .returning({ couponId: couponUses.couponId });
  const perCoupon = new Map<string, number>();
  for (const r of returned) perCoupon.set(r.couponId, (perCoupon.get(r.couponId) ?? 0) + 1);
  // In id order: two cancellations touching the same coupons lock them in the same order.
  for (const [couponId, n] of [...perCoupon].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await tx.update(coupons).set({ uses: sql`${coupons.uses} - ${n}` }).where(eq(coupons.id, couponId));
  }
  return returned.length;
}
