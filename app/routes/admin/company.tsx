// /admin/empresas/:id — a company (issue 35): its data, its people, its orders, and the decision on
// invoiced payment ("pagamento faturado"): approve with a credit limit (R$) and a term (14, 21 or 28
// days), or refuse with a note the owner reads. Posted against the version read (two admins, or the
// owner asking again meanwhile, are told to reload); the owner is told by e-mail.
import { useEffect, useState } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { DecimalField, SelectField, TextareaField } from '~/components/admin/form-controls';
import { OrderStatusBadge } from '~/components/admin/order-status-badge';
import { Button } from '~/components/ui/button';
import { toast } from '~/components/ui/toaster';
import { COMPANY_ROLE_LABELS, CREDIT_STATUS_LABELS, CREDIT_TERMS } from '~/lib/companies';
import { formatDateBR, formatDateTimeBR } from '~/lib/dates';
import { formatDecimalInput } from '~/lib/decimal';
import { formatBRL, formatPrice } from '~/lib/money';
import { RECEIVABLE_STATUS_LABELS } from '~/lib/receivables';
import { orderStatusLabel, shortOrderId } from '~/lib/order-status';
import { creditDecisionSchema } from '~/lib/schemas/company';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { IE_CHOICES } from '~/lib/schemas/state-registration';
import { displayTaxId } from '~/lib/tax-id';
import type { ToastMessage } from '~/lib/toast';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { companyDetail, decideCredit } from '~/server/companies/admin.server';
import { companyCredit } from '~/server/receivables/credit.server';
import { listReceivables } from '~/server/receivables/faturas.server';
import { flashToast } from '~/server/infra/cookies.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/company';

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d?.detail ? `${d.detail.company.legalName} | Empresas | Clarear` : 'Empresa não encontrada | Clarear' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = await getDb();
  const detail = await companyDetail(db, params.id);
  if (!detail) throw data('Empresa não encontrada.', 404);
  // Faturas em aberto and the limit they use (receivables), beside the credit decision.
  const [credit, unpaid] = await Promise.all([companyCredit(db, params.id), listReceivables(db, 'unpaid', params.id)]);
  return { detail, credit, unpaid: unpaid.rows.map(({ id, orderId, amount, dueDate, status }) => ({ id, orderId, amount, dueDate, status })) };
}

type Fields = Record<string, string>;
type ActionData = { errors: FieldErrors; fields: Fields; toast: ToastMessage };

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const form = Object.fromEntries(await readForm(request));
  const fields: Fields = {};
  for (const key of ['decision', 'creditLimit', 'creditTermDays', 'note']) if (typeof form[key] === 'string') fields[key] = form[key];
  const title = 'Não foi possível registrar a decisão';
  const parsed = creditDecisionSchema.safeParse(form);
  if (!parsed.success) return data<ActionData>({ errors: fieldErrors(parsed.error), fields, toast: { title, description: 'Confira os campos destacados.', variant: 'destructive' } }, 400);
  const result = await decideCredit(await getDb(), admin.id, params.id, parsed.data);
  if (!result.ok) return data<ActionData>({ errors: {}, fields, toast: { title, description: result.message, variant: 'destructive' } }, result.status);
  const message = parsed.data.decision === 'approve' ? 'Pagamento faturado aprovado' : 'Pagamento faturado recusado';
  return redirect(`/admin/empresas/${params.id}`, { headers: { 'set-cookie': await flashToast({ title: message, description: 'O responsável pela empresa foi avisado por e-mail.' }) } });
}

const MUTED = 'text-slate-700 dark:text-slate-300';
const CARD = 'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900';

