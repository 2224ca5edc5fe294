// /area-cliente/assinaturas (issue 14): the user's live
// subscription (next charge and amount, pause/resume/skip, plan and payment changes, an unpaid
// renewal paid now, its renewals' orders, cancellation) and their programmed deliveries.
import { useEffect } from 'react';
import { data, Link, redirect, useFetcher } from 'react-router';
import { ProgrammedDeliveries } from '~/components/subscription/programmed-deliveries';
import { SubscriptionCard, type ChangeQuote } from '~/components/subscription/subscription-card';
import type { SubscriptionActionData } from '~/components/subscription/action-dialog';
import { PlanWithdrawal, type PlanWithdrawalData, type PlanWithdrawalOffer } from '~/components/subscription/plan-withdrawal';
import { paymentLabel } from '~/components/subscription/labels';
import { buttonVariants } from '~/components/ui/button';
import { toast } from '~/components/ui/toaster';
import { cn } from '~/lib/cn';
import { formatDateBR } from '~/lib/dates';
import { findPlan, PLAN_NAME, todayInBrazil, type PlanOption } from '~/lib/plans';
import { SUBSCRIPTION_INTENTS, subscriptionActionSchema, type SubscriptionAction, type SubscriptionIntent } from '~/lib/schemas/subscription';
import type { ToastMessage } from '~/lib/toast';
import { requireUser } from '~/server/auth/session.server';
import { changePlan, previewPlanChange } from '~/server/flows/change-plan.server';
import { resumePlan } from '~/server/flows/resume-plan.server';
import { flashToast } from '~/server/infra/cookies.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { log } from '~/server/infra/log.server';
import { paymentOfferFor } from '~/server/payments/provider.server';
import { changeProgrammedDelivery, listOwnProgrammedDeliveries, type ProgrammedDelivery } from '~/server/subscriptions/deliveries.server';
import { listPlanOptions } from '~/server/subscriptions/plans.server';
import { payPendingRenewal } from '~/server/flows/pay-pending.server';
import { cardDeclinesMessage, cardDeclineWait } from '~/server/orders/checkout-limits.server';
import { checkPayRateLimit } from '~/server/infra/rate-limit.server';
import { changeSubscription, listOwnSubscriptions, type OwnSubscription } from '~/server/subscriptions/subscriptions.server';
import { planWithdrawalOffer } from '~/server/flows/withdraw.server';
import type { Route } from './+types/subscriptions';

export const meta: Route.MetaFunction = () => [{ title: 'Assinaturas | Clarear' }, { name: 'robots', content: 'noindex' }];

const LOAD_ERROR = 'Erro ao buscar assinaturas';

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const today = todayInBrazil();
  // The payment dialogs list only what the store charges with now; the action refuses the rest.
  const payment = paymentOfferFor();
  try {
    const db = await getDb();
    const [subscriptions, deliveries, plans] = await Promise.all([listOwnSubscriptions(db, user.id), listOwnProgrammedDeliveries(db, user.id), listPlanOptions(db)]);
    // The confirm step of a plan change shows what each other plan charges today (issue 30).
    const changeQuotes: Record<string, ChangeQuote[]> = {};
    for (const s of subscriptions.filter((s) => s.status === 'active')) {
      const quotes = await Promise.all(plans.filter((p) => p.frequency !== s.frequency).map((p) => previewPlanChange(db, user.id, s.id, p.frequency)));
      changeQuotes[s.id] = quotes.filter((q) => q !== null).map(({ frequency, priceCents, creditCents, chargeCents, creditAfterCents }) => ({ frequency, priceCents, creditCents, chargeCents, creditAfterCents }));
    }
    // "Desistir da assinatura" within 7 days of buying it (issue 32).
    const withdrawals: Record<string, PlanWithdrawalOffer> = {};
    for (const s of subscriptions) {
      const offer = await planWithdrawalOffer(db, s.id, user.id);
      withdrawals[s.id] = { open: offer.open, until: offer.until, pixKeyNeeded: offer.paidWithStorePix };
    }
    return { subscriptions, deliveries, plans, changeQuotes, withdrawals, today, payment, error: null };
  } catch (error) {
    log.error('assinaturas: falha ao buscar', error);
    return {
      subscriptions: [] as OwnSubscription[],
      deliveries: [] as ProgrammedDelivery[],
      plans: [] as PlanOption[],
      changeQuotes: {} as Record<string, ChangeQuote[]>,
      withdrawals: {} as Record<string, PlanWithdrawalOffer>,
      today,
      payment,
      error: LOAD_ERROR,
    };
  }
}

