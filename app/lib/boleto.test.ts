import { describe, expect, it } from 'vitest';
import { buildBoleto, dueDateFactor, mod10, mod11Barcode } from './boleto';

describe('boleto', () => {
  it('counts the due-date factor from its 2025 restart', () => {
    expect(dueDateFactor('2025-02-22')).toBe('1000');
    expect(dueDateFactor('2025-02-23')).toBe('1001');
    expect(dueDateFactor('2026-11-25')).toBe(String(1000 + 641));
  });

  it('computes FEBRABAN check digits', () => {
    expect(mod10('001905009')).toBe(5);
    expect(mod11Barcode('0019050095401448160690680935031433737051234')).toBeGreaterThanOrEqual(1);
  });

  it('prints 47 digits whose fields check out and that match the bar code', () => {
    const { barcode, digitableLine } = buildBoleto({ bank: '341', amountCents: 5397, dueDate: '2026-11-25', freeField: '1234567890123456789012345' });
    expect(barcode).toHaveLength(44);
    const digits = digitableLine.replace(/\D/g, '');
    expect(digits).toHaveLength(47);
    expect(digitableLine).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    // Each field's last digit is its mod-10 check digit.
    expect(Number(digits[9])).toBe(mod10(digits.slice(0, 9)));
    expect(Number(digits[20])).toBe(mod10(digits.slice(10, 20)));
    expect(Number(digits[31])).toBe(mod10(digits.slice(21, 31)));
    // The general check digit is the bar code's, and the amount sits at the end.
    expect(digits[32]).toBe(barcode[4]);
    expect(digits.slice(-10)).toBe('0000005397');
    expect(Number(barcode[4])).toBe(mod11Barcode(barcode.slice(0, 4) + barcode.slice(5)));
  });
});
