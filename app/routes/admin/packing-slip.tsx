// /admin/orders/:id/etiqueta: the packing slip, printable — the sender (the seller's razão social,
// CNPJ, IE and address from /admin/settings) and the address block for the box, the order id, the items with sizes and kit contents; no site chrome (this route sits outside the
// admin layout, and its handle hides the storefront's), and a print stylesheet hides the buttons.
import { Printer } from 'lucide-react';
import { data, Link } from 'react-router';
import { OrderAddress } from '~/components/order/order-address';
import { OrderParcels } from '~/components/order/order-parcels';
import { Button, buttonVariants } from '~/components/ui/button';
import { formatDateTimeBR } from '~/lib/dates';
import { shortOrderId } from '~/lib/order-status';
import { useStoreSettings } from '~/lib/root-data';
import { sellerLines } from '~/lib/seller';
import { requireAdmin } from '~/server/auth/session.server';
import { getKitContents } from '~/server/catalog/catalog.server';
import { getDb } from '~/server/infra/db.server';
import { getOrderDetail } from '~/server/orders/orders.server';
import type { Route } from './+types/packing-slip';

export const handle = { chrome: 'admin' };

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d ? `Etiqueta do pedido ${shortOrderId(d.order.id)} | Clarear` : 'Etiqueta | Clarear' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = await getDb();
  const order = await getOrderDetail(db, params.id);
  if (!order) throw data('Pedido não encontrado.', 404);
  const kits = await getKitContents(db, order.items.map((i) => i.productId).filter((id): id is string => id !== null));
  return { order, kits };
}

export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { order, kits } = loaderData;
  const sender = sellerLines(useStoreSettings().seller);
  return (
    <main id="conteudo" className="mx-auto max-w-2xl bg-white p-8 text-slate-950 print:max-w-none print:p-0">
      <div className="mb-6 flex gap-2 print:hidden">
        <Button type="button" onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden />
          Imprimir
        </Button>
        <Link to={`/admin/orders/${order.id}`} className={buttonVariants({ variant: 'outline' })}>
          Voltar ao pedido
        </Link>
      </div>
      <h1 className="text-2xl font-bold">Pedido {shortOrderId(order.id)}</h1>
      <p className="text-sm">Feito em {formatDateTimeBR(order.createdAt)}</p>
      {order.purchaseOrderNumber ? (
        <p className="text-sm font-semibold" data-testid="purchase-order">
          Pedido de compra: {order.purchaseOrderNumber}
        </p>
      ) : null}
      <section aria-labelledby="remetente" className="mt-6 text-sm" data-testid="sender">
        <h2 id="remetente" className="font-bold uppercase">
          Remetente
        </h2>
        {sender.length ? sender.map((line) => <p key={line}>{line}</p>) : <p>Dados legais do vendedor não preenchidos (Configurações).</p>}
      </section>
      <section aria-labelledby="destinatario" className="mt-6 rounded border-2 border-slate-950 p-4 text-lg">
        <h2 id="destinatario" className="text-sm font-bold uppercase">
          Destinatário
        </h2>
        {order.address ? <OrderAddress address={order.address} /> : <p>Sem endereço registrado.</p>}
        <OrderParcels parcels={order.parcels} items={order.items} className="mt-2" />
      </section>
      <section aria-labelledby="conteudo-caixa" className="mt-6">
        <h2 id="conteudo-caixa" className="text-lg font-bold">
          Conteúdo
        </h2>
        <table className="mt-2 w-full border-collapse text-left">
          <thead>
            <tr className="border-b-2 border-slate-950">
              <th scope="col" className="py-1">Qtd.</th>
              <th scope="col" className="py-1">Produto</th>
              <th scope="col" className="py-1">Tamanho</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, i) => (
              <tr key={`${item.productName}-${i}`} className="border-b border-slate-300 align-top">
                <td className="py-2 pr-4 font-semibold">{item.quantity}</td>
                <td className="py-2 pr-4">
                  {item.productName}
                  {item.productId && kits[item.productId] ? (
                    <ul className="text-sm">
                      {kits[item.productId]!.map((k) => (
                        <li key={k.productId}>
                          {k.quantity * item.quantity}× {k.name}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
                <td className="py-2">{item.size ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </main>
  );
}
