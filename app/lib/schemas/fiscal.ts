// /admin/fiscal (issue 34): the store's fiscal settings and its tax table in one form, checked by the
// page before sending and by the action again. The table has one row per destination × buyer
// (lib/fiscal-codes), posted as `rules.0.destination`, `rules.0.cfop`…; rates are typed the
// Brazilian way ('1,65') and leave as percentages (1.65), as lib/fiscal's TaxRule holds them.
import { z } from 'zod';
import { parseDecimal } from '../decimal';
import type { TaxRule } from '../fiscal';
import { FISCAL_REGIMES, NFE_ENVIRONMENTS, NFE_ISSUE_MOMENTS, TAX_BUYERS, TAX_DESTINATIONS, type FiscalRegime, type TaxDestination } from '../fiscal-codes';
import { formDataToObject, type FormObject } from '../form-data';
import './zod-pt-br';

export const FISCAL_LIMITS = {
  /** natOp: the NF-e takes up to 60 characters. */
  nature: 60,
  seriesMax: 999,
  ratePercentMax: 100,
  /** One rule per destination × buyer. */
  rules: TAX_DESTINATIONS.length * TAX_BUYERS.length,
} as const;

/** The CFOP's first digit for each destination: 5 inside the store's state, 6 to another. */
export const CFOP_FIRST_DIGIT: Readonly<Record<TaxDestination, string>> = { same_state: '5', other_state: '6' };

/** How many digits the ICMS situation has under each regime: a CSOSN (3) in the Simples, a CST (2) otherwise. */
export const ICMS_SITUATION_DIGITS: Readonly<Record<FiscalRegime, number>> = { simples: 3, normal: 2 };

export const FISCAL_MESSAGES = {
  reload: 'Não foi possível salvar. Recarregue a página e tente novamente.',
  regime: 'Escolha o regime tributário.',
  series: `Informe a série da NF-e: um número inteiro de 0 a ${FISCAL_LIMITS.seriesMax}.`,
  environment: 'Escolha o ambiente.',
  nature: 'Informe a natureza da operação (ex.: Venda de mercadoria).',
  natureLong: `Use no máximo ${FISCAL_LIMITS.nature} caracteres.`,
  issueOn: 'Escolha quando emitir a NF-e.',
  cfop: 'Informe o CFOP com 4 dígitos (ex.: 5101).',
  cfopSameState: 'Venda para o mesmo estado usa CFOP começando com 5 (ex.: 5101).',
  cfopOtherState: 'Venda para outro estado usa CFOP começando com 6 (ex.: 6101 ou 6107).',
  csosn: 'No Simples Nacional, informe o CSOSN com 3 dígitos (ex.: 102).',
  cstIcms: 'No regime normal, informe o CST do ICMS com 2 dígitos (ex.: 00).',
  cst: 'Informe o CST com 2 dígitos (ex.: 99).',
  rate: `Informe a alíquota de 0 a ${FISCAL_LIMITS.ratePercentMax}, com até 2 casas decimais (ex.: 1,65).`,
  rules: 'A tabela de regras veio incompleta. Recarregue a página e tente novamente.',
  /** The optimistic-concurrency refusal (server/invoices/fiscal-settings.server.ts). */
  conflict: 'As configurações fiscais mudaram desde que você abriu esta página (outra pessoa salvou). Recarregue a página para ver a versão atual; nada foi alterado.',
} as const;

const CFOP_MISMATCH: Readonly<Record<TaxDestination, string>> = { same_state: FISCAL_MESSAGES.cfopSameState, other_state: FISCAL_MESSAGES.cfopOtherState };

/** Typed text, NUL-free and trimmed ('' when absent). */
const typedText = z
  .string()
  .max(200, { error: FISCAL_MESSAGES.reload, abort: true })
  .optional()
  // eslint-disable-next-line no-control-regex
  .transform((v) => (v ?? '').replace(/\u0000/g, '').trim());

