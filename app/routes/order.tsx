import { CheckCircle2 } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect } from 'react';
import { data, Link, useSearchParams } from 'react-router';
import { toast } from '~/components/ui/toaster';
import { buttonVariants } from '~/components/ui/button';
import { OrderTotals, storedOrderTotals } from '~/components/order-totals';
import { formatDateBR } from '~/lib/dates';
import { formatBRL, formatPrice } from '~/lib/money';
import { orderStatusLabel, PAYMENT_METHOD_LABELS, shortOrderId } from '~/lib/order-status';
import { getDb } from '~/server/db.server';
import { getOwnOrder } from '~/server/orders/orders.server';
import { requireUser } from '~/server/auth/session.server';
import type { Route } from './+types/order';

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d?.order ? `Pedido ${shortOrderId(d.order.id)} | Clarear` : 'Pedido não encontrado | Clarear' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const order = await getOwnOrder(await getDb(), user.id, params.id);
  // Someone else's order looks exactly like a missing one.
  if (!order) return data({ order: null, pixQrSvg: null }, { status: 404 });
  const pixQrSvg =
    order.paymentDetails?.method === 'pix'
      ? await QRCode.toString(order.paymentDetails.copyPaste, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })
      : null;
  return { order, pixQrSvg };
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, pixQrSvg } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const justBought = searchParams.get('novo') === '1' && order !== null;

  // Arriving from checkout: celebrate once, then drop the flag so a reload does not repeat it.
  useEffect(() => {
    if (!justBought) return;
    toast({ title: '🎉 Compra realizada com sucesso!', description: 'Seu pedido foi processado. Acompanhe na sua área de cliente.' });
    setSearchParams({}, { replace: true, preventScrollReset: true });
  }, [justBought, setSearchParams]);

  if (!order) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Pedido não encontrado.</h1>
        <Link to="/area-cliente/meus-pedidos" className="mt-4 inline-block font-semibold text-brand-700 underline dark:text-brand-200">
          Ver meus pedidos
        </Link>
      </div>
    );
  }
  const details = order.paymentDetails;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="flex items-center gap-2 font-semibold text-brand-800 dark:text-brand-200">
        <CheckCircle2 className="h-6 w-6" aria-hidden /> {order.status === 'paid' ? 'Pedido confirmado' : orderStatusLabel(order.status)}
      </p>
      <h1 className="mt-2 text-3xl font-bold">Pedido {shortOrderId(order.id)}</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        Feito em {formatDateBR(order.createdAt)} · {orderStatusLabel(order.status)}
        {order.deliveryFrequencyMonths ? ` · entrega a cada ${order.deliveryFrequencyMonths === 1 ? '1 mês' : `${order.deliveryFrequencyMonths} meses`}` : ''}
      </p>

      <section aria-labelledby="itens" className="mt-8">
        <h2 id="itens" className="text-xl font-bold">
          Itens
        </h2>
        <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {order.items.map((item, i) => (
            <li key={`${item.productName}-${i}`} className="flex justify-between gap-4 p-4">
              <span>
                {item.quantity}× {item.productName}
                {item.size ? ` (${item.size})` : ''}
              </span>
              <span className="font-semibold">{formatPrice(item.priceAtPurchase)} cada</span>
            </li>
          ))}
        </ul>
        <OrderTotals totals={storedOrderTotals(order)} className="mt-4" />
      </section>

      <section aria-labelledby="pagamento" className="mt-8 rounded-xl border border-slate-200 p-5 dark:border-slate-800">
        <h2 id="pagamento" className="text-xl font-bold">
          Pagamento: {PAYMENT_METHOD_LABELS[order.paymentMethod ?? ''] ?? '—'}
        </h2>
        {details?.method === 'pix' ? (
          <div className="mt-4 grid gap-4 sm:grid-cols-[12rem_1fr]">
            {pixQrSvg ? (
              <div role="img" aria-label="QR Code do Pix" className="rounded-lg bg-white p-2" dangerouslySetInnerHTML={{ __html: pixQrSvg }} />
            ) : null}
            <div className="grid content-start gap-2">
              <label htmlFor="pix-copia-e-cola" className="text-sm font-semibold">
                Pix copia e cola
              </label>
              <textarea id="pix-copia-e-cola" readOnly rows={4} value={details.copyPaste} className="w-full rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-xs break-all dark:border-slate-600 dark:bg-slate-900" />
              <button
                type="button"
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
                onClick={() => void navigator.clipboard?.writeText(details.copyPaste)}
              >
                Copiar código Pix
              </button>
            </div>
          </div>
        ) : null}
        {details?.method === 'credit_card' ? (
          <p className="mt-3">
            {details.installments}x sem juros:{' '}
            {details.installmentCents[0] === details.installmentCents.at(-1)
              ? `${details.installments}x de ${formatBRL(details.installmentCents[0]!)}`
              : `1ª parcela de ${formatBRL(details.installmentCents[0]!)} e ${details.installments - 1}x de ${formatBRL(details.installmentCents.at(-1)!)}`}
          </p>
        ) : null}
        {details?.method === 'boleto' ? (
          <div className="mt-3 grid gap-1">
            <p className="text-sm font-semibold">Linha digitável (vence em {formatDateBR(details.dueDate)})</p>
            <p className="font-mono break-all" data-testid="boleto-line">
              {details.digitableLine}
            </p>
          </div>
        ) : null}
      </section>

      <Link to="/area-cliente/meus-pedidos" className={`${buttonVariants({ size: 'lg' })} mt-8`}>
        Ver meus pedidos
      </Link>
    </div>
  );
}
