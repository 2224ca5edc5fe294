// /area-cliente/empresa — Empresa (issue 35): register a company (the registrant becomes its owner);
// once a member, its data, its people and, for the owner, the edit, invitations by e-mail, removing a
// buyer and asking for invoiced payment ("pagamento faturado"). A CNPJ already registered is answered
// without naming anyone. Every action checks the membership again on the server (companies area).
import { useEffect, useState } from 'react';
import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { StateRegistrationFields, type StateRegistrationValue } from '~/components/state-registration-fields';
import { TaxIdInput } from '~/components/tax-id-input';
import { Button, buttonVariants } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { toast } from '~/components/ui/toaster';
import { COMPANY_ROLE_LABELS, creditStatusText, INVITATION_DAYS } from '~/lib/companies';
import { formatDateBR } from '~/lib/dates';
import { formatPrice } from '~/lib/money';
import { COMPANY_LIMITS, companyEditSchema, companyInvitationSchema, companyRegistrationSchema } from '~/lib/schemas/company';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { isUuid } from '~/lib/schemas/ids';
import { IE_CHOICES } from '~/lib/schemas/state-registration';
import { displayTaxId } from '~/lib/tax-id';
import type { ToastMessage } from '~/lib/toast';
import { requireUser } from '~/server/auth/session.server';
import {
  companyAccount,
  inviteBuyer,
  registerCompany,
  removeMember,
  requestCredit,
  revokeInvitation,
  updateCompany,
  type CompanyResult,
} from '~/server/companies/companies.server';
import { flashToast } from '~/server/infra/cookies.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/company';

const PATH = '/area-cliente/empresa';

export const meta: Route.MetaFunction = () => [{ title: 'Empresa | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const company = await companyAccount(await getDb(), user.id);
  return { userId: user.id, company };
}

type Fields = Record<string, string>;
type ActionData = { intent: string; errors: FieldErrors; fields: Fields; toast: ToastMessage };

const failure = (intent: string, title: string, description: string, status: number, errors: FieldErrors = {}, fields: Fields = {}) =>
  data<ActionData>({ intent, errors, fields, toast: { title, description, variant: 'destructive' } }, status);

const done = async (title: string, description?: string) => redirect(PATH, { headers: { 'set-cookie': await flashToast({ title, ...(description ? { description } : {}) }) } });

/** A refusal of the companies area as the form's answer (its field, when it names one). */
function refusalOf(intent: string, title: string, result: Extract<CompanyResult, { ok: false }>, fields: Fields) {
  return failure(intent, title, result.message, result.status, result.field ? { [result.field]: result.message } : {}, fields);
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = Object.fromEntries(await readForm(request));
  const intent = String(form.intent ?? '');
  const fields: Fields = {};
  for (const key of ['taxId', 'legalName', 'tradeName', 'ieIndicator', 'stateRegistration', 'email']) if (typeof form[key] === 'string') fields[key] = form[key];
  const db = await getDb();

  switch (intent) {
    case 'register': {
      const title = 'Não foi possível cadastrar a empresa';
      const parsed = companyRegistrationSchema.safeParse(form);
      if (!parsed.success) return failure(intent, title, 'Confira os campos destacados.', 400, fieldErrors(parsed.error), fields);
      const result = await registerCompany(db, user.id, parsed.data);
      if (!result.ok) return refusalOf(intent, title, result, fields);
      return done('Empresa cadastrada!', 'Agora você pode convidar os compradores da empresa.');
    }
    case 'update': {
      const title = 'Não foi possível salvar os dados da empresa';
      const parsed = companyEditSchema.safeParse(form);
      if (!parsed.success) return failure(intent, title, 'Confira os campos destacados.', 400, fieldErrors(parsed.error), fields);
      const result = await updateCompany(db, user.id, parsed.data);
      if (!result.ok) return refusalOf(intent, title, result, fields);
      return done('Dados da empresa salvos');
    }
    case 'invite': {
      const title = 'Não foi possível enviar o convite';
      const parsed = companyInvitationSchema.safeParse(form);
      if (!parsed.success) return failure(intent, title, 'Confira o e-mail.', 400, fieldErrors(parsed.error), fields);
      const result = await inviteBuyer(db, user.id, parsed.data.email);
      if (!result.ok) return refusalOf(intent, title, result, fields);
      return done('Convite enviado', `Enviamos o link para ${parsed.data.email}. Ele vale por ${INVITATION_DAYS} dias.`);
    }
    case 'revoke': {
      const id = String(form.id ?? '');
      const result = isUuid(id) ? await revokeInvitation(db, user.id, id) : ({ ok: false, status: 404, message: 'Convite não encontrado.' } as const);
      if (!result.ok) return refusalOf(intent, 'Não foi possível cancelar o convite', result, fields);
      return done('Convite cancelado', 'O link do e-mail não funciona mais.');
    }
    case 'remove': {
      const result = await removeMember(db, user.id, String(form.userId ?? ''));
      if (!result.ok) return refusalOf(intent, 'Não foi possível remover', result, fields);
      return done('Comprador removido', 'Ele não vê mais os pedidos nem os endereços da empresa.');
    }
    case 'credit': {
      const result = await requestCredit(db, user.id);
      if (!result.ok) return refusalOf(intent, 'Não foi possível pedir', result, fields);
      return done('Pedido enviado', 'Vamos analisar e avisar por e-mail.');
    }
    default:
      return failure(intent, 'Ação inválida', 'Recarregue a página e tente de novo.', 400);
  }
}

export default function CompanyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { company, userId } = loaderData;
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData]);

  return (
    <section aria-labelledby="titulo-empresa" className="grid gap-8">
      <h1 id="titulo-empresa" className="text-2xl font-bold">
        Empresa
      </h1>
      {company ? <CompanyView company={company} userId={userId} actionData={actionData} /> : <Registration actionData={actionData?.intent === 'register' ? actionData : undefined} />}
    </section>
  );
}

