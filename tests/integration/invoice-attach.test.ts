// Attaching an NF-e issued in another system (issue 34, the embedded default) through the app itself
// (its database, seed, auth and file storage) on every engine: an XML that is not the order's note
// (wrong total, another issuer, the other SEFAZ environment) is refused with every problem in pt-BR
// and nothing is stored; the order's own note is kept as its authorised sale note with its files and
// one e-mail to the customer; the customer's pages show its number; the files go to the owner and the
// admin only; a second attach is refused; with invoicing on, shipping waits for the attach; and the
// admin's cancel of an order with an attached note says to cancel it where it was issued.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { and, eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type * as AdminOrderRoute from '~/routes/admin/order';
import type * as AttachRoute from '~/routes/admin/order-invoice';
import type * as FileRoute from '~/routes/order-invoice-file';
import type * as OrderRoute from '~/routes/order';
import type * as MyOrdersRoute from '~/routes/customer/orders';
import type { FileStorage } from '~/server/storage/file-storage.server';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';
import { prepareFreshApp } from '../support/fresh-app';
import { SAMPLE_DANFE, sampleCancellationXml, sampleNfeXml, type NfeSample } from '../support/nfe-xml';
import { TEST_ADMIN } from '../support/test-admin';

const ORIGIN = 'http://localhost:3000';
const OTHER_CNPJ = '11444777000161';

type Answer = { status: number; location: string | null; body: unknown; headers: Headers | null; bytes: Uint8Array | null };

/** A loader's or action's answer as the browser would see it: thrown or returned, Response or data(). */
async function answerOf(run: () => unknown): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const bytes = new Uint8Array(await value.arrayBuffer());
    return { status: value.status, location: value.headers.get('location'), body: new TextDecoder().decode(bytes), headers: value.headers, bytes };
  }
  const wrapped = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === 'DataWithResponseInit') return { status: wrapped.init?.status ?? 200, location: new Headers(wrapped.init?.headers).get('location'), body: wrapped.data, headers: null, bytes: null };
  if (value instanceof Error) throw value;
  return { status: 200, location: null, body: value, headers: null, bytes: null };
}

type Toast = { title: string; description?: string };

const savedEnv = { ...process.env };
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  process.env = savedEnv;
});

