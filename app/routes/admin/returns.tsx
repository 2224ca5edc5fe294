// /admin/returns: every withdrawal, defect and plan-withdrawal request, newest first — tabs with
// counts per state and "Atrasadas" (not answered within the service time of Configurações), each
// late one flagged in words, and pagination. The state lives in the URL.
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '~/components/admin/pagination';
import { StatusTabs, type StatusTab } from '~/components/admin/status-tabs';
import { LateFlag, ReturnStatusBadge } from '~/components/admin/return-status-badge';
import { formatDateBR, formatDateTimeBR } from '~/lib/dates';
import { formatBRL } from '~/lib/money';
import { shortOrderId } from '~/lib/order-status';
import { DELETED_CUSTOMER_NAME } from '~/lib/privacy';
import { RETURN_STATUS_LABELS, RETURN_STATUSES } from '~/lib/returns';
import { returnFiltersFromSearchParams } from '~/lib/schemas/returns';
import { requireAdmin } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { listReturnsForAdmin } from '~/server/returns/returns.server';
import type { Route } from './+types/returns';

export const meta: Route.MetaFunction = () => [{ title: 'Devoluções | Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = returnFiltersFromSearchParams(new URL(request.url).searchParams);
  const result = await listReturnsForAdmin(await getDb(), { ...(filters.status ? { status: filters.status } : {}), page: filters.page });
  return { filters, result };
}

export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  const { filters, result } = loaderData;
  const [params] = useSearchParams();
  const tabHref = (status: string | null) => {
    const next = new URLSearchParams(params);
    next.delete('pagina');
    if (status) next.set('status', status);
    else next.delete('status');
    const q = next.toString();
    return q ? `?${q}` : '/admin/returns';
  };
  const all = RETURN_STATUSES.reduce((sum, s) => sum + result.counts[s], 0);
  const tabs: StatusTab[] = [
    [null, 'Todas', all],
    ['late', 'Atrasadas', result.counts.late],
    ...RETURN_STATUSES.map((s): [string, string, number] => [s, RETURN_STATUS_LABELS[s], result.counts[s]]),
  ];
  const pageCount = Math.max(1, Math.ceil(result.total / result.pageSize));

  return (
    <section aria-labelledby="titulo-devolucoes" className="mx-auto max-w-6xl">
      <h1 id="titulo-devolucoes" className="text-2xl font-bold">
        Devoluções
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Desistências da compra e da assinatura e produtos com defeito. Atrasadas: sem resposta no prazo de atendimento.</p>

      <StatusTabs label="Devoluções por situação" tabs={tabs} current={filters.status ?? null} href={tabHref} />

      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {result.total === 1 ? '1 solicitação' : `${result.total} solicitações`}
      </p>
      {result.rows.length === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 p-6 dark:border-slate-700">Nenhuma solicitação nesta situação.</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900" tabIndex={0} role="region" aria-labelledby="titulo-devolucoes">
          <table className="w-full min-w-[48rem] text-left text-sm" data-testid="returns-table">
            <caption className="sr-only">Solicitações de devolução, da mais recente à mais antiga</caption>
            <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Protocolo</th>
                <th scope="col" className="px-4 py-3 font-semibold">Tipo</th>
                <th scope="col" className="px-4 py-3 font-semibold">Pedido</th>
                <th scope="col" className="px-4 py-3 font-semibold">Cliente</th>
                <th scope="col" className="px-4 py-3 font-semibold">Aberta em</th>
                <th scope="col" className="px-4 py-3 font-semibold">Responder até</th>
                <th scope="col" className="px-4 py-3 font-semibold">Situação</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-100 dark:border-slate-800">
                  <th scope="row" className="px-4 py-3 font-mono font-semibold whitespace-nowrap">
                    <Link to={`/admin/returns/${r.id}`} className="text-brand-700 underline dark:text-brand-200">
                      {r.protocol}
                    </Link>
                  </th>
                  <td className="px-4 py-3">{r.kindLabel}</td>
                  <td className="px-4 py-3 font-mono">
                    <Link to={`/admin/orders/${r.orderId}`} className="text-brand-700 underline dark:text-brand-200">
                      {shortOrderId(r.orderId)}
                    </Link>
                  </td>
                  <td className="px-4 py-3">{r.customerName ?? DELETED_CUSTOMER_NAME}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{formatDateTimeBR(r.createdAt)}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{r.status === 'requested' ? formatDateBR(r.answerDueAt) : '—'}</td>
                  <td className="px-4 py-3">
                    <span className="flex flex-wrap items-center gap-2">
                      <ReturnStatusBadge status={r.status} label={r.statusLabel} />
                      {r.late ? <LateFlag /> : null}
                      {r.refundAmountCents !== null ? <span className="whitespace-nowrap">{formatBRL(r.refundAmountCents)}</span> : null}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={filters.page > pageCount ? pageCount : filters.page} pageCount={pageCount} label="Páginas de devoluções" className="mt-4" />
    </section>
  );
}
