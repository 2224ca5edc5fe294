import { describe, expect, it } from 'vitest';
import { displayTaxId, formatTaxId, isValidCnpj, isValidCpf, normalizeTaxId, taxIdKind } from './tax-id';

describe('CPF and CNPJ', () => {
  it('accepts valid numbers, with or without the mask', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(taxIdKind('529.982.247-25')).toBe('cpf');
    expect(taxIdKind('11.222.333/0001-81')).toBe('cnpj');
  });

  it('rejects wrong check digits, repeated digits and wrong lengths', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('123')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false);
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
    expect(taxIdKind('12345678900')).toBeNull();
  });

  it('masks while typing', () => {
    expect(formatTaxId('5299822')).toBe('529.982.2');
    expect(formatTaxId('52998224725')).toBe('529.982.247-25');
    expect(formatTaxId('11222333000181')).toBe('11.222.333/0001-81');
    // Until 2026 letters were noise and this gave '11.222.333/0001-81'. Letters among the first
    // 12 characters now start an alphanumeric CNPJ (IN RFB nº 2.229/2024), so they are kept:
    // 'ABC112223330' is the base and the first two digits after it are the check digits.
    expect(formatTaxId('abc11222333000181999')).toBe('AB.C11.222/3330-00');
  });
});

describe('numeric CPF and CNPJ behave as before the library', () => {
  it('ignores any punctuation and spaces between the digits', () => {
    expect(isValidCpf(' 529 982 247 25 ')).toBe(true);
    expect(isValidCpf('529,982,247/25')).toBe(true);
    expect(isValidCnpj('11,222,333 0001 81')).toBe(true);
    expect(normalizeTaxId('529.982.247-25')).toBe('52998224725');
    expect(normalizeTaxId(' 11.222.333/0001-81 ')).toBe('11222333000181');
  });

  it('rejects every repeated-digit number and every other length', () => {
    for (let d = 0; d <= 9; d++) {
      expect(isValidCpf(String(d).repeat(11)), `CPF ${d}`).toBe(false);
      expect(isValidCnpj(String(d).repeat(14)), `CNPJ ${d}`).toBe(false);
    }
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247250')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('112223330001810')).toBe(false);
    // A CPF is not a CNPJ and the other way round.
    expect(isValidCnpj('52998224725')).toBe(false);
    expect(isValidCpf('11222333000181')).toBe(false);
  });

  it('masks every length of a typed number as before', () => {
    const cpf = ['', '5', '52', '529', '529.9', '529.98', '529.982', '529.982.2', '529.982.24', '529.982.247', '529.982.247-2', '529.982.247-25'];
    for (let n = 0; n <= 11; n++) expect(formatTaxId('52998224725'.slice(0, n))).toBe(cpf[n]);
    expect(formatTaxId('112223330001')).toBe('11.222.333/0001');
    expect(formatTaxId('1122233300018')).toBe('11.222.333/0001-8');
    expect(formatTaxId('11222333000181999')).toBe('11.222.333/0001-81');
    expect(formatTaxId('529.982.247-25')).toBe('529.982.247-25');
  });
});

// The Receita Federal's example of the alphanumeric CNPJ (manual "Cálculo do DV do CNPJ
// alfanumérico", IN RFB nº 2.229/2024): base 12ABC34501DE, check digits 3 and 5.
const RFB_EXAMPLE = '12.ABC.345/01DE-35';

