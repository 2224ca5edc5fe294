import { describe, expect, it } from 'vitest';
import { getBoletoInfo } from '@brazilian-utils/brazilian-utils/get-boleto-info';
import { isValidBoleto } from '@brazilian-utils/brazilian-utils/is-valid-boleto';
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

// An independent reader of our slips: @brazilian-utils checks the linha digitável's check
// digits and reads back the amount and the due date (it only generates random slips, so the
// builder stays ours).
describe('boleto read back by @brazilian-utils', () => {
  const local = (date: Date | null) =>
    date ? `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}` : null;
  const threeDaysBefore = (iso: string) => {
    const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, d - 3);
  };

  it.each([
    { amountCents: 5397, dueDate: '2026-11-25', freeField: '1234567890123456789012345' },
    { amountCents: 1, dueDate: '2025-02-22', freeField: '0000000000000000000000001' },
    { amountCents: 24950, dueDate: '2026-02-28', freeField: '9876543210987654321098765' },
    { amountCents: 99_999_999_99, dueDate: '2049-07-15', freeField: '5555555555555555555555555' },
    // After 9000 days the factor starts again at 1000.
    { amountCents: 123456, dueDate: '2050-01-01', freeField: '0000000000000012345678901' },
  ])('R$ $amountCents cents due $dueDate', ({ amountCents, dueDate, freeField }) => {
    const { digitableLine } = buildBoleto({ bank: '341', amountCents, dueDate, freeField });
    expect(isValidBoleto(digitableLine)).toBe(true);
    const info = getBoletoInfo(digitableLine, { referenceDate: threeDaysBefore(dueDate) });
    expect(info).not.toBeNull();
    expect({ amount: info!.amount, dueDate: local(info!.expirationDate), bankCode: info!.bankCode }).toEqual({ amount: amountCents, dueDate, bankCode: '341' });
  });

  it('refuses our slip with any one digit changed', () => {
    const digits = buildBoleto({ bank: '341', amountCents: 5397, dueDate: '2026-11-25', freeField: '1234567890123456789012345' }).digitableLine.replace(/\D/g, '');
    expect(isValidBoleto(digits)).toBe(true);
    for (let i = 0; i < digits.length; i++) {
      const changed = digits.slice(0, i) + String((Number(digits[i]) + 1) % 10) + digits.slice(i + 1);
      expect(isValidBoleto(changed), `dígito ${i + 1}`).toBe(false);
    }
  });
});
