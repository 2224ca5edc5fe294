// The admin's NF-e views (issue 34): the order list's ?nfe= filter and the "Notas fiscais" page's
// ?mes= (and the ZIP's month). A bad filter is dropped like the list's other params; a bad month is
// refused (400): the page would otherwise show another month than the one asked for.
import { z } from 'zod';
import './zod-pt-br';
import { INVOICE_FILTERS, isInvoiceMonth, saoPauloMonth, type InvoiceFilter } from '../invoice-list';

export const invoiceFilterSchema = z.enum(INVOICE_FILTERS).optional().catch(undefined);

export function invoiceFiltersFromSearchParams(params: URLSearchParams): InvoiceFilter | undefined {
  return invoiceFilterSchema.parse(params.get('nfe') || undefined);
}

export const INVOICE_MONTH_MESSAGE = 'Mês inválido. Use o formato AAAA-MM, por exemplo 2026-11.';

export const invoiceMonthSchema = z.string().refine(isInvoiceMonth, INVOICE_MONTH_MESSAGE);

/** ?mes=yyyy-mm, or the São Paulo month of `now` when absent. */
export function invoiceMonthFromSearchParams(params: URLSearchParams, now: Date): { ok: true; month: string } | { ok: false; message: string } {
  const raw = params.get('mes');
  if (!raw) return { ok: true, month: saoPauloMonth(now) };
  const parsed = invoiceMonthSchema.safeParse(raw);
  return parsed.success ? { ok: true, month: parsed.data } : { ok: false, message: INVOICE_MONTH_MESSAGE };
}
