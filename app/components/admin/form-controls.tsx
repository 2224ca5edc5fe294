// Labelled admin form controls with their pt-BR error below, wired for screen
// readers the same way as ui/field.tsx (which covers plain inputs).
import { useId, type ComponentProps, type ReactNode } from 'react';
import { Label } from '~/components/ui/label';
import { cn } from '~/lib/cn';

const CONTROL =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

type Common = { label: string; error?: string | undefined; hint?: string };

function useFieldIds(id: string | undefined, error: string | undefined, hint: string | undefined) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(' ') || undefined;
  return { inputId, describedBy };
}

function Messages({ id, error, hint }: { id: string; error?: string | undefined; hint?: string | undefined }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function TextareaField({ label, error, hint, id, className, ...props }: Common & ComponentProps<'textarea'>) {
  const { inputId, describedBy } = useFieldIds(id, error, hint);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <textarea id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={cn(CONTROL, 'min-h-24', className)} {...props} />
      <Messages id={inputId} error={error} hint={hint} />
    </div>
  );
}

/** A select; `preview` shows beside it (e.g. the chosen icon). */
export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  preview,
  children,
  ...props
}: Common & ComponentProps<'select'> & { children: ReactNode; preview?: ReactNode }) {
  const { inputId, describedBy } = useFieldIds(id, error, hint);
  const select = (
    <select id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={cn(CONTROL, 'h-10 py-0', className)} {...props}>
      {children}
    </select>
  );
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      {preview ? (
        <div className="flex items-center gap-2">
          {preview}
          {select}
        </div>
      ) : (
        select
      )}
      <Messages id={inputId} error={error} hint={hint} />
    </div>
  );
}

/** A text input for amounts typed as '12,50' or '12.50' (a number input would refuse the comma). */
export function DecimalField({ label, error, hint, id, className, ...props }: Common & Omit<ComponentProps<'input'>, 'type'>) {
  const { inputId, describedBy } = useFieldIds(id, error, hint);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <input
        id={inputId}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(CONTROL, 'h-10', className)}
        {...props}
      />
      <Messages id={inputId} error={error} hint={hint} />
    </div>
  );
}

export function CheckboxField({ label, hint, id, ...props }: Omit<Common, 'error'> & Omit<ComponentProps<'input'>, 'type'>) {
  const { inputId, describedBy } = useFieldIds(id, undefined, hint);
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <input id={inputId} type="checkbox" aria-describedby={describedBy} className="h-4 w-4 accent-brand-700" {...props} />
        <Label htmlFor={inputId}>{label}</Label>
      </div>
      <Messages id={inputId} hint={hint} />
    </div>
  );
}