/** The destructive toast's title when an action fails. */
const ERROR_TITLES: Record<SubscriptionIntent, string> = {
  pause: 'Não foi possível pausar a assinatura',
  resume: 'Não foi possível retomar a assinatura',
  skip: 'Não foi possível pular a renovação',
  cancel: 'Erro ao cancelar assinatura',
  'change-plan': 'Erro ao alterar plano',
  'change-payment': 'Não foi possível trocar a forma de pagamento',
  'pay-now': 'Pagamento não concluído',
  'delivery-skip': 'Não foi possível pular a entrega',
  'delivery-pause': 'Não foi possível pausar a entrega programada',
  'delivery-resume': 'Não foi possível retomar a entrega programada',
  'delivery-cancel': 'Não foi possível cancelar a entrega programada',
  'delivery-frequency': 'Não foi possível alterar a frequência',
};

const answer = (intent: SubscriptionIntent | null, toastMessage: ToastMessage, status = 200) =>
  data<SubscriptionActionData>({ ok: status < 400, intent, toast: toastMessage }, status);

const failure = (intent: SubscriptionIntent | null, description: string, status: number) =>
  answer(intent, { title: intent ? ERROR_TITLES[intent] : 'Não foi possível concluir a ação', description, variant: 'destructive' }, status);

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = Object.fromEntries(await readForm(request));
  const parsed = subscriptionActionSchema.safeParse(form);
  if (!parsed.success) {
    const intent = SUBSCRIPTION_INTENTS.find((i) => i === form.intent) ?? null;
    return failure(intent, parsed.error.issues[0]?.message ?? 'Dados inválidos. Recarregue a página e tente novamente.', 400);
  }
  const input = parsed.data;
  if (input.intent === 'pay-now') {
    // Like the checkout's "Pagar Agora": per address and customer, and no card after too many declines.
    const limited = await checkPayRateLimit(request, user.id);
    if (limited) return data<SubscriptionActionData>({ ok: false, intent: input.intent, toast: { title: ERROR_TITLES[input.intent], description: limited.message, variant: 'destructive' } }, limited.init);
    const wait = input.paymentMethod === 'credit_card' ? await cardDeclineWait(await getDb(), user.id) : 0;
    if (wait) return failure(input.intent, cardDeclinesMessage(wait), 429);
  }
  try {
    return await perform(user.id, input);
  } catch (error) {
    log.error(`assinaturas: falha em ${input.intent}`, error);
    return failure(input.intent, 'Tente novamente em instantes.', 500);
  }
}

const date = (isoDay: string) => formatDateBR(isoDay);

