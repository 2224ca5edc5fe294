// /admin/frete/regras/:id and /admin/frete/regras/nova: a free-shipping rule — where (a zone or all of
// Brazil), by which service (or any), from which goods value, for subscribers only or everyone, on or
// off. Saved through server/shipping/admin.server.ts; deleting asks first.
import { ArrowLeft, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Form, Link, redirect, useFetcher, useNavigation } from 'react-router';
import { CheckboxField, DecimalField, SelectField } from '~/components/admin/form-controls';
import { Button, buttonVariants } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Field } from '~/components/ui/field';
import { toast } from '~/components/ui/toaster';
import { useClientValidation } from '~/components/use-client-validation';
import { formatDecimalInput } from '~/lib/decimal';
import { centsToDecimal } from '~/lib/money';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { ruleFormSchema, SHIPPING_LIMITS, shippingIdParam } from '~/lib/schemas/shipping';
import type { ToastMessage } from '~/lib/toast';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { flashToast } from '~/server/infra/cookies.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { log } from '~/server/infra/log.server';
import { backToFreightList, refused, UNCHANGED } from '~/server/shipping/edit-answers.server';
import { deleteRule, getEditableRule, listServiceOptions, listZoneOptions, saveRule, ShippingFormError, ShippingNotFoundError } from '~/server/shipping/admin.server';
import type { Route } from './+types/shipping-rule';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.rule.id ? 'Editar regra de frete grátis' : 'Nova regra de frete grátis'} | Painel Administrativo | Clarear` },
  { name: 'robots', content: 'noindex' },
];

const idParam = shippingIdParam('nova');
const NOT_FOUND: ToastMessage = { title: 'Regra não encontrada', description: 'Ela pode ter sido excluída.', variant: 'destructive' };
const SAVE_ERROR = 'Erro ao salvar a regra';

type FormRule = { name: string; zoneId: string; serviceId: string; minSubtotal: string; subscribersOnly: boolean; active: boolean };

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = idParam.safeParse(params.id);
  if (!id.success) throw await backToFreightList(NOT_FOUND);
  const db = await getDb();
  const [zones, services] = await Promise.all([listZoneOptions(db), listServiceOptions(db)]);
  if (id.data === 'nova') {
    const rule: FormRule & { id: null; updatedAt: null } = { id: null, updatedAt: null, name: '', zoneId: '', serviceId: '', minSubtotal: '', subscribersOnly: false, active: false };
    return { rule, zones, services };
  }
  const saved = await getEditableRule(db, id.data);
  if (!saved) throw await backToFreightList(NOT_FOUND);
  const rule: FormRule & { id: string; updatedAt: Date } = {
    id: saved.id,
    updatedAt: saved.updatedAt,
    name: saved.name,
    zoneId: saved.zoneId ?? '',
    serviceId: saved.serviceId ?? '',
    minSubtotal: saved.minSubtotalCents === null ? '' : formatDecimalInput(centsToDecimal(saved.minSubtotalCents)),
    subscribersOnly: saved.subscribersOnly,
    active: saved.active,
  };
  return { rule, zones, services };
}

type Typed = Record<string, string>;
type ActionData = { errors: FieldErrors; toast: ToastMessage; typed?: Typed };

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminAction(request);
  const id = idParam.safeParse(params.id);
  if (!id.success) throw await backToFreightList(NOT_FOUND);
  const ruleId = id.data === 'nova' ? null : id.data;
  const form = await readForm(request);
  const db = await getDb();

  if (form.get('intent') === 'delete') {
    if (!ruleId) throw await backToFreightList(NOT_FOUND);
    try {
      const { name } = await deleteRule(db, ruleId);
      return backToFreightList({ title: 'Regra excluída', description: `“${name}” não vale mais no checkout.` });
    } catch (error) {
      if (error instanceof ShippingNotFoundError) throw await backToFreightList(NOT_FOUND);
      log.error('admin/frete/regra: falha ao excluir', error);
      return refused(500, 'Erro ao excluir a regra', UNCHANGED);
    }
  }

  const typed: Typed = Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));
  const parsed = ruleFormSchema.safeParse(typed);
  if (!parsed.success) {
    return refused(400, SAVE_ERROR, 'Confira os campos destacados.', fieldErrors(parsed.error), typed);
  }
  let savedId: string;
  try {
    savedId = await saveRule(db, ruleId, parsed.data);
  } catch (error) {
    if (error instanceof ShippingNotFoundError) throw await backToFreightList(NOT_FOUND);
    if (error instanceof ShippingFormError) {
      return refused(409, SAVE_ERROR, error.message, { [error.field]: error.message }, typed);
    }
    log.error('admin/frete/regra: falha ao salvar', error);
    return refused(500, SAVE_ERROR, UNCHANGED, {}, typed);
  }
  return redirect(`/admin/frete/regras/${savedId}`, { headers: { 'Set-Cookie': await flashToast({ title: 'Regra salva!' }) } });
}

export default function ShippingRuleEdit({ loaderData, actionData }: Route.ComponentProps) {
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData]);
  const { rule } = loaderData;
  return <RuleForm key={`${rule.id ?? 'nova'}:${rule.updatedAt?.getTime() ?? ''}`} {...loaderData} serverErrors={actionData?.errors} typed={actionData?.typed} />;
}

const FIELDSET = 'grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900';

function RuleForm({
  rule,
  zones,
  services,
  serverErrors,
  typed,
}: Awaited<ReturnType<typeof loader>> & { serverErrors: FieldErrors | undefined; typed: Typed | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') !== 'delete';
  const { errors, onSubmit } = useClientValidation(ruleFormSchema, serverErrors);
  // What the admin typed (after a refused save) wins over what is saved.
  const value = (name: keyof FormRule, saved: string) => typed?.[name] ?? saved;
  const checked = (name: 'subscribersOnly' | 'active') => (typed ? typed[name] === 'on' : rule[name]);

  return (
    <div className="mx-auto max-w-3xl">
      <Link to="/admin/frete" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-200">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para frete
      </Link>
      <h1 className="mt-2 text-2xl font-bold">{rule.id ? `Editar regra: ${rule.name}` : 'Nova regra de frete grátis'}</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">O frete sai grátis quando o pedido atende tudo o que a regra pede.</p>

      <Form method="post" noValidate onSubmit={onSubmit} className="mt-6 grid gap-8" aria-describedby={errors.form ? 'erro-formulario' : undefined}>
        {errors.form ? (
          <p id="erro-formulario" role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
            {errors.form}
          </p>
        ) : null}
        <fieldset className={FIELDSET}>
          <legend className="px-1 text-lg font-semibold">Regra de frete grátis</legend>
          <div className="sm:col-span-2">
            <Field
              label="Nome *"
              name="name"
              defaultValue={value('name', rule.name)}
              maxLength={SHIPPING_LIMITS.name}
              placeholder="Ex.: Frete grátis acima de R$ 199,00"
              error={errors.name}
            />
          </div>
          <SelectField label="Onde vale" name="zoneId" defaultValue={value('zoneId', rule.zoneId)} error={errors.zoneId}>
            <option value="">Todo o Brasil</option>
            {zones.map((z) => (
              <option key={z.id} value={z.id}>
                {z.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Serviço de entrega" name="serviceId" defaultValue={value('serviceId', rule.serviceId)} error={errors.serviceId}>
            <option value="">Todos os serviços</option>
            {services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <DecimalField
            label="Valor mínimo dos produtos (R$)"
            name="minSubtotal"
            defaultValue={value('minSubtotal', rule.minSubtotal)}
            maxLength={14}
            placeholder="Qualquer valor"
            hint="Comparado com o valor dos produtos depois dos descontos. Em branco: qualquer valor."
            error={errors.minSubtotal}
          />
          <div className="grid content-start gap-3 sm:pt-7">
            <CheckboxField label="Só para assinantes" name="subscribersOnly" defaultChecked={checked('subscribersOnly')} />
            <CheckboxField label="Regra ligada" name="active" defaultChecked={checked('active')} />
          </div>
        </fieldset>

        <div className="flex flex-wrap justify-end gap-3">
          <Link to="/admin/frete" className={buttonVariants({ variant: 'outline' })}>
            Cancelar
          </Link>
          <Button type="submit" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar regra'}
          </Button>
        </div>
      </Form>

      {rule.id ? <DeleteRule name={rule.name} /> : null}
    </div>
  );
}

function DeleteRule({ name }: { name: string }) {
  const fetcher = useFetcher<ActionData>();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.toast) {
      toast(fetcher.data.toast);
      setOpen(false);
    }
  }, [fetcher.state, fetcher.data]);
  return (
    <section aria-labelledby="excluir-regra" className="mt-10 rounded-lg border border-red-200 bg-white p-5 dark:border-red-900 dark:bg-slate-900">
      <h2 id="excluir-regra" className="text-lg font-semibold">
        Excluir regra
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Para suspender a regra por um tempo, basta desligá-la.</p>
      <div className="mt-4">
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Excluir regra de frete grátis"
          description={`Tem certeza que deseja excluir “${name}”? Esta ação não pode ser desfeita.`}
          trigger={
            <Button type="button" variant="outline" className="text-red-700 dark:text-red-400">
              <Trash2 className="h-4 w-4" aria-hidden />
              Excluir regra
            </Button>
          }
          fetcher={fetcher}
          fields={{ intent: 'delete' }}
          confirmLabel="Sim, excluir regra"
          busyLabel="Excluindo..."
          busy={fetcher.state !== 'idle'}
        />
      </div>
    </section>
  );
}
