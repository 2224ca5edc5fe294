import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  couponDiscountCents,
  eligibleCents,
  evaluateCoupon,
  formatSaoPauloDateTime,
  instantToSaoPauloLocal,
  isCouponCode,
  normalizeCouponCode,
  saoPauloLocalToInstant,
  type CouponBuyer,
  type CouponLine,
  type CouponRule,
} from './coupons';
import { percentOf } from './pricing';

const coupon = (over: Partial<CouponRule> = {}): CouponRule => ({
  code: 'ABC10',
  kind: 'percent',
  percent: 10,
  amountCents: null,
  minSubtotalCents: 0,
  firstPurchaseOnly: false,
  includesPlan: false,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  uses: 0,
  active: true,
  productIds: [],
  categoryIds: [],
  ...over,
});
const goods = (unitCents: number, quantity = 1, productId = 'p1', categoryId: string | null = 'c1'): CouponLine => ({ unitCents, quantity, isSubscription: false, productId, categoryId });
const plan = (unitCents: number): CouponLine => ({ unitCents, quantity: 1, isSubscription: true, productId: null, categoryId: null });
const customer: CouponBuyer = { signedIn: true, firstPurchase: false, uses: 0 };
const at = new Date('2026-11-28T15:00:00Z');

describe('coupon codes', () => {
  it('are trimmed and upper case, letters, digits, - and _', () => {
    expect(normalizeCouponCode('  abc10 ')).toBe('ABC10');
    expect(isCouponCode('BLACK-FRIDAY_26')).toBe(true);
    expect(isCouponCode('AB')).toBe(false);
    expect(isCouponCode('COM ESPAÇO')).toBe(false);
  });
});

