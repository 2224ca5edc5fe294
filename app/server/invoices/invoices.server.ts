// An order's NF-e as the store keeps it (issue 34): the only writer of `invoices` — its status, number,
// key, SEFAZ's message and the stored files. A claim (a `processing` row under the note's `ref`) is
// committed before Focus NFe is called, so a retry, a second job or a double click sends the same ref
// and Focus NFe issues it once; the partial unique index keeps one sale note in force per order.
// The e-mail that hands the note to the customer is queued in the same statement's transaction as
// the files that make it whole, so it goes once.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '~/db/client.server';
import { fiscalSettings, invoices, orderItems, orders, user } from '~/db/schema';
import { now } from '~/lib/clock';
import { isValidAccessKey } from '~/lib/fiscal';
import type { InvoiceSource, InvoiceStatus } from '~/lib/fiscal-codes';
import { centsToDecimal } from '~/lib/money';
import { enqueueMail } from '../mail/outbox.server';
import type { FocusNfeNote } from './focusnfe.server';
import { invoiceMail } from './emails.server';

export type Invoice = typeof invoices.$inferSelect;

/** The note's reference at Focus NFe: derived from the order (the nth sale note of it), or from the return. */
export function saleRef(orderId: string, nth: number): string {
  return nth <= 1 ? `nfe-${orderId}` : `nfe-${orderId}-${nth}`;
}
export function returnRef(returnId: string, nth: number): string {
  return nth <= 1 ? `dev-${returnId}` : `dev-${returnId}-${nth}`;
}

/** The order's sale notes, newest first (the first is the one in force, or the last tried). */
export async function invoicesOfOrder(db: Executor, orderId: string): Promise<Invoice[]> {
  return db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(desc(invoices.createdAt), desc(invoices.id));
}

/** The order's current sale note: the one in force, else the last one tried; null when none. */
export async function currentSaleInvoice(db: Executor, orderId: string): Promise<Invoice | null> {
  const rows = (await invoicesOfOrder(db, orderId)).filter((i) => i.kind === 'sale');
  return rows.find((i) => i.status === 'processing' || i.status === 'authorized') ?? rows[0] ?? null;
}

/** The current sale note of each order (for lists): order id → invoice. */
export async function currentSaleInvoices(db: Executor, orderIds: readonly string[]): Promise<Map<string, Invoice>> {
  const map = new Map<string, Invoice>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.orderId, [...orderIds]), eq(invoices.kind, 'sale')))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
  for (const row of rows) {
    const seen = map.get(row.orderId);
    const live = (i: Invoice) => i.status === 'processing' || i.status === 'authorized';
    if (!seen || (!live(seen) && live(row))) map.set(row.orderId, row);
  }
  return map;
}

export async function invoiceByRef(db: Executor, ref: string): Promise<Invoice | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.ref, ref)).limit(1);
  return row ?? null;
}

export type Claim =
  | { kind: 'claimed'; invoice: Invoice; resend: boolean }
  /** A note is already in force (processing or authorised): nothing to send. */
  | { kind: 'exists'; invoice: Invoice }
  /** SEFAZ denied the last one: it can never be sent again; the admin must act (a new order). */
  | { kind: 'denied'; invoice: Invoice };

/**
 * Takes the order's sale note for sending, in one transaction: the rejected one back to
 * `processing` under its own ref (corrected data, same note), or a new row under the next ref.
 * Two claims at once: the order row's lock orders them, the second sees the first's row.
 */
