// A confirmation before something that cannot be undone (SPEC §5 Confirmations).
// The confirm button submits the form given as children, so the action still
// works through the server and the dialog closes when it succeeds.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

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
  /** The form whose submit button confirms (use <Dialog.Close> for the cancel button, or ConfirmDialogCancel). */
  children: ReactNode;
};

export function ConfirmDialog({ trigger, title, description, open, onOpenChange, children }: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-950/60" />
        <Dialog.Content role="alertdialog" className={CONTENT}>
          <Dialog.Title className="pr-10 text-xl font-bold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-700 dark:text-slate-300">{description}</Dialog.Description>
          <div className="mt-6">{children}</div>
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

/** The dialog's "keep it" button. */
export function ConfirmDialogCancel({ children }: { children: ReactNode }) {
  return <Dialog.Close asChild>{children}</Dialog.Close>;
}
