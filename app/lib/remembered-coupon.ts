// The coupon code applied at the cart/checkout (issue 36), kept for this browser tab so a reload
// keeps it; `?cupom=CODIGO` in a campaign link applies one. Cleared once the order is placed.
import { normalizeCouponCode } from './coupons';

const KEY = 'clarear_cupom';

export function rememberedCoupon(search: string): string | null {
  try {
    const fromLink = new URLSearchParams(search).get('cupom');
    const value = fromLink ?? (typeof window === 'undefined' ? null : window.sessionStorage.getItem(KEY));
    const code = value ? normalizeCouponCode(value).slice(0, 30) : '';
    return code || null;
  } catch {
    return null;
  }
}

export function rememberCoupon(code: string | null): void {
  try {
    if (code) window.sessionStorage.setItem(KEY, code);
    else window.sessionStorage.removeItem(KEY);
    // The address keeps it too (a shared link, the back button), without a navigation.
    const url = new URL(window.location.href);
    if (code) url.searchParams.set('cupom', code);
    else url.searchParams.delete('cupom');
    window.history.replaceState(window.history.state, '', url);
  } catch {
    // Private mode: the code stays for this page only.
  }
}
