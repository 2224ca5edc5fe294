// /area-cliente/assinaturas (SPEC §2 Customer area, §4 Subscription status): the
// user's active subscription, its next charge, plan change and cancellation.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { data, Link, useFetcher, type FetcherWithComponents } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { toast } from '~/components/ui/toaster';
import { cn } from '~/lib/cn';
import { formatPrice } from '~/lib/money';
import { findPlan, PLAN_NAME, PLANS, SUBSCRIBER_DISCOUNT_PERCENT, SUBSCRIPTION_STATUS_LABELS } from '~/lib/plans';
import { subscriptionActionSchema } from '~/lib/schemas/subscription';
import { nextChargeLabel } from '~/lib/subscription-dates';
import type { ToastMessage } from '~/lib/toast';
import { getDb } from '~/server/db.server';
import { requireUser } from '~/server/auth/session.server';
import { cancelOwnSubscription, changeOwnPlan, listActiveSubscriptions, type OwnSubscription } from '~/server/subscriptions/subscriptions.server';
import { readForm } from '~/server/http/body.server';
import type { Route } from './+types/subscriptions';
import { log } from '~/server/log.server';

export const meta: Route.MetaFunction = () => [{ title: 'Assinaturas | Clarear' }, { name: 'robots', content: 'noindex' }];

const LOAD_ERROR = 'Erro ao buscar assinaturas';
const CANCEL_CONFIRMATION = 'Tem certeza que deseja cancelar sua assinatura? Você perderá todos os benefícios.';

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  try {
    return { subscriptions: await listActiveSubscriptions(await getDb(), user.id), error: null };
  } catch (error) {
    log.error('assinaturas: falha ao buscar', error);
    return { subscriptions: [] as OwnSubscription[], error: LOAD_ERROR };
  }
}

type ActionData = { ok: boolean; intent: 'change-plan' | 'cancel' | null; toast: ToastMessage };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = Object.fromEntries(await readForm(request));
  const parsed = subscriptionActionSchema.safeParse(form);
  if (!parsed.success) {
    const intent = form.intent === 'cancel' ? 'cancel' : form.intent === 'change-plan' ? 'change-plan' : null;
    const title = intent === 'cancel' ? 'Erro ao cancelar assinatura' : 'Erro ao alterar plano';
    const description = parsed.error.issues[0]?.message ?? 'Dados inválidos.';
    return data<ActionData>({ ok: false, intent, toast: { title, description, variant: 'destructive' } }, 400);
  }
  const input = parsed.data;
  const errorTitle = input.intent === 'cancel' ? 'Erro ao cancelar assinatura' : 'Erro ao alterar plano';
  try {
    const db = await getDb();
    const done =
      input.intent === 'cancel'
        ? await cancelOwnSubscription(db, user.id, input.subscriptionId)
        : await changeOwnPlan(db, user.id, input.subscriptionId, input.frequency);
    if (!done) {
      return data<ActionData>(
        { ok: false, intent: input.intent, toast: { title: errorTitle, description: 'Assinatura não encontrada.', variant: 'destructive' } },
        404,
      );
    }
    if (input.intent === 'cancel') {
      return data<ActionData>({ ok: true, intent: 'cancel', toast: { title: 'Assinatura cancelada', description: 'Sua assinatura foi cancelada.' } });
    }
    const plan = findPlan(input.frequency)!;
    return data<ActionData>({
      ok: true,
      intent: 'change-plan',
      toast: { title: 'Plano alterado com sucesso!', description: `Você agora está no ${plan.name}.` },
    });
  } catch (error) {
    log.error(`assinaturas: falha em ${input.intent}`, error);
    return data<ActionData>(
      { ok: false, intent: input.intent, toast: { title: errorTitle, description: 'Tente novamente em instantes.', variant: 'destructive' } },
      500,
    );
  }
}

type Fetcher = FetcherWithComponents<ActionData>;

