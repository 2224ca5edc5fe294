import { describe, expect, it } from 'vitest';
import { addItem, clearCart, MAX_LINE_QUANTITY, setSubscription, parseStoredCart, removeItem, subtotalCents, totalQuantity, updateQuantity, type CartItem } from './cart';

const detergente: CartItem = { id: 'v-1', product_id: 'p-1', name: 'Detergente Neutro', price: '12.90', quantity: 1, size: '1 L' };
const desinfetante: CartItem = { id: 'v-2', product_id: 'p-2', name: 'Desinfetante', price: 8.5, quantity: 2, size: '500 ml' };

describe('cart rules', () => {
  it('adds a new line and increments an id already in the cart', () => {
    let cart = addItem([], detergente);
    cart = addItem(cart, desinfetante);
    cart = addItem(cart, { ...detergente, quantity: 3 });
    expect(cart).toHaveLength(2);
    expect(cart.find((l) => l.id === 'v-1')?.quantity).toBe(4);
    expect(totalQuantity(cart)).toBe(6);
  });

  it('never lets a line pass 99 units, however it is added or changed', () => {
    let cart = addItem([], { ...detergente, quantity: 60 });
    cart = addItem(cart, { ...detergente, quantity: 60 });
    expect(cart).toEqual([{ ...detergente, quantity: MAX_LINE_QUANTITY }]);
    expect(addItem([], { ...detergente, quantity: 500 })[0]!.quantity).toBe(99);
    expect(updateQuantity(cart, 'v-1', 100)[0]!.quantity).toBe(99);
    expect(updateQuantity(cart, 'v-1', Number.POSITIVE_INFINITY)[0]!.quantity).toBe(99);
  });

  it('never mutates the cart it was given', () => {
    const cart = [detergente];
    addItem(cart, detergente);
    updateQuantity(cart, 'v-1', 9);
    expect(cart[0]?.quantity).toBe(1);
  });

  it('removes a line whose quantity reaches zero or less', () => {
    const cart = [detergente, desinfetante];
    expect(updateQuantity(cart, 'v-2', 5).find((l) => l.id === 'v-2')?.quantity).toBe(5);
    expect(updateQuantity(cart, 'v-2', 0).map((l) => l.id)).toEqual(['v-1']);
    expect(updateQuantity(cart, 'v-1', -3).map((l) => l.id)).toEqual(['v-2']);
  });

  it('keeps one plan at a time, with quantity 1', () => {
    const monthly: CartItem = { id: 'plan:monthly', product_id: 'plan:monthly', name: 'Plano Mensal', price: '49.90', quantity: 3, is_subscription: true, frequency: 'monthly' };
    const annual: CartItem = { ...monthly, id: 'plan:annual', frequency: 'annual', price: '538.90' };
    let cart = setSubscription([detergente], monthly);
    cart = setSubscription(cart, annual);
    expect(cart.map((l) => [l.id, l.quantity])).toEqual([['v-1', 1], ['plan:annual', 1]]);
  });

  it('removes one line and clears all', () => {
    expect(removeItem([detergente, desinfetante], 'v-1')).toEqual([desinfetante]);
    expect(clearCart()).toEqual([]);
  });

  it('sums price × quantity in exact cents, with string or number prices', () => {
    expect(subtotalCents([detergente, desinfetante])).toBe(1290 + 1700);
    expect(subtotalCents([{ ...detergente, price: '0.10', quantity: 3 }])).toBe(30);
  });

  it('drops malformed or tampered lines read from storage', () => {
    const raw = JSON.stringify([detergente, { id: 'x' }, { ...desinfetante, quantity: -1 }, { ...desinfetante, price: 'grátis' }]);
    expect(parseStoredCart(raw)).toEqual([detergente]);
    expect(parseStoredCart('{not json')).toEqual([]);
    expect(parseStoredCart(null)).toEqual([]);
  });
});
