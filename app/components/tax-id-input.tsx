// The one CPF/CNPJ input (checkout, profile): masks as the customer types and
// offers a keyboard with letters, since a CNPJ may be alphanumeric (IN RFB nº 2.229/2024).
import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { formatTaxId, TAX_ID_MAX } from '~/lib/tax-id';

type TaxIdInputProps = Omit<ComponentProps<typeof Input>, 'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode'> & {
  /** pt-BR message from the form's schema. */
  error?: string | undefined;
  /** Shown below the input while there is no error. */
  hint?: ReactNode;
  /** Controlled: the masked text, updated through onValueChange. */
  value?: string;
  onValueChange?: (masked: string) => void;
  /** Uncontrolled (a plain form post): the initial masked text. */
  defaultValue?: string;
  /** The label; a company's form asks for its CNPJ only. */
  label?: string;
};

export const TAX_ID_HINT = 'CPF, CNPJ ou CNPJ alfanumérico.';

export function TaxIdInput({ id, error, hint = TAX_ID_HINT, value, onValueChange, defaultValue, label = 'CPF ou CNPJ', ...props }: TaxIdInputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const noteId = `${inputId}-${error ? 'error' : 'hint'}`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        type="text"
        inputMode="text"
        autoCapitalize="characters"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        placeholder="000.000.000-00"
        maxLength={TAX_ID_MAX}
        value={value}
        defaultValue={defaultValue}
        onChange={(event) => {
          const masked = formatTaxId(event.currentTarget.value);
          if (onValueChange) onValueChange(masked);
          else event.currentTarget.value = masked;
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={noteId}
        {...props}
      />
      {error ? (
        <p id={noteId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : (
        <p id={noteId} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}
