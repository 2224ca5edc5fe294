// The CEP a shopper typed to see the freight (product page, cart), kept in this browser so the next
// quote starts from it. Only the 8 digits; nothing else about the shopper.
const KEY = 'clarear_cep';

export function rememberedCep(): string {
  try {
    const value = typeof window === 'undefined' ? null : window.localStorage.getItem(KEY);
    return value && /^\d{8}$/.test(value) ? value : '';
  } catch {
    return '';
  }
}

export function rememberCep(cep: string): void {
  const digits = cep.replace(/\D/g, '');
  if (digits.length !== 8) return;
  try {
    window.localStorage.setItem(KEY, digits);
  } catch {
    // Private mode or storage full: the next quote asks again.
  }
}
