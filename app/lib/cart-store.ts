// The browser's cart: one list, saved to localStorage on every change and kept
// in sync across tabs. The server always renders an empty cart; the real one
// appears right after hydration.
import { useSyncExternalStore } from 'react';
import * as rules from './cart';
import type { Cart, CartItem } from './cart';

type Listener = () => void;

const EMPTY: Cart = Object.freeze([]);
const listeners = new Set<Listener>();
let current: Cart | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(): Cart {
  if (current === null) current = rules.parseStoredCart(storage()?.getItem(rules.CART_STORAGE_KEY) ?? null);
  return current;
}

/** Told of every change made on this page (lib/cart-sync saves a signed-in customer's to the server). */
let onLocalChange: ((cart: Cart) => void) | null = null;

function commit(next: Cart, local = true) {
  current = next;
  try {
    storage()?.setItem(rules.CART_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked (private mode): the cart still works for this page view.
  }
  listeners.forEach((l) => l());
  if (local) onLocalChange?.(next);
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== rules.CART_STORAGE_KEY) return;
    current = rules.parseStoredCart(event.newValue);
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const cartStore = {
  get: read,
  add: (item: CartItem) => commit(rules.addItem(read(), item)),
  setSubscription: (item: CartItem) => commit(rules.setSubscription(read(), item)),
  updateQuantity: (id: string, quantity: number) => commit(rules.updateQuantity(read(), id, quantity)),
  /** Replaces the whole cart (after the server repriced it). */
  replace: (items: CartItem[]) => commit(items),
  remove: (id: string) => commit(rules.removeItem(read(), id)),
  clear: () => commit(rules.clearCart()),
  /** The server's copy of a signed-in customer's cart (lib/cart-sync): adopted, not posted back. */
  adopt: (items: CartItem[]) => commit(items, false),
  /** lib/cart-sync's hook for the changes made here (null: none). */
  onLocalChange: (listener: ((cart: Cart) => void) | null) => {
    onLocalChange = listener;
  },
  /** Test hook: forget the in-memory copy so the next read comes from storage. */
  reset: () => {
    current = null;
  },
};

export function useCart(): Cart {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}
