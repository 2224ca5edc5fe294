import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatBRL, formatPrice, toCents } from './money';

describe('money', () => {
  it('parses database and cart amounts into exact cents', () => {
    expect(toCents('12.90')).toBe(1290);
    expect(toCents('12.9')).toBe(1290);
    expect(toCents('0.10')).toBe(10);
    expect(toCents('1234,56')).toBe(123456);
    expect(toCents(49.9)).toBe(4990);
    // A float sum that is not exact in binary still lands on the right cent.
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  it('rejects text that is not an amount', () => {
    expect(() => toCents('abc')).toThrow('Valor monetário inválido');
    expect(() => toCents('1.234')).toThrow();
    expect(() => toCents(Number.NaN)).toThrow();
  });

  it('writes cents back as the decimal the database stores', () => {
    expect(centsToDecimal(1290)).toBe('12.90');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-250)).toBe('-2.50');
  });

  it('formats BRL as a Brazilian customer reads it', () => {
    expect(formatBRL(123456)).toBe('R$\u00a01.234,56');
    expect(formatBRL(4990)).toBe('R$\u00a049,90');
    expect(formatBRL(0)).toBe('R$\u00a00,00');
    expect(formatBRL(100000000)).toBe('R$\u00a01.000.000,00');
    expect(formatPrice('538.90')).toBe('R$\u00a0538,90');
    // Same text as the platform's own pt-BR currency formatter.
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    expect(formatBRL(98765432)).toBe(intl.format(987654.32));
  });
});
