// Money as integer cents. The database returns numeric(12,2) as a string; we
// parse it digit by digit so no binary floating point ever touches a price.

const MONEY_PATTERN = /^(-)?(\d+)(?:[.,](\d{1,2}))?$/;

/** '12.9' | '12.90' | '12,90' | 12.9 → 1290. Throws on anything that is not an amount. */
export function toCents(value: string | number): number {
  const text = typeof value === 'number' ? normalizeNumber(value) : value.trim();
  const match = MONEY_PATTERN.exec(text);
  if (!match) throw new Error(`Valor monetário inválido: ${String(value)}`);
  const [, minus, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new Error(`Valor monetário fora do limite: ${String(value)}`);
  return minus ? -cents : cents;
}

// Legacy cart items may carry a JS number; round it to cents through its decimal text.
function normalizeNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`Valor monetário inválido: ${value}`);
  return value.toFixed(2);
}

/** 1290 → '12.90', the form numeric columns accept. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 123456 → 'R$ 1.234,56' (with a non-breaking space, as Intl pt-BR writes it). */
export function formatBRL(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const reais = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}R$\u00a0${reais},${String(abs % 100).padStart(2, '0')}`;
}

/** Formats a database or cart amount ('1234.5', 1234.5) as BRL. */
export function formatPrice(value: string | number): string {
  return formatBRL(toCents(value));
}
