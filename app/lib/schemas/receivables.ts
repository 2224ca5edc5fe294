// The admin's Contas a receber: its filter (in the URL) and "Confirmar pagamento" (issue 35).
import { z } from 'zod';
import './zod-pt-br';
import { parseDecimal } from '../decimal';
import { RECEIVABLE_STATUSES } from '../receivables';

const RELOAD = 'Recarregue a página e tente de novo.';

export const RECEIVABLE_FILTERS = ['unpaid', ...RECEIVABLE_STATUSES, 'all'] as const;
export type ReceivableFilterValue = (typeof RECEIVABLE_FILTERS)[number];

/** ?status=…; anything else is the default (open and overdue). */
export function receivableFilterOf(params: URLSearchParams): ReceivableFilterValue {
  const value = params.get('status');
  return (RECEIVABLE_FILTERS as readonly string[]).includes(value ?? '') ? (value as ReceivableFilterValue) : 'unpaid';
}

export const confirmReceivableSchema = z.object({
  intent: z.literal('confirm', RELOAD),
  receivableId: z.uuid(RELOAD),
  version: z.coerce.number(RELOAD).int(RELOAD).min(0, RELOAD),
  reference: z.string().trim().min(1, 'Informe a referência do pagamento (ex.: data e banco do crédito).').max(200, 'Use no máximo 200 caracteres.'),
});

const MINIMUM = 'Informe um valor válido, por exemplo 300,00.';

/** The settings page's "Boleto faturado" form: the minimum invoiced order and the merchant's own boleto instructions. */
export const invoicedSettingsSchema = z.object({
  intent: z.literal('invoiced', RELOAD),
  invoicedMinimum: z
    .string({ error: MINIMUM })
    .trim()
    .min(1, MINIMUM)
    .max(32, { error: MINIMUM, abort: true })
    .transform((value, ctx) => {
      const parsed = parseDecimal(value);
      if (parsed === null || parsed.startsWith('-') || parsed.split('.')[0]!.length > 7) {
        ctx.addIssue({ code: 'custom', message: MINIMUM });
        return z.NEVER;
      }
      return parsed;
    }),
  invoicedInstructions: z.string().trim().max(2000, 'Use no máximo 2000 caracteres.').default(''),
});
export type InvoicedSettingsInput = z.infer<typeof invoicedSettingsSchema>;