export default function AdminCompany({ loaderData, actionData }: Route.ComponentProps) {
  const { company, members, orders, orderCount, decidedByName } = loaderData.detail;
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData]);
  const ie = company.ieIndicator === 1 && company.stateRegistration ? `${company.stateRegistration} (contribuinte)` : (IE_CHOICES.find((c) => c.value === company.ieIndicator)?.label ?? '—');

  return (
    <section aria-labelledby="titulo-empresa" className="mx-auto grid max-w-5xl gap-6">
      <div>
        <Link to="/admin/empresas" className="text-sm font-semibold text-brand-700 underline dark:text-brand-200">
          ← Empresas
        </Link>
        <h1 id="titulo-empresa" className="mt-2 text-2xl font-bold">
          {company.legalName}
        </h1>
        <p className={MUTED}>
          CNPJ {displayTaxId(company.taxId)}
          {company.tradeName ? ` · ${company.tradeName}` : ''} · cadastrada em {formatDateBR(company.createdAt)}
        </p>
      </div>

      <section aria-labelledby="titulo-dados" className={CARD}>
        <h2 id="titulo-dados" className="text-lg font-semibold">
          Dados
        </h2>
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="font-semibold">Razão social</dt>
          <dd>{company.legalName}</dd>
          <dt className="font-semibold">Nome fantasia</dt>
          <dd>{company.tradeName || '—'}</dd>
          <dt className="font-semibold">CNPJ</dt>
          <dd>{displayTaxId(company.taxId)}</dd>
          <dt className="font-semibold">Inscrição Estadual</dt>
          <dd>{ie}</dd>
        </dl>
      </section>

      <section aria-labelledby="titulo-compradores" className={CARD}>
        <h2 id="titulo-compradores" className="text-lg font-semibold">
          Compradores
        </h2>
        {members.length === 0 ? (
          <p className={`mt-2 ${MUTED}`}>Nenhuma pessoa (o responsável excluiu a conta).</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
            {members.map((m) => (
              <li key={m.userId} className="py-2 text-sm">
                <Link to={`/admin/customers/${m.userId}`} className="font-semibold text-brand-700 underline dark:text-brand-200">
                  {m.name}
                </Link>{' '}
                <span className={MUTED}>
                  {m.email} · {COMPANY_ROLE_LABELS[m.role]} desde {formatDateBR(m.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="titulo-credito" className={CARD}>
        <h2 id="titulo-credito" className="text-lg font-semibold">
          Pagamento faturado
        </h2>
        <p className="mt-2" data-testid="admin-credit-status">
          <span className="font-semibold">{CREDIT_STATUS_LABELS[company.creditStatus]}</span>
          {company.creditStatus === 'requested' && company.creditRequestedAt ? ` — pedido em ${formatDateTimeBR(company.creditRequestedAt)}` : ''}
          {company.creditStatus === 'approved' && company.creditLimit !== null ? ` — limite de ${formatPrice(company.creditLimit)}, prazo de ${company.creditTermDays} dias` : ''}
        </p>
        {company.creditDecidedAt ? (
          <p className={`text-sm ${MUTED}`}>
            Última decisão em {formatDateTimeBR(company.creditDecidedAt)}
            {decidedByName ? ` por ${decidedByName}` : ''}
            {company.creditNote ? `. Observação: ${company.creditNote}` : '.'}
          </p>
        ) : null}

        <ReceivablesSummary credit={loaderData.credit} unpaid={loaderData.unpaid} />

        <CreditDecisionForm company={company} actionData={actionData} />
      </section>

      <section aria-labelledby="titulo-pedidos" className={CARD}>
        <h2 id="titulo-pedidos" className="text-lg font-semibold">
          Pedidos {orderCount > orders.length ? `(os ${orders.length} mais recentes de ${orderCount})` : `(${orderCount})`}
        </h2>
        {orders.length === 0 ? (
          <p className={`mt-2 ${MUTED}`}>Nenhum pedido ainda.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Pedidos da empresa, do mais recente ao mais antigo</caption>
              <thead className="border-b border-slate-200 dark:border-slate-700">
                <tr>
                  <th scope="col" className="p-2">Pedido</th>
                  <th scope="col" className="p-2">Data</th>
                  <th scope="col" className="p-2">Feito por</th>
                  <th scope="col" className="p-2">Status</th>
                  <th scope="col" className="p-2 text-right">Total</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                {orders.map((o) => (
                  <tr key={o.id}>
                    <td className="p-2">
                      <Link to={`/admin/orders/${o.id}`} className="font-semibold text-brand-700 underline dark:text-brand-200">
                        #{shortOrderId(o.id)}
                      </Link>
                      {o.purchaseOrderNumber ? <span className={`block text-xs ${MUTED}`}>PC {o.purchaseOrderNumber}</span> : null}
                    </td>
                    <td className="p-2 whitespace-nowrap">{formatDateBR(o.createdAt)}</td>
                    <td className="p-2">{o.buyerName ?? '—'}</td>
                    <td className="p-2">
                      <OrderStatusBadge status={o.status} />
                      <span className="sr-only">{orderStatusLabel(o.status)}</span>
                    </td>
                    <td className="p-2 text-right whitespace-nowrap">{formatPrice(o.totalPrice)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}

type CompanyRow = Route.ComponentProps['loaderData']['detail']['company'];

function CreditDecisionForm({ company, actionData }: { company: CompanyRow; actionData: ActionData | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const kept = actionData?.fields;
  const errors = actionData?.errors ?? {};
  const [decision, setDecision] = useState(kept?.decision ?? (company.creditStatus === 'refused' ? 'refuse' : 'approve'));
  return (
    <Form method="post" noValidate className="mt-4 grid max-w-xl gap-4 border-t border-slate-200 pt-4 dark:border-slate-700">
      <input type="hidden" name="version" value={company.version} />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">Decisão</legend>
        {(
          [
            ['approve', 'Aprovar com limite e prazo'],
            ['refuse', 'Recusar'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" name="decision" value={value} checked={decision === value} onChange={() => setDecision(value)} className="accent-brand-700" />
            {label}
          </label>
        ))}
      </fieldset>
      {decision === 'approve' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <DecimalField label="Limite de crédito (R$)" name="creditLimit" defaultValue={kept?.creditLimit ?? formatDecimalInput(company.creditLimit)} error={errors.creditLimit} placeholder="5000,00" />
          <SelectField label="Prazo do boleto" name="creditTermDays" defaultValue={kept?.creditTermDays ?? String(company.creditTermDays ?? 28)} error={errors.creditTermDays}>
            {CREDIT_TERMS.map((t) => (
              <option key={t} value={t}>
                {t} dias
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      <TextareaField
        label={decision === 'refuse' ? 'Motivo da recusa (o cliente lê)' : 'Observação (opcional, o cliente lê)'}
        name="note"
        maxLength={500}
        defaultValue={kept?.note ?? ''}
        error={errors.note}
      />
      <div>
        <Button type="submit" disabled={busy} variant={decision === 'refuse' ? 'destructive' : 'default'}>
          {decision === 'refuse' ? 'Recusar pagamento faturado' : 'Aprovar pagamento faturado'}
        </Button>
      </div>
    </Form>
  );
}

/** The limit, what the open and overdue faturas use of it, and those faturas by due date (issue 35). */
function ReceivablesSummary({ credit, unpaid }: { credit: Route.ComponentProps['loaderData']['credit']; unpaid: Route.ComponentProps['loaderData']['unpaid'] }) {
  return (
    <div className="mt-4" data-testid="company-receivables">
      <h3 className="font-semibold">Faturas em aberto</h3>
      <p className={`mt-1 ${MUTED}`}>
        Limite {formatBRL(credit.limitCents)} · usado {formatBRL(credit.usedCents)} · disponível {formatBRL(credit.availableCents)}
        {credit.overdueCount > 0 ? <strong className="ml-1 text-red-700 dark:text-red-300">· {credit.overdueCount} vencida(s): novos pedidos faturados bloqueados</strong> : null}
      </p>
      {unpaid.length === 0 ? (
        <p className={`mt-1 ${MUTED}`}>Nenhuma fatura em aberto.</p>
      ) : (
        <ul className="mt-2 grid gap-1 text-sm">
          {unpaid.map((f) => (
            <li key={f.id}>
              <Link to={`/admin/orders/${f.orderId}`} className="font-medium text-brand-700 underline dark:text-brand-200">
                Pedido {shortOrderId(f.orderId)}
              </Link>{' '}
              — {formatPrice(f.amount)}, vence em {formatDateBR(f.dueDate)} ({RECEIVABLE_STATUS_LABELS[f.status]})
            </li>
          ))}
        </ul>
      )}
      <p className="mt-1 text-sm">
        <Link to="/admin/contas-a-receber" className="text-brand-700 underline dark:text-brand-200">
          Contas a receber
        </Link>
      </p>
    </div>
  );
}
