// /admin/subscriptions/:id: one subscription for the admin — customer, plan, the price it pays,
// status, next renewal, paid through, payment method, its renewals (each with its order) and its
// history (who did what). The admin may pause an active subscription or resume one a pause
// stopped, each after a confirmation; changeSubscription decides and writes the history.
import { useEffect, useId, useState } from 'react';
import { data, Link, useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { toast } from '~/components/ui/toaster';
import { cn } from '~/lib/cn';
import { formatDateBR, formatDateTimeBR } from '~/lib/dates';
import { formatPrice } from '~/lib/money';
import { ORDER_ACTOR_LABELS } from '~/lib/order-lifecycle';
import { PAYMENT_METHOD_LABELS, shortOrderId } from '~/lib/order-status';
import { SUBSCRIBER_DISCOUNT_PERCENT } from '~/lib/discounts';
import { SUBSCRIPTION_STATUS_LABELS } from '~/lib/plans';
import { adminSubscriptionActionSchema, subscriptionIdSchema, type AdminSubscriptionIntent } from '~/lib/schemas/admin-subscription';
import { PERIOD_KIND_LABELS, PERIOD_STATUS_LABELS, subscriptionEventNote, subscriptionEventTitle } from '~/lib/subscription-history';
import type { ToastMessage } from '~/lib/toast';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { log } from '~/server/infra/log.server';
import { getSubscriptionDetail, type AdminSubscriptionDetail } from '~/server/subscriptions/admin.server';
import { resumePlan } from '~/server/flows/resume-plan.server';
import { changeSubscription, SUBSCRIPTION_MESSAGES } from '~/server/subscriptions/subscriptions.server';
import type { Route } from './+types/subscription';

const NOT_FOUND = 'Assinatura não encontrada.';

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d?.subscription ? `Assinatura de ${d.subscription.userName} | Painel Administrativo | Clarear` : 'Assinatura não encontrada | Clarear' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = subscriptionIdSchema.safeParse(params.id);
  if (!id.success) throw data(NOT_FOUND, 404);
  const subscription = await getSubscriptionDetail(await getDb(), id.data);
  if (!subscription) throw data(NOT_FOUND, 404);
  return { subscription };
}

type ActionData = { ok: boolean; intent?: AdminSubscriptionIntent; toast: ToastMessage };

const refusedToast = (description: string): ToastMessage => ({ title: 'Não foi possível concluir', description, variant: 'destructive' });

/** The service speaks to the customer; the admin reads what to do about an unpaid renewal. */
function adminMessage(message: string): string {
  if (message === SUBSCRIPTION_MESSAGES.paymentRequired) {
    return 'Esta assinatura foi pausada por falta de pagamento: ela volta a ficar ativa quando o pedido em aberto for pago.';
  }
  return message;
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const parsed = adminSubscriptionActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data<ActionData>({ ok: false, toast: refusedToast(parsed.error.issues[0]?.message ?? '') }, 400);
  const { intent } = parsed.data;
  const id = subscriptionIdSchema.safeParse(params.id);
  if (!id.success) return data<ActionData>({ ok: false, intent, toast: refusedToast(NOT_FOUND) }, 404);
  try {
    const db = await getDb();
    const actor = { kind: 'admin' as const, userId: admin.id };
    // A resume whose renewal date passed during the pause charges that period now, as the customer's own.
    const result = intent === 'resume' ? await resumePlan(db, id.data, actor) : await changeSubscription(db, id.data, actor, { action: intent });
    if (!result.ok) return data<ActionData>({ ok: false, intent, toast: refusedToast(adminMessage(result.message)) }, result.status);
    const charged = 'charged' in result ? result.charged : null;
    const toastMessage: ToastMessage =
      intent === 'pause'
        ? { title: 'Assinatura pausada', description: result.resumeOn ? `Volta sozinha em ${formatDateBR(result.resumeOn)}. O cliente foi avisado por e-mail.` : 'O cliente foi avisado por e-mail.' }
        : {
            title: 'Assinatura retomada',
            description: !charged
              ? `Próxima renovação em ${formatDateBR(result.nextDeliveryDate)}. O cliente foi avisado por e-mail.`
              : charged === 'paid' || charged === 'credit'
                ? 'A renovação de hoje foi paga e os benefícios de assinante voltaram. O cliente foi avisado por e-mail.'
                : 'A renovação de hoje foi cobrada; os benefícios de assinante voltam quando ela for paga. O cliente foi avisado por e-mail.',
          };
    return data<ActionData>({ ok: true, intent, toast: toastMessage });
  } catch (error) {
    log.error('admin/assinatura: falha na ação', error);
    return data<ActionData>({ ok: false, intent, toast: refusedToast('Não foi possível salvar agora. Tente novamente.') }, 500);
  }
}

