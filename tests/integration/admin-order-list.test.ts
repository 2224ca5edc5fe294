// /admin/orders' list on every engine: what a search finds (the customer's name or e-mail with
// accents and case ignored, the short order id with or without '#', the CPF typed with or without
// punctuation), the tabs counting within the search, and pages in the list's order, deep ones too.
// The search is a UNION of indexed lookups and a page joins its customers after picking its ids
// (issue 17): these tests pin what the admin sees, whatever the plan.
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { accessKeyCheckDigit } from '~/lib/fiscal';
import { INVOICE_FILTERS, invoiceCellLabel, type InvoiceFilter } from '~/lib/invoice-list';
import { ORDER_STATUSES } from '~/lib/order-lifecycle';
import { filtersFromSearchParams } from '~/lib/schemas/admin-order';
import type { FocusNfeNote } from '~/server/invoices/focusnfe.server';
import { claimSaleInvoice, countRejected, insertAttachedInvoice, markCancelled, recordNote, rejectUnsent } from '~/server/invoices/invoices.server';
import { ADMIN_ORDERS_PAGE_SIZE, exportAdminOrders, listAdminOrders, orderIdPrefixRange } from '~/server/orders/admin-orders.server';
import { engines } from '../support/engines';

describe('orderIdPrefixRange', () => {
  it('is the range of uuids a typed prefix starts', () => {
    expect(orderIdPrefixRange('#1A2b')).toEqual({ from: '1a2b0000-0000-0000-0000-000000000000', to: '1a2bffff-ffff-ffff-ffff-ffffffffffff' });
    expect(orderIdPrefixRange('1a2b3c4d-5e')).toEqual({ from: '1a2b3c4d-5e00-0000-0000-000000000000', to: '1a2b3c4d-5eff-ffff-ffff-ffffffffffff' });
    const id = randomUUID();
    expect(orderIdPrefixRange(id)).toEqual({ from: id, to: id });
  });
  it('is null for what no order id starts with', () => {
    for (const term of ['abc', 'maria', '1a2b-3c', '12345678901', '1a2b3c4d5e', `${randomUUID()}0`]) expect(orderIdPrefixRange(term), term).toBeNull();
  });
});

