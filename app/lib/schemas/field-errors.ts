import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/** First message per field, keyed by field name, for a form to show next to its inputs. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}
