// A dialog holding a small form (a subscription change, a withdrawal, a refund): a button opens it,
// it says what will happen, and confirming posts `fields` and the controls in `children` through the
// page's fetcher (to `action`, or the page's own). Nothing changes on one click. It closes when the
// answer says it worked and stays open, with what was typed and the errors or toast, when it did not.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import type { FetcherWithComponents } from 'react-router';
import { Button, type ButtonVariant } from './button';

const CONTENT =
  'fixed inset-x-0 bottom-0 z-[70] max-h-[92vh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[min(560px,94vw)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-8 dark:bg-slate-900';

export type FormDialogProps<T extends { ok: boolean }> = {
  triggerLabel: string;
  triggerVariant?: ButtonVariant['variant'];
  triggerClassName?: string;
  title?: string;
  description: ReactNode;
  fetcher: FetcherWithComponents<T>;
  /** Where the form posts, when not to the page's own action. */
  action?: string;
  /** Hidden fields posted with the confirmation. */
  fields: Record<string, string>;
  confirmLabel: string;
  busyLabel: string;
  confirmVariant?: ButtonVariant['variant'];
  cancelLabel?: string;
  /** Form controls (radios, textareas) posted with the confirmation. */
  children?: ReactNode;
  testId?: string;
};

export function FormDialog<T extends { ok: boolean }>(props: FormDialogProps<T>) {
  const { triggerLabel, triggerVariant = 'outline', triggerClassName, title = triggerLabel, description, fetcher, action, fields, confirmLabel, busyLabel } = props;
  const { confirmVariant = 'default', cancelLabel = 'Voltar', children, testId } = props;
  const [open, setOpen] = useState(false);
  // The page's one fetcher may serve several dialogs: only the one that posted reacts, and only to a new answer.
  const [waiting, setWaiting] = useState<{ before: T | undefined } | null>(null);
  useEffect(() => {
    if (!waiting || fetcher.state !== 'idle' || !fetcher.data || fetcher.data === waiting.before) return;
    setWaiting(null);
    if (fetcher.data.ok) setOpen(false);
  }, [waiting, fetcher.state, fetcher.data]);
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
          <fetcher.Form method="post" action={action} className="mt-6 grid gap-4" onSubmit={() => setWaiting({ before: fetcher.data })}>
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
