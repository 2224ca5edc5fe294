import { describe, expect, it } from 'vitest';
import { decimalBR, safeCell } from './csv';

describe('CSV cells', () => {
  it('defuses what a spreadsheet would run as a formula', () => {
    for (const hostile of ['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rx']) expect(safeCell(hostile)).toBe(`'${hostile}`);
    for (const plain of ['Márcia Conceição', 'RA123456785BR', '44,91', '', 'a=b']) expect(safeCell(plain)).toBe(plain);
  });

  it('writes amounts with a decimal comma', () => {
    expect(decimalBR('1234.50')).toBe('1234,50');
    expect(decimalBR('0.00')).toBe('0,00');
  });
});
