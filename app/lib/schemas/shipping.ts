// /admin/frete: the forms of a shipping service (with its price table per zone), a zone (UFs and CEP
// ranges) and a free-shipping rule, and the list's on/off switches. One schema per form, for the page
// (before sending) and its action. Money is typed the Brazilian way ('12,90') and leaves as cents;
// weights in kg ('0,5') leave as grams; CEPs masked ('01000-000') leave as their 8 digits.
import { z } from 'zod';
import { isValidCep, normalizeCep } from '../cep';
import { parseDecimal } from '../decimal';
import { DEFAULT_CUBIC_DIVISOR } from '../freight';
import { toCents } from '../money';
import { HAZARD_CLASSES } from '../product-safety';
import { UFS } from '../states';
import { CARRIERS } from '../tracking';
import { formDataToObject, type FormObject } from '../form-data';
import './zod-pt-br';

export const SHIPPING_LIMITS = {
  name: 80,
  /** A service's brackets (formDataToObject reads rows 0–199). */
  rates: 200,
  cepRanges: 50,
  handlingDays: 60,
  deadlineDays: 90,
  cubicDivisorMin: 1000,
  cubicDivisorMax: 10000,
  /** kg */
  maxWeightKg: 1000,
  /** R$ 99.999,99 */
  maxPriceCents: 9_999_999,
  /** R$ 999.999,99 */
  maxSubtotalCents: 99_999_999,
  melhorEnvioId: 100_000,
} as const;

export const SHIPPING_MESSAGES = {
  reload: 'Não foi possível salvar. Recarregue a página e tente novamente.',
  name: 'Informe o nome.',
  nameLong: `Use no máximo ${SHIPPING_LIMITS.name} caracteres.`,
  carrier: 'Escolha a transportadora.',
  hazardClass: 'Classe de risco inválida. Recarregue a página.',
  handlingDays: `Informe um número inteiro de dias úteis, de 0 a ${SHIPPING_LIMITS.handlingDays}.`,
  cubicDivisor: 'Informe um divisor inteiro de 1.000 a 10.000 (o usual é 6.000).',
  percent: 'Informe um percentual de 0 a 100, com até 2 casas (ex.: 1,5).',
  melhorEnvioId: 'Informe o código numérico do serviço no Melhor Envio (ex.: 1 para PAC), ou deixe em branco.',
  zone: 'Escolha a zona.',
  weight: `Informe o peso em kg, maior que zero e até ${SHIPPING_LIMITS.maxWeightKg} (ex.: 1 ou 0,5), ou deixe em branco para qualquer peso.`,
  priceMissing: 'Informe o preço (0,00 para grátis).',
  price: 'Informe um valor como 12,90 (até 2 casas decimais).',
  negative: 'O valor não pode ser negativo.',
  priceHigh: 'Valor alto demais.',
  deadline: `Informe o prazo em dias úteis, de 0 a ${SHIPPING_LIMITS.deadlineDays}.`,
  tooManyRates: `No máximo ${SHIPPING_LIMITS.rates} faixas de preço.`,
  duplicateAny: 'Esta zona já tem uma faixa para qualquer peso.',
  duplicateWeight: (kg: string) => `Esta zona já tem uma faixa até ${kg} kg.`,
  cep: 'Informe o CEP com 8 dígitos, como 01000-000.',
  invertedRange: 'O CEP inicial deve ser menor ou igual ao CEP final.',
  tooManyRanges: `No máximo ${SHIPPING_LIMITS.cepRanges} faixas de CEP.`,
  uf: 'Estado inválido. Recarregue a página.',
  emptyZone: 'Escolha ao menos um estado ou informe uma faixa de CEP.',
  ruleZone: 'Zona inválida. Recarregue a página.',
  ruleService: 'Serviço inválido. Recarregue a página.',
  /** The optimistic-concurrency refusal of a service form (server/shipping/admin.server.ts). */
  serviceConflict: 'O serviço mudou desde que você abriu a página (outra pessoa salvou, ligou ou desligou). Recarregue a página para ver a versão atual; nada foi alterado.',
} as const;

/** Required text: NUL-free, trimmed, 1..max characters. */
const requiredName = z
  .string({ error: SHIPPING_MESSAGES.name })
  // eslint-disable-next-line no-control-regex
  .transform((s) => s.replace(/\u0000/g, '').trim())
  .pipe(z.string().min(1, SHIPPING_MESSAGES.name).max(SHIPPING_LIMITS.name, SHIPPING_MESSAGES.nameLong));

/** A whole number typed in a text field ('6.000' is six thousand), or null when blank; refused outside [min, max]. */
function wholeNumber(min: number, max: number, message: string) {
  return z
    .string()
    .max(12, { error: message, abort: true })
    .optional()
    .transform((v, ctx) => {
      const typed = (v ?? '').trim();
      if (typed === '') return null;
      // '6.000' is six thousand (a thousands dot), never six.
      const raw = /^\d{1,3}(\.\d{3})+$/.test(typed) ? typed.replace(/\./g, '') : typed;
      if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(raw);
    });
}

