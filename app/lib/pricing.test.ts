import { describe, expect, it } from 'vitest';
import { computeTotals, percentOf, splitInstallments } from './pricing';

const line = (unitCents: number, quantity: number, isSubscription = false) => ({ unitCents, quantity, isSubscription });

describe('order totals (SPEC §9)', () => {
  it('sums price × quantity with free shipping', () => {
    expect(computeTotals([line(1290, 2), line(990, 1)], false)).toEqual({
      subtotalCents: 3570,
      discountCents: 0,
      shippingCents: 0,
      totalCents: 3570,
      discountApplies: false,
    });
  });

  it('gives a subscriber 10% off single purchases', () => {
    const t = computeTotals([line(10000, 1)], true);
    expect(t.discountCents).toBe(1000);
    expect(t.totalCents).toBe(9000);
  });

  it('rounds the discount half up to the centavo: 3 × R$ 19,99 = R$ 59,97, 10% = R$ 6,00, total R$ 53,97', () => {
    const t = computeTotals([line(1999, 3)], true);
    expect(t.subtotalCents).toBe(5997);
    expect(t.discountCents).toBe(600);
    expect(t.totalCents).toBe(5397);
    expect(percentOf(5995, 10)).toBe(600); // 599,5 → 600
    expect(percentOf(5994, 10)).toBe(599); // 599,4 → 599
  });

  it('gives no discount when the cart has a plan, nor to non-subscribers', () => {
    expect(computeTotals([line(4990, 1, true), line(1000, 1)], true).discountCents).toBe(0);
    expect(computeTotals([line(1000, 1)], false).discountCents).toBe(0);
  });

  it('splits instalments that add up exactly to the total', () => {
    expect(splitInstallments(10000, 3)).toEqual([3334, 3333, 3333]);
    expect(splitInstallments(24950, 3)).toEqual([8318, 8316, 8316]);
    for (const total of [1, 99, 5397, 53890, 123457]) {
      for (let n = 1; n <= 12; n++) {
        const parts = splitInstallments(total, n);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        // Every instalment after the first is the same amount.
        expect(new Set(parts.slice(1)).size).toBeLessThanOrEqual(1);
      }
    }
    expect(() => splitInstallments(1000, 13)).toThrow();
    expect(() => splitInstallments(1000, 0)).toThrow();
  });
});
