// The accountant's and the admin's NF-e views (issue 34) on every engine, through the app itself (its
// database, auth and disk storage): /admin/notas-fiscais lists a São Paulo month's notes (sale and
// return) by authorisation date (creation while not authorised), with counts and the authorised
// totals; /admin/notas-fiscais/2026-11.zip holds every XML of the month (authorised notes, cancelled
// notes and their cancellations) under its own name; a month without XML is a pt-BR 404, a bad month
// 400; a visitor is sent to sign in and a customer refused. The dashboard counts the rejected notes
// and the orders CSV carries the note in force. Notes are written through invoices.server.ts
// (attached, claimed and rejected, cancelled); the return note and a rejected note's creation date
// are set directly (test setup).
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type * as ClockModule from '~/lib/clock';
import { accessKeyCheckDigit, formatAccessKey } from '~/lib/fiscal';
import type * as DashboardRoute from '~/routes/admin/dashboard';
import type * as PageRoute from '~/routes/admin/invoices';
import type * as ZipRoute from '~/routes/admin/invoices-zip';
import type * as ExportRoute from '~/routes/admin/orders-export';
import type * as Invoices from '~/server/invoices/invoices.server';
import type * as StorageModule from '~/server/storage/storage.server';
import { engines } from '../support/engines';
import { prepareFreshApp } from '../support/fresh-app';
import { TEST_ADMIN } from '../support/test-admin';

const ORIGIN = 'http://localhost:3000';

type Answer = { status: number; location: string | null; body: unknown; response: Response | null };

/** A loader's answer as the browser would see it: thrown or returned, Response or data(). */
async function answerOf(run: () => unknown): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get('location'), body: null, response: value };
  const wrapped = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === 'DataWithResponseInit') {
    const headers = new Headers(wrapped.init?.headers);
    return { status: wrapped.init?.status ?? 200, location: headers.get('location'), body: wrapped.data, response: null };
  }
  if (value instanceof Error) throw value;
  return { status: 200, location: null, body: value, response: null };
}

const savedEnv = { ...process.env };
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  process.env = savedEnv;
});

