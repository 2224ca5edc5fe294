// Coupons (issue 36): the vocabulary the schema and the rules share, and the rules themselves —
// the code's form, validity in São Paulo time, eligibility and the discount. Pure: the server
// (server/coupons) reads the coupon and the customer's uses, and takes the use under the coupon's
// row lock; lib/pricing chooses between the coupon and the store's own discounts.
import { formatBRL } from './money';
import { percentOf } from './pricing';

/** A percentage off the eligible goods, or a fixed amount off them (never more than they cost). */
export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** Codes are compared case-insensitively and kept upper case: letters, digits, '-' and '_'. */
export const COUPON_CODE_PATTERN = '^[A-Z0-9_-]{3,30}$';
const CODE_RE = new RegExp(COUPON_CODE_PATTERN);

/** What the customer typed, as codes are kept: no spaces around, upper case ("  abc10 " → "ABC10"). */
export function normalizeCouponCode(typed: string): string {
  return typed.trim().toUpperCase();
}

export function isCouponCode(code: string): boolean {
  return CODE_RE.test(code);
}

/** A coupon as the rules read it (amounts in cents). */
export type CouponRule = {
  code: string;
  kind: CouponKind;
  /** For 'percent': 1 to 100. */
  percent: number | null;
  /** For 'fixed': the amount off. */
  amountCents: number | null;
  minSubtotalCents: number;
  firstPurchaseOnly: boolean;
  includesPlan: boolean;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  /** Live uses (orders not cancelled). */
  uses: number;
  active: boolean;
  /** Limited to these products and/or categories; both empty: the whole store. */
  productIds: readonly string[];
  categoryIds: readonly string[];
};

/** A cart line as a coupon sees it. */
export type CouponLine = { unitCents: number; quantity: number; isSubscription: boolean; productId: string | null; categoryId: string | null };

/** What the server knows of the customer that a coupon asks about. */
export type CouponBuyer = {
  /** Signed in: a coupon is counted per customer, so a visitor is only told it is valid. */
  signedIn: boolean;
  firstPurchase: boolean;
  /** This customer's live uses of this coupon. */
  uses: number;
};

export const COUPON_REFUSALS = ['unknown', 'inactive', 'not_yet', 'expired', 'limit', 'used', 'first_purchase', 'products', 'minimum'] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

/** The pt-BR answers at the cart and the checkout. */
export function couponRefusalMessage(refusal: CouponRefusal, code: string, coupon?: Pick<CouponRule, 'minSubtotalCents' | 'validFrom'>): string {
  switch (refusal) {
    case 'unknown':
      return `Cupom ${code} não encontrado. Confira o código.`;
    case 'inactive':
      return `O cupom ${code} não está ativo.`;
    case 'not_yet':
      return coupon?.validFrom ? `O cupom ${code} ainda não é válido: vale a partir de ${formatSaoPauloDateTime(coupon.validFrom)}.` : `O cupom ${code} ainda não é válido.`;
    case 'expired':
      return `O cupom ${code} expirou.`;
    case 'limit':
      return `O cupom ${code} atingiu o limite de usos.`;
    case 'used':
      return `Você já usou o cupom ${code}.`;
    case 'first_purchase':
      return `O cupom ${code} vale só na primeira compra.`;
    case 'products':
      return `O cupom ${code} não vale para estes produtos.`;
    case 'minimum':
      return `Valor mínimo de ${formatBRL(coupon?.minSubtotalCents ?? 0)} em produtos válidos para o cupom ${code}.`;
  }
}

/** Whether the coupon is in force at `at`: from `validFrom` (included) until `validUntil` (excluded). */
export function couponPeriod(coupon: Pick<CouponRule, 'validFrom' | 'validUntil'>, at: Date): 'not_yet' | 'expired' | 'valid' {
  if (coupon.validFrom && at.getTime() < coupon.validFrom.getTime()) return 'not_yet';
  if (coupon.validUntil && at.getTime() >= coupon.validUntil.getTime()) return 'expired';
  return 'valid';
}

