import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * First message per field, keyed by field name, for a form to show next to its inputs.
 * A field inside a list row is keyed by its posted name: 'variants.0.size'.
 */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'form';
    out[key] ??= issue.message;
  }
  return out;
}
