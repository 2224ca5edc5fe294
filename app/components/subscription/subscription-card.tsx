// The customer's live subscription on /area-cliente/assinaturas (issue 14): plan, status,
// next charge and amount, payment method, pause/resume/skip/plan change/payment change/cancel, each
// behind a confirmation, an unpaid renewal's notice with "Pagar agora", and the renewals' orders.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { centsToDecimal, formatPrice } from '~/lib/money';
import { shortOrderId } from '~/lib/order-status';
import { SUBSCRIBER_DISCOUNT_PERCENT } from '~/lib/discounts';
import { findPlan, PLAN_NAME, SUBSCRIPTION_STATUS_LABELS, type PlanOption } from '~/lib/plans';
import { autoResumeDate, benefitsUntil, PAUSE_MAX_MONTHS, RESUME_NOTICE_DAYS, skipDate } from '~/lib/subscription-schedule';
import type { PaymentOffer } from '~/lib/payment-offer';
import type { PlanChangeQuote } from '~/lib/plan-change';
import type { OwnSubscription } from '~/server/subscriptions/subscriptions.server';
import { ActionDialog, PaymentMethodFields, type SubscriptionFetcher } from './action-dialog';
import { dateBR, orderLabel, paymentLabel, RENEWAL_KIND_LABELS, RENEWAL_STATUS_LABELS, statusBadgeClass } from './labels';

export const CANCEL_CONFIRMATION = 'Tem certeza que deseja cancelar sua assinatura? Você perderá todos os benefícios.';

const MUTED = 'text-sm text-slate-700 dark:text-slate-300';
const LINK = 'font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-200';

/** What the schedule will do, as the server computes it (lib/subscription-schedule). */
export function subscriptionDates(s: Pick<OwnSubscription, 'frequency' | 'nextDeliveryDate' | 'anchorDate' | 'resumeOn'>, today: string) {
  const months = findPlan(s.frequency)?.months ?? 1;
  const later = (a: string, b: string) => (a >= b ? a : b);
  return {
    /** The renewal after a skip: one period on, on the anchor's calendar. */
    afterSkip: skipDate(s.anchorDate, months, s.nextDeliveryDate),
    /** Resuming now: a date still ahead stays, a passed one becomes today. */
    afterResume: later(s.nextDeliveryDate, today),
    /** A pause started today ends by itself on this day. */
    pauseEnds: autoResumeDate(today),
    /** Paused by the customer: the first charge once the pause ends by itself. */
    afterPause: s.resumeOn ? later(s.nextDeliveryDate, s.resumeOn) : s.nextDeliveryDate,
  };
}

