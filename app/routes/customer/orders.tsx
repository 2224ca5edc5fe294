import { Link } from 'react-router';
import { Pagination } from '~/components/admin/pagination';
import { formatDateBR } from '~/lib/dates';
import { formatPrice } from '~/lib/money';
import { orderStatusLabel, shortOrderId } from '~/lib/order-status';
import { getDb } from '~/server/infra/db.server';
import { listOwnOrders, type OrderListItem } from '~/server/orders/orders.server';
import { requireUser } from '~/server/auth/session.server';
import type { Route } from './+types/orders';
import { log } from '~/server/infra/log.server';

export const meta: Route.MetaFunction = () => [{ title: 'Histórico de Pedidos | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  try {
    const page = Number(new URL(request.url).searchParams.get('pagina') ?? '1');
    const { items, page: shown, pageCount } = await listOwnOrders(await getDb(), user.id, { page });
    return { orders: items, page: shown, pageCount, error: null };
  } catch (error) {
    log.error('meus-pedidos: falha', error);
    return { orders: [] as OrderListItem[], page: 1, pageCount: 1, error: 'Erro ao buscar pedidos' };
  }
}

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  const { orders, page, pageCount, error } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold">Histórico de Pedidos</h1>
      {error ? (
        <p role="alert" className="mt-4 text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {orders.length === 0 && !error ? (
        <p className="mt-6">
          Você ainda não fez nenhum pedido.{' '}
          <Link to="/produtos" className="font-semibold text-brand-700 underline dark:text-brand-200">
            Ver produtos
          </Link>
        </p>
      ) : (
        <table className="mt-6 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-2">Pedido</th>
              <th scope="col" className="py-2">Data</th>
              <th scope="col" className="py-2">Total</th>
              <th scope="col" className="py-2">Status</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.id} className="border-b border-slate-100 dark:border-slate-800">
                <td className="py-3">
                  <Link to={`/pedido/${o.id}`} className="font-mono font-semibold text-brand-700 underline dark:text-brand-200">
                    {shortOrderId(o.id)}
                  </Link>
                </td>
                <td className="py-3">{formatDateBR(o.createdAt)}</td>
                <td className="py-3">{formatPrice(o.totalPrice)}</td>
                <td className="py-3">{orderStatusLabel(o.status)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={page} pageCount={pageCount} label="Páginas de pedidos" className="mt-6" />
    </div>
  );
}
