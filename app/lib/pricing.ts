// Order totals (subtotal, one discount, freight), in integer cents.
import { SUBSCRIBER_DISCOUNT_PERCENT, WELCOME_DISCOUNT_PERCENT, type DiscountKind } from './discounts';

export type PricedLine = { unitCents: number; quantity: number; isSubscription: boolean };

/** The discount's line in totals, the order page and the e-mail. */
export const DISCOUNT_LABELS: Record<DiscountKind, string> = {
  subscriber: `Desconto de assinante (${SUBSCRIBER_DISCOUNT_PERCENT}%)`,
  welcome: `Desconto de boas-vindas (${WELCOME_DISCOUNT_PERCENT}%)`,
  coupon: 'Cupom de desconto',
};

/** What the server knows of the buyer that changes the price. */
export type BuyerStanding = {
  /** Has an active or paused subscription. */
  isSubscriber: boolean;
  /** No earlier order (of this account or this CPF/CNPJ) that is paid or awaiting payment. */
  firstPurchase: boolean;
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
};

/** Percent of an amount in cents, rounded half up to the centavo (R$ 5,997 → R$ 6,00). */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

/**
 * The goods' value after the discount (the plan line is no goods): what free-shipping thresholds
 * compare and what parcels insure. The discount only ever applies to goods.
 */
export function goodsAfterDiscountCents(lines: readonly PricedLine[], totals: Pick<Totals, 'discountCents'>): number {
  return lines.filter((l) => !l.isSubscription).reduce((sum, l) => sum + l.unitCents * l.quantity, 0) - totals.discountCents;
}

/**
 * One 10% at most, never both:
 * - a subscriber gets 10% off the cart when it holds no plan;
 * - otherwise a first purchase gets the welcome 10% off its single products
 *   (products and kits), never off the plan itself.
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
  } else if (buyer.firstPurchase) {
    discountKind = 'welcome';
    discountCents = percentOf(singlesCents, WELCOME_DISCOUNT_PERCENT);
  }
  if (discountCents === 0) discountKind = null;

  return { subtotalCents, discountCents, discountKind, shippingCents, totalCents: subtotalCents - discountCents + shippingCents };
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