// ---------------------------------------------------------------- page

const SECTION = 'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900';
const MUTED = 'text-slate-700 dark:text-slate-300';

const ACTIONS: Record<AdminSubscriptionIntent, { label: string; title: string; description: string; confirm: string }> = {
  pause: {
    label: 'Pausar',
    title: 'Pausar assinatura',
    description: 'A assinatura fica pausada por até 3 meses e volta sozinha; nada é cobrado enquanto isso. O cliente recebe um e-mail.',
    confirm: 'Sim, pausar',
  },
  resume: {
    label: 'Retomar',
    title: 'Retomar assinatura',
    description: 'A assinatura volta a ficar ativa. Se a data da renovação passou durante a pausa, a renovação é cobrada a partir de hoje. O cliente recebe um e-mail.',
    confirm: 'Sim, retomar',
  },
};

export default function AdminSubscription({ loaderData }: Route.ComponentProps) {
  const { subscription: s } = loaderData;
  const fetcher = useFetcher<ActionData>();
  const [open, setOpen] = useState<AdminSubscriptionIntent | null>(null);
  useEffect(() => {
    if (!fetcher.data) return;
    toast(fetcher.data.toast);
    setOpen(null);
  }, [fetcher.data]);

  const intents: AdminSubscriptionIntent[] = s.status === 'active' ? ['pause'] : s.status === 'paused' && s.pausedReason === 'customer' ? ['resume'] : [];

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <p className="text-sm">
          <Link to="/admin/subscriptions" className="text-brand-700 underline dark:text-brand-200">
            Assinaturas
          </Link>
        </p>
        <h1 className="text-2xl font-bold">Assinatura de {s.userName}</h1>
        <p className={cn('mt-1 flex flex-wrap items-center gap-2 text-sm', MUTED)}>
          <SubscriptionStatusBadge status={s.status} /> {s.planName} · {formatPrice(s.totalValue)} · Criada em {formatDateBR(s.createdAt)}
        </p>
      </div>

      {intents.length > 0 || s.pausedReason === 'payment_failed' ? (
        <section aria-labelledby="acoes" className={SECTION}>
          <h2 id="acoes" className="text-lg font-bold">
            Ações
          </h2>
          {s.pausedReason === 'payment_failed' ? (
            <p className="mt-2">Pausada por falta de pagamento: volta a ficar ativa quando o pedido em aberto for pago.</p>
          ) : null}
          {intents.length > 0 ? (
            <div className="mt-3 flex flex-wrap gap-2">
              {intents.map((intent) => (
                <ConfirmDialog
                  key={intent}
                  open={open === intent}
                  onOpenChange={(o) => setOpen(o ? intent : null)}
                  title={ACTIONS[intent].title}
                  description={ACTIONS[intent].description}
                  trigger={
                    <Button type="button" variant={intent === 'pause' ? 'outline' : 'default'}>
                      {ACTIONS[intent].label}
                    </Button>
                  }
                  fetcher={fetcher}
                  fields={{ intent }}
                  confirmLabel={ACTIONS[intent].confirm}
                  busyLabel="Salvando..."
                  busy={fetcher.state !== 'idle'}
                />
              ))}
            </div>
          ) : null}
        </section>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="cliente" className={SECTION}>
          <h2 id="cliente" className="text-lg font-bold">
            Cliente
          </h2>
          <p className="mt-2 font-semibold">{s.userName}</p>
          <p className="break-all">{s.userEmail}</p>
        </section>
        <section aria-labelledby="plano" className={SECTION}>
          <h2 id="plano" className="text-lg font-bold">
            Plano
          </h2>
          <SubscriptionFacts subscription={s} />
        </section>
      </div>

      <Renewals subscription={s} />

      <section aria-labelledby="historico" className={SECTION}>
        <h2 id="historico" className="text-lg font-bold">
          Histórico
        </h2>
        {s.events.length === 0 ? (
          <p className={cn('mt-3', MUTED)}>Nenhum registro ainda.</p>
        ) : (
          <ol className="relative mt-3 ml-2 border-l-2 border-slate-200 dark:border-slate-700" data-testid="subscription-history">
            {s.events.map((event) => {
              const note = subscriptionEventNote(event.kind, event.note);
              return (
                <li key={event.id} className="mb-4 ml-4 last:mb-0">
                  <span className="absolute -left-[7px] mt-1.5 h-3 w-3 rounded-full bg-brand-700 dark:bg-brand-200" aria-hidden />
                  <p className="font-semibold">{subscriptionEventTitle(event)}</p>
                  <p className={cn('text-sm', MUTED)}>
                    <time dateTime={event.createdAt}>{formatDateTimeBR(event.createdAt)}</time> · {ORDER_ACTOR_LABELS[event.actor]}
                    {event.actorName ? `: ${event.actorName}` : ''}
                  </p>
                  {note ? <p className={cn('text-sm', MUTED)}>{note}</p> : null}
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </div>
  );
}

function SubscriptionFacts({ subscription: s }: { subscription: AdminSubscriptionDetail }) {
  const every = s.months === 1 ? 'por mês' : `a cada ${s.months} meses`;
  const method = PAYMENT_METHOD_LABELS[s.paymentMethod] ?? s.paymentMethod;
  const facts: { term: string; value: string }[] = [
    { term: 'Plano', value: s.planName },
    { term: 'Valor', value: `${formatPrice(s.totalValue)} ${every}` },
    { term: 'Status', value: SUBSCRIPTION_STATUS_LABELS[s.status] ?? s.status },
    { term: 'Próxima renovação', value: s.status === 'cancelled' ? '—' : formatDateBR(s.nextDeliveryDate) },
    ...(s.status === 'paused' && s.resumeOn ? [{ term: 'Volta sozinha em', value: formatDateBR(s.resumeOn) }] : []),
    { term: 'Pago até', value: s.paidThrough ? formatDateBR(s.paidThrough) : 'Ainda sem pagamento' },
    { term: 'Forma de pagamento', value: s.paymentMethod === 'credit_card' && s.installments > 1 ? `${method} em ${s.installments}x` : method },
    { term: 'Desconto de assinante', value: s.discount ? `Sim (${SUBSCRIBER_DISCOUNT_PERCENT}%)` : 'Não' },
  ];
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {facts.map(({ term, value }) => (
        <div key={term} className="contents">
          <dt className={MUTED}>{term}</dt>
          <dd className="font-semibold">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Renewals({ subscription: s }: { subscription: AdminSubscriptionDetail }) {
  const titleId = useId();
  return (
    <section className={SECTION}>
      <h2 id={titleId} className="text-lg font-bold">
        Renovações
      </h2>
      {s.periods.length === 0 ? (
        <p className={cn('mt-3', MUTED)}>Nenhuma cobrança ainda.</p>
      ) : (
        // Scrolls sideways on a phone; focusable so a keyboard can scroll it.
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-labelledby={titleId}>
          <table className="w-full min-w-[36rem] text-left text-sm" data-testid="subscription-renewals">
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className="py-2 pr-4">
                  Data
                </th>
                <th scope="col" className="py-2 pr-4">
                  Tipo
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Valor
                </th>
                <th scope="col" className="py-2 pr-4">
                  Situação
                </th>
                <th scope="col" className="py-2">
                  Pedido
                </th>
              </tr>
            </thead>
            <tbody>
              {s.periods.map((p) => (
                <tr key={p.orderId} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className="py-3 pr-4 font-normal whitespace-nowrap tabular-nums">
                    {formatDateBR(p.periodDate)}
                  </th>
                  <td className="py-3 pr-4">{PERIOD_KIND_LABELS[p.kind] ?? p.kind}</td>
                  <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">{formatPrice(p.amount)}</td>
                  <td className="py-3 pr-4">{PERIOD_STATUS_LABELS[p.status] ?? p.status}</td>
                  <td className="py-3">
                    <Link to={`/admin/orders/${p.orderId}`} className="font-mono font-semibold text-brand-700 underline dark:text-brand-200">
                      {shortOrderId(p.orderId)}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A subscription's status: green for active, yellow for any other. */
function SubscriptionStatusBadge({ status }: { status: string }) {
  return (
    <span
      data-testid="subscription-status"
      className={cn(
        'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        status === 'active' ? 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200' : 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
      )}
    >
      {SUBSCRIPTION_STATUS_LABELS[status] ?? status}
    </span>
  );
}
