// POST /avise-me (issue 36): the sold-out size and, for a visitor, the e-mail to warn. A signed-in
// customer's e-mail is their account's; what the form sends is then ignored.
import { z } from 'zod';
import './zod-pt-br';
import { EMAIL_MAX_LENGTH, EMAIL_TOO_LONG } from './limits';
import type { StockAlertStatus } from '../stock-alerts';

export const stockAlertSchema = z.object({
  variantId: z.uuid('Escolha um tamanho.'),
  // Blank is "not given" (a signed-in customer's form has no field); the route asks a visitor for it.
  email: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .max(EMAIL_MAX_LENGTH, { error: EMAIL_TOO_LONG, abort: true })
      .pipe(z.email('Informe um e-mail válido.'))
      .transform((v) => v.toLowerCase())
      .optional(),
  ),
});

export const VISITOR_EMAIL_REQUIRED = 'Informe seu e-mail para receber o aviso.';

export type StockAlertAnswer = { status: StockAlertStatus; message: string } | { status: 'invalid'; message: string };
