import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dashboard';
import {
  averageTicketCents,
  changePercent,
  daysInRange,
  formatChange,
  isIsoDay,
  presetRange,
  previousRange,
  rangeInstants,
  reportPeriod,
  saoPauloDay,
  saoPauloMidnight,
  sortRows,
} from './reports';
import { reportQueryFromSearchParams, REPORT_MESSAGES } from './schemas/reports';

describe('report periods', () => {
  const at = (iso: string) => new Date(iso);

  it('presets on an ordinary day', () => {
    const now = at('2026-11-24T13:00:00Z');
    expect(reportPeriod({ preset: 'hoje' }, now)).toMatchObject({ from: '2026-11-24', to: '2026-11-24', days: 1, previous: { from: '2026-11-23', to: '2026-11-23' } });
    expect(reportPeriod({ preset: '7dias' }, now)).toMatchObject({ from: '2026-11-18', to: '2026-11-24', days: 7, previous: { from: '2026-11-11', to: '2026-11-17' } });
    expect(reportPeriod({ preset: '30dias' }, now)).toMatchObject({ from: '2026-10-26', to: '2026-11-24', days: 30 });
    expect(reportPeriod({ preset: 'mes' }, now)).toMatchObject({ from: '2026-11-01', to: '2026-11-24', days: 24, previous: { from: '2026-10-08', to: '2026-10-31' } });
    expect(reportPeriod({ preset: 'mes-passado' }, now)).toMatchObject({ from: '2026-10-01', to: '2026-10-31', days: 31, previous: { from: '2026-08-31', to: '2026-09-30' } });
    expect(reportPeriod({ preset: 'ano' }, now)).toMatchObject({ from: '2026-01-01', to: '2026-11-24', days: 328 });
  });

  it('on 1 January: this month and this year are one day; last month is December of the year before', () => {
    // 03:30 UTC on 1 Jan is 00:30 of 1 Jan in São Paulo.
    const now = at('2027-01-01T03:30:00Z');
    expect(presetRange('mes', '2027-01-01')).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(reportPeriod({ preset: 'ano' }, now)).toMatchObject({ from: '2027-01-01', to: '2027-01-01', days: 1, previous: { from: '2026-12-31', to: '2026-12-31' } });
    expect(reportPeriod({ preset: 'mes-passado' }, now)).toMatchObject({ from: '2026-12-01', to: '2026-12-31', days: 31 });
    expect(reportPeriod({ preset: '7dias' }, now)).toMatchObject({ from: '2026-12-26', to: '2027-01-01' });
  });

  it('the São Paulo day, not the UTC one, decides "today"', () => {
    // 02:30 UTC on 1 Jan 2027 is 23:30 of 31 Dec 2026 in São Paulo.
    const now = at('2027-01-01T02:30:00Z');
    expect(reportPeriod({ preset: 'hoje' }, now)).toMatchObject({ from: '2026-12-31', to: '2026-12-31' });
    expect(reportPeriod({ preset: 'ano' }, now)).toMatchObject({ from: '2026-01-01', to: '2026-12-31', days: 365 });
  });

  it('month ends and leap years', () => {
    expect(presetRange('mes-passado', '2028-03-31')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetRange('mes-passado', '2027-03-01')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(presetRange('mes', '2026-02-28')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('30dias', '2028-03-01')).toEqual({ from: '2028-02-01', to: '2028-03-01' });
    expect(daysInRange(presetRange('ano', '2028-12-31'))).toBe(366);
    expect(previousRange({ from: '2028-03-01', to: '2028-03-31' })).toEqual({ from: '2028-01-30', to: '2028-02-29' });
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2027-02-29')).toBe(false);
    expect(isIsoDay('2026-13-01')).toBe(false);
  });

  it('a São Paulo day starts at its local midnight: an order at 02:30 UTC belongs to the day before', () => {
    expect(saoPauloMidnight('2026-11-24').toISOString()).toBe('2026-11-24T03:00:00.000Z');
    expect(saoPauloDay(new Date('2026-11-25T02:30:00Z'))).toBe('2026-11-24');
    expect(saoPauloDay(new Date('2026-11-25T03:00:00Z'))).toBe('2026-11-25');
    const { start, end } = rangeInstants({ from: '2026-11-24', to: '2026-11-24' });
    const order = new Date('2026-11-25T02:30:00Z');
    expect(order >= start && order < end).toBe(true);
    // Summer time (until 2019) is in the time zone database: midnight was 02:00 UTC then.
    expect(saoPauloMidnight('2018-12-01').toISOString()).toBe('2018-12-01T02:00:00.000Z');
  });

  it('property: a period and its previous one are adjacent, the same length, and their instants meet', () => {
    const day = fc.integer({ min: 0, max: 365 * 30 }).map((n) => addDays('2010-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 366 }), (from, days) => {
        const range = { from, to: addDays(from, days - 1) };
        const previous = previousRange(range);
        expect(daysInRange(previous)).toBe(days);
        expect(addDays(previous.to, 1)).toBe(range.from);
        const current = rangeInstants(range);
        expect(rangeInstants(previous).end.getTime()).toBe(current.start.getTime());
        // Every instant of the period falls on one of its São Paulo days.
        expect(saoPauloDay(current.start)).toBe(range.from);
        expect(saoPauloDay(new Date(current.end.getTime() - 1))).toBe(range.to);
      }),
    );
  });

  it('a day whose midnight was skipped by summer time starts at the clock change; one with a repeated hour at its own midnight', () => {
    // 2013-10-20: clocks went from 00:00 to 01:00 (−02:00); 2014-02-16: from 00:00 back to 23:00 of the 15th (−03:00).
    expect(saoPauloMidnight('2013-10-20').toISOString()).toBe('2013-10-20T03:00:00.000Z');
    expect(saoPauloDay(new Date(Date.parse('2013-10-20T03:00:00Z') - 1))).toBe('2013-10-19');
    expect(saoPauloMidnight('2014-02-16').toISOString()).toBe('2014-02-16T03:00:00.000Z');
    expect(saoPauloDay(new Date(Date.parse('2014-02-16T03:00:00Z') - 1))).toBe('2014-02-15');
    expect(saoPauloMidnight('2026-11-24').toISOString()).toBe('2026-11-24T03:00:00.000Z');
  });

  it('property: every preset ends today and fits the maximum', () => {
    const day = fc.integer({ min: 0, max: 365 * 20 }).map((n) => addDays('2020-01-01', n));
    fc.assert(
      fc.property(day, fc.constantFrom('hoje', '7dias', '30dias', 'mes', 'ano') as fc.Arbitrary<'hoje'>, (today, preset) => {
        const range = presetRange(preset, today);
        expect(range.to).toBe(today);
        expect(daysInRange(range)).toBeGreaterThanOrEqual(1);
        expect(daysInRange(range)).toBeLessThanOrEqual(366);
      }),
    );
  });
});

