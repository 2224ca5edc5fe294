// The admin reports' query string (/admin/reports and its CSV): a preset period or two São Paulo
// days, both included, at most MAX_REPORT_DAYS long and not after today.
import { z } from 'zod';
import './zod-pt-br';
import { CUSTOM_PERIOD, DEFAULT_PRESET, isIsoDay, MAX_REPORT_DAYS, REPORT_PRESETS, REPORT_TABLES, daysInRange, reportPeriod, type ReportPeriod } from '../reports';
import { todayInBrazil } from '../plans';

export const REPORT_MESSAGES = {
  fromRequired: 'Informe a data inicial.',
  toRequired: 'Informe a data final.',
  invalid: 'Data inválida. Use o formato dd/mm/aaaa.',
  order: 'A data inicial deve ser igual ou anterior à final.',
  future: 'A data final não pode ser depois de hoje.',
  tooLong: `O período pode ter no máximo ${MAX_REPORT_DAYS} dias.`,
} as const;

const day = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .refine((v) => isIsoDay(v), REPORT_MESSAGES.invalid);

/** The form's fields; `today` (São Paulo) bounds the last day. */
export function reportQuerySchema(today: string) {
  return z.discriminatedUnion('periodo', [
    z.object({ periodo: z.enum(REPORT_PRESETS) }),
    z
      .object({ periodo: z.literal(CUSTOM_PERIOD), de: day(REPORT_MESSAGES.fromRequired), ate: day(REPORT_MESSAGES.toRequired) })
      .superRefine((v, ctx) => {
        if (v.ate > today) ctx.addIssue({ code: 'custom', path: ['ate'], message: REPORT_MESSAGES.future });
        if (v.de > v.ate) ctx.addIssue({ code: 'custom', path: ['de'], message: REPORT_MESSAGES.order });
        else if (daysInRange({ from: v.de, to: v.ate }) > MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['de'], message: REPORT_MESSAGES.tooLong });
      }),
  ]);
}

export type ReportQuery = {
  period: ReportPeriod;
  /** What the admin typed, kept in the form when it was refused. */
  values: { periodo: string; de: string; ate: string };
  /** pt-BR messages per field when the dates were refused (the default period is shown meanwhile). */
  errors: Partial<Record<'de' | 'ate', string>>;
};

/** The report's period from the URL; refused dates keep their messages and fall back to the default preset. */
export function reportQueryFromSearchParams(params: URLSearchParams, now: Date): ReportQuery {
  const values = { periodo: params.get('periodo') || DEFAULT_PRESET, de: params.get('de') ?? '', ate: params.get('ate') ?? '' };
  const parsed = reportQuerySchema(todayInBrazil(now)).safeParse(values);
  if (parsed.success) {
    const choice = parsed.data.periodo === CUSTOM_PERIOD ? { from: parsed.data.de, to: parsed.data.ate } : { preset: parsed.data.periodo };
    return { period: reportPeriod(choice, now), values, errors: {} };
  }
  const errors: ReportQuery['errors'] = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'de' || field === 'ate') && !errors[field]) errors[field] = issue.message;
  }
  // An unknown preset in a hand-made link is not worth a message: the default period answers.
  return { period: reportPeriod({ preset: DEFAULT_PRESET }, now), values: Object.keys(errors).length ? values : { ...values, periodo: DEFAULT_PRESET }, errors };
}

/** Which breakdown the CSV route exports. */
export const reportTableSchema = z.enum(REPORT_TABLES);
