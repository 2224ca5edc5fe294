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

/** The files of a sale note the order's owner and admins download (/pedido/:id/nfe/:file). */
export const INVOICE_FILES = ['danfe.pdf', 'nfe.xml', 'cancelamento.xml'] as const;
export type InvoiceFile = (typeof INVOICE_FILES)[number];

export function isInvoiceFile(value: string): value is InvoiceFile {
  return (INVOICE_FILES as readonly string[]).includes(value);
}

export function invoiceFileUrl(orderId: string, file: InvoiceFile): string {
  return `/pedido/${orderId}/nfe/${file}`;
}

/** The name a downloaded file is saved as: NF-e-000123-serie-1.pdf, …-cancelamento.xml. */
export function invoiceDownloadName(note: { number: number | null; series: number | null }, file: InvoiceFile): string {
  const base = `NF-e-${String(note.number ?? 0).padStart(6, '0')}-serie-${note.series ?? 0}`;
  if (file === 'danfe.pdf') return `${base}.pdf`;
  if (file === 'nfe.xml') return `${base}.xml`;
  return `${base}-cancelamento.xml`;
}

/**
 * What to do with an authorised note whose goods will not stay sold (the order cancelled after the
 * 24 hours SEFAZ allows for a cancellation, or goods returned): a return note, or the accountant.
 */
export function returnNoteInstruction(formattedAccessKey: string | null): string {
  const key = formattedAccessKey ? ` ${formattedAccessKey}` : ' da nota de venda';
  return `A NF-e foi autorizada há mais de 24 horas e não pode mais ser cancelada: emita uma nota de devolução (entrada, finalidade 4 — devolução, referenciando a chave${key}) ou peça ao seu contador.`;
}

/** An attached note (issued in another system) is cancelled where it was issued. */
export const MANUAL_CANCEL_INSTRUCTION = 'Cancele a nota no sistema em que ela foi emitida e anexe o XML do cancelamento.';