export async function claimSaleInvoice(db: Database, orderId: string): Promise<Claim> {
  return db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    const rows = await tx.select().from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'sale'))).orderBy(desc(invoices.createdAt), desc(invoices.id));
    const live = rows.find((i) => i.status === 'processing' || i.status === 'authorized');
    if (live) return { kind: 'exists', invoice: live } as const;
    const last = rows[0];
    if (last?.status === 'denied') return { kind: 'denied', invoice: last } as const;
    if (last?.status === 'rejected' && last.source === 'focusnfe') {
      const [again] = await tx
        .update(invoices)
        .set({ status: 'processing', sefazMessage: null, version: sql`${invoices.version} + 1` })
        .where(and(eq(invoices.id, last.id), eq(invoices.status, 'rejected')))
        .returning();
      return { kind: 'claimed', invoice: again!, resend: true } as const;
    }
    const [created] = await tx
      .insert(invoices)
      .values({ orderId, ref: saleRef(orderId, rows.length + 1), kind: 'sale', source: 'focusnfe', status: 'processing' })
      .returning();
    return { kind: 'claimed', invoice: created!, resend: false } as const;
  });
}

/** A return note's claim for one return, referencing the sale note it takes goods back from. */
export async function claimReturnInvoice(db: Database, input: { orderId: string; returnId: string; saleInvoiceId: string }): Promise<Claim> {
  return db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, input.orderId)).for('update');
    const rows = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.returnId, input.returnId), eq(invoices.kind, 'return')))
      .orderBy(desc(invoices.createdAt), desc(invoices.id));
    const live = rows.find((i) => i.status === 'processing' || i.status === 'authorized');
    if (live) return { kind: 'exists', invoice: live } as const;
    const last = rows[0];
    if (last?.status === 'denied') return { kind: 'denied', invoice: last } as const;
    if (last?.status === 'rejected') {
      const [again] = await tx
        .update(invoices)
        .set({ status: 'processing', sefazMessage: null, version: sql`${invoices.version} + 1` })
        .where(and(eq(invoices.id, last.id), eq(invoices.status, 'rejected')))
        .returning();
      return { kind: 'claimed', invoice: again!, resend: true } as const;
    }
    const [created] = await tx
      .insert(invoices)
      .values({
        orderId: input.orderId,
        ref: returnRef(input.returnId, rows.length + 1),
        kind: 'return',
        referencesInvoiceId: input.saleInvoiceId,
        returnId: input.returnId,
        source: 'focusnfe',
        status: 'processing',
      })
      .returning();
    return { kind: 'claimed', invoice: created!, resend: false } as const;
  });
}

/** What the note comes to (products + freight − discount), known once its data is built. */
export async function setInvoiceTotal(db: Executor, invoiceId: string, totalCents: number): Promise<void> {
  await db
    .update(invoices)
    .set({ totalPrice: centsToDecimal(totalCents) })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'processing')));
}

/** The webhook URL registered at Focus NFe (null: none yet). */
export async function focusHookUrl(db: Executor): Promise<string | null> {
  const [row] = await db.select({ url: fiscalSettings.focusHookUrl }).from(fiscalSettings).where(eq(fiscalSettings.id, 1));
  return row?.url ?? null;
}

export async function saveFocusHookUrl(db: Executor, url: string): Promise<void> {
  await db.update(fiscalSettings).set({ focusHookUrl: url }).where(eq(fiscalSettings.id, 1));
}

/** A claimed note the store could not even send (data missing): rejected with the store's own words. */
export async function rejectUnsent(db: Executor, invoiceId: string, message: string): Promise<void> {
  await db
    .update(invoices)
    .set({ status: 'rejected', sefazMessage: message.slice(0, 2000), version: sql`${invoices.version} + 1` })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'processing')));
}

export type NoteOutcome = 'authorized' | 'rejected' | 'denied' | 'cancelled' | 'processing' | 'unchanged' | 'unknown';

/**
 * Focus NFe's word on a note (the answer to a send, a status poll or their webhook), applied once:
 * processing → authorised / rejected / denied; authorised → cancelled. An answer about a state the
 * note already left (a late webhook after the poll) changes nothing ('unchanged'). An authorised
 * answer whose key fails its check digit is a lie: refused (throws), the note stays processing.
 */
