import { z } from 'zod';

export const newsletterSchema = z.object({
  email: z
    .string({ error: 'Informe seu e-mail.' })
    .trim()
    .min(1, 'Informe seu e-mail.')
    .pipe(z.email('Informe um e-mail válido.')),
});

export type NewsletterResult =
  | { status: 'subscribed' }
  | { status: 'duplicate' }
  | { status: 'invalid'; message: string }
  | { status: 'error' };
