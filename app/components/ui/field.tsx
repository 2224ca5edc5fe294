import { useId, type ComponentProps } from 'react';
import { Input } from './input';
import { Label } from './label';

type FieldProps = ComponentProps<typeof Input> & { label: string; error?: string | undefined };

/** A labelled input with its pt-BR error below, wired for screen readers. */
export function Field({ label, error, id, ...props }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <Input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...props} />
      {error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