export function SubscriptionCard({
  subscription: s,
  plans,
  today,
  hasDeliveries,
  fetcher,
  payment,
  changeQuotes = [],
  withdrawal,
}: {
  subscription: OwnSubscription;
  plans: PlanOption[];
  today: string;
  hasDeliveries: boolean;
  fetcher: SubscriptionFetcher;
  /** The methods the store offers now (payments/provider.server.ts's paymentOfferFor). */
  payment: PaymentOffer;
  /** What changing to each other plan charges today (flows/change-plan previewPlanChange). */
  changeQuotes?: ChangeQuote[];
  /** "Desistir da assinatura" while its 7 days last (plan-withdrawal.tsx). */
  withdrawal?: ReactNode;
}) {
  const plan = findPlan(s.frequency);
  const titleId = useId();
  const active = s.status === 'active';
  const pausedByCustomer = s.status === 'paused' && s.pausedReason === 'customer';
  const paymentFailed = s.status === 'paused' && s.pausedReason === 'payment_failed';
  const dates = subscriptionDates(s, today);
  const idField = { subscriptionId: s.id };
  const unpaid = s.unpaidOrderId ? s.renewals.find((r) => r.orderId === s.unpaidOrderId) : undefined;
  // The last day the plan is paid for: the benefits end there unless the next period is paid.
  const paidUntil = benefitsUntil(s.paidThrough);

  return (
    <article aria-labelledby={titleId} data-subscription-id={s.id} className="rounded-lg border border-slate-200 p-4 sm:p-6 dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className={MUTED}>{PLAN_NAME}</p>
          <h2 id={titleId} className="text-xl font-bold">
            {plan?.name ?? PLAN_NAME}
          </h2>
        </div>
        <span data-testid="subscription-status" className={statusBadgeClass(s.status)}>
          {SUBSCRIPTION_STATUS_LABELS[s.status] ?? s.status}
        </span>
      </div>

      {pausedByCustomer && s.resumeOn ? (
        <p data-testid="paused-until" className="mt-3 font-semibold">
          Pausada até {dateBR(s.resumeOn)}
        </p>
      ) : null}

      {paymentFailed ? (
        <div
          data-testid="payment-failed"
          className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <h3 className="font-bold">Assinatura pausada por falta de pagamento</h3>
          <p className="mt-1 text-sm">
            {unpaid ? `A renovação de ${dateBR(unpaid.periodDate)} (${formatPrice(unpaid.amount)}) não foi paga. ` : 'A última renovação não foi paga. '}
            Enquanto isso não há novas renovações, e o desconto de {SUBSCRIBER_DISCOUNT_PERCENT}% fica suspenso. Pague o pedido em aberto para
            retomar a assinatura.
          </p>
          {s.unpaidOrderId ? (
            <UnpaidOrderActions subscription={s} orderId={s.unpaidOrderId} amount={unpaid?.amount ?? s.totalValue} fetcher={fetcher} payment={payment} tone="danger" />
          ) : (
            // No order is left to pay (it was cancelled): resuming starts a new period, charged today.
            <div className="mt-3">
              <ActionDialog
                triggerLabel="Retomar assinatura"
                triggerVariant="default"
                fetcher={fetcher}
                fields={{ intent: 'resume', ...idField }}
                confirmLabel="Sim, retomar"
                busyLabel="Retomando..."
                description={
                  <p>
                    A assinatura volta hoje: a renovação de {formatPrice(s.totalValue)} é cobrada em <strong>{dateBR(today)}</strong>, na forma de pagamento
                    escolhida ({paymentLabel(s.paymentMethod, s.installments)}).
                  </p>
                }
              />
            </div>
          )}
        </div>
      ) : s.unpaidOrderId ? (
        <div data-testid="payment-pending" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <h3 className="font-bold">Pagamento pendente</h3>
          <p className="mt-1 text-sm">
            {unpaid ? `${RENEWAL_KIND_LABELS[unpaid.kind] ?? 'Cobrança'} de ${dateBR(unpaid.periodDate)} (${formatPrice(unpaid.amount)}) aguarda pagamento.` : 'Uma cobrança aguarda pagamento.'}
          </p>
          <UnpaidOrderActions subscription={s} orderId={s.unpaidOrderId} amount={unpaid?.amount ?? s.totalValue} fetcher={fetcher} payment={payment} tone="warning" />
        </div>
      ) : null}

      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        <div>
          <dt className={MUTED}>Próxima cobrança</dt>
          <dd className="font-semibold" data-testid="next-charge">
            {dateBR(pausedByCustomer ? dates.afterPause : s.nextDeliveryDate)}
          </dd>
          {pausedByCustomer ? <dd className={MUTED}>quando a pausa terminar</dd> : null}
        </div>
        <div>
          <dt className={MUTED}>Valor</dt>
          <dd className="font-semibold" data-testid="subscription-total">
            {formatPrice(s.totalValue)}
          </dd>
        </div>
        <div>
          <dt className={MUTED}>Forma de pagamento</dt>
          <dd className="font-semibold" data-testid="payment-method">
            {paymentLabel(s.paymentMethod, s.installments)}
          </dd>
        </div>
      </dl>

      <p className="mt-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900 dark:bg-slate-800 dark:text-brand-100" data-testid="discount-note">
        {paymentFailed
          ? `O desconto de ${SUBSCRIBER_DISCOUNT_PERCENT}% nas compras avulsas está suspenso até o pagamento da renovação em aberto.`
          : s.discount
            ? `Como assinante, você ganha ${SUBSCRIBER_DISCOUNT_PERCENT}% de desconto em todas as compras avulsas.${pausedByCustomer ? ' O desconto vale até o fim do período já pago.' : ''}`
            : paidUntil
              ? `O período pago terminou: o desconto de ${SUBSCRIBER_DISCOUNT_PERCENT}% nas compras avulsas volta quando a próxima renovação for paga.`
              : `Seu desconto de ${SUBSCRIBER_DISCOUNT_PERCENT}% em todas as compras avulsas começa quando o pagamento da assinatura for confirmado.`}
        {s.discount && paidUntil ? (
          <span className="mt-1 block font-semibold" data-testid="benefits-until">
            Benefícios garantidos até {dateBR(paidUntil)}
          </span>
        ) : null}
      </p>

      <div className="mt-4 flex flex-wrap gap-3">
        {active ? (
          <>
            <ChangePlanDialog subscription={s} plans={plans} quotes={changeQuotes} fetcher={fetcher} />
            <ActionDialog
              triggerLabel="Pausar assinatura"
              fetcher={fetcher}
              fields={{ intent: 'pause', ...idField }}
              confirmLabel="Sim, pausar"
              busyLabel="Pausando..."
              description={
                <>
                  <p>Enquanto a assinatura estiver pausada, não há renovações nem cobranças.</p>
                  {s.discount && paidUntil ? (
                    <p>
                      Seu desconto de {SUBSCRIBER_DISCOUNT_PERCENT}% nas compras avulsas vale até {dateBR(paidUntil)}, o fim do período já pago; o tempo pausado
                      não tem desconto.
                    </p>
                  ) : null}
                  <p>
                    A pausa dura no máximo {PAUSE_MAX_MONTHS} meses: a assinatura volta sozinha em{' '}
                    <strong data-testid="pause-resume-date">{dateBR(dates.pauseEnds)}</strong>, e avisamos por e-mail {RESUME_NOTICE_DAYS} dias antes. Você pode
                    retomá-la antes quando quiser.
                  </p>
                </>
              }
            />
            <ActionDialog
              triggerLabel="Pular próxima renovação"
              fetcher={fetcher}
              fields={{ intent: 'skip', ...idField }}
              confirmLabel="Sim, pular"
              busyLabel="Pulando..."
              description={
                <>
                  <p>
                    A renovação de <strong data-testid="skip-from">{dateBR(s.nextDeliveryDate)}</strong> não será cobrada.
                  </p>
                  <p>
                    A próxima cobrança passa a ser em <strong data-testid="skip-to">{dateBR(dates.afterSkip)}</strong>, no valor de {formatPrice(s.totalValue)}.
                  </p>
                  {paidUntil ? (
                    <p>
                      O período pulado não é pago e não dá benefícios: o desconto de {SUBSCRIBER_DISCOUNT_PERCENT}% vale até {dateBR(paidUntil)} e volta com a
                      próxima renovação paga.
                    </p>
                  ) : null}
                </>
              }
            />
          </>
        ) : null}
        {pausedByCustomer ? (
          <ActionDialog
            triggerLabel="Retomar assinatura"
            triggerVariant="default"
            fetcher={fetcher}
            fields={{ intent: 'resume', ...idField }}
            confirmLabel="Sim, retomar"
            busyLabel="Retomando..."
            description={
              <p>
                As renovações voltam a acontecer. A próxima cobrança será em <strong>{dateBR(dates.afterResume)}</strong>, no valor de {formatPrice(s.totalValue)}.
                {dates.afterResume === today ? ' Os benefícios de assinante voltam quando essa cobrança for paga.' : null}
              </p>
            }
          />
        ) : null}
        <ActionDialog
          triggerLabel="Trocar forma de pagamento"
          fetcher={fetcher}
          fields={{ intent: 'change-payment', ...idField }}
          confirmLabel="Salvar forma de pagamento"
          busyLabel="Salvando..."
          description={<p>As próximas renovações serão cobradas da forma que você escolher.</p>}
        >
          <PaymentMethodFields offer={payment} legend="Forma de pagamento das renovações" defaultMethod={s.paymentMethod} defaultInstallments={s.installments} withInstallments />
        </ActionDialog>
        <ActionDialog
          triggerLabel="Cancelar assinatura"
          triggerVariant="ghost"
          triggerClassName="text-red-700 dark:text-red-300"
          fetcher={fetcher}
          fields={{ intent: 'cancel', ...idField }}
          cancelLabel="Manter assinatura"
          confirmLabel="Sim, cancelar assinatura"
          confirmVariant="destructive"
          busyLabel="Cancelando..."
          description={
            <>
              <p>{CANCEL_CONFIRMATION}</p>
              {hasDeliveries ? <p>Suas entregas programadas também serão canceladas.</p> : null}
            </>
          }
        />
        {withdrawal}
      </div>

      <Renewals subscription={s} />
    </article>
  );
}

