// A company's registration (issue 35), the owner's edit, an invitation and the admin's credit decision:
// one schema per form, used by the page and its action. The CNPJ numeric or alphanumeric (tax-id), the
// IE with its NF-e indicator as at checkout (state-registration: 1 contribuinte with IE, 2 isento, 9 não
// contribuinte). What is stored: the CNPJ's 14 characters, the IE's digits only with indicator 1.
import { z } from 'zod';
import './zod-pt-br';
import { CREDIT_TERMS, type CreditTerm } from '../companies';
import { parseDecimal } from '../decimal';
import type { IeIndicator } from '../fiscal-codes';
import { isValidCnpj, normalizeTaxId, TAX_ID_MAX } from '../tax-id';
import { IE_MESSAGES, ieIndicatorField, stateRegistrationDigits, stateRegistrationField, stateRegistrationProblem } from './state-registration';

export const COMPANY_LIMITS = { legalName: 120, tradeName: 120, email: 200, note: 500 } as const;

export const COMPANY_FORM_MESSAGES = {
  cnpj: 'Informe um CNPJ válido (numérico ou alfanumérico).',
  legalName: 'Informe a razão social (de 2 a 120 caracteres).',
  tradeName: `O nome fantasia pode ter no máximo ${COMPANY_LIMITS.tradeName} caracteres.`,
  email: 'Informe um e-mail válido.',
  creditLimit: 'Informe o limite de crédito, como 5.000,00.',
  creditLimitPositive: 'O limite de crédito tem de ser maior que zero.',
  term: 'Escolha o prazo: 14, 21 ou 28 dias.',
  note: 'Diga ao cliente o motivo da recusa.',
  noteLong: `A observação pode ter no máximo ${COMPANY_LIMITS.note} caracteres.`,
  decision: 'Escolha aprovar ou recusar.',
} as const;

const legalName = z
  .string(COMPANY_FORM_MESSAGES.legalName)
  .max(400, { error: COMPANY_FORM_MESSAGES.legalName, abort: true })
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(2, COMPANY_FORM_MESSAGES.legalName).max(COMPANY_LIMITS.legalName, COMPANY_FORM_MESSAGES.legalName));

const tradeName = z
  .string()
  .max(400, { error: COMPANY_FORM_MESSAGES.tradeName, abort: true })
  .optional()
  .transform((v) => (v ?? '').trim().replace(/\s+/g, ' '))
  .pipe(z.string().max(COMPANY_LIMITS.tradeName, COMPANY_FORM_MESSAGES.tradeName));

/** The IE fields of a company (always a CNPJ): a choice, and the IE with choice 1. */
const ieFields = {
  ieIndicator: ieIndicatorField,
  stateRegistration: stateRegistrationField,
};

type IeRaw = { ieIndicator?: IeIndicator | undefined; stateRegistration?: string | undefined };

function checkIe(value: IeRaw, ctx: z.RefinementCtx) {
  if (value.ieIndicator === undefined) {
    ctx.addIssue({ code: 'custom', path: ['ieIndicator'], message: IE_MESSAGES.indicator });
    return;
  }
  if (value.ieIndicator !== 1) return;
  const problem = stateRegistrationProblem(value.stateRegistration ?? '');
  if (problem) ctx.addIssue({ code: 'custom', path: ['stateRegistration'], message: problem });
}

/** What is stored of the IE fields once checked. */
export function companyIeOf(value: IeRaw): { ieIndicator: IeIndicator; stateRegistration: string | null } {
  const indicator = value.ieIndicator ?? 9;
  return { ieIndicator: indicator, stateRegistration: indicator === 1 ? stateRegistrationDigits(value.stateRegistration ?? '') : null };
}

export const companyTaxIdField = z
  .string(COMPANY_FORM_MESSAGES.cnpj)
  .max(TAX_ID_MAX, { error: COMPANY_FORM_MESSAGES.cnpj, abort: true })
  .refine(isValidCnpj, COMPANY_FORM_MESSAGES.cnpj)
  .transform(normalizeTaxId);

/** "Cadastrar empresa": the registrant becomes its owner. */
export const companyRegistrationSchema = z
  .object({ taxId: companyTaxIdField, legalName, tradeName, ...ieFields })
  .superRefine(checkIe)
  .transform(({ ieIndicator, stateRegistration, ...rest }) => ({ ...rest, ...companyIeOf({ ieIndicator, stateRegistration }) }));
export type CompanyRegistration = z.output<typeof companyRegistrationSchema>;

/** The owner's edit: everything but the CNPJ (one CNPJ is one company), against the version read. */
export const companyEditSchema = z
  .object({ legalName, tradeName, ...ieFields, version: z.coerce.number().int().min(0) })
  .superRefine(checkIe)
  .transform(({ ieIndicator, stateRegistration, ...rest }) => ({ ...rest, ...companyIeOf({ ieIndicator, stateRegistration }) }));
export type CompanyEdit = z.output<typeof companyEditSchema>;

/** "Convidar comprador": an e-mail, kept in lower case. */
export const companyInvitationSchema = z.object({
  email: z
    .string(COMPANY_FORM_MESSAGES.email)
    .trim()
    .max(COMPANY_LIMITS.email, COMPANY_FORM_MESSAGES.email)
    .pipe(z.email(COMPANY_FORM_MESSAGES.email))
    .transform((v) => v.toLowerCase()),
});

/** The admin's decision on invoiced payment: approve with a limit and a term, or refuse with a note. */
export const creditDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'refuse'], COMPANY_FORM_MESSAGES.decision),
    creditLimit: z.string().max(30, { error: COMPANY_FORM_MESSAGES.creditLimit, abort: true }).optional(),
    creditTermDays: z.coerce.number().optional(),
    note: z.string().max(2000, { error: COMPANY_FORM_MESSAGES.noteLong, abort: true }).optional(),
    version: z.coerce.number().int().min(0),
  })
  .transform((v, ctx) => {
    const note = (v.note ?? '').trim();
    if (note.length > COMPANY_LIMITS.note) ctx.addIssue({ code: 'custom', path: ['note'], message: COMPANY_FORM_MESSAGES.noteLong });
    if (v.decision === 'refuse') {
      if (note === '') ctx.addIssue({ code: 'custom', path: ['note'], message: COMPANY_FORM_MESSAGES.note });
      return { decision: 'refuse' as const, note, version: v.version };
    }
    const parsed = parseDecimal(v.creditLimit ?? '', 2);
    let creditLimit = '0.00';
    if (parsed === null || parsed.replace('.', '').replace('-', '').length > 12) ctx.addIssue({ code: 'custom', path: ['creditLimit'], message: COMPANY_FORM_MESSAGES.creditLimit });
    else if (parsed.startsWith('-') || Number(parsed) <= 0) ctx.addIssue({ code: 'custom', path: ['creditLimit'], message: COMPANY_FORM_MESSAGES.creditLimitPositive });
    else creditLimit = parsed;
    if (!(CREDIT_TERMS as readonly number[]).includes(v.creditTermDays ?? NaN)) ctx.addIssue({ code: 'custom', path: ['creditTermDays'], message: COMPANY_FORM_MESSAGES.term });
    return { decision: 'approve' as const, creditLimit, creditTermDays: v.creditTermDays as CreditTerm, note: note || null, version: v.version };
  });
export type CreditDecision = z.output<typeof creditDecisionSchema>;
