import { describe, expect, it } from 'vitest';
import { formatNcm, gtinCheckDigit, isValidGtin, NO_GTIN, normalizeCest, normalizeGtin, normalizeNcm } from './gtin';

describe('gtinCheckDigit', () => {
  it('computes the mod-10 check digit of known codes', () => {
    expect(gtinCheckDigit('789100031550')).toBe(7); // EAN-13 7891000315507
    expect(gtinCheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(gtinCheckDigit('9638507')).toBe(4); // GTIN-8 96385074
    expect(gtinCheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gtinCheckDigit('1789100031550')).toBe(4); // GTIN-14 17891000315504
  });
});

describe('isValidGtin', () => {
  it('accepts GTIN-8, -12, -13 and -14 with their check digit', () => {
    for (const code of ['96385074', '036000291452', '7891000315507', '4006381333931', '17891000315504']) expect(isValidGtin(code)).toBe(true);
  });
  it('refuses a wrong check digit', () => {
    expect(isValidGtin('7891000315508')).toBe(false);
    expect(isValidGtin('96385075')).toBe(false);
  });
  it('refuses other lengths, letters and the literal', () => {
    for (const code of ['', '1234567', '12345678901', '123456789012345', '78910003155O7', NO_GTIN]) expect(isValidGtin(code)).toBe(false);
  });
});

describe('normalizeGtin', () => {
  it('drops spaces, dots and hyphens', () => {
    expect(normalizeGtin(' 789 1000-31550.7 ')).toBe('7891000315507');
  });
});

describe('normalizeNcm', () => {
  it('reads eight digits typed with or without dots', () => {
    expect(normalizeNcm('3402.20.00')).toBe('34022000');
    expect(normalizeNcm(' 34022000 ')).toBe('34022000');
    expect(normalizeNcm('3808 94 19')).toBe('38089419');
  });
  it('refuses anything else', () => {
    for (const typed of ['', '3402.20', '340220001', '3402.2O.00', '3402-20-00']) expect(normalizeNcm(typed)).toBeNull();
  });
});

describe('normalizeCest', () => {
  it('reads seven digits typed with or without dots', () => {
    expect(normalizeCest('11.001.00')).toBe('1100100');
    expect(normalizeCest('1100100')).toBe('1100100');
  });
  it('refuses anything else', () => {
    expect(normalizeCest('110010')).toBeNull();
    expect(normalizeCest('11001000')).toBeNull();
  });
});

describe('formatNcm', () => {
  it('writes an NCM with its dots, and leaves anything else', () => {
    expect(formatNcm('34022000')).toBe('3402.20.00');
    expect(formatNcm('3402')).toBe('3402');
  });
});
