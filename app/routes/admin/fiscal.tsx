// /admin/fiscal (Configurações → Fiscal, issue 34): how the store issues its NF-e — regime, série,
// ambiente, natureza da operação, when to issue, invoicing on/off — and the tax table (CFOP, ICMS, PIS
// and COFINS per destination × buyer), saved together in one transaction over the version the form was
// opened with (server/invoices/fiscal-settings.server.ts). The issuer is the seller's legal identity,
// shown here read-only and edited at /admin/settings#dados-legais; and whether Focus NFe is set up.
import { useEffect, useId, useState } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { CheckboxField, SelectField } from '~/components/admin/form-controls';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { toast } from '~/components/ui/toaster';
import { useClientValidation } from '~/components/use-client-validation';
import { cn } from '~/lib/cn';
import { formatDateTimeBR } from '~/lib/dates';
import { formatDecimalInput } from '~/lib/decimal';
import { FISCAL_REGIMES, NFE_ENVIRONMENTS, NFE_ISSUE_MOMENTS, type FiscalRegime } from '~/lib/fiscal-codes';
import {
  FISCAL_REGIME_LABELS,
  ICMS_SITUATION_LABELS,
  NFE_ENVIRONMENT_LABELS,
  NFE_ENVIRONMENT_SHORT,
  NFE_ISSUE_MOMENT_LABELS,
  TAX_BUYER_LABELS,
  TAX_DESTINATION_LABELS,
} from '~/lib/fiscal-labels';
import type { FormObject } from '~/lib/form-data';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { FISCAL_LIMITS, fiscalFormSchema, fiscalFormToObject, fiscalVersionSchema } from '~/lib/schemas/fiscal';
import { isUf, stateLabel } from '~/lib/states';
import type { ToastMessage } from '~/lib/toast';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { flashToast } from '~/server/infra/cookies.server';
import { getDb } from '~/server/infra/db.server';
import { getEnv } from '~/server/infra/env.server';
import { readForm } from '~/server/infra/http/body.server';
import { log } from '~/server/infra/log.server';
import { FiscalSettingsConflictError, getFiscalPage, saveFiscalSettings } from '~/server/invoices/fiscal-settings.server';
import type { Route } from './+types/fiscal';

export const meta: Route.MetaFunction = () => [{ title: 'Fiscal (NF-e) | Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

const SAVE_ERROR = 'Erro ao salvar as configurações fiscais';

/** A tax rule as the form shows and posts it. */
type RuleRow = { destination: string; buyer: string; cfop: string; icmsSituation: string; pisSituation: string; pisRate: string; cofinsSituation: string; cofinsRate: string };

/** What the form starts from: what is saved, or what was typed before a refusal. */
type FormValues = { regime: string; series: string; environment: string; nature: string; issueOn: string; invoicing: boolean; rules: RuleRow[] };

/** 1.65 → '1,65'; 7.6 → '7,6'; 0 → '0'. */
const percentInput = (rate: number) => formatDecimalInput(String(rate)).replace(/,?0+$/, '') || '0';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { settings, rules, issuer } = await getFiscalPage(await getDb());
  const env = getEnv();
  const values: FormValues = {
    regime: settings.regime,
    series: String(settings.series),
    environment: settings.environment,
    nature: settings.nature,
    issueOn: settings.issueOn,
    invoicing: settings.invoicing,
    rules: rules.map((r) => ({ ...r, pisRate: percentInput(r.pisRate), cofinsRate: percentInput(r.cofinsRate) })),
  };
  return {
    values,
    version: settings.version,
    reviewedAt: settings.reviewedAt,
    issuer,
    focusNfe: env.FOCUSNFE_TOKEN ? { environment: env.FOCUSNFE_ENV } : null,
  };
}

type ActionData = { errors: FieldErrors; toast: ToastMessage; typed: FormObject };

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const form = await readForm(request);
  const typed = fiscalFormToObject(form);
  const parsed = fiscalFormSchema.safeParse(typed);
  const version = fiscalVersionSchema.safeParse(form.get('version') ?? undefined);
  if (!parsed.success || !version.success) {
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (!version.success) errors.form = version.error.issues[0]?.message;
    return data<ActionData>({ errors, typed, toast: { title: SAVE_ERROR, description: 'Confira os campos destacados.', variant: 'destructive' } }, 400);
  }
  try {
    await saveFiscalSettings(await getDb(), parsed.data, version.data);
  } catch (error) {
    if (error instanceof FiscalSettingsConflictError) {
      return data<ActionData>({ errors: { form: error.message }, typed, toast: { title: SAVE_ERROR, description: error.message, variant: 'destructive' } }, 409);
    }
    log.error('admin/fiscal: falha ao salvar', error);
    return data<ActionData>({ errors: {}, typed, toast: { title: SAVE_ERROR, description: 'Nada foi alterado. Tente novamente em instantes.', variant: 'destructive' } }, 500);
  }
  return redirect('/admin/fiscal', {
    headers: { 'Set-Cookie': await flashToast({ title: 'Configurações fiscais salvas!', description: 'As próximas NF-e usam os novos dados.' }) },
  });
}

