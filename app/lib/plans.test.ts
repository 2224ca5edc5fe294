import { describe, expect, it } from 'vitest';
import { addMonths, findPlan, INITIAL_PLAN_OPTIONS, nextPlanDate, PLANS, todayInBrazil } from './plans';

describe('plans', () => {
  it('has the three fixed plans: names and months only (prices live in plan_options)', () => {
    expect(PLANS).toEqual([
      { frequency: 'monthly', name: 'Plano Mensal', months: 1 },
      { frequency: 'semiannual', name: 'Plano Semestral', months: 6 },
      { frequency: 'annual', name: 'Plano Anual', months: 12 },
    ]);
    expect(findPlan('annual')).toEqual(PLANS[2]);
    expect(findPlan('weekly')).toBeNull();
  });

  it('INITIAL_PLAN_OPTIONS holds the launch prices and highlights (what migration 0008 stores)', () => {
    expect(INITIAL_PLAN_OPTIONS.map((p) => [p.frequency, p.name, p.months, p.price, p.highlight])).toEqual([
      ['monthly', 'Plano Mensal', 1, '49.90', null],
      ['semiannual', 'Plano Semestral', 6, '249.50', 'Economize 5%!'],
      ['annual', 'Plano Anual', 12, '538.90', 'Economize 10%!'],
    ]);
  });

  it('adds 1, 6 or 12 months on the calendar', () => {
    expect(nextPlanDate('2026-11-22', 'monthly')).toBe('2026-12-22');
    expect(nextPlanDate('2026-11-22', 'semiannual')).toBe('2027-05-22');
    expect(nextPlanDate('2026-11-22', 'annual')).toBe('2027-11-22');
    expect(nextPlanDate('2026-11-22', 'weekly')).toBeNull();
  });

  it('keeps the end of the month: 31 January + 1 month is the last day of February', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it("knows today's date in Brazil, not in UTC", () => {
    // 02:00 UTC on 1 December is still 30 November in São Paulo (UTC−3).
    expect(todayInBrazil(new Date('2026-12-01T02:00:00Z'))).toBe('2026-11-30');
  });
});
