// CEP (Brazilian postal code): mask, normalisation and the Correios ranges per
// UF, offline, so the form and the action can tell that a CEP is not from the
// chosen state without calling any service. Mask and digits come from
// @brazilian-utils; the check and the ranges are ours (see isValidCep).
import { parseCep } from '@brazilian-utils/brazilian-utils/parse-cep';
import type { Uf } from './states';

/** Masks as the customer types: '01001' → '01001', '010010' → '01001-0', '01001000' → '01001-000'. */
export { formatCep } from '@brazilian-utils/brazilian-utils/format-cep';

/** Only the digits (the first eight), as stored. */
export const normalizeCep = (value: string): string => parseCep(value);

/**
 * Eight digits, with or without the hyphen, and not 00000000. Stricter than the
 * library's isValidCep, which also takes 00000000 and dots or hyphens anywhere
 * ('0100-1000'): a CEP that does not look like one is refused rather than repaired.
 */
export function isValidCep(value: string): boolean {
  const trimmed = value.trim();
  if (!/^\d{5}-?\d{3}$/.test(trimmed)) return false;
  return normalizeCep(trimmed) !== '00000000';
}

type Range = readonly [from: number, to: number];

/**
 * Correios CEP ranges per UF (the first five digits, inclusive). Rondônia also
 * keeps 78900–78999, its range from before the current table, which no other
 * UF uses.
 */
export const CEP_RANGES: Record<Uf, readonly Range[]> = {
  SP: [[1000, 19999]],
  RJ: [[20000, 28999]],
  ES: [[29000, 29999]],
  MG: [[30000, 39999]],
  BA: [[40000, 48999]],
  SE: [[49000, 49999]],
  PE: [[50000, 56999]],
  AL: [[57000, 57999]],
  PB: [[58000, 58999]],
  RN: [[59000, 59999]],
  CE: [[60000, 63999]],
  PI: [[64000, 64999]],
  MA: [[65000, 65999]],
  PA: [[66000, 68899]],
  AP: [[68900, 68999]],
  AM: [
    [69000, 69299],
    [69400, 69899],
  ],
  RR: [[69300, 69399]],
  AC: [[69900, 69999]],
  DF: [
    [70000, 72799],
    [73000, 73699],
  ],
  GO: [
    [72800, 72999],
    [73700, 76799],
  ],
  TO: [[77000, 77999]],
  MT: [[78000, 78899]],
  RO: [
    [76800, 76999],
    [78900, 78999],
  ],
  MS: [[79000, 79999]],
  PR: [[80000, 87999]],
  SC: [[88000, 89999]],
  RS: [[90000, 99999]],
};

/** True when a valid CEP lies in one of the UF's Correios ranges. */
export function cepMatchesState(cep: string, uf: Uf): boolean {
  if (!isValidCep(cep)) return false;
  const prefix = Number(normalizeCep(cep).slice(0, 5));
  const ranges = CEP_RANGES[uf] as readonly Range[] | undefined;
  return ranges?.some(([from, to]) => prefix >= from && prefix <= to) ?? false;
}

