// What a plan change costs today (issue 30): the new plan's price, less the unused part of the
// period already paid (pro rata by São Paulo days) and any credit the subscription keeps. Integer
// cents; the credit is rounded up (in the customer's favour) and never exceeds what the period cost.
// Pure: the confirm step shows the same figures the flow charges.

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayNumber(isoDay: string): number {
  const match = ISO_DAY.exec(isoDay);
  if (!match) throw new Error(`Data inválida: ${isoDay}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 86_400_000;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

export type PaidPeriod = {
  /** What the period cost (cents). */
  paidCents: number;
  /** First day of the period. */
  start: string;
  /** Its exclusive end (the subscription's paid_through). */
  end: string;
};

/**
 * The unused part of a paid period on `today`: paid × unused days ÷ period days, rounded up (the
 * customer's favour), never more than was paid nor below zero.
 */
export function unusedCredit(period: PaidPeriod | null, today: string): number {
  if (!period || period.paidCents <= 0) return 0;
  const total = daysBetween(period.start, period.end);
  if (total <= 0) return 0;
  return Math.min(period.paidCents, Math.ceil((period.paidCents * unusedDays(period, today)) / total));
}

/**
 * Days of the period from today on: today is not counted as used (a change on the day of the
 * payment gets the whole period back), between 0 and the period's length.
 */
export function unusedDays(period: Pick<PaidPeriod, 'start' | 'end'>, today: string): number {
  const total = daysBetween(period.start, period.end);
  return Math.max(0, Math.min(total, daysBetween(today, period.end)));
}

export type PlanChangeQuote = {
  /** The new plan's price (cents). */
  priceCents: number;
  /** Credit used: the unused part of the current period plus the subscription's own credit, at most the price. */
  creditCents: number;
  /** Charged today. */
  chargeCents: number;
  /** Credit left on the subscription (the part beyond the new price). */
  creditAfterCents: number;
};

/** The change's figures: charge = max(0, price − credit); what the credit does not use stays. */
export function quotePlanChange(input: { priceCents: number; period: PaidPeriod | null; today: string; heldCreditCents: number }): PlanChangeQuote {
  const available = unusedCredit(input.period, input.today) + Math.max(0, input.heldCreditCents);
  const creditCents = Math.min(available, input.priceCents);
  return { priceCents: input.priceCents, creditCents, chargeCents: input.priceCents - creditCents, creditAfterCents: available - creditCents };
}
