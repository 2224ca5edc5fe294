// An order's NF-e through Focus NFe (issue 34), across areas: the order and its goods (orders,
// catalog), the seller and the tax table (settings, invoices/fiscal-settings), the note's row
// (invoices, the one writer), its files (storage) and the customer's e-mail (queued with the files).
//
// Exactly once by construction: the note's row is claimed under its `ref` and committed before the
// call; Focus NFe keeps one note per ref, so a send repeated after a lost answer, a second job run or
// a double click is the same note. A send whose answer never came stays `processing`: the follow job
// asks for its status a minute later (their webhook may be lost too) and sends it again only when
// Focus NFe does not know the ref. The job also sends the notes that are due (on separation, or on
// payment: a setting), keeps the files of authorised ones, and cancels the note of an order
// cancelled within the 24 hours SEFAZ allows.
import { and, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import type { Database, Executor } from '~/db/client.server';
import { invoices, orderItems, orders, productVariants, products, returnItems, returns, user } from '~/db/schema';
import { now } from '~/lib/clock';
import { allocateCents, buyerKindOf, focusNfePayload, focusNfeReturnPayload, pickTaxRule, type FiscalItem, type FocusNfeInput, type GoodsOrigin } from '~/lib/fiscal';
import type { IeIndicator } from '~/lib/fiscal-codes';
import { toCents } from '~/lib/money';
import { isPlanLine } from '~/lib/returns';
import { municipalityCode } from '~/lib/municipalities.server';
import { isSellerComplete } from '~/lib/seller';
import { isUf } from '~/lib/states';
import { taxIdKind } from '~/lib/tax-id';
import { getEnv } from '../infra/env.server';
import { log } from '../infra/log.server';
import { getFiscalSettings, getTaxRules, type FiscalSettings } from '../invoices/fiscal-settings.server';
import { FocusNfeError, focusNfeFromEnv, parseFocusWebhook, verifyFocusWebhook, type FocusNfe, type FocusNfeNote, type FocusNfeWebhook } from '../invoices/focusnfe.server';
import {
  claimReturnInvoice,
  claimSaleInvoice,
  currentSaleInvoice,
  focusHookUrl,
  invoiceByRef,
  invoicesToFollow,
  markCancelled,
  recordFiles,
  recordNote,
  rejectUnsent,
  saveFocusHookUrl,
  setInvoiceTotal,
  type Invoice,
} from '../invoices/invoices.server';
import { invoiceFileKeys } from '../invoices/files.server';
import { readNfeXml } from '../invoices/nfe-xml.server';
import { kickMailDelivery } from '../mail/outbox.server';
import { getEditableSettings } from '../settings/settings.server';
import { getStorage } from '../storage/storage.server';

/** SEFAZ allows cancelling an authorised note within 24 hours (most states); later it takes a return note. */
export const CANCEL_WINDOW_MS = 24 * 3_600_000;
/** A send or a poll without an answer is looked at again after this. */
export const FOLLOW_AFTER_MS = 60_000;

let shared: { token: string | undefined; focus: FocusNfe | null } | null = null;

/** The one adapter of this process (its 100-a-minute window is shared by the job and the admin's clicks); null without FOCUSNFE_TOKEN. */
export function focusNfe(): FocusNfe | null {
  const token = getEnv().FOCUSNFE_TOKEN;
  if (!shared || shared.token !== token) shared = { token, focus: focusNfeFromEnv() };
  return shared.focus;
}

/** What keeps an order from its NF-e (missing fiscal data), in pt-BR for the admin. */
export class InvoiceDataError extends Error {
  constructor(readonly problems: string[]) {
    super(`Não foi possível emitir a NF-e: ${problems.join(' ')}`);
    this.name = 'InvoiceDataError';
  }
}

/** The order as Focus NFe's JSON needs it: issuer, buyer, goods lines with their fiscal data, freight, discount, rule. */
export async function saleInvoiceInput(db: Executor, orderId: string, settings?: FiscalSettings, only?: ReadonlyMap<string, number>): Promise<FocusNfeInput> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new InvoiceDataError(['Pedido não encontrado.']);
  const [fiscal, rules, store, buyerRow, lines] = await Promise.all([
    settings ? Promise.resolve(settings) : getFiscalSettings(db),
    getTaxRules(db),
    getEditableSettings(db),
    order.userId
      ? db.select({ name: user.name, email: user.email, ieIndicator: user.ieIndicator, stateRegistration: user.stateRegistration }).from(user).where(eq(user.id, order.userId)).limit(1)
      : Promise.resolve([]),
    db
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        productName: orderItems.productName,
        size: orderItems.size,
        quantity: orderItems.quantity,
        price: orderItems.priceAtPurchase,
        ncm: products.ncm,
        cest: products.cest,
        origin: products.fiscalOrigin,
        productGtin: products.gtin,
        productUnit: products.commercialUnit,
        variantGtin: productVariants.gtin,
        variantUnit: productVariants.commercialUnit,
      })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .leftJoin(productVariants, and(eq(productVariants.productId, orderItems.productId), eq(productVariants.size, orderItems.size)))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.productName, orderItems.size),
  ]);
  const problems: string[] = [];
  const seller = store.seller;
  if (!isSellerComplete(seller) || !/^[0-9]+$/.test(seller.stateRegistration)) {
    problems.push('Complete os dados legais da loja (razão social, CNPJ, inscrição estadual e endereço) em Configurações.');
  }
  if (!order.taxId) problems.push('O pedido não tem CPF ou CNPJ do comprador.');
  if (!order.shipStreet || !order.shipState || !order.shipZipCode || !isUf(order.shipState)) problems.push('O pedido não tem endereço de entrega.');
  const goods = lines.filter((l) => !isPlanLine({ productId: l.productId, productName: l.productName }));
  if (goods.length === 0) problems.push('O pedido não tem mercadorias (a assinatura é um serviço, sem NF-e de venda).');
  if (only && ![...only.values()].some((q) => q > 0)) problems.push('A devolução não tem itens.');
  const items: FiscalItem[] = [];
  // The sale's discount per goods line (by value), so a return note takes back its returned units' share.
  const lineDiscounts = allocateCents(Math.min(toCents(order.discountPrice), goods.reduce((sum, l) => sum + toCents(l.price) * l.quantity, 0)), goods.map((l) => toCents(l.price) * l.quantity));
  let returnedDiscountCents = 0;
  for (const [index, line] of goods.entries()) {
    const quantity = only ? Math.min(only.get(line.id) ?? 0, line.quantity) : line.quantity;
    if (quantity === 0) continue;
    if (only) returnedDiscountCents += Math.round(((lineDiscounts[index] ?? 0) * quantity) / line.quantity);
    const label = `${line.productName}${line.size ? ` (${line.size})` : ''}`;
    if (!line.productId) {
      problems.push(`O produto ${label} foi excluído do catálogo: anexe a nota emitida em outro sistema.`);
      continue;
    }
    if (!line.ncm || line.origin === null) {
      problems.push(`Informe o NCM e a origem de ${line.productName} (Produtos → Dados fiscais).`);
      continue;
    }
    items.push({
      code: `${line.productId.slice(0, 8)}${line.size ? `-${line.size}` : ''}`.slice(0, 60),
      description: label.slice(0, 120),
      ncm: line.ncm,
      cest: line.cest,
      gtin: line.variantGtin ?? line.productGtin,
      origin: line.origin as GoodsOrigin,
      unit: line.variantUnit ?? line.productUnit ?? 'UN',
      quantity,
      unitPriceCents: toCents(line.price),
    });
  }
  const buyerInfo = buyerRow[0];
  // A company's IE as bought with; an order made by the store for it (a programmed delivery) takes the account's.
  const isCnpj = order.taxId !== null && taxIdKind(order.taxId) === 'cnpj';
  const ieIndicator = isCnpj ? ((order.buyerIeIndicator ?? buyerInfo?.ieIndicator ?? null) as IeIndicator | null) : null;
  const stateRegistration = ieIndicator === 1 ? (order.buyerStateRegistration ?? buyerInfo?.stateRegistration ?? null) : null;
  const buyerKind = order.taxId ? buyerKindOf({ taxIdKind: isCnpj ? 'cnpj' : 'cpf', ieIndicator }) : 'consumer';
  const shipCityCode = order.shipState && order.shipCity && isUf(order.shipState) ? municipalityCode(order.shipState, order.shipCity) : null;
  if (order.shipCity && order.shipState && !shipCityCode) problems.push(`A cidade de entrega “${order.shipCity}” não está entre os municípios do IBGE de ${order.shipState}: corrija o endereço do pedido antes de emitir a nota.`);
  const sellerCityCode = isUf(seller.addressState) ? municipalityCode(seller.addressState, seller.addressCity) : null;
  if (seller.addressCity && !sellerCityCode) problems.push(`A cidade da loja “${seller.addressCity}” não está entre os municípios do IBGE de ${seller.addressState} (Configurações → Dados legais).`);
  const rule = order.shipState ? pickTaxRule(rules, { storeUf: seller.addressState, destinationUf: order.shipState, buyer: buyerKind }) : null;
  if (order.shipState && !rule) problems.push('A tabela de impostos não tem regra para esta venda (Configurações → Fiscal).');
  if (problems.length > 0 || !rule || !order.taxId || !order.shipState || !isUf(order.shipState) || !isUf(seller.addressState)) {
    throw new InvoiceDataError(problems.length ? problems : ['Dados fiscais incompletos.']);
  }
  const goodsCents = items.reduce((sum, i) => sum + i.unitPriceCents * i.quantity, 0);
  return {
    issuer: {
      cnpj: seller.cnpj,
      stateRegistration: seller.stateRegistration,
      legalName: seller.legalName,
      tradeName: seller.tradeName,
      address: {
        street: seller.addressStreet,
        number: seller.addressNumber,
        complement: seller.addressComplement,
        neighborhood: seller.addressNeighborhood,
        city: seller.addressCity,
        cityIbgeCode: sellerCityCode,
        uf: seller.addressState,
        zipCode: seller.addressZipCode,
      },
    },
    buyer: {
      // A company's order is to the company (issue 35): its razão social, not the person receiving it.
      name: order.companyLegalName ?? order.shipName ?? buyerInfo?.name ?? 'Consumidor',
      taxId: order.taxId,
      ieIndicator,
      stateRegistration,
      email: buyerInfo?.email ?? null,
      address: {
        street: order.shipStreet!,
        number: order.shipNumber!,
        complement: order.shipComplement ?? undefined,
        neighborhood: order.shipNeighborhood!,
        city: order.shipCity!,
        cityIbgeCode: shipCityCode,
        uf: order.shipState,
        zipCode: order.shipZipCode!,
      },
    },
    items,
    freightCents: only ? 0 : toCents(order.shippingPrice),
    // The discount only ever applies to goods (lib/pricing), so it is all on the sale's note (a return takes its units' share).
    discountCents: only ? Math.min(returnedDiscountCents, goodsCents) : Math.min(toCents(order.discountPrice), goodsCents),
    rule,
    regime: fiscal.regime,
    environment: fiscal.environment,
    issuedAt: now().toISOString(),
    nature: fiscal.nature,
    paymentMethod: order.paymentMethod,
    purchaseOrder: isCnpj ? order.purchaseOrderNumber : null,
  };
}

