import { describe, expect, it } from 'vitest';
import {
  addDays,
  chartGeometry,
  chartScaleCents,
  chartSummary,
  dashboardWindow,
  dueSoonWindow,
  expectedDeliveryCents,
  fillDailySeries,
  formatDayMonth,
  monthlyRecurringRevenueCents,
  periodTotals,
  type DailyTotal,
} from './dashboard';

describe('the 30-day window in São Paulo days', () => {
  it('adds calendar days across months, years and leap days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-05-10', -29)).toBe('2026-04-11');
    expect(() => addDays('10/05/2026', 1)).toThrow();
  });

  it('is today and the 29 days before, today being the date in São Paulo', () => {
    // 02:59 UTC on 10 May is still 9 May in São Paulo (UTC−3).
    expect(dashboardWindow(new Date('2026-05-10T02:59:00Z'))).toEqual({ today: '2026-05-09', firstDay: '2026-04-10', dayAfter: '2026-05-10' });
    expect(dashboardWindow(new Date('2026-05-10T03:01:00Z'))).toEqual({ today: '2026-05-10', firstDay: '2026-04-11', dayAfter: '2026-05-11' });
  });

  it('fills the days without sales with zeros, oldest first, ending today', () => {
    const series = fillDailySeries(
      [
        { day: '2026-05-10', orders: 2, revenueCents: 1500 },
        { day: '2026-04-11', orders: 1, revenueCents: 990 },
        // Outside the window: ignored.
        { day: '2026-04-10', orders: 9, revenueCents: 99999 },
      ],
      '2026-05-10',
    );
    expect(series).toHaveLength(30);
    expect(series[0]).toEqual({ day: '2026-04-11', orders: 1, revenueCents: 990 });
    expect(series[1]).toEqual({ day: '2026-04-12', orders: 0, revenueCents: 0 });
    expect(series[29]).toEqual({ day: '2026-05-10', orders: 2, revenueCents: 1500 });
    expect(new Set(series.map((d) => d.day)).size).toBe(30);
    expect(periodTotals(series)).toEqual({ ordersToday: 2, revenueTodayCents: 1500, ordersPeriod: 3, revenuePeriodCents: 2490 });
  });

  it('gives zeros for an empty store', () => {
    const series = fillDailySeries([], '2026-01-05');
    expect(series[0]!.day).toBe('2025-12-07');
    expect(periodTotals(series)).toEqual({ ordersToday: 0, revenueTodayCents: 0, ordersPeriod: 0, revenuePeriodCents: 0 });
    expect(periodTotals([])).toEqual({ ordersToday: 0, revenueTodayCents: 0, ordersPeriod: 0, revenuePeriodCents: 0 });
  });
});

describe('monthly recurring revenue', () => {
  it('spreads one subscription over its plan months, rounding half up to the cent', () => {
    const one = (totalCents: number, frequency: string) => monthlyRecurringRevenueCents([{ frequency, totalCents }]);
    expect(one(4990, 'monthly')).toBe(4990);
    // 24950 / 6 = 4158.33…
    expect(one(24950, 'semiannual')).toBe(4158);
    // 53890 / 12 = 4490.83…
    expect(one(53890, 'annual')).toBe(4491);
    // Exactly half a cent goes up: 6 / 12 = 0.5, 18 / 12 = 1.5.
    expect(one(6, 'annual')).toBe(1);
    expect(one(18, 'annual')).toBe(2);
    expect(one(5, 'annual')).toBe(0);
    expect(one(0, 'annual')).toBe(0);
    expect(() => one(100, 'weekly')).toThrow(/desconhecida/);
  });

  it('sums exactly and rounds once, so many annual plans do not drift', () => {
    // 12 annual plans of R$ 538,90: exactly R$ 538,90 a month (rounding each first would give 12 × 4491 = 53892).
    expect(monthlyRecurringRevenueCents(Array.from({ length: 12 }, () => ({ frequency: 'annual', totalCents: 53890 })))).toBe(53890);
    // 4990 + 24950/6 + 53890/12 = 4990 + 4158.33… + 4490.83… = 13639.1666…
    expect(
      monthlyRecurringRevenueCents([
        { frequency: 'monthly', totalCents: 4990 },
        { frequency: 'semiannual', totalCents: 24950 },
        { frequency: 'annual', totalCents: 53890 },
      ]),
    ).toBe(13639);
    // Per-plan sums give the same figure as the subscriptions one by one.
    expect(monthlyRecurringRevenueCents([{ frequency: 'semiannual', totalCents: 3 * 24950 }])).toBe(12475);
    // Two half cents: 6/12 + 6/12 = 1 cent (rounding each would give 2).
    expect(
      monthlyRecurringRevenueCents([
        { frequency: 'annual', totalCents: 6 },
        { frequency: 'annual', totalCents: 6 },
      ]),
    ).toBe(1);
    expect(monthlyRecurringRevenueCents([])).toBe(0);
  });
});