/** A code of digits, refused with `message` unless it matches `pattern` once dots and spaces ('5.101') are dropped. */
const code = (pattern: RegExp, message: string) =>
  typedText.transform((v, ctx) => {
    const digits = v.replace(/[.\s]/g, '');
    if (!pattern.test(digits)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return digits;
  });

/** A percentage 0–100 with up to 2 places ('1,65', '1.65', '3%') → 1.65; blank is refused. */
const rate = typedText.transform((v, ctx) => {
  const parsed = parseDecimal(v.replace(/%$/, '').trim(), 2);
  if (parsed === null || parsed.startsWith('-') || Number(parsed) > FISCAL_LIMITS.ratePercentMax) {
    ctx.addIssue({ code: 'custom', message: FISCAL_MESSAGES.rate });
    return z.NEVER;
  }
  return Number(parsed);
});

const ruleSchema = z
  .object({
    destination: z.enum(TAX_DESTINATIONS, { error: FISCAL_MESSAGES.rules }),
    buyer: z.enum(TAX_BUYERS, { error: FISCAL_MESSAGES.rules }),
    cfop: code(/^[1-7][0-9]{3}$/, FISCAL_MESSAGES.cfop),
    // Its length depends on the regime: checked with the whole form below.
    icmsSituation: typedText,
    pisSituation: code(/^[0-9]{2}$/, FISCAL_MESSAGES.cst),
    pisRate: rate,
    cofinsSituation: code(/^[0-9]{2}$/, FISCAL_MESSAGES.cst),
    cofinsRate: rate,
  })
  // Runs beside the row's other messages too (a refused field holds no code: not blamed twice).
  .superRefine(
    (rule, ctx) => {
      const destination = (TAX_DESTINATIONS as readonly unknown[]).includes(rule.destination) ? rule.destination : null;
      if (destination === null || typeof rule.cfop !== 'string' || !/^[0-9]{4}$/.test(rule.cfop)) return;
      if (!rule.cfop.startsWith(CFOP_FIRST_DIGIT[destination])) ctx.addIssue({ code: 'custom', path: ['cfop'], message: CFOP_MISMATCH[destination] });
    },
    { when: () => true },
  );

const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean());

export const fiscalFormSchema = z
  .object({
    regime: z.enum(FISCAL_REGIMES, { error: FISCAL_MESSAGES.regime }),
    series: typedText.transform((v, ctx) => {
      if (!/^[0-9]{1,3}$/.test(v)) {
        ctx.addIssue({ code: 'custom', message: FISCAL_MESSAGES.series });
        return z.NEVER;
      }
      return Number(v);
    }),
    environment: z.enum(NFE_ENVIRONMENTS, { error: FISCAL_MESSAGES.environment }),
    nature: typedText.pipe(z.string().min(1, FISCAL_MESSAGES.nature).max(FISCAL_LIMITS.nature, FISCAL_MESSAGES.natureLong)),
    issueOn: z.enum(NFE_ISSUE_MOMENTS, { error: FISCAL_MESSAGES.issueOn }),
    invoicing: checkbox,
    rules: z.array(ruleSchema, { error: FISCAL_MESSAGES.rules }).length(FISCAL_LIMITS.rules, FISCAL_MESSAGES.rules),
  })
  // Runs even when another field is invalid, so every message shows at once (rows may be half-parsed).
  .superRefine(
    (form, ctx) => {
      const rules = Array.isArray(form.rules) ? form.rules : [];
      const cases = new Set(rules.map((r) => `${String(r?.destination)}|${String(r?.buyer)}`));
      const whole = TAX_DESTINATIONS.every((d) => TAX_BUYERS.every((b) => cases.has(`${d}|${b}`)));
      if (rules.length === FISCAL_LIMITS.rules && !whole) ctx.addIssue({ code: 'custom', path: ['rules'], message: FISCAL_MESSAGES.rules });
      const digits = (FISCAL_REGIMES as readonly unknown[]).includes(form.regime) ? ICMS_SITUATION_DIGITS[form.regime] : null;
      if (digits === null) return;
      const pattern = new RegExp(`^[0-9]{${digits}}$`);
      rules.forEach((rule, i) => {
        const typed = typeof rule?.icmsSituation === 'string' ? rule.icmsSituation : '';
        if (!pattern.test(typed)) {
          ctx.addIssue({ code: 'custom', path: ['rules', i, 'icmsSituation'], message: form.regime === 'simples' ? FISCAL_MESSAGES.csosn : FISCAL_MESSAGES.cstIcms });
        }
      });
    },
    { when: () => true },
  )
  .transform(({ rules, ...settings }) => ({ ...settings, rules: rules as TaxRule[] }));

export type FiscalSettingsInput = z.output<typeof fiscalFormSchema>;

/** The hidden `version` the form was opened with: a save over a newer one is refused. */
export const fiscalVersionSchema = z.coerce.number({ error: FISCAL_MESSAGES.reload }).int(FISCAL_MESSAGES.reload).min(1, FISCAL_MESSAGES.reload);

/** How the form posts: plain fields and the rows as `rules.N.field` (browser and action read it the same way). */
export function fiscalFormToObject(form: FormData): FormObject {
  return formDataToObject(form);
}
