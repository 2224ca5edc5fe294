// The customer tab's next charge date (SPEC §9): the subscription's created
// date, on Brazil's calendar, plus the plan's months. An unknown frequency (or
// an unreadable date) shows 'Data inválida' (SPEC §8).
import { formatDateBR } from './dates';
import { nextPlanDate, todayInBrazil } from './plans';

export const INVALID_DATE_LABEL = 'Data inválida';

/** 'dd/mm/yyyy' of the next charge, or 'Data inválida'. */
export function nextChargeLabel(createdAt: Date | string, frequency: unknown): string {
  const created = createdAt instanceof Date ? createdAt : new Date(createdAt);
  if (Number.isNaN(created.getTime())) return INVALID_DATE_LABEL;
  const next = nextPlanDate(todayInBrazil(created), frequency);
  return next ? formatDateBR(next) : INVALID_DATE_LABEL;
}
