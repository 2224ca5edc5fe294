import { describe, expect, it } from 'vitest';
import { classifyPh, formatPh, phGaugePercent } from './ph';

describe('pH', () => {
  it('classifies below 6.5 as Ácido, above 7.5 as Alcalino, otherwise Neutro', () => {
    expect(classifyPh('0.0')).toBe('Ácido');
    expect(classifyPh('6.4')).toBe('Ácido');
    expect(classifyPh('6.5')).toBe('Neutro');
    expect(classifyPh(7)).toBe('Neutro');
    expect(classifyPh('7.5')).toBe('Neutro');
    expect(classifyPh('7.6')).toBe('Alcalino');
    expect(classifyPh('14')).toBe('Alcalino');
  });

  it('shows one decimal with a comma', () => {
    expect(formatPh('7')).toBe('7,0');
    expect(formatPh('12.5')).toBe('12,5');
    expect(formatPh(2.35)).toBe('2,4');
  });

  it('refuses values off the 0–14 scale', () => {
    expect(() => classifyPh('15')).toThrow('pH fora da escala');
    expect(() => classifyPh(-1)).toThrow();
    expect(() => formatPh('abc')).toThrow();
  });

  it('places the value on the gauge', () => {
    expect(phGaugePercent('0')).toBe(0);
    expect(phGaugePercent('7')).toBe(50);
    expect(phGaugePercent('14')).toBe(100);
  });
});
