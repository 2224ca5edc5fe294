import { Link } from 'react-router';
import { Pagination } from '~/components/admin/pagination';
import { formatDateBR } from '~/lib/dates';
import { formatPrice } from '~/lib/money';
import { orderStatusLabel, shortOrderId } from '~/lib/order-status';
import { todayInBrazil } from '~/lib/plans';
import { withdrawalOffer } from '~/lib/returns';
import { getDb } from '~/server/infra/db.server';
import { withdrawalFactsOf } from '~/server/orders/order-returns.server';
import { listOwnOrders, type OrderListItem } from '~/server/orders/orders.server';
import { returnsOfUser } from '~/server/returns/returns.server';
import { downloadableInvoices } from '~/server/invoices/files.server';
import { InvoiceLinks, type InvoiceLinksView } from '~/components/order/invoice-links';
import { BuyAgainButton } from '~/components/order/buy-again-button';
import { requireUser } from '~/server/auth/session.server';
import type { Route } from './+types/orders';
import { log } from '~/server/infra/log.server';

export const meta: Route.MetaFunction = () => [{ title: 'Histórico de Pedidos | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  try {
    const page = Number(new URL(request.url).searchParams.get('pagina') ?? '1');
    const db = await getDb();
    const { items, page: shown, pageCount } = await listOwnOrders(db, user.id, { page });
    // Issue 32: each order's return (a badge) and whether "Desistir da compra" is still open.
    // Issue 34: each order's NF-e (DANFE and XML), one query for the page.
    const [returns, facts, invoices] = await Promise.all([returnsOfUser(db, user.id), withdrawalFactsOf(db, items.map((o) => o.id)), downloadableInvoices(db, items.map((o) => o.id))]);
    const today = todayInBrazil();
    const orders = items.map((o) => {
      const ret = returns.get(o.id) ?? null;
      const { deliveredAt = null, hasGoods = false } = facts.get(o.id) ?? {};
      const offer = withdrawalOffer({ status: o.status, deliveredAt }, today);
      // One return of an order's goods, ever, unless refused (returns_order_goods_idx): the order page shows it instead.
      const canWithdraw = hasGoods && offer.kind !== 'closed' && (!ret || ret.status === 'rejected' || ret.kind === 'plan');
      return { ...o, ret, canWithdraw, hasGoods, withdrawUntil: offer.kind === 'return' ? offer.until : null, invoice: invoices.get(o.id) ?? null };
    });
    return { orders, page: shown, pageCount, error: null };
  } catch (error) {
    log.error('meus-pedidos: falha', error);
    type Row = OrderListItem & { hasGoods: boolean; ret: { protocol: string; status: string; statusLabel: string } | null; canWithdraw: boolean; withdrawUntil: string | null; invoice: InvoiceLinksView | null };
    return { orders: [] as Row[], page: 1, pageCount: 1, error: 'Erro ao buscar pedidos' };
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
              <th scope="col" className="py-2">Devolução</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.id} className="border-b border-slate-100 dark:border-slate-800">
                <td className="py-3">
                  <Link to={`/pedido/${o.id}`} className="font-mono font-semibold text-brand-700 underline dark:text-brand-200">
                    {shortOrderId(o.id)}
                  </Link>
                  {o.purchaseOrderNumber ? <span className="block text-xs text-slate-600 dark:text-slate-400">Pedido de compra: {o.purchaseOrderNumber}</span> : null}
                  {o.companyLegalName ? (
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {o.companyLegalName}
                      {o.buyerName ? ` · feito por ${o.buyerName}` : ''}
                    </span>
                  ) : null}
                </td>
                <td className="py-3">{formatDateBR(o.createdAt)}</td>
                <td className="py-3">{formatPrice(o.totalPrice)}</td>
                <td className="py-3">
                  {orderStatusLabel(o.status, o.paymentMethod)}
                  {o.invoice ? <InvoiceLinks orderId={o.id} invoice={o.invoice} className="mt-1 text-xs" /> : null}
                  {o.hasGoods ? <BuyAgainButton orderId={o.id} size="sm" className="mt-2" /> : null}
                </td>
                <td className="py-3">
                  {o.ret ? (
                    <span className="inline-block rounded-full border border-slate-400 px-2 py-0.5 text-xs font-semibold dark:border-slate-500" data-testid="return-badge">
                      Devolução: {o.ret.statusLabel}
                    </span>
                  ) : null}
                  {o.canWithdraw ? (
                    <Link to={`/pedido/${o.id}#desistencia`} className="block font-semibold text-brand-700 underline dark:text-brand-200" data-testid="withdraw-link">
                      Desistir da compra<span className="sr-only"> do pedido {shortOrderId(o.id)}</span>
                      {o.withdrawUntil ? <span className="block text-xs font-normal">até {formatDateBR(o.withdrawUntil)}</span> : null}
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={page} pageCount={pageCount} label="Páginas de pedidos" className="mt-6" />
    </div>
  );
}