describe.each(engines.map((e) => e.name))('attaching an NF-e on %s', (engineName) => {
  let db: Database;
  let s: typeof Schema;
  let storage: FileStorage;
  let routes: { adminOrder: typeof AdminOrderRoute; attach: typeof AttachRoute; file: typeof FileRoute; order: typeof OrderRoute; myOrders: typeof MyOrdersRoute };
  let cookies: { ana: string; bia: string; admin: string };
  let storeCnpj: string;
  let buy: () => Promise<{ id: string; taxId: string; totalCents: number }>;
  let nextNumber = 1000;

  const post = (action: (args: never) => unknown, url: string, params: Record<string, string>, body: FormData, cookie: string) => {
    const request = new Request(`${ORIGIN}${url}`, { method: 'POST', headers: { origin: ORIGIN, cookie }, body });
    return answerOf(() => action({ request, params, context: {} } as never));
  };
  const get = (loader: (args: never) => unknown, url: string, params: Record<string, string>, cookie: string) =>
    answerOf(() => loader({ request: new Request(`${ORIGIN}${url}`, { headers: cookie ? { cookie } : {} }), params, context: {} } as never));
  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    return body;
  };
  const attach = (orderId: string, xml: string, danfe: string | null = SAMPLE_DANFE, cookie = cookies.admin) => {
    const body = new FormData();
    body.append('xml', new Blob([xml], { type: 'text/xml' }), 'nota.xml');
    if (danfe !== null) body.append('danfe', new Blob([danfe], { type: 'application/pdf' }), 'danfe.pdf');
    return post(routes.attach.action as never, `/admin/orders/${orderId}/nfe`, { id: orderId }, body, cookie);
  };
  const adminAct = async (orderId: string, fields: Record<string, string>) => {
    const [row] = await db.select({ version: s.orders.version }).from(s.orders).where(eq(s.orders.id, orderId));
    return post(routes.adminOrder.action as never, `/admin/orders/${orderId}`, { id: orderId }, form({ version: String(row!.version), ...fields }), cookies.admin);
  };
  /** The order's own note, with `change` applied. */
  const noteFor = (order: { taxId: string; totalCents: number }, change: Partial<NfeSample> = {}) =>
    sampleNfeXml({ cnpj: storeCnpj, buyer: order.taxId, totalCents: order.totalCents, environment: 'homologacao', number: ++nextNumber, ...change });
  const invoicesOf = (orderId: string) => db.select().from(s.invoices).where(eq(s.invoices.orderId, orderId));

  it('opens the app database, signs in two customers and the admin, and buys', async () => {
    const { dataDir, dropDatabase } = await prepareFreshApp(engineName, 'clarear-invoice-attach-', 'clarear_invoice_attach');
    delete process.env.FOCUSNFE_TOKEN;
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    const { callAuth } = await import('~/server/auth/auth.server');
    const { settleBackgroundTasks } = await import('~/server/infra/background.server');
    const { getStorage } = await import('~/server/storage/storage.server');
    const { getEditableSettings } = await import('~/server/settings/settings.server');
    s = await import('~/db/schema');
    routes = {
      adminOrder: await import('~/routes/admin/order'),
      attach: await import('~/routes/admin/order-invoice'),
      file: await import('~/routes/order-invoice-file'),
      order: await import('~/routes/order'),
      myOrders: await import('~/routes/customer/orders'),
    };
    db = await getDb();
    storage = await getStorage();
    const handle = await getDatabaseHandle();
    cleanups.push(async () => {
      await settleBackgroundTasks(10_000);
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    });
    storeCnpj = (await getEditableSettings(db)).seller.cnpj.replace(/\D/g, '');
    expect(storeCnpj).toHaveLength(14);

    let address = 0;
    const authRequest = () => new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': `10.91.0.${++address}` } });
    const signIn = async (email: string, password: string) => {
      const result = await callAuth(authRequest(), '/sign-in/email', { email, password });
      if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.status} ${result.code}`);
      return result.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    };
    const signUp = async (name: string) => {
      const email = `${name.toLowerCase()}.${randomUUID().slice(0, 6)}@exemplo.com.br`;
      const password = `senha-${randomUUID().slice(0, 8)}`;
      expect((await callAuth(authRequest(), '/sign-up/email', { name, email, password })).ok).toBe(true);
      const [row] = await db.update(s.user).set({ emailVerified: true }).where(eq(s.user.email, email)).returning();
      return { id: row!.id, name, email, cookie: await signIn(email, password) };
    };
    const a = await signUp('Ana');
    const b = await signUp('Bia');
    cookies = { ana: a.cookie, bia: b.cookie, admin: await signIn(TEST_ADMIN.email, TEST_ADMIN.password) };

    const { placeOrder } = await import('~/server/flows/checkout.server');
    const { payNowSchema } = await import('~/lib/schemas/checkout');
    const { builtInProvider } = await import('~/server/payments/provider.server');
    const { toCents } = await import('~/lib/money');
    const [product] = await db
      .select({ id: s.products.id, variantId: s.productVariants.id })
      .from(s.products)
      .innerJoin(s.productVariants, eq(s.productVariants.productId, s.products.id))
      .where(eq(s.products.isKit, false))
      .limit(1);
    // Paid at once (the built-in provider's test-mode card).
    buy = async () => {
      const { orderId } = await placeOrder(
        db,
        { id: a.id, name: a.name, email: a.email },
        payNowSchema.parse({
          intent: 'pay',
          cart: JSON.stringify([{ id: product!.variantId, product_id: product!.id, quantity: 2 }]),
          idempotencyKey: randomUUID(),
          paymentMethod: 'credit_card',
          delivery: NEW_ADDRESS_DELIVERY,
          taxId: generateCpf(),
        }),
        builtInProvider,
      );
      const [order] = await db.select().from(s.orders).where(eq(s.orders.id, orderId));
      expect(order!.status).toBe('paid');
      return { id: orderId, taxId: order!.taxId!, totalCents: toCents(order!.totalPrice) };
    };
  });

  it('refuses a note that is not the order’s, every problem listed, and stores nothing', async () => {
    const order = await buy();
    const cases: [Partial<NfeSample>, RegExp][] = [
      [{ totalCents: order.totalCents + 100 }, /O total da nota \(R\$\s?[\d.,]+\) não confere com o do pedido/],
      [{ cnpj: OTHER_CNPJ }, /O emitente da nota \(CNPJ 11\.444\.777\/0001-61\) não é a loja/],
      [{ environment: 'producao' }, /emitida em produção, mas a loja está em homologação/],
      [{ buyer: generateCpf() }, /O destinatário da nota .* não é o comprador do pedido/],
    ];
    for (const [change, message] of cases) {
      const answer = await attach(order.id, noteFor(order, change).xml);
      expect(answer.status, JSON.stringify(change)).toBe(422);
      const body = answer.body as { ok: boolean; problems: string[] };
      expect(body.ok).toBe(false);
      expect(body.problems.some((p) => message.test(p)), body.problems.join(' | ')).toBe(true);
    }
    // Not an NF-e at all: its own refusal.
    const junk = await attach(order.id, '<html><body>nota</body></html>');
    expect(junk.status).toBe(422);
    // A DANFE that is not a PDF, and no XML.
    expect((await attach(order.id, noteFor(order).xml, 'não é um PDF')).status).toBe(415);
    expect((await post(routes.attach.action as never, `/admin/orders/${order.id}/nfe`, { id: order.id }, form({}), cookies.admin)).status).toBe(400);
    // A customer may not attach anything, even to their own order.
    expect((await attach(order.id, noteFor(order).xml, SAMPLE_DANFE, cookies.ana)).status).toBe(403);

    expect(await invoicesOf(order.id)).toEqual([]);
    expect(await storage.list('private/nfe/')).toEqual([]);
    expect(await db.select().from(s.emailOutbox).where(eq(s.emailOutbox.kind, 'invoice-authorized'))).toEqual([]);
  });

  let attached: { orderId: string; xml: string; number: number; key: string };

  it('keeps the order’s own note with its files, e-mails the customer once, and refuses a second', async () => {
    const order = await buy();
    const note = noteFor(order);
    const answer = await attach(order.id, note.xml);
    expect(answer.status).toBe(200);
    expect((answer.body as { ok: boolean; toast: Toast }).toast.title).toBe(`NF-e nº ${nextNumber} anexada`);
    const [invoice, ...more] = await invoicesOf(order.id);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ kind: 'sale', source: 'attached', status: 'authorized', accessKey: note.key, number: nextNumber, series: 1 });
    expect(invoice!.authorizedAt!.toISOString()).toBe('2026-11-20T13:16:02.000Z');
    expect(invoice!.xmlKey).toBe(`private/nfe/2026/11/${note.key}-nfe.xml`);
    expect(invoice!.danfeKey).toBe(`private/nfe/2026/11/${note.key}-danfe.pdf`);
    expect((await storage.list('private/nfe/')).sort()).toEqual([invoice!.danfeKey, invoice!.xmlKey].sort());
    const mails = await db.select().from(s.emailOutbox).where(eq(s.emailOutbox.kind, 'invoice-authorized'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(`/pedido/${order.id}`);
    attached = { orderId: order.id, xml: note.xml, number: nextNumber, key: note.key };

    // Twice: the same note again, or another one, is refused; nothing more is written.
    const again = await attach(order.id, note.xml);
    expect(again.status).toBe(409);
    expect((again.body as { problems: string[] }).problems[0]).toMatch(/já tem uma NF-e/);
    // The same key on another order is another order's note.
    const other = await buy();
    const stolen = await attach(other.id, sampleNfeXml({ cnpj: storeCnpj, buyer: other.taxId, totalCents: other.totalCents, environment: 'homologacao', number: attached.number }).xml);
    expect(stolen.status).toBe(409);
    expect((stolen.body as { problems: string[] }).problems[0]).toMatch(/já está anexada ao pedido/);
    expect(await invoicesOf(other.id)).toEqual([]);
    expect(await db.select().from(s.emailOutbox).where(eq(s.emailOutbox.kind, 'invoice-authorized'))).toHaveLength(1);
  });

  it('shows the number on the customer’s pages and the section on the admin’s', async () => {
    const page = await get(routes.order.loader as never, `/pedido/${attached.orderId}`, { id: attached.orderId }, cookies.ana);
    expect(page.status).toBe(200);
    const loaderData = page.body as Awaited<ReturnType<typeof routes.order.loader>>;
    expect(loaderData).toMatchObject({ invoice: { number: attached.number, hasDanfe: true, hasXml: true } });
    const list = await get(routes.myOrders.loader as never, '/area-cliente/meus-pedidos', {}, cookies.ana);
    const listData = list.body as Awaited<ReturnType<typeof routes.myOrders.loader>>;
    expect(listData.orders.find((o) => o.id === attached.orderId)?.invoice?.number).toBe(attached.number);
    // Meus Pedidos as rendered (the order page shows the same component, components/order/invoice-links).
    const router = createMemoryRouter([{ path: '/area-cliente/meus-pedidos', Component: () => createElement(routes.myOrders.default as never, { loaderData: listData } as never) }], {
      initialEntries: ['/area-cliente/meus-pedidos'],
    });
    const html = renderToStaticMarkup(createElement(RouterProvider, { router }));
    expect(html).toContain(`Nota fiscal nº ${attached.number}`);
    expect(html).toContain(`href="/pedido/${attached.orderId}/nfe/danfe.pdf"`);
    expect(html).toContain(`href="/pedido/${attached.orderId}/nfe/nfe.xml"`);

    const admin = await get(routes.adminOrder.loader as never, `/admin/orders/${attached.orderId}`, { id: attached.orderId }, cookies.admin);
    expect(admin.body).toMatchObject({ invoice: { status: 'authorized', source: 'attached', number: attached.number, accessKey: attached.key, hasDanfe: true, hasXml: true }, focusConfigured: false });
  });

  it('hands the files to the owner and the admin only', async () => {
    const url = (file: string) => `/pedido/${attached.orderId}/nfe/${file}`;
    const params = (file: string) => ({ id: attached.orderId, file });
    const owner = await get(routes.file.loader as never, url('nfe.xml'), params('nfe.xml'), cookies.ana);
    expect(owner.status).toBe(200);
    expect(new TextDecoder().decode(owner.bytes!)).toBe(attached.xml);
    expect(owner.headers!.get('content-disposition')).toContain(`NF-e-00${attached.number}-serie-1.xml`);
    expect(owner.headers!.get('cache-control')).toBe('private, no-store');
    const pdf = await get(routes.file.loader as never, url('danfe.pdf'), params('danfe.pdf'), cookies.ana);
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode(pdf.bytes!)).toBe(SAMPLE_DANFE);
    expect(pdf.headers!.get('content-disposition')).toContain(`NF-e-00${attached.number}-serie-1.pdf`);
    expect((await get(routes.file.loader as never, url('nfe.xml'), params('nfe.xml'), cookies.admin)).status).toBe(200);

    const stranger = await get(routes.file.loader as never, url('nfe.xml'), params('nfe.xml'), cookies.bia);
    expect(stranger.status).toBe(404);
    expect(String(stranger.body)).not.toContain('NFe');
    const anonymous = await get(routes.file.loader as never, url('nfe.xml'), params('nfe.xml'), '');
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe(`/login?redirectTo=${encodeURIComponent(url('nfe.xml'))}`);
    // No cancellation yet, another file name, another order: all the same 404.
    expect((await get(routes.file.loader as never, url('cancelamento.xml'), params('cancelamento.xml'), cookies.ana)).status).toBe(404);
    expect((await get(routes.file.loader as never, url('chave.txt'), params('chave.txt'), cookies.ana)).status).toBe(404);
    const unknown = randomUUID();
    expect((await get(routes.file.loader as never, `/pedido/${unknown}/nfe/nfe.xml`, { id: unknown, file: 'nfe.xml' }, cookies.admin)).status).toBe(404);
  });

  it('with invoicing on, shipping waits for the note; the attach lets it go', async () => {
    await db.update(s.fiscalSettings).set({ invoicing: true }).where(eq(s.fiscalSettings.id, 1));
    try {
      const order = await buy();
      expect((await adminAct(order.id, { intent: 'start_preparing' })).status).toBe(200);
      const page = await get(routes.adminOrder.loader as never, `/admin/orders/${order.id}`, { id: order.id }, cookies.admin);
      expect(page.body).toMatchObject({ awaitsInvoice: true, invoice: null });
      const ship = { intent: 'ship', carrier: 'correios', trackingCode: 'RA123456785BR' };
      const refused = await adminAct(order.id, ship);
      expect(refused.status).toBe(409);
      expect((refused.body as { toast: Toast }).toast.description).toMatch(/ainda não foi autorizada/);
      expect((await db.select().from(s.orders).where(eq(s.orders.id, order.id)))[0]!.status).toBe('preparing');

      expect((await attach(order.id, noteFor(order).xml, null)).status).toBe(200);
      const shipped = await adminAct(order.id, ship);
      expect(shipped.status).toBe(200);
      expect((await db.select().from(s.orders).where(eq(s.orders.id, order.id)))[0]!.status).toBe('shipped');
      // The shipping e-mail points to the note's files.
      const [mail] = await db.select().from(s.emailOutbox).where(and(eq(s.emailOutbox.kind, 'order-shipped'), eq(s.emailOutbox.dedupeKey, `order:${order.id}:shipped`)));
      expect(mail!.textBody).toContain('Nota fiscal: baixe o DANFE (PDF) e o XML na página do pedido.');
    } finally {
      await db.update(s.fiscalSettings).set({ invoicing: false }).where(eq(s.fiscalSettings.id, 1));
    }
  });

  it('the admin’s cancel of an order with an attached note says to cancel it where it was issued', async () => {
    const order = await buy();
    const note = noteFor(order);
    expect((await attach(order.id, note.xml)).status).toBe(200);
    const answer = await adminAct(order.id, { intent: 'cancel', reason: 'Cliente desistiu por telefone' });
    expect(answer.status).toBe(200);
    expect((answer.body as { toast: Toast }).toast.description).toContain('Cancele a nota no sistema em que ela foi emitida e anexe o XML do cancelamento');
    // The note stays authorised (only its issuer can cancel it), and the page says what to do.
    expect((await invoicesOf(order.id))[0]!.status).toBe('authorized');
    const page = await get(routes.adminOrder.loader as never, `/admin/orders/${order.id}`, { id: order.id }, cookies.admin);
    expect(page.body).toMatchObject({ invoice: { status: 'authorized', cancelWindowOpen: false } });

    // Cancelled where it was issued: its event XML is kept and the note recorded as cancelled.
    const cancel = (xml: string) => {
      const body = new FormData();
      body.append('intent', 'cancel');
      body.append('xml', new Blob([xml], { type: 'text/xml' }), 'cancelamento.xml');
      return post(routes.attach.action as never, `/admin/orders/${order.id}/nfe`, { id: order.id }, body, cookies.admin);
    };
    const notRegistered = await cancel(sampleCancellationXml(note.key, { cStat: 573 }));
    expect(notRegistered.status).toBe(422);
    expect((notRegistered.body as { problems: string[] }).problems[0]).toMatch(/A SEFAZ não registrou o cancelamento \(situação 573/);
    const otherNote = await cancel(sampleCancellationXml(attached.key));
    expect(otherNote.status).toBe(422);
    expect((otherNote.body as { problems: string[] }).problems[0]).toMatch(/O cancelamento é de outra NF-e/);
    expect((await cancel(note.xml)).status).toBe(422);
    expect((await invoicesOf(order.id))[0]!.status).toBe('authorized');
    const event = sampleCancellationXml(note.key);
    const done = await cancel(event);
    expect(done.status).toBe(200);
    const [cancelled] = await invoicesOf(order.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelXmlKey: `private/nfe/2026/11/${note.key}-cancelamento.xml` });
    const file = await get(routes.file.loader as never, `/pedido/${order.id}/nfe/cancelamento.xml`, { id: order.id, file: 'cancelamento.xml' }, cookies.ana);
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode(file.bytes!)).toBe(event);
    expect((await cancel(event)).status).toBe(409);
  });
});
