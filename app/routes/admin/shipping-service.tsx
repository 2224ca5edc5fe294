// /admin/frete/servicos/:id and /admin/frete/servicos/novo: a delivery service (name, carrier, the
// dangerous goods it takes, preparation days, how its price is computed, its Melhor Envio code, on/off)
// and its price table: rows of zone, weight limit, price and deadline. The service and its table are
// saved in one transaction, only over the version the form was opened with
// (server/shipping/admin.server.ts); deleting asks first.
import { ArrowLeft, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Form, Link, redirect, useFetcher, useNavigation } from 'react-router';
import { CheckboxField, DecimalField, SelectField } from '~/components/admin/form-controls';
import { AddRowButton, RemoveRowButton, useRowList } from '~/components/admin/row-list';
import { Button, buttonVariants } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Field } from '~/components/ui/field';
import { toast } from '~/components/ui/toaster';
import { useClientValidation } from '~/components/use-client-validation';
import { cn } from '~/lib/cn';
import { formatDateTimeBR } from '~/lib/dates';
import { formatDecimalInput } from '~/lib/decimal';
import type { FormObject } from '~/lib/form-data';
import { DEFAULT_CUBIC_DIVISOR } from '~/lib/freight';
import { centsToDecimal } from '~/lib/money';
import { HAZARD_CLASSES, HAZARD_CLASS_NAMES } from '~/lib/product-safety';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { gramsToKgInput, serviceFormSchema, serviceFormToObject, serviceVersionSchema, SHIPPING_LIMITS, shippingIdParam } from '~/lib/schemas/shipping';
import type { ToastMessage } from '~/lib/toast';
import { CARRIER_LABELS, CARRIERS } from '~/lib/tracking';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { flashToast } from '~/server/infra/cookies.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { log } from '~/server/infra/log.server';
import { backToFreightList, refused, UNCHANGED } from '~/server/shipping/edit-answers.server';
import {
  deleteService,
  getEditableService,
  listZoneOptions,
  saveService,
  ServiceConflictError,
  ShippingFormError,
  ShippingNotFoundError,
} from '~/server/shipping/admin.server';
import type { Route } from './+types/shipping-service';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.service.id ? 'Editar serviço de entrega' : 'Novo serviço de entrega'} | Painel Administrativo | Clarear` },
  { name: 'robots', content: 'noindex' },
];

const idParam = shippingIdParam('novo');
const NOT_FOUND: ToastMessage = { title: 'Serviço não encontrado', description: 'Ele pode ter sido excluído.', variant: 'destructive' };
const SAVE_ERROR = 'Erro ao salvar o serviço';

/** A bracket as the form shows and posts it. */
type RateRow = { zoneId: string; maxWeightKg: string; price: string; deadlineDays: string };

/** What the form starts from: a saved service, a new one's defaults, or what was typed before a refusal. */
type FormService = {
  name: string;
  carrier: string;
  acceptedHazardClasses: string[];
  handlingDays: string;
  cubicDivisor: string;
  valuePercent: string;
  melhorEnvioServiceId: string;
  marginPercent: string;
  active: boolean;
  rates: RateRow[];
};

const NEW_SERVICE: FormService = {
  name: '',
  carrier: 'correios',
  acceptedHazardClasses: [],
  handlingDays: '1',
  cubicDivisor: String(DEFAULT_CUBIC_DIVISOR),
  valuePercent: '0',
  melhorEnvioServiceId: '',
  marginPercent: '0',
  active: false,
  rates: [],
};

/** '1.50' → '1,5'; '0.00' → '0'. */
const percentInput = (stored: string) => formatDecimalInput(stored).replace(/,?0+$/, '') || '0';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = idParam.safeParse(params.id);
  if (!id.success) throw await backToFreightList(NOT_FOUND);
  const db = await getDb();
  const zones = await listZoneOptions(db);
  if (id.data === 'novo') return { service: { id: null, version: 0, updatedAt: null, ...NEW_SERVICE }, zones };
  const saved = await getEditableService(db, id.data);
  if (!saved) throw await backToFreightList(NOT_FOUND);
  return {
    service: {
      id: saved.id,
      version: saved.version,
      updatedAt: saved.updatedAt,
      name: saved.name,
      carrier: saved.carrier as string,
      acceptedHazardClasses: saved.acceptedHazardClasses as string[],
      handlingDays: String(saved.handlingDays),
      cubicDivisor: String(saved.cubicDivisor),
      valuePercent: percentInput(saved.valuePercent),
      melhorEnvioServiceId: saved.melhorEnvioServiceId === null ? '' : String(saved.melhorEnvioServiceId),
      marginPercent: percentInput(saved.marginPercent),
      active: saved.active,
      rates: saved.rates.map((r) => ({
        zoneId: r.zoneId,
        maxWeightKg: gramsToKgInput(r.maxWeightGrams),
        price: formatDecimalInput(centsToDecimal(r.priceCents)),
        deadlineDays: String(r.deadlineDays),
      })),
    } satisfies FormService & { id: string | null; version: number; updatedAt: Date | null },
    zones,
  };
}

type ActionData = { errors: FieldErrors; toast: ToastMessage; typed?: FormObject };

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminAction(request);
  const id = idParam.safeParse(params.id);
  if (!id.success) throw await backToFreightList(NOT_FOUND);
  const serviceId = id.data === 'novo' ? null : id.data;
  const form = await readForm(request);
  const db = await getDb();

  if (form.get('intent') === 'delete') {
    if (!serviceId) throw await backToFreightList(NOT_FOUND);
    try {
      const { name } = await deleteService(db, serviceId);
      return backToFreightList({ title: 'Serviço excluído', description: `“${name}” não aparece mais no checkout.` });
    } catch (error) {
      if (error instanceof ShippingNotFoundError) throw await backToFreightList(NOT_FOUND);
      if (error instanceof ShippingFormError) {
        return refused(409, 'Erro ao excluir o serviço', error.message);
      }
      log.error('admin/frete/serviço: falha ao excluir', error);
      return refused(500, 'Erro ao excluir o serviço', UNCHANGED);
    }
  }

  const typed = serviceFormToObject(form);
  const parsed = serviceFormSchema.safeParse(typed);
  const version = serviceId ? serviceVersionSchema.safeParse(form.get('version') ?? undefined) : null;
  if (!parsed.success || (version && !version.success)) {
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (version && !version.success) errors.form = version.error.issues[0]?.message;
    return refused(400, SAVE_ERROR, 'Confira os campos destacados.', errors, typed);
  }
  let savedId: string;
  try {
    savedId = await saveService(db, serviceId, parsed.data, version?.data ?? null);
  } catch (error) {
    if (error instanceof ShippingNotFoundError) throw await backToFreightList(NOT_FOUND);
    if (error instanceof ServiceConflictError) {
      return refused(409, SAVE_ERROR, error.message, { form: error.message }, typed);
    }
    if (error instanceof ShippingFormError) {
      const field = error.field === 'active' ? 'form' : error.field;
      return refused(409, SAVE_ERROR, error.message, { [field]: error.message }, typed);
    }
    log.error('admin/frete/serviço: falha ao salvar', error);
    return refused(500, SAVE_ERROR, UNCHANGED, {}, typed);
  }
  return redirect(`/admin/frete/servicos/${savedId}`, {
    headers: { 'Set-Cookie': await flashToast({ title: 'Serviço salvo!', description: 'O checkout já usa os novos dados e preços.' }) },
  });
}

/** What was typed, back in the form's shape (a page without JavaScript shows it again after a refusal). */
function fromTyped(typed: FormObject): FormService {
  const text = (key: string) => (typeof typed[key] === 'string' ? (typed[key] as string) : '');
  const list = (key: string) => (Array.isArray(typed[key]) ? (typed[key] as unknown[]).filter((v): v is string => typeof v === 'string') : []);
  const rows = Array.isArray(typed.rates) ? (typed.rates as FormObject[]) : [];
  return {
    name: text('name'),
    carrier: text('carrier'),
    acceptedHazardClasses: list('acceptedHazardClasses'),
    handlingDays: text('handlingDays'),
    cubicDivisor: text('cubicDivisor'),
    valuePercent: text('valuePercent'),
    melhorEnvioServiceId: text('melhorEnvioServiceId'),
    marginPercent: text('marginPercent'),
    active: typed.active === 'on',
    rates: rows.map((r) => ({
      zoneId: typeof r?.zoneId === 'string' ? r.zoneId : '',
      maxWeightKg: typeof r?.maxWeightKg === 'string' ? r.maxWeightKg : '',
      price: typeof r?.price === 'string' ? r.price : '',
      deadlineDays: typeof r?.deadlineDays === 'string' ? r.deadlineDays : '',
    })),
  };
}

export default function ShippingServiceEdit({ loaderData, actionData }: Route.ComponentProps) {
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData]);
  const { service } = loaderData;
  // A save reloads the page with the new version: the form starts afresh from what was saved.
  return <ServiceForm key={`${service.id ?? 'novo'}:${service.version}`} {...loaderData} serverErrors={actionData?.errors} typed={actionData?.typed} />;
}

const FIELDSET = 'grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900';
const LEGEND = 'px-1 text-lg font-semibold';

function ServiceForm({
  service,
  zones,
  serverErrors,
  typed,
}: Awaited<ReturnType<typeof loader>> & { serverErrors: FieldErrors | undefined; typed: FormObject | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') !== 'delete';
  const [start] = useState<FormService>(() => (typed ? fromTyped(typed) : service));
  const validation = useClientValidation(serviceFormSchema, serverErrors, serviceFormToObject);
  const rates = useRowList<RateRow>(start.rates);
  // A row's messages point at its old position once rows were added or removed: hidden until the next check.
  const errors = rates.moved ? Object.fromEntries(Object.entries(validation.errors).filter(([key]) => !key.startsWith('rates.'))) : validation.errors;
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    rates.resetMoved();
    validation.onSubmit(event);
  };
  const formError = errors.form;

  return (
    <div className="mx-auto max-w-5xl">
      <Link to="/admin/frete" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-200">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para frete
      </Link>
      <h1 className="mt-2 text-2xl font-bold">{service.id ? `Editar serviço: ${service.name}` : 'Novo serviço de entrega'}</h1>
      {service.version > 1 && service.updatedAt ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Última alteração: {formatDateTimeBR(service.updatedAt)}.</p> : null}

      <Form method="post" noValidate onSubmit={onSubmit} className="mt-6 grid gap-8" aria-describedby={formError ? 'erro-formulario' : undefined}>
        {service.id ? <input type="hidden" name="version" value={service.version} /> : null}
        {formError ? (
          <p id="erro-formulario" role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
            {formError}
          </p>
        ) : null}

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Dados do serviço</legend>
          <Field label="Nome *" name="name" defaultValue={start.name} maxLength={SHIPPING_LIMITS.name} placeholder="Ex.: Correios PAC" error={errors.name} />
          <SelectField label="Transportadora *" name="carrier" defaultValue={start.carrier} error={errors.carrier}>
            {CARRIERS.map((c) => (
              <option key={c} value={c}>
                {CARRIER_LABELS[c]}
              </option>
            ))}
          </SelectField>
          <Field
            label="Dias de preparo (dias úteis) *"
            name="handlingDays"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={start.handlingDays}
            maxLength={3}
            error={errors.handlingDays}
          />
          <div className="self-end pb-2">
            <CheckboxField label="Serviço ligado" name="active" defaultChecked={start.active} hint="Ligado, aparece como opção de frete no checkout." />
          </div>
          <p className="-mt-2 text-xs text-slate-600 sm:col-span-2 dark:text-slate-400">
            Os dias de preparo (separar e embalar) somam-se ao prazo da tabela abaixo na data prometida ao cliente.
          </p>
        </fieldset>

        <fieldset className={FIELDSET} aria-describedby="perigosos-ajuda">
          <legend className={LEGEND}>Produtos perigosos aceitos</legend>
          <p id="perigosos-ajuda" className="text-sm text-slate-700 sm:col-span-2 dark:text-slate-300">
            As classes de risco para transporte que este serviço pode levar (ex.: álcool 70%, classe 3). Nenhuma marcada: só produtos comuns.
          </p>
          {errors.acceptedHazardClasses ? <p className="text-sm text-red-700 sm:col-span-2 dark:text-red-400">{errors.acceptedHazardClasses}</p> : null}
          {HAZARD_CLASSES.map((c) => (
            <CheckboxField
              key={c}
              label={`Classe ${c} — ${HAZARD_CLASS_NAMES[c]}`}
              name="acceptedHazardClasses"
              value={c}
              defaultChecked={start.acceptedHazardClasses.includes(c)}
            />
          ))}
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Cálculo do preço</legend>
          <Field
            label="Divisor do peso cúbico *"
            name="cubicDivisor"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={start.cubicDivisor}
            maxLength={6}
            error={errors.cubicDivisor}
          />
          <DecimalField
            label="Acréscimo sobre o valor dos produtos (%)"
            name="valuePercent"
            defaultValue={start.valuePercent}
            maxLength={6}
            hint="Somado ao preço da tabela (seguro, ad valorem). Ex.: 1,5"
            error={errors.valuePercent}
          />
          <p className="-mt-2 text-xs text-slate-600 sm:col-span-2 dark:text-slate-400">
            O peso cobrado é o maior entre o peso real e o cúbico (comprimento × largura × altura em cm ÷ divisor). As transportadoras costumam usar 6.000.
          </p>
          <Field
            label="Código do serviço no Melhor Envio"
            name="melhorEnvioServiceId"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={start.melhorEnvioServiceId}
            maxLength={6}
            placeholder="Ex.: 1 (PAC), 2 (SEDEX)"
            error={errors.melhorEnvioServiceId}
          />
          <DecimalField
            label="Margem sobre o preço do Melhor Envio (%)"
            name="marginPercent"
            defaultValue={start.marginPercent}
            maxLength={6}
            hint="Somada ao preço que o Melhor Envio cobra. Ex.: 10"
            error={errors.marginPercent}
          />
          <p className="-mt-2 text-xs text-slate-600 sm:col-span-2 dark:text-slate-400">
            Com o código e o Melhor Envio configurado na loja, o preço e o prazo dele substituem os da tabela; se ele não responder, vale a tabela. Em branco: só
            a tabela.
          </p>
        </fieldset>

        <RatesTable rows={rates} zones={zones} errors={errors} />

        <div className="sticky bottom-0 flex flex-wrap justify-end gap-3 border-t border-slate-200 bg-slate-50/95 py-4 dark:border-slate-800 dark:bg-slate-950/95">
          <Link to="/admin/frete" className={buttonVariants({ variant: 'outline' })}>
            Cancelar
          </Link>
          <Button type="submit" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar serviço'}
          </Button>
        </div>
      </Form>

      {service.id ? <DeleteService name={service.name} /> : null}
    </div>
  );
}

const CELL_CONTROL =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/** A table cell's control with its label for screen readers (the column header shows it) and its error below. */
function Cell({ label, error, children }: { label: string; error: string | undefined; children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => React.ReactNode }) {
  const id = useId();
  return (
    <td className="px-2 py-2 align-top">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {children({ id, ...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-erro` } : {}) })}
      {error ? (
        <p id={`${id}-erro`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </td>
  );
}

function RatesTable({ rows: list, zones, errors }: { rows: ReturnType<typeof useRowList<RateRow>>; zones: { id: string; name: string }[]; errors: FieldErrors }) {
  const { rows } = list;
  const zoneName = (id: string) => zones.find((z) => z.id === id)?.name ?? 'sem zona';
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900" aria-describedby="tabela-ajuda">
      <legend className="px-1 text-lg font-semibold">Tabela de preços por zona</legend>
      <p id="tabela-ajuda" className="text-sm text-slate-700 dark:text-slate-300">
        Cada linha vale para uma zona até um peso cobrado; o pedido usa a menor faixa que comporta o pacote. Peso em branco: qualquer peso. Preço 0,00: grátis.
        O prazo conta em dias úteis, depois do preparo.
      </p>
      {zones.length === 0 ? (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          Nenhuma zona cadastrada.{' '}
          <Link to="/admin/frete/zonas/nova" className="font-medium underline">
            Cadastre uma zona
          </Link>{' '}
          para montar a tabela.
        </p>
      ) : null}
      {errors.rates ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errors.rates}
        </p>
      ) : null}
      <div ref={list.listRef} className="grid gap-3">
        {rows.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">Nenhuma faixa: sem o Melhor Envio, este serviço não aparece no checkout.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">Faixas de preço do serviço</caption>
              <thead className="text-slate-700 dark:text-slate-200">
                <tr>
                  <th scope="col" className="px-2 py-2 font-semibold">Zona</th>
                  <th scope="col" className="w-32 px-2 py-2 font-semibold">Até (kg)</th>
                  <th scope="col" className="w-36 px-2 py-2 font-semibold">Preço (R$)</th>
                  <th scope="col" className="w-32 px-2 py-2 font-semibold">Prazo (dias úteis)</th>
                  <th scope="col" className="w-12 px-2 py-2">
                    <span className="sr-only">Remover</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => {
                  const n = i + 1;
                  return (
                    <tr key={row.key} data-row={row.key} className="border-t border-slate-200 dark:border-slate-700">
                      <Cell label={`Faixa ${n}: zona`} error={errors[`rates.${i}.zoneId`]}>
                        {(props) => (
                          <select {...props} name={`rates.${i}.zoneId`} value={row.zoneId} onChange={(e) => list.update(row.key, { zoneId: e.target.value })} className={cn(CELL_CONTROL, 'py-0')}>
                            <option value="">Escolha a zona</option>
                            {zones.map((z) => (
                              <option key={z.id} value={z.id}>
                                {z.name}
                              </option>
                            ))}
                          </select>
                        )}
                      </Cell>
                      <Cell label={`Faixa ${n}: até quantos kg`} error={errors[`rates.${i}.maxWeightKg`]}>
                        {(props) => (
                          <input
                            {...props}
                            name={`rates.${i}.maxWeightKg`}
                            value={row.maxWeightKg}
                            onChange={(e) => list.update(row.key, { maxWeightKg: e.target.value })}
                            inputMode="decimal"
                            autoComplete="off"
                            maxLength={10}
                            placeholder="Qualquer"
                            className={cn(CELL_CONTROL, 'placeholder:text-slate-500 dark:placeholder:text-slate-400')}
                          />
                        )}
                      </Cell>
                      <Cell label={`Faixa ${n}: preço em reais`} error={errors[`rates.${i}.price`]}>
                        {(props) => (
                          <input
                            {...props}
                            name={`rates.${i}.price`}
                            value={row.price}
                            onChange={(e) => list.update(row.key, { price: e.target.value })}
                            inputMode="decimal"
                            autoComplete="off"
                            maxLength={14}
                            className={CELL_CONTROL}
                          />
                        )}
                      </Cell>
                      <Cell label={`Faixa ${n}: prazo em dias úteis`} error={errors[`rates.${i}.deadlineDays`]}>
                        {(props) => (
                          <input
                            {...props}
                            name={`rates.${i}.deadlineDays`}
                            value={row.deadlineDays}
                            onChange={(e) => list.update(row.key, { deadlineDays: e.target.value })}
                            inputMode="numeric"
                            autoComplete="off"
                            maxLength={3}
                            className={CELL_CONTROL}
                          />
                        )}
                      </Cell>
                      <td className="px-2 py-2 align-top">
                        <RemoveRowButton
                          label={`Remover faixa ${n} (${zoneName(row.zoneId)}, ${row.maxWeightKg ? `até ${row.maxWeightKg} kg` : 'qualquer peso'})`}
                          onClick={() => list.remove(row.key)}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <div>
          <AddRowButton
            disabled={rows.length >= SHIPPING_LIMITS.rates || zones.length === 0}
            onClick={() => {
              const last = rows.at(-1);
              list.add({ zoneId: last?.zoneId ?? '', maxWeightKg: '', price: '', deadlineDays: last?.deadlineDays ?? '' });
            }}
          >
            Adicionar faixa
          </AddRowButton>
        </div>
      </div>
    </fieldset>
  );
}

function DeleteService({ name }: { name: string }) {
  const fetcher = useFetcher<ActionData>();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.toast) {
      toast(fetcher.data.toast);
      setOpen(false);
    }
  }, [fetcher.state, fetcher.data]);
  return (
    <section aria-labelledby="excluir-servico" className="mt-10 rounded-lg border border-red-200 bg-white p-5 dark:border-red-900 dark:bg-slate-900">
      <h2 id="excluir-servico" className="text-lg font-semibold">
        Excluir serviço
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Para tirar o serviço do checkout por um tempo, basta desligá-lo. Excluir apaga também a tabela de preços e as regras de frete grátis só dele; os pedidos
        antigos guardam o nome do serviço.
      </p>
      <div className="mt-4">
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Excluir serviço de entrega"
          description={`Tem certeza que deseja excluir “${name}”, com a tabela de preços e as regras de frete grátis só dele? Esta ação não pode ser desfeita.`}
          trigger={
            <Button type="button" variant="outline" className="text-red-700 dark:text-red-400">
              <Trash2 className="h-4 w-4" aria-hidden />
              Excluir serviço
            </Button>
          }
          fetcher={fetcher}
          fields={{ intent: 'delete' }}
          confirmLabel="Sim, excluir serviço"
          busyLabel="Excluindo..."
          busy={fetcher.state !== 'idle'}
        />
      </div>
    </section>
  );
}