function UnpaidOrderActions({
  subscription: s,
  orderId,
  amount,
  fetcher,
  payment,
  tone,
}: {
  subscription: OwnSubscription;
  orderId: string;
  amount: string;
  fetcher: SubscriptionFetcher;
  payment: PaymentOffer;
  tone: 'danger' | 'warning';
}) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <ActionDialog
        triggerLabel="Pagar agora"
        triggerVariant={tone === 'danger' ? 'destructive' : 'default'}
        fetcher={fetcher}
        fields={{ intent: 'pay-now', orderId }}
        confirmLabel={`Pagar ${formatPrice(amount)}`}
        busyLabel="Processando..."
        description={
          <p>
            Escolha como pagar o pedido #{shortOrderId(orderId)}, de {formatPrice(amount)}.{' '}
            {payment.methods.includes('credit_card')
              ? 'No cartão, a cobrança é feita na hora; com Pix ou boleto, mostramos o código na página do pedido.'
              : 'Mostramos o código Pix na página do pedido.'}
          </p>
        }
      >
        <PaymentMethodFields offer={payment} legend="Forma de pagamento" defaultMethod={s.paymentMethod} withInstallments={false} />
      </ActionDialog>
      <Link to={`/pedido/${orderId}`} className="inline-flex min-h-10 items-center font-semibold underline underline-offset-2">
        Ver pedido #{shortOrderId(orderId)}
      </Link>
    </div>
  );
}

