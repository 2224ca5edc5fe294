import { describe, expect, it } from 'vitest';
import { addMonths, findPlan, nextPlanDate, PLANS, todayInBrazil } from './plans';

describe('plans (SPEC §9)', () => {
  it('has the three fixed plans', () => {
    expect(PLANS.map((p) => [p.frequency, p.price, p.months, p.highlight])).toEqual([
      ['monthly', '49.90', 1, null],
      ['semiannual', '249.50', 6, 'Economize 5%!'],
      ['annual', '538.90', 12, 'Economize 10%!'],
    ]);
    expect(findPlan('weekly')).toBeNull();
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
