// The NF-e issued through Focus NFe (issue 34) on every engine: the app's own flow, job and webhook
// route against a local stand-in of their API v2 (tests/support/focusnfe-api.mjs), whose notices
// reach POST /webhooks/focusnfe through a small HTTP server in front of the route. Their contract
// (https://focusnfe.com.br/doc/, source github.com/FocusNFe/api-doc):
//   Envio POST /v2/nfe?ref= (202 processando_autorizacao)  https://focusnfe.com.br/doc/#nfe_envio
//   Referência (reused after erro_autorizacao)             https://focusnfe.com.br/doc/#introducao_referencia
//   Consulta GET /v2/nfe/REF?completa=1                     https://focusnfe.com.br/doc/#nfe_consulta
//   Download caminho_xml_nota_fiscal / caminho_danfe        https://focusnfe.com.br/doc/#nfe_download-do-xml-da-nfe
//   Cancelamento DELETE /v2/nfe/REF (15–255 chars, 24 h)    https://focusnfe.com.br/doc/#nfe_cancelamento
//   Gatilhos POST /v2/hooks, their Authorization header     https://focusnfe.com.br/doc/#gatilhos-webhooks_criacao
// Covered: issued on separation by the job and authorised by webhook (files kept, the customer's
// e-mail once, shipping refused until then); authorised by polling when the webhook is lost;
// rejected, corrected and sent again under the same ref; missing NCM refused before any call; two
// runs at once send once; a send whose answer was lost (and a crash right after the claim) sent
// again under the same ref; denied never resent; cancelled within 24 h (its XML kept), refused
// after; a forged or lying notice changes nothing; the webhook registered once.
import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type * as Clock from '~/lib/clock';
import { isValidAccessKey } from '~/lib/fiscal';
import type * as CheckoutSchemas from '~/lib/schemas/checkout';
import type * as CheckoutFlow from '~/server/flows/checkout.server';
import type * as InvoiceFlow from '~/server/flows/invoice.server';
import type * as Invoices from '~/server/invoices/invoices.server';
import type * as Transitions from '~/server/orders/transitions.server';
import type * as Provider from '~/server/payments/provider.server';
import type * as Storage from '~/server/storage/storage.server';
import type * as WebhookRoute from '~/routes/webhook-focusnfe';
import { accessKeyDigit, startFocusNfeApi } from '../support/focusnfe-api.mjs';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';
import { prepareFreshApp } from '../support/fresh-app';
import { TEST_ADMIN } from '../support/test-admin';

const ORIGIN = 'http://localhost:3000';
const TOKEN = 'focus-token-homologacao-emissao-01';
const SECRET = 'segredo-do-gatilho-focusnfe-emissao';

const savedEnv = { ...process.env };
const cleanups: (() => Promise<void>)[] = [];
let api: Awaited<ReturnType<typeof startFocusNfeApi>>;
let hookServer: Server;
let hookUrl: string;
/** The webhook route of the engine under test (the hook server calls it). */
let webhookRoute: typeof WebhookRoute | null = null;

beforeAll(async () => {
  hookServer = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const request = new Request(`${ORIGIN}${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) });
    try {
      const answer = (await webhookRoute!.action({ request, params: {}, context: {} } as never)) as unknown as { data: unknown; init: ResponseInit | null };
      res.writeHead(answer.init?.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.data));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hookServer.address() as { port: number }).port}/webhooks/focusnfe`;
  api = await startFocusNfeApi({ token: TOKEN });
  process.env.FOCUSNFE_TOKEN = TOKEN;
  process.env.FOCUSNFE_ENV = 'homologacao';
  process.env.FOCUSNFE_API_URL = api.url;
  process.env.FOCUSNFE_WEBHOOK_SECRET = SECRET;
});

/** The app's own clock module (imported afresh with the app for each engine). */
let clock: typeof Clock | null = null;

afterEach(() => clock?.resetClock());

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await api?.close();
  await new Promise((resolve) => hookServer?.close(resolve));
  process.env = savedEnv;
});

