// /admin/orders: every order, newest first — tabs with counts per status, filters (payment
// method, São Paulo dates), search (short id, customer name or e-mail, CPF/CNPJ), pagination,
// and the same filters exported as CSV. The NF-e column and filter (issue 34): each order's sale
// note situation (lib/invoice-list), ?nfe=rejeitada. Filters live in the URL, so a reload or a shared link
// keeps them.
import { Download, Search } from 'lucide-react';
import { Form, Link, useSearchParams } from 'react-router';
import { OrderStatusBadge } from '~/components/admin/order-status-badge';
import { Pagination } from '~/components/admin/pagination';
import { StatusTabs, type StatusTab } from '~/components/admin/status-tabs';
import { Button, buttonVariants } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { formatDateTimeBR } from '~/lib/dates';
import { INVOICE_FILTER_LABELS, INVOICE_FILTERS, invoiceCellLabel } from '~/lib/invoice-list';
import { formatPrice } from '~/lib/money';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, shortOrderId } from '~/lib/order-status';
import { filtersFromSearchParams } from '~/lib/schemas/admin-order';
import { requireAdmin } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { listAdminOrders } from '~/server/orders/admin-orders.server';
import { ORDER_STATUSES } from '~/lib/order-lifecycle';
import type { Route } from './+types/orders';

export const meta: Route.MetaFunction = () => [{ title: 'Pedidos | Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = filtersFromSearchParams(new URL(request.url).searchParams);
  return { filters, result: await listAdminOrders(await getDb(), filters) };
}

const SELECT = 'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { filters, result } = loaderData;
  const [params] = useSearchParams();
  const tabHref = (status: string | null) => {
    const next = new URLSearchParams(params);
    next.delete('pagina');
    if (status) next.set('status', status);
    else next.delete('status');
    const q = next.toString();
    return q ? `?${q}` : '/admin/orders';
  };
  const exportParams = new URLSearchParams(params);
  exportParams.delete('pagina');
  const tabs: StatusTab[] = [
    [null, 'Todos', result.counts.all],
    ['to_ship', 'A enviar', result.counts.paid + result.counts.preparing],
    ...ORDER_STATUSES.map((s): [string, string, number] => [s, ORDER_STATUS_LABELS[s]!, result.counts[s]]),
  ];

  return (
    <section aria-labelledby="titulo-pedidos" className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="titulo-pedidos" className="text-2xl font-bold">
          Pedidos
        </h1>
        <a href={`/admin/orders/export.csv${exportParams.size ? `?${exportParams}` : ''}`} className={buttonVariants({ variant: 'outline' })} download>
          <Download className="h-4 w-4" aria-hidden />
          Exportar CSV
        </a>
      </div>

      <StatusTabs label="Pedidos por status" tabs={tabs} current={filters.status ?? null} href={tabHref} />

      <Form method="get" role="search" className="mt-4 grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-6 dark:border-slate-700">
        {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
        <div className="grid gap-1.5 lg:col-span-2">
          <Label htmlFor="busca-pedidos">Buscar</Label>
          <Input id="busca-pedidos" type="search" name="q" defaultValue={filters.term ?? ''} placeholder="Nº do pedido, cliente, e-mail ou CPF/CNPJ" maxLength={100} key={filters.term ?? ''} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filtro-pagamento">Pagamento</Label>
          <select id="filtro-pagamento" name="pagamento" defaultValue={filters.method ?? ''} className={SELECT}>
            <option value="">Todos</option>
            {Object.entries(PAYMENT_METHOD_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filtro-nfe">NF-e</Label>
          <select id="filtro-nfe" name="nfe" defaultValue={filters.invoice ?? ''} className={SELECT}>
            <option value="">Todas</option>
            {INVOICE_FILTERS.map((value) => (
              <option key={value} value={value}>
                {INVOICE_FILTER_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filtro-de">De</Label>
          <Input id="filtro-de" type="date" name="de" defaultValue={filters.from ?? ''} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filtro-ate">Até</Label>
          <Input id="filtro-ate" type="date" name="ate" defaultValue={filters.to ?? ''} />
        </div>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-6">
          <Button type="submit">
            <Search className="h-4 w-4" aria-hidden />
            Filtrar
          </Button>
          <Link to={filters.status ? `?status=${filters.status}` : '/admin/orders'} className={buttonVariants({ variant: 'outline' })}>
            Limpar filtros
          </Link>
        </div>
      </Form>

      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {result.total === 1 ? '1 pedido' : `${result.total} pedidos`}
      </p>
      {result.rows.length === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 p-6 dark:border-slate-700">Nenhum pedido encontrado com esses filtros.</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
          <table className="w-full min-w-[52rem] text-left text-sm">
            <caption className="sr-only">Pedidos, do mais recente ao mais antigo</caption>
            <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Pedido</th>
                <th scope="col" className="px-4 py-3 font-semibold">Data</th>
                <th scope="col" className="px-4 py-3 font-semibold">Cliente</th>
                <th scope="col" className="px-4 py-3 font-semibold">Pagamento</th>
                <th scope="col" className="px-4 py-3 font-semibold">Total</th>
                <th scope="col" className="px-4 py-3 font-semibold">Status</th>
                <th scope="col" className="px-4 py-3 font-semibold">NF-e</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((o) => (
                <tr key={o.id} className="border-t border-slate-100 dark:border-slate-800">
                  <th scope="row" className="px-4 py-3 font-mono font-semibold">
                    <Link to={`/admin/orders/${o.id}`} className="text-brand-700 underline dark:text-brand-200">
                      {shortOrderId(o.id)}
                    </Link>
                  </th>
                  <td className="px-4 py-3 whitespace-nowrap">{formatDateTimeBR(o.createdAt)}</td>
                  <td className="px-4 py-3">
                    <span className="block font-medium">{o.customerName}</span>
                    <span className="block text-slate-600 dark:text-slate-400">{o.customerEmail}</span>
                  </td>
                  <td className="px-4 py-3">{PAYMENT_METHOD_LABELS[o.paymentMethod ?? ''] ?? '—'}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{formatPrice(o.totalPrice)}</td>
                  <td className="px-4 py-3">
                    <OrderStatusBadge status={o.status} paymentMethod={o.paymentMethod} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap" data-testid="order-nfe">
                    {invoiceCellLabel(o.invoiceStatus, o.invoiceNumber)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={result.page} pageCount={result.pageCount} label="Páginas de pedidos" className="mt-4" />
    </section>
  );
}
