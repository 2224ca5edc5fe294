// /admin/subscriptions: the plan editor (the page /assinatura shows) and every user's subscription,
// with assign-by-e-mail and remove. All three forms post through fetchers and
// answer with a toast; the loader then refreshes the plan and the list.
import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { data, Link, useFetcher, type FetcherWithComponents } from 'react-router';
import { DecimalField, SelectField, TextareaField } from '~/components/admin/form-controls';
import { EditableList, toRows, type Row } from '~/components/admin/editable-list';
import { Pagination } from '~/components/admin/pagination';
import { ImageField } from '~/components/admin/image-field';
import { PlanIcon } from '~/components/plan-icon';
import { Button, buttonVariants } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Field } from '~/components/ui/field';
import { toast } from '~/components/ui/toaster';
import { PAYMENT_METHODS_TOKEN } from '~/lib/payment-offer';
import { cn } from '~/lib/cn';
import { formatDateBR } from '~/lib/dates';
import { formatDecimalInput } from '~/lib/decimal';
import { formatPrice } from '~/lib/money';
import { FALLBACK_PLAN_ICON, isPlanIconName, PLAN_ICON_LABELS, PLAN_ICON_NAMES } from '~/lib/plan-icons';
import { findPlan, PLANS, SUBSCRIPTION_STATUS_LABELS, type PlanOption } from '~/lib/plans';
import { formDataToObject, type FormObject } from '~/lib/form-data';
import { PLAN_LIMITS, planFormSchema, planIdSchema } from '~/lib/schemas/admin-plan';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import {
  assignSubscriptionSchema,
  EMAIL_MAX_LENGTH,
  removeSubscriptionSchema,
  subscriberPageSchema,
  SUBSCRIBERS_PAGE_SIZE,
} from '~/lib/schemas/admin-subscription';
import type { ToastMessage } from '~/lib/toast';
import { getDb } from '~/server/infra/db.server';
import { getEditablePlanConfig, listPlanOptions, updatePlanConfig } from '~/server/subscriptions/plans.server';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import {
  assignSubscriptionByEmail,
  listAllSubscriptions,
  removeSubscription,
  type SubscriptionPage,
} from '~/server/subscriptions/subscriptions.server';
import { BODY_LIMITS, readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/subscriptions';
import { log } from '~/server/infra/log.server';

export const meta: Route.MetaFunction = () => [
  { title: 'Assinaturas | Painel Administrativo | Clarear' },
  { name: 'robots', content: 'noindex' },
];

const REMOVE_CONFIRMATION = 'Tem certeza que deseja remover a assinatura deste usuário? Esta ação é irreversível.';
const ALREADY_SUBSCRIBED = 'Este usuário já possui uma assinatura ativa.';

type Benefit = { text: string; icon: string };
type Step = { title: string; description: string };

/** The plan as the editor needs it (dates as text for the browser), with its three options (plan_options). */
type EditablePlan = {
  id: string;
  planName: string;
  options: PlanOption[];
  headline: string;
  description: string;
  imageUrl: string | null;
  isActive: boolean;
  benefits: Benefit[];
  steps: Step[];
  updatedAt: string;
};

type LoadError = { title: string; description: string };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = subscriberPageSchema.parse(new URL(request.url).searchParams.get('pagina'));

  let plan: EditablePlan | null = null;
  let planError: LoadError | null = null;
  let price: string | null = null;
  try {
    const db = await getDb();
    const [config, stored] = await Promise.all([getEditablePlanConfig(db), listPlanOptions(db)]);
    // An assignment costs the monthly option's price of today (plan_options).
    price = stored.find((o) => o.frequency === 'monthly')?.price ?? null;
    if (config) {
      const { howItWorksSteps, updatedAt, ...rest } = config;
      // All three options are always in the editor: one missing from the table is typed in again.
      const options = PLANS.map((p) => stored.find((o) => o.frequency === p.frequency) ?? { ...p, price: '', highlight: null });
      plan = { ...rest, options, steps: howItWorksSteps, updatedAt: updatedAt.toISOString() };
    } else {
      planError = { title: 'Erro ao buscar plano', description: 'Nenhum plano de assinatura cadastrado.' };
    }
  } catch (error) {
    log.error('admin/assinaturas: falha ao buscar o plano', error);
    planError = { title: 'Erro ao buscar plano', description: 'Não foi possível carregar o plano agora. Recarregue a página para tentar de novo.' };
  }

  let list: SubscriptionPage | null = null;
  let listError: LoadError | null = null;
  try {
    list = await listAllSubscriptions(await getDb(), { page, pageSize: SUBSCRIBERS_PAGE_SIZE });
  } catch (error) {
    log.error('admin/assinaturas: falha ao buscar assinantes', error);
    listError = { title: 'Erro ao buscar assinantes', description: 'Não foi possível carregar as assinaturas agora. Recarregue a página para tentar de novo.' };
  }

  return { plan, planError, list, listError, assignPrice: price };
}

