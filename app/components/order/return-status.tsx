// A return's state as the customer sees it on the order page: protocol, what was asked, each
// step with its date, the store's instructions once approved, the reason of a refusal and the
// amount given back. The states are words, never a colour alone.
import { Link } from 'react-router';
import { formatDateBR, formatDateTimeBR } from '~/lib/dates';
import { formatBRL } from '~/lib/money';
import { shortOrderId } from '~/lib/order-status';
import { RETURN_KIND_LABELS, RETURN_RESOLUTION_LABELS } from '~/lib/returns';
import type { CustomerReturn } from '~/server/returns/returns.server';

const MUTED = 'text-sm text-slate-700 dark:text-slate-300';

export function ReturnStatus({ ret }: { ret: CustomerReturn }) {
  const refunded = ret.refundStatus === 'refunded' && ret.refundAmountCents !== null;
  return (
    <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid="return-panel">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold">{RETURN_KIND_LABELS[ret.kind]}</h3>
        <p className="font-semibold">
          Situação: <span data-testid="return-status">{ret.statusLabel}</span>
        </p>
      </div>
      <p className="mt-1">
        Protocolo <strong className="font-mono" data-testid="return-protocol">{ret.protocol}</strong> · pedido em {formatDateBR(ret.createdAt)}
      </p>
      {ret.status === 'requested' ? <p className={`mt-1 ${MUTED}`}>Respondemos até {formatDateBR(ret.answerDueAt)}.</p> : null}
      {ret.items.length > 0 ? (
        <p className={`mt-2 ${MUTED}`}>
          Produtos: {ret.items.map((i) => `${i.quantity}× ${i.productName}${i.size ? ` (${i.size})` : ''}`).join(', ')}
        </p>
      ) : null}
      {ret.reason ? <p className={`mt-1 ${MUTED}`}>Motivo informado: {ret.reason}</p> : null}
      {ret.kind === 'defect' && ret.resolution ? <p className="mt-1">Solução: {RETURN_RESOLUTION_LABELS[ret.resolution]}</p> : null}
      {ret.replacementOrderId ? (
        <p className="mt-1">
          A substituição vai no{' '}
          <Link to={`/pedido/${ret.replacementOrderId}`} className="font-semibold text-brand-700 underline dark:text-brand-200">
            pedido {shortOrderId(ret.replacementOrderId)}
          </Link>
          .
        </p>
      ) : null}

      {ret.instructions && ret.status !== 'rejected' ? (
        <div className="mt-3 rounded-md bg-brand-50 p-3 text-brand-950 dark:bg-slate-800 dark:text-brand-100" data-testid="return-instructions">
          <p className="font-semibold">Como devolver</p>
          <p className="mt-1 whitespace-pre-line">{ret.instructions}</p>
        </div>
      ) : null}
      {ret.status === 'rejected' && ret.rejectReason ? (
        <p className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          Solicitação recusada: {ret.rejectReason}
        </p>
      ) : null}
      {refunded ? (
        <p className="mt-3 font-semibold" data-testid="return-refund">
          Reembolso de {formatBRL(ret.refundAmountCents!)} feito.
        </p>
      ) : ret.refundStatus === 'pending' && ret.refundAmountCents !== null ? (
        <p className="mt-3 font-semibold" data-testid="return-refund">
          Reembolso de {formatBRL(ret.refundAmountCents)} em andamento.
        </p>
      ) : null}

      <h4 className="mt-4 font-semibold">Etapas</h4>
      <ol className="relative mt-2 ml-2 border-l-2 border-slate-200 dark:border-slate-700" data-testid="return-timeline">
        {ret.events.map((event) => (
          <li key={event.id} className="mb-3 ml-4 last:mb-0">
            <span className="absolute -left-[7px] mt-1.5 h-3 w-3 rounded-full bg-brand-700 dark:bg-brand-200" aria-hidden />
            <p className="font-semibold">{event.label}</p>
            <p className={MUTED}>
              <time dateTime={new Date(event.createdAt).toISOString()}>{formatDateTimeBR(event.createdAt)}</time>
            </p>
            {event.note ? <p className={`${MUTED} whitespace-pre-line`}>{event.note}</p> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
