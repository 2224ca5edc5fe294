// /admin/orders/:id: one order for the admin — customer, delivery address, items (kits with
// their contents), totals, payment, history with who did what, payment confirmations (a late
// one prominently), and the actions its status allows. Every action posts the version the page
// showed: if someone acted meanwhile, the answer is "o pedido mudou, recarregue" and nothing changes.
import { AlertTriangle, Printer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { data, Link, useFetcher } from 'react-router';
import { OrderInvoice, type OrderInvoiceView } from '~/components/admin/order-invoice';
import { OrderParcels } from '~/components/admin/order-parcels';
import { OrderStatusBadge } from '~/components/admin/order-status-badge';
import { FaturaBox } from '~/components/order/fatura-box';
import { OrderTotals, storedOrderTotals } from '~/components/order-totals';
import { OrderAddress } from '~/components/order/order-address';
import { OrderTimeline } from '~/components/order/order-timeline';
import { TrackingLink } from '~/components/order/tracking-link';
import { Button, buttonVariants } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Field } from '~/components/ui/field';
import { Label } from '~/components/ui/label';
import { toast } from '~/components/ui/toaster';
import { formatDateBR, formatDateTimeBR } from '~/lib/dates';
import { formatBRL, formatPrice, toCents } from '~/lib/money';
import { availableActions, ORDER_ACTION_LABELS, TO_SHIP_STATUSES, type OrderAction } from '~/lib/order-lifecycle';
import { PAYMENT_METHOD_LABELS, shortOrderId } from '~/lib/order-status';
import { adminOrderActionSchema, REASON_MAX } from '~/lib/schemas/admin-order';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { displayTaxId } from '~/lib/tax-id';
import type { ToastMessage } from '~/lib/toast';
import { CARRIER_LABELS, CARRIERS } from '~/lib/tracking';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { getKitContents } from '~/server/catalog/catalog.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { log } from '~/server/infra/log.server';
import { resolveLatePayment } from '~/server/orders/admin-orders.server';
import { getOrderDetail } from '~/server/orders/orders.server';
import { refundPixKeyOf, returnsOfOrder } from '~/server/orders/order-returns.server';
import { ManualOrderRefund } from '~/components/order/manual-refund';
import { RETURN_KIND_LABELS, RETURN_STATUS_LABELS } from '~/lib/returns';
import { applyOrderAction, confirmPayment, OrderActionError } from '~/server/orders/transitions.server';
import { refundOrder, type RefundOutcome } from '~/server/flows/refund.server';
import { DELETED_CUSTOMER_NAME } from '~/lib/privacy';
import { melhorEnvioFromEnv } from '~/server/shipping/melhorenvio.server';
import { melhorEnvioParcelIds } from '~/server/shipping/parcels.server';
import { cancelSaleInvoice, CANCEL_WINDOW_MS, focusNfe, issueSaleInvoice, type CancelOutcome, type IssueOutcome } from '~/server/flows/invoice.server';
import { getFiscalSettings } from '~/server/invoices/fiscal-settings.server';
import { invoicesOfOrder, shippingAwaitsInvoice, type Invoice } from '~/server/invoices/invoices.server';
import { kickJob } from '~/server/jobs/runner.server';
import { now } from '~/lib/clock';
import { formatAccessKey } from '~/lib/fiscal';
import { MANUAL_CANCEL_INSTRUCTION, returnNoteInstruction } from '~/lib/invoice-status';
import type { Route } from './+types/order';

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d?.order ? `Pedido ${shortOrderId(d.order.id)} | Painel Administrativo | Clarear` : 'Pedido não encontrado | Clarear' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = await getDb();
  const order = await getOrderDetail(db, params.id);
  if (!order) throw data('Pedido não encontrado.', 404);
  const kits = await getKitContents(db, order.items.map((i) => i.productId).filter((id): id is string => id !== null));
  // Issue 32: the order's returns, and the customer's Pix key for a refund made by transfer.
  // Issue 33: the parcels whose label can be bought here (Melhor Envio configured, the order paid, the service theirs).
  const canBuyLabels = melhorEnvioFromEnv() !== null && TO_SHIP_STATUSES.includes(order.status) && order.parcels.length > 0;
  // Issue 34: the order's NF-e, whether the store issues it itself (Focus NFe), and whether shipping waits for it.
  const [returns, refundPixKey, labelParcelIds, notes, awaitsInvoice] = await Promise.all([
    returnsOfOrder(db, order.id),
    order.refundStatus === 'pending' ? refundPixKeyOf(db, order.id) : null,
    canBuyLabels ? melhorEnvioParcelIds(db, order.id) : [],
    invoicesOfOrder(db, order.id),
    TO_SHIP_STATUSES.includes(order.status) ? shippingAwaitsInvoice(db, order.id) : false,
  ]);
  // The sale note in force, else the last one tried (as invoices/currentSaleInvoice picks it).
  const sales = notes.filter((i) => i.kind === 'sale');
  const current = sales.find((i) => i.status === 'processing' || i.status === 'authorized') ?? sales[0] ?? null;
  // Goods back with no return note (entrada) yet: the sale note's instruction stays on the page.
  const returnNoteInForce = notes.some((i) => i.kind === 'return' && (i.status === 'processing' || i.status === 'authorized'));
  const returnReceived = !returnNoteInForce && returns.some((r) => r.kind !== 'plan' && (r.status === 'received' || r.status === 'refunded' || r.status === 'replaced'));
  return { order, kits, returns, refundPixKey, labelParcelIds, invoice: current ? invoiceView(current) : null, focusConfigured: focusNfe() !== null, returnReceived, returnNoteInForce, awaitsInvoice };
}

