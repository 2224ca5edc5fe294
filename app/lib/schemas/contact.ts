// The /contato form: one schema for the page (before
// sending) and the action. Limits match the CHECK on contact_messages.
import { z } from 'zod';
import './zod-pt-br';

export const CONTACT_LIMITS = { name: 120, email: 254, subject: 200, message: 5000 } as const;

/** Required text: trimmed, NUL-free (PostgreSQL refuses it), at most `max` characters. */
const requiredText = (missing: string, max: number, tooLong: string) =>
  z
    .string({ error: missing })
    // eslint-disable-next-line no-control-regex
    .transform((s) => s.replace(/\u0000/g, '').trim())
    .pipe(z.string().min(1, missing).max(max, tooLong));

export const contactSchema = z.object({
  name: requiredText('Informe seu nome.', CONTACT_LIMITS.name, `O nome deve ter no máximo ${CONTACT_LIMITS.name} caracteres.`),
  email: z
    .string({ error: 'Informe seu e-mail.' })
    .trim()
    .min(1, 'Informe seu e-mail.')
    .max(CONTACT_LIMITS.email, 'Informe um e-mail válido.')
    .pipe(z.email('Informe um e-mail válido.')),
  subject: requiredText('Informe o assunto.', CONTACT_LIMITS.subject, `O assunto deve ter no máximo ${CONTACT_LIMITS.subject} caracteres.`),
  message: requiredText(
    'Escreva sua mensagem.',
    CONTACT_LIMITS.message,
    `A mensagem deve ter no máximo ${CONTACT_LIMITS.message} caracteres.`,
  ),
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ContactField = keyof ContactInput;
export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'subject', 'message'];
