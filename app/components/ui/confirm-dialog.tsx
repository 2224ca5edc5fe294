// A confirmation before something that cannot be undone: no destructive action runs on one click.
// Confirming posts `fields` through the page's fetcher, so the action still runs
// on the server; the page closes the dialog when the answer says it worked.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FetcherWithComponents } from 'react-router';
import { Button } from './button';

const CONTENT =
  'fixed inset-x-0 bottom-0 z-[70] max-h-[92vh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[min(520px,94vw)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-8 dark:bg-slate-900';

type ConfirmDialogProps = {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: string;
  /** The exact confirmation text. */
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The fetcher that posts the confirmation, and what it posts. */
  fetcher: Pick<FetcherWithComponents<unknown>, 'Form' | 'state'>;
  fields: Record<string, string>;
  /** Where the confirmation posts, when not to the page's own action. */
  action?: string;
  confirmLabel: string;
  busyLabel: string;
  /** This dialog's own post is under way (the page's fetcher may serve several rows). */
  busy: boolean;
  /** More context above the buttons (optional). */
  children?: ReactNode;
};

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { trigger, title, description, open, onOpenChange, fetcher, fields, action, confirmLabel, busyLabel, busy, children } = props;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-950/60" />
        <Dialog.Content role="alertdialog" className={CONTENT}>
          <Dialog.Title className="pr-10 text-xl font-bold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-700 dark:text-slate-300">{description}</Dialog.Description>
          {children ? <div className="mt-4">{children}</div> : null}
          <fetcher.Form method="post" action={action} className="mt-6 flex flex-wrap justify-end gap-3">
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <Dialog.Close asChild>
              <Button type="button" variant="outline">
                Cancelar
              </Button>
            </Dialog.Close>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? busyLabel : confirmLabel}
            </Button>
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
