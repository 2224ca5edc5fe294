// /admin/contas-a-receber (issue 35): the invoiced orders' faturas — open and overdue by due date
// (soonest first), a filter per state, the unpaid totals, "Confirmar pagamento" with the bank
// entry's reference, and the CSV of the filtered list.
import { useEffect, useState } from 'react';
import { data, Link, useFetcher, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { toast } from '~/components/ui/toaster';
import { cn } from '~/lib/cn';
import { formatDateBR } from '~/lib/dates';
import { formatBRL, formatPrice } from '~/lib/money';
import { shortOrderId } from '~/lib/order-status';
import { canConfirmPayment, formatDueDate, RECEIVABLE_STATUS_LABELS } from '~/lib/receivables';
import { confirmReceivableSchema, receivableFilterOf } from '~/lib/schemas/receivables';
import { displayTaxId } from '~/lib/tax-id';
import type { ToastMessage } from '~/lib/toast';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { listReceivables } from '~/server/receivables/faturas.server';
import { confirmReceivablePayment, ReceivableActionError } from '~/server/receivables/transitions.server';
import type { Route } from './+types/receivables';

export const meta: Route.MetaFunction = () => [{ title: 'Contas a receber | Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filter = receivableFilterOf(new URL(request.url).searchParams);
  return { filter, result: await listReceivables(await getDb(), filter) };
}

type ActionData = { ok: boolean; toast: ToastMessage; errors?: { reference?: string } };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const parsed = confirmReceivableSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? '';
    return data<ActionData>({ ok: false, errors: { reference: message }, toast: { title: 'Confira o pagamento', description: message, variant: 'destructive' } }, 400);
  }
  const { receivableId, version, reference } = parsed.data;
  try {
    const outcome = await confirmReceivablePayment(await getDb(), { receivableId, adminId: admin.id, reference, expectedVersion: version });
    return data<ActionData>({ ok: true, toast: { title: outcome === 'applied' ? 'Pagamento confirmado' : 'Esta fatura já estava paga' } });
  } catch (error) {
    if (error instanceof ReceivableActionError) return data<ActionData>({ ok: false, toast: { title: 'Pagamento não confirmado', description: error.message, variant: 'destructive' } }, error.status);
    throw error;
  }
}

