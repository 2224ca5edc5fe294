// A signed-in customer's cart saved on the server too (issue 36), kept tiny for the storefront's
// bundle. The browser's list (cart-store) stays the cart pages work with; this posts it to
// POST /carrinho/sync and adopts the answer. A mark in localStorage says whose server cart this
// browser follows, the server version it last saw and whether it changed since ("dirty"):
//   - another (or no) account's mark: sign-in, `merge` (both lists joined: lib/cart-reminders);
//   - dirty: `put` on the version seen (replaces it if still current, else joined);
//   - the root loader's version differs: `pull` (another device changed it, or a purchase emptied it).
// On the checkout page a newer server cart is not pulled but joined (marked dirty): a purchase
// empties the server cart when the order is placed, and a card declined after that must leave the
// customer's cart where it was. Signed out: the mark is dropped; the browser's cart stays, as a visitor's.
// Loaded by the root only for a signed-in customer (or to drop a mark), never in a visitor's bundle.
import type { Cart, CartItem } from './cart';
import { CART_SYNC_KEY } from './cart';
import { cartStore } from './cart-store';

const DEBOUNCE_MS = 400;

/** What the root loader tells of a signed-in customer's server cart. */
export type CartSyncInfo = { owner: string; version: number } | null;
type Mark = { u: string; v: number; d?: boolean };

function readMark(): Mark | null {
  try {
    const mark = JSON.parse(localStorage.getItem(CART_SYNC_KEY) ?? 'null') as Mark | null;
    return mark && typeof mark.u === 'string' && typeof mark.v === 'number' ? mark : null;
  } catch {
    return null;
  }
}

function writeMark(mark: Mark | null) {
  try {
    if (mark) localStorage.setItem(CART_SYNC_KEY, JSON.stringify(mark));
    else localStorage.removeItem(CART_SYNC_KEY);
  } catch {
    // Storage blocked: the next page load merges again, which loses nothing.
  }
}

let owner: string | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let busy = false;
let again = false;

async function send(mode: 'merge' | 'put' | 'pull') {
  if (busy) {
    again = true;
    return;
  }
  const user = owner;
  const mark = readMark();
  if (!user) return;
  busy = true;
  const sent = JSON.stringify(cartStore.get());
  try {
    const body = new URLSearchParams({ mode });
    if (mode !== 'pull') body.set('items', sent);
    if (mode === 'put') body.set('base', String(mark?.v ?? 0));
    const response = await fetch('/carrinho/sync', { method: 'POST', body, keepalive: sent.length < 60_000 });
    const answer = (await response.json()) as { ok: boolean; items: CartItem[]; version: number };
    if (!answer.ok || owner !== user) return;
    // Changed while the answer came: that change is posted next, on the version just learned.
    const changed = JSON.stringify(cartStore.get()) !== sent;
    if (!changed) cartStore.adopt(answer.items);
    writeMark({ u: user, v: answer.version, d: changed || undefined });
    if (changed) again = true;
  } catch {
    // Offline or refused: the mark stays dirty, and the next change or page load tries again.
  } finally {
    busy = false;
    if (again) {
      again = false;
      schedule();
    }
  }
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(() => void send('put'), DEBOUNCE_MS);
}

function changedHere(_cart: Cart) {
  if (!owner) return;
  const mark = readMark();
  writeMark({ u: owner, v: mark?.u === owner ? mark.v : 0, d: true });
  if (mark?.u === owner) schedule();
  else void send('merge');
}

/**
 * Follows the signed-in customer's server cart (root, on each page load and revalidation of its
 * loader); null: signed out, the mark is dropped. Loaded only then, so a visitor never downloads it.
 */
export function followServerCart(info: CartSyncInfo) {
  const user = info?.owner ?? null;
  owner = user;
  if (!user) {
    cartStore.onLocalChange(null);
    writeMark(null);
    return;
  }
  cartStore.onLocalChange(changedHere);
  const mark = readMark();
  if (mark?.u !== user) void send('merge');
  else if (mark.d) void send('put');
  else if (mark.v !== info!.version) {
    if (window.location.pathname === '/checkout') changedHere(cartStore.get());
    else void send('pull');
  }
}
