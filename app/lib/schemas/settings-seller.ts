// /admin/settings, "Dados legais do vendedor" (Decreto 7.962/2013 art. 2, I–II): razão social, CNPJ
// (numeric or alphanumeric), Inscrição Estadual or "Isento", the full address with the same CEP checks
// as a customer's, and how many days the store takes at most to answer. Posted as `seller.legalName`…
// and read into the stored shape (lib/seller.ts): CNPJ as 14 upper-case characters, IE as digits or
// 'ISENTO', CEP as 8 digits.
import { z } from 'zod';
import { cepMatchesState, isValidCep, normalizeCep } from '../cep';
import type { SellerIdentity } from '../seller';
import { isUf, UFS } from '../states';
import { isValidCnpj, normalizeTaxId, TAX_ID_MAX } from '../tax-id';
import { ADDRESS_LIMITS, CEP_FORMAT_MESSAGE } from './address';
import './zod-pt-br';

export const SELLER_LIMITS = { legalName: 150, tradeName: 100, stateRegistration: 20 } as const;

/** The decree: an answer within 5 days; the admin may promise less. */
export const ANSWER_DAYS = [1, 2, 3, 4, 5] as const;

export const CNPJ_INVALID = 'Informe um CNPJ válido, como 11.222.333/0001-81 (numérico ou alfanumérico).';
export const STATE_REGISTRATION_MISSING = 'Informe a inscrição estadual ou marque “Isento”.';
export const STATE_REGISTRATION_INVALID = 'Informe a inscrição estadual só com números (até 14), ou marque “Isento”.';
const ANSWER_DAYS_INVALID = 'Escolha um prazo de resposta de 1 a 5 dias.';

/** NUL-free (PostgreSQL refuses it) and trimmed. */
// eslint-disable-next-line no-control-regex
const clean = (s: string) => s.replace(/\u0000/g, '').trim();

const required = (missing: string, max: number) =>
  z
    .string({ error: missing })
    .transform(clean)
    .pipe(z.string().min(1, missing).max(max, `Use no máximo ${max} caracteres.`));

const optional = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => clean(v ?? ''))
    .pipe(z.string().max(max, `Use no máximo ${max} caracteres.`));

/** Digits with the usual dots, hyphens or slashes taken off, or 'ISENTO' (typed, or the box ticked). */
const stateRegistration = z
  .string({ error: STATE_REGISTRATION_MISSING })
  .transform(clean)
  .pipe(z.string().min(1, { message: STATE_REGISTRATION_MISSING, abort: true }).max(SELLER_LIMITS.stateRegistration, { message: STATE_REGISTRATION_INVALID, abort: true }))
  .transform((v) => (/^isento$/i.test(v) ? 'ISENTO' : v.replace(/[\s./-]/g, '')))
  .refine((v) => v === 'ISENTO' || /^\d{2,14}$/.test(v), STATE_REGISTRATION_INVALID);

const fields = z.object({
  legalName: required('Informe a razão social.', SELLER_LIMITS.legalName),
  tradeName: optional(SELLER_LIMITS.tradeName),
  cnpj: z
    .string({ error: 'Informe o CNPJ.' })
    .trim()
    .min(1, { message: 'Informe o CNPJ.', abort: true })
    .max(TAX_ID_MAX, { message: CNPJ_INVALID, abort: true })
    .refine(isValidCnpj, CNPJ_INVALID)
    .transform(normalizeTaxId),
  stateRegistration,
  addressZipCode: z
    .string({ error: 'Informe o CEP.' })
    .trim()
    .min(1, { message: 'Informe o CEP.', abort: true })
    .max(20, { message: CEP_FORMAT_MESSAGE, abort: true })
    .refine(isValidCep, CEP_FORMAT_MESSAGE)
    .transform(normalizeCep),
  addressStreet: required('Informe a rua.', ADDRESS_LIMITS.street),
  addressNumber: required('Informe o número.', ADDRESS_LIMITS.number),
  addressComplement: optional(ADDRESS_LIMITS.complement),
  addressNeighborhood: required('Informe o bairro.', ADDRESS_LIMITS.neighborhood),
  addressCity: required('Informe a cidade.', ADDRESS_LIMITS.city),
  addressState: z.enum(UFS, { error: 'Selecione o estado.' }),
  answerDays: z
    .string({ error: ANSWER_DAYS_INVALID })
    .regex(/^[1-5]$/, ANSWER_DAYS_INVALID)
    .transform(Number),
});

export const sellerSchema = z
  // "Isento" is a checkbox beside the IE field: ticked, it is what the field holds.
  .preprocess((raw) => {
    if (!raw || typeof raw !== 'object') return raw;
    const { stateRegistrationExempt, ...rest } = raw as Record<string, unknown>;
    return stateRegistrationExempt === 'on' || stateRegistrationExempt === 'true' ? { ...rest, stateRegistration: 'ISENTO' } : rest;
  }, fields)
  // As for a customer's address: runs even when another field is missing, so every message shows
  // at once, and speaks only when the CEP and the UF are each valid on their own.
  .refine(
    (v) => {
      const zip = v.addressZipCode as unknown;
      const state = v.addressState as unknown;
      if (typeof zip !== 'string' || typeof state !== 'string' || !isValidCep(zip) || !isUf(state)) return true;
      return cepMatchesState(zip, state);
    },
    {
      path: ['addressZipCode'],
      when: () => true,
      error: (issue) => `Este CEP não pertence a ${String((issue.input as { addressState?: unknown }).addressState)}.`,
    },
  )
  .transform((v): SellerIdentity => v);

export type SellerInput = z.infer<typeof sellerSchema>;
