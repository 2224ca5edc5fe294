// /admin/returns/:id: one return for the admin — the customer (and their Pix key for a refund by
// transfer), the items with what each cost and, on receipt, how many go back to stock, the refund,
// the history with who did what, and the actions its state allows (returns area `actions`):
// approve with the return instructions (and, for a defect, refund or replacement), refuse with a
// reason, mark "Devolução recebida", record a Pix refund made by bank transfer. Every action posts
// the version the page showed: if someone acted meanwhile, the answer is 409 and nothing changes.
import { useEffect, useId, useState } from 'react';
import { data, Link, useFetcher } from 'react-router';
import { z } from 'zod';
import '~/lib/schemas/zod-pt-br';
import { LateFlag, ReturnStatusBadge } from '~/components/admin/return-status-badge';
import { PixTransferRefund } from '~/components/order/manual-refund';
import { TextAreaField } from '~/components/order/return-fields';
import { FormDialog } from '~/components/ui/form-dialog';
import { toast } from '~/components/ui/toaster';
import { formatDateTimeBR } from '~/lib/dates';
import { formDataToObject } from '~/lib/form-data';
import { formatBRL } from '~/lib/money';
import { ORDER_ACTOR_LABELS } from '~/lib/order-lifecycle';
import { shortOrderId } from '~/lib/order-status';
import { DELETED_CUSTOMER_NAME } from '~/lib/privacy';
import { RETURN_LIMITS, RETURN_RESOLUTION_LABELS, type ReturnAction } from '~/lib/returns';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { adminReturnActionSchema } from '~/lib/schemas/returns';
import type { ToastMessage } from '~/lib/toast';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import type { RefundOutcome } from '~/server/flows/refund.server';
import { approveReturn, receiveReturn, recordManualReturnRefund, rejectReturn } from '~/server/flows/withdraw.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { getReturnForAdmin, ReturnError, type AdminReturnDetail } from '~/server/returns/returns.server';
import type { Route } from './+types/return';

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d?.detail ? `Devolução ${d.detail.protocol} | Painel Administrativo | Clarear` : 'Devolução não encontrada | Clarear' },
  { name: 'robots', content: 'noindex' },
];

const returnId = z.uuid();

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const detail = returnId.safeParse(params.id).success ? await getReturnForAdmin(await getDb(), params.id) : null;
  if (!detail) throw data('Devolução não encontrada.', 404);
  return { detail };
}

type ActionData = { ok: boolean; intent?: ReturnAction; errors?: FieldErrors; toast: ToastMessage };

const DONE: Record<ReturnAction, string> = {
  approve: 'Devolução aprovada',
  reject: 'Solicitação recusada',
  receive: 'Devolução recebida',
  record_refund: 'Reembolso registrado',
};

const RECEIVED: Record<RefundOutcome, ToastMessage> = {
  refunded: { title: 'Devolução recebida e reembolsada', description: 'O valor foi devolvido pelo provedor de pagamento e o cliente recebeu um e-mail.' },
  manual: { title: 'Devolução recebida', description: 'Transfira o valor para a chave Pix do cliente e registre o reembolso nesta página.' },
  failed: { title: 'Devolução recebida; reembolso pendente', description: 'O provedor de pagamento não aceitou o reembolso agora. Tentaremos de novo a cada 5 minutos.', variant: 'destructive' },
  none: { title: 'Devolução recebida', description: 'O cliente recebeu um e-mail.' },
};

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  if (!returnId.safeParse(params.id).success) return data<ActionData>({ ok: false, toast: { title: 'Devolução não encontrada', variant: 'destructive' } }, 404);
  const parsed = adminReturnActionSchema.safeParse(formDataToObject(await readForm(request)));
  if (!parsed.success) {
    return data<ActionData>({ ok: false, errors: fieldErrors(parsed.error), toast: { title: 'Confira os dados', description: parsed.error.issues[0]?.message ?? '', variant: 'destructive' } }, 400);
  }
  const input = parsed.data;
  const db = await getDb();
  const target = { returnId: params.id, adminId: admin.id, version: input.version };
  try {
    switch (input.intent) {
      case 'approve':
        await approveReturn(db, { ...target, instructions: input.instructions, ...(input.resolution ? { resolution: input.resolution } : {}) });
        break;
      case 'reject':
        await rejectReturn(db, { ...target, reason: input.reason });
        break;
      case 'receive': {
        const { refund } = await receiveReturn(db, { ...target, restock: input.restock });
        return data<ActionData>({ ok: true, intent: input.intent, toast: refund ? RECEIVED[refund] : { title: DONE.receive, description: 'O cliente recebeu um e-mail.' } });
      }
      case 'record_refund':
        await recordManualReturnRefund(db, { returnId: params.id, adminId: admin.id, reference: input.reference });
        break;
    }
    return data<ActionData>({ ok: true, intent: input.intent, toast: { title: DONE[input.intent], description: 'O cliente recebeu um e-mail.' } });
  } catch (error) {
    if (error instanceof ReturnError) {
      return data<ActionData>({ ok: false, intent: input.intent, errors: { [error.field ?? 'form']: error.message }, toast: { title: 'Não foi possível concluir', description: error.message, variant: 'destructive' } }, error.status);
    }
    throw error;
  }
}

