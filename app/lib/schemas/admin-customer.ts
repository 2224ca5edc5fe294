// The admin's customers (/admin/customers and /admin/customers/:id): the list's query string, the
// customer id in the URL, and the page's one action schema (each button posts its intent).
import { z } from 'zod';
import { CUSTOMER_AUDIT_ACTIONS } from '~/lib/customers';
import './zod-pt-br';

const RELOAD = 'Não foi possível concluir. Recarregue a página e tente novamente.';

/** The list's query string; anything unknown is dropped rather than refused (a shared link keeps working). */
export function customerFiltersFromSearchParams(params: URLSearchParams) {
  return z
    .object({ q: z.string().trim().max(100).optional().catch(undefined), page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined) })
    .parse({ q: params.get('q') || undefined, page: params.get('pagina') || undefined });
}

/** Account ids are Better Auth's (letters, digits, '-' and '_'), not uuids: anything else is "not found". */
export const customerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export function isCustomerId(value: unknown): value is string {
  return customerIdSchema.safeParse(value).success;
}

/** Each action the customer page offers is its intent; the record stores the same word. */
export const customerActionSchema = z.object({ intent: z.enum(CUSTOMER_AUDIT_ACTIONS, RELOAD) }, { error: RELOAD });
