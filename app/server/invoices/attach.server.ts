// Attaching an NF-e issued in another system (issue 34, the embedded default): the admin sends the
// authorised XML (and, optionally, the DANFE PDF) from the order's page. The XML is read as untrusted
// input (nfe-xml), checked against the order — issuer = the store's CNPJ, recipient = the order's
// CPF/CNPJ, vNF = what the goods came to (the order's total without a plan line: a plan is a service,
// and the discount only ever applies to goods), the store's SEFAZ environment — and only then are the
// files kept and the note recorded as the order's authorised sale note, which queues the customer's
// e-mail once. Any problem: nothing is stored, and the admin reads every problem in pt-BR.
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { invoices, orderItems, orders } from '~/db/schema';
import { now } from '~/lib/clock';
import { formatAccessKey } from '~/lib/fiscal';
import { toCents } from '~/lib/money';
import { shortOrderId } from '~/lib/order-status';
import { isPdf } from '~/lib/product-safety';
import { isPlanLine } from '~/lib/returns';
import { BodyError, parseFormBytes, readBytes } from '../infra/http/body.server';
import { kickMailDelivery } from '../mail/outbox.server';
import { getEditableSettings } from '../settings/settings.server';
import { getStorage, type FileStorage } from '../storage/storage.server';
import { getFiscalSettings } from './fiscal-settings.server';
import { invoiceFileKeys } from './files.server';
import { currentSaleInvoice, insertAttachedInvoice, markCancelled, type Invoice } from './invoices.server';
import { checkNfeAgainstOrder, NFE_XML_MAX_BYTES, NfeXmlError, readCancellationXml, readNfeXml } from './nfe-xml.server';

/** Largest DANFE accepted: a DANFE is a page or two; 5 MB leaves room for a scanned one. */
export const DANFE_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart framing and the other fields around the two files. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export const ATTACH_MESSAGES = {
  missingXml: 'Anexe o arquivo XML da NF-e autorizada.',
  xmlTooBig: 'O XML tem mais de 1 MB: uma NF-e tem poucos kilobytes. Confira se é o arquivo certo.',
  danfeTooBig: 'O DANFE tem mais de 5 MB: envie o PDF gerado pelo emissor.',
  danfeNotPdf: 'O DANFE deve ser um arquivo PDF.',
  tooBig: 'Os arquivos passam do limite (XML até 1 MB, DANFE até 5 MB).',
  unreadable: 'Não foi possível ler o envio. Recarregue a página e tente novamente.',
  unpaid: 'O pedido ainda não foi pago: anexe a NF-e depois da confirmação do pagamento.',
  cancelled: 'O pedido está cancelado: não se anexa NF-e de venda a ele.',
  exists: 'Este pedido já tem uma NF-e autorizada ou em processamento.',
  missingCancelXml: 'Anexe o arquivo XML do cancelamento da NF-e.',
  nothingToCancel: 'Este pedido não tem NF-e autorizada para registrar o cancelamento.',
} as const;

/** Why an attach was refused: the HTTP status and the problems, in pt-BR. */
export class AttachError extends Error {
  constructor(
    readonly status: 400 | 409 | 413 | 415 | 422,
    readonly problems: string[],
  ) {
    super(problems.join(' '));
    this.name = 'AttachError';
  }
}

/** The attach form (multipart: `xml`, optional `danfe`), read within both files' caps. */
export async function readAttachForm(request: Request): Promise<FormData> {
  try {
    return await parseFormBytes(await readBytes(request, NFE_XML_MAX_BYTES + DANFE_MAX_BYTES + FORM_OVERHEAD_BYTES), request.headers.get('content-type'));
  } catch (error) {
    if (error instanceof BodyError) throw new AttachError(error.status === 413 ? 413 : 400, [error.status === 413 ? ATTACH_MESSAGES.tooBig : ATTACH_MESSAGES.unreadable]);
    throw error;
  }
}

export type AttachFiles = { xml: Uint8Array; danfe: Uint8Array | null };

/** The form's files as bytes: the XML required, an empty DANFE field is none. */
export async function attachFilesOf(form: FormData): Promise<AttachFiles> {
  const xml = form.get('xml');
  const danfe = form.get('danfe');
  if (!(xml instanceof Blob) || xml.size === 0) throw new AttachError(400, [ATTACH_MESSAGES.missingXml]);
  return {
    xml: new Uint8Array(await xml.arrayBuffer()),
    danfe: danfe instanceof Blob && danfe.size > 0 ? new Uint8Array(await danfe.arrayBuffer()) : null,
  };
}

