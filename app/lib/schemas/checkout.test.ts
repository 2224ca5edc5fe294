import { describe, expect, it } from 'vitest';
import { taxIdSchema } from './checkout';
import { fieldErrors } from './field-errors';
import { profileSchema } from './profile';

const message = (value: unknown) => {
  const parsed = taxIdSchema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe('taxIdSchema', () => {
  it('keeps a CPF or a numeric CNPJ as digits', () => {
    expect(taxIdSchema.parse(' 529.982.247-25 ')).toBe('52998224725');
    expect(taxIdSchema.parse('11.222.333/0001-81')).toBe('11222333000181');
  });

  it('keeps an alphanumeric CNPJ, typed in any case, as 14 upper-case characters', () => {
    expect(taxIdSchema.parse('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(taxIdSchema.parse('12ABC34501DE35')).toBe('12ABC34501DE35');
  });

  it('says in pt-BR what is wrong, without "números" when letters were typed', () => {
    expect(message('')).toBe('Informe o CPF ou CNPJ.');
    expect(message('   ')).toBe('Informe o CPF ou CNPJ.');
    expect(message(undefined)).toBe('Informe o CPF ou CNPJ.');
    expect(message('123.456.789-00')).toBe('CPF ou CNPJ inválido. Confira os números.');
    expect(message('11.222.333/0001-80')).toBe('CPF ou CNPJ inválido. Confira os números.');
    expect(message('12.ABC.345/01DE-36')).toBe('CPF ou CNPJ inválido. Confira os caracteres.');
    expect(message('12.abc.345/01de-3')).toBe('CPF ou CNPJ inválido. Confira os caracteres.');
  });

  it('refuses more than 32 characters before reading them', () => {
    expect(taxIdSchema.parse(` ${'529.982.247-25'.padEnd(32, ' ')} `)).toBe('52998224725');
    const long = taxIdSchema.safeParse('5'.repeat(33));
    expect(long.success ? [] : long.error.issues.map((i) => i.message)).toEqual(['CPF ou CNPJ longo demais. Use no máximo 32 caracteres.']);
  });

  it('is the rule of the profile form too, where empty clears the CPF/CNPJ', () => {
    expect(profileSchema.parse({ name: 'Ana', taxId: '12.abc.345/01de-35' })).toEqual({ name: 'Ana', taxId: '12ABC34501DE35' });
    expect(profileSchema.parse({ name: 'Ana', taxId: '' })).toEqual({ name: 'Ana', taxId: null });
    const bad = profileSchema.safeParse({ name: 'Ana', taxId: '12.ABC.345/01DE-53' });
    expect(bad.success ? {} : fieldErrors(bad.error)).toEqual({ taxId: 'CPF ou CNPJ inválido. Confira os caracteres.' });
  });
});