export type IssueOutcome =
  | { kind: 'sent'; invoice: Invoice }
  | { kind: 'exists'; invoice: Invoice }
  | { kind: 'denied'; invoice: Invoice }
  | { kind: 'rejected'; invoice: Invoice; message: string }
  /** Focus NFe did not answer (or answered 5xx/429): the note stays processing and the job asks again. */
  | { kind: 'pending'; invoice: Invoice; message: string };

/** Sends the order's sale note (a new one, or the rejected one again under its ref with the data as it is now). */
export async function issueSaleInvoice(db: Database, orderId: string, focus: FocusNfe): Promise<IssueOutcome> {
  const claim = await claimSaleInvoice(db, orderId);
  if (claim.kind !== 'claimed') return claim;
  return send(db, claim.invoice, focus);
}

async function send(db: Database, invoice: Invoice, focus: FocusNfe): Promise<IssueOutcome> {
  let payload: ReturnType<typeof focusNfePayload>;
  try {
    payload = focusNfePayload(await saleInvoiceInput(db, invoice.orderId));
  } catch (error) {
    const message = error instanceof InvoiceDataError ? error.problems.join(' ') : error instanceof Error ? error.message : String(error);
    await rejectUnsent(db, invoice.id, message);
    return { kind: 'rejected', invoice: { ...invoice, status: 'rejected', sefazMessage: message }, message };
  }
  await setInvoiceTotal(db, invoice.id, Math.round(payload.valor_total * 100));
  try {
    const note = await focus.issue(invoice.ref, payload as unknown as Record<string, unknown>);
    return await afterNote(db, invoice.ref, note, focus);
  } catch (error) {
    return failedCall(db, invoice, error, focus);
  }
}

