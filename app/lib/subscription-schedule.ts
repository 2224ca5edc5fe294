// The calendar of anything that recurs: plan renewals and programmed deliveries. Pure, so the job,
// the customer's page and the admin compute the same dates. Dates are São Paulo calendar days
// ('yyyy-mm-dd'); a schedule is its anchor (the day it counts from) and its months: its dates are
// anchor + k × months on the calendar of `addMonths` (31/01 → 28/02 → 31/03: no drift).
import { addMonths } from './plans';

/** A customer's pause lasts at most this long, then the plan resumes by itself. */
export const PAUSE_MAX_MONTHS = 3;
/** The e-mail before an automatic resume goes this many days ahead. */
export const RESUME_NOTICE_DAYS = 7;
/** Reminders of a renewal or a programmed delivery go this many days ahead. */
export const REMINDER_DAYS_BEFORE = 3;
/** A failed renewal charge is tried again this many times, this many days apart (Shopify Subscriptions' default). */
export const RENEWAL_RETRIES = 3;
export const RENEWAL_RETRY_DAYS = 3;
/** First try plus the retries. */
export const RENEWAL_MAX_ATTEMPTS = RENEWAL_RETRIES + 1;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(isoDay: string): [number, number, number] {
  const match = ISO_DAY.exec(isoDay);
  if (!match) throw new Error(`Data inválida: ${isoDay}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** 'yyyy-mm-dd' plus whole days. */
export function addDays(isoDay: string, days: number): string {
  const [y, m, d] = parts(isoDay);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The schedule's k-th date (k = 0 is the anchor itself). */
export function scheduledDate(anchor: string, months: number, k: number): string {
  return addMonths(anchor, k * months);
}

/** The first date of the schedule strictly after `after` (k ≥ 1). */
export function nextScheduledDate(anchor: string, months: number, after: string): string {
  if (!Number.isInteger(months) || months < 1) throw new Error(`Período inválido: ${months}`);
  const [ay, am] = parts(anchor);
  const [y, m] = parts(after);
  // Start a period before the month of `after` and walk forward: at most two steps.
  let k = Math.max(1, Math.floor(((y - ay) * 12 + (m - am)) / months));
  while (k > 1 && scheduledDate(anchor, months, k - 1) > after) k -= 1;
  let date = scheduledDate(anchor, months, k);
  while (date <= after) {
    k += 1;
    date = scheduledDate(anchor, months, k);
  }
  return date;
}

/** Skipping the next date moves it one period on, on the same calendar. */
export function skipDate(anchor: string, months: number, next: string): string {
  return nextScheduledDate(anchor, months, next);
}

/**
 * Resuming: a date still ahead stays; a date that passed during the pause becomes today (the
 * schedule starts again from today, so the customer pays from the day the plan works again).
 */
export function resumeSchedule(anchor: string, next: string, today: string): { anchor: string; next: string } {
  return next >= today ? { anchor, next } : { anchor: today, next: today };
}

/** The day a customer's pause ends by itself. */
export function autoResumeDate(pausedOn: string): string {
  return addMonths(pausedOn, PAUSE_MAX_MONTHS);
}

export type SubscriptionStanding = {
  status: string;
  pausedReason: string | null;
  /**
   * End (exclusive) of the last paid period: the day the next unpaid one would start; null until
   * the first payment. A period from 27/11 to 27/12 is paid for 27/11 … 26/12.
   */
  paidThrough: string | null;
};

/**
 * A subscriber has an active or paused plan, made honest: the discount holds only while the plan is paid
 * through today (São Paulo day): today < paid_through. Skipping a renewal or pausing does not
 * move paid_through, so the benefits end with the paid period; a renewal, a resume or a plan
 * change brings them back when its charge is paid. Never while paused for an unpaid renewal.
 */
export function givesSubscriberDiscount(s: SubscriptionStanding, today: string): boolean {
  if (s.status !== 'active' && s.status !== 'paused') return false;
  if (s.pausedReason === 'payment_failed') return false;
  return s.paidThrough !== null && today < s.paidThrough;
}

/** The last day the benefits are paid for ("Benefícios garantidos até"): the day before paid_through; null if unpaid. */
export function benefitsUntil(paidThrough: string | null): string | null {
  return paidThrough === null ? null : addDays(paidThrough, -1);
}

/** Card retries: the moment of the n-th retry after a failure at `failedAt`. */
export function nextRetryAt(failedAt: Date): Date {
  return new Date(failedAt.getTime() + RENEWAL_RETRY_DAYS * 24 * 60 * 60 * 1000);
}
