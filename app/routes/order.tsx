// /pedido/:id — the customer's order: status in words, its history, the delivery address, the
// tracking link once shipped, the Pix code or boleto line again while unpaid, and "Cancelar
// pedido" while it is. Owner only: anyone else's id is a 404, for the page and the action.
import { CheckCircle2, Clock, PackageCheck, Truck, XCircle } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { data, Link, useFetcher, useRevalidator, useSearchParams } from 'react-router';
import { customerCancelSchema } from '~/lib/schemas/order';
import { StoreSoldBy } from '~/components/layout/seller-identity';
import { OrderAddress } from '~/components/order/order-address';
import { OrderParcels } from '~/components/order/order-parcels';
import { OrderTimeline } from '~/components/order/order-timeline';
import { SdsLink } from '~/components/product/product-safety';
import { AcceptedTerms } from '~/components/order/accepted-terms';
import { OrderReturns } from '~/components/order/withdrawal-panel';
import { TrackingLink } from '~/components/order/tracking-link';
import { InvoiceLinks } from '~/components/order/invoice-links';
import { BuyAgainButton } from '~/components/order/buy-again-button';
import { isPlanLine } from '~/lib/returns';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { toast } from '~/components/ui/toaster';
import { buttonVariants } from '~/components/ui/button';
import { OrderTotals, storedOrderTotals } from '~/components/order-totals';
import { formatDateBR, formatDateTimeBR } from '~/lib/dates';
import { availableActions, customerTimelineEvent } from '~/lib/order-lifecycle';
import type { ToastMessage } from '~/lib/toast';
import { readForm } from '~/server/infra/http/body.server';
import { applyOrderAction, OrderActionError } from '~/server/orders/transitions.server';
import { formatBRL, formatPrice } from '~/lib/money';
import { orderStatusLabel, PAYMENT_METHOD_LABELS, shortOrderId } from '~/lib/order-status';
import { FaturaBox } from '~/components/order/fatura-box';
import { getDb } from '~/server/infra/db.server';
import { getOwnOrder, orderBuyerName } from '~/server/orders/orders.server';
import { safetySheetLinks } from '~/server/catalog/safety-sheets.server';
import { requireUser } from '~/server/auth/session.server';
import { getOrderReturnView } from '~/server/returns/returns.server';
import { downloadableInvoices } from '~/server/invoices/files.server';
import { reviewStatusesOfOrder } from '~/server/reviews/reviews.server';
import { REVIEW_STATUS_LABELS, type ReviewStatus } from '~/lib/reviews';
import type { Route } from './+types/order';

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d?.order ? `Pedido ${shortOrderId(d.order.id)} | Clarear` : 'Pedido não encontrado | Clarear' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const order = await getOwnOrder(db, user.id, params.id);
  // Someone else's order looks exactly like a missing one.
  if (!order) return data({ order: null, pixQrSvg: null, sdsLinks: {}, returns: null, invoice: null, placedBy: null, placedByMe: false, reviews: null }, { status: 404 });
  // A company's order is read by all its members (issue 35); only its buyer cancels or returns it.
  const placedByMe = order.userId === user.id;
  const placedBy = order.companyId ? await orderBuyerName(db, order) : null;
  // Each item's safety data sheet (FDS), when its product has one.
  const sdsLinks = await safetySheetLinks(db, order.items.map((i) => i.productId));
  // The code is shown while it can still be paid.
  const pixQrSvg =
    order.paymentDetails?.method === 'pix' && order.status === 'pending'
      ? await QRCode.toString(order.paymentDetails.copyPaste, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })
      : null;
  // "Desistir da compra", a defect claim and the current return (issue 32).
  const returns = placedByMe ? await getOrderReturnView(db, order.id, user.id) : null;
  // The NF-e's DANFE and XML once authorised (issue 34).
  const invoice = (await downloadableInvoices(db, [order.id])).get(order.id) ?? null;
  // "Avaliar" per product once delivered, for its buyer (issue 36); their reviews' status.
  const reviews: Record<string, ReviewStatus> | null = placedByMe && order.status === 'delivered' ? await reviewStatusesOfOrder(db, user.id, order.items.map((i) => i.productId)) : null;
  // Who at the store moved the order, and their notes, stay in the admin.
  return { order: { ...order, events: order.events.map(customerTimelineEvent) }, pixQrSvg, sdsLinks, returns, invoice, placedBy, placedByMe, reviews };
}

