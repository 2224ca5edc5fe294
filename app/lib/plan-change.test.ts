import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths } from './plans';
import { daysBetween, quotePlanChange, unusedCredit, unusedDays } from './plan-change';

const monthly = { paidCents: 4990, start: '2026-11-27', end: '2026-12-27' };
const annual = { paidCents: 53890, start: '2026-11-27', end: '2027-11-27' };

describe('plan change', () => {
  it('monthly → annual on day 0: the annual price less the whole unused month', () => {
    expect(quotePlanChange({ priceCents: 53890, period: monthly, today: '2026-11-27', heldCreditCents: 0 })).toEqual({
      priceCents: 53890,
      creditCents: 4990,
      chargeCents: 48900,
      creditAfterCents: 0,
    });
  });

  it('pro rata by days, rounded up for the customer: 10 of 30 days used leaves 20/30 of R$ 49,90', () => {
    // 4990 × 20 / 30 = 3326,67 → 3327
    expect(unusedCredit(monthly, '2026-12-07')).toBe(3327);
    expect(quotePlanChange({ priceCents: 24950, period: monthly, today: '2026-12-07', heldCreditCents: 0 }).chargeCents).toBe(24950 - 3327);
  });

  it('annual → monthly with prepaid months left: nothing charged, the rest stays as credit', () => {
    const quote = quotePlanChange({ priceCents: 4990, period: annual, today: '2026-11-27', heldCreditCents: 0 });
    expect(quote).toEqual({ priceCents: 4990, creditCents: 4990, chargeCents: 0, creditAfterCents: 53890 - 4990 });
  });

  it('no paid period (a gift, never paid) gives no credit; a held credit counts', () => {
    expect(unusedCredit(null, '2026-11-27')).toBe(0);
    expect(quotePlanChange({ priceCents: 4990, period: null, today: '2026-11-27', heldCreditCents: 1000 })).toEqual({ priceCents: 4990, creditCents: 1000, chargeCents: 3990, creditAfterCents: 0 });
  });

  it('after the period or before it: nothing or everything', () => {
    expect(unusedCredit(monthly, '2026-12-27')).toBe(0);
    expect(unusedCredit(monthly, '2027-03-01')).toBe(0);
    expect(unusedDays(monthly, '2026-10-01')).toBe(30);
    expect(unusedCredit(monthly, '2026-10-01')).toBe(4990);
  });

  const day = fc.integer({ min: 0, max: 800 }).map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
  const period = fc.record({ paidCents: fc.integer({ min: 0, max: 1_000_000 }), start: day, months: fc.constantFrom(1, 6, 12) }).map((p) => ({ paidCents: p.paidCents, start: p.start, end: addMonths(p.start, p.months) }));

  it('property: the credit is an integer between 0 and what was paid, and never shrinks as days go back', () => {
    fc.assert(
      fc.property(period, day, (p, today) => {
        const credit = unusedCredit(p, today);
        expect(Number.isInteger(credit)).toBe(true);
        expect(credit).toBeGreaterThanOrEqual(0);
        expect(credit).toBeLessThanOrEqual(p.paidCents);
        // Rounded in the customer's favour: at least the exact pro rata share.
        expect(credit * daysBetween(p.start, p.end)).toBeGreaterThanOrEqual(p.paidCents * unusedDays(p, today));
        const dayBefore = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, Number(today.slice(8)) - 1)).toISOString().slice(0, 10);
        expect(unusedCredit(p, dayBefore)).toBeGreaterThanOrEqual(credit);
      }),
    );
  });

  it('property: charge + credit used = price, charge ≥ 0, and credit used + credit left = all credit available', () => {
    fc.assert(
      fc.property(period, day, fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 100_000 }), (p, today, priceCents, held) => {
        const q = quotePlanChange({ priceCents, period: p, today, heldCreditCents: held });
        expect(q.chargeCents).toBeGreaterThanOrEqual(0);
        expect(q.creditAfterCents).toBeGreaterThanOrEqual(0);
        expect(q.chargeCents + q.creditCents).toBe(priceCents);
        expect(q.creditCents + q.creditAfterCents).toBe(unusedCredit(p, today) + held);
        // Credit covering the price never charges.
        if (unusedCredit(p, today) + held >= priceCents) expect(q.chargeCents).toBe(0);
      }),
    );
  });
});
