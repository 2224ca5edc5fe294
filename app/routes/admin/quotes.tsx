// /admin/orcamentos: every quote, newest first, with a tab per state and its count (novo,
// respondido, aceito, recusado, expirado). The state lives in the URL (?status=novo).
import { Link } from 'react-router';
import { StatusTabs, type StatusTab } from '~/components/admin/status-tabs';
import { QuoteStatusBadge } from '~/components/quote/quote-parts';
import { formatDateBR, formatDateTimeBR } from '~/lib/dates';
import { formatBRL } from '~/lib/money';
import { DELETED_CUSTOMER_NAME } from '~/lib/privacy';
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES, quoteNumber, type QuoteStatus } from '~/lib/quotes';
import { QUOTE_TABS } from '~/lib/schemas/quotes';
import { requireAdmin } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { listAdminQuotes } from '~/server/quotes/quotes.server';
import type { Route } from './+types/quotes';

export const meta: Route.MetaFunction = () => [{ title: 'Orçamentos | Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

const TAB_OF = Object.fromEntries(Object.entries(QUOTE_TABS).map(([slug, status]) => [status, slug])) as Record<QuoteStatus, string>;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const slug = new URL(request.url).searchParams.get('status');
  // An unknown tab is every quote rather than an error (a shared link keeps working).
  const status = slug && slug in QUOTE_TABS ? QUOTE_TABS[slug as keyof typeof QUOTE_TABS] : null;
  const result = await listAdminQuotes(await getDb(), status);
  return { status, ...result };
}

export default function AdminQuotes({ loaderData }: Route.ComponentProps) {
  const { status, items, counts } = loaderData;
  const all = QUOTE_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  const tabs: StatusTab[] = [[null, 'Todos', all], ...QUOTE_STATUSES.map((s): StatusTab => [TAB_OF[s], QUOTE_STATUS_LABELS[s], counts[s]])];
  return (
    <section aria-labelledby="titulo-orcamentos" className="mx-auto max-w-6xl">
      <h1 id="titulo-orcamentos" className="text-2xl font-bold">
        Orçamentos
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Pedidos de orçamento feitos pelo carrinho: responda com o preço de cada item, o frete e a validade.</p>
      <StatusTabs label="Orçamentos por situação" tabs={tabs} current={status ? TAB_OF[status] : null} href={(s) => (s ? `/admin/orcamentos?status=${s}` : '/admin/orcamentos')} />
      {items.length === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 p-6 dark:border-slate-700">Nenhum orçamento nesta situação.</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900" tabIndex={0} role="region" aria-labelledby="titulo-orcamentos">
          <table className="w-full min-w-[44rem] text-left text-sm" data-testid="quotes-table">
            <caption className="sr-only">Orçamentos, do mais recente ao mais antigo</caption>
            <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Número</th>
                <th scope="col" className="px-4 py-3 font-semibold">Cliente</th>
                <th scope="col" className="px-4 py-3 font-semibold">Pedido em</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Unidades</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Total orçado</th>
                <th scope="col" className="px-4 py-3 font-semibold">Validade</th>
                <th scope="col" className="px-4 py-3 font-semibold">Situação</th>
              </tr>
            </thead>
            <tbody>
              {items.map((q) => (
                <tr key={q.id} className="border-t border-slate-100 dark:border-slate-800">
                  <th scope="row" className="px-4 py-3 font-mono font-semibold">
                    <Link to={`/admin/orcamentos/${q.id}`} className="text-brand-700 underline dark:text-brand-200">
                      {quoteNumber(q.id)}
                    </Link>
                  </th>
                  <td className="px-4 py-3">{q.customerName ?? DELETED_CUSTOMER_NAME}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{formatDateTimeBR(q.createdAt)}</td>
                  <td className="px-4 py-3 text-right">{q.units}</td>
                  <td className="px-4 py-3 text-right whitespace-nowrap">{q.totalCents === null ? '—' : formatBRL(q.totalCents)}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{q.validUntil ? formatDateBR(q.validUntil) : '—'}</td>
                  <td className="px-4 py-3">
                    <QuoteStatusBadge status={q.status} />
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