function invoiceView(i: Invoice): OrderInvoiceView {
  return {
    status: i.status,
    source: i.source,
    number: i.number,
    series: i.series,
    accessKey: i.accessKey,
    protocol: i.protocol,
    authorizedAt: i.authorizedAt,
    sefazMessage: i.sefazMessage,
    hasDanfe: i.danfeKey !== null,
    hasXml: i.xmlKey !== null,
    hasCancelXml: i.cancelXmlKey !== null,
    cancelWindowOpen: i.authorizedAt !== null && now().getTime() - i.authorizedAt.getTime() <= CANCEL_WINDOW_MS,
  };
}

type ActionData = { ok: boolean; intent?: string; errors?: FieldErrors; toast: ToastMessage };

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const parsed = adminOrderActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return data<ActionData>({ ok: false, errors: fieldErrors(parsed.error), toast: { title: 'Confira os dados', description: parsed.error.issues[0]?.message ?? '', variant: 'destructive' } }, 400);
  }
  const input = parsed.data;
  const db = await getDb();
  const actor = { kind: 'admin' as const, userId: admin.id };
  try {
    switch (input.intent) {
      case 'resolve_late_payment': {
        const done = await resolveLatePayment(db, params.id, input.confirmationId);
        if (!done) return data<ActionData>({ ok: false, intent: input.intent, toast: { title: 'Nada a resolver', description: 'Este pagamento já foi resolvido.', variant: 'destructive' } }, 409);
        return data<ActionData>({ ok: true, intent: input.intent, toast: { title: 'Pagamento marcado como resolvido' } });
      }
      case 'confirm_payment': {
        const order = await getOrderDetail(db, params.id);
        if (!order) return data<ActionData>({ ok: false, intent: input.intent, toast: { title: 'Pedido não encontrado', variant: 'destructive' } }, 404);
        // The merchant saw the money in the bank: one confirmation per order, whoever clicks.
        const outcome = await confirmPayment(db, { orderId: order.id, provider: 'manual', reference: `manual:${order.id}`, amountCents: toCents(order.totalPrice), actor, expectedVersion: input.version, note: 'Pagamento confirmado pelo administrador' });
        if (outcome !== 'applied') return data<ActionData>({ ok: false, intent: input.intent, toast: { title: 'O pedido mudou', description: 'Recarregue a página: o pagamento já foi registrado.', variant: 'destructive' } }, 409);
        return data<ActionData>({ ok: true, intent: input.intent, toast: { title: 'Pagamento confirmado', description: 'O cliente foi avisado por e-mail.' } });
      }
      case 'issue_invoice': {
        const focus = focusNfe();
        if (!focus) return data<ActionData>({ ok: false, intent: input.intent, toast: { title: 'Emissão não configurada', description: 'A loja não está ligada à Focus NFe: anexe a NF-e emitida em outro sistema.', variant: 'destructive' } }, 409);
        const order = await getOrderDetail(db, params.id);
        if (!order) return data<ActionData>({ ok: false, intent: input.intent, toast: { title: 'Pedido não encontrado', variant: 'destructive' } }, 404);
        if (order.status !== 'paid' && order.status !== 'preparing') {
          return data<ActionData>({ ok: false, intent: input.intent, toast: { title: 'Não foi possível emitir', description: 'A NF-e é emitida para pedidos pagos ou em separação.', variant: 'destructive' } }, 409);
        }
        const outcome = await issueSaleInvoice(db, params.id, focus);
        return data<ActionData>({ ok: outcome.kind === 'sent' || outcome.kind === 'pending', intent: input.intent, toast: issueToast(outcome) });
      }
      default: {
        await applyOrderAction(db, {
          orderId: params.id,
          action: input.intent,
          actor,
          expectedVersion: input.version,
          ...(input.intent === 'ship' ? { carrier: input.carrier, trackingCode: input.trackingCode } : {}),
          ...(input.intent === 'cancel' ? { reason: input.reason } : {}),
        });
        // A paid order's money goes back through the gateway that took it, now; the job retries a failure.
        // Then its NF-e: cancelled at SEFAZ within 24 hours, or what the admin must do instead.
        if (input.intent === 'cancel') {
          const refund = REFUND_TOASTS[await refundOrder(db, params.id)];
          return data<ActionData>({ ok: true, intent: input.intent, toast: withInvoiceCancel(refund, await cancelSaleInvoice(db, params.id, input.reason)) });
        }
        // The note is due on separation: the job sends it now rather than within the minute.
        if (input.intent === 'start_preparing' && focusNfe() !== null && (await getFiscalSettings(db)).invoicing) await kickJob('invoices');
        return data<ActionData>({ ok: true, intent: input.intent, toast: { title: DONE[input.intent] } });
      }
    }
  } catch (error) {
    if (error instanceof OrderActionError) {
      return data<ActionData>(
        { ok: false, intent: input.intent, errors: error.field ? { [error.field]: error.message } : {}, toast: { title: 'Não foi possível concluir', description: error.message, variant: 'destructive' } },
        error.status,
      );
    }
    log.error('admin/pedido: falha na ação', error);
    throw error;
  }
}