const keyOf = (n: number) => {
  const first = `352611112223330001815500100000${String(n).padStart(4, '0')}1${String(n).padStart(8, '0')}`;
  return `${first}${accessKeyCheckDigit(first)}`;
};
const xmlOf = (label: string) => new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?><nfeProc versao="4.00"><NFe>${label}</NFe></nfeProc>`);

type PageData = { month: string | null; current: string; error: string | null; rows: { orderId: string; kind: string; status: string; number: number | null; accessKey: string | null; date: string | Date }[]; summary: { counts: Record<string, number>; authorizedSales: { count: number; totalCents: number }; authorizedReturns: { count: number; totalCents: number } } | null; hasXml: boolean };

describe.each(engines.map((e) => e.name))('admin NF-e views on %s', (engineName) => {
  let db: Database;
  let s: typeof Schema;
  let clock: typeof ClockModule;
  let inv: typeof Invoices;
  let storage: Awaited<ReturnType<typeof StorageModule.getStorage>>;
  let routes: { page: typeof PageRoute; zip: typeof ZipRoute; dashboard: typeof DashboardRoute; csv: typeof ExportRoute };
  let cookies: { admin: string; customer: string };
  const order: Record<string, string> = {};

  const request = (path: string, cookie: string | null) => new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
  const page = (query: string, cookie: string | null = cookies.admin) =>
    answerOf(() => routes.page.loader({ request: request(`/admin/notas-fiscais${query}`, cookie), params: {}, context: {} } as never));
  const zip = (file: string, cookie: string | null = cookies.admin) =>
    answerOf(() => routes.zip.loader({ request: request(`/admin/notas-fiscais/${file}`, cookie), params: { file }, context: {} } as never));

  it('opens the app, signs in the admin and a customer, and keeps notes of three months', async () => {
    const { dataDir, dropDatabase } = await prepareFreshApp(engineName, 'clarear-nfe-month-', 'clarear_nfe_month');
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    const { callAuth } = await import('~/server/auth/auth.server');
    const { settleBackgroundTasks } = await import('~/server/infra/background.server');
    s = await import('~/db/schema');
    clock = await import('~/lib/clock');
    inv = await import('~/server/invoices/invoices.server');
    storage = await (await import('~/server/storage/storage.server')).getStorage();
    routes = {
      page: await import('~/routes/admin/invoices'),
      zip: await import('~/routes/admin/invoices-zip'),
      dashboard: await import('~/routes/admin/dashboard'),
      csv: await import('~/routes/admin/orders-export'),
    };
    db = await getDb();
    const handle = await getDatabaseHandle();
    cleanups.push(async () => {
      clock.resetClock();
      await settleBackgroundTasks(10_000);
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    });

    let address = 0;
    const authRequest = () => new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': `10.92.0.${++address}` } });
    const signIn = async (email: string, password: string) => {
      const result = await callAuth(authRequest(), '/sign-in/email', { email, password });
      if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.status} ${result.code}`);
      return result.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    };
    const email = `nara.${randomUUID().slice(0, 6)}@exemplo.com.br`;
    const password = `senha-${randomUUID().slice(0, 8)}`;
    expect((await callAuth(authRequest(), '/sign-up/email', { name: 'Nara Cliente', email, password })).ok).toBe(true);
    await db.update(s.user).set({ emailVerified: true }).where(eq(s.user.email, email));
    cookies = { admin: await signIn(TEST_ADMIN.email, TEST_ADMIN.password), customer: await signIn(email, password) };
    const [customer] = await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.email, email));

    const names = ['authorized', 'cancelled', 'rejected', 'october', 'december'];
    const inserted = await db
      .insert(s.orders)
      .values(names.map(() => ({ userId: customer!.id, totalPrice: '123.45', status: 'paid' as const, paymentMethod: 'pix' as const, idempotencyKey: randomUUID() })))
      .returning({ id: s.orders.id });
    names.forEach((name, i) => (order[name] = inserted[i]!.id));

    const attach = async (name: string, n: number, authorizedAt: Date, cents: number, stored = true) => {
      const xmlKey = `private/nfe/2026/11/${keyOf(n)}-nfe.xml`;
      if (stored) await storage.put(xmlKey, xmlOf(`nota ${n}`));
      const row = await inv.insertAttachedInvoice(db, order[name]!, { accessKey: keyOf(n), number: n, series: 1, protocol: `1352600000${n}`, totalCents: cents, authorizedAt, xmlKey, danfeKey: null });
      expect(row).not.toBeNull();
      return row!;
    };
    // November in São Paulo: the 10th, and 23:30 on the 30th (02:30 UTC on 1 December).
    const sale = await attach('authorized', 101, new Date('2026-11-10T15:00:00Z'), 123_456);
    const cancelled = await attach('cancelled', 102, new Date('2026-12-01T02:30:00Z'), 5_000);
    const cancelKey = `private/nfe/2026/11/${keyOf(102)}-cancelamento.xml`;
    await storage.put(cancelKey, xmlOf('cancelamento 102'));
    expect(await inv.markCancelled(db, cancelled.id, cancelKey)).toBe(true);
    // Rejected before sending, created on 15 November (set directly: created_at is the database's time).
    const claim = await inv.claimSaleInvoice(db, order.rejected!);
    expect(claim.kind).toBe('claimed');
    await inv.rejectUnsent(db, claim.invoice.id, 'Falta o NCM do produto.');
    await db.update(s.invoices).set({ createdAt: new Date('2026-11-15T12:00:00Z') }).where(eq(s.invoices.id, claim.invoice.id));
    // A return note of the November sale, authorised on the 20th (test setup: the returns flow is elsewhere).
    const returnKey = `private/nfe/2026/11/${keyOf(103)}-nfe.xml`;
    await storage.put(returnKey, xmlOf('devolução 103'));
    await db.insert(s.invoices).values({
      orderId: order.authorized!,
      ref: `dev-teste-${randomUUID()}`,
      kind: 'return',
      referencesInvoiceId: sale.id,
      source: 'focusnfe',
      status: 'authorized',
      accessKey: keyOf(103),
      number: 103,
      series: 1,
      totalPrice: '100.00',
      authorizedAt: new Date('2026-11-20T13:00:00Z'),
      xmlKey: returnKey,
    });
    // October (23:00 on the 31st in São Paulo is 02:00 UTC on 1 November) and December, whose XML is missing from storage.
    await attach('october', 104, new Date('2026-11-01T02:00:00Z'), 1_000);
    await attach('december', 105, new Date('2026-12-01T03:00:00Z'), 2_000, false);
  });

  it('a visitor is sent to sign in; a customer is sent home from the page and refused the ZIP (403)', async () => {
    expect(await page('?mes=2026-11', null)).toMatchObject({ status: 302, location: `/login?redirectTo=${encodeURIComponent('/admin/notas-fiscais?mes=2026-11')}` });
    expect(await page('?mes=2026-11', cookies.customer)).toMatchObject({ status: 302, location: '/' });
    expect((await zip('2026-11.zip', null)).status).toBe(302);
    expect((await zip('2026-11.zip', null)).location).toMatch(/^\/login\?redirectTo=/);
    expect((await zip('2026-11.zip', cookies.customer)).status).toBe(403);
  });

  it('lists the month’s sale and return notes by São Paulo date, with counts and authorised totals', async () => {
    const answer = await page('?mes=2026-11');
    expect(answer.status).toBe(200);
    const data = answer.body as PageData;
    expect(data.month).toBe('2026-11');
    expect(data.rows.map((r) => [r.orderId, r.kind, r.status, r.number])).toEqual([
      [order.authorized, 'sale', 'authorized', 101],
      [order.rejected, 'sale', 'rejected', null],
      [order.authorized, 'return', 'authorized', 103],
      [order.cancelled, 'sale', 'cancelled', 102],
    ]);
    expect(new Date(data.rows[0]!.date).toISOString()).toBe('2026-11-10T15:00:00.000Z');
    expect(new Date(data.rows[1]!.date).toISOString()).toBe('2026-11-15T12:00:00.000Z');
    expect(data.summary).toMatchObject({
      counts: { all: 4, authorized: 2, cancelled: 1, rejected: 1, denied: 0, processing: 0 },
      authorizedSales: { count: 1, totalCents: 123_456 },
      authorizedReturns: { count: 1, totalCents: 10_000 },
    });
    expect(data.hasXml).toBe(true);
    // The storage keys stay on the server.
    expect(JSON.stringify(data)).not.toContain('private/nfe');
    // October and December each hold their own note.
    expect(((await page('?mes=2026-10')).body as PageData).rows.map((r) => r.number)).toEqual([104]);
    expect(((await page('?mes=2026-12')).body as PageData).rows.map((r) => r.number)).toEqual([105]);
  });

  it('opens on the current São Paulo month by the clock, and refuses a malformed month (400)', async () => {
    clock.setClock('2026-12-01T02:00:00Z');
    try {
      const data = (await page('')).body as PageData;
      expect(data.month).toBe('2026-11');
      expect(data.rows).toHaveLength(4);
    } finally {
      clock.resetClock();
    }
    for (const bad of ['2026-13', '11-2026', 'novembro']) {
      const answer = await page(`?mes=${bad}`);
      expect(answer.status, bad).toBe(400);
      expect((answer.body as PageData).error).toMatch(/Mês inválido/);
      expect((answer.body as PageData).rows).toEqual([]);
    }
  });

  it('zips every XML of the month: authorised notes, the cancelled note and its cancellation', async () => {
    const answer = await zip('2026-11.zip');
    expect(answer.status).toBe(200);
    const response = answer.response!;
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="notas-fiscais-2026-11.zip"');
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([`${keyOf(101)}-nfe.xml`, `${keyOf(102)}-cancelamento.xml`, `${keyOf(102)}-nfe.xml`, `${keyOf(103)}-nfe.xml`].sort());
    const text = (name: string) => new TextDecoder().decode(files[name]);
    expect(text(`${keyOf(101)}-nfe.xml`)).toContain('<NFe>nota 101</NFe>');
    expect(text(`${keyOf(102)}-nfe.xml`)).toContain('<NFe>nota 102</NFe>');
    expect(text(`${keyOf(102)}-cancelamento.xml`)).toContain('cancelamento 102');
    expect(text(`${keyOf(103)}-nfe.xml`)).toContain('devolução 103');
  });

  it('a month with no XML is a pt-BR 404 (nothing at all, or files the storage lacks); a bad month 400', async () => {
    for (const file of ['2025-01.zip', '2026-12.zip']) {
      const answer = await zip(file);
      expect(answer.status, file).toBe(404);
      expect(await answer.response!.text()).toMatch(/^Nenhum XML de NF-e em (janeiro de 2025|dezembro de 2026)/);
    }
    for (const file of ['2026-13.zip', '2026-11.tar', 'notas.zip']) {
      const answer = await zip(file);
      expect(answer.status, file).toBe(400);
      expect(await answer.response!.text()).toMatch(/Mês inválido/);
    }
  });

  it('the dashboard counts the rejected note, and the CSV carries the note in force', async () => {
    const dash = await answerOf(() => routes.dashboard.loader({ request: request('/admin', cookies.admin), params: {}, context: {} } as never));
    expect((dash.body as { work: { rejectedInvoices: number } }).work.rejectedInvoices).toBe(1);

    const csv = await answerOf(() => routes.csv.loader({ request: request('/admin/orders/export.csv?nfe=autorizada', cookies.admin), params: {}, context: {} } as never));
    const lines = (await csv.response!.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    const header = lines[0]!.split(';');
    const numberAt = header.indexOf('NF-e');
    const keyAt = header.indexOf('Chave de acesso');
    expect(numberAt).toBeGreaterThan(0);
    expect(keyAt).toBe(numberAt + 1);
    // ?nfe=autorizada: the orders whose note in force is authorised (November's, October's, December's).
    const cells = lines.slice(1).map((l) => l.split(';'));
    const byNumber = Object.fromEntries(cells.map((c) => [c[numberAt], c[keyAt]]));
    expect(byNumber['101']).toBe(formatAccessKey(keyOf(101)));
    expect(Object.keys(byNumber).sort()).toEqual(['101', '104', '105']);
    // The cancelled note's order exports no number.
    const all = await answerOf(() => routes.csv.loader({ request: request('/admin/orders/export.csv', cookies.admin), params: {}, context: {} } as never));
    const allCells = (await all.response!.text()).trim().split('\r\n').slice(1).map((l) => l.split(';'));
    const cancelledRow = allCells.find((c) => c.at(-1) === order.cancelled);
    expect(cancelledRow?.[numberAt]).toBe('');
    expect(cancelledRow?.[keyAt]).toBe('');
  });
});
