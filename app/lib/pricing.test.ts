import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals, couponNotAppliedMessage, DISCOUNT_LABELS, discountLabel, percentOf, splitInstallments, type BuyerStanding } from './pricing';

const line = (unitCents: number, quantity: number, isSubscription = false) => ({ unitCents, quantity, isSubscription });

const visitor: BuyerStanding = { isSubscriber: false, firstPurchase: false };
const subscriber: BuyerStanding = { isSubscriber: true, firstPurchase: false };
const newcomer: BuyerStanding = { isSubscriber: false, firstPurchase: true };
const newSubscriber: BuyerStanding = { isSubscriber: true, firstPurchase: true };

describe('order totals', () => {
  it('sums price × quantity with free shipping', () => {
    expect(computeTotals([line(1290, 2), line(990, 1)], visitor)).toEqual({
      subtotalCents: 3570,
      discountCents: 0,
      discountKind: null,
      shippingCents: 0,
      totalCents: 3570,
    });
  });

  it('gives a subscriber 10% off single purchases', () => {
    const t = computeTotals([line(10000, 1)], subscriber);
    expect(t.discountCents).toBe(1000);
    expect(t.discountKind).toBe('subscriber');
    expect(t.totalCents).toBe(9000);
  });

  it('rounds the discount half up to the centavo: 3 × R$ 19,99 = R$ 59,97, 10% = R$ 6,00, total R$ 53,97', () => {
    const t = computeTotals([line(1999, 3)], subscriber);
    expect(t.subtotalCents).toBe(5997);
    expect(t.discountCents).toBe(600);
    expect(t.totalCents).toBe(5397);
    expect(percentOf(5995, 10)).toBe(600); // 599,5 → 600
    expect(percentOf(5994, 10)).toBe(599); // 599,4 → 599
  });

  it('gives no subscriber discount when the cart has a plan, nor to non-subscribers', () => {
    expect(computeTotals([line(4990, 1, true), line(1000, 1)], subscriber).discountCents).toBe(0);
    expect(computeTotals([line(1000, 1)], visitor).discountCents).toBe(0);
  });
});

describe('welcome offer: 10% off the first purchase', () => {
  it('takes 10% off the single products of a first purchase, as its own kind', () => {
    const t = computeTotals([line(1999, 3), line(4590, 1)], newcomer);
    expect(t).toEqual({ subtotalCents: 10587, discountCents: 1059, discountKind: 'welcome', shippingCents: 0, totalCents: 9528 });
    expect(DISCOUNT_LABELS[t.discountKind!]).toBe('Desconto de boas-vindas (10%)');
  });

  it('never takes it off the plan: a cart with the plan and products discounts only the products', () => {
    const t = computeTotals([line(4990, 1, true), line(2500, 2)], newcomer);
    expect(t.subtotalCents).toBe(9990);
    expect(t.discountCents).toBe(500);
    expect(t.discountKind).toBe('welcome');
    expect(t.totalCents).toBe(9490);
  });

  it('gives nothing when the cart holds only the plan', () => {
    const t = computeTotals([line(53890, 1, true)], newcomer);
    expect(t).toEqual({ subtotalCents: 53890, discountCents: 0, discountKind: null, shippingCents: 0, totalCents: 53890 });
  });

  it('does not stack with the subscriber discount: one 10%, the subscriber\'s', () => {
    const t = computeTotals([line(10000, 1)], newSubscriber);
    expect(t.discountCents).toBe(1000);
    expect(t.discountKind).toBe('subscriber');
    expect(t.totalCents).toBe(9000);
  });

  it('rounds half up to the centavo, and a discount that rounds to zero is no discount', () => {
    expect(computeTotals([line(1995, 3)], newcomer).discountCents).toBe(599); // 598,5 → 599
    expect(computeTotals([line(4, 1)], newcomer)).toMatchObject({ discountCents: 0, discountKind: null, totalCents: 4 });
    expect(computeTotals([line(5, 1)], newcomer)).toMatchObject({ discountCents: 1, discountKind: 'welcome', totalCents: 4 });
  });

  it('for any cart and buyer: at most one 10% of what it applies to, totals add up, never negative', () => {
    const lines = fc.array(
      fc.record({ unitCents: fc.integer({ min: 0, max: 5_000_000 }), quantity: fc.integer({ min: 1, max: 99 }), isSubscription: fc.boolean() }),
      { maxLength: 50 },
    );
    const buyer = fc.record({ isSubscriber: fc.boolean(), firstPurchase: fc.boolean() });
    fc.assert(
      fc.property(lines, buyer, (ls, b) => {
        const t = computeTotals(ls, b);
        const singles = ls.filter((l) => !l.isSubscription).reduce((s, l) => s + l.unitCents * l.quantity, 0);
        const hasPlan = ls.some((l) => l.isSubscription);
        expect(t.subtotalCents).toBe(ls.reduce((s, l) => s + l.unitCents * l.quantity, 0));
        expect(t.totalCents).toBe(t.subtotalCents - t.discountCents + t.shippingCents);
        expect(t.totalCents).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(t.discountCents)).toBe(true);
        // Never more than 10% (half-up rounding adds at most half a centavo).
        expect(t.discountCents * 100).toBeLessThanOrEqual(t.subtotalCents * 10 + 50);
        expect(t.discountKind === null).toBe(t.discountCents === 0);
        if (t.discountKind === 'subscriber') expect(b.isSubscriber && !hasPlan).toBe(true);
        if (t.discountKind === 'welcome') {
          expect(b.firstPurchase).toBe(true);
          // The plan is never discounted by the welcome offer.
          expect(t.discountCents).toBe(percentOf(singles, 10));
        }
        if (!b.isSubscriber && !b.firstPurchase) expect(t.discountCents).toBe(0);
      }),
    );
  });
});

