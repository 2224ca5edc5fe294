// /admin/customers: every account, newest first, 25 a page; search by name, e-mail or CPF/CNPJ
// (accents, case and punctuation ignored). Paid orders and total spent count paid orders only.
import { Search } from 'lucide-react';
import { Form, Link } from 'react-router';
import { Pagination } from '~/components/admin/pagination';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { customerSubscriptionLabel } from '~/lib/customers';
import { formatDateBR } from '~/lib/dates';
import { formatBRL } from '~/lib/money';
import { customerFiltersFromSearchParams } from '~/lib/schemas/admin-customer';
import { requireAdmin } from '~/server/auth/session.server';
import { listCustomers } from '~/server/customers/list.server';
import { getDb } from '~/server/infra/db.server';
import type { Route } from './+types/customers';

export const meta: Route.MetaFunction = () => [{ title: 'Clientes | Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = customerFiltersFromSearchParams(new URL(request.url).searchParams);
  return { result: await listCustomers(await getDb(), filters) };
}

const MUTED = 'text-slate-700 dark:text-slate-300';

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData;
  return (
    <section aria-labelledby="titulo-clientes" className="mx-auto max-w-6xl">
      <h1 id="titulo-clientes" className="text-2xl font-bold">
        Clientes
      </h1>
      <p className={`mt-1 ${MUTED}`}>
        {result.total === 1 ? '1 conta' : `${result.total} contas`}
        {result.q ? ` para “${result.q}”` : ''}.
      </p>

      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="grid min-w-64 flex-1 gap-1.5">
          <Label htmlFor="busca-clientes">Buscar por nome, e-mail ou CPF/CNPJ</Label>
          <Input id="busca-clientes" name="q" type="search" defaultValue={result.q} maxLength={100} />
        </div>
        <Button type="submit" variant="outline">
          <Search className="h-4 w-4" aria-hidden /> Buscar
        </Button>
      </Form>

      {result.items.length === 0 ? (
        <p className={`mt-8 ${MUTED}`}>{result.q ? `Nenhum cliente encontrado para “${result.q}”.` : 'Nenhuma conta ainda.'}</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Clientes, do cadastro mais recente ao mais antigo</caption>
            <thead className="border-b border-slate-200 dark:border-slate-700">
              <tr>
                <th scope="col" className="p-3">Nome</th>
                <th scope="col" className="p-3">E-mail</th>
                <th scope="col" className="p-3">Cadastro</th>
                <th scope="col" className="p-3 text-right">Pedidos pagos</th>
                <th scope="col" className="p-3 text-right">Total gasto</th>
                <th scope="col" className="p-3">Assinatura</th>
                <th scope="col" className="p-3">E-mail confirmado</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {result.items.map((c) => (
                <tr key={c.id} data-testid="customer-row">
                  <td className="p-3">
                    <Link to={`/admin/customers/${c.id}`} className="font-semibold text-brand-700 underline dark:text-brand-200">
                      {c.name}
                    </Link>
                    {c.role === 'admin' ? <span className={`block text-xs ${MUTED}`}>Administrador</span> : null}
                    {c.banned ? <span className="block text-xs font-semibold text-red-800 dark:text-red-300">Bloqueado</span> : null}
                  </td>
                  <td className="p-3 break-all">{c.email}</td>
                  <td className="p-3 whitespace-nowrap">{formatDateBR(c.createdAt)}</td>
                  <td className="p-3 text-right">{c.paidOrders}</td>
                  <td className="p-3 text-right whitespace-nowrap">{formatBRL(c.totalSpentCents)}</td>
                  <td className="p-3">{customerSubscriptionLabel(c.subscriptionStatus)}</td>
                  <td className="p-3">{c.emailVerified ? 'Sim' : 'Não'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={result.page} pageCount={result.pageCount} label="Páginas de clientes" className="mt-6" />
    </section>
  );
}
