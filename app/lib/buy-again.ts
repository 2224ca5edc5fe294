// "Comprar novamente" (issue 35): an earlier order's goods back in the cart at today's prices. The
// server answers which lines are still sold (orders/buy-again); these pure rules name what was
// left out and merge the lines into the cart the browser keeps.
import { addItem, MAX_CART_LINES, MAX_LINE_QUANTITY, type Cart, type CartItem } from './cart';

/** The server's answer: the lines still sold (today's price, quantity capped by stock) and the names of those not. */
export type BuyAgainData = { ok: true; items: CartItem[]; unavailable: string[] } | { ok: false; message: string };

/** How an order's line is named when it can no longer be bought: "Álcool 70% (1 L)". */
export function lineLabel(name: string, size: string | null): string {
  return size ? `${name} (${size})` : name;
}

/** The quantity put back: the order's, capped by the units available (null: not tracked) and the cart's limit; 0 is none. */
export function buyAgainQuantity(ordered: number, available: number | null): number {
  const cap = available === null ? MAX_LINE_QUANTITY : Math.max(0, Math.floor(available));
  return Math.max(0, Math.min(ordered, cap, MAX_LINE_QUANTITY));
}

/** The toast's sentence for what was left out, or null when everything went back. */
export function unavailableMessage(labels: readonly string[]): string | null {
  if (labels.length === 0) return null;
  if (labels.length === 1) return `${labels[0]} não está mais disponível.`;
  return `${labels.slice(0, -1).join(', ')} e ${labels[labels.length - 1]} não estão mais disponíveis.`;
}

/** The lines added to the cart (an id already there gets more units), within the cart's line limit. */
export function mergeIntoCart(cart: Cart, items: readonly CartItem[]): CartItem[] {
  let next: CartItem[] = [...cart];
  for (const item of items) {
    if (!next.some((l) => l.id === item.id) && next.length >= MAX_CART_LINES) continue;
    next = addItem(next, item);
  }
  return next;
}
