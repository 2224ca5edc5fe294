import { describe, expect, it } from 'vitest';
import { buyAgainQuantity, lineLabel, mergeIntoCart, unavailableMessage } from './buy-again';

describe('buy again', () => {
  it('names a line with its size', () => {
    expect(lineLabel('Álcool 70%', '1 L')).toBe('Álcool 70% (1 L)');
    expect(lineLabel('Kit Limpeza', null)).toBe('Kit Limpeza');
  });

  it('caps the quantity by the stock and the cart limit', () => {
    expect(buyAgainQuantity(3, null)).toBe(3);
    expect(buyAgainQuantity(3, 2)).toBe(2);
    expect(buyAgainQuantity(3, 0)).toBe(0);
    expect(buyAgainQuantity(150, null)).toBe(99);
  });

  it('tells in pt-BR what was left out', () => {
    expect(unavailableMessage([])).toBeNull();
    expect(unavailableMessage(['Álcool 70% (1 L)'])).toBe('Álcool 70% (1 L) não está mais disponível.');
    expect(unavailableMessage(['A', 'B', 'C'])).toBe('A, B e C não estão mais disponíveis.');
  });

  it('merges into the cart: an id already there gets more units', () => {
    const cart = [{ id: 'v1', product_id: 'p1', name: 'A', price: '10.00', quantity: 2 }];
    const merged = mergeIntoCart(cart, [
      { id: 'v1', product_id: 'p1', name: 'A', price: '9.00', quantity: 1 },
      { id: 'v2', product_id: 'p2', name: 'B', price: '5.00', quantity: 3 },
    ]);
    expect(merged.map((l) => [l.id, l.quantity])).toEqual([
      ['v1', 3],
      ['v2', 3],
    ]);
  });
});
