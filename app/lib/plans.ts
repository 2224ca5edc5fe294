// The fixed subscription plans (monthly, semiannual, annual) and the dates they set.
import { now as clockNow } from './clock';

/** The plan's frequencies: the one list (the database's enum and CHECK, the forms, the cart's plan line). */
export const PLAN_FREQUENCIES = ['monthly', 'semiannual', 'annual'] as const;
export type SubscriptionFrequency = (typeof PLAN_FREQUENCIES)[number];

/** One of the plan's fixed options: frequency, name, months. */
export type Plan = {
  frequency: SubscriptionFrequency;
  name: string;
  months: number;
};

/** An option as sold: its price (reais, as the database stores money) and highlight come from `plan_options`. */
export type PlanOption = Plan & { price: string; highlight: string | null };

export const PLAN_NAME = 'Assinatura Inteligente';

export const PLANS: readonly Plan[] = [
  { frequency: 'monthly', name: 'Plano Mensal', months: 1 },
  { frequency: 'semiannual', name: 'Plano Semestral', months: 6 },
  { frequency: 'annual', name: 'Plano Anual', months: 12 },
];

/**
 * The launch prices and highlights: what migration 0008 stored in `plan_options`. The store reads
 * the table (server/subscriptions/plans.server.ts), never this list; tests compare against it.
 */
export const INITIAL_PLAN_OPTIONS: readonly PlanOption[] = [
  { ...PLANS[0]!, price: '49.90', highlight: null },
  { ...PLANS[1]!, price: '249.50', highlight: 'Economize 5%!' },
  { ...PLANS[2]!, price: '538.90', highlight: 'Economize 10%!' },
];

export const DEFAULT_PLAN: SubscriptionFrequency = 'monthly';

/** Subscription statuses as people read them (customer tab and admin list). */
export const SUBSCRIPTION_STATUS_LABELS: Record<string, string> = { active: 'Ativa', paused: 'Pausada', cancelled: 'Cancelada' };

export function findPlan(frequency: unknown): Plan | null {
  return PLANS.find((p) => p.frequency === frequency) ?? null;
}

/** How often a programmed delivery repeats, in months: the subscriber picks at checkout (default 1) and may change it later. */
export const DELIVERY_MONTHS = [1, 2, 3] as const;
export type DeliveryMonths = (typeof DELIVERY_MONTHS)[number];
/** The choices in a sentence: "a cada 1, 2 ou 3 meses". */
export const DELIVERY_MONTHS_PHRASE = `${DELIVERY_MONTHS.slice(0, -1).join(', ')} ou ${DELIVERY_MONTHS.at(-1)}`;

/**
 * An ISO date (yyyy-mm-dd) plus whole months, on the calendar: the day is kept
 * when the target month has it, otherwise the month's last day
 * (31 January + 1 month = 28 or 29 February).
 */
export function addMonths(isoDate: string, months: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) throw new Error(`Data inválida: ${isoDate}`);
  const [, y, m, d] = match;
  const monthIndex = Number(m) - 1 + months;
  const year = Number(y) + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(Number(d), lastDay);
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Today's date in Brazil (America/Sao_Paulo), as yyyy-mm-dd. */
// Made once: building an Intl formatter with a time zone costs far more than formatting (a checkout profile).
const BRAZIL_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });

export function todayInBrazil(now: Date = clockNow()): string {
  return BRAZIL_DAY.format(now);
}

/** The next charge/delivery of a plan: `from` plus the plan's months; null for an unknown frequency ('Data inválida'). */
export function nextPlanDate(from: string, frequency: unknown): string | null {
  const plan = findPlan(frequency);
  return plan ? addMonths(from, plan.months) : null;
}