type Intent = 'update-plan' | 'assign' | 'remove';
type ActionData = { intent: Intent | null; ok: boolean; toast: ToastMessage; errors: FieldErrors };

const success = (intent: Intent, message: ToastMessage) => data<ActionData>({ intent, ok: true, toast: message, errors: {} });
const failure = (intent: Intent | null, title: string, description: string, status: number, errors: FieldErrors = {}) =>
  data<ActionData>({ intent, ok: false, toast: { title, description, variant: 'destructive' }, errors }, status);

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const form = formDataToObject(await readForm(request, BODY_LIMITS.adminPlan));
  if (form.intent === 'update-plan') return updatePlan(form);
  if (form.intent === 'assign') return assign(form, admin.id);
  if (form.intent === 'remove') return remove(form);
  return failure(null, 'Ação inválida', 'Recarregue a página e tente novamente.', 400);
}

async function updatePlan(form: FormObject) {
  const title = 'Erro ao atualizar plano';
  const id = planIdSchema.safeParse(form.id);
  if (!id.success) return failure('update-plan', title, 'Plano não encontrado.', 404);
  const parsed = planFormSchema.safeParse(form);
  if (!parsed.success) return failure('update-plan', title, 'Confira os campos destacados.', 400, fieldErrors(parsed.error));
  try {
    const result = await updatePlanConfig(await getDb(), id.data, parsed.data);
    if (result === 'not-found') return failure('update-plan', title, 'Plano não encontrado.', 404);
    if (result === 'conflict') return failure('update-plan', title, 'Outro plano foi ativado ao mesmo tempo. Recarregue a página e tente novamente.', 409);
  } catch (error) {
    log.error('admin/assinaturas: falha ao atualizar o plano', error);
    return failure('update-plan', title, 'Não foi possível salvar agora. Tente novamente.', 500);
  }
  return success('update-plan', {
    title: 'Plano atualizado com sucesso!',
    description: parsed.data.isActive ? 'As alterações já aparecem na página da assinatura.' : 'O plano está inativo e não aparece na loja.',
  });
}

async function assign(form: FormObject, adminId: string) {
  const title = 'Erro ao atribuir assinatura';
  const parsed = assignSubscriptionSchema.safeParse(form);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return failure('assign', title, errors.email ?? 'Confira o e-mail.', 400, errors);
  }
  try {
    const result = await assignSubscriptionByEmail(await getDb(), parsed.data.email, undefined, adminId);
    if (result.status === 'user-not-found') {
      return failure('assign', 'Usuário não encontrado', 'Verifique o e-mail e tente novamente.', 404, {
        email: 'Usuário não encontrado. Verifique o e-mail e tente novamente.',
      });
    }
    if (result.status === 'already-subscribed') return failure('assign', title, ALREADY_SUBSCRIBED, 409, { email: ALREADY_SUBSCRIBED });
  } catch (error) {
    log.error('admin/assinaturas: falha ao atribuir', error);
    return failure('assign', title, 'Não foi possível atribuir agora. Tente novamente.', 500);
  }
  return success('assign', { title: 'Assinatura atribuída com sucesso!', description: `Assinatura mensal ativa para ${parsed.data.email}.` });
}

