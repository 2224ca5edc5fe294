import { describe, expect, it } from 'vitest';
import { cartStockNote, LOW_STOCK_THRESHOLD, stockLevel } from './stock';

describe('stock as the shopper reads it', () => {
  it('levels: untracked, sold out at 0, low under the threshold', () => {
    expect(stockLevel(null)).toBe('untracked');
    expect(stockLevel(0)).toBe('sold_out');
    expect(stockLevel(1)).toBe('low');
    expect(stockLevel(LOW_STOCK_THRESHOLD - 1)).toBe('low');
    expect(stockLevel(LOW_STOCK_THRESHOLD)).toBe('available');
  });

  it('a cart line says how many are left when it asks for more or few remain', () => {
    expect(cartStockNote(null, 99)).toBeNull();
    expect(cartStockNote(0, 1)).toBe('Esgotado');
    expect(cartStockNote(1, 1)).toBe('Resta 1 unidade');
    expect(cartStockNote(3, 5)).toBe('Restam 3 unidades');
    expect(cartStockNote(10, 12)).toBe('Restam 10 unidades');
    expect(cartStockNote(10, 2)).toBeNull();
  });
});
