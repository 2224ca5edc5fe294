// A confirmation before each change on the assinaturas tab (nothing changes on one click): a button opens
// a dialog that says what will happen; confirming posts `fields` (and any controls in `children`)
// through the page's fetcher, so the action runs on the server and the page shows its toast. The
// dialog closes when the answer says it worked and stays open (with the toast) when it did not.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { FetcherWithComponents } from 'react-router';
import { Button, type ButtonVariant } from '~/components/ui/button';
import { initialMethod, methodChoices, TestModeNotice } from '~/components/checkout/payment-methods';
import type { PaymentOffer } from '~/lib/payment-offer';
import { MAX_INSTALLMENTS } from '~/lib/pricing';
import type { ToastMessage } from '~/lib/toast';

/** What the tab's action answers (the fetcher's data). */
export type SubscriptionActionData = { ok: boolean; intent: string | null; toast: ToastMessage };
export type SubscriptionFetcher = FetcherWithComponents<SubscriptionActionData>;

const CONTENT =
  'fixed inset-x-0 bottom-0 z-[70] max-h-[92vh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[min(560px,94vw)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-8 dark:bg-slate-900';

type ActionDialogProps = {
  /** The text of the button that opens the dialog (and of the dialog's title, unless `title` is given). */
  triggerLabel: string;
  triggerVariant?: ButtonVariant['variant'];
  triggerClassName?: string;
  title?: string;
  description: ReactNode;
  fetcher: SubscriptionFetcher;
  /** Hidden fields posted with the confirmation (intent and ids). */
  fields: Record<string, string>;
  confirmLabel: string;
  busyLabel: string;
  confirmVariant?: ButtonVariant['variant'];
  cancelLabel?: string;
  /** Form controls (radios, selects) posted with the confirmation. */
  children?: ReactNode;
  testId?: string;
};

export function ActionDialog(props: ActionDialogProps) {
  const { triggerLabel, triggerVariant = 'outline', triggerClassName, title = triggerLabel, description, fetcher, fields, confirmLabel, busyLabel } = props;
  const { confirmVariant = 'default', cancelLabel = 'Voltar', children, testId } = props;
  const [open, setOpen] = useState(false);
  // The page's one fetcher serves every dialog: only the one that posted reacts, and only to a new answer.
  const [waiting, setWaiting] = useState<{ before: SubscriptionActionData | undefined } | null>(null);
  useEffect(() => {
    if (!waiting || !fetcher.data || fetcher.data === waiting.before) return;
    setWaiting(null);
    if (fetcher.data.ok) setOpen(false);
  }, [waiting, fetcher.data]);
  const busy = waiting !== null && fetcher.state !== 'idle';

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant={triggerVariant} className={triggerClassName} data-testid={testId}>
          {triggerLabel}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-950/60" />
        <Dialog.Content className={CONTENT}>
          <Dialog.Title className="pr-10 text-xl font-bold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 grid gap-2 text-slate-700 dark:text-slate-300">{description}</div>
          </Dialog.Description>
          <fetcher.Form method="post" className="mt-6 grid gap-4" onSubmit={() => setWaiting({ before: fetcher.data })}>
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            {children}
            <div className="flex flex-wrap justify-end gap-3">
              <Dialog.Close asChild>
                <Button type="button" variant="outline">
                  {cancelLabel}
                </Button>
              </Dialog.Close>
              <Button type="submit" variant={confirmVariant} disabled={busy}>
                {busy ? busyLabel : confirmLabel}
              </Button>
            </div>
          </fetcher.Form>
          <Dialog.Close
            aria-label="Fechar"
            className="absolute top-3 right-3 grid h-10 w-10 place-items-center rounded-full hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <X className="h-5 w-5" aria-hidden />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
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