describe('instalments', () => {
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

describe('one discount per order: the best among subscriber, welcome and coupon (issue 36)', () => {
  const withCoupon = (b: BuyerStanding, discountCents: number, code = 'ABC15'): BuyerStanding => ({ ...b, coupon: { code, discountCents } });

  it('a coupon larger than the store\'s discount wins, and its line names the code', () => {
    const t = computeTotals([line(10000, 1)], withCoupon(subscriber, 1500));
    expect(t).toMatchObject({ discountKind: 'coupon', discountCents: 1500, totalCents: 8500, couponCode: 'ABC15' });
    expect(discountLabel(t.discountKind!, t.couponCode)).toBe('Cupom ABC15');
    expect(DISCOUNT_LABELS.coupon).toBe('Cupom de desconto');
  });

  it('a smaller coupon is not applied, and the page is told why', () => {
    const t = computeTotals([line(10000, 1)], withCoupon(subscriber, 500, 'ABC5'));
    expect(t).toMatchObject({ discountKind: 'subscriber', discountCents: 1000, couponNotApplied: { code: 'ABC5', beatenBy: 'subscriber' } });
    expect(couponNotAppliedMessage(t.couponNotApplied!)).toBe('Cupom ABC5 não aplicado: o desconto de assinante é maior ou igual (um desconto por pedido).');
    expect(computeTotals([line(10000, 1)], withCoupon(newcomer, 900)).couponNotApplied).toEqual({ code: 'ABC15', beatenBy: 'welcome' });
  });

  it('on a tie the store\'s own discount wins (the coupon stays unused)', () => {
    expect(computeTotals([line(10000, 1)], withCoupon(newcomer, 1000))).toMatchObject({ discountKind: 'welcome', couponNotApplied: { code: 'ABC15' } });
  });

  it('a coupon alone applies, never above the subtotal', () => {
    expect(computeTotals([line(1000, 1)], withCoupon(visitor, 5000))).toMatchObject({ discountKind: 'coupon', discountCents: 1000, totalCents: 0 });
  });

  it('for any cart, buyer and coupon: the discount is the largest of the three, ties to the store', () => {
    const lines = fc.array(fc.record({ unitCents: fc.integer({ min: 0, max: 500_000 }), quantity: fc.integer({ min: 1, max: 20 }), isSubscription: fc.boolean() }), { maxLength: 20 });
    fc.assert(
      fc.property(lines, fc.boolean(), fc.boolean(), fc.integer({ min: 0, max: 2_000_000 }), (ls, isSubscriber, firstPurchase, couponCents) => {
        const store = computeTotals(ls, { isSubscriber, firstPurchase });
        const t = computeTotals(ls, { isSubscriber, firstPurchase, coupon: { code: 'X10', discountCents: couponCents } });
        const capped = Math.min(couponCents, t.subtotalCents);
        expect(t.discountCents).toBe(Math.max(store.discountCents, capped));
        expect(t.discountKind === 'coupon').toBe(capped > store.discountCents);
        expect(t.totalCents).toBe(t.subtotalCents - t.discountCents);
      }),
    );
  });
});