describe('changes and tickets', () => {
  it('reads a change in pt-BR; nothing before is "—"', () => {
    expect(formatChange(changePercent(150, 100))).toBe('+50,0%');
    expect(formatChange(changePercent(2, 3))).toBe('\u221233,3%');
    expect(formatChange(changePercent(100, 100))).toBe('0,0%');
    expect(formatChange(changePercent(5, 0))).toBe('—');
    expect(formatChange(changePercent(0, 0))).toBe('—');
    expect(formatChange(changePercent(123456, 1000))).toBe('+12.245,6%');
  });

  it('average ticket is half up, 0 without orders', () => {
    expect(averageTicketCents(1000, 3)).toBe(333);
    expect(averageTicketCents(1001, 2)).toBe(501);
    expect(averageTicketCents(0, 0)).toBe(0);
  });

  it('sorts numbers numerically and text in pt-BR order, empty last', () => {
    const rows = [{ n: 'Água', v: 10 }, { n: 'abacate', v: 2 }, { n: 'Bala', v: null }, { n: 'ácido', v: 2 }];
    expect(sortRows(rows, (r) => r.v, 'desc').map((r) => r.n)).toEqual(['Água', 'abacate', 'ácido', 'Bala']);
    expect(sortRows(rows, (r) => r.v, 'asc').map((r) => r.n)).toEqual(['abacate', 'ácido', 'Água', 'Bala']);
    expect(sortRows(rows, (r) => r.n, 'asc').map((r) => r.n)).toEqual(['abacate', 'ácido', 'Água', 'Bala']);
  });
});

describe('the report query', () => {
  const now = new Date('2026-11-24T13:00:00Z');
  const parse = (q: string) => reportQueryFromSearchParams(new URLSearchParams(q), now);

  it('defaults to 30 days; a preset or two dates choose', () => {
    expect(parse('').period).toMatchObject({ preset: '30dias', from: '2026-10-26', to: '2026-11-24' });
    expect(parse('periodo=ano').period).toMatchObject({ preset: 'ano', from: '2026-01-01' });
    expect(parse('periodo=personalizado&de=2026-02-01&ate=2026-02-28').period).toMatchObject({ preset: 'personalizado', days: 28, previous: { from: '2026-01-04', to: '2026-01-31' } });
    expect(parse('periodo=qualquer')).toMatchObject({ errors: {}, values: { periodo: '30dias' } });
  });

  it('refuses bad dates in pt-BR, keeping what was typed', () => {
    expect(parse('periodo=personalizado&de=&ate=2026-11-01').errors).toEqual({ de: REPORT_MESSAGES.fromRequired });
    expect(parse('periodo=personalizado&de=2026-02-30&ate=2026-03-01').errors).toEqual({ de: REPORT_MESSAGES.invalid });
    expect(parse('periodo=personalizado&de=2026-03-02&ate=2026-03-01').errors).toEqual({ de: REPORT_MESSAGES.order });
    expect(parse('periodo=personalizado&de=2026-11-01&ate=2026-11-25').errors).toEqual({ ate: REPORT_MESSAGES.future });
    const tooLong = parse('periodo=personalizado&de=2024-11-01&ate=2026-11-01');
    expect(tooLong.errors).toEqual({ de: REPORT_MESSAGES.tooLong });
    expect(tooLong.values).toEqual({ periodo: 'personalizado', de: '2024-11-01', ate: '2026-11-01' });
    expect(tooLong.period.preset).toBe('30dias');
    expect(parse('periodo=personalizado&de=2025-11-24&ate=2026-11-24').errors).toEqual({});
  });
});
