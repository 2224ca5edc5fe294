import { SUBSCRIBER_DISCOUNT_PERCENT } from '../../../lib/discounts';
import { DELIVERY_MONTHS_PHRASE } from '../../../lib/plans';
import type { SeedPlanConfig } from '../types';

// Aligned with the launch prices (lib/plans INITIAL_PLAN_OPTIONS): monthly R$ 49,90, semiannual R$ 249,50 (5% off),
// annual R$ 538,90 (10% off); subscribers get 10% off single purchases and
// choose a delivery frequency of 1, 2 or 3 months at checkout. The prices the
// store charges are plan_options rows (migration 0008, then the admin's editor);
// the texts below only describe them.
export const planConfig: SeedPlanConfig = {
  planName: 'Assinatura Inteligente',
  headline: `Economize ${SUBSCRIBER_DISCOUNT_PERCENT}% em todas as compras e nunca mais fique sem produto de limpeza`,
  description:
    `Com a Assinatura Inteligente você ganha ${SUBSCRIBER_DISCOUNT_PERCENT}% de desconto em todas as compras avulsas da loja, escolhe receber seus produtos a cada ${DELIVERY_MONTHS_PHRASE} meses e conta com atendimento prioritário. O plano mensal custa R$ 49,90; nos planos semestral e anual a economia é ainda maior. Ideal para casas, escritórios, condomínios, clínicas e pequenos negócios que não podem ficar sem produto de limpeza. Sem fidelidade: cancele quando quiser, direto na Área do Cliente.`,
  image: 'assinatura.svg',
  benefits: [
    { text: `${SUBSCRIBER_DISCOUNT_PERCENT}% de desconto em todas as compras avulsas`, icon: 'Percent' },
    { text: `Entregas a cada ${DELIVERY_MONTHS_PHRASE} meses, no ritmo do seu consumo`, icon: 'CalendarClock' },
    { text: 'Frete grátis para todo o Brasil', icon: 'Truck' },
    { text: 'Planos semestral e anual com até 10% de economia na mensalidade', icon: 'Sparkles' },
    { text: 'Atendimento prioritário com especialistas em limpeza', icon: 'Headphones' },
    { text: 'Sem fidelidade: cancele ou troque de plano quando quiser', icon: 'ShieldCheck' },
  ],
  howItWorksSteps: [
    {
      title: 'Escolha seu plano',
      description:
        'Mensal por R$ 49,90, semestral por R$ 249,50 (economize 5%) ou anual por R$ 538,90 (economize 10%). Todos dão os mesmos benefícios.',
    },
    {
      title: 'Finalize a assinatura',
      description:
        'Entre na sua conta, confirme o plano no checkout e pague com {formas-de-pagamento}. A assinatura começa quando o pagamento é confirmado.',
    },
    {
      title: `Compre com ${SUBSCRIBER_DISCOUNT_PERCENT}% de desconto`,
      description:
        `Enquanto a assinatura estiver ativa, o desconto de ${SUBSCRIBER_DISCOUNT_PERCENT}% é aplicado automaticamente no carrinho em todas as compras avulsas de produtos e kits.`,
    },
    {
      title: 'Receba no seu ritmo',
      description:
        `No checkout, escolha receber a cada ${DELIVERY_MONTHS_PHRASE} meses. Acompanhe pedidos, troque de plano ou cancele a qualquer momento na Área do Cliente.`,
    },
  ],
};
