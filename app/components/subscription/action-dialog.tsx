// A confirmation before each change on the assinaturas tab (nothing changes on one click), and the
// payment method fields some of them post. The page shows the action's toast.
import { useId, useState } from 'react';
import type { FetcherWithComponents } from 'react-router';
import { FormDialog, type FormDialogProps } from '~/components/ui/form-dialog';
import { initialMethod, methodChoices, TestModeNotice } from '~/components/checkout/payment-methods';
import type { PaymentOffer } from '~/lib/payment-offer';
import { MAX_INSTALLMENTS } from '~/lib/pricing';
import type { ToastMessage } from '~/lib/toast';

/** What the tab's action answers (the fetcher's data). */
export type SubscriptionActionData = { ok: boolean; intent: string | null; toast: ToastMessage };
export type SubscriptionFetcher = FetcherWithComponents<SubscriptionActionData>;

/** A confirmation on the tab: posts to the tab's own action, through its one fetcher. */
export function ActionDialog(props: Omit<FormDialogProps<SubscriptionActionData>, 'action'>) {
  return <FormDialog {...props} />;
}

/** A radio list of the methods the store offers now (Pix, card, boleto), with the card's instalments when asked for. */
export function PaymentMethodFields({
  offer,
  defaultMethod,
  defaultInstallments = 1,
  withInstallments,
  legend,
}: {
  offer: PaymentOffer;
  defaultMethod: string;
  defaultInstallments?: number;
  withInstallments: boolean;
  legend: string;
}) {
  const [method, setMethod] = useState<string>(() => initialMethod(offer, defaultMethod));
  const [installments, setInstallments] = useState(defaultInstallments);
  const selectId = useId();
  return (
    <>
      <TestModeNotice offer={offer} />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">{legend}</legend>
        {methodChoices(offer, withInstallments ? `Até ${MAX_INSTALLMENTS}x sem juros` : 'Cobrança na hora no cartão').map(({ value, label, hint }) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:bg-slate-800"
          >
            <input
              type="radio"
              name="paymentMethod"
              value={value}
              checked={method === value}
              onChange={() => setMethod(value)}
              className="h-5 w-5 accent-brand-700"
              required
            />
            <span>
              <span className="block font-semibold">{label}</span>
              <span className="block text-sm text-slate-700 dark:text-slate-300">{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {withInstallments && method === 'credit_card' ? (
        <div className="grid gap-1.5">
          <label htmlFor={selectId} className="text-sm font-semibold">
            Parcelas
          </label>
          <select
            id={selectId}
            name="installments"
            value={installments}
            onChange={(e) => setInstallments(Number(e.target.value))}
            className="h-10 rounded-md border border-slate-300 bg-white px-3 dark:border-slate-600 dark:bg-slate-900"
          >
            {Array.from({ length: MAX_INSTALLMENTS }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n === 1 ? '1x (à vista)' : `${n}x sem juros`}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </>
  );
}
