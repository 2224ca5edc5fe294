// How stock reads to a shopper, the same on every page and in the cart.

/** Under this many units a size (or kit) shows "Últimas unidades". */
export const LOW_STOCK_THRESHOLD = 5;

export type StockLevel = 'untracked' | 'available' | 'low' | 'sold_out';

/** `available` null = not tracked (always sellable). */
export function stockLevel(available: number | null): StockLevel {
  if (available === null) return 'untracked';
  if (available <= 0) return 'sold_out';
  if (available < LOW_STOCK_THRESHOLD) return 'low';
  return 'available';
}

/** What a cart line says about stock, or null when there is nothing to say. */
export function cartStockNote(available: number | null, quantity: number): string | null {
  if (available === null) return null;
  if (available <= 0) return 'Esgotado';
  if (available < quantity || available < LOW_STOCK_THRESHOLD) return available === 1 ? 'Resta 1 unidade' : `Restam ${available} unidades`;
  return null;
}