async function perform(userId: string, input: SubscriptionAction) {
  const db = await getDb();
  switch (input.intent) {
    case 'change-plan': {
      const result = await changePlan(db, { userId, subscriptionId: input.subscriptionId, frequency: input.frequency, idempotencyKey: input.idempotencyKey, expectedChargeCents: input.expectedChargeCents });
      if (!result.ok) return failure(input.intent, result.message, result.status);
      const name = findPlan(input.frequency)!.name;
      if (result.status === 'applied' || result.status === 'paid') {
        return answer(input.intent, { title: 'Plano alterado com sucesso!', description: `Você agora está no ${name}.` });
      }
      if (result.status === 'unknown') return answer(input.intent, { title: 'Estamos confirmando seu pagamento', description: `O ${name} começa assim que o pagamento for confirmado.` });
      // A Pix or boleto: its code is on the order's page; the current plan stays until it is paid.
      const message: ToastMessage = { title: 'Pagamento gerado', description: `Pague com o código abaixo: o ${name} começa quando o pagamento for confirmado.` };
      return redirect(`/pedido/${result.orderId}`, { headers: { 'set-cookie': await flashToast(message) } });
    }
    case 'pause':
    case 'resume':
    case 'skip':
    case 'cancel':
    case 'change-payment': {
      const change =
        input.intent === 'change-payment'
          ? { action: input.intent, paymentMethod: input.paymentMethod, installments: input.paymentMethod === 'credit_card' ? input.installments : 1 }
          : { action: input.intent };
      const actor = { kind: 'customer' as const, userId };
      const result = change.action === 'resume' ? await resumePlan(db, input.subscriptionId, actor) : await changeSubscription(db, input.subscriptionId, actor, change);
      if (!result.ok) return failure(input.intent, result.message, result.status);
      switch (input.intent) {
        case 'pause':
          return answer(input.intent, { title: 'Assinatura pausada', description: `Sem cobranças até ${date(result.resumeOn!)}, quando ela volta sozinha.` });
        case 'resume':
          // A date that passed during the pause is charged now: the benefits come back with its payment.
          return answer(input.intent, {
            title: 'Assinatura retomada',
            description: !('charged' in result && result.charged)
              ? `Próxima cobrança em ${date(result.nextDeliveryDate)}.`
              : result.charged === 'paid'
                ? 'A renovação foi paga hoje e seus benefícios de assinante voltaram.'
                : 'A renovação foi cobrada hoje; os benefícios de assinante voltam quando ela for paga.',
          });
        case 'skip':
          return answer(input.intent, { title: 'Renovação pulada', description: `A próxima cobrança passa a ser em ${date(result.nextDeliveryDate)}.` });
        case 'cancel':
          return answer(input.intent, { title: 'Assinatura cancelada', description: 'Sua assinatura foi cancelada.' });
        case 'change-payment':
          return answer(input.intent, {
            title: 'Forma de pagamento alterada',
            description: `As próximas renovações serão cobradas assim: ${paymentLabel(input.paymentMethod, input.installments)}.`,
          });
      }
      break;
    }
    case 'pay-now': {
      const result = await payPendingRenewal(db, userId, input.orderId, input.paymentMethod);
      if (!result.ok) return failure(input.intent, result.message, result.status);
      if (result.status === 'paid') return answer(input.intent, { title: 'Pagamento aprovado', description: 'Obrigado! A cobrança em aberto foi paga.' });
      // The gateway's answer is not known yet: nothing is charged again until it is.
      if (result.status === 'confirming') return answer(input.intent, { title: 'Estamos confirmando seu pagamento', description: 'Avisaremos por e-mail assim que o provedor de pagamento responder.' });
      // A Pix or boleto: its code is on the order's page.
      const message: ToastMessage = { title: 'Pagamento gerado', description: 'Pague com o código abaixo para concluir.' };
      return redirect(`/pedido/${input.orderId}`, { headers: { 'set-cookie': await flashToast(message) } });
    }
    case 'delivery-skip':
    case 'delivery-pause':
    case 'delivery-resume':
    case 'delivery-cancel':
    case 'delivery-frequency': {
      const change =
        input.intent === 'delivery-frequency'
          ? { action: 'frequency' as const, months: input.months }
          : { action: input.intent.slice('delivery-'.length) as 'skip' | 'pause' | 'resume' | 'cancel' };
      const result = await changeProgrammedDelivery(db, userId, input.deliveryId, change);
      if (!result.ok) return failure(input.intent, result.message, result.status);
      switch (input.intent) {
        case 'delivery-skip':
          return answer(input.intent, { title: 'Entrega pulada', description: `A próxima entrega passa a ser em ${date(result.nextDate)}.` });
        case 'delivery-pause':
          return answer(input.intent, { title: 'Entrega programada pausada', description: 'Nenhum pedido será feito até você retomá-la.' });
        case 'delivery-resume':
          return answer(input.intent, { title: 'Entrega programada retomada', description: `Próxima entrega em ${date(result.nextDate)}.` });
        case 'delivery-cancel':
          return answer(input.intent, { title: 'Entrega programada cancelada', description: 'Nenhum novo pedido será feito.' });
        case 'delivery-frequency':
          return answer(input.intent, {
            title: 'Frequência alterada',
            description: `${result.months === 1 ? 'Entregas a cada 1 mês' : `Entregas a cada ${result.months} meses`}; a próxima continua em ${date(result.nextDate)}.`,
          });
      }
      break;
    }
  }
  return failure(null, 'Ação inválida. Recarregue a página e tente novamente.', 400);
}

