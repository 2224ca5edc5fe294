// "Entregas programadas" on /area-cliente/assinaturas (issue 14): a subscriber's orders repeated every
// 1, 2 or 3 months. Each shows its next date, items, status and last runs, and can change frequency,
// skip the next one, pause/resume or be cancelled, each behind a confirmation.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { addMonths, DELIVERY_MONTHS, DELIVERY_MONTHS_PHRASE } from '~/lib/plans';
import { skipDate } from '~/lib/subscription-schedule';
import type { ProgrammedDelivery } from '~/server/subscriptions/deliveries.server';
import { ActionDialog, type SubscriptionFetcher } from './action-dialog';
import { dateBR, deliveryFrequencyLabel, DELIVERY_STATUS_LABELS, orderLabel, paymentLabel, statusBadgeClass } from './labels';

const MUTED = 'text-sm text-slate-700 dark:text-slate-300';
const LINK = 'font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-200';

/** The dates the server will set (deliveries.server.ts): after a skip, and when resumed today. */
export function deliveryDates(d: Pick<ProgrammedDelivery, 'months' | 'nextDate' | 'anchorDate'>, today: string) {
  return {
    afterSkip: skipDate(d.anchorDate, d.months, d.nextDate),
    // A date still ahead stays; one that passed during the pause starts again one period from today.
    afterResume: d.nextDate >= today ? d.nextDate : addMonths(today, d.months),
  };
}

