// /admin/empresas — Empresas (issue 35): every company, requests for invoiced payment waiting first;
// search by razão social, nome fantasia or CNPJ (accents, case and punctuation ignored), a filter by
// the invoiced-payment status with its counts. 25 a page.
import { Search } from 'lucide-react';
import { Form, Link } from 'react-router';
import { Pagination } from '~/components/admin/pagination';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { cn } from '~/lib/cn';
import { CREDIT_STATUS_LABELS, CREDIT_STATUSES, type CreditStatus } from '~/lib/companies';
import { formatDateBR } from '~/lib/dates';
import { normalizeSearchTerm } from '~/lib/search';
import { displayTaxId } from '~/lib/tax-id';
import { requireAdmin } from '~/server/auth/session.server';
import { listCompanies } from '~/server/companies/admin.server';
import { getDb } from '~/server/infra/db.server';
import type { Route } from './+types/companies';

export const meta: Route.MetaFunction = () => [{ title: 'Empresas | Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const q = normalizeSearchTerm(params.get('q'));
  const rawStatus = params.get('status');
  const status = (CREDIT_STATUSES as readonly string[]).includes(rawStatus ?? '') ? (rawStatus as CreditStatus) : null;
  const page = Number(params.get('pagina') ?? '1') || 1;
  return { q, status, result: await listCompanies(await getDb(), { q, status, page }) };
}

const MUTED = 'text-slate-700 dark:text-slate-300';

function filterHref(q: string, status: CreditStatus | null): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  const text = params.toString();
  return text ? `/admin/empresas?${text}` : '/admin/empresas';
}

export default function AdminCompanies({ loaderData }: Route.ComponentProps) {
  const { q, status, result } = loaderData;
  const all = Object.values(result.counts).reduce((a, b) => a + b, 0);
  return (
    <section aria-labelledby="titulo-empresas" className="mx-auto max-w-6xl">
      <h1 id="titulo-empresas" className="text-2xl font-bold">
        Empresas
      </h1>
      <p className={`mt-1 ${MUTED}`}>
        {result.total === 1 ? '1 empresa' : `${result.total} empresas`}
        {q ? ` para “${q}”` : ''}
        {status ? ` · ${CREDIT_STATUS_LABELS[status].toLowerCase()}` : ''}.
      </p>

      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3">
        {status ? <input type="hidden" name="status" value={status} /> : null}
        <div className="grid min-w-64 flex-1 gap-1.5">
          <Label htmlFor="busca-empresas">Buscar por razão social ou CNPJ</Label>
          <Input id="busca-empresas" name="q" type="search" defaultValue={q} maxLength={100} />
        </div>
        <Button type="submit" variant="outline">
          <Search className="h-4 w-4" aria-hidden /> Buscar
        </Button>
      </Form>

      <nav aria-label="Filtrar por pagamento faturado" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {[null, ...CREDIT_STATUSES].map((s) => (
            <li key={s ?? 'all'}>
              <Link
                to={filterHref(q, s)}
                aria-current={s === status ? 'page' : undefined}
                className={cn(
                  'inline-block rounded-full border px-3 py-1 text-sm font-medium',
                  s === status ? 'border-brand-700 bg-brand-50 text-brand-900 dark:bg-slate-800 dark:text-brand-100' : 'border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800',
                )}
              >
                {s ? CREDIT_STATUS_LABELS[s] : 'Todas'} ({s ? result.counts[s] : all})
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {result.items.length === 0 ? (
        <p className={`mt-8 ${MUTED}`}>{q ? `Nenhuma empresa encontrada para “${q}”.` : 'Nenhuma empresa aqui.'}</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Empresas: pedidos de pagamento faturado em análise primeiro</caption>
            <thead className="border-b border-slate-200 dark:border-slate-700">
              <tr>
                <th scope="col" className="p-3">Razão social</th>
                <th scope="col" className="p-3">CNPJ</th>
                <th scope="col" className="p-3 text-right">Pessoas</th>
                <th scope="col" className="p-3">Pagamento faturado</th>
                <th scope="col" className="p-3">Cadastro</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {result.items.map((c) => (
                <tr key={c.id} data-testid="company-row">
                  <td className="p-3">
                    <Link to={`/admin/empresas/${c.id}`} className="font-semibold text-brand-700 underline dark:text-brand-200">
                      {c.legalName}
                    </Link>
                    {c.tradeName ? <span className={`block text-xs ${MUTED}`}>{c.tradeName}</span> : null}
                  </td>
                  <td className="p-3 whitespace-nowrap">{displayTaxId(c.taxId)}</td>
                  <td className="p-3 text-right">{c.members}</td>
                  <td className="p-3">
                    {CREDIT_STATUS_LABELS[c.creditStatus]}
                    {c.creditStatus === 'requested' && c.creditRequestedAt ? <span className={`block text-xs ${MUTED}`}>desde {formatDateBR(c.creditRequestedAt)}</span> : null}
                  </td>
                  <td className="p-3 whitespace-nowrap">{formatDateBR(c.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={result.page} pageCount={result.pageCount} label="Páginas de empresas" className="mt-6" />
    </section>
  );
}