/** What was typed, back in the form's shape (a page without JavaScript shows it again after a refusal). */
function fromTyped(typed: FormObject): FormValues {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const rows = Array.isArray(typed.rules) ? (typed.rules as FormObject[]) : [];
  return {
    regime: text(typed.regime),
    series: text(typed.series),
    environment: text(typed.environment),
    nature: text(typed.nature),
    issueOn: text(typed.issueOn),
    invoicing: typed.invoicing === 'on',
    rules: rows.map((r) => ({
      destination: text(r?.destination),
      buyer: text(r?.buyer),
      cfop: text(r?.cfop),
      icmsSituation: text(r?.icmsSituation),
      pisSituation: text(r?.pisSituation),
      pisRate: text(r?.pisRate),
      cofinsSituation: text(r?.cofinsSituation),
      cofinsRate: text(r?.cofinsRate),
    })),
  };
}

const FIELDSET = 'grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900';
const LEGEND = 'px-1 text-lg font-semibold';
const SECTION = 'rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900';
const WARNING = 'rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100';

type LoaderData = Awaited<ReturnType<typeof loader>>;

export default function AdminFiscal({ loaderData, actionData }: Route.ComponentProps) {
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData]);
  const { reviewedAt, version } = loaderData;
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold">Fiscal (NF-e)</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">Como a loja emite a nota fiscal eletrônica de cada pedido: o emitente, os dados da emissão e a tributação de cada tipo de venda.</p>
      {reviewedAt ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Revisadas e salvas em {formatDateTimeBR(reviewedAt)}.</p>
      ) : (
        <div role="status" className={cn(WARNING, 'mt-4')}>
          <p className="font-semibold">Regras de exemplo — revisar com seu contador</p>
          <p className="mt-1 text-sm">
            Os dados abaixo são um ponto de partida (indústria no Simples Nacional). Confira cada código com quem cuida da contabilidade da empresa e salve: este aviso
            some quando as configurações forem salvas.
          </p>
        </div>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <IssuerSection issuer={loaderData.issuer} />
        <ProviderSection focusNfe={loaderData.focusNfe} />
      </div>
      {/* A save reloads the page with the new version: the form starts afresh from what was saved. */}
      <FiscalForm key={version} {...loaderData} serverErrors={actionData?.errors} typed={actionData?.typed} />
    </div>
  );
}

function IssuerSection({ issuer }: { issuer: LoaderData['issuer'] }) {
  const rows: [string, string][] = [
    ['Razão social', issuer.legalName],
    ['CNPJ', issuer.cnpj],
    ['Inscrição estadual', issuer.stateRegistration],
    ['Endereço', issuer.address],
  ];
  return (
    <section aria-labelledby="emitente" className={SECTION}>
      <h2 id="emitente" className="text-lg font-semibold">
        Emitente
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Os dados legais da loja, os mesmos do rodapé e dos e-mails.</p>
      {issuer.status === 'missing' ? (
        <p role="alert" className={cn(WARNING, 'mt-3 text-sm')}>
          Dados legais incompletos: a NF-e não pode ser emitida sem razão social, CNPJ, inscrição estadual e endereço completo do emitente.
        </p>
      ) : issuer.status === 'sample' ? (
        <p role="alert" className={cn(WARNING, 'mt-3 text-sm')}>
          Os dados legais ainda são os de exemplo: troque pelos da empresa antes de emitir NF-e.
        </p>
      ) : null}
      <dl className="mt-3 grid gap-2 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="grid gap-0.5 sm:grid-cols-[10rem_1fr]">
            <dt className="font-medium text-slate-700 dark:text-slate-300">{term}</dt>
            <dd>{value || <span className="text-slate-600 dark:text-slate-400">Não preenchido</span>}</dd>
          </div>
        ))}
      </dl>
      {isUf(issuer.uf) ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          Na tabela de tributação, “mesmo estado” são os pedidos entregues em {stateLabel(issuer.uf)} ({issuer.uf}).
        </p>
      ) : null}
      <Link to="/admin/settings#dados-legais" className="mt-3 inline-block text-sm font-medium text-brand-700 underline dark:text-brand-200">
        Editar dados legais
      </Link>
    </section>
  );
}

