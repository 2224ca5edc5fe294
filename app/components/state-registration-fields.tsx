// "Inscrição Estadual" for a CNPJ (checkout, Meus Dados): contribuinte with its IE (1), isento (2) or
// não contribuinte (9), posted as `ieIndicator` and `stateRegistration` (lib/schemas/state-registration).
import { useId } from 'react';
import { Field } from '~/components/ui/field';
import type { FieldErrors } from '~/lib/schemas/field-errors';
import { IE_CHOICES, STATE_REGISTRATION_MAX_TYPED } from '~/lib/schemas/state-registration';

export type StateRegistrationValue = { ieIndicator: string; stateRegistration: string };

export function StateRegistrationFields({
  value,
  onChange,
  errors,
}: {
  value: StateRegistrationValue;
  onChange: (next: StateRegistrationValue) => void;
  errors: FieldErrors;
}) {
  const id = useId();
  const choiceError = errors.ieIndicator;
  return (
    <fieldset className="grid gap-2" aria-describedby={choiceError ? `${id}-erro` : `${id}-ajuda`}>
      <legend className="mb-1 text-sm font-semibold">Inscrição Estadual</legend>
      <p id={`${id}-ajuda`} className="text-sm text-slate-600 dark:text-slate-400">
        Para a nota fiscal da empresa.
      </p>
      {IE_CHOICES.map((choice) => (
        <label
          key={choice.value}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:bg-slate-800"
        >
          <input
            type="radio"
            name="ieIndicator"
            value={choice.value}
            checked={value.ieIndicator === String(choice.value)}
            onChange={() => onChange({ ...value, ieIndicator: String(choice.value) })}
            aria-invalid={choiceError ? true : undefined}
            className="mt-1 accent-brand-700"
          />
          <span className="text-sm">
            <span className="font-semibold">{choice.label}</span>
            <span className="block text-xs text-slate-600 dark:text-slate-400">{choice.hint}</span>
          </span>
        </label>
      ))}
      {choiceError ? (
        <p id={`${id}-erro`} className="text-sm text-red-700 dark:text-red-400">
          {choiceError}
        </p>
      ) : null}
      {value.ieIndicator === '1' ? (
        <Field
          label="Número da Inscrição Estadual"
          name="stateRegistration"
          inputMode="numeric"
          autoComplete="off"
          required
          maxLength={STATE_REGISTRATION_MAX_TYPED}
          value={value.stateRegistration}
          onChange={(e) => onChange({ ...value, stateRegistration: e.currentTarget.value })}
          error={errors.stateRegistration}
        />
      ) : null}
    </fieldset>
  );
}