const DONE: Record<Exclude<OrderAction, 'confirm_payment'>, string> = {
  start_preparing: 'Separação iniciada',
  ship: 'Pedido marcado como enviado',
  deliver: 'Pedido marcado como entregue',
  cancel: 'Pedido cancelado',
};

function issueToast(outcome: IssueOutcome): ToastMessage {
  switch (outcome.kind) {
    case 'sent':
      return outcome.invoice.status === 'authorized'
        ? { title: `NF-e nº ${outcome.invoice.number ?? ''} autorizada`, description: 'O cliente recebe o DANFE e o XML por e-mail.' }
        : { title: 'NF-e enviada', description: 'A SEFAZ está processando a nota; o resultado aparece nesta página.' };
    case 'pending':
      return { title: 'NF-e enviada, sem resposta ainda', description: `A Focus NFe não respondeu agora (${outcome.message}). Conferimos de novo em um minuto.` };
    case 'exists':
      return { title: 'Este pedido já tem uma NF-e', description: 'A nota está autorizada ou em processamento: nada foi enviado de novo.' };
    case 'rejected':
      return { title: 'NF-e rejeitada', description: outcome.message, variant: 'destructive' };
    case 'denied':
      return { title: 'NF-e denegada', description: 'A SEFAZ denegou o uso desta nota: ela nunca poderá ser enviada de novo. Veja a mensagem na seção Nota fiscal.', variant: 'destructive' };
  }
}

