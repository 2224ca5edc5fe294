// The fields of the withdrawal and return forms (customer and admin): a labelled textarea and the
// customer's Pix key for a refund, each with its pt-BR error beside it.
import { RETURN_LIMITS } from '~/lib/returns';

const CONTROL =
  'w-full rounded-md border border-slate-300 bg-white p-2 text-base text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/** A labelled textarea with its pt-BR error below. */
export function TextAreaField({
  id,
  name,
  label,
  error,
  maxLength,
  required,
  rows = 3,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  error?: string | undefined;
  maxLength: number;
  required?: boolean;
  rows?: number;
  hint?: string;
}) {
  const describedBy = [hint ? `${id}-dica` : null, error ? `${id}-erro` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-dica`} className="text-sm text-slate-700 dark:text-slate-300">
          {hint}
        </p>
      ) : null}
      <textarea id={id} name={name} rows={rows} maxLength={maxLength} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={CONTROL} />
      {error ? (
        <p id={`${id}-erro`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The customer's Pix key, for a refund made by bank transfer. */
export function PixKeyField({ id, error, required }: { id: string; error?: string | undefined; required: boolean }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        Sua chave Pix{required ? '' : ' (opcional)'}
      </label>
      <p id={`${id}-dica`} className="text-sm text-slate-700 dark:text-slate-300">
        CPF, CNPJ, e-mail, celular com DDD ou chave aleatória. Transferimos o reembolso para ela.
      </p>
      <input
        id={id}
        name="refundPixKey"
        required={required}
        maxLength={RETURN_LIMITS.pixKey}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-dica`, error ? `${id}-erro` : null].filter(Boolean).join(' ')}
        className={`h-10 ${CONTROL}`}
      />
      {error ? (
        <p id={`${id}-erro`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
