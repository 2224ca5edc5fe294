// /descadastrar?t=…: the signed token of an unsubscribe link (its signature is checked by the server).
import { z } from 'zod';
import './zod-pt-br';

export const INVALID_UNSUBSCRIBE_LINK = 'Este link de descadastro não é válido. Confira se o endereço foi copiado inteiro.';

export const unsubscribeQuerySchema = z.object({
  t: z.string({ error: INVALID_UNSUBSCRIBE_LINK }).min(1, INVALID_UNSUBSCRIBE_LINK).max(300, INVALID_UNSUBSCRIBE_LINK),
});