async function remove(form: FormObject) {
  const title = 'Erro ao remover assinatura';
  const parsed = removeSubscriptionSchema.safeParse(form);
  if (!parsed.success) return failure('remove', title, 'Assinatura não encontrada.', 404);
  try {
    if (!(await removeSubscription(await getDb(), parsed.data.subscriptionId))) return failure('remove', title, 'Assinatura não encontrada.', 404);
  } catch (error) {
    log.error('admin/assinaturas: falha ao remover', error);
    return failure('remove', title, 'Não foi possível remover agora. Tente novamente.', 500);
  }
  return success('remove', { title: 'Assinatura removida com sucesso.' });
}

// ---------------------------------------------------------------- page

type Fetcher = FetcherWithComponents<ActionData>;

const ALERT_BOX = 'rounded-lg border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200';
const HINT_TEXT = 'text-sm text-slate-600 dark:text-slate-400';

export default function AdminSubscriptions({ loaderData }: Route.ComponentProps) {
  const { plan, planError, list, listError, assignPrice: price } = loaderData;
  // The fetchers live here: a removed row and a saved editor (remounted with the
  // saved values) unmount, and their toasts must still show.
  const planFetcher = useFetcher<ActionData>();
  const assignFetcher = useFetcher<ActionData>();
  const removeFetcher = useFetcher<ActionData>();
  const listHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (planError) toast({ ...planError, variant: 'destructive' });
  }, [planError]);
  useEffect(() => {
    if (listError) toast({ ...listError, variant: 'destructive' });
  }, [listError]);
  useEffect(() => {
    if (planFetcher.data) toast(planFetcher.data.toast);
  }, [planFetcher.data]);
  useEffect(() => {
    if (assignFetcher.data) toast(assignFetcher.data.toast);
  }, [assignFetcher.data]);
  useEffect(() => {
    if (!removeFetcher.data) return;
    toast(removeFetcher.data.toast);
    // The removed row (and the button that opened the dialog) is gone: keep the
    // keyboard where the list starts, after the dialog has returned focus.
    if (removeFetcher.data.ok) setTimeout(() => listHeading.current?.focus(), 0);
  }, [removeFetcher.data]);

  return (
    <div className="grid gap-10">
      <h1 className="text-2xl font-bold">Assinaturas</h1>

      <section aria-labelledby="titulo-plano" className="grid gap-4">
        <div>
          <h2 id="titulo-plano" className="text-xl font-bold">
            Plano de assinatura
          </h2>
          <p className={HINT_TEXT}>O conteúdo da página da assinatura (/assinatura).</p>
        </div>
        {plan ? (
          // A new key after each save shows the values as stored (trimmed, price formatted).
          <PlanEditor key={`${plan.id}:${plan.updatedAt}`} plan={plan} fetcher={planFetcher} />
        ) : (
          <div role="alert" className={ALERT_BOX}>
            <p className="font-semibold">{planError?.title ?? 'Erro ao buscar plano'}</p>
            <p className="text-sm">{planError?.description}</p>
          </div>
        )}
      </section>

      <section aria-labelledby="titulo-assinantes" className="grid gap-6">
        <h2 id="titulo-assinantes" ref={listHeading} tabIndex={-1} className="text-xl font-bold">
          Assinantes
        </h2>
        <AssignForm fetcher={assignFetcher} price={price} />
        {list ? (
          <SubscriberList list={list} fetcher={removeFetcher} />
        ) : (
          <div role="alert" className={ALERT_BOX}>
            <p className="font-semibold">{listError?.title ?? 'Erro ao buscar assinantes'}</p>
            <p className="text-sm">{listError?.description}</p>
          </div>
        )}
      </section>
    </div>
  );
}

// ---------------------------------------------------------------- plan editor

