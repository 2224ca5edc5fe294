// /area-cliente/orcamentos: the customer's quotes and their company's, newest first, each with its
// state, total and validity. Asked from the cart ("Solicitar orçamento").
import { Link } from 'react-router';
import { QuoteStatusBadge } from '~/components/quote/quote-parts';
import { formatDateBR } from '~/lib/dates';
import { formatBRL } from '~/lib/money';
import { quoteNumber } from '~/lib/quotes';
import { requireUser } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { listCustomerQuotes } from '~/server/quotes/quotes.server';
import type { Route } from './+types/quotes';

export const meta: Route.MetaFunction = () => [{ title: 'Orçamentos | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { quotes: await listCustomerQuotes(await getDb(), user.id) };
}

export default function CustomerQuotes({ loaderData }: Route.ComponentProps) {
  const { quotes } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold">Orçamentos</h1>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Peça um orçamento pelo carrinho: empresas cadastradas e compras em grande quantidade recebem preços especiais.</p>
      {quotes.length === 0 ? (
        <p className="mt-6">
          Você ainda não pediu nenhum orçamento.{' '}
          <Link to="/checkout" className="font-semibold text-brand-700 underline dark:text-brand-200">
            Ir para o carrinho
          </Link>
        </p>
      ) : (
        <ul className="mt-6 grid gap-3" data-testid="customer-quotes">
          {quotes.map((q) => (
            <li key={q.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
              <div>
                <p className="font-semibold">
                  <Link to={`/area-cliente/orcamentos/${q.id}`} className="text-brand-700 underline dark:text-brand-200">
                    Orçamento {quoteNumber(q.id)}
                  </Link>
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  Pedido em {formatDateBR(q.createdAt)} · {q.units} {q.units === 1 ? 'unidade' : 'unidades'}
                  {q.validUntil && q.status === 'answered' ? ` · válido até ${formatDateBR(q.validUntil)}` : ''}
                </p>
              </div>
              <div className="flex items-center gap-3">
                {q.totalCents !== null ? <span className="font-semibold">{formatBRL(q.totalCents)}</span> : null}
                <QuoteStatusBadge status={q.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
