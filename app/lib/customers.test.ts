import { describe, expect, it } from 'vitest';
import { customerSubscriptionLabel, maskTaxId, taxIdSearchTerm } from './customers';

describe('maskTaxId', () => {
  it('shows only the middle of a CPF', () => {
    expect(maskTaxId('12345678909')).toBe('***.456.789-**');
  });
  it('shows only the middle of a numeric or alphanumeric CNPJ', () => {
    expect(maskTaxId('12345678000195')).toBe('**.345.678/0001-**');
    expect(maskTaxId('12ABC34501DE35')).toBe('**.ABC.345/01DE-**');
  });
  it('is empty without one', () => {
    expect(maskTaxId(null)).toBe('');
    expect(maskTaxId('')).toBe('');
  });
});

describe('taxIdSearchTerm', () => {
  it('drops the mask, whatever punctuation was typed', () => {
    expect(taxIdSearchTerm('123.456.789-09')).toBe('12345678909');
    expect(taxIdSearchTerm('123 456')).toBe('123456');
    expect(taxIdSearchTerm('12.345.678/0001-95')).toBe('12345678000195');
    expect(taxIdSearchTerm('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });
  it('is null for names, e-mails and too short a number', () => {
    expect(taxIdSearchTerm('joão')).toBeNull();
    expect(taxIdSearchTerm('ana@exemplo.com')).toBeNull();
    expect(taxIdSearchTerm('12')).toBeNull();
    expect(taxIdSearchTerm('1.2')).toBeNull();
  });
});

describe('customerSubscriptionLabel', () => {
  it('names each status and no subscription', () => {
    expect(customerSubscriptionLabel('active')).toBe('Ativa');
    expect(customerSubscriptionLabel('paused')).toBe('Pausada');
    expect(customerSubscriptionLabel('cancelled')).toBe('Cancelada');
    expect(customerSubscriptionLabel(null)).toBe('Sem assinatura');
  });
});
