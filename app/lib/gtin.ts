// GTIN/EAN and NCM as the admin types them (issue 34). Pure: the product form's schema (in the
// browser and on the server) and the seed read the same rules.

/** The NF-e's literal for goods without a GTIN (cEAN / cEANTrib). */
export const NO_GTIN = 'SEM GTIN';

/** The lengths a GTIN has: GTIN-8, -12 (UPC-A), -13 (EAN-13) and -14. */
const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/**
 * The check digit (mod 10) of a GTIN's first digits (all but the last): from the right, weights
 * 3, 1, 3, 1…; the digit that brings the sum to a multiple of 10.
 */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** A GTIN-8, -12, -13 or -14 of digits only whose last digit is its check digit. */
export function isValidGtin(value: string): boolean {
  if (!/^\d+$/.test(value) || !GTIN_LENGTHS.has(value.length)) return false;
  return gtinCheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}

/** A GTIN as typed: spaces, dots and hyphens dropped ('789 1234-56789 5' → '7891234567895'). */
export function normalizeGtin(typed: string): string {
  return typed.replace(/[\s.-]/g, '');
}

/**
 * An NCM as typed, with or without dots or spaces ('3402.20.00' → '34022000'); null when it is not
 * eight digits.
 */
export function normalizeNcm(typed: string): string | null {
  const digits = typed.trim().replace(/[\s.]/g, '');
  return /^\d{8}$/.test(digits) ? digits : null;
}

/** A CEST as typed, with or without dots ('28.060.00' → '2806000'); null when it is not seven digits. */
export function normalizeCest(typed: string): string | null {
  const digits = typed.trim().replace(/[\s.]/g, '');
  return /^\d{7}$/.test(digits) ? digits : null;
}

/** An NCM as the tables write it: '34022000' → '3402.20.00' (anything else as it is). */
export function formatNcm(ncm: string): string {
  return /^\d{8}$/.test(ncm) ? `${ncm.slice(0, 4)}.${ncm.slice(4, 6)}.${ncm.slice(6)}` : ncm;
}
