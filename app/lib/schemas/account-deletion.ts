// "Excluir minha conta" (Meus Dados, LGPD art. 18 VI): the password typed again and the word
// EXCLUIR. The same schema checks the form in the browser and in the action.
import { z } from 'zod';
import './zod-pt-br';
import { ERASE_CONFIRMATION_WORD } from '../privacy';
import { PASSWORD_MAX_LENGTH } from './auth';

export const accountDeletionSchema = z.object({
  password: z
    .string({ error: 'Informe sua senha.' })
    .min(1, 'Informe sua senha.')
    .max(PASSWORD_MAX_LENGTH, `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`),
  confirmation: z
    .string({ error: `Digite ${ERASE_CONFIRMATION_WORD} para confirmar.` })
    .trim()
    .toUpperCase()
    .refine((v) => v === ERASE_CONFIRMATION_WORD, `Digite ${ERASE_CONFIRMATION_WORD} para confirmar.`),
});

export type AccountDeletionInput = z.infer<typeof accountDeletionSchema>;
