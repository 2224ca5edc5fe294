import { describe, expect, it } from 'vitest';
import { startingPriceLabel } from './price';

describe('starting price label', () => {
  it("reads 'A partir de' with the base price in BRL", () => {
    expect(startingPriceLabel('5.90')).toBe('A partir de R$\u00a05,90');
    expect(startingPriceLabel('1234.50')).toBe('A partir de R$\u00a01.234,50');
  });
  it("reads 'Consulte' without a base price", () => {
    expect(startingPriceLabel(null)).toBe('Consulte');
    expect(startingPriceLabel(undefined)).toBe('Consulte');
    expect(startingPriceLabel('')).toBe('Consulte');
  });
});