/** A required whole number, or `blank` when left empty. */
const integer = (min: number, max: number, message: string, blank?: number) =>
  wholeNumber(min, max, message).transform((n, ctx): number => {
    if (n !== null) return n;
    if (blank !== undefined) return blank;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** A percentage 0–100 with up to 2 places, as the numeric(5,2) column takes it ('1.50'); blank is 0. */
const percent = z
  .string()
  .max(12, { error: SHIPPING_MESSAGES.percent, abort: true })
  .optional()
  .transform((v, ctx) => {
    const raw = (v ?? '').trim().replace(/%$/, '').trim();
    if (raw === '') return '0.00';
    const parsed = parseDecimal(raw, 2);
    if (parsed === null || parsed.startsWith('-') || Number(parsed) > 100) {
      ctx.addIssue({ code: 'custom', message: SHIPPING_MESSAGES.percent });
      return z.NEVER;
    }
    return parsed;
  });

/** An amount in reais typed as '12,90' → cents; null when blank. */
function money(maxCents: number) {
  return z
    .string()
    .max(32, { error: SHIPPING_MESSAGES.price, abort: true })
    .optional()
    .transform((v, ctx) => {
      const raw = (v ?? '').trim().replace(/^R\$\s*/, '');
      if (raw === '') return null;
      const parsed = parseDecimal(raw, 2);
      if (parsed === null) {
        ctx.addIssue({ code: 'custom', message: SHIPPING_MESSAGES.price });
        return z.NEVER;
      }
      if (parsed.startsWith('-')) {
        ctx.addIssue({ code: 'custom', message: SHIPPING_MESSAGES.negative });
        return z.NEVER;
      }
      if (parsed.replace('.', '').length > 12 || toCents(parsed) > maxCents) {
        ctx.addIssue({ code: 'custom', message: SHIPPING_MESSAGES.priceHigh });
        return z.NEVER;
      }
      return toCents(parsed);
    });
}

/** A required amount: blank is refused with `missing`. */
const requiredMoney = (missing: string, maxCents: number) =>
  money(maxCents).transform((cents, ctx): number => {
    if (cents !== null) return cents;
    ctx.addIssue({ code: 'custom', message: missing });
    return z.NEVER;
  });

/** '1,5' kg → 1500 g; blank: null (any weight). */
const weightKg = z
  .string()
  .max(16, { error: SHIPPING_MESSAGES.weight, abort: true })
  .optional()
  .transform((v, ctx) => {
    const raw = (v ?? '').trim().replace(/\s*kg$/i, '');
    if (raw === '') return null;
    const parsed = parseDecimal(raw, 3);
    const grams = parsed === null || parsed.startsWith('-') ? 0 : Number(parsed.replace('.', ''));
    if (!(grams > 0) || grams > SHIPPING_LIMITS.maxWeightKg * 1000) {
      ctx.addIssue({ code: 'custom', message: SHIPPING_MESSAGES.weight });
      return z.NEVER;
    }
    return grams;
  });

/** 1500 → '1,5'; 2000 → '2'; null → '' (the form's kg field). */
export function gramsToKgInput(grams: number | null): string {
  if (grams === null) return '';
  const whole = Math.floor(grams / 1000);
  const fraction = String(grams % 1000).padStart(3, '0').replace(/0+$/, '');
  return fraction ? `${whole},${fraction}` : String(whole);
}

/** 1500 → '1,5 kg'; null → 'qualquer peso'. */
export function weightLabel(grams: number | null): string {
  return grams === null ? 'qualquer peso' : `até ${gramsToKgInput(grams)} kg`;
}

const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean());

/** An optional choice: '' is none (null). */
const optionalUuid = (message: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(z.uuid(message).nullable());

// ---------------------------------------------------------------- service

const rateSchema = z.object({
  zoneId: z.string({ error: SHIPPING_MESSAGES.zone }).min(1, SHIPPING_MESSAGES.zone).pipe(z.uuid(SHIPPING_MESSAGES.zone)),
  maxWeightKg: weightKg,
  price: requiredMoney(SHIPPING_MESSAGES.priceMissing, SHIPPING_LIMITS.maxPriceCents),
  deadlineDays: integer(0, SHIPPING_LIMITS.deadlineDays, SHIPPING_MESSAGES.deadline),
});

export const serviceFormSchema = z
  .object({
    name: requiredName,
    carrier: z.enum(CARRIERS, { error: SHIPPING_MESSAGES.carrier }),
    acceptedHazardClasses: z
      .array(z.enum(HAZARD_CLASSES, { error: SHIPPING_MESSAGES.hazardClass }))
      .max(HAZARD_CLASSES.length, SHIPPING_MESSAGES.hazardClass)
      .default([])
      .transform((classes) => HAZARD_CLASSES.filter((c) => classes.includes(c))),
    handlingDays: integer(0, SHIPPING_LIMITS.handlingDays, SHIPPING_MESSAGES.handlingDays),
    cubicDivisor: integer(SHIPPING_LIMITS.cubicDivisorMin, SHIPPING_LIMITS.cubicDivisorMax, SHIPPING_MESSAGES.cubicDivisor, DEFAULT_CUBIC_DIVISOR),
    valuePercent: percent,
    melhorEnvioServiceId: wholeNumber(1, SHIPPING_LIMITS.melhorEnvioId, SHIPPING_MESSAGES.melhorEnvioId),
    marginPercent: percent,
    active: checkbox,
    rates: z.array(rateSchema).max(SHIPPING_LIMITS.rates, SHIPPING_MESSAGES.tooManyRates).default([]),
  })
  // Runs even when a field is invalid, so a duplicate shows with the other messages (rows may be
  // half-parsed: a failed field holds no number, and is not blamed twice).
  .superRefine(
    (service, ctx) => {
      const seen = new Set<string>();
      (service.rates ?? []).forEach((rate, i) => {
        const weight = rate?.maxWeightKg;
        if (typeof rate?.zoneId !== 'string' || !(weight === null || typeof weight === 'number')) return;
        const key = `${rate.zoneId}|${weight ?? 'qualquer'}`;
        if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: ['rates', i, 'maxWeightKg'],
            message: weight === null ? SHIPPING_MESSAGES.duplicateAny : SHIPPING_MESSAGES.duplicateWeight(gramsToKgInput(weight)),
          });
        }
        seen.add(key);
      });
    },
    { when: () => true },
  )
  .transform(({ rates, ...service }) => ({
    ...service,
    rates: rates.map(({ zoneId, maxWeightKg, price, deadlineDays }) => ({ zoneId, maxWeightGrams: maxWeightKg, priceCents: price, deadlineDays })),
  }));