/** What the NF-e must come to: the order's total without its plan line (the goods, freight and discount). */
async function goodsTotalCents(db: Database, orderId: string, totalCents: number): Promise<number> {
  const lines = await db
    .select({ productId: orderItems.productId, productName: orderItems.productName, price: orderItems.priceAtPurchase, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const plan = lines.filter(isPlanLine).reduce((sum, l) => sum + toCents(l.price) * l.quantity, 0);
  return totalCents - plan;
}

/**
 * Checks the attached NF-e against the order and keeps it as the order's authorised sale note.
 * Null when there is no such order; AttachError (pt-BR problems) when it is refused, nothing stored.
 */
export async function attachInvoice(db: Database, orderId: string, files: AttachFiles, storage?: FileStorage): Promise<Invoice | null> {
  if (files.xml.byteLength === 0) throw new AttachError(400, [ATTACH_MESSAGES.missingXml]);
  if (files.xml.byteLength > NFE_XML_MAX_BYTES) throw new AttachError(413, [ATTACH_MESSAGES.xmlTooBig]);
  if (files.danfe) {
    if (files.danfe.byteLength > DANFE_MAX_BYTES) throw new AttachError(413, [ATTACH_MESSAGES.danfeTooBig]);
    if (!isPdf(files.danfe)) throw new AttachError(415, [ATTACH_MESSAGES.danfeNotPdf]);
  }
  const [order] = await db
    .select({ id: orders.id, status: orders.status, taxId: orders.taxId, totalPrice: orders.totalPrice })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) return null;
  if (order.status === 'pending') throw new AttachError(409, [ATTACH_MESSAGES.unpaid]);
  if (order.status === 'cancelled') throw new AttachError(409, [ATTACH_MESSAGES.cancelled]);
  const current = await currentSaleInvoice(db, orderId);
  if (current && (current.status === 'processing' || current.status === 'authorized')) throw new AttachError(409, [ATTACH_MESSAGES.exists]);

  let doc: ReturnType<typeof readNfeXml>;
  try {
    doc = readNfeXml(Buffer.from(files.xml.buffer, files.xml.byteOffset, files.xml.byteLength));
  } catch (error) {
    if (error instanceof NfeXmlError) throw new AttachError(422, [error.message]);
    throw error;
  }
  const [store, fiscal, totalCents] = await Promise.all([getEditableSettings(db), getFiscalSettings(db), goodsTotalCents(db, orderId, toCents(order.totalPrice))]);
  const problems = checkNfeAgainstOrder(doc, { storeCnpj: store.seller.cnpj, buyerTaxId: order.taxId, totalCents, environment: fiscal.environment });
  if (problems.length > 0) throw new AttachError(422, problems);

  const [taken] = await db
    .select({ orderId: invoices.orderId })
    .from(invoices)
    .where(and(eq(invoices.accessKey, doc.accessKey), ne(invoices.status, 'rejected')))
    .limit(1);
  if (taken) {
    throw new AttachError(409, [
      taken.orderId === orderId
        ? `Esta NF-e (chave ${formatAccessKey(doc.accessKey)}) já foi registrada neste pedido.`
        : `Esta NF-e (chave ${formatAccessKey(doc.accessKey)}) já está anexada ao pedido ${shortOrderId(taken.orderId)}.`,
    ]);
  }

  const received = doc.protocol?.receivedAt ? new Date(doc.protocol.receivedAt) : null;
  const authorizedAt = received && !Number.isNaN(received.getTime()) ? received : now();
  const keys = invoiceFileKeys(doc.accessKey, authorizedAt);
  const files$ = storage ?? (await getStorage());
  await files$.put(keys.xml, files.xml);
  if (files.danfe) await files$.put(keys.danfe, files.danfe);
  const invoice = await insertAttachedInvoice(db, orderId, {
    accessKey: doc.accessKey,
    number: doc.number,
    series: doc.series,
    protocol: doc.protocol?.number ?? '',
    totalCents: doc.totalCents,
    authorizedAt,
    xmlKey: keys.xml,
    danfeKey: files.danfe ? keys.danfe : null,
  });
  // Another click won meanwhile (its note, or this same key on another order): theirs stands, and so
  // do the files under this key, which may be theirs.
  if (!invoice) throw new AttachError(409, [ATTACH_MESSAGES.exists]);
  kickMailDelivery(db);
  return invoice;
}

/**
 * The cancellation of the order's authorised note, done in the system that issued it (an attached
 * note): its event XML is checked (registered by SEFAZ, this note's key), kept beside the note's
 * files, and the note recorded as cancelled. Null when there is no such order.
 */
export async function attachCancellation(db: Database, orderId: string, xml: Uint8Array, storage?: FileStorage): Promise<Invoice | null> {
  if (xml.byteLength === 0) throw new AttachError(400, [ATTACH_MESSAGES.missingCancelXml]);
  if (xml.byteLength > NFE_XML_MAX_BYTES) throw new AttachError(413, [ATTACH_MESSAGES.xmlTooBig]);
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  const invoice = await currentSaleInvoice(db, orderId);
  if (!invoice || invoice.status !== 'authorized' || !invoice.accessKey || !invoice.authorizedAt) throw new AttachError(409, [ATTACH_MESSAGES.nothingToCancel]);
  let event: ReturnType<typeof readCancellationXml>;
  try {
    event = readCancellationXml(Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength));
  } catch (error) {
    if (error instanceof NfeXmlError) throw new AttachError(422, [error.message]);
    throw error;
  }
  if (event.accessKey !== invoice.accessKey) {
    throw new AttachError(422, [`O cancelamento é de outra NF-e (chave ${formatAccessKey(event.accessKey)}); a nota deste pedido é a ${formatAccessKey(invoice.accessKey)}.`]);
  }
  const key = invoiceFileKeys(invoice.accessKey, invoice.authorizedAt).cancelXml;
  await (storage ?? (await getStorage())).put(key, xml);
  if (!(await markCancelled(db, invoice.id, key))) throw new AttachError(409, [ATTACH_MESSAGES.nothingToCancel]);
  return { ...invoice, status: 'cancelled', cancelXmlKey: key };
}
