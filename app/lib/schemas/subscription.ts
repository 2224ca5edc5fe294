// The customer's own subscription actions (SPEC §2 assinaturas tab).
import { z } from 'zod';
import './zod-pt-br';

const subscriptionId = z.uuid('Assinatura inválida.');

export const subscriptionActionSchema = z.discriminatedUnion(
  'intent',
  [
  z.object({
    intent: z.literal('change-plan'),
    subscriptionId,
    frequency: z.enum(['monthly', 'semiannual', 'annual'], 'Escolha um plano.'),
  }),
  z.object({ intent: z.literal('cancel'), subscriptionId }),
  ],
  { error: 'Ação inválida. Recarregue a página e tente novamente.' },
);

export type SubscriptionAction = z.infer<typeof subscriptionActionSchema>;