export default function SubscriptionsTab({ loaderData }: Route.ComponentProps) {
  const { subscriptions, error } = loaderData;
  // The fetchers live here, not in the card: a cancelled card unmounts, the toast must still show.
  const changeFetcher = useFetcher<ActionData>();
  const cancelFetcher = useFetcher<ActionData>();

  useEffect(() => {
    if (error) toast({ title: error, description: 'Tente novamente em instantes.', variant: 'destructive' });
  }, [error]);
  useEffect(() => {
    if (changeFetcher.data) toast(changeFetcher.data.toast);
  }, [changeFetcher.data]);
  useEffect(() => {
    if (cancelFetcher.data) toast(cancelFetcher.data.toast);
  }, [cancelFetcher.data]);

  return (
    <section aria-labelledby="titulo-assinaturas">
      <h1 id="titulo-assinaturas" className="text-2xl font-bold">
        Assinaturas
      </h1>
      {error ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          {error}. Tente novamente em instantes.
        </p>
      ) : subscriptions.length === 0 ? (
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
              <SubscriptionCard subscription={s} changeFetcher={changeFetcher} cancelFetcher={cancelFetcher} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SubscriptionCard({
  subscription: s,
  changeFetcher,
  cancelFetcher,
}: {
  subscription: OwnSubscription;
  changeFetcher: Fetcher;
  cancelFetcher: Fetcher;
}) {
  const plan = findPlan(s.frequency);
  const titleId = useId();
  const active = s.status === 'active';
  return (
    <article aria-labelledby={titleId} data-subscription-id={s.id} className="rounded-lg border border-slate-200 p-6 dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm text-slate-600 dark:text-slate-400">{PLAN_NAME}</p>
          <h2 id={titleId} className="text-xl font-bold">
            {plan?.name ?? PLAN_NAME}
          </h2>
        </div>
        <span
          data-testid="subscription-status"
          className={
            'rounded-full px-3 py-1 text-sm font-semibold ' +
            (active ? 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200' : 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200')
          }
        >
          {SUBSCRIPTION_STATUS_LABELS[s.status] ?? s.status}
        </span>
      </div>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Próxima cobrança</dt>
          <dd className="font-semibold" data-testid="next-charge">
            {nextChargeLabel(s.createdAt, s.frequency)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Valor total</dt>
          <dd className="font-semibold" data-testid="subscription-total">
            {formatPrice(s.totalValue)}
          </dd>
        </div>
      </dl>
      <p className="mt-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900 dark:bg-slate-800 dark:text-brand-100">
        Como assinante, você ganha {SUBSCRIBER_DISCOUNT_PERCENT}% de desconto em todas as compras avulsas.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <ChangePlanDialog subscription={s} fetcher={changeFetcher} />
        <CancelDialog subscription={s} fetcher={cancelFetcher} />
      </div>
    </article>
  );
}

const DIALOG_CONTENT =
  'fixed inset-x-0 bottom-0 z-[70] max-h-[92vh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[min(560px,94vw)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-8 dark:bg-slate-900';

function DialogShell({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-950/60" />
      <Dialog.Content className={DIALOG_CONTENT}>
        <Dialog.Title className="pr-10 text-xl font-bold">{title}</Dialog.Title>
        <Dialog.Description className="mt-2 text-slate-700 dark:text-slate-300">{description}</Dialog.Description>
        {children}
        <Dialog.Close
          aria-label="Fechar"
          className="absolute top-3 right-3 grid h-10 w-10 place-items-center rounded-full hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <X className="h-5 w-5" aria-hidden />
        </Dialog.Close>
      </Dialog.Content>
    </Dialog.Portal>
  );
}

function useCloseOnSuccess(fetcher: Fetcher, setOpen: (open: boolean) => void) {
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) setOpen(false);
  }, [fetcher.state, fetcher.data, setOpen]);
}

function ChangePlanDialog({ subscription, fetcher }: { subscription: OwnSubscription; fetcher: Fetcher }) {
  const [open, setOpen] = useState(false);
  useCloseOnSuccess(fetcher, setOpen);
  const busy = fetcher.state !== 'idle';
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline">Alterar plano</Button>
      </Dialog.Trigger>
      <DialogShell title="Alterar plano" description="Escolha o novo plano. A próxima cobrança passa a ser hoje mais o período do plano.">
        <fetcher.Form method="post" className="mt-4 grid gap-4">
          <input type="hidden" name="intent" value="change-plan" />
          <input type="hidden" name="subscriptionId" value={subscription.id} />
          <fieldset className="grid gap-2">
            <legend className="sr-only">Planos</legend>
            {PLANS.map((plan) => (
              <label
                key={plan.frequency}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:has-[:checked]:bg-slate-800"
              >
                <input
                  type="radio"
                  name="frequency"
                  value={plan.frequency}
                  defaultChecked={plan.frequency === subscription.frequency}
                  className="h-4 w-4 accent-brand-700"
                  required
                />
                <span className="flex-1">
                  <span className="block font-semibold">{plan.name}</span>
                  {plan.highlight ? <span className="block text-sm text-green-800 dark:text-green-300">{plan.highlight}</span> : null}
                </span>
                <span className="font-semibold">{formatPrice(plan.price)}</span>
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap justify-end gap-3">
            <Dialog.Close asChild>
              <Button type="button" variant="outline">
                Voltar
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={busy}>
              {busy ? 'Alterando...' : 'Confirmar alteração'}
            </Button>
          </div>
        </fetcher.Form>
      </DialogShell>
    </Dialog.Root>
  );
}

function CancelDialog({ subscription, fetcher }: { subscription: OwnSubscription; fetcher: Fetcher }) {
  const [open, setOpen] = useState(false);
  useCloseOnSuccess(fetcher, setOpen);
  const busy = fetcher.state !== 'idle';
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" className="text-red-700 dark:text-red-400">
          Cancelar assinatura
        </Button>
      </Dialog.Trigger>
      <DialogShell title="Cancelar assinatura" description={CANCEL_CONFIRMATION}>
        <fetcher.Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="subscriptionId" value={subscription.id} />
          <Dialog.Close asChild>
            <Button type="button" variant="outline">
              Manter assinatura
            </Button>
          </Dialog.Close>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? 'Cancelando...' : 'Sim, cancelar assinatura'}
          </Button>
        </fetcher.Form>
      </DialogShell>
    </Dialog.Root>
  );
}
