// "Desistir da assinatura (até dd/mm/aaaa)" on the assinaturas tab (issue 32): within 7 days of
// buying the plan, the customer cancels it and gets everything paid back. A confirmation first;
// a Pix key when the plan was paid by Pix straight to the store. Posts to
// /area-cliente/assinaturas/desistencia (routes/customer/plan-withdrawal.ts) through the tab's
// fetcher: the card unmounts once the plan is cancelled, and the tab still shows the answer.
import { useId } from 'react';
import type { FetcherWithComponents } from 'react-router';
import { PixKeyField } from '~/components/order/return-fields';
import { FormDialog } from '~/components/ui/form-dialog';
import { formatDateBR } from '~/lib/dates';
import type { FieldErrors } from '~/lib/schemas/field-errors';
import type { ToastMessage } from '~/lib/toast';

/** What /area-cliente/assinaturas/desistencia answers. */
export type PlanWithdrawalData = { ok: boolean; protocol?: string; errors?: FieldErrors; toast: ToastMessage };

/** The offer the tab's loader read (returns area planWithdrawalOffer), with whether a Pix key is asked. */
export type PlanWithdrawalOffer = { open: boolean; until: string | null; pixKeyNeeded: boolean };

export type PlanWithdrawalFetcher = FetcherWithComponents<PlanWithdrawalData>;

export function PlanWithdrawal({ subscriptionId, offer, fetcher }: { subscriptionId: string; offer: PlanWithdrawalOffer; fetcher: PlanWithdrawalFetcher }) {
  const id = useId();
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};
  if (!offer.open) return null;
  const label = offer.until ? `Desistir da assinatura (até ${formatDateBR(offer.until)})` : 'Desistir da assinatura';
  return (
    <FormDialog
      triggerLabel={label}
      title="Desistir da assinatura"
      triggerVariant="ghost"
      triggerClassName="text-red-700 dark:text-red-300"
      fetcher={fetcher}
      action="/area-cliente/assinaturas/desistencia"
      fields={{ intent: 'plan-withdraw', subscriptionId }}
      confirmLabel="Sim, desistir e receber o valor"
      busyLabel="Enviando..."
      confirmVariant="destructive"
      cancelLabel="Manter assinatura"
      testId="plan-withdraw"
      description={
        <>
          <p>
            Você comprou a assinatura há menos de 7 dias e pode desistir dela{offer.until ? ` até ${formatDateBR(offer.until)}` : ''}: ela é cancelada agora, os
            benefícios de assinante terminam e devolvemos todo o valor pago por ela.
          </p>
          <p>
            {offer.pixKeyNeeded
              ? 'Você pagou com Pix direto para a loja: informe sua chave Pix e transferimos o valor para ela.'
              : 'O reembolso é feito na mesma forma de pagamento.'}
          </p>
        </>
      }
    >
      {offer.pixKeyNeeded ? <PixKeyField id={`${id}-pix`} required error={errors.refundPixKey} /> : null}
      {errors.form ? <p className="text-sm text-red-700 dark:text-red-400">{errors.form}</p> : null}
    </FormDialog>
  );
}
