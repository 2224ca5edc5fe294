// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from './cart';
import { cartStore } from './cart-store';

const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as unknown;

describe('cart store (localStorage clarear_cart)', () => {
  beforeEach(() => {
    localStorage.clear();
    cartStore.reset();
  });

  it('saves the cart on every change', () => {
    cartStore.add({ id: 'v1', product_id: 'p1', name: 'Detergente', price: '9.90', quantity: 1 });
    expect(stored()).toEqual([{ id: 'v1', product_id: 'p1', name: 'Detergente', price: '9.90', quantity: 1 }]);
    cartStore.add({ id: 'v1', product_id: 'p1', name: 'Detergente', price: '9.90', quantity: 2 });
    expect(stored()).toMatchObject([{ id: 'v1', quantity: 3 }]);
    cartStore.updateQuantity('v1', 5);
    expect(stored()).toMatchObject([{ id: 'v1', quantity: 5 }]);
    cartStore.add({ id: 'v2', product_id: 'p2', name: 'Álcool 70%', price: 7, quantity: 1 });
    cartStore.remove('v1');
    expect(stored()).toMatchObject([{ id: 'v2' }]);
    cartStore.clear();
    expect(stored()).toEqual([]);
  });

  it('starts from what a previous visit saved', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ id: 'k1', product_id: 'k1', name: 'Kit Cozinha', price: '89.90', quantity: 2 }]));
    expect(cartStore.get()).toMatchObject([{ id: 'k1', quantity: 2 }]);
  });

  it('ignores a corrupted saved cart instead of breaking the page', () => {
    localStorage.setItem(CART_STORAGE_KEY, '[{"id": 1}]oops');
    expect(cartStore.get()).toEqual([]);
  });
});