/** A refused send: data SEFAZ or Focus NFe will never take (4xx) → rejected with their words; no answer → pending. */
async function failedCall(db: Database, invoice: Invoice, error: unknown, focus: FocusNfe): Promise<IssueOutcome> {
  if (!(error instanceof FocusNfeError)) throw error;
  if (error.kind === 'http' && (error.apiCode === 'nfe_autorizada' || error.apiCode === 'em_processamento')) {
    // The ref is already theirs (another send won, or data changed meanwhile): their state decides.
    try {
      return await afterNote(db, invoice.ref, await focus.status(invoice.ref, { complete: true }), focus);
    } catch (again) {
      if (again instanceof FocusNfeError) return { kind: 'pending', invoice, message: again.message };
      throw again;
    }
  }
  const refused = error.kind === 'http' && error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 429 && error.status !== 401 && error.status !== 403 && error.status !== 404;
  if (refused) {
    const message = error.apiMessage ? `${error.message} ${error.apiMessage}` : error.message;
    await rejectUnsent(db, invoice.id, message);
    return { kind: 'rejected', invoice, message };
  }
  log.warn(`nf-e ${invoice.ref}: ${error.message}`);
  return { kind: 'pending', invoice, message: error.message };
}

/** Records Focus NFe's word and, once authorised, keeps the files and hands them to the customer. */
async function afterNote(db: Database, ref: string, note: FocusNfeNote, focus: FocusNfe): Promise<IssueOutcome> {
  const { outcome, invoice } = await recordNote(db, ref, note);
  if (!invoice) throw new Error(`nota ${ref} desconhecida`);
  if (invoice.status === 'authorized' && !invoice.xmlKey) {
    try {
      await storeFiles(db, invoice, note, focus);
    } catch (error) {
      // The note stands; the follow job fetches the files again.
      log.warn(`nf-e ${ref}: arquivos não baixados (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  if (outcome === 'rejected' || outcome === 'denied') return { kind: outcome === 'denied' ? 'denied' : 'rejected', invoice, message: invoice.sefazMessage ?? '' } as IssueOutcome;
  return { kind: 'sent', invoice };
}

/** Where an authorised note's files are kept (invoices/files): private, by São Paulo month. */
export { invoiceFileKeys };

/**
 * Downloads the authorised XML (checked: it must be this note's key) and the DANFE, keeps both,
 * then records them — which queues the customer's e-mail once.
 */
async function storeFiles(db: Database, invoice: Invoice, note: FocusNfeNote, focus: FocusNfe): Promise<void> {
  if (!invoice.accessKey || !invoice.authorizedAt) return;
  const paths = note.xmlPath ? note : await focus.status(invoice.ref, { complete: true });
  // A return note's XML and DANFE are the store's own records (no e-mail: the customer has the sale's).
  if (!paths.xmlPath) throw new Error('a Focus NFe não informou o caminho do XML');
  const xml = await focus.download(paths.xmlPath);
  const read = readNfeXml(xml);
  if (read.accessKey !== invoice.accessKey) throw new Error(`o XML baixado é de outra nota (${read.accessKey})`);
  const danfe = paths.danfePath ? await focus.download(paths.danfePath) : null;
  const keys = invoiceFileKeys(invoice.accessKey, invoice.authorizedAt);
  const storage = await getStorage();
  await storage.put(keys.xml, xml);
  if (danfe) await storage.put(keys.danfe, danfe);
  if (await recordFiles(db, invoice.id, { xmlKey: keys.xml, danfeKey: danfe ? keys.danfe : null, protocol: read.protocol?.number || null })) kickMailDelivery(db);
}

/** A note sent a while ago: its state at Focus NFe (and the files once authorised); sent again when they do not know it. */
export async function followInvoice(db: Database, invoice: Invoice, focus: FocusNfe): Promise<IssueOutcome> {
  try {
    const note = await focus.status(invoice.ref, { complete: true });
    return await afterNote(db, invoice.ref, note, focus);
  } catch (error) {
    if (error instanceof FocusNfeError && error.kind === 'http' && error.status === 404 && invoice.status === 'processing') {
      // The send never reached them (a crash, a lost request): the same ref again.
      if (invoice.kind === 'sale') return send(db, invoice, focus);
      const [sale] = invoice.referencesInvoiceId ? await db.select({ key: invoices.accessKey }).from(invoices).where(eq(invoices.id, invoice.referencesInvoiceId)) : [];
      if (sale?.key) return sendReturn(db, invoice, sale.key, focus);
    }
    if (error instanceof FocusNfeError) return { kind: 'pending', invoice, message: error.message };
    throw error;
  }
}

/**
 * The return note of goods that came back (a withdrawal or a defect, received by the store): an
 * NF-e de entrada, finalidade devolução, referencing the sale's key, under a ref derived from the
 * return (claimed before the call, like the sale's). Without an authorised sale note there is
 * nothing to reference: 'none'.
 */
export async function issueReturnInvoice(db: Database, returnId: string, focus: FocusNfe): Promise<IssueOutcome | { kind: 'none' }> {
  const [ret] = await db.select({ id: returns.id, orderId: returns.orderId, kind: returns.kind, status: returns.status }).from(returns).where(eq(returns.id, returnId)).limit(1);
  if (!ret || ret.kind === 'plan' || !RETURNED_STATUSES.includes(ret.status)) return { kind: 'none' };
  const sale = await currentSaleInvoice(db, ret.orderId);
  if (!sale || sale.status !== 'authorized' || !sale.accessKey) return { kind: 'none' };
  const claim = await claimReturnInvoice(db, { orderId: ret.orderId, returnId: ret.id, saleInvoiceId: sale.id });
  if (claim.kind !== 'claimed') return claim;
  return sendReturn(db, claim.invoice, sale.accessKey, focus);
}

/** A return is "received" from then on (its refund or replacement follows). */
const RETURNED_STATUSES: readonly string[] = ['received', 'refunded', 'replaced'];

async function sendReturn(db: Database, invoice: Invoice, saleKey: string, focus: FocusNfe): Promise<IssueOutcome> {
  let payload: ReturnType<typeof focusNfeReturnPayload>;
  try {
    const lines = await db.select({ orderItemId: returnItems.orderItemId, quantity: returnItems.quantity }).from(returnItems).where(eq(returnItems.returnId, invoice.returnId!));
    payload = focusNfeReturnPayload(await saleInvoiceInput(db, invoice.orderId, undefined, new Map(lines.map((l) => [l.orderItemId, l.quantity]))), saleKey);
  } catch (error) {
    const message = error instanceof InvoiceDataError ? error.problems.join(' ') : error instanceof Error ? error.message : String(error);
    await rejectUnsent(db, invoice.id, message);
    return { kind: 'rejected', invoice: { ...invoice, status: 'rejected', sefazMessage: message }, message };
  }
  await setInvoiceTotal(db, invoice.id, Math.round(payload.valor_total * 100));
  try {
    return await afterNote(db, invoice.ref, await focus.issue(invoice.ref, payload as unknown as Record<string, unknown>), focus);
  } catch (error) {
    return failedCall(db, invoice, error, focus);
  }
}

/** Returns received whose order has an authorised sale note and no return note yet (when invoicing is on). */
async function returnsDue(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: returns.id })
    .from(returns)
    .where(
      and(
        inArray(returns.status, ['received', 'refunded', 'replaced']),
        sql`${returns.kind} <> 'plan'`,
        sql`exists (select 1 from ${invoices} where ${invoices.orderId} = ${returns.orderId} and ${invoices.kind} = 'sale' and ${invoices.status} = 'authorized')`,
        notExists(db.select({ one: sql`1` }).from(invoices).where(and(eq(invoices.returnId, returns.id), eq(invoices.kind, 'return')))),
      ),
    )
    .orderBy(returns.createdAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

export type CancelOutcome =
  | { kind: 'none' }
  | { kind: 'cancelled'; invoice: Invoice }
  /** Authorised more than 24 hours ago: a return note is needed (lib/fiscal's instructions for the accountant). */
  | { kind: 'too-late'; invoice: Invoice }
  /** Attached from another system: cancel it there. */
  | { kind: 'manual'; invoice: Invoice }
  /** Still being authorised: the follow job cancels it once authorised. */
  | { kind: 'later'; invoice: Invoice }
  | { kind: 'refused'; invoice: Invoice; message: string };

function justification(reason: string): string {
  const text = `Pedido cancelado: ${reason}`.replace(/\s+/g, ' ').trim();
  return (text.length < 15 ? `${text} (cancelamento da venda)` : text).slice(0, 255);
}

/** The sale note of a cancelled order, cancelled at SEFAZ when still allowed (24 h), its cancellation XML kept. */
export async function cancelSaleInvoice(db: Database, orderId: string, reason: string, focus: FocusNfe | null = focusNfe()): Promise<CancelOutcome> {
  const invoice = await currentSaleInvoice(db, orderId);
  if (!invoice || invoice.status === 'rejected' || invoice.status === 'denied' || invoice.status === 'cancelled') return { kind: 'none' };
  if (invoice.source === 'attached' || !focus) return invoice.status === 'authorized' ? { kind: 'manual', invoice } : { kind: 'none' };
  if (invoice.status === 'processing') return { kind: 'later', invoice };
  if (!invoice.authorizedAt || now().getTime() - invoice.authorizedAt.getTime() > CANCEL_WINDOW_MS) return { kind: 'too-late', invoice };
  try {
    const answer = await focus.cancel(invoice.ref, justification(reason));
    if (answer.status !== 'cancelado') return { kind: 'refused', invoice, message: answer.mensagemSefaz ?? 'A SEFAZ recusou o cancelamento.' };
    let cancelXmlKey: string | null = null;
    if (answer.xmlCancelamentoPath && invoice.accessKey) {
      try {
        const xml = await focus.download(answer.xmlCancelamentoPath);
        cancelXmlKey = invoiceFileKeys(invoice.accessKey, invoice.authorizedAt).cancelXml;
        await (await getStorage()).put(cancelXmlKey, xml);
      } catch (error) {
        log.warn(`nf-e ${invoice.ref}: XML do cancelamento não baixado (${error instanceof Error ? error.message : String(error)})`);
        cancelXmlKey = null;
      }
    }
    await markCancelled(db, invoice.id, cancelXmlKey);
    return { kind: 'cancelled', invoice: { ...invoice, status: 'cancelled' } };
  } catch (error) {
    if (error instanceof FocusNfeError) {
      if (error.apiCode === 'nfe_cancelada') {
        await markCancelled(db, invoice.id, null);
        return { kind: 'cancelled', invoice: { ...invoice, status: 'cancelled' } };
      }
      return { kind: 'refused', invoice, message: error.apiMessage ? `${error.message} ${error.apiMessage}` : error.message };
    }
    throw error;
  }
}

/** Orders whose note is due (by the setting) and that have none yet: paid or in separation, with goods. */
async function ordersDue(db: Executor, settings: FiscalSettings, limit: number): Promise<string[]> {
  const statuses = settings.issueOn === 'paid' ? (['paid', 'preparing'] as const) : (['preparing'] as const);
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...statuses]),
        notExists(db.select({ one: sql`1` }).from(invoices).where(and(eq(invoices.orderId, orders.id), eq(invoices.kind, 'sale')))),
        sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.productId} is not null and ${orderItems.priceAtPurchase} > 0)`,
      ),
    )
    .orderBy(orders.createdAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Authorised notes of orders cancelled since (within the 24 h): cancelled at SEFAZ by the job when the admin's click could not. */
async function notesOfCancelledOrders(db: Executor, limit: number): Promise<{ orderId: string; reason: string | null }[]> {
  return db
    .select({ orderId: invoices.orderId, reason: orders.cancelReason })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(
      and(
        eq(invoices.kind, 'sale'),
        eq(invoices.source, 'focusnfe'),
        eq(invoices.status, 'authorized'),
        eq(orders.status, 'cancelled'),
        gt(invoices.authorizedAt, new Date(now().getTime() - CANCEL_WINDOW_MS)),
      ),
    )
    .limit(limit);
}

export type InvoiceRunReport = { issued: number; returned: number; followed: number; cancelled: number };

/**
 * The job (every minute, and kicked on "Iniciar separação"): registers the webhook once, sends the
 * notes that are due, follows the ones without an answer, keeps the files of authorised ones and
 * cancels the notes of cancelled orders. Nothing without Focus NFe or with invoicing off.
 */
export async function runInvoices(db: Database, focus: FocusNfe | null = focusNfe(), batch = 20): Promise<InvoiceRunReport> {
  const report: InvoiceRunReport = { issued: 0, returned: 0, followed: 0, cancelled: 0 };
  if (!focus) return report;
  const settings = await getFiscalSettings(db);
  await registerHookOnce(db, focus);
  if (settings.invoicing) {
    for (const orderId of await ordersDue(db, settings, batch)) {
      await issueSaleInvoice(db, orderId, focus);
      report.issued++;
    }
    for (const returnId of await returnsDue(db, batch)) {
      await issueReturnInvoice(db, returnId, focus);
      report.returned++;
    }
  }
  for (const invoice of await invoicesToFollow(db, new Date(now().getTime() - FOLLOW_AFTER_MS), batch)) {
    await followInvoice(db, invoice, focus);
    report.followed++;
  }
  for (const { orderId, reason } of await notesOfCancelledOrders(db, batch)) {
    const outcome = await cancelSaleInvoice(db, orderId, reason ?? 'pedido cancelado', focus);
    if (outcome.kind === 'cancelled') report.cancelled++;
  }
  return report;
}

/** Their webhook, registered at this store's URL once (again only when the URL changes). */
async function registerHookOnce(db: Database, focus: FocusNfe): Promise<void> {
  const env = getEnv();
  const secret = env.FOCUSNFE_WEBHOOK_SECRET;
  if (!secret) return;
  const url = `${env.publicUrl}/webhooks/focusnfe`;
  if ((await focusHookUrl(db)) === url) return;
  try {
    await focus.registerHook(url, secret, { cnpj: (await getEditableSettings(db)).seller.cnpj || undefined });
    await saveFocusHookUrl(db, url);
  } catch (error) {
    log.warn(`focus nfe: webhook não registrado (${error instanceof Error ? error.message : String(error)})`);
  }
}

export type WebhookAnswer = { status: number; body: { received: boolean; error?: string } };

/**
 * Focus NFe's notice about a note (their webhook): trusted only with the Authorization the store
 * registered (FOCUSNFE_WEBHOOK_SECRET), applied once like a poll's answer. A note the store does not
 * know is acknowledged (200) so they stop retrying; an unreadable body is 400, a forged one 401.
 */
export async function receiveFocusWebhook(db: Database, raw: string, authorization: string | null): Promise<WebhookAnswer> {
  if (!verifyFocusWebhook(authorization, getEnv().FOCUSNFE_WEBHOOK_SECRET)) return { status: 401, body: { received: false, error: 'Assinatura inválida.' } };
  let notice: FocusNfeWebhook;
  try {
    notice = parseFocusWebhook(raw);
  } catch (error) {
    if (error instanceof FocusNfeError) return { status: 400, body: { received: false, error: error.message } };
    throw error;
  }
  const focus = focusNfe();
  const known = await invoiceByRef(db, notice.ref);
  if (!known) return { status: 200, body: { received: true } };
  if (!focus) {
    await recordNote(db, notice.ref, notice);
    return { status: 200, body: { received: true } };
  }
  try {
    await afterNote(db, notice.ref, notice, focus);
  } catch (error) {
    // A lying notice (an authorised note without a valid key): not recorded; the poll asks them.
    log.warn(`focus nfe: aviso de ${notice.ref} recusado (${error instanceof Error ? error.message : String(error)})`);
    return { status: 422, body: { received: false, error: 'Aviso inconsistente.' } };
  }
  return { status: 200, body: { received: true } };
}
