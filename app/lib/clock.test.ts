import { afterEach, describe, expect, it } from 'vitest';
import { advanceClock, now, resetClock, setClock } from './clock';
import { todayInBrazil } from './plans';

afterEach(resetClock);

describe('clock', () => {
  it('follows real time until a test moves it', () => {
    const before = Date.now();
    const t = now().getTime();
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Date.now());
  });

  it('stops at a set instant and moves only when advanced', () => {
    setClock('2026-01-31T23:30:00-03:00');
    expect(now().toISOString()).toBe('2026-02-01T02:30:00.000Z');
    advanceClock(60 * 60_000);
    expect(now().toISOString()).toBe('2026-02-01T03:30:00.000Z');
  });

  it('gives São Paulo calendar days, not UTC ones', () => {
    // 23:30 in São Paulo is already the next day in UTC.
    setClock('2026-01-31T23:30:00-03:00');
    expect(todayInBrazil()).toBe('2026-01-31');
    advanceClock(30 * 60_000);
    expect(todayInBrazil()).toBe('2026-02-01');
  });

  it('an offset keeps real time running', () => {
    advanceClock(24 * 60 * 60_000);
    expect(now().getTime() - Date.now()).toBeGreaterThan(24 * 60 * 60_000 - 1000);
  });
});
