// An NF-e's status as people read it (issue 34): one home for the words the admin order page, the
// order list, the "Notas fiscais" page and the customer's pages show.
import type { InvoiceStatus } from './fiscal-codes';

export const INVOICE_STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  processing: 'Processando',
  authorized: 'Autorizada',
  rejected: 'Rejeitada',
  denied: 'Denegada',
  cancelled: 'Cancelada',
};

/** An order without any sale note. */
export const NO_INVOICE_LABEL = 'Sem nota';

/** The label of a stored status (any string), or of no note at all. */
export function invoiceStatusLabel(status: string | null | undefined): string {
  if (status == null) return NO_INVOICE_LABEL;
  return (INVOICE_STATUS_LABELS as Record<string, string>)[status] ?? status;
}