/** The refund's toast, with what became of the order's NF-e. */
function withInvoiceCancel(toast: ToastMessage, outcome: CancelOutcome): ToastMessage {
  const add = (sentence: string, destructive = false): ToastMessage => ({
    ...toast,
    description: [toast.description, sentence].filter(Boolean).join(' '),
    ...(destructive ? { variant: 'destructive' as const } : {}),
  });
  switch (outcome.kind) {
    case 'none':
      return toast;
    case 'cancelled':
      return add('NF-e cancelada na SEFAZ.');
    case 'too-late':
      return add(returnNoteInstruction(outcome.invoice.accessKey ? formatAccessKey(outcome.invoice.accessKey) : null), true);
    case 'manual':
      return add(MANUAL_CANCEL_INSTRUCTION, true);
    case 'later':
      return add('A NF-e ainda está em processamento: será cancelada na SEFAZ assim que for autorizada.');
    case 'refused':
      return add(`A SEFAZ recusou o cancelamento da NF-e: ${outcome.message}`, true);
  }
}

const REFUND_TOASTS: Record<RefundOutcome, ToastMessage> = {
  none: { title: 'Pedido cancelado' },
  refunded: { title: 'Pedido cancelado e reembolsado', description: 'O valor foi devolvido pelo provedor de pagamento e o cliente recebeu um e-mail.' },
  manual: { title: 'Pedido cancelado', description: 'Devolva o valor ao cliente pelo banco da loja: este pagamento não passou por um intermediador.' },
  failed: { title: 'Pedido cancelado; reembolso pendente', description: 'O provedor de pagamento não aceitou o reembolso agora. Tentaremos de novo a cada 5 minutos.', variant: 'destructive' },
};

const CONFIRMATIONS: Record<OrderAction, string> = {
  confirm_payment: 'Confirme só depois de ver o valor na conta da loja. O cliente recebe um e-mail e o pedido vai para separação.',
  start_preparing: 'O pedido passa para "Em separação".',
  ship: 'O cliente recebe um e-mail com a transportadora e o código de rastreio. Esta ação não pode ser desfeita.',
  deliver: 'O cliente recebe um e-mail dizendo que o pedido foi entregue. Esta ação não pode ser desfeita.',
  cancel: 'O pedido será cancelado, os produtos voltam ao estoque e o cliente recebe um e-mail. Esta ação não pode ser desfeita.',
};

const ATTEMPT_LABELS: Record<Route.ComponentProps['loaderData']['order']['attempts'][number]['status'], string> = {
  requested: 'cobrança registrada, ainda não enviada',
  calling: 'enviada, sem resposta ainda (a conciliação confere em minutos)',
  unknown: 'sem resposta do provedor (a conciliação confere pela chave; nada é cobrado de novo até lá)',
  awaiting: 'aguardando o pagamento do cliente',
  approved: 'aprovado',
  declined: 'recusado',
  abandoned: 'não concluído',
};

function providerLabel(provider: string): string {
  if (provider === 'manual') return 'pelo administrador';
  if (provider === 'mercadopago') return 'Mercado Pago';
  if (provider === 'aprovacao-imediata') return 'provedor interno';
  return provider;
}

