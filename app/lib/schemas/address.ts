// The address form, used by /area-cliente/enderecos and its action (and the checkout's new address).
import { z } from 'zod';
import './zod-pt-br';
import { cepMatchesState, isValidCep, normalizeCep } from '../cep';
import { isUf, UFS } from '../states';

export const ADDRESS_LIMITS = { name: 60, street: 200, number: 20, complement: 100, neighborhood: 100, city: 100 } as const;

function required(message: string, max: number, tooLong: string) {
  return z.string({ error: message }).trim().min(1, message).max(max, tooLong);
}

const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean());

/** '00000-000' with room for stray spaces; longer is refused unread. */
const ZIP_CODE_MAX = 20;

export const CEP_FORMAT_MESSAGE = 'Informe um CEP válido no formato 00000-000.';

export const addressSchema = z
  .object({
    name: required('Informe um nome para o endereço.', ADDRESS_LIMITS.name, `Use no máximo ${ADDRESS_LIMITS.name} caracteres.`),
    zipCode: z
      .string({ error: 'Informe o CEP.' })
      .trim()
      .min(1, 'Informe o CEP.')
      .max(ZIP_CODE_MAX, { error: CEP_FORMAT_MESSAGE, abort: true })
      .refine(isValidCep, CEP_FORMAT_MESSAGE)
      .transform(normalizeCep),
    street: required('Informe a rua.', ADDRESS_LIMITS.street, `Use no máximo ${ADDRESS_LIMITS.street} caracteres.`),
    number: required('Informe o número.', ADDRESS_LIMITS.number, `Use no máximo ${ADDRESS_LIMITS.number} caracteres.`),
    complement: z
      .string()
      .trim()
      .max(ADDRESS_LIMITS.complement, `Use no máximo ${ADDRESS_LIMITS.complement} caracteres.`)
      .optional()
      .transform((v) => (v ? v : null)),
    neighborhood: required('Informe o bairro.', ADDRESS_LIMITS.neighborhood, `Use no máximo ${ADDRESS_LIMITS.neighborhood} caracteres.`),
    city: required('Informe a cidade.', ADDRESS_LIMITS.city, `Use no máximo ${ADDRESS_LIMITS.city} caracteres.`),
    state: z.enum(UFS, { error: 'Selecione o estado.' }),
    isDefault: checkbox,
  })
  // Runs even when another field is missing, so every message shows at once;
  // it only speaks when the CEP and the UF are each valid on their own.
  .refine(
    (v) => {
      const zip = v.zipCode as unknown;
      const state = v.state as unknown;
      if (typeof zip !== 'string' || typeof state !== 'string' || !isValidCep(zip) || !isUf(state)) return true;
      return cepMatchesState(zip, state);
    },
    {
      path: ['zipCode'],
      when: () => true,
      error: (issue) => `Este CEP não pertence a ${String((issue.input as { state?: unknown }).state)}.`,
    },
  );

export type AddressInput = z.infer<typeof addressSchema>;

/** The id of an address to edit or delete, as posted. */
export const addressIdSchema = z.uuid();