describe.each(engines)('admin order list on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  const ids: Record<string, string[]> = {};
  const CPF = '52998224725';

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    const people = [
      { key: 'marcia', name: 'Márcia Conceição', email: 'MARCIA.c@Exemplo.test' },
      { key: 'joao', name: 'João Pereira', email: 'joao@outro.test' },
      { key: 'many', name: 'Cliente Frequente', email: 'frequente@exemplo.test' },
    ];
    const start = Date.parse('2026-03-01T12:00:00Z');
    let n = 0;
    for (const person of people) {
      const userId = randomUUID();
      await handle.db.insert(t.user).values({ id: userId, name: person.name, email: person.email });
      const count = person.key === 'many' ? 3 * ADMIN_ORDERS_PAGE_SIZE + 7 : 2;
      const rows = Array.from({ length: count }, (_, i) => {
        n += 1;
        return {
          userId,
          totalPrice: '10.00',
          status: (['pending', 'paid', 'shipped'] as const)[n % 3],
          paymentMethod: 'pix' as const,
          taxId: person.key === 'joao' && i === 0 ? CPF : null,
          idempotencyKey: randomUUID(),
          createdAt: new Date(start + n * 60_000),
        };
      });
      ids[person.key] = (await handle.db.insert(t.orders).values(rows).returning({ id: t.orders.id })).map((r) => r.id);
    }
  });
  afterAll(async () => {
    await handle?.drop();
  });

  const found = async (term: string) => (await listAdminOrders(handle.db, { term })).rows.map((r) => r.id).sort();

  it('finds a customer by name or e-mail piece, accents and case ignored', async () => {
    expect(await found('marcia conceicao')).toEqual([...ids.marcia!].sort());
    expect(await found('CONCEIÇÃO')).toEqual([...ids.marcia!].sort());
    expect(await found('marcia.c@exemplo')).toEqual([...ids.marcia!].sort());
    expect(await found('joão')).toEqual([...ids.joao!].sort());
    expect(await found('ninguém-assim')).toEqual([]);
    // LIKE's wildcards typed by the admin match literally.
    expect(await found('%')).toEqual([]);
  });

  it('finds an order by its short id, with or without #, and by CPF with or without punctuation', async () => {
    const id = ids.joao![1]!;
    expect(await found(id.slice(0, 8))).toContain(id);
    expect(await found(`#${id.slice(0, 8).toUpperCase()}`)).toContain(id);
    expect(await found(id)).toEqual([id]);
    expect(await found('529.982.247-25')).toEqual([ids.joao![0]]);
    expect(await found(CPF)).toEqual([ids.joao![0]]);
  });

  it('counts the tabs within the search and pages in the list order, the deep pages too', async () => {
    const all = await listAdminOrders(handle.db, { term: 'frequente' });
    const mine = ids.many!;
    expect(all.total).toBe(mine.length);
    expect(all.counts.all).toBe(mine.length);
    expect(all.counts.pending + all.counts.paid + all.counts.shipped).toBe(mine.length);
    const paid = await listAdminOrders(handle.db, { term: 'frequente', status: 'paid' });
    expect(paid.total).toBe(all.counts.paid);
    expect(paid.rows.every((r) => r.status === 'paid')).toBe(true);
    // Every page, newest first, each order once, with its customer.
    const seen: string[] = [];
    for (let page = 1; page <= all.pageCount; page++) {
      const { rows } = await listAdminOrders(handle.db, { term: 'frequente', page });
      expect(rows.every((r) => r.customerName === 'Cliente Frequente' && r.customerEmail === 'frequente@exemplo.test')).toBe(true);
      seen.push(...rows.map((r) => r.id));
    }
    expect(seen).toEqual([...mine].reverse());
    // The unfiltered list's last page, and a page past the end shows the last one.
    const everything = await listAdminOrders(handle.db, {});
    const last = await listAdminOrders(handle.db, { page: 999 });
    expect(last.page).toBe(everything.pageCount);
    expect(last.rows.at(-1)!.id).toBe(ids.marcia![0]);
    // Each tab's total is what a plain count of its orders gives.
    for (const status of [undefined, 'pending', 'paid', 'shipped', 'to_ship'] as const) {
      const statuses = status === 'to_ship' ? ['paid', 'preparing'] : status ? [status] : [...ORDER_STATUSES];
      const [truth] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(t.orders).where(inArray(t.orders.status, statuses as never[]));
      expect((await listAdminOrders(handle.db, { status })).total, status ?? 'all').toBe(truth!.n);
    }
    // The CSV export applies the same search.
    expect((await exportAdminOrders(handle.db, { term: 'marcia' })).map((r) => r.id).sort()).toEqual([...ids.marcia!].sort());
  });
});

