// The admin's plan editor (/admin/subscriptions: the plan's page in subscription_configs, its options' prices):
// one schema for the browser check and the action. The form posts its lists as
// indexed fields (options.0.price, benefits.0.text, benefits.0.icon, steps.0.title, …), read into
// arrays by formDataToObject, so every message keys to the input it belongs to.
import { z } from 'zod';
import './zod-pt-br';
import { parseDecimal } from '../decimal';
import { PLANS, type SubscriptionFrequency } from '../plans';
import { PLAN_ICON_NAMES } from '../plan-icons';
import { imageUrlSchema } from './image-url';

export const PLAN_LIMITS = {
  planName: 80,
  headline: 160,
  description: 2000,
  benefits: 12,
  benefitText: 120,
  steps: 8,
  stepTitle: 80,
  stepDescription: 400,
  /** An option's badge on /assinatura ('Economize 5%!'). */
  highlight: 40,
} as const;

/** R$ 99.999,99: far above any plan, well inside numeric(12,2). */
export const PLAN_MAX_PRICE_CENTS = 9_999_999;

function requiredText(missing: string, max: number) {
  return z.string({ error: missing }).trim().min(1, missing).max(max, `Use no máximo ${max} caracteres.`);
}

const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean());

const price = z
  .string({ error: 'Informe o preço.' })
  .trim()
  .min(1, 'Informe o preço.')
  // Longer than any price typed by hand ('99.999,99'): refused unread.
  .max(32, { error: 'Informe um preço válido, por exemplo 49,90.', abort: true })
  .transform((value, ctx) => {
    const parsed = parseDecimal(value);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: 'Informe um preço válido, por exemplo 49,90.' });
      return z.NEVER;
    }
    if (parsed.startsWith('-')) {
      ctx.addIssue({ code: 'custom', message: 'O preço não pode ser negativo.' });
      return z.NEVER;
    }
    // A plan is never free (plan_options_price_check: price > 0).
    if (!/[1-9]/.test(parsed)) {
      ctx.addIssue({ code: 'custom', message: 'O preço deve ser maior que zero.' });
      return z.NEVER;
    }
    const [whole, fraction] = parsed.split('.') as [string, string];
    if (whole.length > 7 || Number(whole) * 100 + Number(fraction) > PLAN_MAX_PRICE_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'O preço deve ser de no máximo R$ 99.999,99.' });
      return z.NEVER;
    }
    return parsed;
  });

const FREQUENCIES = PLANS.map((p) => p.frequency) as [SubscriptionFrequency, ...SubscriptionFrequency[]];

/** One of the plan's three options: its name and months are fixed, the admin sets price and highlight. */
const option = z.object({
  frequency: z.enum(FREQUENCIES, { error: 'Opção de plano inválida. Recarregue a página.' }),
  price,
  highlight: z
    .string()
    .trim()
    .max(PLAN_LIMITS.highlight, `Use no máximo ${PLAN_LIMITS.highlight} caracteres.`)
    .optional()
    .transform((v) => (v ? v : null)),
});

/** Exactly the three options, each once (a crafted post could repeat or leave one out). */
function everyOptionOnce(rows: { frequency: SubscriptionFrequency }[], ctx: z.RefinementCtx) {
  const seen = new Set<SubscriptionFrequency>();
  rows.forEach((row, index) => {
    if (seen.has(row.frequency)) ctx.addIssue({ code: 'custom', path: [index, 'frequency'], message: 'Esta opção de plano está repetida.' });
    seen.add(row.frequency);
  });
  if (FREQUENCIES.some((f) => !seen.has(f))) {
    ctx.addIssue({ code: 'custom', message: 'Informe o preço das três opções: mensal, semestral e anual.' });
  }
}

const benefit = z.object({
  text: requiredText('Informe o texto do benefício.', PLAN_LIMITS.benefitText),
  icon: z.enum(PLAN_ICON_NAMES, { error: 'Escolha um ícone da lista.' }),
});

const step = z.object({
  title: requiredText('Informe o título do passo.', PLAN_LIMITS.stepTitle),
  description: requiredText('Informe a descrição do passo.', PLAN_LIMITS.stepDescription),
});

/** The storefront keys each benefit and step by its text: a repeat would show twice as one. */
function noRepeats<T>(keyOf: (row: T) => string, field: string, message: string) {
  return (rows: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      const key = keyOf(row).toLocaleLowerCase('pt-BR');
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, field], message });
      seen.add(key);
    });
  };
}

/** A form whose rows were all removed posts no field of the list at all: that is an empty list. */
const list = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? [], schema);

/** Lists arrive as `options.0.price`, `benefits.0.text`… fields: read the form with formDataToObject (lib/form-data.ts). */
export const planFormSchema = z.object({
    planName: requiredText('Informe o nome do plano.', PLAN_LIMITS.planName),
    options: list(z.array(option).max(FREQUENCIES.length, 'Informe o preço das três opções: mensal, semestral e anual.').superRefine(everyOptionOnce)),
    headline: requiredText('Informe a chamada principal.', PLAN_LIMITS.headline),
    description: z
      .string()
      .trim()
      .max(PLAN_LIMITS.description, `Use no máximo ${PLAN_LIMITS.description} caracteres.`)
      .optional()
      .transform((v) => v ?? ''),
    imageUrl: imageUrlSchema,
    isActive: checkbox,
    benefits: list(
      z
        .array(benefit)
        .min(1, 'Adicione pelo menos um benefício.')
        .max(PLAN_LIMITS.benefits, `Use no máximo ${PLAN_LIMITS.benefits} benefícios.`)
        .superRefine(noRepeats((b: { text: string }) => b.text, 'text', 'Este benefício está repetido.')),
    ),
    steps: list(
      z
        .array(step)
        .min(1, 'Adicione pelo menos um passo.')
        .max(PLAN_LIMITS.steps, `Use no máximo ${PLAN_LIMITS.steps} passos.`)
        .superRefine(noRepeats((s: { title: string }) => s.title, 'title', 'Já existe um passo com este título.')),
    ),
});

export type PlanFormInput = z.infer<typeof planFormSchema>;

/** The plan being edited, as posted in a hidden field. */
export const planIdSchema = z.uuid();
