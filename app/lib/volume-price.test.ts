import { describe, expect, it } from 'vitest';
import { appliedTierNote, MAX_PRICE_TIERS, nextTier, nextTierHint, TIER_MESSAGES, tierFor, tierLabel, tierProblems, unitPriceFor, VOLUME_DISCOUNT_RULE } from './volume-price';

// A 5 L gallon at R$ 49,90; R$ 44,90 from 6 units, R$ 39,90 from 24 (given out of order on purpose).
const BASE = 4990;
const TIERS = [
  { minQuantity: 24, priceCents: 3990 },
  { minQuantity: 6, priceCents: 4490 },
];

describe('unit price by quantity', () => {
  it('is the size price below the first tier', () => {
    expect(unitPriceFor(BASE, TIERS, 1)).toBe(4990);
    expect(unitPriceFor(BASE, TIERS, 5)).toBe(4990);
    expect(tierFor(BASE, TIERS, 5)).toEqual({ minQuantity: 1, priceCents: 4990 });
  });
  it('is the highest tier whose minimum is reached', () => {
    expect(unitPriceFor(BASE, TIERS, 6)).toBe(4490);
    expect(unitPriceFor(BASE, TIERS, 23)).toBe(4490);
    expect(unitPriceFor(BASE, TIERS, 24)).toBe(3990);
    expect(unitPriceFor(BASE, TIERS, 999)).toBe(3990);
  });
  it('without tiers is always the size price', () => {
    expect(unitPriceFor(BASE, [], 50)).toBe(4990);
    expect(nextTier([], 1)).toBeNull();
  });
});

describe('labels', () => {
  it('reads a tier as on the product page', () => {
    expect(tierLabel({ minQuantity: 6, priceCents: 1290 })).toBe('a partir de 6 un.: R$\u00a012,90');
  });
  it('tells how many more units reach the next tier', () => {
    expect(nextTier(TIERS, 3)).toEqual({ minQuantity: 6, priceCents: 4490, missing: 3 });
    expect(nextTierHint(TIERS, 3)).toBe('Faltam 3 un. para R$\u00a044,90 cada');
    expect(nextTierHint(TIERS, 23)).toBe('Falta 1 un. para R$\u00a039,90 cada');
    expect(nextTierHint(TIERS, 24)).toBeNull();
  });
  it('notes the applied tier only above one unit', () => {
    expect(appliedTierNote({ minQuantity: 24 })).toBe('Preço por quantidade (a partir de 24 un.)');
    expect(appliedTierNote({ minQuantity: 1 })).toBeNull();
  });
  it('states the discount rule: one 10 % on top of the tier price, never both', () => {
    expect(VOLUME_DISCOUNT_RULE).toContain('sobre o preço por quantidade');
    expect(VOLUME_DISCOUNT_RULE).toContain('nunca os dois juntos');
  });
});

describe('tier validation (admin form)', () => {
  it('accepts ascending quantities with falling prices below the size price', () => {
    expect(tierProblems(BASE, [{ minQuantity: 6, priceCents: 4490 }, { minQuantity: 24, priceCents: 3990 }])).toEqual([]);
    expect(tierProblems(BASE, [])).toEqual([]);
  });
  it('refuses a first price not below the size price, and a price not below the previous tier', () => {
    expect(tierProblems(BASE, [{ minQuantity: 6, priceCents: 4990 }])).toEqual([{ index: 0, field: 'price', message: TIER_MESSAGES.belowBase }]);
    expect(tierProblems(BASE, [{ minQuantity: 6, priceCents: 4490 }, { minQuantity: 12, priceCents: 4500 }])).toEqual([{ index: 1, field: 'price', message: TIER_MESSAGES.belowPrevious }]);
  });
  it('refuses quantities out of order, repeated or out of bounds', () => {
    expect(tierProblems(BASE, [{ minQuantity: 24, priceCents: 4490 }, { minQuantity: 6, priceCents: 3990 }])).toEqual([{ index: 1, field: 'minQuantity', message: TIER_MESSAGES.ascending }]);
    expect(tierProblems(BASE, [{ minQuantity: 6, priceCents: 4490 }, { minQuantity: 6, priceCents: 3990 }])).toEqual([{ index: 1, field: 'minQuantity', message: TIER_MESSAGES.duplicate }]);
    expect(tierProblems(BASE, [{ minQuantity: 1, priceCents: 4490 }])).toEqual([{ index: 0, field: 'minQuantity', message: TIER_MESSAGES.quantity }]);
    expect(tierProblems(BASE, [{ minQuantity: 10000, priceCents: 4490 }])).toEqual([{ index: 0, field: 'minQuantity', message: TIER_MESSAGES.quantity }]);
  });
  it('asks for missing values', () => {
    expect(tierProblems(BASE, [{ minQuantity: null, priceCents: null }])).toEqual([
      { index: 0, field: 'minQuantity', message: TIER_MESSAGES.quantityMissing },
      { index: 0, field: 'price', message: TIER_MESSAGES.priceMissing },
    ]);
    expect(tierProblems(BASE, [{ minQuantity: 6, priceCents: 0 }])).toEqual([{ index: 0, field: 'price', message: TIER_MESSAGES.priceMissing }]);
  });
  it(`allows at most ${MAX_PRICE_TIERS} tiers`, () => {
    const rows = Array.from({ length: MAX_PRICE_TIERS + 1 }, (_, i) => ({ minQuantity: 2 + i, priceCents: 4000 - i * 10 }));
    expect(tierProblems(BASE, rows)).toEqual([{ index: MAX_PRICE_TIERS, field: 'minQuantity', message: TIER_MESSAGES.tooMany }]);
  });
});