describe('alphanumeric CNPJ', () => {
  it("accepts the Receita Federal's example, masked or not, in any case", () => {
    for (const value of [RFB_EXAMPLE, '12ABC34501DE35', '12.abc.345/01de-35', '12abc34501de35', ' 12 AbC 345 01dE 35 ']) {
      expect(isValidCnpj(value), value).toBe(true);
      expect(taxIdKind(value), value).toBe('cnpj');
      expect(isValidCpf(value), value).toBe(false);
    }
  });

  it('refuses the example with a wrong check digit, a letter as a check digit or a wrong length', () => {
    for (const value of ['12.ABC.345/01DE-34', '12.ABC.345/01DE-36', '12.ABC.345/01DE-05', '12.ABC.345/01DE-53', '12.ABC.345/01DE-3A', '12.ABC.345/01DE-3', '12.ABC.345/01DE-350', '12.ABC.345/01DF-35', '13.ABC.345/01DE-35']) {
      expect(isValidCnpj(value), value).toBe(false);
      expect(taxIdKind(value), value).toBeNull();
    }
  });

  it('is stored in upper case without the mask and shown with it', () => {
    expect(normalizeTaxId('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(displayTaxId('12ABC34501DE35')).toBe(RFB_EXAMPLE);
    expect(displayTaxId('11222333000181')).toBe('11.222.333/0001-81');
    expect(displayTaxId('52998224725')).toBe('529.982.247-25');
    expect(displayTaxId(null)).toBe('');
    expect(displayTaxId('')).toBe('');
  });

  it('masks while the customer types letters and digits', () => {
    const typed = '12abc34501de35';
    const masks = ['', '1', '12', '12.A', '12.AB', '12.ABC', '12.ABC.3', '12.ABC.34', '12.ABC.345', '12.ABC.345/0', '12.ABC.345/01', '12.ABC.345/01D', '12.ABC.345/01DE', '12.ABC.345/01DE-3', RFB_EXAMPLE];
    for (let n = 0; n <= typed.length; n++) expect(formatTaxId(typed.slice(0, n)), typed.slice(0, n)).toBe(masks[n]);
    // Typing over the mask, a paste with spaces, more than 14 characters.
    expect(formatTaxId(RFB_EXAMPLE)).toBe(RFB_EXAMPLE);
    expect(formatTaxId('12.abc.345/01de-3')).toBe('12.ABC.345/01DE-3');
    expect(formatTaxId(' 12 abc 345 01 de 35 ')).toBe(RFB_EXAMPLE);
    expect(formatTaxId('12abc34501de359999')).toBe(RFB_EXAMPLE);
    // The check digits are digits: letters there are dropped.
    expect(formatTaxId('12abc34501dex')).toBe('12.ABC.345/01DE');
    expect(formatTaxId('12abc34501de3x5')).toBe(RFB_EXAMPLE);
    // A letter after eleven digits turns the CPF mask into the CNPJ one.
    expect(formatTaxId('52998224725')).toBe('529.982.247-25');
    expect(formatTaxId('529982247a')).toBe('52.998.224/7A');
    expect(formatTaxId('a')).toBe('A');
  });
});

// An independent generator, written from the Receita Federal's rule rather than from the
// library: each character is worth its ASCII code minus 48 (0–9 → 0–9, A → 17 … Z → 42),
// weights 2..9 repeating from the right, DV = 0 if the sum mod 11 < 2, else 11 − sum mod 11.
function checkDigit(characters: string): number {
  let sum = 0;
  for (let i = characters.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1) {
    sum += (characters.charCodeAt(i) - 48) * weight;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

function withCheckDigits(base: string): string {
  const first = checkDigit(base);
  return `${base}${first}${checkDigit(`${base}${first}`)}`;
}

/** Mulberry32: a small seeded generator, so a failure can be reproduced. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function generateAlphanumericCnpjs(count: number, seed: number): string[] {
  const random = seeded(seed);
  const pick = (from: string) => from[Math.floor(random() * from.length)]!;
  return Array.from({ length: count }, () => {
    const base = Array.from({ length: 12 }, () => pick(ALPHABET));
    base[Math.floor(random() * 12)] = pick(LETTERS); // at least one letter: alphanumeric for sure
    return withCheckDigits(base.join(''));
  });
}

describe('1,000 generated alphanumeric CNPJs', () => {
  const cnpjs = generateAlphanumericCnpjs(1000, 2229);

  it('the generator reproduces the Receita Federal example and numeric CNPJs', () => {
    expect(withCheckDigits('12ABC34501DE')).toBe('12ABC34501DE35');
    expect(withCheckDigits('112223330001')).toBe('11222333000181');
    expect(new Set(cnpjs).size).toBe(1000);
    expect(cnpjs.every((c) => /^[0-9A-Z]{12}[0-9]{2}$/.test(c) && /[A-Z]/.test(c))).toBe(true);
  });

  it('accepts all of them, masked and in lower case too, and keeps them as typed in upper case', () => {
    const refused = cnpjs.filter((c) => !isValidCnpj(c) || taxIdKind(c.toLowerCase()) !== 'cnpj' || !isValidCnpj(formatTaxId(c)));
    expect(refused).toEqual([]);
    for (const c of cnpjs) {
      expect(normalizeTaxId(formatTaxId(c.toLowerCase()))).toBe(c);
      expect(displayTaxId(c)).toBe(formatTaxId(c));
    }
  });

  it('refuses all of them with one check digit changed', () => {
    const changed = cnpjs.map((c, i) => {
      const position = 12 + (i % 2);
      const digit = (Number(c[position]) + 1 + (i % 9)) % 10;
      return c.slice(0, position) + String(digit) + c.slice(position + 1);
    });
    expect(changed.every((c, i) => c !== cnpjs[i])).toBe(true);
    expect(changed.filter((c) => isValidCnpj(c) || taxIdKind(c) !== null)).toEqual([]);
  });
});
