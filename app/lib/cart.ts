// Cart rules (one line per id, 1 to 99 units, one plan at a time) as pure functions over an immutable
// list; app/lib/cart-store.ts keeps the list in localStorage.
import { toCents } from './money';
import type { SubscriptionFrequency } from './plans';

export const CART_STORAGE_KEY = 'clarear_cart';
/** Whose server cart this browser follows (lib/cart-sync, issue 36). */
export const CART_SYNC_KEY = 'clarear_cart_sync';
/** Units of one line; the checkout refuses more (schemas/checkout.ts), so the cart never holds more. */
export const MAX_LINE_QUANTITY = 99;
/** Lines in one cart. */
export const MAX_CART_LINES = 50;

export type CartItem = {
  /** Line identity: the variant id for sized products, the product id for kits, the plan for subscriptions. */
  id: string;
  product_id: string;
  name: string;
  /** Display price only; the server reprices every line at checkout. */
  price: string | number;
  quantity: number;
  size?: string | null;
  image_url?: string | null;
  is_subscription?: boolean;
  frequency?: SubscriptionFrequency;
  /** The size's volume prices when added (display only, like `price`: the server prices by tier). */
  tiers?: { minQuantity: number; price: string }[];
};

export type Cart = readonly CartItem[];

/** Adds an item; an id already in the cart gets its quantity increased instead, up to MAX_LINE_QUANTITY. */
export function addItem(cart: Cart, item: CartItem): CartItem[] {
  const quantity = Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.trunc(item.quantity || 1)));
  const existing = cart.find((line) => line.id === item.id);
  if (existing) {
    return cart.map((line) => (line.id === item.id ? { ...line, quantity: Math.min(MAX_LINE_QUANTITY, line.quantity + quantity) } : line));
  }
  return [...cart, { ...item, quantity }];
}

/** Puts a plan in the cart: one subscription line at a time, quantity 1 (a new plan replaces the old). */
export function setSubscription(cart: Cart, item: CartItem): CartItem[] {
  return [...cart.filter((line) => !line.is_subscription), { ...item, quantity: 1, is_subscription: true }];
}

/** Sets a line's quantity (at most MAX_LINE_QUANTITY); zero or less removes the line. */
export function updateQuantity(cart: Cart, id: string, quantity: number): CartItem[] {
  const q = Math.min(MAX_LINE_QUANTITY, Math.trunc(quantity));
  if (!(q > 0)) return removeItem(cart, id);
  return cart.map((line) => (line.id === id ? { ...line, quantity: q } : line));
}

export function removeItem(cart: Cart, id: string): CartItem[] {
  return cart.filter((line) => line.id !== id);
}

export function clearCart(): CartItem[] {
  return [];
}

/** The header badge: the sum of quantities. */
export function totalQuantity(cart: Cart): number {
  return cart.reduce((sum, line) => sum + line.quantity, 0);
}

/** Sum of price × quantity in cents (display estimate; checkout reprices on the server). */
export function subtotalCents(cart: Cart): number {
  return cart.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
}

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || typeof v.product_id !== 'string' || typeof v.name !== 'string') return false;
  if (typeof v.quantity !== 'number' || !Number.isInteger(v.quantity) || v.quantity <= 0) return false;
  if (typeof v.price !== 'string' && typeof v.price !== 'number') return false;
  try {
    return toCents(v.price) >= 0;
  } catch {
    return false;
  }
}

/** Reads what localStorage held; anything malformed is dropped rather than trusted. */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isCartItem) : [];
  } catch {
    return [];
  }
}