const SECTION = 'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900';
const MUTED = 'text-sm text-slate-700 dark:text-slate-300';

export default function AdminReturn({ loaderData }: Route.ComponentProps) {
  const { detail: r } = loaderData;
  const fetcher = useFetcher<ActionData>();
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data) toast(fetcher.data.toast);
  }, [fetcher.state, fetcher.data]);
  const errorsFor = (intent: ReturnAction): FieldErrors => (fetcher.data && !fetcher.data.ok && fetcher.data.intent === intent ? (fetcher.data.errors ?? {}) : {});
  const version = String(r.version);

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <p className="text-sm">
          <Link to="/admin/returns" className="text-brand-700 underline dark:text-brand-200">
            Devoluções
          </Link>
        </p>
        <h1 className="text-2xl font-bold">Devolução {r.protocol}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <ReturnStatusBadge status={r.status} label={r.statusLabel} />
          {r.late ? <LateFlag /> : null}
          <span>
            {r.kindLabel} · aberta em {formatDateTimeBR(r.createdAt)} ·{' '}
            <Link to={`/admin/orders/${r.orderId}`} className="font-semibold text-brand-700 underline dark:text-brand-200">
              Pedido {shortOrderId(r.orderId)}
            </Link>
          </span>
        </p>
        {r.status === 'requested' ? <p className="mt-1 text-sm font-semibold">Responder até {formatDateTimeBR(r.answerDueAt)}.</p> : null}
      </div>

      {r.actions.length > 0 ? (
        <section aria-labelledby="acoes" className={SECTION}>
          <h2 id="acoes" className="text-lg font-bold">
            Ações
          </h2>
          <div className="mt-3 flex flex-wrap gap-2">
            {r.actions.includes('approve') ? <Approve detail={r} fetcher={fetcher} version={version} errors={errorsFor('approve')} /> : null}
            {r.actions.includes('receive') ? <Receive detail={r} fetcher={fetcher} version={version} errors={errorsFor('receive')} /> : null}
            {r.actions.includes('record_refund') ? <RecordRefund detail={r} fetcher={fetcher} version={version} errors={errorsFor('record_refund')} /> : null}
            {r.actions.includes('reject') ? <Reject detail={r} fetcher={fetcher} version={version} errors={errorsFor('reject')} /> : null}
          </div>
        </section>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="cliente" className={SECTION}>
          <h2 id="cliente" className="text-lg font-bold">
            Cliente
          </h2>
          <p className="mt-2 font-semibold">{r.customerName ?? DELETED_CUSTOMER_NAME}</p>
          {r.customerEmail ? <p>{r.customerEmail}</p> : null}
          {r.refundPixKey ? (
            <p className="mt-2" data-testid="customer-pix-key">
              Chave Pix para o reembolso: <strong className="font-mono break-all">{r.refundPixKey}</strong>
            </p>
          ) : null}
          {r.reason ? <p className="mt-2">Motivo informado: {r.reason}</p> : null}
        </section>

        <section aria-labelledby="reembolso" className={SECTION}>
          <h2 id="reembolso" className="text-lg font-bold">
            Reembolso
          </h2>
          <p className="mt-2">
            Pedido de {formatBRL(r.orderTotalCents)}, frete de {formatBRL(r.orderShippingCents)}.
          </p>
          {r.resolution ? <p className="mt-1">Solução: {RETURN_RESOLUTION_LABELS[r.resolution]}</p> : null}
          {r.replacementOrderId ? (
            <p className="mt-1">
              Substituição no{' '}
              <Link to={`/admin/orders/${r.replacementOrderId}`} className="font-semibold text-brand-700 underline dark:text-brand-200">
                pedido {shortOrderId(r.replacementOrderId)}
              </Link>
            </p>
          ) : null}
          {r.subscriptionId ? (
            <p className="mt-1">
              <Link to={`/admin/subscriptions/${r.subscriptionId}`} className="font-semibold text-brand-700 underline dark:text-brand-200">
                Assinatura cancelada pela desistência
              </Link>
            </p>
          ) : null}
          {r.refundAmountCents !== null ? (
            <p className="mt-1 font-semibold" data-testid="refund-amount">
              {r.refundStatus === 'refunded' ? `Reembolsado: ${formatBRL(r.refundAmountCents)}` : `A reembolsar: ${formatBRL(r.refundAmountCents)}`}
              {r.refundReference ? ` (${r.refundReference})` : ''}
            </p>
          ) : (
            <p className={`mt-1 ${MUTED}`}>O valor é calculado quando os produtos chegam.</p>
          )}
          {r.paidWithStorePix ? <p className={`mt-1 ${MUTED}`}>Pago com o Pix da loja: o reembolso é uma transferência Pix feita pelo banco da loja.</p> : null}
          {r.instructions ? (
            <div className="mt-3">
              <h3 className="font-semibold">Instruções enviadas ao cliente</h3>
              <p className="whitespace-pre-line">{r.instructions}</p>
            </div>
          ) : null}
          {r.rejectReason ? <p className="mt-3">Motivo da recusa: {r.rejectReason}</p> : null}
        </section>
      </div>

      <section aria-labelledby="itens" className={SECTION}>
        <h2 id="itens" className="text-lg font-bold">
          Itens
        </h2>
        {r.items.length === 0 ? (
          <p className={`mt-2 ${MUTED}`}>Desistência da assinatura: nenhum produto volta.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
            {r.items.map((item) => (
              <li key={item.orderItemId} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3">
                <span>
                  {item.quantity}× {item.productName}
                  {item.size ? ` (${item.size})` : ''}
                </span>
                <span>
                  {formatBRL(item.unitPaidCents)} cada
                  {item.restockedQuantity !== null ? ` · ${item.restockedQuantity} de volta ao estoque` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="historico" className={SECTION}>
        <h2 id="historico" className="text-lg font-bold">
          Histórico
        </h2>
        <ol className="relative mt-3 ml-2 border-l-2 border-slate-200 dark:border-slate-700" data-testid="return-history">
          {r.events.map((event) => (
            <li key={event.id} className="mb-4 ml-4 last:mb-0">
              <span className="absolute -left-[7px] mt-1.5 h-3 w-3 rounded-full bg-brand-700 dark:bg-brand-200" aria-hidden />
              <p className="font-semibold">{event.label}</p>
              <p className={MUTED}>
                <time dateTime={new Date(event.createdAt).toISOString()}>{formatDateTimeBR(event.createdAt)}</time> · {ORDER_ACTOR_LABELS[event.actor]}
                {event.actorName ? `: ${event.actorName}` : ''}
              </p>
              {event.note ? <p className={`${MUTED} whitespace-pre-line`}>{event.note}</p> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

type Fetcher = ReturnType<typeof useFetcher<ActionData>>;
type ActionProps = { fetcher: Fetcher; version: string; errors: FieldErrors };

const FormError = ({ errors }: { errors: FieldErrors }) => (errors.form ? <p className="text-sm text-red-700 dark:text-red-400">{errors.form}</p> : null);

function Approve({ detail, fetcher, version, errors }: ActionProps & { detail: AdminReturnDetail }) {
  const id = useId();
  const defect = detail.kind === 'defect';
  return (
    <FormDialog
      triggerLabel="Aprovar"
      title="Aprovar a devolução"
      triggerVariant="default"
      fetcher={fetcher}
      action={`/admin/returns/${detail.id}`}
      fields={{ intent: 'approve', version }}
      confirmLabel="Aprovar e enviar instruções"
      busyLabel="Salvando..."
      description={<p>O cliente recebe por e-mail as instruções abaixo, que também aparecem na página do pedido.</p>}
    >
      <TextAreaField
        id={`${id}-instrucoes`}
        name="instructions"
        label="Instruções de devolução"
        hint="O código de autorização de postagem reversa dos Correios, ou o dia e o horário da coleta."
        required
        maxLength={RETURN_LIMITS.instructions}
        error={errors.instructions}
      />
      {defect ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold">Quando o produto chegar</legend>
          {(
            [
              ['refund', 'Reembolso', 'Devolver o valor pago pelos itens.'],
              ['replacement', 'Troca', 'Enviar um produto novo no lugar.'],
            ] as const
          ).map(([value, label, hint]) => (
            <label key={value} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-700 dark:border-slate-600">
              <input type="radio" name="resolution" value={value} required defaultChecked={value === 'refund'} className="h-5 w-5 accent-brand-700" />
              <span>
                <span className="block font-semibold">{label}</span>
                <span className={MUTED}>{hint}</span>
              </span>
            </label>
          ))}
          {errors.resolution ? <p className="text-sm text-red-700 dark:text-red-400">{errors.resolution}</p> : null}
        </fieldset>
      ) : null}
      <FormError errors={errors} />
    </FormDialog>
  );
}

function Reject({ detail, fetcher, version, errors }: ActionProps & { detail: AdminReturnDetail }) {
  const id = useId();
  return (
    <FormDialog
      triggerLabel="Recusar"
      title="Recusar a solicitação"
      fetcher={fetcher}
      action={`/admin/returns/${detail.id}`}
      fields={{ intent: 'reject', version }}
      confirmLabel="Recusar solicitação"
      confirmVariant="destructive"
      busyLabel="Salvando..."
      description={<p>O cliente recebe por e-mail o motivo abaixo e pode fazer uma nova solicitação.</p>}
    >
      <TextAreaField id={`${id}-motivo`} name="reason" label="Motivo da recusa" required maxLength={RETURN_LIMITS.rejectReason} error={errors.reason} />
      <FormError errors={errors} />
    </FormDialog>
  );
}

function Receive({ detail, fetcher, version, errors }: ActionProps & { detail: AdminReturnDetail }) {
  const id = useId();
  const [restock, setRestock] = useState(() => Object.fromEntries(detail.items.map((i) => [i.orderItemId, i.quantity])));
  return (
    <FormDialog
      triggerLabel="Marcar devolução recebida"
      title="Devolução recebida"
      triggerVariant="default"
      fetcher={fetcher}
      action={`/admin/returns/${detail.id}`}
      fields={{ intent: 'receive', version }}
      confirmLabel="Confirmar recebimento"
      busyLabel="Salvando..."
      description={
        <p>
          {detail.kind === 'defect' && detail.resolution === 'replacement'
            ? 'Os produtos chegaram: a troca é registrada e o cliente recebe um e-mail.'
            : 'Os produtos chegaram: o valor é devolvido ao cliente agora (no cartão, pelo provedor de pagamento) e ele recebe um e-mail.'}
        </p>
      }
    >
      {detail.items.length > 0 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold">Quantas unidades voltam ao estoque</legend>
          {detail.items.map((item, index) => (
            <div key={item.orderItemId} className="flex flex-wrap items-center justify-between gap-3">
              <label htmlFor={`${id}-${item.orderItemId}`}>
                {item.productName}
                {item.size ? ` (${item.size})` : ''} <span className={MUTED}>— {item.quantity} devolvida{item.quantity === 1 ? '' : 's'}</span>
              </label>
              <input type="hidden" name={`restock.${index}.orderItemId`} value={item.orderItemId} />
              <input
                id={`${id}-${item.orderItemId}`}
                name={`restock.${index}.quantity`}
                type="number"
                inputMode="numeric"
                min={0}
                max={item.quantity}
                value={restock[item.orderItemId]}
                onChange={(e) => setRestock((s) => ({ ...s, [item.orderItemId]: Number(e.currentTarget.value) }))}
                className="h-10 w-24 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900"
              />
            </div>
          ))}
          <p className={MUTED}>Um produto aberto ou danificado não volta ao estoque: informe 0.</p>
          {errors.restock ? <p className="text-sm text-red-700 dark:text-red-400">{errors.restock}</p> : null}
        </fieldset>
      ) : null}
      <FormError errors={errors} />
    </FormDialog>
  );
}

function RecordRefund({ detail, fetcher, version, errors }: ActionProps & { detail: AdminReturnDetail }) {
  return (
    <PixTransferRefund
      triggerVariant="default"
      action={`/admin/returns/${detail.id}`}
      fields={{ intent: 'record_refund', version }}
      amount={detail.refundAmountCents !== null ? <strong>{formatBRL(detail.refundAmountCents)}</strong> : 'o valor'}
      pixKey={detail.refundPixKey}
      fetcher={fetcher}
      errors={errors}
    />
  );
}