export type ChangeQuote = PlanChangeQuote & { frequency: string };

/** The confirm step's line (issue 30): today's charge, after the credit of the current plan. */
export function changeChargeText(quote: Pick<PlanChangeQuote, 'chargeCents' | 'creditCents'>): string {
  return `Valor a pagar hoje: ${formatPrice(centsToDecimal(quote.chargeCents))}, já descontado o crédito de ${formatPrice(centsToDecimal(quote.creditCents))} do plano atual`;
}

function ChangePlanDialog({ subscription, plans, quotes, fetcher }: { subscription: OwnSubscription; plans: PlanOption[]; quotes: ChangeQuote[]; fetcher: SubscriptionFetcher }) {
  const others = plans.filter((p) => p.frequency !== subscription.frequency);
  const [frequency, setFrequency] = useState(others[0]?.frequency ?? subscription.frequency);
  // One key per dialog: a double submit is one change and one charge (made in the browser, like checkout's).
  const [key, setKey] = useState('');
  useEffect(() => setKey(crypto.randomUUID()), [fetcher.data]);
  const quote = quotes.find((q) => q.frequency === frequency);
  const target = plans.find((p) => p.frequency === frequency);
  return (
    <ActionDialog
      triggerLabel="Alterar plano"
      fetcher={fetcher}
      fields={{ intent: 'change-plan', subscriptionId: subscription.id, idempotencyKey: key, ...(quote ? { expectedChargeCents: String(quote.chargeCents) } : {}) }}
      confirmLabel={quote && quote.chargeCents > 0 ? `Pagar ${formatPrice(centsToDecimal(quote.chargeCents))} e alterar` : 'Confirmar alteração'}
      busyLabel="Alterando..."
      description={
        <>
          <p>
            Escolha o novo plano. Ele é cobrado hoje, descontada a parte ainda não usada do período pago, e começa quando o pagamento for confirmado: a
            próxima cobrança passa a ser hoje mais o período do novo plano.
          </p>
          {quote ? (
            <p className="font-semibold" data-testid="plan-change-charge">
              {changeChargeText(quote)}
              {quote.creditAfterCents > 0 ? `. O crédito restante de ${formatPrice(centsToDecimal(quote.creditAfterCents))} paga as próximas renovações.` : '.'}
            </p>
          ) : null}
          {target && quote && quote.chargeCents > 0 ? <p>Com Pix ou boleto, o {target.name} começa quando o pagamento for confirmado; até lá vale o plano atual.</p> : null}
        </>
      }
    >
      <fieldset className="grid gap-2">
        <legend className="sr-only">Planos</legend>
        {others.map((option) => (
          <label
            key={option.frequency}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:has-[:checked]:bg-slate-800"
          >
            <input
              type="radio"
              name="frequency"
              value={option.frequency}
              checked={option.frequency === frequency}
              onChange={() => setFrequency(option.frequency)}
              className="h-5 w-5 accent-brand-700"
              required
            />
            <span className="flex-1">
              <span className="block font-semibold">{option.name}</span>
              {option.highlight ? <span className="block text-sm text-green-800 dark:text-green-300">{option.highlight}</span> : null}
            </span>
            <span className="font-semibold">{formatPrice(option.price)}</span>
          </label>
        ))}
      </fieldset>
    </ActionDialog>
  );
}

function Renewals({ subscription: s }: { subscription: OwnSubscription }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="text-lg font-bold">
        Renovações
      </h3>
      {s.renewals.length === 0 ? (
        <p className={`mt-2 ${MUTED}`}>Nenhuma cobrança ainda.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700" data-testid="renewals">
          {s.renewals.map((r) => (
            <li key={`${r.periodDate}-${r.orderId}`} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 p-3">
              <span>
                <span className="block font-semibold">{dateBR(r.periodDate)}</span>
                <span className={MUTED}>{RENEWAL_KIND_LABELS[r.kind] ?? r.kind}</span>
              </span>
              <span className="font-semibold">{formatPrice(r.amount)}</span>
              <span data-testid="renewal-status">{RENEWAL_STATUS_LABELS[r.status] ?? r.status}</span>
              <Link to={`/pedido/${r.orderId}`} className={`inline-flex min-h-6 items-center ${LINK}`}>
                {orderLabel(r.orderId)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