const STATUS_BADGE: Record<string, string> = {
  open: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  overdue: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  paid: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  cancelled: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

export default function AdminReceivables({ loaderData }: Route.ComponentProps) {
  const { filter, result } = loaderData;
  const [params] = useSearchParams();
  const href = (status: string | null) => (status && status !== 'unpaid' ? `?status=${status}` : '/admin/contas-a-receber');
  const { totals } = result;
  // Counts only where they are the unpaid totals'; paid and cancelled faturas are history.
  const tabs: [string, string][] = [
    ['unpaid', `A receber (${totals.openCount + totals.overdueCount})`],
    ['overdue', `Vencidas (${totals.overdueCount})`],
    ['open', `Em aberto (${totals.openCount})`],
    ['paid', 'Pagas'],
    ['cancelled', 'Canceladas'],
    ['all', 'Todas'],
  ];
  const exportHref = `/admin/contas-a-receber/export.csv${params.toString() ? `?${params.toString()}` : ''}`;
  return (
    <section aria-labelledby="titulo-receber" className="mx-auto max-w-6xl">
      <h1 id="titulo-receber" className="text-2xl font-bold">
        Contas a receber
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Faturas dos pedidos com boleto faturado, pela data de vencimento. Uma fatura vencida bloqueia novos pedidos faturados da empresa até ser paga.</p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        <Total label="Em aberto" value={formatBRL(totals.openCents)} detail={`${totals.openCount} fatura(s)`} />
        <Total label="Vencidas" value={formatBRL(totals.overdueCents)} detail={`${totals.overdueCount} fatura(s)`} />
        <Total label="Total a receber" value={formatBRL(totals.openCents + totals.overdueCents)} detail={`${totals.openCount + totals.overdueCount} fatura(s)`} />
      </dl>
      <nav aria-label="Faturas por situação" className="mt-6 flex flex-wrap gap-2">
        {tabs.map(([status, text]) => (
          <Link
            key={status}
            to={href(status)}
            aria-current={filter === status ? 'page' : undefined}
            className={cn(
              'rounded-full border px-3 py-1.5 text-sm font-semibold',
              filter === status
                ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-200 dark:bg-brand-200 dark:text-slate-950'
                : 'border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800',
            )}
          >
            {text}
          </Link>
        ))}
      </nav>
      <p className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-400">
        <span aria-live="polite">{result.rows.length === 1 ? '1 fatura' : `${result.rows.length} faturas`}</span>
        <a href={exportHref} className="font-semibold text-brand-700 underline dark:text-brand-200" download>
          Exportar CSV
        </a>
      </p>
      {result.rows.length === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 p-6 dark:border-slate-700">Nenhuma fatura nesta situação.</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900" tabIndex={0} role="region" aria-labelledby="titulo-receber">
          <table className="w-full min-w-[56rem] text-left text-sm" data-testid="receivables-table">
            <caption className="sr-only">Faturas pela data de vencimento</caption>
            <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Vencimento</th>
                <th scope="col" className="px-4 py-3 font-semibold">Empresa</th>
                <th scope="col" className="px-4 py-3 font-semibold">Pedido</th>
                <th scope="col" className="px-4 py-3 font-semibold">Valor</th>
                <th scope="col" className="px-4 py-3 font-semibold">Situação</th>
                <th scope="col" className="px-4 py-3 font-semibold">Pagamento</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-100 align-top dark:border-slate-800">
                  <th scope="row" className="px-4 py-3 font-semibold whitespace-nowrap">
                    {formatDueDate(r.dueDate)}
                  </th>
                  <td className="px-4 py-3">
                    {r.legalName}
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {displayTaxId(r.taxId)}
                      {r.buyerName ? ` · comprador: ${r.buyerName}` : ''}
                    </span>
                  </td>
                  <td className="px-4 py-3 font-mono">
                    <Link to={`/admin/orders/${r.orderId}`} className="text-brand-700 underline dark:text-brand-200">
                      {shortOrderId(r.orderId)}
                    </Link>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">{formatPrice(r.amount)}</td>
                  <td className="px-4 py-3">
                    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_BADGE[r.status] ?? ''}`}>{RECEIVABLE_STATUS_LABELS[r.status]}</span>
                  </td>
                  <td className="px-4 py-3">
                    {canConfirmPayment(r.status) ? (
                      <ConfirmPayment id={r.id} version={r.version} label={`${r.legalName}, pedido ${shortOrderId(r.orderId)}`} />
                    ) : r.paidAt ? (
                      <span>
                        Pago em {formatDateBR(r.paidAt)}
                        {r.paymentReference ? <span className="block text-xs text-slate-600 dark:text-slate-400">{r.paymentReference}</span> : null}
                      </span>
                    ) : (
                      '—'
                    )}
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

function Total({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-xl font-bold">{value}</dd>
      <dd className="text-xs text-slate-600 dark:text-slate-400">{detail}</dd>
    </div>
  );
}

/** The reference of the bank entry, then the confirmation: the fatura's version goes with it (two admins: one wins). */
function ConfirmPayment({ id, version, label }: { id: string; version: number; label: string }) {
  const fetcher = useFetcher<ActionData>();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (fetcher.data) toast(fetcher.data.toast);
  }, [fetcher.data]);
  if (!open)
    return (
      <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)} aria-label={`Confirmar pagamento — ${label}`}>
        Confirmar pagamento
      </Button>
    );
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.errors?.reference : undefined;
  return (
    <fetcher.Form method="post" className="grid gap-2">
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="receivableId" value={id} />
      <input type="hidden" name="version" value={version} />
      <label htmlFor={`ref-${id}`} className="text-xs font-semibold">
        Referência do pagamento
      </label>
      <input
        id={`ref-${id}`}
        name="reference"
        required
        maxLength={200}
        placeholder="Ex.: TED 12/01, Banco X"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `ref-${id}-erro` : undefined}
        className="h-9 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900"
      />
      {error ? (
        <p id={`ref-${id}-erro`} className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="sm" disabled={fetcher.state !== 'idle'}>
        Confirmar pagamento
      </Button>
    </fetcher.Form>
  );
}
