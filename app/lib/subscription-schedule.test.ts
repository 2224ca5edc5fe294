import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths } from './plans';
import {
  addDays,
  autoResumeDate,
  benefitsUntil,
  givesSubscriberDiscount,
  nextRetryAt,
  nextScheduledDate,
  resumeSchedule,
  scheduledDate,
  skipDate,
} from './subscription-schedule';

describe('subscription schedule', () => {
  it('keeps the anchor day: 31/01 → 29/02 → 31/03 → 30/04, never drifting to the 29th', () => {
    const dates: string[] = [];
    let current = '2028-01-31';
    for (let i = 0; i < 4; i += 1) {
      current = nextScheduledDate('2028-01-31', 1, current);
      dates.push(current);
    }
    expect(dates).toEqual(['2028-02-29', '2028-03-31', '2028-04-30', '2028-05-31']);
  });

  it('steps by the plan months: semiannual and annual, and every 2 or 3 months', () => {
    expect(nextScheduledDate('2026-08-31', 6, '2026-08-31')).toBe('2027-02-28');
    expect(nextScheduledDate('2026-08-31', 6, '2027-02-28')).toBe('2027-08-31');
    expect(nextScheduledDate('2026-11-24', 12, '2026-11-24')).toBe('2027-11-24');
    expect(nextScheduledDate('2026-12-30', 2, '2027-02-28')).toBe('2027-04-30');
    expect(nextScheduledDate('2026-11-30', 3, '2026-11-30')).toBe('2027-02-28');
  });

  it('the next date after any day is the first of the calendar strictly after it', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2024-01-01T12:00:00Z'), max: new Date('2040-12-31T12:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 800 }),
        fc.constantFrom(1, 2, 3, 6, 12),
        (anchorDate, offset, months) => {
          const anchor = anchorDate.toISOString().slice(0, 10);
          const after = addDays(anchor, offset);
          const next = nextScheduledDate(anchor, months, after);
          expect(next > after).toBe(true);
          // It is one of the schedule's own dates, and the one before it is not after `after`.
          const k = Array.from({ length: 200 }, (_, i) => i + 1).find((i) => scheduledDate(anchor, months, i) === next);
          expect(k).toBeDefined();
          expect(scheduledDate(anchor, months, k! - 1) <= after).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('skipping moves one period on the same calendar', () => {
    expect(skipDate('2027-01-31', 1, '2027-02-28')).toBe('2027-03-31');
    expect(skipDate('2027-01-15', 6, '2027-07-15')).toBe('2028-01-15');
  });

  it('resuming keeps a date still ahead; one that passed during the pause starts again today', () => {
    expect(resumeSchedule('2027-01-31', '2027-03-31', '2027-03-01')).toEqual({ anchor: '2027-01-31', next: '2027-03-31' });
    expect(resumeSchedule('2027-01-31', '2027-03-31', '2027-05-10')).toEqual({ anchor: '2027-05-10', next: '2027-05-10' });
    expect(autoResumeDate('2027-11-30')).toBe(addMonths('2027-11-30', 3));
  });

  it('the discount: live and paid through today, not while the plan is paused for an unpaid renewal', () => {
    const today = '2026-12-01';
    expect(givesSubscriberDiscount({ status: 'active', pausedReason: null, paidThrough: '2027-01-01' }, today)).toBe(true);
    expect(givesSubscriberDiscount({ status: 'paused', pausedReason: 'customer', paidThrough: '2027-01-01' }, today)).toBe(true);
    expect(givesSubscriberDiscount({ status: 'paused', pausedReason: 'payment_failed', paidThrough: '2027-01-01' }, today)).toBe(false);
    expect(givesSubscriberDiscount({ status: 'active', pausedReason: null, paidThrough: null }, today)).toBe(false);
    expect(givesSubscriberDiscount({ status: 'cancelled', pausedReason: null, paidThrough: '2027-01-01' }, today)).toBe(false);
  });

  it('the discount ends with the paid period: paid_through is exclusive (skip or pause do not extend it)', () => {
    const standing = { status: 'active', pausedReason: null, paidThrough: '2026-12-27' };
    expect(givesSubscriberDiscount(standing, '2026-12-26')).toBe(true);
    expect(givesSubscriberDiscount(standing, '2026-12-27')).toBe(false);
    expect(givesSubscriberDiscount({ ...standing, status: 'paused', pausedReason: 'customer' }, '2027-01-15')).toBe(false);
    expect(benefitsUntil('2026-12-27')).toBe('2026-12-26');
    expect(benefitsUntil(null)).toBeNull();
  });

  it('a retry is 3 days after the failure', () => {
    expect(nextRetryAt(new Date('2027-01-01T10:00:00Z')).toISOString()).toBe('2027-01-04T10:00:00.000Z');
  });
});
