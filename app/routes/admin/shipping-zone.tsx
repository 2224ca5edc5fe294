// /admin/frete/zonas/:id and /admin/frete/zonas/nova: a freight zone, where a service's prices apply:
// whole states (27 checkboxes) and CEP ranges (masked 00000-000, both ends inclusive). Saved through
// server/shipping/admin.server.ts; deleting asks first and says what goes with it (the services'
// brackets in the zone and its free-shipping rules).
import { ArrowLeft, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Form, Link, redirect, useFetcher, useNavigation } from 'react-router';
import { AddRowButton, RemoveRowButton, useRowList } from '~/components/admin/row-list';
import { Button, buttonVariants } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Field } from '~/components/ui/field';
import { toast } from '~/components/ui/toaster';
import { useClientValidation } from '~/components/use-client-validation';
import { formatCep } from '~/lib/cep';
import type { FormObject } from '~/lib/form-data';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { SHIPPING_LIMITS, shippingIdParam, zoneFormSchema, zoneFormToObject } from '~/lib/schemas/shipping';
import { STATES } from '~/lib/states';
import type { ToastMessage } from '~/lib/toast';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { flashToast } from '~/server/infra/cookies.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { log } from '~/server/infra/log.server';
import { backToFreightList, refused, UNCHANGED } from '~/server/shipping/edit-answers.server';
import { deleteZone, getEditableZone, saveZone, ShippingFormError, ShippingNotFoundError, type EditableZone } from '~/server/shipping/admin.server';
import type { Route } from './+types/shipping-zone';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.zone.id ? 'Editar zona de frete' : 'Nova zona de frete'} | Painel Administrativo | Clarear` },
  { name: 'robots', content: 'noindex' },
];

const idParam = shippingIdParam('nova');
const NOT_FOUND: ToastMessage = { title: 'Zona não encontrada', description: 'Ela pode ter sido excluída.', variant: 'destructive' };
const SAVE_ERROR = 'Erro ao salvar a zona';

type RangeRow = { from: string; to: string };
type FormZone = { name: string; states: string[]; cepRanges: RangeRow[] };

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = idParam.safeParse(params.id);
  if (!id.success) throw await backToFreightList(NOT_FOUND);
  if (id.data === 'nova') {
    const usage: EditableZone['usage'] = { services: [], rules: [] };
    return { zone: { id: null, updatedAt: null, name: '', states: [] as string[], cepRanges: [] as RangeRow[], usage } };
  }
  const saved = await getEditableZone(await getDb(), id.data);
  if (!saved) throw await backToFreightList(NOT_FOUND);
  return {
    zone: {
      id: saved.id,
      updatedAt: saved.updatedAt as Date | null,
      name: saved.name,
      states: saved.states as string[],
      cepRanges: saved.cepRanges.map((r) => ({ from: formatCep(r.from), to: formatCep(r.to) })),
      usage: saved.usage,
    },
  };
}

type ActionData = { errors: FieldErrors; toast: ToastMessage; typed?: FormObject };

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminAction(request);
  const id = idParam.safeParse(params.id);
  if (!id.success) throw await backToFreightList(NOT_FOUND);
  const zoneId = id.data === 'nova' ? null : id.data;
  const form = await readForm(request);
  const db = await getDb();

  if (form.get('intent') === 'delete') {
    if (!zoneId) throw await backToFreightList(NOT_FOUND);
    try {
      const { name } = await deleteZone(db, zoneId);
      return backToFreightList({ title: 'Zona excluída', description: `“${name}” e os preços nela foram excluídos.` });
    } catch (error) {
      if (error instanceof ShippingNotFoundError) throw await backToFreightList(NOT_FOUND);
      log.error('admin/frete/zona: falha ao excluir', error);
      return refused(500, 'Erro ao excluir a zona', UNCHANGED);
    }
  }

  const typed = zoneFormToObject(form);
  const parsed = zoneFormSchema.safeParse(typed);
  if (!parsed.success) {
    return refused(400, SAVE_ERROR, 'Confira os campos destacados.', fieldErrors(parsed.error), typed);
  }
  let savedId: string;
  try {
    savedId = await saveZone(db, zoneId, parsed.data);
  } catch (error) {
    if (error instanceof ShippingNotFoundError) throw await backToFreightList(NOT_FOUND);
    if (error instanceof ShippingFormError) {
      return refused(409, SAVE_ERROR, error.message, { [error.field]: error.message }, typed);
    }
    log.error('admin/frete/zona: falha ao salvar', error);
    return refused(500, SAVE_ERROR, UNCHANGED, {}, typed);
  }
  return redirect(`/admin/frete/zonas/${savedId}`, { headers: { 'Set-Cookie': await flashToast({ title: 'Zona salva!' }) } });
}

/** What was typed, back in the form's shape (a page without JavaScript shows it again after a refusal). */
function fromTyped(typed: FormObject): FormZone {
  const rows = Array.isArray(typed.cepRanges) ? (typed.cepRanges as FormObject[]) : [];
  return {
    name: typeof typed.name === 'string' ? typed.name : '',
    states: Array.isArray(typed.states) ? typed.states.filter((v): v is string => typeof v === 'string') : [],
    cepRanges: rows.map((r) => ({ from: typeof r?.from === 'string' ? r.from : '', to: typeof r?.to === 'string' ? r.to : '' })),
  };
}

export default function ShippingZoneEdit({ loaderData, actionData }: Route.ComponentProps) {
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData]);
  const { zone } = loaderData;
  // A save reloads the page: the form starts afresh from what was saved.
  return <ZoneForm key={`${zone.id ?? 'nova'}:${zone.updatedAt?.getTime() ?? ''}`} zone={zone} serverErrors={actionData?.errors} typed={actionData?.typed} />;
}

const FIELDSET = 'grid gap-4 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900';
const LEGEND = 'px-1 text-lg font-semibold';

type ZoneData = Awaited<ReturnType<typeof loader>>['zone'];

function ZoneForm({ zone, serverErrors, typed }: { zone: ZoneData; serverErrors: FieldErrors | undefined; typed: FormObject | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') !== 'delete';
  const [start] = useState<FormZone>(() => (typed ? fromTyped(typed) : zone));
  const validation = useClientValidation(zoneFormSchema, serverErrors, zoneFormToObject);
  const ranges = useRowList<RangeRow>(start.cepRanges);
  const errors = ranges.moved ? Object.fromEntries(Object.entries(validation.errors).filter(([key]) => !key.startsWith('cepRanges.'))) : validation.errors;
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    ranges.resetMoved();
    validation.onSubmit(event);
  };
  const statesError = errors.states;

  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/admin/frete" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-200">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para frete
      </Link>
      <h1 className="mt-2 text-2xl font-bold">{zone.id ? `Editar zona: ${zone.name}` : 'Nova zona de frete'}</h1>
      <p className="mt-1 max-w-3xl text-slate-700 dark:text-slate-300">
        Uma zona junta estados inteiros e faixas de CEP. Quando um CEP cai em mais de uma zona de um serviço, a faixa de CEP vale mais que o estado.
      </p>

      <Form method="post" noValidate onSubmit={onSubmit} className="mt-6 grid gap-8" aria-describedby={errors.form ? 'erro-formulario' : undefined}>
        {errors.form ? (
          <p id="erro-formulario" role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
            {errors.form}
          </p>
        ) : null}
        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Zona</legend>
          <Field label="Nome *" name="name" defaultValue={start.name} maxLength={SHIPPING_LIMITS.name} placeholder="Ex.: Grande São Paulo" error={errors.name} />
        </fieldset>

        <fieldset className={FIELDSET} aria-describedby={statesError ? 'estados-ajuda estados-erro' : 'estados-ajuda'}>
          <legend className={LEGEND}>Estados</legend>
          <p id="estados-ajuda" className="text-sm text-slate-700 dark:text-slate-300">
            Todo CEP destes estados está na zona. Informe ao menos um estado ou uma faixa de CEP.
          </p>
          {statesError ? (
            <p id="estados-erro" className="text-sm text-red-700 dark:text-red-400">
              {statesError}
            </p>
          ) : null}
          <ul className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-4">
            {STATES.map((s) => (
              <li key={s.uf} className="flex items-center gap-2">
                <input
                  id={`uf-${s.uf}`}
                  type="checkbox"
                  name="states"
                  value={s.uf}
                  defaultChecked={start.states.includes(s.uf)}
                  aria-invalid={statesError ? true : undefined}
                  className="h-5 w-5 accent-brand-700"
                />
                <label htmlFor={`uf-${s.uf}`} className="text-sm">
                  {s.uf} — {s.name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>

        <fieldset className={FIELDSET} aria-describedby="faixas-ajuda">
          <legend className={LEGEND}>Faixas de CEP</legend>
          <p id="faixas-ajuda" className="text-sm text-slate-700 dark:text-slate-300">
            Do CEP inicial ao final, os dois incluídos (ex.: Grande São Paulo, 01000-000 a 09999-999).
          </p>
          <div ref={ranges.listRef} className="grid gap-3">
            {ranges.rows.length > 0 ? (
              <ol className="grid gap-3">
                {ranges.rows.map((row, i) => {
                  const n = i + 1;
                  const fromError = errors[`cepRanges.${i}.from`];
                  const toError = errors[`cepRanges.${i}.to`];
                  return (
                    <li key={row.key} data-row={row.key}>
                      <fieldset className="grid items-start gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_auto] dark:border-slate-700">
                        <legend className="px-1 text-sm font-semibold">Faixa de CEP {n}</legend>
                        <CepInput label="De" name={`cepRanges.${i}.from`} value={row.from} error={fromError} onChange={(from) => ranges.update(row.key, { from })} />
                        <CepInput label="Até" name={`cepRanges.${i}.to`} value={row.to} error={toError} onChange={(to) => ranges.update(row.key, { to })} />
                        <div className="sm:pt-7">
                          <RemoveRowButton label={`Remover faixa de CEP ${n}`} onClick={() => ranges.remove(row.key)} />
                        </div>
                      </fieldset>
                    </li>
                  );
                })}
              </ol>
            ) : null}
            <div>
              <AddRowButton disabled={ranges.rows.length >= SHIPPING_LIMITS.cepRanges} onClick={() => ranges.add({ from: '', to: '' })}>
                Adicionar faixa de CEP
              </AddRowButton>
            </div>
          </div>
        </fieldset>

        <div className="sticky bottom-0 flex flex-wrap justify-end gap-3 border-t border-slate-200 bg-slate-50/95 py-4 dark:border-slate-800 dark:bg-slate-950/95">
          <Link to="/admin/frete" className={buttonVariants({ variant: 'outline' })}>
            Cancelar
          </Link>
          <Button type="submit" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar zona'}
          </Button>
        </div>
      </Form>

      {zone.id ? <DeleteZone name={zone.name} usage={zone.usage} /> : null}
    </div>
  );
}

function CepInput({ label, name, value, error, onChange }: { label: string; name: string; value: string; error: string | undefined; onChange: (value: string) => void }) {
  return (
    <Field
      label={label}
      name={name}
      value={value}
      onChange={(e) => onChange(formatCep(e.target.value))}
      inputMode="numeric"
      autoComplete="off"
      placeholder="00000-000"
      maxLength={9}
      error={error}
    />
  );
}

function DeleteZone({ name, usage }: { name: string; usage: EditableZone['usage'] }) {
  const fetcher = useFetcher<ActionData>();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.toast) {
      toast(fetcher.data.toast);
      setOpen(false);
    }
  }, [fetcher.state, fetcher.data]);
  const inUse = usage.services.length > 0 || usage.rules.length > 0;
  return (
    <section aria-labelledby="excluir-zona" className="mt-10 rounded-lg border border-red-200 bg-white p-5 dark:border-red-900 dark:bg-slate-900">
      <h2 id="excluir-zona" className="text-lg font-semibold">
        Excluir zona
      </h2>
      {inUse ? (
        <div className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          <p>Excluir a zona apaga também:</p>
          <ul className="mt-1 list-disc pl-5">
            {usage.services.map((s) => (
              <li key={s.name}>
                {s.rates === 1 ? '1 faixa de preço' : `${s.rates} faixas de preço`} de {s.name}
              </li>
            ))}
            {usage.rules.map((rule) => (
              <li key={rule}>a regra de frete grátis “{rule}”</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Nenhum serviço nem regra de frete grátis usa esta zona.</p>
      )}
      <div className="mt-4">
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Excluir zona de frete"
          description={
            inUse
              ? `Tem certeza que deseja excluir “${name}”? Os preços dos serviços nesta zona e as regras de frete grátis dela também serão excluídos. Esta ação não pode ser desfeita.`
              : `Tem certeza que deseja excluir “${name}”? Esta ação não pode ser desfeita.`
          }
          trigger={
            <Button type="button" variant="outline" className="text-red-700 dark:text-red-400">
              <Trash2 className="h-4 w-4" aria-hidden />
              Excluir zona
            </Button>
          }
          fetcher={fetcher}
          fields={{ intent: 'delete' }}
          confirmLabel="Sim, excluir zona"
          busyLabel="Excluindo..."
          busy={fetcher.state !== 'idle'}
        />
      </div>
    </section>
  );
}
