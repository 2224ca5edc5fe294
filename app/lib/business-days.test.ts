import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addBusinessDays, easterOf, holidaysOf, isBusinessDay, nextBusinessDay } from './business-days';

describe('easterOf', () => {
  it('finds Easter Sunday for known years', () => {
    expect(easterOf(2024)).toBe('2024-03-31');
    expect(easterOf(2025)).toBe('2025-04-20');
    expect(easterOf(2026)).toBe('2026-04-05');
    expect(easterOf(2027)).toBe('2027-03-28');
    // The extremes of the Gregorian range: 22 March and 25 April.
    expect(easterOf(2285)).toBe('2285-03-22');
    expect(easterOf(2038)).toBe('2038-04-25');
  });
});

describe('holidaysOf', () => {
  it('lists the national, São Paulo state and São Paulo city holidays of 2027, in date order', () => {
    expect([...holidaysOf(2027)]).toEqual([
      ['2027-01-01', 'Confraternização Universal'],
      ['2027-01-25', 'Aniversário de São Paulo'],
      ['2027-02-08', 'Segunda-feira de Carnaval'],
      ['2027-02-09', 'Terça-feira de Carnaval'],
      ['2027-03-26', 'Sexta-feira Santa'],
      ['2027-04-21', 'Tiradentes'],
      ['2027-05-01', 'Dia do Trabalho'],
      ['2027-05-27', 'Corpus Christi'],
      ['2027-07-09', 'Revolução Constitucionalista'],
      ['2027-09-07', 'Independência'],
      ['2027-10-12', 'Nossa Senhora Aparecida'],
      ['2027-11-02', 'Finados'],
      ['2027-11-15', 'Proclamação da República'],
      ['2027-11-20', 'Dia Nacional de Zumbi e da Consciência Negra'],
      ['2027-12-25', 'Natal'],
    ]);
  });

  it('keeps both names when Good Friday falls on Tiradentes', () => {
    expect(holidaysOf(2000).get('2000-04-21')).toBe('Tiradentes e Sexta-feira Santa');
  });

  it('returns a copy the caller may change without changing the calendar', () => {
    holidaysOf(2026).delete('2026-12-25');
    expect(isBusinessDay('2026-12-25')).toBe(false);
  });
});

describe('isBusinessDay', () => {
  it('is false on weekends and holidays, true on other weekdays', () => {
    expect(isBusinessDay('2026-03-07')).toBe(false); // Saturday
    expect(isBusinessDay('2026-03-08')).toBe(false); // Sunday
    expect(isBusinessDay('2026-03-09')).toBe(true); // Monday
    expect(isBusinessDay('2027-02-08')).toBe(false); // Carnaval Monday
    expect(isBusinessDay('2027-02-09')).toBe(false); // Carnaval Tuesday
    expect(isBusinessDay('2027-02-10')).toBe(true); // Ash Wednesday
    expect(isBusinessDay('2026-07-09')).toBe(false); // Revolução Constitucionalista (SP state)
    expect(isBusinessDay('2027-01-25')).toBe(false); // Aniversário de São Paulo (SP city)
    expect(isBusinessDay('2026-06-04')).toBe(false); // Corpus Christi 2026
  });

  it('refuses what is not a calendar date', () => {
    expect(() => isBusinessDay('2026-02-30')).toThrow('Data inválida');
    expect(() => isBusinessDay('26-02-03')).toThrow('Data inválida');
  });
});

describe('addBusinessDays', () => {
  it('n = 0 is the day itself when it is a business day, else the next one', () => {
    expect(addBusinessDays('2026-03-09', 0)).toBe('2026-03-09');
    expect(addBusinessDays('2026-03-07', 0)).toBe('2026-03-09');
  });

  it('skips weekends: from a Friday, 1 day is Monday; from a Saturday, Monday is the first', () => {
    expect(addBusinessDays('2026-03-06', 1)).toBe('2026-03-09');
    expect(addBusinessDays('2026-03-07', 1)).toBe('2026-03-09');
    expect(addBusinessDays('2026-03-08', 2)).toBe('2026-03-10');
    expect(addBusinessDays('2026-03-09', 5)).toBe('2026-03-16');
  });

  it('crosses a month end', () => {
    // Friday 29 May 2026 + 2: Monday 1 June, Tuesday 2 June.
    expect(addBusinessDays('2026-05-29', 2)).toBe('2026-06-02');
    // 27 Feb 2026 (Friday) + 1 → Monday 2 March.
    expect(addBusinessDays('2026-02-27', 1)).toBe('2026-03-02');
  });

  it('crosses the year end, skipping Christmas and New Year', () => {
    // Thursday 24 Dec 2026: 25 (Natal), 26–27 weekend, 28…31, 1 Jan (holiday), 2–3 weekend, 4 Jan.
    expect(addBusinessDays('2026-12-24', 1)).toBe('2026-12-28');
    expect(addBusinessDays('2026-12-24', 4)).toBe('2026-12-31');
    expect(addBusinessDays('2026-12-24', 5)).toBe('2027-01-04');
    expect(nextBusinessDay('2026-12-31')).toBe('2027-01-04');
  });

  it('crosses Good Friday and Tiradentes', () => {
    // 2025: Good Friday 18 April, weekend, Monday 21 April Tiradentes.
    expect(addBusinessDays('2025-04-17', 1)).toBe('2025-04-22');
    expect(addBusinessDays('2025-04-16', 3)).toBe('2025-04-23');
  });

  it('crosses Carnaval 2027', () => {
    // Friday 5 Feb 2027 + 1: not Monday 8 nor Tuesday 9 (Carnaval), but Ash Wednesday.
    expect(addBusinessDays('2027-02-05', 1)).toBe('2027-02-10');
  });

  it('refuses a negative or fractional number of days', () => {
    expect(() => addBusinessDays('2026-03-09', -1)).toThrow();
    expect(() => addBusinessDays('2026-03-09', 1.5)).toThrow();
  });

  it('lands on a business day, on or after iso, never earlier for a greater n', () => {
    const day = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 11, 31) }).map((ms) => new Date(ms).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.nat(40), fc.nat(10), (iso, n, extra) => {
        const result = addBusinessDays(iso, n);
        expect(isBusinessDay(result)).toBe(true);
        expect(result >= iso).toBe(true);
        expect(addBusinessDays(iso, n + extra) >= result).toBe(true);
        if (n > 0) expect(result > iso).toBe(true);
      }),
    );
  });
});