// The NF-e column and filter (issue 34): each order's situation from its sale notes (lib/invoice-list
// INVOICE_FILTERS: in force, else rejected or denied, else cancelled, else none), the notes written
// through invoices.server.ts; the filter counts the tabs, pages and the CSV with the other filters,
// and "rejeitada" is what the dashboard's countRejected counts.
describe.each(engines)('admin order list NF-e column and filter on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  const order: Record<string, string> = {};
  const keyOf = (n: number) => {
    const first = `352611112223330001815500100000${String(n).padStart(4, '0')}1${String(n).padStart(8, '0')}`;
    return `${first}${accessKeyCheckDigit(first)}`;
  };
  const attached = (n: number) => ({
    accessKey: keyOf(n),
    number: n,
    series: 1,
    protocol: `13526000000${n}`,
    totalCents: 1000,
    authorizedAt: new Date('2026-11-10T15:00:00Z'),
    xmlKey: `private/nfe/2026/11/${keyOf(n)}-nfe.xml`,
    danfeKey: null,
  });
  const denied = (ref: string): FocusNfeNote => ({
    ref,
    cnpjEmitente: null,
    status: 'denegado',
    statusSefaz: '302',
    mensagemSefaz: 'Uso denegado',
    chave: null,
    numero: null,
    serie: null,
    protocolo: null,
    xmlPath: null,
    danfePath: null,
    xmlCancelamentoPath: null,
  });

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    const userId = randomUUID();
    await handle.db.insert(t.user).values({ id: userId, name: 'Contadora Notas', email: 'notas@exemplo.test' });
    const names = ['none', 'processing', 'authorized', 'rejected', 'denied', 'cancelled', 'rejectedThenCancelled', 'cancelledThenAuthorized'];
    const rows = names.map((_, i) => ({
      userId,
      totalPrice: '10.00',
      status: 'paid' as const,
      paymentMethod: 'pix' as const,
      idempotencyKey: randomUUID(),
      createdAt: new Date(Date.parse('2026-11-01T12:00:00Z') + i * 60_000),
    }));
    const inserted = await handle.db.insert(t.orders).values(rows).returning({ id: t.orders.id });
    names.forEach((name, i) => (order[name] = inserted[i]!.id));
    const db = handle.db;
    await claimSaleInvoice(db, order.processing!);
    await insertAttachedInvoice(db, order.authorized!, attached(123));
    const rejected = await claimSaleInvoice(db, order.rejected!);
    if (rejected.kind === 'claimed') await rejectUnsent(db, rejected.invoice.id, 'Falta o NCM do produto.');
    const toDeny = await claimSaleInvoice(db, order.denied!);
    if (toDeny.kind === 'claimed') await recordNote(db, toDeny.invoice.ref, denied(toDeny.invoice.ref));
    const cancelled = await insertAttachedInvoice(db, order.cancelled!, attached(124));
    await markCancelled(db, cancelled!.id, null);
    // A rejected attempt, then a note attached elsewhere and cancelled: nothing in force, a rejection to deal with.
    const first = await claimSaleInvoice(db, order.rejectedThenCancelled!);
    if (first.kind === 'claimed') await rejectUnsent(db, first.invoice.id, 'Dados incompletos.');
    const later = await insertAttachedInvoice(db, order.rejectedThenCancelled!, attached(125));
    await markCancelled(db, later!.id, null);
    // A cancelled note and a new one in force: authorised.
    const old = await insertAttachedInvoice(db, order.cancelledThenAuthorized!, attached(126));
    await markCancelled(db, old!.id, null);
    await insertAttachedInvoice(db, order.cancelledThenAuthorized!, attached(127));
  });
  afterAll(async () => {
    await handle?.drop();
  });

  const list = (invoice?: InvoiceFilter) => listAdminOrders(handle.db, { term: 'contadora', invoice });

  it('shows each order’s note: its status, and the number once authorised', async () => {
    const { rows } = await list();
    const cell = Object.fromEntries(rows.map((r) => [r.id, invoiceCellLabel(r.invoiceStatus, r.invoiceNumber)]));
    expect(cell[order.none!]).toBe('Sem nota');
    expect(cell[order.processing!]).toBe('Processando');
    expect(cell[order.authorized!]).toBe('Autorizada · nº 123');
    expect(cell[order.rejected!]).toBe('Rejeitada');
    expect(cell[order.denied!]).toBe('Denegada');
    expect(cell[order.cancelled!]).toBe('Cancelada');
    expect(cell[order.rejectedThenCancelled!]).toBe('Rejeitada');
    expect(cell[order.cancelledThenAuthorized!]).toBe('Autorizada · nº 127');
  });

  it('filters by NF-e situation within the other filters, tabs and total counting the filter', async () => {
    const expected: Record<InvoiceFilter, string[]> = {
      'sem-nota': [order.none!],
      processando: [order.processing!],
      autorizada: [order.authorized!, order.cancelledThenAuthorized!],
      rejeitada: [order.rejected!, order.denied!, order.rejectedThenCancelled!],
      cancelada: [order.cancelled!],
    };
    for (const filter of INVOICE_FILTERS) {
      const page = await list(filter);
      expect(page.rows.map((r) => r.id).sort(), filter).toEqual([...expected[filter]].sort());
      expect(page.total, filter).toBe(expected[filter].length);
      expect(page.counts.all, filter).toBe(expected[filter].length);
      expect(page.counts.paid, filter).toBe(expected[filter].length);
      expect((await listAdminOrders(handle.db, { term: 'contadora', invoice: filter, status: 'pending' })).total).toBe(0);
    }
    // Every order in exactly one situation.
    expect(Object.values(expected).flat().sort()).toEqual(Object.values(order).sort());
    // The dashboard's count is the filter's total (this database has no other notes).
    expect(await countRejected(handle.db)).toBe(expected.rejeitada.length);
  });

  it('reads the filter from the URL, dropping an unknown one, and exports the note in force', async () => {
    expect(filtersFromSearchParams(new URLSearchParams('nfe=rejeitada&status=paid&pagina=2'))).toMatchObject({ invoice: 'rejeitada', status: 'paid', page: 2 });
    expect(filtersFromSearchParams(new URLSearchParams('nfe=talvez')).invoice).toBeUndefined();
    const rows = await exportAdminOrders(handle.db, { term: 'contadora', invoice: 'autorizada' });
    expect(rows.map((r) => [r.invoiceNumber, r.invoiceAccessKey]).sort()).toEqual([
      [123, keyOf(123)],
      [127, keyOf(127)],
    ]);
  });
});
