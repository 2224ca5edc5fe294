// "Desistir da compra" and "Produto com defeito?" on the customer's order page (issue 32), and the
// current return's state. What is offered comes from the server (returns area getOrderReturnView):
// before shipping the order is cancelled and refunded at once; after shipping the customer
// confirms the items and gets a protocol on the page at once; a defect within 30 days of delivery.
// The forms post to /pedido/:id/desistencia (routes/order-return.ts).
import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { toast } from '~/components/ui/toaster';
import { formatDateBR } from '~/lib/dates';
import { RETURN_LIMITS, WITHDRAWAL_DAYS } from '~/lib/returns';
import type { FieldErrors } from '~/lib/schemas/field-errors';
import type { ToastMessage } from '~/lib/toast';
import type { OrderReturnView } from '~/server/returns/returns.server';
import { FormDialog } from '~/components/ui/form-dialog';
import { PixKeyField, TextAreaField } from './return-fields';
import { ReturnStatus } from './return-status';

/** What /pedido/:id/desistencia answers. */
export type ReturnActionData = { ok: boolean; intent: 'withdraw' | 'defect' | null; protocol?: string; errors?: FieldErrors; toast: ToastMessage };

const MUTED = 'text-slate-700 dark:text-slate-300';

export function withdrawalDeadlineText(offer: OrderReturnView['offer']): string | null {
  if (offer.kind === 'closed') return null;
  if (offer.kind === 'return' && offer.until) return `Você pode desistir até ${formatDateBR(offer.until)}.`;
  return `Você pode desistir até ${WITHDRAWAL_DAYS} dias depois de receber o pedido.`;
}

export function OrderReturns({ orderId, orderStatus, view }: { orderId: string; orderStatus: string; view: OrderReturnView }) {
  const fetcher = useFetcher<ReturnActionData>();
  const headingId = useId();
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data) toast(fetcher.data.toast);
  }, [fetcher.state, fetcher.data]);

  const current = view.current;
  // One return of an order's goods, unless refused (a plan's withdrawal is its own); a plan alone has no goods.
  const open = current !== null && current.kind !== 'plan' && current.status !== 'rejected';
  const returnable = view.items.filter((i) => i.returnable > 0);
  const canWithdraw = !open && returnable.length > 0 && (view.offer.kind === 'cancel' || view.offer.kind === 'return');
  const canClaimDefect = !open && view.defect.open && returnable.length > 0;
  const confirmation = fetcher.state === 'idle' && fetcher.data?.ok && fetcher.data.protocol ? fetcher.data : null;
  // A pending or cancelled order has nothing to say here (the page offers "Cancelar pedido" while pending).
  const closedWhy = view.offer.kind === 'closed' && orderStatus === 'delivered' && !open ? view.offer.why : null;
  if (!current && !canWithdraw && !canClaimDefect && !closedWhy && !confirmation) return null;

  const action = `/pedido/${orderId}/desistencia`;
  return (
    <section id="desistencia" aria-labelledby={headingId} className="mt-8 grid scroll-mt-24 gap-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800" data-testid="order-returns">
      <h2 id={headingId} className="text-xl font-bold">
        Desistência, trocas e devoluções
      </h2>
      {confirmation ? (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 font-semibold text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-100" data-testid="return-confirmation">
          {confirmation.intent === 'defect' ? 'Recebemos sua solicitação de troca ou devolução.' : 'Recebemos seu pedido de desistência.'} Protocolo {confirmation.protocol}
        </p>
      ) : null}
      {current ? <ReturnStatus ret={current} /> : null}

      {canWithdraw ? (
        <div className="grid gap-2">
          <p className="font-semibold" data-testid="withdrawal-deadline">
            {withdrawalDeadlineText(view.offer)}
          </p>
          <p className={MUTED}>
            {view.offer.kind === 'cancel'
              ? 'Como o pedido ainda não foi enviado, ele é cancelado e o valor pago é devolvido na hora.'
              : 'Você devolve os produtos e recebe de volta o valor pago; devolvendo tudo, o frete também.'}
          </p>
          <div>
            {view.offer.kind === 'cancel' ? (
              <CancelWithdrawal action={action} fetcher={fetcher} paidWithStorePix={view.paidWithStorePix} />
            ) : (
              <ReturnWithdrawal action={action} fetcher={fetcher} view={view} />
            )}
          </div>
        </div>
      ) : null}
      {closedWhy ? <p className={MUTED}>{closedWhy}</p> : null}

      {canClaimDefect ? (
        <div className="grid gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <p className="font-semibold">Produto com defeito?</p>
          <p className={MUTED}>Você pode pedir a troca ou a devolução do valor até {view.defect.until ? formatDateBR(view.defect.until) : '30 dias depois da entrega'}.</p>
          <div>
            <DefectClaim action={action} fetcher={fetcher} view={view} />
          </div>
        </div>
      ) : null}
    </section>
  );
}

