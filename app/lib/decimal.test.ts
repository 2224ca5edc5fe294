import { describe, expect, it } from 'vitest';
import { formatDecimalInput, parseDecimal } from './decimal';

describe('parseDecimal', () => {
  it.each([
    ['12,50', '12.50'],
    ['12.50', '12.50'],
    ['12,5', '12.50'],
    ['12', '12.00'],
    [' 0,99 ', '0.99'],
    ['1.234,56', '1234.56'],
    ['1.234.567', '1234567.00'],
    ['007,10', '7.10'],
    ['12,', '12.00'],
  ])('reads %s as %s', (input, expected) => {
    expect(parseDecimal(input)).toBe(expected);
  });

  it('uses the given scale (pH has one decimal place)', () => {
    expect(parseDecimal('7', 1)).toBe('7.0');
    expect(parseDecimal('6,5', 1)).toBe('6.5');
    expect(parseDecimal('6,55', 1)).toBeNull();
  });

  it.each(['', 'abc', '12,5,0', '1,2.3', '12.345,6.7', ',5', '1e3', '12,505', 'R$ 10', '--1', '12.3.4'])('refuses %j', (input) => {
    expect(parseDecimal(input)).toBeNull();
  });

  it('keeps the sign of a negative number (the schemas refuse it with a message)', () => {
    expect(parseDecimal('-1,00')).toBe('-1.00');
    expect(parseDecimal('-0')).toBe('0.00');
  });
});

describe('formatDecimalInput', () => {
  it('writes a database decimal with a comma for the form', () => {
    expect(formatDecimalInput('1234.5')).toBe('1234,50');
    expect(formatDecimalInput('7.0', 1)).toBe('7,0');
    expect(formatDecimalInput(null)).toBe('');
  });
});
