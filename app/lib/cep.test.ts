import { describe, expect, it } from 'vitest';
import { CEP_RANGES, cepMatchesState, formatCep, isValidCep, normalizeCep } from './cep';
import { STATES, UFS, type Uf } from './states';

const cep = (prefix: number, suffix: string) => `${String(prefix).padStart(5, '0')}-${suffix}`;

describe('formatCep', () => {
  it('masks as the customer types', () => {
    expect(formatCep('')).toBe('');
    expect(formatCep('0')).toBe('0');
    expect(formatCep('01001')).toBe('01001');
    expect(formatCep('010010')).toBe('01001-0');
    expect(formatCep('01001000')).toBe('01001-000');
  });
  it('drops non-digits and anything beyond eight digits', () => {
    expect(formatCep('01001-000')).toBe('01001-000');
    expect(formatCep('01.001-000')).toBe('01001-000');
    expect(formatCep('010010009999')).toBe('01001-000');
    expect(formatCep('abc')).toBe('');
  });
});

describe('normalizeCep and isValidCep', () => {
  it('keeps only the digits', () => {
    expect(normalizeCep('01001-000')).toBe('01001000');
    expect(normalizeCep(' 20040 020 ')).toBe('20040020');
  });
  it('accepts eight digits with or without the hyphen', () => {
    expect(isValidCep('01001000')).toBe(true);
    expect(isValidCep('01001-000')).toBe(true);
    expect(isValidCep(' 01001-000 ')).toBe(true);
  });
  it('rejects other shapes and 00000000', () => {
    for (const bad of ['', '0100100', '010010000', '01001_000', '0100-1000', 'abcde-fgh', '00000000', '00000-000']) {
      expect(isValidCep(bad), bad).toBe(false);
    }
  });
});

describe('cepMatchesState', () => {
  it('has a range for each of the 27 UFs', () => {
    expect(Object.keys(CEP_RANGES).sort()).toEqual([...UFS].sort());
    expect(STATES).toHaveLength(27);
  });

  // Each range's first and last CEP belongs to its UF and to no other.
  const boundaries = (Object.entries(CEP_RANGES) as [Uf, [number, number][]][]).flatMap(([uf, ranges]) =>
    ranges.flatMap(([from, to]) => [
      { uf, value: cep(from, '000') },
      { uf, value: cep(to, '999') },
    ]),
  );
  it.each(boundaries)('$value belongs to $uf only', ({ uf, value }) => {
    expect(cepMatchesState(value, uf)).toBe(true);
    for (const other of UFS.filter((u) => u !== uf)) expect(cepMatchesState(value, other)).toBe(false);
  });

  it('knows real addresses', () => {
    expect(cepMatchesState('01001-000', 'SP')).toBe(true); // Praça da Sé
    expect(cepMatchesState('20040-020', 'RJ')).toBe(true); // Centro, Rio
    expect(cepMatchesState('70040-010', 'DF')).toBe(true); // Brasília
    expect(cepMatchesState('74000-000', 'GO')).toBe(true); // Goiânia
    expect(cepMatchesState('69005-000', 'AM')).toBe(true); // Manaus
    expect(cepMatchesState('69301-000', 'RR')).toBe(true); // Boa Vista
    expect(cepMatchesState('76801-000', 'RO')).toBe(true); // Porto Velho
    expect(cepMatchesState('90010-000', 'RS')).toBe(true); // Porto Alegre
  });

  it('says no across a neighbouring boundary', () => {
    expect(cepMatchesState('19999-999', 'RJ')).toBe(false);
    expect(cepMatchesState('20000-000', 'SP')).toBe(false);
    expect(cepMatchesState('68899-999', 'AP')).toBe(false);
    expect(cepMatchesState('68900-000', 'PA')).toBe(false);
    expect(cepMatchesState('69299-999', 'RR')).toBe(false);
    expect(cepMatchesState('69300-000', 'AM')).toBe(false);
    expect(cepMatchesState('72800-000', 'DF')).toBe(false);
    expect(cepMatchesState('72999-999', 'DF')).toBe(false);
    expect(cepMatchesState('73000-000', 'GO')).toBe(false);
    expect(cepMatchesState('73700-000', 'DF')).toBe(false);
    expect(cepMatchesState('76799-999', 'RO')).toBe(false);
    expect(cepMatchesState('76800-000', 'GO')).toBe(false);
    expect(cepMatchesState('78899-999', 'RO')).toBe(false);
    expect(cepMatchesState('01001-000', 'RJ')).toBe(false);
  });

  it('rejects CEPs that are not valid or belong to no UF', () => {
    expect(cepMatchesState('00000-000', 'SP')).toBe(false);
    expect(cepMatchesState('00999-999', 'SP')).toBe(false);
    for (const uf of UFS) expect(cepMatchesState('00999-999', uf)).toBe(false);
    expect(cepMatchesState('0100', 'SP')).toBe(false);
    expect(cepMatchesState('01001-000', 'XX' as Uf)).toBe(false);
  });
});