type Fetcher = ReturnType<typeof useFetcher<ReturnActionData>>;

/** The errors of the last answer to this intent (the dialog keeps what was typed). */
function errorsOf(fetcher: Fetcher, intent: ReturnActionData['intent']): FieldErrors {
  return fetcher.data && !fetcher.data.ok && fetcher.data.intent === intent ? (fetcher.data.errors ?? {}) : {};
}

function CancelWithdrawal({ action, fetcher, paidWithStorePix }: { action: string; fetcher: Fetcher; paidWithStorePix: boolean }) {
  const id = useId();
  const errors = errorsOf(fetcher, 'withdraw');
  return (
    <FormDialog
      triggerLabel="Desistir da compra"
      fetcher={fetcher}
      action={action}
      fields={{ intent: 'withdraw' }}
      confirmLabel="Sim, desistir e cancelar o pedido"
      busyLabel="Cancelando..."
      confirmVariant="destructive"
      cancelLabel="Manter pedido"
      testId="withdraw-order"
      description={
        <>
          <p>O pedido será cancelado agora, os produtos voltam ao estoque e o valor pago é devolvido por inteiro, com o frete.</p>
          <p>
            {paidWithStorePix
              ? 'Você pagou com Pix direto para a loja: informe sua chave Pix e transferimos o valor para ela.'
              : 'O reembolso é feito na mesma forma de pagamento: no cartão, o estorno aparece na fatura conforme o banco emissor.'}
          </p>
        </>
      }
    >
      {paidWithStorePix ? <PixKeyField id={`${id}-pix`} required error={errors.refundPixKey} /> : null}
      <TextAreaField id={`${id}-motivo`} name="reason" label="Motivo (opcional)" maxLength={RETURN_LIMITS.reason} error={errors.reason} rows={2} />
      {errors.form ? <p className="text-sm text-red-700 dark:text-red-400">{errors.form}</p> : null}
    </FormDialog>
  );
}

