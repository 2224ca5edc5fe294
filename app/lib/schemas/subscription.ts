// The customer's own subscription and programmed-delivery actions (the assinaturas tab):
// what /area-cliente/assinaturas posts, one branch per `intent`. The page builds its forms from the
// constants below; the action parses with the union.
import { z } from 'zod';
import './zod-pt-br';
import { PAYMENT_METHOD_IDS } from '../payment-offer';
import { DELIVERY_MONTHS, DELIVERY_MONTHS_PHRASE, PLAN_FREQUENCIES, type DeliveryMonths } from '../plans';

export const SUBSCRIPTION_ACTION_MESSAGES = {
  intent: 'Ação inválida. Recarregue a página e tente novamente.',
  subscription: 'Assinatura inválida. Recarregue a página e tente novamente.',
  delivery: 'Entrega programada inválida. Recarregue a página e tente novamente.',
  order: 'Pedido inválido. Recarregue a página e tente novamente.',
  plan: 'Escolha um plano.',
  paymentMethod: 'Escolha a forma de pagamento: Pix, cartão de crédito ou boleto.',
  installments: 'Escolha de 1 a 12 parcelas.',
  months: `Escolha a frequência: a cada ${DELIVERY_MONTHS_PHRASE} meses.`,
  attempt: 'Tentativa inválida. Recarregue a página e tente novamente.',
} as const;

const M = SUBSCRIPTION_ACTION_MESSAGES;


const subscriptionId = z.uuid(M.subscription);
const deliveryId = z.uuid(M.delivery);
const orderId = z.uuid(M.order);
const paymentMethod = z.enum(PAYMENT_METHOD_IDS, M.paymentMethod);
/** '1'…'12' exactly (no '01', ' 1', '1e1', '0x1'); absent means 1. */
const installments = z
  .string(M.installments)
  .regex(/^(?:[1-9]|1[0-2])$/, M.installments)
  .transform(Number)
  .default(1);
const months = z.literal(DELIVERY_MONTHS.map(String), M.months).transform((v) => Number(v) as DeliveryMonths);

const onSubscription = <T extends string>(intent: T) => z.object({ intent: z.literal(intent), subscriptionId });
const onDelivery = <T extends string>(intent: T) => z.object({ intent: z.literal(intent), deliveryId });

export const subscriptionActionSchema = z.discriminatedUnion(
  'intent',
  [
    onSubscription('pause'),
    onSubscription('resume'),
    onSubscription('skip'),
    onSubscription('cancel'),
    // A plan change charges now: the dialog's key makes a double submit one change; the amount it showed is checked.
    z.object({
      intent: z.literal('change-plan'),
      subscriptionId,
      frequency: z.enum(PLAN_FREQUENCIES, M.plan),
      idempotencyKey: z.uuid(M.attempt),
      expectedChargeCents: z
        .string(M.attempt)
        .regex(/^(?:0|[1-9]\d{0,8})$/, M.attempt)
        .transform(Number)
        .optional(),
    }),
    z.object({ intent: z.literal('change-payment'), subscriptionId, paymentMethod, installments }),
    // The subscription's unpaid order (a renewal, or the purchase itself), paid now the chosen way.
    z.object({ intent: z.literal('pay-now'), orderId, paymentMethod }),
    onDelivery('delivery-skip'),
    onDelivery('delivery-pause'),
    onDelivery('delivery-resume'),
    onDelivery('delivery-cancel'),
    z.object({ intent: z.literal('delivery-frequency'), deliveryId, months }),
  ],
  { error: M.intent },
);

export type SubscriptionAction = z.output<typeof subscriptionActionSchema>;
export type SubscriptionIntent = SubscriptionAction['intent'];
export const SUBSCRIPTION_INTENTS = subscriptionActionSchema.options.map((o) => o.shape.intent.value) as readonly SubscriptionIntent[];