describe.each(engines.map((e) => e.name))('NF-e through Focus NFe on %s', (engineName) => {
  let db: Database;
  let s: typeof Schema;
  let flow: typeof InvoiceFlow;
  let invoices: typeof Invoices;
  let storage: Storage.FileStorage;
  let placeOrder: typeof CheckoutFlow.placeOrder;
  let payNowSchema: typeof CheckoutSchemas.payNowSchema;
  let builtInProvider: typeof Provider.builtInProvider;
  let transitions: typeof Transitions;
  let admin: { id: string };
  let variant: { id: string; productId: string; price: string };
  let n = 0;

  const focus = () => flow.focusNfe()!;
  const adminActor = () => ({ kind: 'admin' as const, userId: admin.id });

  /** A paid order (the checkout's own path), by a CPF buyer in São Paulo. */
  async function paidOrder(quantity = 2, company?: { ieIndicator: 1 | 2 | 9; stateRegistration?: string; delivery?: unknown }) {
    n += 1;
    const buyer = { id: `cliente-nfe-${n}-${randomUUID().slice(0, 6)}`, name: `Cliente ${n}`, email: `nfe.${n}.${randomUUID().slice(0, 6)}@exemplo.com.br` };
    await db.insert(s.user).values(buyer);
    const taxId = company ? generateCnpj() : generateCpf();
    const input = payNowSchema.parse({
      intent: 'pay',
      cart: JSON.stringify([{ id: variant.id, product_id: variant.productId, quantity }]),
      idempotencyKey: randomUUID(),
      paymentMethod: 'pix',
      taxId,
      delivery: company?.delivery ?? NEW_ADDRESS_DELIVERY,
      ...(company ? { ieIndicator: String(company.ieIndicator), stateRegistration: company.stateRegistration } : {}),
    });
    const { orderId } = await placeOrder(db, buyer, input, builtInProvider);
    await transitions.applyOrderAction(db, { orderId, action: 'confirm_payment', actor: adminActor() });
    return { orderId, buyer, taxId, ref: invoices.saleRef(orderId, 1) };
  }

  async function preparing(quantity = 2) {
    const order = await paidOrder(quantity);
    await transitions.applyOrderAction(db, { orderId: order.orderId, action: 'start_preparing', actor: adminActor() });
    return order;
  }

  const rows = (orderId: string) => db.select().from(s.invoices).where(eq(s.invoices.orderId, orderId)).orderBy(asc(s.invoices.createdAt));
  const posts = (ref: string, from = 0) => api.requests.slice(from).filter((r: { method: string; path: string; query: string }) => r.method === 'POST' && r.path === '/v2/nfe' && r.query === `?ref=${ref}`);
  const mailsOf = async (invoiceId: string) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(s.emailOutbox).where(eq(s.emailOutbox.dedupeKey, `invoice:${invoiceId}:authorized`)))[0]!.n;
  const ship = (orderId: string) =>
    transitions.applyOrderAction(db, { orderId, action: 'ship', actor: adminActor(), carrier: 'correios', trackingCode: 'RA123456785BR' });
  const fileText = async (key: string) => {
    const file = await storage.open(key);
    if (!file) return null;
    return Buffer.from(await new Response(file.body).arrayBuffer()).toString('utf8');
  };
  /** The job as the minute after: past FOLLOW_AFTER_MS. */
  const laterRun = async () => {
    clock!.advanceClock(flow.FOLLOW_AFTER_MS + 5_000);
    return flow.runInvoices(db, focus());
  };

  it('opens the app database with Focus NFe configured and invoicing on', async () => {
    const { dataDir, dropDatabase } = await prepareFreshApp(engineName, 'clarear-nfe-', 'clarear_nfe');
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    const { settleBackgroundTasks } = await import('~/server/infra/background.server');
    const { reloadEnv } = await import('~/server/infra/env.server');
    reloadEnv();
    s = await import('~/db/schema');
    clock = await import('~/lib/clock');
    flow = await import('~/server/flows/invoice.server');
    invoices = await import('~/server/invoices/invoices.server');
    storage = await (await import('~/server/storage/storage.server')).getStorage();
    webhookRoute = await import('~/routes/webhook-focusnfe');
    ({ placeOrder } = await import('~/server/flows/checkout.server'));
    ({ payNowSchema } = await import('~/lib/schemas/checkout'));
    ({ builtInProvider } = await import('~/server/payments/provider.server'));
    transitions = await import('~/server/orders/transitions.server');
    db = await getDb();
    const handle = await getDatabaseHandle();
    cleanups.push(async () => {
      await settleBackgroundTasks(10_000);
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    });
    expect(focus()).not.toBeNull();
    const [row] = await db
      .select({ id: s.productVariants.id, productId: s.productVariants.productId, price: s.productVariants.price })
      .from(s.productVariants)
      .innerJoin(s.products, eq(s.products.id, s.productVariants.productId))
      .where(and(isNull(s.products.hazardClass), eq(s.products.isKit, false)))
      .orderBy(asc(s.products.name), asc(s.productVariants.size))
      .limit(1);
    variant = row!;
    await db.update(s.productVariants).set({ stock: 10_000 }).where(eq(s.productVariants.id, variant.id));
    const [a] = await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.email, TEST_ADMIN.email));
    admin = a!;
    await db.update(s.fiscalSettings).set({ invoicing: true, issueOn: 'preparing' }).where(eq(s.fiscalSettings.id, 1));
  });

  it('registers the webhook once, at the store URL with the secret as its Authorization', async () => {
    // The stand-in is shared by both engines: the other engine's store registered its own hook.
    api.hooks.length = 0;
    const before = api.hooks.length;
    await flow.runInvoices(db, focus());
    await flow.runInvoices(db, focus());
    const added = api.hooks.slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ url: 'http://localhost:3000/webhooks/focusnfe', authorization: SECRET, event: 'nfe', cnpj: '11222333000181' });
    // The stand-in calls this test's server in front of the route instead.
    added[0]!.url = hookUrl;
  });

  it('issues on separation, authorised by webhook: files kept, the e-mail once, shipping refused until then', async () => {
    const order = await paidOrder();
    // Paid but not separating: not due (issued on "Iniciar separação"); shipping waits for the note.
    expect((await flow.runInvoices(db, focus())).issued).toBe(0);
    await transitions.applyOrderAction(db, { orderId: order.orderId, action: 'start_preparing', actor: adminActor() });
    await expect(ship(order.orderId)).rejects.toMatchObject({ status: 409, message: transitions.ORDER_MESSAGES.invoiceFirst });

    const from = api.requests.length;
    expect((await flow.runInvoices(db, focus())).issued).toBe(1);
    expect(posts(order.ref, from)).toHaveLength(1);
    const sent = posts(order.ref, from)[0]!.body as Record<string, unknown> & { items: Record<string, unknown>[] };
    const [orderRow] = await db.select().from(s.orders).where(eq(s.orders.id, order.orderId));
    expect(sent).toMatchObject({
      cpf_destinatario: order.taxId,
      indicador_inscricao_estadual_destinatario: 9,
      nome_destinatario: 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL',
      cnpj_emitente: '11222333000181',
      uf_destinatario: 'SP',
      municipio_destinatario: 'São Paulo',
      codigo_municipio_destinatario: '3550308',
      codigo_municipio_emitente: '3550308',
      presenca_comprador: 2,
      valor_total: Number(orderRow!.totalPrice),
    });
    expect(sent.items).toHaveLength(1);
    expect(sent.items[0]).toMatchObject({ cfop: '5101', codigo_ncm: expect.stringMatching(/^\d{8}$/), quantidade_comercial: 2, icms_situacao_tributaria: '102' });
    expect((await rows(order.orderId)).map((r) => r.status)).toEqual(['processing']);

    // SEFAZ authorises; their notice comes through the webhook.
    const notified = await api.authorize(order.ref);
    expect(notified).toEqual([{ status: 200, body: JSON.stringify({ received: true }) }]);
    const [invoice] = await rows(order.orderId);
    expect(invoice).toMatchObject({ status: 'authorized', source: 'focusnfe', kind: 'sale', number: expect.any(Number), series: 1, protocol: expect.any(String) });
    expect(isValidAccessKey(invoice!.accessKey!)).toBe(true);
    expect(await fileText(invoice!.xmlKey!)).toContain(`NFe${invoice!.accessKey}`);
    expect((await fileText(invoice!.danfeKey!))?.startsWith('%PDF')).toBe(true);
    expect(invoice!.xmlKey).toMatch(/^private\/nfe\/\d{4}\/\d{2}\/[0-9A-Z]{44}-nfe\.xml$/);
    expect(await mailsOf(invoice!.id)).toBe(1);

    // The same notice again (their retry), and a poll: nothing new, no second e-mail.
    await api.notify(order.ref);
    await laterRun();
    expect(await mailsOf(invoice!.id)).toBe(1);
    expect((await rows(order.orderId))[0]!.version).toBe(invoice!.version);
    await expect(ship(order.orderId)).resolves.toMatchObject({ status: 'shipped' });
  });

  it('sends a company buyer as the checkout took it: CNPJ, IE and indicator, the contributor\'s CFOP, another UF\'s', async () => {
    const rio = { ...NEW_ADDRESS_DELIVERY, newAddress: { zipCode: '22021-001', street: 'Avenida Atlântica', number: '1702', complement: '', neighborhood: 'Copacabana', city: 'Rio de Janeiro', state: 'RJ' } };
    const contributor = await paidOrder(1, { ieIndicator: 1, stateRegistration: '81.234.567', delivery: rio });
    await transitions.applyOrderAction(db, { orderId: contributor.orderId, action: 'start_preparing', actor: adminActor() });
    const exempt = await paidOrder(1, { ieIndicator: 2 });
    await transitions.applyOrderAction(db, { orderId: exempt.orderId, action: 'start_preparing', actor: adminActor() });
    const from = api.requests.length;
    await flow.runInvoices(db, focus());
    const body = (ref: string) => posts(ref, from)[0]!.body as Record<string, unknown> & { items: Record<string, unknown>[] };
    expect(body(contributor.ref)).toMatchObject({ cnpj_destinatario: contributor.taxId, indicador_inscricao_estadual_destinatario: 1, inscricao_estadual_destinatario: '81234567', consumidor_final: 0, local_destino: 2, uf_destinatario: 'RJ', codigo_municipio_destinatario: '3304557' });
    expect(body(contributor.ref).items[0]).toMatchObject({ cfop: '6101' });
    expect(body(exempt.ref)).toMatchObject({ cnpj_destinatario: exempt.taxId, indicador_inscricao_estadual_destinatario: 2, consumidor_final: 1 });
    expect(body(exempt.ref)).not.toHaveProperty('inscricao_estadual_destinatario');
    expect(body(exempt.ref).items[0]).toMatchObject({ cfop: '5101' });
  });

  it('is authorised by polling when the webhook never comes', async () => {
    const order = await preparing();
    await flow.runInvoices(db, focus());
    await api.authorize(order.ref, { notify: false });
    expect((await rows(order.orderId))[0]!.status).toBe('processing');
    expect((await laterRun()).followed).toBeGreaterThanOrEqual(1);
    const [invoice] = await rows(order.orderId);
    expect(invoice).toMatchObject({ status: 'authorized', xmlKey: expect.stringMatching(/-nfe\.xml$/) });
    expect(await mailsOf(invoice!.id)).toBe(1);
  });

  it('is rejected by SEFAZ, corrected and sent again under the same ref', async () => {
    const order = await preparing();
    const from = api.requests.length;
    await flow.runInvoices(db, focus());
    await api.reject(order.ref, 'Rejeição 778: Informado NCM inexistente');
    const [rejected] = await rows(order.orderId);
    expect(rejected).toMatchObject({ status: 'rejected', sefazMessage: 'Rejeição 778: Informado NCM inexistente' });
    // The job never resends a rejected note by itself: the admin does, after fixing the data.
    await laterRun();
    expect(posts(order.ref, from)).toHaveLength(1);
    const again = await flow.issueSaleInvoice(db, order.orderId, focus());
    expect(again.kind).toBe('sent');
    expect(posts(order.ref, from)).toHaveLength(2);
    await api.authorize(order.ref);
    const all = await rows(order.orderId);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ ref: order.ref, status: 'authorized', sefazMessage: 'Autorizado o uso da NF-e' });
  });

  it('refuses before any call when a product has no NCM, in pt-BR, and sends once it has', async () => {
    const order = await preparing();
    const [{ ncm }] = (await db.select({ ncm: s.products.ncm }).from(s.products).where(eq(s.products.id, variant.productId))) as [{ ncm: string }];
    await db.update(s.products).set({ ncm: null, cest: null, fiscalOrigin: null }).where(eq(s.products.id, variant.productId));
    const from = api.requests.length;
    try {
      const outcome = await flow.issueSaleInvoice(db, order.orderId, focus());
      expect(outcome.kind).toBe('rejected');
      expect(posts(order.ref, from)).toHaveLength(0);
      const [row] = await rows(order.orderId);
      expect(row!.status).toBe('rejected');
      expect(row!.sefazMessage).toMatch(/^Informe o NCM e a origem de .+ \(Produtos → Dados fiscais\)\.$/);
    } finally {
      await db.update(s.products).set({ ncm, fiscalOrigin: 0 }).where(eq(s.products.id, variant.productId));
    }
    expect((await flow.issueSaleInvoice(db, order.orderId, focus())).kind).toBe('sent');
    expect(posts(order.ref, from)).toHaveLength(1);
  });

  it('sends once when two runs (or two clicks) go at once', async () => {
    const order = await preparing();
    const from = api.requests.length;
    const outcomes = await Promise.all([
      flow.runInvoices(db, focus()),
      flow.runInvoices(db, focus()),
      flow.issueSaleInvoice(db, order.orderId, focus()),
      flow.issueSaleInvoice(db, order.orderId, focus()),
    ]);
    expect(outcomes).toHaveLength(4);
    expect(posts(order.ref, from)).toHaveLength(1);
    expect(await rows(order.orderId)).toHaveLength(1);
    await api.authorize(order.ref);
    expect((await rows(order.orderId))[0]!.status).toBe('authorized');
  });

  it('sends again under the same ref when the answer was lost, or the store died right after the claim', async () => {
    // Focus NFe down at the send: the note stays processing; a minute later the job asks, they do not know it, it is sent again.
    const down = await preparing();
    const from = api.requests.length;
    api.failNext(503);
    const first = await flow.issueSaleInvoice(db, down.orderId, focus());
    expect(first).toMatchObject({ kind: 'pending', message: 'A Focus NFe está indisponível no momento; tente de novo mais tarde.' });
    expect((await rows(down.orderId))[0]!.status).toBe('processing');
    await laterRun();
    expect(posts(down.ref, from)).toHaveLength(2);
    expect(api.notes.get(down.ref)?.status).toBe('processando_autorizacao');

    // A crash between the committed claim and the call: the follow job sends it, once.
    const crashed = await preparing();
    const claim = await invoices.claimSaleInvoice(db, crashed.orderId);
    expect(claim.kind).toBe('claimed');
    const mark = api.requests.length;
    await laterRun();
    expect(posts(crashed.ref, mark)).toHaveLength(1);
    await laterRun();
    expect(posts(crashed.ref, mark)).toHaveLength(1);
    await api.authorize(crashed.ref);
    expect((await rows(crashed.orderId)).map((r) => r.status)).toEqual(['authorized']);
  });

  it('never sends a denied note again, and says why', async () => {
    const order = await preparing();
    await flow.runInvoices(db, focus());
    await api.deny(order.ref);
    expect((await rows(order.orderId))[0]).toMatchObject({ status: 'denied', sefazMessage: 'Uso Denegado: Irregularidade fiscal do destinatario' });
    const from = api.requests.length;
    expect((await flow.issueSaleInvoice(db, order.orderId, focus())).kind).toBe('denied');
    expect(posts(order.ref, from)).toHaveLength(0);
    await expect(ship(order.orderId)).rejects.toMatchObject({ status: 409 });
  });

  it('cancels the note of an order cancelled within 24 hours (its XML kept), and only tells after that', async () => {
    const order = await preparing();
    await flow.runInvoices(db, focus());
    await api.authorize(order.ref);
    await transitions.applyOrderAction(db, { orderId: order.orderId, action: 'cancel', actor: adminActor(), reason: 'Cliente desistiu antes do envio' });
    const outcome = await flow.cancelSaleInvoice(db, order.orderId, 'Cliente desistiu antes do envio');
    expect(outcome.kind).toBe('cancelled');
    const [cancelled] = await rows(order.orderId);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelXmlKey: expect.stringMatching(/-cancelamento\.xml$/) });
    expect(await fileText(cancelled!.cancelXmlKey!)).toContain('<');
    const deletes = api.requests.filter((r: { method: string; path: string }) => r.method === 'DELETE' && r.path === `/v2/nfe/${order.ref}`);
    expect(deletes).toHaveLength(1);
    expect((deletes[0]!.body as { justificativa: string }).justificativa).toBe('Pedido cancelado: Cliente desistiu antes do envio');
    // Again: nothing to cancel, no call.
    expect((await flow.cancelSaleInvoice(db, order.orderId, 'de novo, por engano')).kind).toBe('none');

    const late = await preparing();
    await flow.runInvoices(db, focus());
    await api.authorize(late.ref);
    clock!.advanceClock(flow.CANCEL_WINDOW_MS + 60_000);
    await transitions.applyOrderAction(db, { orderId: late.orderId, action: 'cancel', actor: adminActor(), reason: 'Cliente desistiu depois de 24 horas' });
    const from = api.requests.length;
    expect((await flow.cancelSaleInvoice(db, late.orderId, 'Cliente desistiu depois de 24 horas')).kind).toBe('too-late');
    // The job does not try either.
    expect((await flow.runInvoices(db, focus())).cancelled).toBe(0);
    expect(api.requests.slice(from).filter((r: { method: string }) => r.method === 'DELETE')).toHaveLength(0);
    expect((await rows(late.orderId))[0]!.status).toBe('authorized');
  });

  it('changes nothing on a forged notice or a lying one', async () => {
    const order = await preparing();
    await flow.runInvoices(db, focus());
    const forged = await api.notify(order.ref, { authorization: 'outro-segredo-qualquer-123' });
    expect(forged).toEqual([{ status: 401, body: JSON.stringify({ received: false, error: 'Assinatura inválida.' }) }]);
    // "Authorised" with a key whose check digit is wrong.
    const first43 = `3526111122233300018155001000000999100000001`;
    const wrong = (accessKeyDigit(first43) + 1) % 10;
    const lie = await fetch(hookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: SECRET },
      body: JSON.stringify({ ref: order.ref, cnpj_emitente: '11222333000181', status: 'autorizado', status_sefaz: '100', mensagem_sefaz: 'Autorizado o uso da NF-e', chave_nfe: `NFe${first43}${wrong}`, numero: '999', serie: '1' }),
    });
    expect(lie.status).toBe(400);
    const junk = await fetch(hookUrl, { method: 'POST', headers: { 'content-type': 'application/json', authorization: SECRET }, body: '{"status":' });
    expect(junk.status).toBe(400);
    expect((await rows(order.orderId))[0]).toMatchObject({ status: 'processing', accessKey: null });
    // A notice about a ref the store never sent: acknowledged, nothing written.
    const unknown = await fetch(hookUrl, { method: 'POST', headers: { 'content-type': 'application/json', authorization: SECRET }, body: JSON.stringify({ ref: 'nfe-desconhecida', status: 'erro_autorizacao', mensagem_sefaz: 'x' }) });
    expect(unknown.status).toBe(200);
    await api.authorize(order.ref);
    expect((await rows(order.orderId))[0]!.status).toBe('authorized');
  });

  it('issues the return note of goods that came back: entrada, devolução, the sale key referenced, once', async () => {
    const withdraw = await import('~/server/flows/withdraw.server');
    const order = await preparing(3);
    await flow.runInvoices(db, focus());
    await api.authorize(order.ref);
    const [sale] = await rows(order.orderId);
    await ship(order.orderId);
    await transitions.applyOrderAction(db, { orderId: order.orderId, action: 'deliver', actor: adminActor() });
    const [line] = await db.select({ id: s.orderItems.id }).from(s.orderItems).where(eq(s.orderItems.orderId, order.orderId));
    const opened = await withdraw.withdrawFromOrder(db, { orderId: order.orderId, userId: order.buyer.id, refundPixKey: order.taxId, items: [{ orderItemId: line!.id, quantity: 1 }] });
    expect(opened.kind).toBe('return');
    const returnId = (opened as { returnId: string }).returnId;
    const version = async () => (await db.select({ v: s.returns.version }).from(s.returns).where(eq(s.returns.id, returnId)))[0]!.v;
    // Not received yet: nothing to note.
    const from = api.requests.length;
    expect((await flow.runInvoices(db, focus())).returned).toBe(0);
    await withdraw.approveReturn(db, { returnId, adminId: admin.id, version: await version(), instructions: 'Poste com o código de autorização 123456 em qualquer agência.' });
    await withdraw.receiveReturn(db, { returnId, adminId: admin.id, version: await version(), restock: [{ orderItemId: line!.id, quantity: 1 }] });

    const [first, second] = await Promise.all([flow.runInvoices(db, focus()), flow.runInvoices(db, focus())]);
    expect(first.returned + second.returned).toBeGreaterThanOrEqual(1);
    const ref = invoices.returnRef(returnId, 1);
    expect(posts(ref, from)).toHaveLength(1);
    const sent = posts(ref, from)[0]!.body as Record<string, unknown> & { items: Record<string, unknown>[] };
    const unit = Number(variant.price);
    expect(sent).toMatchObject({ tipo_documento: 0, finalidade_emissao: 4, natureza_operacao: 'Devolução de venda', notas_referenciadas: [{ chave_nfe: sale!.accessKey }], valor_frete: 0, valor_produtos: unit });
    expect(sent.items).toEqual([expect.objectContaining({ cfop: '1201', quantidade_comercial: 1 })]);
    await api.authorize(ref);
    const note = (await rows(order.orderId)).find((r) => r.kind === 'return')!;
    expect(note).toMatchObject({ status: 'authorized', returnId, referencesInvoiceId: sale!.id, xmlKey: expect.stringMatching(/-nfe\.xml$/) });
    // The sale's note stands; no e-mail for the return note (the customer's copy is the sale's).
    expect((await rows(order.orderId)).find((r) => r.kind === 'sale')!.status).toBe('authorized');
    expect(await mailsOf(note.id)).toBe(0);
    await laterRun();
    expect(posts(ref, from)).toHaveLength(1);
  });
});
