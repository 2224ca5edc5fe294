// How the admin finds NF-e (issue 34): the order list's "NF-e" filter (?nfe=…) and the "Notas
// fiscais" page's month (?mes=2026-11, São Paulo calendar). Pure, so the page and the server agree.
import type { InvoiceStatus } from './fiscal-codes';
import { INVOICE_STATUS_LABELS, NO_INVOICE_LABEL } from './invoice-status';
import { todayInBrazil } from './plans';

/**
 * An order's NF-e situation, from its sale notes (return notes apart), first that applies:
 * - `processando` / `autorizada`: a sale note in force (at most one, by the database's unique index);
 * - `rejeitada`: none in force and some rejected or denied (what the dashboard's "NF-e rejeitadas" counts);
 * - `cancelada`: none in force, none rejected or denied, some cancelled;
 * - `sem-nota`: no sale note at all.
 */
export const INVOICE_FILTERS = ['sem-nota', 'processando', 'autorizada', 'rejeitada', 'cancelada'] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];

export const INVOICE_FILTER_LABELS: Readonly<Record<InvoiceFilter, string>> = {
  'sem-nota': NO_INVOICE_LABEL,
  processando: INVOICE_STATUS_LABELS.processing,
  autorizada: INVOICE_STATUS_LABELS.authorized,
  rejeitada: `${INVOICE_STATUS_LABELS.rejected} ou ${INVOICE_STATUS_LABELS.denied.toLowerCase()}`,
  cancelada: INVOICE_STATUS_LABELS.cancelled,
};

/** The statuses each situation is read from (the note that represents the order, see INVOICE_FILTERS). */
export const INVOICE_FILTER_STATUSES: Readonly<Record<Exclude<InvoiceFilter, 'sem-nota'>, readonly InvoiceStatus[]>> = {
  processando: ['processing'],
  autorizada: ['authorized'],
  rejeitada: ['rejected', 'denied'],
  cancelada: ['cancelled'],
};

/** The order list's NF-e cell: 'Autorizada · nº 123', 'Rejeitada', 'Sem nota'. */
export function invoiceCellLabel(status: string | null | undefined, number: number | null | undefined): string {
  if (status == null) return NO_INVOICE_LABEL;
  const label = (INVOICE_STATUS_LABELS as Record<string, string>)[status] ?? status;
  return status === 'authorized' && number != null ? `${label} · nº ${number}` : label;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** 'yyyy-mm' with a real month (2000–2099: an NF-e older or newer than that is a typo). */
export function isInvoiceMonth(value: string): boolean {
  const match = MONTH.exec(value);
  return Boolean(match && Number(match[1]) >= 2000 && Number(match[1]) <= 2099);
}

/** The São Paulo month an instant falls in: '2026-11'. */
export function saoPauloMonth(instant: Date): string {
  return todayInBrazil(instant).slice(0, 7);
}

/** The month after: '2026-12' → '2027-01'. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The month before: '2027-01' → '2026-12'. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The instants a São Paulo month spans: [start, end). São Paulo keeps UTC−3 all year since 2019. */
export function monthBounds(month: string): { start: Date; end: Date } {
  if (!isInvoiceMonth(month)) throw new Error(`Mês inválido: ${month}`);
  return { start: new Date(`${month}-01T00:00:00-03:00`), end: new Date(`${nextMonth(month)}-01T00:00:00-03:00`) };
}

const MONTH_NAMES = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/** '2026-11' → 'novembro de 2026'. */
export function formatMonthBR(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} de ${y}`;
}

/** The ZIP's file name: 'notas-fiscais-2026-11.zip'. */
export function monthlyZipName(month: string): string {
  return `notas-fiscais-${month}.zip`;
}