export default function SubscriptionsTab({ loaderData }: Route.ComponentProps) {
  const { subscriptions, deliveries, plans, changeQuotes, withdrawals, today, payment, error } = loaderData;
  // One fetcher for every dialog, here and not in the cards: a cancelled card unmounts, its toast must still show.
  const fetcher = useFetcher<SubscriptionActionData>();
  const withdrawalFetcher = useFetcher<PlanWithdrawalData>();
  const withdrawn = withdrawalFetcher.state === 'idle' && withdrawalFetcher.data?.ok ? withdrawalFetcher.data : null;

  useEffect(() => {
    if (error) toast({ title: error, description: 'Tente novamente em instantes.', variant: 'destructive' });
  }, [error]);
  useEffect(() => {
    if (fetcher.data) toast(fetcher.data.toast);
  }, [fetcher.data]);
  useEffect(() => {
    if (withdrawalFetcher.state === 'idle' && withdrawalFetcher.data) toast(withdrawalFetcher.data.toast);
  }, [withdrawalFetcher.state, withdrawalFetcher.data]);

  return (
    <section aria-labelledby="titulo-assinaturas">
      <h1 id="titulo-assinaturas" className="text-2xl font-bold">
        Assinaturas
      </h1>
      {withdrawn ? (
        <p role="status" className="mt-6 rounded-lg border border-green-300 bg-green-50 p-4 font-semibold text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-100" data-testid="plan-withdrawn">
          Recebemos sua desistência da assinatura. Protocolo {withdrawn.protocol}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          {error}. Tente novamente em instantes.
        </p>
      ) : (
        <>
          {subscriptions.length === 0 ? (
            <div className="mt-6 rounded-lg border border-slate-200 p-6 dark:border-slate-700">
              <p>Você ainda não tem uma assinatura ativa da {PLAN_NAME}.</p>
              <Link to="/assinatura" className={cn(buttonVariants(), 'mt-4')}>
                Conhecer a {PLAN_NAME}
              </Link>
            </div>
          ) : (
            <ul className="mt-6 grid gap-4">
              {subscriptions.map((s) => (
                <li key={s.id}>
                  <SubscriptionCard
                    subscription={s}
                    plans={plans}
                    today={today}
                    hasDeliveries={deliveries.length > 0}
                    fetcher={fetcher}
                    payment={payment}
                    changeQuotes={changeQuotes[s.id]}
                    withdrawal={withdrawals[s.id] ? <PlanWithdrawal subscriptionId={s.id} offer={withdrawals[s.id]!} fetcher={withdrawalFetcher} /> : null}
                  />
                </li>
              ))}
            </ul>
          )}
          <ProgrammedDeliveries deliveries={deliveries} today={today} fetcher={fetcher} />
        </>
      )}
    </section>
  );
}