/** Which lines go back and how many of each; all of every line to start with. */
function ItemPicker({ items, legend, error }: { items: OrderReturnView['items']; legend: string; error?: string | undefined }) {
  const id = useId();
  const [chosen, setChosen] = useState(() => Object.fromEntries(items.map((i) => [i.orderItemId, { on: true, quantity: i.returnable }])));
  const set = (itemId: string, change: Partial<{ on: boolean; quantity: number }>) => setChosen((c) => ({ ...c, [itemId]: { ...c[itemId]!, ...change } }));
  let n = 0;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-erro` : undefined}>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {items.map((item) => {
        const state = chosen[item.orderItemId]!;
        const index = state.on ? n++ : -1;
        const name = `${item.productName}${item.size ? ` (${item.size})` : ''}`;
        return (
          <div key={item.orderItemId} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-300 p-3 dark:border-slate-600">
            <label className="flex min-h-6 cursor-pointer items-center gap-3">
              <input type="checkbox" checked={state.on} onChange={(e) => set(item.orderItemId, { on: e.currentTarget.checked })} className="h-5 w-5 accent-brand-700" />
              <span>{name}</span>
            </label>
            {item.returnable > 1 ? (
              <span className="flex items-center gap-2">
                <label htmlFor={`${id}-${item.orderItemId}`} className="text-sm">
                  Quantidade<span className="sr-only"> de {name}</span>
                </label>
                <select
                  id={`${id}-${item.orderItemId}`}
                  value={state.quantity}
                  disabled={!state.on}
                  onChange={(e) => set(item.orderItemId, { quantity: Number(e.currentTarget.value) })}
                  className="h-10 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900"
                >
                  {Array.from({ length: item.returnable }, (_, i) => i + 1).map((q) => (
                    <option key={q} value={q}>
                      {q}
                    </option>
                  ))}
                </select>
              </span>
            ) : (
              <span className="text-sm">1 unidade</span>
            )}
            {index >= 0 ? (
              <>
                <input type="hidden" name={`items.${index}.orderItemId`} value={item.orderItemId} />
                <input type="hidden" name={`items.${index}.quantity`} value={state.quantity} />
              </>
            ) : null}
          </div>
        );
      })}
      {error ? (
        <p id={`${id}-erro`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ReturnWithdrawal({ action, fetcher, view }: { action: string; fetcher: Fetcher; view: OrderReturnView }) {
  const id = useId();
  const errors = errorsOf(fetcher, 'withdraw');
  return (
    <FormDialog
      triggerLabel="Desistir da compra"
      fetcher={fetcher}
      action={action}
      fields={{ intent: 'withdraw', chosen: '1' }}
      confirmLabel="Enviar pedido de desistência"
      busyLabel="Enviando..."
      testId="withdraw-order"
      description={
        <>
          <p>Confirme os produtos que vai devolver. Você recebe o número de protocolo na hora, e nós mandamos por e-mail como devolver (código de postagem ou coleta).</p>
          <p>Quando os produtos chegarem, devolvemos o valor pago por eles; devolvendo tudo, o frete também.</p>
        </>
      }
    >
      <ItemPicker items={view.items.filter((i) => i.returnable > 0)} legend="Produtos que você vai devolver" error={errors.items} />
      <TextAreaField id={`${id}-motivo`} name="reason" label="Motivo (opcional)" maxLength={RETURN_LIMITS.reason} error={errors.reason} rows={2} />
      {view.paidWithStorePix ? <PixKeyField id={`${id}-pix`} required error={errors.refundPixKey} /> : null}
      {errors.form ? <p className="text-sm text-red-700 dark:text-red-400">{errors.form}</p> : null}
    </FormDialog>
  );
}

function DefectClaim({ action, fetcher, view }: { action: string; fetcher: Fetcher; view: OrderReturnView }) {
  const id = useId();
  const errors = errorsOf(fetcher, 'defect');
  return (
    <FormDialog
      triggerLabel="Solicitar troca ou devolução"
      title="Produto com defeito?"
      fetcher={fetcher}
      action={action}
      fields={{ intent: 'defect' }}
      confirmLabel="Enviar solicitação"
      busyLabel="Enviando..."
      testId="defect-claim"
      description={<p>Conte o que aconteceu. Você recebe o número de protocolo na hora; analisamos e respondemos por e-mail com a troca ou a devolução do valor.</p>}
    >
      <ItemPicker items={view.items.filter((i) => i.returnable > 0)} legend="Produtos com defeito" error={errors.items} />
      <TextAreaField id={`${id}-motivo`} name="reason" label="Qual é o defeito?" required maxLength={RETURN_LIMITS.reason} error={errors.reason} />
      {errors.form ? <p className="text-sm text-red-700 dark:text-red-400">{errors.form}</p> : null}
    </FormDialog>
  );
}
