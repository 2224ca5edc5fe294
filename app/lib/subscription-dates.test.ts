import { describe, expect, it } from 'vitest';
import { INVALID_DATE_LABEL, nextChargeLabel } from './subscription-dates';

describe('nextChargeLabel', () => {
  it('adds the plan months to the created date', () => {
    expect(nextChargeLabel('2026-03-10T15:00:00Z', 'monthly')).toBe('10/04/2026');
    expect(nextChargeLabel('2026-03-10T15:00:00Z', 'semiannual')).toBe('10/09/2026');
    expect(nextChargeLabel(new Date('2026-03-10T15:00:00Z'), 'annual')).toBe('10/03/2027');
  });

  it("uses Brazil's calendar day of the created instant", () => {
    // 02:00 UTC on 1 February is still 31 January in São Paulo (UTC−3).
    expect(nextChargeLabel('2026-02-01T02:00:00Z', 'monthly')).toBe('28/02/2026');
    expect(nextChargeLabel('2026-02-01T03:00:00Z', 'monthly')).toBe('01/03/2026');
  });

  it('keeps the month end when the target month is shorter', () => {
    expect(nextChargeLabel('2028-01-31T12:00:00-03:00', 'monthly')).toBe('29/02/2028');
    expect(nextChargeLabel('2026-08-31T12:00:00-03:00', 'semiannual')).toBe('28/02/2027');
  });

  it("shows 'Data inválida' for an unknown frequency or an unreadable date", () => {
    expect(INVALID_DATE_LABEL).toBe('Data inválida');
    expect(nextChargeLabel('2026-03-10T15:00:00Z', 'weekly')).toBe('Data inválida');
    expect(nextChargeLabel('2026-03-10T15:00:00Z', null)).toBe('Data inválida');
    expect(nextChargeLabel('not a date', 'monthly')).toBe('Data inválida');
  });
});
