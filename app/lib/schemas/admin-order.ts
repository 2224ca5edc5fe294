// The admin's order forms (/admin/orders and /admin/orders/:id): list filters from the URL and
// one schema per action, used by the page and its action.
import { z } from 'zod';
import './zod-pt-br';
import { ORDER_STATUSES } from '../order-lifecycle';
import { PAYMENT_METHOD_IDS } from '../payment-offer';
import { INVOICED_METHOD } from '../receivables';
import { CARRIERS, isCorreiosCode, normalizeTrackingCode } from '../tracking';
import { invoiceFilterSchema } from './admin-invoices';

const RELOAD = 'Não foi possível concluir. Recarregue a página e tente novamente.';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The list's query string; anything unknown is dropped rather than refused (a shared link keeps working). */
export const orderFiltersSchema = z.object({
  status: z.enum([...ORDER_STATUSES, 'to_ship']).optional().catch(undefined),
  method: z.enum([...PAYMENT_METHOD_IDS, INVOICED_METHOD]).optional().catch(undefined),
  from: z.string().regex(DAY).optional().catch(undefined),
  to: z.string().regex(DAY).optional().catch(undefined),
  term: z.string().trim().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  /** The NF-e situation (lib/invoice-list INVOICE_FILTERS), ?nfe=rejeitada. */
  invoice: invoiceFilterSchema,
});

export function filtersFromSearchParams(params: URLSearchParams) {
  return orderFiltersSchema.parse({
    status: params.get('status') || undefined,
    method: params.get('pagamento') || undefined,
    from: params.get('de') || undefined,
    to: params.get('ate') || undefined,
    term: params.get('q') || undefined,
    page: params.get('pagina') || undefined,
    invoice: params.get('nfe') || undefined,
  });
}

const version = z.coerce.number(RELOAD).int(RELOAD).min(0, RELOAD);

export const TRACKING_MESSAGES = {
  carrier: 'Escolha a transportadora.',
  code: 'Informe o código de rastreio.',
  tooLong: 'Use no máximo 40 caracteres.',
  correios: 'Código dos Correios inválido. Use o formato AA123456789BR.',
} as const;

export const REASON_MAX = 300;

export const adminOrderActionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('confirm_payment'), version }),
    z.object({ intent: z.literal('start_preparing'), version }),
    z
      .object({
        intent: z.literal('ship'),
        version,
        carrier: z.enum(CARRIERS, { error: TRACKING_MESSAGES.carrier }),
        trackingCode: z.string({ error: TRACKING_MESSAGES.code }).transform(normalizeTrackingCode).pipe(z.string().min(1, TRACKING_MESSAGES.code).max(40, TRACKING_MESSAGES.tooLong)),
      })
      .refine((v) => v.carrier !== 'correios' || isCorreiosCode(v.trackingCode), { path: ['trackingCode'], message: TRACKING_MESSAGES.correios }),
    z.object({ intent: z.literal('deliver'), version }),
    z.object({
      intent: z.literal('cancel'),
      version,
      reason: z.string({ error: 'Informe o motivo do cancelamento.' }).trim().min(1, 'Informe o motivo do cancelamento.').max(REASON_MAX, `Use no máximo ${REASON_MAX} caracteres.`),
    }),
    z.object({ intent: z.literal('resolve_late_payment'), confirmationId: z.uuid(RELOAD) }),
    // "Emitir NF-e" / "Enviar de novo" (issue 34): the order's sale note through Focus NFe.
    z.object({ intent: z.literal('issue_invoice') }),
  ],
  { error: RELOAD },
);

export type AdminOrderAction = z.infer<typeof adminOrderActionSchema>;