export type ServiceInput = z.output<typeof serviceFormSchema>;
export type RateInput = ServiceInput['rates'][number];

/** The hidden `version` the edit form was opened with: a save over a newer one is refused. */
export const serviceVersionSchema = z.coerce.number({ error: SHIPPING_MESSAGES.reload }).int(SHIPPING_MESSAGES.reload).min(1, SHIPPING_MESSAGES.reload);

/**
 * How the service form posts: plain fields, the ticked hazard classes as repeated `acceptedHazardClasses`,
 * the brackets as `rates.0.zoneId`, `rates.0.maxWeightKg`… (browser and action read it the same way).
 */
export function serviceFormToObject(form: FormData): FormObject {
  const out = formDataToObject(form);
  out.acceptedHazardClasses = form.getAll('acceptedHazardClasses').filter((v): v is string => typeof v === 'string');
  return out;
}

// ---------------------------------------------------------------- zone

const cep = z
  .string({ error: SHIPPING_MESSAGES.cep })
  .trim()
  .max(12, { error: SHIPPING_MESSAGES.cep, abort: true })
  .refine(isValidCep, SHIPPING_MESSAGES.cep)
  .transform(normalizeCep);

const cepRangeSchema = z
  .object({ from: cep, to: cep })
  .refine((range) => range.from <= range.to, { message: SHIPPING_MESSAGES.invertedRange, path: ['to'] });

export const zoneFormSchema = z
  .object({
    name: requiredName,
    states: z
      .array(z.enum(UFS, { error: SHIPPING_MESSAGES.uf }))
      .max(UFS.length, SHIPPING_MESSAGES.uf)
      .default([])
      .transform((states) => UFS.filter((uf) => states.includes(uf))),
    cepRanges: z.array(cepRangeSchema).max(SHIPPING_LIMITS.cepRanges, SHIPPING_MESSAGES.tooManyRanges).default([]),
  })
  .refine((zone) => zone.states.length > 0 || zone.cepRanges.length > 0, { message: SHIPPING_MESSAGES.emptyZone, path: ['states'] });

export type ZoneInput = z.output<typeof zoneFormSchema>;

/** How the zone form posts: the ticked UFs as repeated `states`, the ranges as `cepRanges.0.from`… */
export function zoneFormToObject(form: FormData): FormObject {
  const out = formDataToObject(form);
  out.states = form.getAll('states').filter((v): v is string => typeof v === 'string');
  return out;
}

// ---------------------------------------------------------------- free-shipping rule

export const ruleFormSchema = z.object({
  name: requiredName,
  zoneId: optionalUuid(SHIPPING_MESSAGES.ruleZone),
  serviceId: optionalUuid(SHIPPING_MESSAGES.ruleService),
  minSubtotal: money(SHIPPING_LIMITS.maxSubtotalCents),
  subscribersOnly: checkbox,
  active: checkbox,
});

export type RuleInput = z.output<typeof ruleFormSchema>;

// ---------------------------------------------------------------- the list's switches and deletions

/** An on/off switch of /admin/frete: the value it is turned to (so a double click is one change). */
export const toggleSchema = z.object({
  intent: z.literal('toggle'),
  kind: z.enum(['service', 'rule']),
  id: z.uuid(),
  active: z.enum(['true', 'false']).transform((v) => v === 'true'),
});

/** The :id of an edit page: a record's uuid, or the new-record word ('novo' for a service, 'nova' for a zone or rule). */
export const shippingIdParam = <const T extends string>(newWord: T) => z.union([z.literal(newWord), z.uuid()]);