function Registration({ actionData }: { actionData: ActionData | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const kept = actionData?.fields;
  const errors = actionData?.errors ?? {};
  const [taxId, setTaxId] = useState(kept?.taxId ?? '');
  const [ie, setIe] = useState<StateRegistrationValue>({ ieIndicator: kept?.ieIndicator ?? '', stateRegistration: kept?.stateRegistration ?? '' });
  return (
    <div className="grid max-w-xl gap-4">
      <p className="text-slate-700 dark:text-slate-300">
        Compra para uma empresa? Cadastre-a: você será o responsável pela conta, poderá convidar outros compradores por e-mail e todos verão os pedidos e os endereços da empresa.
      </p>
      <Form method="post" noValidate className="grid gap-4" aria-labelledby="titulo-cadastro-empresa">
        <h2 id="titulo-cadastro-empresa" className="text-lg font-semibold">
          Cadastrar empresa
        </h2>
        <input type="hidden" name="intent" value="register" />
        <TaxIdInput label="CNPJ" name="taxId" value={taxId} onValueChange={setTaxId} error={errors.taxId} hint="CNPJ numérico ou alfanumérico." placeholder="00.000.000/0000-00" />
        <Field label="Razão social" name="legalName" required maxLength={COMPANY_LIMITS.legalName} defaultValue={kept?.legalName ?? ''} error={errors.legalName} />
        <Field label="Nome fantasia (opcional)" name="tradeName" maxLength={COMPANY_LIMITS.tradeName} defaultValue={kept?.tradeName ?? ''} error={errors.tradeName} />
        <StateRegistrationFields value={ie} onChange={setIe} errors={errors} />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Cadastrando...' : 'Cadastrar empresa'}
          </Button>
        </div>
      </Form>
    </div>
  );
}

type Company = NonNullable<Route.ComponentProps['loaderData']['company']>;

function ieText(company: Company): string {
  const choice = IE_CHOICES.find((c) => c.value === company.ieIndicator);
  if (company.ieIndicator === 1 && company.stateRegistration) return `${company.stateRegistration} (contribuinte do ICMS)`;
  return choice?.label ?? '—';
}

function CompanyView({ company, userId, actionData }: { company: Company; userId: string; actionData: ActionData | undefined }) {
  const owner = company.role === 'owner';
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <section aria-labelledby="titulo-dados-empresa" className="grid gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <h2 id="titulo-dados-empresa" className="text-lg font-semibold">
          {company.tradeName || company.legalName}
        </h2>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="font-semibold">CNPJ</dt>
          <dd data-testid="company-cnpj">{displayTaxId(company.taxId)}</dd>
          <dt className="font-semibold">Razão social</dt>
          <dd>{company.legalName}</dd>
          <dt className="font-semibold">Nome fantasia</dt>
          <dd>{company.tradeName || '—'}</dd>
          <dt className="font-semibold">Inscrição Estadual</dt>
          <dd>{ieText(company)}</dd>
          <dt className="font-semibold">Seu papel</dt>
          <dd>{COMPANY_ROLE_LABELS[company.role]}</dd>
        </dl>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Suas compras são feitas para a empresa, com o CNPJ dela. Endereços da empresa: salve-os em{' '}
          <Link to="/area-cliente/enderecos" className="font-semibold text-brand-800 underline dark:text-brand-200">
            Meus Endereços
          </Link>{' '}
          marcando “Compartilhar com a empresa”.
        </p>
        {owner ? <CompanyEdit company={company} actionData={actionData?.intent === 'update' ? actionData : undefined} /> : null}
      </section>

      <section aria-labelledby="titulo-pessoas" className="grid gap-3">
        <h2 id="titulo-pessoas" className="text-lg font-semibold">
          Pessoas da empresa
        </h2>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700" aria-label="Pessoas da empresa">
          {company.members.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span>
                <span className="font-medium">{m.name}</span>
                {m.userId === userId ? ' (você)' : ''}
                <span className="block text-sm text-slate-600 dark:text-slate-400">
                  {m.email} · {COMPANY_ROLE_LABELS[m.role]}
                </span>
              </span>
              {owner && m.role === 'buyer' ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="userId" value={m.userId} />
                  <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={`Remover ${m.name}`}>
                    Remover
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      {owner ? <Invitations company={company} actionData={actionData?.intent === 'invite' ? actionData : undefined} /> : null}

      <section aria-labelledby="titulo-faturado" className="grid gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <h2 id="titulo-faturado" className="text-lg font-semibold">
          Pagamento faturado
        </h2>
        <p data-testid="credit-status">{creditStatusText(company, formatPrice)}</p>
        {owner && (company.creditStatus === 'none' || company.creditStatus === 'refused') ? (
          <Form method="post">
            <input type="hidden" name="intent" value="credit" />
            <Button type="submit" disabled={busy}>
              Pedir pagamento faturado
            </Button>
          </Form>
        ) : null}
        {!owner && company.creditStatus === 'none' ? <p className="text-sm text-slate-600 dark:text-slate-400">Só o responsável pela empresa pode pedir.</p> : null}
      </section>
    </>
  );
}

function CompanyEdit({ company, actionData }: { company: Company; actionData: ActionData | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const kept = actionData?.fields;
  const errors = actionData?.errors ?? {};
  const [ie, setIe] = useState<StateRegistrationValue>({
    ieIndicator: kept?.ieIndicator ?? String(company.ieIndicator),
    stateRegistration: kept?.stateRegistration ?? company.stateRegistration ?? '',
  });
  // Opened by ?editar=1 (a link, not a <details>: a closed one would hold its fields' colour transitions still).
  const [searchParams] = useSearchParams();
  if (actionData === undefined && searchParams.get('editar') !== '1') {
    return (
      <div>
        <Link to={`${PATH}?editar=1`} preventScrollReset className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          Editar dados da empresa
        </Link>
      </div>
    );
  }
  return (
    <section aria-labelledby="titulo-editar-empresa" className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <h3 id="titulo-editar-empresa" className="font-semibold">
        Editar dados da empresa
      </h3>
      <Form method="post" action={PATH} noValidate className="mt-3 grid gap-4">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="version" value={company.version} />
        <Field label="Razão social" name="legalName" required maxLength={COMPANY_LIMITS.legalName} defaultValue={kept?.legalName ?? company.legalName} error={errors.legalName} />
        <Field label="Nome fantasia (opcional)" name="tradeName" maxLength={COMPANY_LIMITS.tradeName} defaultValue={kept?.tradeName ?? company.tradeName} error={errors.tradeName} />
        <StateRegistrationFields value={ie} onChange={setIe} errors={errors} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            Salvar dados da empresa
          </Button>
          <Link to={PATH} preventScrollReset className={buttonVariants({ variant: 'outline' })}>
            Cancelar
          </Link>
        </div>
      </Form>
    </section>
  );
}

function Invitations({ company, actionData }: { company: Company; actionData: ActionData | undefined }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <section aria-labelledby="titulo-convites" className="grid gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="titulo-convites" className="text-lg font-semibold">
        Convidar comprador
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        O comprador recebe um link por e-mail, válido por {INVITATION_DAYS} dias, e entra (ou cria a conta) com esse e-mail. Convidar de novo envia um novo link.
      </p>
      <Form method="post" noValidate className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="invite" />
        <div className="min-w-64 flex-1">
          <Field label="E-mail do comprador" name="email" type="email" autoComplete="off" required maxLength={COMPANY_LIMITS.email} defaultValue={actionData?.fields.email ?? ''} error={actionData?.errors.email} />
        </div>
        <Button type="submit" disabled={busy}>
          Enviar convite
        </Button>
      </Form>
      {company.invitations.length > 0 ? (
        <>
          <h3 className="font-semibold">Convites pendentes</h3>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700" aria-label="Convites pendentes">
            {company.invitations.map((inv) => (
              <li key={inv.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span>
                  <span className="font-medium">{inv.email}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-400">{inv.expired ? `Expirou em ${formatDateBR(inv.expiresAt)}` : `Vale até ${formatDateBR(inv.expiresAt)}`}</span>
                </span>
                <span className="flex gap-2">
                  <Form method="post">
                    <input type="hidden" name="intent" value="invite" />
                    <input type="hidden" name="email" value={inv.email} />
                    <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={`Reenviar convite para ${inv.email}`}>
                      Reenviar
                    </Button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="id" value={inv.id} />
                    <Button type="submit" variant="ghost" size="sm" disabled={busy} aria-label={`Cancelar convite para ${inv.email}`}>
                      Cancelar
                    </Button>
                  </Form>
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
