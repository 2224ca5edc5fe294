import { describe, expect, it } from 'vitest';
import { formatTaxId, isValidCnpj, isValidCpf, taxIdKind } from './tax-id';

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
    expect(formatTaxId('abc11222333000181999')).toBe('11.222.333/0001-81');
  });
});