describe('what comes due in the next days', () => {
  it('is today and the 6 days after it, across months', () => {
    expect(dueSoonWindow('2026-05-10')).toEqual({ from: '2026-05-10', to: '2026-05-16' });
    expect(dueSoonWindow('2026-12-28')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(dueSoonWindow('2026-05-10', 1)).toEqual({ from: '2026-05-10', to: '2026-05-10' });
    expect(() => dueSoonWindow('2026-05-10', 0)).toThrow(/inválido/);
    expect(() => dueSoonWindow('2026-05-10', 1.5)).toThrow(/inválido/);
  });

  it("prices a programmed delivery with the subscriber's 10% when the customer has it, half up", () => {
    expect(expectedDeliveryCents(10000, true)).toBe(9000);
    expect(expectedDeliveryCents(10000, false)).toBe(10000);
    // 10% of R$ 59,95 = 5,995 → 6,00 off.
    expect(expectedDeliveryCents(5995, true)).toBe(5395);
    expect(expectedDeliveryCents(0, true)).toBe(0);
  });
});

describe('the daily revenue chart', () => {
  it('scales to the next 1, 2 or 5 × 10ⁿ cents', () => {
    expect(chartScaleCents(0)).toBe(0);
    expect(chartScaleCents(1)).toBe(1);
    expect(chartScaleCents(7)).toBe(10);
    expect(chartScaleCents(10000)).toBe(10000);
    expect(chartScaleCents(10001)).toBe(20000);
    expect(chartScaleCents(123456)).toBe(200000);
    expect(chartScaleCents(450000)).toBe(500000);
    expect(chartScaleCents(500001)).toBe(1000000);
  });

  it('draws one bar per day, proportional to the scale, and never hides a small sale', () => {
    const series: DailyTotal[] = [
      { day: '2026-05-08', orders: 1, revenueCents: 15000 },
      { day: '2026-05-09', orders: 0, revenueCents: 0 },
      { day: '2026-05-10', orders: 1, revenueCents: 1 },
    ];
    const chart = chartGeometry(series, { width: 300, height: 100, barRatio: 0.5, minHeight: 2 });
    expect(chart.scaleCents).toBe(20000);
    expect(chart.bars.map((b) => b.height)).toEqual([75, 0, 2]);
    expect(chart.bars.map((b) => b.y)).toEqual([25, 100, 98]);
    expect(chart.bars.map((b) => b.x)).toEqual([25, 125, 225]);
    expect(chart.bars.every((b) => b.width === 50)).toBe(true);
    expect(chartGeometry(fillDailySeries([], '2026-05-10')).bars.every((b) => b.height === 0)).toBe(true);
  });

  it('summarises the period in pt-BR for screen readers', () => {
    const series = fillDailySeries(
      [
        { day: '2026-05-02', orders: 2, revenueCents: 123456 },
        { day: '2026-05-09', orders: 1, revenueCents: 5000 },
      ],
      '2026-05-10',
    );
    expect(chartSummary(series)).toBe(
      'Faturamento diário de 11/04 a 10/05: total de R$\u00a01.284,56 em 3 pedidos; maior dia 02/05, com R$\u00a01.234,56.',
    );
    expect(chartSummary(fillDailySeries([], '2026-05-10'))).toBe('Faturamento diário de 11/04 a 10/05: nenhum faturamento no período.');
    expect(chartSummary(fillDailySeries([{ day: '2026-05-10', orders: 1, revenueCents: 990 }], '2026-05-10'))).toContain('em 1 pedido;');
  });
});

describe('dates on the dashboard', () => {
  it('writes day/month', () => {
    expect(formatDayMonth('2026-05-09')).toBe('09/05');
  });
});