export async function recordNote(db: Database, ref: string, note: FocusNfeNote): Promise<{ outcome: NoteOutcome; invoice: Invoice | null }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(invoices).where(eq(invoices.ref, ref)).for('update');
    if (!row) return { outcome: 'unknown' as const, invoice: null };
    const bump = { version: sql`${invoices.version} + 1` };
    let changes: Partial<typeof invoices.$inferInsert> | null = null;
    let outcome: NoteOutcome = 'unchanged';
    switch (note.status) {
      case 'processando_autorizacao':
        outcome = row.status === 'processing' ? 'processing' : 'unchanged';
        break;
      case 'autorizado':
        if (row.status === 'processing' || row.status === 'rejected') {
          if (!note.chave || !isValidAccessKey(note.chave)) throw new Error(`Focus NFe: nota ${ref} autorizada sem chave de acesso válida`);
          changes = {
            status: 'authorized',
            accessKey: note.chave,
            number: note.numero ? Number(note.numero) : null,
            series: note.serie ? Number(note.serie) : null,
            protocol: note.protocolo,
            sefazMessage: note.mensagemSefaz,
            authorizedAt: now(),
          };
          outcome = 'authorized';
        } else if (row.status === 'authorized' && !row.protocol && note.protocolo) {
          changes = { protocol: note.protocolo };
        }
        break;
      case 'erro_autorizacao':
        if (row.status === 'processing') {
          changes = { status: 'rejected', sefazMessage: note.mensagemSefaz ?? 'A SEFAZ rejeitou a nota (sem mensagem).' };
          outcome = 'rejected';
        }
        break;
      case 'denegado':
        if (row.status === 'processing') {
          changes = {
            status: 'denied',
            sefazMessage: note.mensagemSefaz ?? 'Uso denegado pela SEFAZ.',
            accessKey: note.chave && isValidAccessKey(note.chave) ? note.chave : null,
            number: note.numero ? Number(note.numero) : null,
            series: note.serie ? Number(note.serie) : null,
          };
          outcome = 'denied';
        }
        break;
      case 'cancelado':
        if (row.status === 'authorized') {
          changes = { status: 'cancelled', cancelledAt: now() };
          outcome = 'cancelled';
        }
        break;
    }
    if (!changes) return { outcome, invoice: row };
    const [updated] = await tx
      .update(invoices)
      .set({ ...changes, ...bump })
      .where(eq(invoices.id, row.id))
      .returning();
    return { outcome, invoice: updated! };
  });
}

/**
 * The authorised note's files, kept (storage keys) once: the first to store them queues the e-mail
 * that hands them to the customer, in the same transaction. Returns whether this call did.
 */
export async function recordFiles(db: Database, invoiceId: string, files: { xmlKey: string; danfeKey: string | null; protocol: string | null }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoices)
      // The protocol from the XML's protNFe when their notice did not carry it (only the complete status does).
      .set({ xmlKey: files.xmlKey, danfeKey: files.danfeKey, protocol: sql`coalesce(${invoices.protocol}, ${files.protocol})`, version: sql`${invoices.version} + 1` })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'authorized'), isNull(invoices.xmlKey)))
      .returning();
    if (!row) return false;
    await queueInvoiceMail(tx, row);
    return true;
  });
}

/** The cancellation's XML, kept (the note itself is cancelled by recordNote or cancelInvoice). */
export async function recordCancelXml(db: Executor, invoiceId: string, cancelXmlKey: string): Promise<void> {
  await db.update(invoices).set({ cancelXmlKey }).where(and(eq(invoices.id, invoiceId), isNull(invoices.cancelXmlKey)));
}

/** Cancelled at SEFAZ (Focus NFe answered cancelado, or an attached note the admin says was cancelled). */
export async function markCancelled(db: Executor, invoiceId: string, cancelXmlKey: string | null): Promise<boolean> {
  const rows = await db
    .update(invoices)
    .set({ status: 'cancelled', cancelledAt: now(), cancelXmlKey, version: sql`${invoices.version} + 1` })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'authorized')))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