const SECTION = 'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900';
const SELECT = 'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { order, kits, returns, refundPixKey, labelParcelIds, invoice, focusConfigured, returnReceived, returnNoteInForce, awaitsInvoice } = loaderData;
  const fetcher = useFetcher<ActionData>();
  const [open, setOpen] = useState<OrderAction | null>(null);
  const [carrier, setCarrier] = useState('correios');
  const [trackingCode, setTrackingCode] = useState('');
  const [reason, setReason] = useState('');
  const result = fetcher.data;
  const errors = (result && !result.ok && result.errors) || {};
  useEffect(() => {
    if (!result) return;
    toast(result.toast);
    setOpen(null);
  }, [result]);

  const actions = availableActions(order.status, 'admin');
  const late = order.confirmations.filter((c) => c.outcome === 'late' || c.outcome === 'divergent');
  const details = order.paymentDetails;
  const paidByGateway = order.confirmations.some((c) => c.outcome === 'applied' && c.provider !== 'manual' && c.provider !== 'aprovacao-imediata');
  const fieldsFor = (action: OrderAction): Record<string, string> => {
    const base = { intent: action, version: String(order.version) };
    if (action === 'ship') return { ...base, carrier, trackingCode };
    if (action === 'cancel') return { ...base, reason };
    return base;
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm">
            <Link to="/admin/orders" className="text-brand-700 underline dark:text-brand-200">
              Pedidos
            </Link>
          </p>
          <h1 className="text-2xl font-bold">Pedido {shortOrderId(order.id)}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <OrderStatusBadge status={order.status} paymentMethod={order.paymentMethod} /> Feito em {formatDateTimeBR(order.createdAt)} · {formatPrice(order.totalPrice)}
          </p>
        </div>
        <Link to={`/admin/orders/${order.id}/etiqueta`} className={buttonVariants({ variant: 'outline' })}>
          <Printer className="h-4 w-4" aria-hidden />
          Etiqueta e romaneio
        </Link>
      </div>

      {returns.length > 0 ? (
        <section aria-labelledby="devolucoes-do-pedido" className={SECTION} data-testid="order-returns-links">
          <h2 id="devolucoes-do-pedido" className="text-lg font-bold">
            Devoluções
          </h2>
          <ul className="mt-2 grid gap-1">
            {returns.map((r) => (
              <li key={r.id}>
                <Link to={`/admin/returns/${r.id}`} className="font-mono font-semibold text-brand-700 underline dark:text-brand-200">
                  {r.protocol}
                </Link>{' '}
                — {RETURN_KIND_LABELS[r.kind]}: {RETURN_STATUS_LABELS[r.status]}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {late.length > 0 ? (
        <section aria-labelledby="pagamentos-tardios" className="rounded-xl border-2 border-amber-500 bg-amber-50 p-5 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          <h2 id="pagamentos-tardios" className="flex items-center gap-2 text-lg font-bold">
            <AlertTriangle className="h-5 w-5" aria-hidden /> Pagamento recebido após o cancelamento
          </h2>
          <ul className="mt-2 grid gap-2">
            {late.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {c.outcome === 'divergent' ? 'Pagamento divergente (outra moeda, valor menor que o total ou só autorizado; não confirmou o pedido): ' : ''}
                  {formatPrice(c.amount)} em {formatDateTimeBR(c.createdAt)} ({c.provider}, ref. {c.reference}). Devolva o valor ou combine com o cliente.
                  {c.resolvedAt ? ` Resolvido em ${formatDateTimeBR(c.resolvedAt)}.` : ''}
                </span>
                {c.resolvedAt ? null : (
                  <fetcher.Form method="post">
                    <input type="hidden" name="intent" value="resolve_late_payment" />
                    <input type="hidden" name="confirmationId" value={c.id} />
                    <Button type="submit" variant="outline" size="sm">
                      Marcar como resolvido
                    </Button>
                  </fetcher.Form>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {actions.length > 0 ? (
        <section aria-labelledby="acoes" className={SECTION}>
          <h2 id="acoes" className="text-lg font-bold">
            Ações
          </h2>
          {actions.includes('ship') ? (
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor="transportadora">Transportadora</Label>
                <select id="transportadora" value={carrier} onChange={(e) => setCarrier(e.currentTarget.value)} className={SELECT} aria-invalid={errors.carrier ? true : undefined}>
                  {CARRIERS.map((c) => (
                    <option key={c} value={c}>
                      {CARRIER_LABELS[c]}
                    </option>
                  ))}
                </select>
                {errors.carrier ? <p className="text-sm text-red-700 dark:text-red-400">{errors.carrier}</p> : null}
              </div>
              <Field
                label="Código de rastreio"
                value={trackingCode}
                onChange={(e) => setTrackingCode(e.currentTarget.value)}
                placeholder={carrier === 'correios' ? 'AA123456789BR' : ''}
                maxLength={60}
                autoCapitalize="characters"
                error={errors.trackingCode}
              />
            </div>
          ) : null}
          {actions.includes('ship') && awaitsInvoice ? (
            <p className="mt-3 text-sm font-semibold text-amber-900 dark:text-amber-200" data-testid="ship-awaits-invoice">
              Envio liberado quando a NF-e for autorizada
            </p>
          ) : null}
          {actions.includes('cancel') ? (
            <div className="mt-3 grid gap-1.5">
              <Label htmlFor="motivo-cancelamento">Motivo do cancelamento (obrigatório para cancelar)</Label>
              <textarea
                id="motivo-cancelamento"
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                maxLength={REASON_MAX}
                rows={2}
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={errors.reason ? 'motivo-cancelamento-erro' : undefined}
                className="rounded-md border border-slate-300 bg-white p-2 text-base dark:border-slate-600 dark:bg-slate-900"
              />
              {errors.reason ? (
                <p id="motivo-cancelamento-erro" className="text-sm text-red-700 dark:text-red-400">
                  {errors.reason}
                </p>
              ) : null}
            </div>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-2">
            {actions.map((action) => (
              <ConfirmDialog
                key={action}
                open={open === action}
                onOpenChange={(o) => setOpen(o ? action : null)}
                title={ORDER_ACTION_LABELS[action]}
                description={CONFIRMATIONS[action]}
                trigger={
                  <Button type="button" variant={action === 'cancel' ? 'outline' : 'default'}>
                    {ORDER_ACTION_LABELS[action]}
                  </Button>
                }
                fetcher={fetcher}
                fields={fieldsFor(action)}
                confirmLabel={`Sim, ${ORDER_ACTION_LABELS[action].toLowerCase()}`}
                busyLabel="Salvando..."
                busy={fetcher.state !== 'idle'}
              />
            ))}
          </div>
        </section>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="cliente" className={SECTION}>
          <h2 id="cliente" className="text-lg font-bold">
            Cliente
          </h2>
          {/* An erased account's order is kept for the fiscal records, without its customer. */}
          <p className="mt-2 font-semibold">{order.customer?.name ?? DELETED_CUSTOMER_NAME}</p>
          {order.customer ? <p>{order.customer.email}</p> : null}
          {order.taxId ? <p>CPF/CNPJ: {displayTaxId(order.taxId)}</p> : null}
          {order.purchaseOrderNumber ? <p data-testid="purchase-order">Nº do pedido de compra: {order.purchaseOrderNumber}</p> : null}
          {order.subscriptionId ? (
            <p className="mt-2">
              <Link to={`/admin/subscriptions/${order.subscriptionId}`} className="font-semibold text-brand-800 underline dark:text-brand-200">
                Pedido da Assinatura Inteligente
              </Link>
            </p>
          ) : null}
          {order.programmedDeliveryId && order.scheduledFor ? <p className="mt-2 font-semibold">Entrega programada de {formatDateBR(order.scheduledFor)}</p> : null}
          <h3 className="mt-4 font-semibold">Endereço de entrega</h3>
          {order.address ? <OrderAddress address={order.address} className="mt-1" /> : <p className="mt-1">Pedido anterior ao registro de endereços.</p>}
          {order.carrier && order.trackingCode ? (
            <div className="mt-3">
              <TrackingLink carrier={order.carrier} code={order.trackingCode} />
            </div>
          ) : null}
        </section>

        <section aria-labelledby="pagamento" className={SECTION}>
          <h2 id="pagamento" className="text-lg font-bold">
            Pagamento: {PAYMENT_METHOD_LABELS[order.paymentMethod ?? ''] ?? '—'}
          </h2>
          {order.fatura ? <FaturaBox fatura={order.fatura} /> : null}
          {order.fatura ? (
            <p className="mt-1 text-sm">
              <Link to="/admin/contas-a-receber" className="font-semibold text-brand-700 underline dark:text-brand-200">
                Ver em Contas a receber
              </Link>
            </p>
          ) : null}
          {order.status === 'pending' && order.paymentExpiresAt ? <p className="mt-2">Aguardando pagamento até {formatDateTimeBR(order.paymentExpiresAt)}.</p> : null}
          {details?.method === 'credit_card' ? <p className="mt-2">{details.installments}x de {formatBRL(details.installmentCents.at(-1)!)} sem juros</p> : null}
          {details?.method === 'boleto' ? <p className="mt-2 font-mono text-sm break-all">{details.digitableLine}</p> : null}
          {details?.method === 'pix' ? <p className="mt-2 font-mono text-xs break-all">{details.copyPaste}</p> : null}
          {details?.method === 'boleto' && details.pdfUrl ? (
            <p className="mt-1 text-sm">
              <a href={details.pdfUrl} className="font-semibold text-brand-700 underline dark:text-brand-200" rel="noreferrer" target="_blank">
                Boleto em PDF
              </a>
            </p>
          ) : null}
          {order.refundStatus === 'pending' ? (
            <p className="mt-2 font-semibold text-red-700 dark:text-red-400">
              {paidByGateway
                ? `Reembolso de ${formatPrice(order.totalPrice)} pendente no provedor de pagamento: tentamos de novo a cada 5 minutos.`
                : `Reembolso pendente: devolva ${formatPrice(order.totalPrice)} ao cliente.`}
            </p>
          ) : null}
          {order.refundStatus === 'pending' && !paidByGateway ? <ManualOrderRefund orderId={order.id} amount={formatPrice(order.totalPrice)} pixKey={refundPixKey} fetcher={fetcher} /> : null}
          {order.refundStatus === 'refunded' ? <p className="mt-2 font-semibold">Reembolso feito{order.refundReference ? ` (${order.refundReference})` : ''}.</p> : null}
          {order.cancelReason ? <p className="mt-2">Motivo do cancelamento: {order.cancelReason}</p> : null}
          {order.attempts.length > 0 ? (
            <ul className="mt-2 grid gap-1 text-sm text-slate-700 dark:text-slate-300" aria-label="Cobranças no provedor de pagamento">
              {order.attempts.map((a) => (
                <li key={a.id}>
                  {providerLabel(a.provider)}
                  {a.reference ? ` · pagamento ${a.reference}` : ''} · {ATTEMPT_LABELS[a.status]}
                  {a.reason && a.status !== 'approved' ? ` (${a.reason})` : ''} · {formatDateTimeBR(a.createdAt)}
                </li>
              ))}
            </ul>
          ) : null}
          {order.confirmations.filter((c) => c.outcome === 'applied').map((c) => (
            <p key={c.id} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              Pagamento confirmado em {formatDateTimeBR(c.createdAt)} ({providerLabel(c.provider)}).
            </p>
          ))}
        </section>
      </div>

      <OrderInvoice orderId={order.id} orderStatus={order.status} invoice={invoice} focusConfigured={focusConfigured} returnReceived={returnReceived} returnNoteInForce={returnNoteInForce} fetcher={fetcher} className={SECTION} />

      {order.parcels.length > 0 ? <OrderParcels orderId={order.id} parcels={order.parcels} buyable={labelParcelIds} className={SECTION} /> : null}

      <section aria-labelledby="itens" className={SECTION}>
        <h2 id="itens" className="text-lg font-bold">
          Itens
        </h2>
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {order.items.map((item, i) => (
            <li key={`${item.productName}-${i}`} className="py-3">
              <div className="flex justify-between gap-4">
                <span>
                  {item.quantity}× {item.productName}
                  {item.size ? ` (${item.size})` : ''}
                </span>
                <span className="font-semibold">{formatPrice(item.priceAtPurchase)} cada</span>
              </div>
              {item.productId && kits[item.productId] ? (
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Contém: {kits[item.productId]!.map((k) => `${k.quantity}× ${k.name}`).join(', ')}</p>
              ) : null}
            </li>
          ))}
        </ul>
        <OrderTotals totals={storedOrderTotals(order)} className="mt-4" />
      </section>

      <section aria-labelledby="historico" className={SECTION}>
        <h2 id="historico" className="text-lg font-bold">
          Histórico
        </h2>
        <div className="mt-3">
          <OrderTimeline events={order.events} showActors paymentMethod={order.paymentMethod} />
        </div>
      </section>
    </div>
  );
}
