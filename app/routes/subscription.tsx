import { useEffect, useState } from 'react';
import { data, Link, useNavigate } from 'react-router';
import { PlanIcon } from '~/components/plan-icon';
import { Button, buttonVariants } from '~/components/ui/button';
import { toast } from '~/components/ui/toaster';
import { cartStore } from '~/lib/cart-store';
import { cn } from '~/lib/cn';
import { formatPrice } from '~/lib/money';
import { SUBSCRIBER_DISCOUNT_PERCENT } from '~/lib/discounts';
import { DEFAULT_PLAN, PLAN_NAME, type PlanOption, type SubscriptionFrequency } from '~/lib/plans';
import { useRootData } from '~/lib/root-data';
import { originFromMatches, seo } from '~/lib/seo';
import { getDb } from '~/server/infra/db.server';
import { withAcceptedMethods } from '~/lib/payment-offer';
import { paymentOfferFor } from '~/server/payments/provider.server';
import { getActivePlanConfig, listPlanOptions, type PlanConfig } from '~/server/subscriptions/plans.server';
import type { Route } from './+types/subscription';
import { log } from '~/server/infra/log.server';
import { PRIVATE_CACHE_CONTROL } from '~/lib/cache-control';

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seo({
    title: PLAN_NAME,
    description: data?.config?.headline ?? `Assine e ganhe ${SUBSCRIBER_DISCOUNT_PERCENT}% de desconto em todas as compras avulsas, com entregas no ritmo do seu consumo.`,
    path: '/assinatura',
    origin: originFromMatches(matches),
    image: data?.config?.imageUrl ?? '/images/assinatura.svg',
  });

export async function loader() {
  try {
    const db = await getDb();
    // Prices and highlights come from plan_options (the admin's editor), never from code.
    const [stored, options] = await Promise.all([getActivePlanConfig(db), listPlanOptions(db)]);
    // The texts name the payment methods the store offers now, not a fixed list.
    const offer = paymentOfferFor();
    const config = stored && {
      ...stored,
      description: withAcceptedMethods(stored.description, offer),
      howItWorksSteps: stored.howItWorksSteps.map((s) => ({ ...s, description: withAcceptedMethods(s.description, offer) })),
    };
    return { config, options, failed: false };
  } catch (error) {
    log.error('assinatura: falha ao carregar o plano', error);
    // A failure shown with a 200: never kept by a shared cache (lib/cache-control.ts).
    return data({ config: null as PlanConfig | null, options: [] as PlanOption[], failed: true }, { headers: { 'Cache-Control': PRIVATE_CACHE_CONTROL } });
  }
}

/** The loader's Cache-Control (its failure) reaches the page and its .data. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function Subscription({ loaderData }: Route.ComponentProps) {
  const { config, options, failed } = loaderData;
  const root = useRootData();
  const navigate = useNavigate();
  const [frequency, setFrequency] = useState<SubscriptionFrequency>(DEFAULT_PLAN);

  useEffect(() => {
    if (failed) {
      toast({ title: 'Erro ao carregar plano', description: 'Não foi possível carregar as informações da assinatura. Tente novamente.', variant: 'destructive' });
    }
  }, [failed]);

  if (!config || options.length === 0) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">Ops!</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          {failed ? 'Não foi possível carregar as informações da assinatura. Tente novamente.' : 'Nenhum plano de assinatura ativo no momento. Volte em breve!'}
        </p>
        <Link to="/produtos" className={cn(buttonVariants({ variant: 'outline' }), 'mt-6')}>
          Ver produtos
        </Link>
      </div>
    );
  }

  function subscribe() {
    if (!root?.user) {
      toast({ title: 'Login Necessário', description: 'Por favor, faça login para assinar o plano.', variant: 'destructive' });
      void navigate('/login?redirectTo=%2Fassinatura');
      return;
    }
    const plan = options.find((p) => p.frequency === frequency);
    if (!plan) return;
    // The checkout reprices from plan_options; this is what the cart shows meanwhile.
    cartStore.setSubscription({
      id: `plan:${plan.frequency}`,
      product_id: `plan:${plan.frequency}`,
      name: `${PLAN_NAME} — ${plan.name}`,
      price: plan.price,
      quantity: 1,
      size: plan.name,
      image_url: '/images/assinatura.svg',
      is_subscription: true,
      frequency: plan.frequency,
    });
    void navigate('/checkout');
  }

  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-14 md:grid-cols-2">
          <div>
            <p className="text-sm font-bold tracking-wide text-brand-700 uppercase dark:text-brand-200">{config.planName}</p>
            <h1 className="mt-2 text-3xl font-extrabold tracking-tight md:text-5xl">{config.headline}</h1>
            <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{config.description}</p>
          </div>
          {config.imageUrl ? <img src={config.imageUrl} alt="" width={480} height={480} className="mx-auto w-full max-w-sm" /> : null}
        </div>
      </section>

      <section aria-labelledby="beneficios-plano" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="beneficios-plano" className="text-2xl font-bold">
          Benefícios
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {config.benefits.map((b) => (
            <li key={b.text} className="flex items-start gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <PlanIcon name={b.icon} className="mt-0.5 h-6 w-6 shrink-0 text-brand-700 dark:text-brand-200" />
              <span>{b.text}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="como-funciona" className="bg-slate-50 dark:bg-slate-900">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="como-funciona" className="text-2xl font-bold">
            Como funciona
          </h2>
          <ol className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-4">
            {config.howItWorksSteps.map((s, i) => (
              <li key={s.title} className="rounded-xl bg-white p-5 dark:bg-slate-950">
                <span className="grid h-8 w-8 place-items-center rounded-full bg-brand-700 font-bold text-white">{i + 1}</span>
                <h3 className="mt-3 font-semibold">{s.title}</h3>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{s.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="planos" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="planos" className="text-2xl font-bold">
          Escolha seu plano
        </h2>
        <fieldset className="mt-6 grid gap-4 md:grid-cols-3">
          <legend className="sr-only">Plano</legend>
          {options.map((plan) => (
            <label
              key={plan.frequency}
              className="relative flex cursor-pointer flex-col gap-2 rounded-xl border-2 border-slate-200 p-5 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 dark:border-slate-700 dark:has-[:checked]:bg-slate-800"
            >
              <input type="radio" name="plano" value={plan.frequency} checked={frequency === plan.frequency} onChange={() => setFrequency(plan.frequency)} className="sr-only" />
              {plan.highlight ? (
                <span className="w-fit rounded-full bg-accent-500 px-2 py-0.5 text-xs font-bold text-slate-950">{plan.highlight}</span>
              ) : null}
              <span className="text-lg font-bold">{plan.name}</span>
              <span className="text-2xl font-extrabold">{formatPrice(plan.price)}</span>
              <span className="text-sm text-slate-600 dark:text-slate-400">
                {plan.months === 1 ? 'cobrado todo mês' : `a cada ${plan.months} meses`}
              </span>
            </label>
          ))}
        </fieldset>
        <div className="mt-6">
          {root?.hasSubscription ? (
            <Link to="/area-cliente/assinaturas" className={buttonVariants({ size: 'lg' })}>
              Ver minha assinatura
            </Link>
          ) : (
            <Button size="lg" onClick={subscribe}>
              Assinar agora
            </Button>
          )}
        </div>
      </section>
    </>
  );
}