export function ProgrammedDeliveries({ deliveries, today, fetcher }: { deliveries: ProgrammedDelivery[]; today: string; fetcher: SubscriptionFetcher }) {
  return (
    <section aria-labelledby="titulo-entregas" className="mt-10">
      <h2 id="titulo-entregas" className="text-xl font-bold">
        Entregas programadas
      </h2>
      {deliveries.length === 0 ? (
        <p className={`mt-2 ${MUTED}`} data-testid="no-deliveries">
          Você não tem entregas programadas. Como assinante, ao finalizar uma compra você pode escolher repeti-la a cada {DELIVERY_MONTHS_PHRASE} meses, com os preços do
          dia e o desconto de assinante.
        </p>
      ) : (
        <>
          <p className={`mt-2 ${MUTED}`}>Pedidos que se repetem sozinhos, com os preços do dia e o desconto de assinante, no mesmo endereço e forma de pagamento.</p>
          <ul className="mt-4 grid gap-4">
            {deliveries.map((d) => (
              <li key={d.id}>
                <DeliveryCard delivery={d} today={today} fetcher={fetcher} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function DeliveryCard({ delivery: d, today, fetcher }: { delivery: ProgrammedDelivery; today: string; fetcher: SubscriptionFetcher }) {
  const titleId = useId();
  const active = d.status === 'active';
  const paused = d.status === 'paused';
  const dates = deliveryDates(d, today);
  const idField = { deliveryId: d.id };
  return (
    <article aria-labelledby={titleId} data-delivery-id={d.id} className="rounded-lg border border-slate-200 p-4 sm:p-6 dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className={MUTED}>Entrega programada</p>
          <h3 id={titleId} className="text-lg font-bold" data-testid="delivery-frequency">
            {deliveryFrequencyLabel(d.months)}
          </h3>
        </div>
        <span data-testid="delivery-status" className={statusBadgeClass(d.status)}>
          {DELIVERY_STATUS_LABELS[d.status] ?? d.status}
        </span>
      </div>

      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <div>
          <dt className={MUTED}>Próxima entrega</dt>
          <dd className="font-semibold" data-testid="delivery-next-date">
            {paused ? 'Pausada' : dateBR(d.nextDate)}
          </dd>
          {paused ? <dd className={MUTED}>Retomando hoje, a próxima será em {dateBR(dates.afterResume)}.</dd> : null}
        </div>
        <div>
          <dt className={MUTED}>Forma de pagamento</dt>
          <dd className="font-semibold">{paymentLabel(d.paymentMethod)}</dd>
        </div>
      </dl>

      <h4 className="mt-4 font-semibold">Itens</h4>
      <ul className="mt-1 grid gap-1" data-testid="delivery-items">
        {d.items.map((item, i) => (
          <li key={`${item.productName}-${item.size ?? ''}-${i}`}>
            {item.quantity} × {item.productName}
            {item.size ? ` (${item.size})` : ''}
            {item.available ? null : (
              <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">indisponível</span>
            )}
          </li>
        ))}
      </ul>

      <h4 className="mt-4 font-semibold">Últimas entregas</h4>
      {d.runs.length === 0 ? (
        <p className={`mt-1 ${MUTED}`}>Nenhuma entrega feita ainda.</p>
      ) : (
        <ul className="mt-1 grid gap-1" data-testid="delivery-runs">
          {d.runs.map((run) => (
            <li key={run.scheduledFor}>
              <span className="font-semibold">{dateBR(run.scheduledFor)}</span>
              {' → '}
              {run.outcome === 'ordered' && run.orderId ? (
                <Link to={`/pedido/${run.orderId}`} className={`inline-flex min-h-6 items-center ${LINK}`}>
                  {orderLabel(run.orderId)}
                </Link>
              ) : run.outcome === 'declined' ? (
                'Pagamento recusado'
              ) : (
                `Pulada${run.note ? `: ${run.note}` : ''}`
              )}
              {run.outcome === 'ordered' && run.note ? <span className={`block ${MUTED}`}>{run.note}</span> : null}
            </li>
          ))}
        </ul>
      )}

      <div className="mt-4 flex flex-wrap gap-3">
        <FrequencyDialog delivery={d} fetcher={fetcher} />
        {active ? (
          <>
            <ActionDialog
              triggerLabel="Pular próxima entrega"
              fetcher={fetcher}
              fields={{ intent: 'delivery-skip', ...idField }}
              confirmLabel="Sim, pular"
              busyLabel="Pulando..."
              description={
                <>
                  <p>
                    A entrega de <strong>{dateBR(d.nextDate)}</strong> não será feita e nada será cobrado por ela.
                  </p>
                  <p>
                    A próxima passa a ser em <strong data-testid="delivery-skip-to">{dateBR(dates.afterSkip)}</strong>.
                  </p>
                </>
              }
            />
            <ActionDialog
              triggerLabel="Pausar"
              title="Pausar entrega programada"
              fetcher={fetcher}
              fields={{ intent: 'delivery-pause', ...idField }}
              confirmLabel="Sim, pausar"
              busyLabel="Pausando..."
              description={<p>Enquanto estiver pausada, nenhum pedido é feito nem cobrado. Retome quando quiser.</p>}
            />
          </>
        ) : null}
        {paused ? (
          <ActionDialog
            triggerLabel="Retomar"
            triggerVariant="default"
            title="Retomar entrega programada"
            fetcher={fetcher}
            fields={{ intent: 'delivery-resume', ...idField }}
            confirmLabel="Sim, retomar"
            busyLabel="Retomando..."
            description={
              <p>
                A próxima entrega será em <strong>{dateBR(dates.afterResume)}</strong>, com os preços do dia.
              </p>
            }
          />
        ) : null}
        <ActionDialog
          triggerLabel="Cancelar entrega programada"
          triggerVariant="ghost"
          triggerClassName="text-red-700 dark:text-red-300"
          fetcher={fetcher}
          fields={{ intent: 'delivery-cancel', ...idField }}
          cancelLabel="Manter entrega"
          confirmLabel="Sim, cancelar entrega"
          confirmVariant="destructive"
          busyLabel="Cancelando..."
          description={<p>Tem certeza que deseja cancelar esta entrega programada? Nenhum novo pedido será feito; os pedidos já feitos não mudam.</p>}
        />
      </div>
    </article>
  );
}

function FrequencyDialog({ delivery: d, fetcher }: { delivery: ProgrammedDelivery; fetcher: SubscriptionFetcher }) {
  const selectId = useId();
  const [months, setMonths] = useState<number>(d.months);
  return (
    <ActionDialog
      triggerLabel="Alterar frequência"
      fetcher={fetcher}
      fields={{ intent: 'delivery-frequency', deliveryId: d.id }}
      confirmLabel="Salvar frequência"
      busyLabel="Salvando..."
      description={
        <p>
          A próxima entrega continua em <strong>{dateBR(d.nextDate)}</strong>; as seguintes seguem a nova frequência.
        </p>
      }
    >
      <div className="grid gap-1.5">
        <label htmlFor={selectId} className="text-sm font-semibold">
          Frequência
        </label>
        <select
          id={selectId}
          name="months"
          value={months}
          onChange={(e) => setMonths(Number(e.target.value))}
          className="h-10 rounded-md border border-slate-300 bg-white px-3 dark:border-slate-600 dark:bg-slate-900"
        >
          {DELIVERY_MONTHS.map((m) => (
            <option key={m} value={m}>
              {deliveryFrequencyLabel(m)}
            </option>
          ))}
        </select>
      </div>
    </ActionDialog>
  );
}
