// /area-cliente/faturas (issue 35): a company member's view of the company's faturas — every
// buyer's invoiced orders, open and overdue first by due date, the limit used, and how to pay.
// Only for members: anyone else gets a 404, the tab is not shown to them either.
import { data, Link } from 'react-router';
import { FaturaBoletoLines } from '~/components/order/fatura-box';
import { formatDateBR } from '~/lib/dates';
import { formatBRL, formatPrice } from '~/lib/money';
import { shortOrderId } from '~/lib/order-status';
import { formatDueDate, INVOICED_MESSAGES, RECEIVABLE_STATUS_LABELS } from '~/lib/receivables';
import { requireUser } from '~/server/auth/session.server';
import { companyOfUser } from '~/server/companies/membership.server';
import { getDb } from '~/server/infra/db.server';
import { companyCredit, invoicedSettings } from '~/server/receivables/credit.server';
import { listReceivables } from '~/server/receivables/faturas.server';
import type { Route } from './+types/invoices';

export const meta: Route.MetaFunction = () => [{ title: 'Faturas | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const company = await companyOfUser(db, user.id);
  if (!company) throw data('Página não encontrada', { status: 404 });
  const [list, credit, settings] = await Promise.all([listReceivables(db, 'all', company.id), companyCredit(db, company.id), invoicedSettings(db)]);
  // Unpaid first (by due date), then the rest, newest first.
  const unpaid = list.rows.filter((r) => r.status === 'open' || r.status === 'overdue');
  const rest = list.rows.filter((r) => r.status === 'paid' || r.status === 'cancelled').sort((a, b) => b.dueDate.localeCompare(a.dueDate));
  return {
    legalName: company.legalName,
    approved: company.creditStatus === 'approved',
    termDays: company.creditTermDays,
    credit,
    instructions: settings.instructions,
    rows: [...unpaid, ...rest].map((r) => ({ id: r.id, orderId: r.orderId, buyerName: r.buyerName, amount: r.amount, dueDate: r.dueDate, status: r.status, paidAt: r.paidAt, boleto: r.boleto })),
  };
}

export default function CustomerInvoices({ loaderData }: Route.ComponentProps) {
  const { legalName, approved, termDays, credit, instructions, rows } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold">Faturas</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">Os pedidos faturados de {legalName}, de todos os compradores da empresa.</p>
      {approved ? (
        <dl className="mt-4 grid gap-3 sm:grid-cols-3">
          <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <dt className="text-sm text-slate-600 dark:text-slate-400">Limite</dt>
            <dd className="text-lg font-bold">{formatBRL(credit.limitCents)}</dd>
          </div>
          <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <dt className="text-sm text-slate-600 dark:text-slate-400">Em uso</dt>
            <dd className="text-lg font-bold">{formatBRL(credit.usedCents)}</dd>
          </div>
          <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <dt className="text-sm text-slate-600 dark:text-slate-400">Disponível</dt>
            <dd className="text-lg font-bold" data-testid="available-limit">
              {formatBRL(credit.availableCents)}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="mt-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">O faturamento da empresa não está aprovado: as compras são pagas na hora.</p>
      )}
      {approved && termDays ? <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Prazo: boleto faturado em {termDays} dias.</p> : null}
      {credit.overdueCount > 0 ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 font-semibold text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100">
          {INVOICED_MESSAGES.overdue}
        </p>
      ) : null}
      {/* The merchant's instructions for the unpaid faturas without a gateway boleto (each boleto is on its row). */}
      {instructions && rows.some((r) => (r.status === 'open' || r.status === 'overdue') && !r.boleto) ? (
        <section aria-labelledby="como-pagar" className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-900">
          <h2 id="como-pagar" className="font-semibold">
            Como pagar
          </h2>
          <p className="mt-1 text-sm whitespace-pre-wrap break-words">{instructions}</p>
        </section>
      ) : null}
      {rows.length === 0 ? (
        <p className="mt-6">Nenhuma fatura ainda.</p>
      ) : (
        <div className="mt-6 overflow-x-auto" tabIndex={0} role="region" aria-label="Faturas da empresa">
          <table className="w-full min-w-[36rem] text-left text-sm" data-testid="faturas-table">
            <caption className="sr-only">Faturas: as em aberto primeiro, pela data de vencimento</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className="py-2 font-semibold">Vencimento</th>
                <th scope="col" className="py-2 font-semibold">Pedido</th>
                <th scope="col" className="py-2 font-semibold">Comprador</th>
                <th scope="col" className="py-2 font-semibold">Valor</th>
                <th scope="col" className="py-2 font-semibold">Situação</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-100 dark:border-slate-800">
                  <td className="py-3 whitespace-nowrap">{formatDueDate(r.dueDate)}</td>
                  <td className="py-3 font-mono">
                    <Link to={`/pedido/${r.orderId}`} className="text-brand-700 underline dark:text-brand-200">
                      {shortOrderId(r.orderId)}
                    </Link>
                  </td>
                  <td className="py-3">{r.buyerName ?? '—'}</td>
                  <td className="py-3 whitespace-nowrap">{formatPrice(r.amount)}</td>
                  <td className={`py-3 font-semibold ${r.status === 'overdue' ? 'text-red-700 dark:text-red-300' : ''}`}>
                    {RECEIVABLE_STATUS_LABELS[r.status]}
                    {r.paidAt ? <span className="block text-xs font-normal">em {formatDateBR(r.paidAt)}</span> : null}
                    {r.boleto && (r.status === 'open' || r.status === 'overdue') ? (
                      <div className="mt-1 text-xs font-normal">
                        <FaturaBoletoLines boleto={r.boleto} />
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