function PlanEditor({ plan, fetcher }: { plan: EditablePlan; fetcher: Fetcher }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [benefits, setBenefits] = useState<Row<Benefit>[]>(() =>
    toRows(plan.benefits.map((b) => ({ text: b.text, icon: isPlanIconName(b.icon) ? b.icon : FALLBACK_PLAN_ICON })), 'b'),
  );
  const [steps, setSteps] = useState<Row<Step>[]>(() => toRows(plan.steps, 's'));
  // What the browser found, until the server answers again.
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const serverErrors = fetcher.data?.intent === 'update-plan' ? fetcher.data.errors : undefined;
  useEffect(() => setClientErrors(null), [serverErrors]);
  const errors = clientErrors ?? serverErrors ?? {};
  const busy = fetcher.state !== 'idle';

  /** A row moved, came or went: the messages of that list no longer point at the right rows. */
  function forgetListErrors(list: 'benefits' | 'steps') {
    setClientErrors((current) => {
      const next: FieldErrors = {};
      for (const [key, message] of Object.entries(current ?? serverErrors ?? {})) {
        if (key !== list && !key.startsWith(`${list}.`)) next[key] = message;
      }
      return next;
    });
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const parsed = planFormSchema.safeParse(formDataToObject(new FormData(event.currentTarget)));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(fieldErrors(parsed.error));
    toast({ title: 'Erro ao atualizar plano', description: 'Confira os campos destacados.', variant: 'destructive' });
    // After the messages render, take the keyboard to the first field to fix.
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
  }

  return (
    <fetcher.Form ref={formRef} method="post" noValidate onSubmit={onSubmit} aria-labelledby="titulo-plano" className="grid gap-6">
      <input type="hidden" name="intent" value="update-plan" />
      <input type="hidden" name="id" value={plan.id} />

      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 md:p-6 dark:border-slate-800 dark:bg-slate-900">
        <div className="sm:col-span-2">
          <Field label="Nome do plano" name="planName" defaultValue={plan.planName} maxLength={PLAN_LIMITS.planName} required error={errors.planName} />
        </div>
        <div className="sm:col-span-2">
          <Field label="Chamada principal" name="headline" defaultValue={plan.headline} maxLength={PLAN_LIMITS.headline} required error={errors.headline} />
        </div>
        <div className="sm:col-span-2">
          <TextareaField
            label="Descrição do plano"
            name="description"
            rows={5}
            defaultValue={plan.description}
            maxLength={PLAN_LIMITS.description}
            error={errors.description}
          />
        </div>
        <div className="sm:col-span-2">
          <ImageField name="imageUrl" label="Imagem do plano" defaultValue={plan.imageUrl} error={errors.imageUrl} />
        </div>
        <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
          <input type="checkbox" name="isActive" defaultChecked={plan.isActive} className="h-4 w-4 accent-brand-700" />
          Plano ativo (exibido na página da assinatura)
        </label>
      </div>

      <PlanOptionsFields options={plan.options} errors={errors} />

      <EditableList
        legend="Benefícios"
        itemLabel="Benefício"
        addLabel="Adicionar benefício"
        max={PLAN_LIMITS.benefits}
        rows={benefits}
        onChange={(rows) => {
          setBenefits(rows);
          forgetListErrors('benefits');
        }}
        blank={{ text: '', icon: FALLBACK_PLAN_ICON }}
        error={errors.benefits}
        renderFields={(row, index, update) => (
          <div className="grid gap-3 sm:grid-cols-[1fr_15rem]">
            <Field
              label="Texto"
              name={`benefits.${index}.text`}
              value={row.text}
              onChange={(e) => update({ text: e.currentTarget.value })}
              maxLength={PLAN_LIMITS.benefitText}
              required
              error={errors[`benefits.${index}.text`]}
            />
            <SelectField
              label="Ícone"
              name={`benefits.${index}.icon`}
              value={row.icon}
              onChange={(e) => update({ icon: e.currentTarget.value })}
              error={errors[`benefits.${index}.icon`]}
              preview={<PlanIcon name={row.icon} className="h-6 w-6 shrink-0 text-brand-700 dark:text-brand-200" />}
            >
              {PLAN_ICON_NAMES.map((name) => (
                <option key={name} value={name}>
                  {PLAN_ICON_LABELS[name]}
                </option>
              ))}
            </SelectField>
          </div>
        )}
      />

      <EditableList
        legend="Como funciona"
        itemLabel="Passo"
        addLabel="Adicionar passo"
        max={PLAN_LIMITS.steps}
        rows={steps}
        onChange={(rows) => {
          setSteps(rows);
          forgetListErrors('steps');
        }}
        blank={{ title: '', description: '' }}
        error={errors.steps}
        renderFields={(row, index, update) => (
          <div className="grid gap-3">
            <Field
              label="Título"
              name={`steps.${index}.title`}
              value={row.title}
              onChange={(e) => update({ title: e.currentTarget.value })}
              maxLength={PLAN_LIMITS.stepTitle}
              required
              error={errors[`steps.${index}.title`]}
            />
            <TextareaField
              label="Descrição"
              name={`steps.${index}.description`}
              rows={2}
              value={row.description}
              onChange={(e) => update({ description: e.currentTarget.value })}
              maxLength={PLAN_LIMITS.stepDescription}
              required
              hint={`${PAYMENT_METHODS_TOKEN} mostra as formas de pagamento que a loja aceita no momento.`}
              error={errors[`steps.${index}.description`]}
            />
          </div>
        )}
      />

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? 'Salvando...' : 'Salvar plano'}
        </Button>
        <Link to="/assinatura" target="_blank" rel="noopener" className={buttonVariants({ variant: 'outline' })}>
          Ver página da assinatura<span className="sr-only"> (abre em nova aba)</span>
        </Link>
      </div>
    </fetcher.Form>
  );
}