function ProviderSection({ focusNfe }: { focusNfe: LoaderData['focusNfe'] }) {
  return (
    <section aria-labelledby="provedor" className={SECTION}>
      <h2 id="provedor" className="text-lg font-semibold">
        Provedor de emissão
      </h2>
      <p className="mt-2 text-sm text-slate-800 dark:text-slate-200">
        {focusNfe
          ? `Emissão pela Focus NFe (ambiente de ${NFE_ENVIRONMENT_SHORT[focusNfe.environment]}).`
          : 'Sem provedor configurado: anexe o XML de cada nota emitida em outro sistema na página do pedido.'}
      </p>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">O provedor é configurado no servidor da loja (variáveis de ambiente), não nesta página.</p>
    </section>
  );
}

function FiscalForm({ values, version, serverErrors, typed }: LoaderData & { serverErrors: FieldErrors | undefined; typed: FormObject | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting';
  const [start] = useState<FormValues>(() => (typed ? fromTyped(typed) : values));
  const [regime, setRegime] = useState<string>(start.regime);
  const { errors, onSubmit } = useClientValidation(fiscalFormSchema, serverErrors, fiscalFormToObject);
  const formError = errors.form ?? errors.rules;

  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="mt-8 grid gap-8" aria-describedby={formError ? 'erro-formulario' : undefined}>
      <input type="hidden" name="version" value={version} />
      {formError ? (
        <p id="erro-formulario" role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          {formError}
        </p>
      ) : null}

      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>Emissão</legend>
        <SelectField label="Regime tributário *" name="regime" defaultValue={start.regime} onChange={(e) => setRegime(e.currentTarget.value)} error={errors.regime}>
          {FISCAL_REGIMES.map((r) => (
            <option key={r} value={r}>
              {FISCAL_REGIME_LABELS[r]}
            </option>
          ))}
        </SelectField>
        <Field label="Série da NF-e *" name="series" inputMode="numeric" autoComplete="off" maxLength={3} defaultValue={start.series} error={errors.series} />
        <SelectField
          label="Ambiente *"
          name="environment"
          defaultValue={start.environment}
          hint="Em homologação as notas são de teste, sem valor fiscal. Passe para produção só depois de testar."
          error={errors.environment}
        >
          {NFE_ENVIRONMENTS.map((e) => (
            <option key={e} value={e}>
              {NFE_ENVIRONMENT_LABELS[e]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Natureza da operação *"
          name="nature"
          autoComplete="off"
          maxLength={FISCAL_LIMITS.nature}
          placeholder="Venda de mercadoria"
          defaultValue={start.nature}
          error={errors.nature}
        />
        <SelectField label="Quando emitir *" name="issueOn" defaultValue={start.issueOn} error={errors.issueOn}>
          {NFE_ISSUE_MOMENTS.map((m) => (
            <option key={m} value={m}>
              {NFE_ISSUE_MOMENT_LABELS[m]}
            </option>
          ))}
        </SelectField>
        <div className="self-end pb-2">
          <CheckboxField
            label="Emitir NF-e dos pedidos"
            name="invoicing"
            defaultChecked={start.invoicing}
            hint="Ligado, a loja só deixa marcar um pedido como enviado depois que a NF-e dele for autorizada."
          />
        </div>
      </fieldset>

      <RulesTable rows={start.rules} regime={regime} errors={errors} />

      <div className="sticky bottom-0 flex justify-end border-t border-slate-200 bg-slate-50/95 py-4 dark:border-slate-800 dark:bg-slate-950/95">
        <Button type="submit" disabled={saving}>
          {saving ? 'Salvando...' : 'Salvar configurações fiscais'}
        </Button>
      </div>
    </Form>
  );
}

const CELL_CONTROL =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-base text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/** A table cell's input, labelled for screen readers (the column header shows the label), its error below. */
function Cell({ label, name, defaultValue, error, maxLength, decimal }: { label: string; name: string; defaultValue: string; error: string | undefined; maxLength: number; decimal?: boolean }) {
  const id = useId();
  return (
    <td className="px-1.5 py-2 align-top">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={defaultValue}
        inputMode={decimal ? 'decimal' : 'numeric'}
        autoComplete="off"
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-erro` : undefined}
        className={CELL_CONTROL}
      />
      {error ? (
        <p id={`${id}-erro`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </td>
  );
}

function caseLabel(row: RuleRow): string {
  const destination = TAX_DESTINATION_LABELS[row.destination as keyof typeof TAX_DESTINATION_LABELS] ?? row.destination;
  const buyer = TAX_BUYER_LABELS[row.buyer as keyof typeof TAX_BUYER_LABELS] ?? row.buyer;
  return `${destination}, ${buyer}`;
}

function RulesTable({ rows, regime, errors }: { rows: RuleRow[]; regime: string; errors: FieldErrors }) {
  const icms = ICMS_SITUATION_LABELS[(FISCAL_REGIMES as readonly string[]).includes(regime) ? (regime as FiscalRegime) : 'simples'];
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900" aria-describedby="regras-ajuda">
      <legend className="px-1 text-lg font-semibold">Tributação por tipo de venda</legend>
      <p id="regras-ajuda" className="text-sm text-slate-700 dark:text-slate-300">
        Cada pedido usa a linha do seu destino (mesmo estado da loja ou outro) e do comprador. O CFOP começa com 5 no mesmo estado e com 6 para outro estado. No
        Simples Nacional o ICMS leva o CSOSN (3 dígitos); no regime normal, o CST (2 dígitos). Alíquotas em %, como 1,65.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[52rem] text-left text-sm">
          <caption className="sr-only">Tributação por destino e comprador</caption>
          <thead className="text-slate-700 dark:text-slate-200">
            <tr>
              <th scope="col" className="px-1.5 py-2 font-semibold">
                Venda
              </th>
              <th scope="col" className="w-24 px-1.5 py-2 font-semibold">
                CFOP
              </th>
              <th scope="col" className="w-24 px-1.5 py-2 font-semibold">
                {icms}
              </th>
              <th scope="col" className="w-20 px-1.5 py-2 font-semibold">
                CST PIS
              </th>
              <th scope="col" className="w-24 px-1.5 py-2 font-semibold">
                PIS (%)
              </th>
              <th scope="col" className="w-20 px-1.5 py-2 font-semibold">
                CST COFINS
              </th>
              <th scope="col" className="w-24 px-1.5 py-2 font-semibold">
                COFINS (%)
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const label = caseLabel(row);
              const field = (key: keyof RuleRow) => ({ name: `rules.${i}.${key}`, defaultValue: row[key], error: errors[`rules.${i}.${key}`] });
              return (
                <tr key={`${row.destination}|${row.buyer}`} className="border-t border-slate-200 dark:border-slate-700">
                  <th scope="row" className="px-1.5 py-2 align-top font-medium">
                    <input type="hidden" name={`rules.${i}.destination`} value={row.destination} />
                    <input type="hidden" name={`rules.${i}.buyer`} value={row.buyer} />
                    <span className="block pt-2">{TAX_DESTINATION_LABELS[row.destination as keyof typeof TAX_DESTINATION_LABELS] ?? row.destination}</span>
                    <span className="block text-slate-600 dark:text-slate-400">{TAX_BUYER_LABELS[row.buyer as keyof typeof TAX_BUYER_LABELS] ?? row.buyer}</span>
                  </th>
                  <Cell label={`${label}: CFOP`} maxLength={5} {...field('cfop')} />
                  <Cell label={`${label}: ${icms}`} maxLength={3} {...field('icmsSituation')} />
                  <Cell label={`${label}: CST PIS`} maxLength={2} {...field('pisSituation')} />
                  <Cell label={`${label}: alíquota do PIS (%)`} maxLength={7} decimal {...field('pisRate')} />
                  <Cell label={`${label}: CST COFINS`} maxLength={2} {...field('cofinsSituation')} />
                  <Cell label={`${label}: alíquota da COFINS (%)`} maxLength={7} decimal {...field('cofinsRate')} />
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}