const CUSTOMER_CANCEL_REASON = 'Cancelado pelo cliente';
const CANCEL_CONFIRMATION = 'O pedido será cancelado e os produtos voltam ao estoque. Se você já pagou, não cancele: fale com a gente.';

type ActionData = { ok: boolean; toast: ToastMessage };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = customerCancelSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return data<ActionData>({ ok: false, toast: { title: 'Não foi possível cancelar', description: 'Recarregue a página e tente novamente.', variant: 'destructive' } }, 400);
  }
  try {
    await applyOrderAction(await getDb(), {
      orderId: params.id,
      action: 'cancel',
      actor: { kind: 'customer', userId: user.id },
      expectedVersion: parsed.data.version,
      reason: CUSTOMER_CANCEL_REASON,
    });
    return data<ActionData>({ ok: true, toast: { title: 'Pedido cancelado', description: 'Seu pedido foi cancelado.' } });
  } catch (error) {
    if (error instanceof OrderActionError) {
      return data<ActionData>({ ok: false, toast: { title: 'Não foi possível cancelar', description: error.message, variant: 'destructive' } }, error.status);
    }
    throw error;
  }
}

const STATUS_ICONS = { pending: Clock, paid: CheckCircle2, preparing: PackageCheck, shipped: Truck, delivered: PackageCheck, cancelled: XCircle } as const;

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, pixQrSvg, sdsLinks, returns, invoice, placedBy, placedByMe, reviews } = loaderData;
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
  const unpaid = order.status === 'pending';
  const paid = order.status !== 'pending' && order.status !== 'cancelled';
  const StatusIcon = STATUS_ICONS[order.status];
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="flex items-center gap-2 font-semibold text-brand-800 dark:text-brand-200" data-testid="order-status">
        <StatusIcon className="h-6 w-6" aria-hidden /> {order.status === 'paid' ? 'Pedido confirmado' : orderStatusLabel(order.status)}
      </p>
      <h1 className="mt-2 text-3xl font-bold">Pedido {shortOrderId(order.id)}</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        Feito em {formatDateBR(order.createdAt)} · {orderStatusLabel(order.status, order.paymentMethod)}
        {order.deliveryFrequencyMonths ? ` · entrega a cada ${order.deliveryFrequencyMonths === 1 ? '1 mês' : `${order.deliveryFrequencyMonths} meses`}` : ''}
      </p>
      {order.companyLegalName ? (
        <p className="mt-1 text-slate-700 dark:text-slate-300" data-testid="order-company">
          Comprado para <span className="font-semibold">{order.companyLegalName}</span>
          {placedBy ? ` · Feito por ${placedBy}` : ''}
        </p>
      ) : null}
      {order.purchaseOrderNumber ? (
        <p className="mt-1 text-slate-700 dark:text-slate-300" data-testid="purchase-order">
          Nº do pedido de compra: <span className="font-semibold">{order.purchaseOrderNumber}</span>
        </p>
      ) : null}
      {invoice ? <InvoiceLinks orderId={order.id} invoice={invoice} className="mt-1 text-slate-800 dark:text-slate-200" /> : null}
      {order.items.some((i) => !isPlanLine(i)) ? <BuyAgainButton orderId={order.id} className="mt-3" /> : null}
      {order.subscriptionId || order.programmedDeliveryId ? (
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {order.programmedDeliveryId && order.scheduledFor ? `Entrega programada de ${formatDateBR(order.scheduledFor)}. ` : 'Pedido da sua Assinatura Inteligente. '}
          <Link to="/area-cliente/assinaturas" className="font-semibold text-brand-800 underline dark:text-brand-200">
            Gerenciar em Assinaturas
          </Link>
        </p>
      ) : null}

      {order.status === 'cancelled' ? (
        <div className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          <p>Pedido cancelado{order.cancelReason ? `: ${order.cancelReason}` : '.'}</p>
          {order.refundStatus === 'pending' ? (
            <p className="mt-1 font-semibold">
              Reembolso pendente: vamos devolver o valor pago {returns?.paidWithStorePix ? 'por transferência Pix' : 'pela mesma forma de pagamento'}.
            </p>
          ) : null}
          {order.refundStatus === 'refunded' ? <p className="mt-1 font-semibold">Reembolso concluído.</p> : null}
        </div>
      ) : null}

      {order.carrier && order.trackingCode ? (
        <section aria-labelledby="entrega-rastreio" className="mt-6 rounded-xl border border-slate-200 p-5 dark:border-slate-800">
          <h2 id="entrega-rastreio" className="text-xl font-bold">
            Rastreamento
          </h2>
          <div className="mt-2">
            <TrackingLink carrier={order.carrier} code={order.trackingCode} />
          </div>
        </section>
      ) : null}

      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="endereco-entrega">
          <h2 id="endereco-entrega" className="text-xl font-bold">
            Endereço de entrega
          </h2>
          {order.address ? <OrderAddress address={order.address} className="mt-3" /> : <p className="mt-3 text-slate-700 dark:text-slate-300">Pedido anterior ao registro de endereços.</p>}
          {order.parcels.length > 0 ? (
            <>
              <h3 className="mt-4 font-semibold">Frete e prazo</h3>
              <OrderParcels parcels={order.parcels} items={order.items} className="mt-1" />
            </>
          ) : null}
        </section>
        <section aria-labelledby="acompanhamento">
          <h2 id="acompanhamento" className="text-xl font-bold">
            Acompanhamento
          </h2>
          <div className="mt-3">
            <OrderTimeline events={order.events} paymentMethod={order.paymentMethod} />
          </div>
        </section>
      </div>

      {returns ? <OrderReturns orderId={order.id} orderStatus={order.status} view={returns} /> : null}

      {reviews ? <ReviewInvite orderId={order.id} items={order.items} reviews={reviews} /> : null}

      <section aria-labelledby="itens" className="mt-8">
        <h2 id="itens" className="text-xl font-bold">
          Itens
        </h2>
        <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {order.items.map((item, i) => (
            <li key={`${item.productName}-${i}`} className="flex justify-between gap-4 p-4">
              <span className="grid gap-1">
                <span>
                  {item.quantity}× {item.productName}
                  {item.size ? ` (${item.size})` : ''}
                </span>
                {(item.productId ? (sdsLinks[item.productId] ?? []) : []).map((sheet) => (
                  <span key={sheet.url} className="text-sm">
                    <SdsLink url={sheet.url} productName={sheet.name} showName={sheet.name !== item.productName} />
                  </span>
                ))}
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
        <PaymentWatcher active={unpaid && details?.method !== 'boleto'} />
        {order.fatura ? <FaturaBox fatura={order.fatura} /> : null}
        {paid && !order.fatura ? (
          <p className="mt-2 flex items-center gap-2 font-semibold text-brand-800 dark:text-brand-200" role="status" data-testid="payment-approved">
            <CheckCircle2 className="h-5 w-5" aria-hidden /> Pagamento aprovado
          </p>
        ) : null}
        {unpaid && (!details || order.paymentConfirming) ? (
          <p className="mt-2 font-semibold text-amber-900 dark:text-amber-200" role="status" data-testid="payment-confirming">
            Estamos confirmando seu pagamento com a operadora. Nada será cobrado de novo até lá. Esta página se atualiza sozinha, e você recebe um e-mail assim que soubermos.
          </p>
        ) : null}
        {unpaid && order.paymentExpiresAt ? (
          <p className="mt-2 font-semibold text-amber-900 dark:text-amber-200" data-testid="payment-deadline">
            Pague até {formatDateTimeBR(order.paymentExpiresAt)}. Depois disso o pedido é cancelado.
          </p>
        ) : null}
        {details?.method === 'pix' && unpaid ? (
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
        {details?.method === 'boleto' && unpaid ? (
          <div className="mt-3 grid gap-1">
            <p className="text-sm font-semibold">Linha digitável (vence em {formatDateBR(details.dueDate)})</p>
            <p className="font-mono break-all" data-testid="boleto-line">
              {details.digitableLine}
            </p>
            {details.pdfUrl ? (
              <a href={details.pdfUrl} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 underline dark:text-brand-200">
                Abrir o boleto para imprimir (PDF)
              </a>
            ) : null}
          </div>
        ) : null}
      </section>

      {/* Who sold it (Decreto 7.962/2013 art. 2): razão social and CNPJ. */}
      <StoreSoldBy className="mt-6" />
      <AcceptedTerms termsVersion={order.termsVersion} privacyVersion={order.privacyVersion} />

      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/area-cliente/meus-pedidos" className={buttonVariants({ size: 'lg' })}>
          Ver meus pedidos
        </Link>
        {placedByMe && availableActions(order.status, 'customer').includes('cancel') ? <CancelOrder version={order.version} /> : null}
      </div>
    </div>
  );
}

/** While a Pix (or an unanswered card) waits, the page asks again every few seconds: it turns to "Pagamento aprovado" by itself. */
function PaymentWatcher({ active }: { active: boolean }) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && state === 'idle') void revalidate();
    }, 5000);
    return () => window.clearInterval(timer);
  }, [active, revalidate, state]);
  return null;
}

