// Where an NF-e's files are kept (issue 34): the private space of the storage, by São Paulo month of
// the authorisation; only the order's owner and admins download them (routes/order-invoice-file).
import { eq } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { orders } from '~/db/schema';
import { invoiceDownloadName, type InvoiceFile } from '~/lib/invoice-status';
import { saoPauloDay } from '~/lib/reports';
import { currentSaleInvoice, currentSaleInvoices } from './invoices.server';

/** The storage keys of an authorised note's XML, DANFE and cancellation XML. */
export function invoiceFileKeys(accessKey: string, authorizedAt: Date): { xml: string; danfe: string; cancelXml: string } {
  const [year, month] = saoPauloDay(authorizedAt).split('-');
  const base = `private/nfe/${year}/${month}/${accessKey}`;
  return { xml: `${base}-nfe.xml`, danfe: `${base}-danfe.pdf`, cancelXml: `${base}-cancelamento.xml` };
}

/**
 * A sale note's file of the order, for its download route: the order's owner (null for an erased
 * account's order), the storage key and the name it is saved as; null when the order, the note or
 * that file does not exist. Only the order's current sale note (the one in force, else the last).
 */
export async function saleInvoiceFile(db: Executor, orderId: string, file: InvoiceFile): Promise<{ ownerId: string | null; companyId: string | null; key: string; downloadName: string } | null> {
  const [order] = await db.select({ userId: orders.userId, companyId: orders.companyId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  const invoice = await currentSaleInvoice(db, orderId);
  if (!invoice || (invoice.status !== 'authorized' && invoice.status !== 'cancelled')) return null;
  const key = file === 'danfe.pdf' ? invoice.danfeKey : file === 'nfe.xml' ? invoice.xmlKey : invoice.cancelXmlKey;
  if (!key) return null;
  return { ownerId: order.userId, companyId: order.companyId, key, downloadName: invoiceDownloadName(invoice, file) };
}

/** What the customer's pages show of an order's NF-e: its number and which files can be downloaded. */
export type DownloadableInvoice = { number: number | null; series: number | null; hasDanfe: boolean; hasXml: boolean };

/** The authorised sale note with files of each order (one query): order id → what the customer downloads. */
export async function downloadableInvoices(db: Executor, orderIds: readonly string[]): Promise<Map<string, DownloadableInvoice>> {
  const map = new Map<string, DownloadableInvoice>();
  for (const [orderId, i] of await currentSaleInvoices(db, orderIds)) {
    if (i.status !== 'authorized' || (!i.xmlKey && !i.danfeKey)) continue;
    map.set(orderId, { number: i.number, series: i.series, hasDanfe: i.danfeKey !== null, hasXml: i.xmlKey !== null });
  }
  return map;
}
