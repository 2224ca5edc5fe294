// The buyer's Inscrição Estadual (issue 34), asked at checkout and on Meus Dados when the CPF/CNPJ is a
// CNPJ: an ICMS taxpayer with its IE (indIEDest 1), a taxpayer exempt from it (2), or no taxpayer (9).
// The IE is kept as digits only (the CHECK on user.state_registration and orders.buyer_state_registration).
import { z } from 'zod';
import './zod-pt-br';
import { IE_INDICATORS, type IeIndicator } from '../fiscal-codes';
import { taxIdKind } from '../tax-id';

export const STATE_REGISTRATION_MAX_TYPED = 30;

export const IE_MESSAGES = {
  indicator: 'Informe a situação do CNPJ quanto à Inscrição Estadual.',
  required: 'Informe a Inscrição Estadual.',
  length: 'A Inscrição Estadual tem de 2 a 14 dígitos.',
  characters: 'Use só números na Inscrição Estadual (pontos, traços e barras podem ficar).',
  isento: 'Se o CNPJ é isento de Inscrição Estadual, escolha “Contribuinte isento de IE”.',
} as const;

/** The three choices as the forms show them. */
export const IE_CHOICES: readonly { value: IeIndicator; label: string; hint: string }[] = [
  { value: 1, label: 'Contribuinte do ICMS (informar IE)', hint: 'A empresa tem Inscrição Estadual.' },
  { value: 2, label: 'Contribuinte isento de IE', hint: 'Contribuinte do ICMS dispensado da Inscrição Estadual.' },
  { value: 9, label: 'Não contribuinte', hint: 'A empresa não é contribuinte do ICMS (por exemplo, só presta serviços).' },
];

/** Digits only: the dots, dashes, slashes and spaces a customer types are dropped. */
export function stateRegistrationDigits(value: string): string {
  return value.replace(/[\s./-]/g, '');
}

/** The IE's problem as typed, or null when it is 2 to 14 digits once dots, dashes and slashes go. */
export function stateRegistrationProblem(typed: string): string | null {
  const trimmed = typed.trim();
  if (trimmed === '') return IE_MESSAGES.required;
  if (/^isent[oa]$/i.test(trimmed)) return IE_MESSAGES.isento;
  const digits = stateRegistrationDigits(trimmed);
  if (!/^[0-9]*$/.test(digits)) return IE_MESSAGES.characters;
  if (digits.length < 2 || digits.length > 14) return IE_MESSAGES.length;
  return null;
}

/** The posted choice ('1', '2', '9'); anything else, or nothing, is no choice. */
export const ieIndicatorField = z
  .union([z.string(), z.number()])
  .transform((v): IeIndicator | undefined => {
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    return (IE_INDICATORS as readonly unknown[]).includes(n) ? (n as IeIndicator) : undefined;
  })
  .optional();

/** The IE as typed (its rule depends on the choice: buyerIeIssues). */
export const stateRegistrationField = z.string().max(STATE_REGISTRATION_MAX_TYPED, { error: IE_MESSAGES.length, abort: true }).optional();

/** What is stored for a buyer: both null for a CPF; for a CNPJ the choice, and the IE's digits only with choice 1. */
export type BuyerIe = { ieIndicator: IeIndicator | null; stateRegistration: string | null };

/**
 * The problems of the IE fields for this CPF/CNPJ, keyed by field: nothing is asked of a CPF (or
 * of a document not valid yet: its own message is told); a CNPJ needs a choice, and choice 1 an IE.
 */
export function buyerIeIssues(taxId: unknown, indicatorPosted: unknown, stateRegistration: unknown): { path: 'ieIndicator' | 'stateRegistration'; message: string }[] {
  if (typeof taxId !== 'string' || taxIdKind(taxId) !== 'cnpj') return [];
  const indicator = ieIndicatorField.safeParse(indicatorPosted).data;
  if (indicator === undefined) return [{ path: 'ieIndicator', message: IE_MESSAGES.indicator }];
  if (indicator !== 1) return [];
  const problem = stateRegistrationProblem(typeof stateRegistration === 'string' ? stateRegistration : '');
  return problem ? [{ path: 'stateRegistration', message: problem }] : [];
}

/** What to store once the fields passed buyerIeIssues. A CNPJ without a choice (a caller that is no form) stores nothing. */
export function buyerIeOf(taxId: string | null, indicator: IeIndicator | undefined, stateRegistration: string | undefined): BuyerIe {
  if (!taxId || taxIdKind(taxId) !== 'cnpj' || indicator === undefined) return { ieIndicator: null, stateRegistration: null };
  if (indicator !== 1) return { ieIndicator: indicator, stateRegistration: null };
  return { ieIndicator: 1, stateRegistration: stateRegistrationDigits(stateRegistration ?? '') };
}