export type AttachedNote = {
  accessKey: string;
  number: number;
  series: number;
  protocol: string;
  totalCents: number;
  authorizedAt: Date;
  xmlKey: string;
  danfeKey: string | null;
};

/**
 * A note issued elsewhere (embedded default), already checked against the order: kept as the
 * order's authorised sale note, and handed to the customer by e-mail, in one transaction. Null when
 * the order already has one in force (or this key is another order's).
 */
export async function insertAttachedInvoice(db: Database, orderId: string, note: AttachedNote): Promise<Invoice | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    const rows = await tx.select({ id: invoices.id, status: invoices.status }).from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'sale')));
    if (rows.some((r) => r.status === 'processing' || r.status === 'authorized')) return null;
    const [row] = await tx
      .insert(invoices)
      .values({
        orderId,
        ref: `anexo-${orderId}-${rows.length + 1}`,
        kind: 'sale',
        source: 'attached' satisfies InvoiceSource,
        status: 'authorized' satisfies InvoiceStatus,
        accessKey: note.accessKey,
        number: note.number,
        series: note.series,
        protocol: note.protocol,
        totalPrice: centsToDecimal(note.totalCents),
        authorizedAt: note.authorizedAt,
        xmlKey: note.xmlKey,
        danfeKey: note.danfeKey,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await queueInvoiceMail(tx, row);
    return row;
  });
}

/**
 * Whether the order may not leave yet for want of its NF-e: invoicing is on (Configurações → Fiscal),
 * the order carries goods sold (a plan alone is a service; a defect's replacement at zero is no sale) and no
 * sale note of it is authorised.
 */
export async function shippingAwaitsInvoice(db: Executor, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({
      invoicing: fiscalSettings.invoicing,
      goods: sql<boolean>`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orderId} and ${orderItems.productId} is not null and ${orderItems.priceAtPurchase} > 0)`,
      authorized: sql<boolean>`exists (select 1 from ${invoices} where ${invoices.orderId} = ${orderId} and ${invoices.kind} = 'sale' and ${invoices.status} = 'authorized')`,
    })
    .from(fiscalSettings)
    .where(eq(fiscalSettings.id, 1));
  return Boolean(row?.invoicing && row.goods && !row.authorized);
}

/** Sale notes the job must look at: processing for a while (the webhook may be lost), or authorised without files. */
export async function invoicesToFollow(db: Executor, olderThan: Date, limit: number): Promise<Invoice[]> {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.source, 'focusnfe'),
        sql`((${invoices.status} = 'processing' and ${invoices.updatedAt} < ${olderThan}) or (${invoices.status} = 'authorized' and ${invoices.xmlKey} is null))`,
      ),
    )
    .orderBy(invoices.updatedAt)
    .limit(limit);
}

/** Orders whose last sale note was rejected or denied and none is in force: what the dashboard counts. */
export async function countRejected(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${invoices.orderId})::int` })
    .from(invoices)
    .where(and(inArray(invoices.status, ['rejected', 'denied']), eq(invoices.kind, 'sale'), sql`not exists (select 1 from ${invoices} i2 where i2.order_id = ${invoices.orderId} and i2.kind = 'sale' and i2.status in ('processing', 'authorized'))`));
  return row?.n ?? 0;
}

async function queueInvoiceMail(tx: Transaction, invoice: Invoice): Promise<void> {
  if (invoice.kind !== 'sale') return;
  const [buyer] = await tx
    .select({ name: user.name, email: user.email })
    .from(orders)
    .innerJoin(user, eq(user.id, orders.userId))
    .where(eq(orders.id, invoice.orderId))
    .limit(1);
  if (!buyer) return;
  await enqueueMail(tx, invoiceMail(invoice, buyer));
}