describe('São Paulo date-times', () => {
  it('reads what the admin types as São Paulo time (-03:00) and writes it back', () => {
    const from = saoPauloLocalToInstant('2026-12-01T00:00')!;
    expect(from.toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(instantToSaoPauloLocal(from)).toBe('2026-12-01T00:00');
    expect(formatSaoPauloDateTime(from)).toBe('01/12/2026 00:00');
    expect(saoPauloLocalToInstant('2026-02-30T10:00')).toBeNull();
    expect(saoPauloLocalToInstant('')).toBeNull();
  });
});

describe('coupon eligibility, with pt-BR answers', () => {
  it('takes 10% off the goods, never the plan unless it says so', () => {
    const lines = [goods(10000), plan(5000)];
    expect(evaluateCoupon(coupon(), lines, customer, at)).toMatchObject({ ok: true, eligibleCents: 10000, discountCents: 1000 });
    expect(evaluateCoupon(coupon({ includesPlan: true }), lines, customer, at)).toMatchObject({ ok: true, eligibleCents: 15000, discountCents: 1500 });
  });

  it('is valid from valid_from (included) until valid_until (excluded), in São Paulo time', () => {
    const validFrom = saoPauloLocalToInstant('2026-11-28T12:00')!; // 15:00 UTC
    expect(evaluateCoupon(coupon({ validFrom }), [goods(1000)], customer, new Date(validFrom.getTime() - 1))).toMatchObject({
      ok: false,
      refusal: 'not_yet',
      message: 'O cupom ABC10 ainda não é válido: vale a partir de 28/11/2026 12:00.',
    });
    expect(evaluateCoupon(coupon({ validFrom }), [goods(1000)], customer, validFrom).ok).toBe(true);
    expect(evaluateCoupon(coupon({ validUntil: at }), [goods(1000)], customer, at)).toMatchObject({ ok: false, refusal: 'expired', message: 'O cupom ABC10 expirou.' });
  });

  it('refuses an inactive coupon, one at its limit, and one this customer used up', () => {
    expect(evaluateCoupon(coupon({ active: false }), [goods(1000)], customer, at)).toMatchObject({ refusal: 'inactive' });
    expect(evaluateCoupon(coupon({ maxUses: 100, uses: 100 }), [goods(1000)], customer, at)).toMatchObject({ refusal: 'limit', message: 'O cupom ABC10 atingiu o limite de usos.' });
    expect(evaluateCoupon(coupon({ maxUses: 100, uses: 99 }), [goods(1000)], customer, at).ok).toBe(true);
    expect(evaluateCoupon(coupon({ maxUsesPerCustomer: 1 }), [goods(1000)], { ...customer, uses: 1 }, at)).toMatchObject({ refusal: 'used', message: 'Você já usou o cupom ABC10.' });
  });

  it('first purchase only', () => {
    expect(evaluateCoupon(coupon({ firstPurchaseOnly: true }), [goods(1000)], customer, at)).toMatchObject({ refusal: 'first_purchase', message: 'O cupom ABC10 vale só na primeira compra.' });
    expect(evaluateCoupon(coupon({ firstPurchaseOnly: true }), [goods(1000)], { ...customer, firstPurchase: true }, at).ok).toBe(true);
  });

  it('limited to products or categories: only their lines count, the minimum on them', () => {
    const lines = [goods(3000, 2, 'p1', 'c1'), goods(5000, 1, 'p2', 'c2')];
    expect(eligibleCents(coupon({ productIds: ['p2'] }), lines)).toBe(5000);
    expect(eligibleCents(coupon({ categoryIds: ['c1'] }), lines)).toBe(6000);
    expect(eligibleCents(coupon({ productIds: ['p2'], categoryIds: ['c1'] }), lines)).toBe(11000);
    expect(evaluateCoupon(coupon({ productIds: ['p9'] }), lines, customer, at)).toMatchObject({ refusal: 'products', message: 'O cupom ABC10 não vale para estes produtos.' });
    expect(evaluateCoupon(coupon({ productIds: ['p2'], minSubtotalCents: 6000 }), lines, customer, at)).toMatchObject({
      refusal: 'minimum',
      message: 'Valor mínimo de R$\u00a060,00 em produtos válidos para o cupom ABC10.',
    });
  });

  it('a fixed amount is capped at the eligible goods', () => {
    expect(evaluateCoupon(coupon({ kind: 'fixed', percent: null, amountCents: 2500 }), [goods(10000)], customer, at)).toMatchObject({ discountCents: 2500 });
    expect(evaluateCoupon(coupon({ kind: 'fixed', percent: null, amountCents: 2500 }), [goods(1990)], customer, at)).toMatchObject({ discountCents: 1990 });
  });

  it('for any cart: the discount is an integer between 0 and the eligible value, the percent half up', () => {
    const line = fc.record({
      unitCents: fc.integer({ min: 0, max: 1_000_000 }),
      quantity: fc.integer({ min: 1, max: 50 }),
      isSubscription: fc.boolean(),
      productId: fc.constantFrom('p1', 'p2', 'p3'),
      categoryId: fc.constantFrom('c1', 'c2', null),
    });
    const rule = fc.record({
      kind: fc.constantFrom('percent' as const, 'fixed' as const),
      percent: fc.integer({ min: 1, max: 100 }),
      amountCents: fc.integer({ min: 1, max: 10_000_000 }),
      includesPlan: fc.boolean(),
      productIds: fc.subarray(['p1', 'p2', 'p3']),
      categoryIds: fc.subarray(['c1', 'c2']),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), rule, (lines, r) => {
        const c = coupon({ ...r, percent: r.kind === 'percent' ? r.percent : null, amountCents: r.kind === 'fixed' ? r.amountCents : null });
        const eligible = eligibleCents(c, lines);
        const off = couponDiscountCents(c, eligible);
        expect(Number.isInteger(off)).toBe(true);
        expect(off).toBeGreaterThanOrEqual(0);
        expect(off).toBeLessThanOrEqual(eligible);
        if (r.kind === 'percent') expect(off).toBe(percentOf(eligible, r.percent));
        const planCents = lines.filter((l) => l.isSubscription).reduce((s, l) => s + l.unitCents * l.quantity, 0);
        if (!r.includesPlan) expect(eligible).toBeLessThanOrEqual(lines.reduce((s, l) => s + l.unitCents * l.quantity, 0) - planCents);
      }),
    );
  });
});
