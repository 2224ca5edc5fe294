// The admin's subscriber actions on /admin/subscriptions: assign by e-mail, remove by id, and the list's page number.
import { z } from 'zod';
import './zod-pt-br';
import { EMAIL_MAX_LENGTH } from './limits';

export { EMAIL_MAX_LENGTH };

export const assignSubscriptionSchema = z.object({
  email: z
    .string({ error: 'Informe o e-mail do usuário.' })
    .trim()
    .toLowerCase()
    .min(1, 'Informe o e-mail do usuário.')
    .max(EMAIL_MAX_LENGTH, 'E-mail muito longo.')
    .pipe(z.email('Informe um e-mail válido.')),
});

export type AssignSubscriptionInput = z.infer<typeof assignSubscriptionSchema>;

export const removeSubscriptionSchema = z.object({
  subscriptionId: z.uuid('Assinatura não encontrada.'),
});

/** Subscribers shown per page of the list. */
export const SUBSCRIBERS_PAGE_SIZE = 50;

/** `?pagina=` → a page number from 1; anything else is the first page (the list clamps the last). */
export const subscriberPageSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : 1),
  z.number().int().min(1).catch(1),
);

/** The subscription's id in /admin/subscriptions/:id: anything but a uuid is a 404. */
export const subscriptionIdSchema = z.uuid('Assinatura não encontrada.');

/** What the admin may do on /admin/subscriptions/:id (each behind a confirmation). */
export const ADMIN_SUBSCRIPTION_INTENTS = ['pause', 'resume'] as const;
export type AdminSubscriptionIntent = (typeof ADMIN_SUBSCRIPTION_INTENTS)[number];

export const adminSubscriptionActionSchema = z.object({
  intent: z.enum(ADMIN_SUBSCRIPTION_INTENTS, 'Ação inválida. Recarregue a página e tente novamente.'),
});
