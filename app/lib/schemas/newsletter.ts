import { z } from 'zod';
import './zod-pt-br';
import { EMAIL_MAX_LENGTH, EMAIL_TOO_LONG } from './limits';

export const newsletterSchema = z.object({
  email: z
    .string({ error: 'Informe seu e-mail.' })
    .trim()
    .min(1, 'Informe seu e-mail.')
    .max(EMAIL_MAX_LENGTH, { error: EMAIL_TOO_LONG, abort: true })
    .pipe(z.email('Informe um e-mail válido.')),
  // Where the form was: anything else counts as the footer (it is only a label for the admin).
  source: z.enum(['footer', 'blog']).catch('footer').default('footer'),
});

export type NewsletterResult =
  | { status: 'subscribed' }
  | { status: 'duplicate' }
  | { status: 'invalid'; message: string }
  | { status: 'error' };