function CancelOrder({ version }: { version: number }) {
  const fetcher = useFetcher<ActionData>();
  const [open, setOpen] = useState(false);
  const result = fetcher.data;
  useEffect(() => {
    if (!result) return;
    toast(result.toast);
    if (result.ok) setOpen(false);
  }, [result]);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Cancelar pedido"
      description={CANCEL_CONFIRMATION}
      trigger={
        <Button type="button" variant="outline" size="lg">
          Cancelar pedido
        </Button>
      }
      fetcher={fetcher}
      fields={{ intent: 'cancel', version: String(version) }}
      confirmLabel="Sim, cancelar pedido"
      busyLabel="Cancelando..."
      busy={fetcher.state !== 'idle'}
    />
  );
}

/** A delivered order's products, each with "Avaliar" or the customer's review's status (issue 36). */
function ReviewInvite({ orderId, items, reviews }: { orderId: string; items: { productId: string | null; productName: string }[]; reviews: Record<string, ReviewStatus> }) {
  const products = [...new Map(items.filter((i) => i.productId !== null).map((i) => [i.productId!, i.productName])).entries()];
  if (products.length === 0) return null;
  return (
    <section id="avaliar" aria-labelledby="avalie-sua-compra" className="mt-8 rounded-xl border border-slate-200 p-5 dark:border-slate-800">
      <h2 id="avalie-sua-compra" className="text-xl font-bold">
        Avalie sua compra
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Sua opinião ajuda outros clientes. As avaliações aparecem com o selo “Compra verificada”.</p>
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
        {products.map(([productId, name]) => {
          const status = reviews[productId];
          const href = `/area-cliente/avaliacoes/${productId}?pedido=${orderId}`;
          return (
            <li key={productId} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="review-invite">
              <span>{name}</span>
              {status ? (
                <span className="flex items-center gap-3 text-sm">
                  <span>
                    Sua avaliação: <span className="font-semibold">{REVIEW_STATUS_LABELS[status].toLowerCase()}</span>
                  </span>
                  <Link to={href} className="font-semibold text-brand-700 underline dark:text-brand-200">
                    Editar<span className="sr-only"> a avaliação de {name}</span>
                  </Link>
                </span>
              ) : (
                <Link to={href} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                  Avaliar<span className="sr-only"> {name}</span>
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