/**
 * The value the coupon applies to: the goods it covers (all, or those of its products and
 * categories), and the plan line only when the coupon says so.
 */
export function eligibleCents(coupon: Pick<CouponRule, 'includesPlan' | 'productIds' | 'categoryIds'>, lines: readonly CouponLine[]): number {
  const limited = coupon.productIds.length > 0 || coupon.categoryIds.length > 0;
  return lines
    .filter((l) => {
      if (l.isSubscription) return coupon.includesPlan;
      if (!limited) return true;
      return (l.productId !== null && coupon.productIds.includes(l.productId)) || (l.categoryId !== null && coupon.categoryIds.includes(l.categoryId));
    })
    .reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
}

/** The amount off: a percent of the eligible value (half up), or the fixed amount capped at it. */
export function couponDiscountCents(coupon: Pick<CouponRule, 'kind' | 'percent' | 'amountCents'>, eligible: number): number {
  if (eligible <= 0) return 0;
  if (coupon.kind === 'percent') return percentOf(eligible, coupon.percent ?? 0);
  return Math.min(coupon.amountCents ?? 0, eligible);
}

export type CouponVerdict = { ok: true; code: string; eligibleCents: number; discountCents: number } | { ok: false; code: string; refusal: CouponRefusal; message: string };

/**
 * Whether this cart and customer may use the coupon now, and how much it takes off. The checks
 * run in the order a customer can act on: whether the code works at all, then who may use it,
 * then what the cart must hold.
 */
export function evaluateCoupon(coupon: CouponRule, lines: readonly CouponLine[], buyer: CouponBuyer, at: Date): CouponVerdict {
  const refuse = (refusal: CouponRefusal): CouponVerdict => ({ ok: false, code: coupon.code, refusal, message: couponRefusalMessage(refusal, coupon.code, coupon) });
  if (!coupon.active) return refuse('inactive');
  const period = couponPeriod(coupon, at);
  if (period !== 'valid') return refuse(period);
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return refuse('limit');
  if (buyer.signedIn && coupon.maxUsesPerCustomer !== null && buyer.uses >= coupon.maxUsesPerCustomer) return refuse('used');
  if (coupon.firstPurchaseOnly && buyer.signedIn && !buyer.firstPurchase) return refuse('first_purchase');
  const eligible = eligibleCents(coupon, lines);
  if (eligible === 0) return refuse('products');
  if (eligible < coupon.minSubtotalCents) return refuse('minimum');
  const discountCents = couponDiscountCents(coupon, eligible);
  if (discountCents === 0) return refuse('products');
  return { ok: true, code: coupon.code, eligibleCents: eligible, discountCents };
}

/** An unknown code's refusal (no coupon row to evaluate). */
export function unknownCoupon(code: string): CouponVerdict {
  return { ok: false, code, refusal: 'unknown', message: couponRefusalMessage('unknown', code) };
}

// São Paulo has kept -03:00 all year since 2019: the admin's local date-times convert with a fixed offset.
const SAO_PAULO_OFFSET_MS = 3 * 3_600_000;

/** '2026-12-01T08:00' typed in São Paulo → the instant; null for an empty or malformed value. */
export function saoPauloLocalToInstant(local: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return new Date(utc + SAO_PAULO_OFFSET_MS);
}

/** An instant as a São Paulo 'YYYY-MM-DDTHH:mm' (a datetime-local input's value). */
export function instantToSaoPauloLocal(at: Date): string {
  return new Date(at.getTime() - SAO_PAULO_OFFSET_MS).toISOString().slice(0, 16);
}

/** '01/12/2026 08:00' in São Paulo time. */
export function formatSaoPauloDateTime(at: Date): string {
  const [date, time] = instantToSaoPauloLocal(at).split('T') as [string, string];
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y} ${time}`;
}
