// Order totals (SPEC §9 Pricing and discounts), in integer cents.
import { SUBSCRIBER_DISCOUNT_PERCENT } from './plans';

export type PricedLine = { unitCents: number; quantity: number; isSubscription: boolean };

export type Totals = {
  subtotalCents: number;
  /** 10% of the subtotal for a subscriber whose cart has no plan, else 0. */
  discountCents: number;
  /** Fixed 0, shown as 'Grátis'. */
  shippingCents: number;
  totalCents: number;
  discountApplies: boolean;
};

/** Percent of an amount in cents, rounded half up to the centavo (R$ 5,997 → R$ 6,00). */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

export function computeTotals(lines: readonly PricedLine[], isSubscriber: boolean): Totals {
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  const hasPlan = lines.some((l) => l.isSubscription);
  const discountApplies = isSubscriber && !hasPlan && subtotalCents > 0;
  const discountCents = discountApplies ? percentOf(subtotalCents, SUBSCRIBER_DISCOUNT_PERCENT) : 0;
  const shippingCents = 0;
  return { subtotalCents, discountCents, shippingCents, totalCents: subtotalCents - discountCents + shippingCents, discountApplies };
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
