// Order totals (subtotal, one discount, freight), in integer cents. One discount per order: the
// best for the customer among the subscriber's, the welcome offer and a coupon (issue 36).
import { SUBSCRIBER_DISCOUNT_PERCENT, WELCOME_DISCOUNT_PERCENT, type DiscountKind } from './discounts';

export type PricedLine = { unitCents: number; quantity: number; isSubscription: boolean };

/** The discount's line in totals, the order page and the e-mail. */
export const DISCOUNT_LABELS: Record<DiscountKind, string> = {
  subscriber: `Desconto de assinante (${SUBSCRIBER_DISCOUNT_PERCENT}%)`,
  welcome: `Desconto de boas-vindas (${WELCOME_DISCOUNT_PERCENT}%)`,
  coupon: 'Cupom de desconto',
};

/** The line's label, naming a coupon's code ("Cupom ABC10"). */
export function discountLabel(kind: DiscountKind, couponCode?: string | null): string {
  return kind === 'coupon' && couponCode ? `Cupom ${couponCode}` : DISCOUNT_LABELS[kind];
}

/** A coupon the customer may use on this cart (lib/coupons evaluateCoupon): its code and what it takes off. */
export type CouponOffer = { code: string; discountCents: number };

/** What the server knows of the buyer that changes the price. */
export type BuyerStanding = {
  /** Has an active or paused subscription. */
  isSubscriber: boolean;
  /** No earlier order (of this account or this CPF/CNPJ) that is paid or awaiting payment. */
  firstPurchase: boolean;
  /** A valid coupon typed at the cart or checkout (issue 36). */
  coupon?: CouponOffer | null;
};

export type Totals = {
  subtotalCents: number;
  /** The one discount that applies (never two), in cents; 0 without one. */
  discountCents: number;
  /** Which discount `discountCents` is, or null when there is none. */
  discountKind: DiscountKind | null;
  /** The freight of the services chosen (lib/freight); 0 is shown as 'Grátis'. */
  shippingCents: number;
  totalCents: number;
  /** The coupon in `discountKind` 'coupon' (issue 36). */
  couponCode?: string | null;
  /** A valid coupon that lost to a larger (or equal) discount of the store's own: the page says so. */
  couponNotApplied?: { code: string; beatenBy: 'subscriber' | 'welcome' } | null;
};

/** "Cupom ABC10 não aplicado: o desconto de assinante é maior". */
export function couponNotAppliedMessage(notApplied: { code: string; beatenBy: 'subscriber' | 'welcome' }): string {
  const store = notApplied.beatenBy === 'subscriber' ? 'o desconto de assinante' : 'o desconto de boas-vindas';
  return `Cupom ${notApplied.code} não aplicado: ${store} é maior ou igual (um desconto por pedido).`;
}

/** Percent of an amount in cents, rounded half up to the centavo (R$ 5,997 → R$ 6,00). */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

/**
 * The goods' value after the discount (the plan line is no goods): what free-shipping thresholds
 * compare and what parcels insure. The discount only ever applies to goods.
 */
export function goodsAfterDiscountCents(lines: readonly PricedLine[], totals: Pick<Totals, 'discountCents'>): number {
  // A coupon that includes the plan may take off more than the goods cost: never below zero.
  return Math.max(0, lines.filter((l) => !l.isSubscription).reduce((sum, l) => sum + l.unitCents * l.quantity, 0) - totals.discountCents);
}

/**
 * One discount per order, the best for the customer:
 * - a subscriber gets 10% off the cart when it holds no plan;
 * - a first purchase gets the welcome 10% off its single products (products and kits), never off
 *   the plan itself;
 * - a coupon takes off what lib/coupons computed for this cart (the plan only when it says so).
 * On a tie the store's own discount wins (subscriber, then welcome, then coupon): the coupon is
 * then not spent, so the customer keeps its use for another order.
 */
export function computeTotals(lines: readonly PricedLine[], buyer: BuyerStanding, shippingCents = 0): Totals {
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  const singlesCents = lines.filter((l) => !l.isSubscription).reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  const hasPlan = lines.some((l) => l.isSubscription);

  let discountKind: DiscountKind | null = null;
  let discountCents = 0;
  if (buyer.isSubscriber && !hasPlan) {
    discountKind = 'subscriber';
    discountCents = percentOf(subtotalCents, SUBSCRIBER_DISCOUNT_PERCENT);
  }
  if (buyer.firstPurchase) {
    const welcome = percentOf(singlesCents, WELCOME_DISCOUNT_PERCENT);
    // The subscriber's 10% off the whole cart is never less than the welcome 10% off its singles.
    if (welcome > discountCents) {
      discountKind = 'welcome';
      discountCents = welcome;
    }
  }
  if (discountCents === 0) discountKind = null;

  const extra: Pick<Totals, 'couponCode' | 'couponNotApplied'> = {};
  const coupon = buyer.coupon;
  if (coupon && coupon.discountCents > 0) {
    // Never more than what the order costs before freight.
    const couponCents = Math.min(coupon.discountCents, subtotalCents);
    if (couponCents > discountCents) {
      discountKind = 'coupon';
      discountCents = couponCents;
      extra.couponCode = coupon.code;
    } else {
      extra.couponNotApplied = { code: coupon.code, beatenBy: discountKind as 'subscriber' | 'welcome' };
    }
  }

  return { subtotalCents, discountCents, discountKind, shippingCents, totalCents: subtotalCents - discountCents + shippingCents, ...extra };
}

export const MAX_INSTALLMENTS = 12;

/**
 * Splits a total into n interest-free instalments that add up exactly:
 * equal parts, with the leftover centavos in the first one
 * (R$ 249,50 in 3x = R$ 83,18 + 2 × R$ 83,16).
 */
export function splitInstallments(totalCents: number, n: number): number[] {
  if (!Number.isInteger(n) || n < 1 || n > MAX_INSTALLMENTS) throw new Error(`Parcelamento inválido: ${n}`);
  const base = Math.floor(totalCents / n);
  const remainder = totalCents - base * n;
  return Array.from({ length: n }, (_, i) => base + (i === 0 ? remainder : 0));
}