/**
 * The three options: name and months are fixed (lib/plans); price and highlight are the admin's.
 * Posted as options.N.frequency / .price / .highlight; what was typed stays when the save is refused.
 */
function PlanOptionsFields({ options, errors }: { options: PlanOption[]; errors: FieldErrors }) {
  return (
    <fieldset
      aria-describedby={errors.options ? 'opcoes-plano-dica opcoes-plano-erro' : 'opcoes-plano-dica'}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 md:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <legend className="px-1 text-lg font-semibold">Opções do plano</legend>
      <p id="opcoes-plano-dica" className={HINT_TEXT}>
        Preços e destaques mostrados em /assinatura e cobrados no checkout. Um novo preço vale para as novas assinaturas; as atuais continuam
        pagando o valor com que foram feitas. A assinatura atribuída neste painel custa o preço do plano mensal.
      </p>
      {errors.options ? (
        <p id="opcoes-plano-erro" className="text-sm text-red-700 dark:text-red-400">
          {errors.options}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-3">
        {options.map((option, index) => (
          <fieldset key={option.frequency} className="grid content-start gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <legend className="px-1 text-sm font-semibold">{option.name}</legend>
            <p className={HINT_TEXT}>{option.months === 1 ? 'Cobrado todo mês' : `Cobrado a cada ${option.months} meses`}</p>
            <input type="hidden" name={`options.${index}.frequency`} value={option.frequency} />
            <DecimalField
              label="Preço (R$)"
              name={`options.${index}.price`}
              defaultValue={formatDecimalInput(option.price)}
              hint="Ex.: 49,90"
              required
              error={errors[`options.${index}.price`] ?? errors[`options.${index}.frequency`]}
            />
            <Field
              label="Destaque (opcional)"
              name={`options.${index}.highlight`}
              defaultValue={option.highlight ?? ''}
              maxLength={PLAN_LIMITS.highlight}
              placeholder="Ex.: Economize 5%!"
              error={errors[`options.${index}.highlight`]}
            />
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}

// ---------------------------------------------------------------- assign

function AssignForm({ fetcher, price }: { fetcher: Fetcher; price: string | null }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const answer = fetcher.data?.intent === 'assign' ? fetcher.data : undefined;
  useEffect(() => {
    setClientErrors(null);
    // Assigned: empty the field for the next one. Refused: keep what was typed.
    if (answer?.ok) formRef.current?.reset();
  }, [answer]);
  const errors = clientErrors ?? answer?.errors ?? {};
  const busy = fetcher.state !== 'idle';

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const parsed = assignSubscriptionSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(fieldErrors(parsed.error));
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
  }

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="titulo-atribuir"
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 md:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id="titulo-atribuir" className="text-lg font-semibold">
        Atribuir assinatura
      </h3>
      <p className={HINT_TEXT}>
        Cria uma assinatura mensal ativa{price ? ` de ${formatPrice(price)}` : ''} para o usuário com este e-mail, com a próxima entrega daqui a
        um mês.
      </p>
      <input type="hidden" name="intent" value="assign" />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,28rem)_auto] sm:items-start sm:justify-start">
        <Field label="E-mail do usuário" name="email" type="email" autoComplete="off" maxLength={EMAIL_MAX_LENGTH} required error={errors.email} />
        <Button type="submit" disabled={busy} className="sm:mt-[1.625rem]">
          {busy ? 'Atribuindo...' : 'Atribuir assinatura'}
        </Button>
      </div>
    </fetcher.Form>
  );
}

// ---------------------------------------------------------------- list

function SubscriberList({ list, fetcher }: { list: SubscriptionPage; fetcher: Fetcher }) {
  const [removingId, setRemovingId] = useState<string | null>(null);
  const busy = fetcher.state !== 'idle';
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.intent === 'remove' && fetcher.data.ok) setRemovingId(null);
  }, [fetcher.state, fetcher.data]);

  if (list.total === 0) return <p className="text-slate-700 dark:text-slate-300">Nenhuma assinatura cadastrada.</p>;

  const first = (list.page - 1) * SUBSCRIBERS_PAGE_SIZE + 1;
  const last = first + list.subscriptions.length - 1;
  return (
    <div className="grid gap-3">
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full min-w-[56rem] text-left text-sm">
          <caption className="px-4 py-3 text-left text-sm text-slate-700 dark:text-slate-300">
            Todas as assinaturas, da mais recente para a mais antiga ({list.total === 1 ? '1 assinatura' : `${first}–${last} de ${list.total}`}).
          </caption>
          <thead className="border-y border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-700 uppercase dark:border-slate-800 dark:bg-slate-950 dark:text-slate-300">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">
                Cliente
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Plano
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Status
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Valor
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Próxima entrega
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Criada em
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                <span className="sr-only">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {list.subscriptions.map((s) => (
              <tr key={s.id} data-subscription-id={s.id}>
                <th scope="row" className="px-4 py-3 font-normal">
                  <Link to={`/admin/subscriptions/${s.id}`} className="block font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-200">
                    {s.userName}
                  </Link>
                  <span className="block text-slate-600 dark:text-slate-400">{s.userEmail}</span>
                </th>
                <td className="px-4 py-3">{findPlan(s.frequency)?.name ?? s.frequency}</td>
                <td className="px-4 py-3">
                  <StatusBadge status={s.status} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{formatPrice(s.totalValue)}</td>
                <td className="px-4 py-3 whitespace-nowrap">{formatDateBR(s.nextDeliveryDate)}</td>
                <td className="px-4 py-3 whitespace-nowrap">{formatDateBR(s.createdAt)}</td>
                <td className="px-4 py-3 text-right">
                  <ConfirmDialog
                    open={removingId === s.id}
                    onOpenChange={(open) => setRemovingId(open ? s.id : null)}
                    title="Remover assinatura"
                    description={REMOVE_CONFIRMATION}
                    trigger={
                      <Button type="button" variant="outline" size="sm">
                        <Trash2 className="h-4 w-4" aria-hidden />
                        Remover<span className="sr-only"> a assinatura de {s.userEmail}</span>
                      </Button>
                    }
                    fetcher={fetcher}
                    fields={{ intent: 'remove', subscriptionId: s.id }}
                    confirmLabel="Sim, remover assinatura"
                    busyLabel="Removendo..."
                    busy={busy}
                  >
                    <p className="text-sm text-slate-700 dark:text-slate-300">
                      Assinatura de <strong>{s.userName}</strong> ({s.userEmail}), {SUBSCRIPTION_STATUS_LABELS[s.status]?.toLowerCase() ?? s.status}.
                    </p>
                  </ConfirmDialog>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={list.page} pageCount={list.pageCount} label="Páginas de assinaturas" />
    </div>
  );
}

/** A subscription's status: green for active, yellow for any other. */
function StatusBadge({ status }: { status: string }) {
  const active = status === 'active';
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        active ? 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200' : 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
      )}
    >
      {SUBSCRIPTION_STATUS_LABELS[status] ?? status}
    </span>
  );
}
