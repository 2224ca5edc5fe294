import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';

/**
 * Checks a form with the same Zod schema its action uses, before it is sent:
 * an invalid form stays on the page with its pt-BR messages and nothing typed is lost.
 */
export function useClientValidation(
  schema: z.ZodType,
  serverErrors: FieldErrors | undefined,
  /** How the action reads the form; forms with list rows pass formDataToObject. */
  read: (form: FormData) => unknown = (form) => Object.fromEntries(form),
) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);

  // A fresh answer from the server replaces what the browser found.
  useEffect(() => setClientErrors(null), [serverErrors]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const parsed = schema.safeParse(read(new FormData(event.currentTarget)));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(fieldErrors(parsed.error));
  }

  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit, clear: () => setClientErrors(null) };
}
