// CPF (people) and CNPJ (companies): check digits and masks, on @brazilian-utils.
// A CNPJ is numeric (00.000.000/0000-00) or, since July 2026, alphanumeric
// (IN RFB nº 2.229/2024: AA.AAA.AAA/AAAA-00, 12 letters or digits and 2 check
// digits). What is stored: 11 digits for a CPF, 14 upper-case characters for a
// CNPJ (the CHECK on user.tax_id and orders.tax_id).
// Subpath imports keep the browser bundle to these few functions.
import { formatCnpj } from '@brazilian-utils/brazilian-utils/format-cnpj';
import { formatCpf } from '@brazilian-utils/brazilian-utils/format-cpf';
import { isValidCnpj as isValidCnpjOfLibrary } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { isValidCpf as isValidCpfOfLibrary } from '@brazilian-utils/brazilian-utils/is-valid-cpf';

/** Longest CPF/CNPJ text a form accepts before the mask is taken off (a masked CNPJ has 18). */
export const TAX_ID_MAX = 32;

/**
 * Letters and digits only, upper case. Any other character (mask, spaces, stray
 * punctuation) is dropped, as the digits-only check did before letters counted.
 */
const charactersOf = (value: string) => value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

const digitsOf = (value: string) => value.replace(/\D/g, '');

export function isValidCpf(value: string): boolean {
  return isValidCpfOfLibrary(charactersOf(value));
}

/** A numeric or an alphanumeric CNPJ, in any case, with or without the mask. */
export function isValidCnpj(value: string): boolean {
  return isValidCnpjOfLibrary(charactersOf(value), { version: 2 });
}

export type TaxIdKind = 'cpf' | 'cnpj';

/** The kind of a valid CPF or CNPJ, or null when it is neither. */
export function taxIdKind(value: string): TaxIdKind | null {
  if (isValidCpf(value)) return 'cpf';
  if (isValidCnpj(value)) return 'cnpj';
  return null;
}

/** True when the value has a letter, i.e. it can only be an alphanumeric CNPJ. */
export function hasLetters(value: string): boolean {
  return /[A-Za-z]/.test(value);
}

/**
 * Masks as the customer types. Digits only: 000.000.000-00 up to 11 digits,
 * 00.000.000/0000-00 beyond. A letter among the first 12 characters: the
 * alphanumeric CNPJ mask AA.AAA.AAA/AAAA-00 in upper case, letters only in the
 * 12 base positions, digits only in the 2 check positions. At most 14 characters.
 */
export function formatTaxId(value: string): string {
  const characters = charactersOf(value);
  const base = characters.slice(0, 12);
  if (hasLetters(base)) {
    const checkDigits = digitsOf(characters.slice(12)).slice(0, 2);
    return formatCnpj(base + checkDigits, { version: 2 });
  }
  const digits = digitsOf(value).slice(0, 14);
  return digits.length <= 11 ? formatCpf(digits) : formatCnpj(digits);
}

/** What is stored: 11 digits for a CPF, 14 upper-case characters for a CNPJ. Call it on a valid value. */
export function normalizeTaxId(value: string): string {
  return charactersOf(value);
}

/** A stored CPF or CNPJ with its mask, in upper case; '' when there is none. */
export function displayTaxId(stored: string | null | undefined): string {
  if (!stored) return '';
  return stored.length === 11 ? formatCpf(stored) : formatCnpj(stored, { version: 2 });
}
