// Melhor Envio labels and tracking (issue 33) on every engine, through the app itself (its database,
// auth and routes) against the local stand-in of their API (tests/support/melhorenvio-api.mjs), whose
// signed notices reach POST /webhooks/melhorenvio through a small HTTP server in front of the route.
// A paid order shipped by Correios PAC (mapped to Melhor Envio's service 1): its label is bought once
// however it is clicked (two at once, a crash after the cart, a lost answer after paying), a carrier
// that is down says so in pt-BR and marks nothing; the carrier's posted and delivered notices ship and
// deliver the order once (a forged one changes nothing, a replay sends no second e-mail); the polling
// job does the same for a notice that never came.
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type * as CheckoutSchemas from '~/lib/schemas/checkout';
import type * as CheckoutFlow from '~/server/flows/checkout.server';
import type * as LabelFlow from '~/server/flows/label.server';
import type * as Transitions from '~/server/orders/transitions.server';
import type * as Provider from '~/server/payments/provider.server';
import type * as Parcels from '~/server/shipping/parcels.server';
import type * as Tracking from '~/server/shipping/tracking.server';
import type * as MelhorEnvioModule from '~/server/shipping/melhorenvio.server';
import type * as WebhookRoute from '~/routes/webhook-melhorenvio';
import type * as LabelRoute from '~/routes/admin/order-label';
import type * as OrderRoute from '~/routes/admin/order';
import { signWebhook, startMelhorEnvioApi } from '../support/melhorenvio-api.mjs';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';
import { prepareFreshApp } from '../support/fresh-app';
import { TEST_ADMIN } from '../support/test-admin';

const ORIGIN = 'http://localhost:3000';
const TOKEN = 'me-token-de-teste-labels-0123';
const SECRET = 'segredo-do-aplicativo-labels';
/** Correios PAC as seeded (drizzle/0028_freight.sql): off, Melhor Envio's service 1. */
const PAC = '391fc190-cbda-542f-be71-91bc491731e6';

type Answer = { status: number; location: string | null; body: unknown };

/** A loader's or action's answer as the browser would see it: thrown or returned, Response or data(). */
async function answerOf(run: () => unknown): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get('location'), body: await value.text() };
  const wrapped = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === 'DataWithResponseInit') return { status: wrapped.init?.status ?? 200, location: new Headers(wrapped.init?.headers).get('location'), body: wrapped.data };
  if (value instanceof Error) throw value;
  return { status: 200, location: null, body: value };
}

const savedEnv = { ...process.env };
const cleanups: (() => Promise<void>)[] = [];
let api: Awaited<ReturnType<typeof startMelhorEnvioApi>>;
let hookServer: Server;
/** The webhook route of the engine under test (the hook server calls it). */
let webhookRoute: typeof WebhookRoute | null = null;

beforeAll(async () => {
  hookServer = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const request = new Request(`${ORIGIN}${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) });
    const answer = await answerOf(() => webhookRoute!.action({ request, params: {}, context: {} } as never));
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(hookServer.address() as { port: number }).port}/webhooks/melhorenvio`;
  api = await startMelhorEnvioApi({ token: TOKEN, webhookUrl: hookUrl, webhookSecret: SECRET });
  // Read by the app's env module, imported afresh for each engine below.
  process.env.MELHORENVIO_TOKEN = TOKEN;
  process.env.MELHORENVIO_API_URL = api.url;
  process.env.MELHORENVIO_FROM_CEP = '01310-100';
  process.env.MELHORENVIO_WEBHOOK_SECRET = SECRET;
  process.env.MELHORENVIO_USER_AGENT = 'Clarear (tecnico@clarear.com.br)';
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await api?.close();
  await new Promise((resolve) => hookServer?.close(resolve));
  process.env = savedEnv;
});

describe.each(engines.map((e) => e.name))('Melhor Envio labels on %s', (engineName) => {
  let db: Database;
  let s: typeof Schema;
  let flow: typeof LabelFlow;
  let parcels: typeof Parcels;
  let tracking: typeof Tracking;
  let me: typeof MelhorEnvioModule;
  let routes: { label: typeof LabelRoute; order: typeof OrderRoute };
  let carrier: MelhorEnvioModule.MelhorEnvio;
  let admin: { id: string };
  let cookies: { admin: string; customer: string };
  let placeOrder: typeof CheckoutFlow.placeOrder;
  let payNowSchema: typeof CheckoutSchemas.payNowSchema;
  let builtInProvider: typeof Provider.builtInProvider;
  let applyOrderAction: typeof Transitions.applyOrderAction;
  let variant: { id: string; productId: string };
  let n = 0;

  /** A paid order of one PAC parcel (the checkout's own path, Melhor Envio pricing it), with its parcel. */
  async function paidOrder(quantity = 2) {
    n += 1;
    const buyer = { id: `cliente-etiqueta-${n}-${randomUUID().slice(0, 6)}`, name: `Cliente ${n}`, email: `etiqueta.${n}.${randomUUID().slice(0, 6)}@exemplo.com.br` };
    await db.insert(s.user).values(buyer);
    const taxId = generateCpf();
    const input = payNowSchema.parse({
      intent: 'pay',
      cart: JSON.stringify([{ id: variant.id, product_id: variant.productId, quantity }]),
      idempotencyKey: randomUUID(),
      paymentMethod: 'pix',
      taxId,
      delivery: NEW_ADDRESS_DELIVERY,
      freight: JSON.stringify({ geral: PAC }),
    });
    const { orderId } = await placeOrder(db, buyer, input, builtInProvider);
    await applyOrderAction(db, { orderId, action: 'confirm_payment', actor: { kind: 'admin', userId: admin.id } });
    const [parcel] = await db.select().from(s.orderParcels).where(eq(s.orderParcels.orderId, orderId));
    expect(parcel).toMatchObject({ serviceId: PAC, carrier: 'correios', labelStatus: null });
    return { orderId, parcelId: parcel!.id, buyer, taxId };
  }

  const parcelRow = async (id: string) => (await db.select().from(s.orderParcels).where(eq(s.orderParcels.id, id)))[0]!;
  const orderRow = async (id: string) => (await db.select().from(s.orders).where(eq(s.orders.id, id)))[0]!;
  const events = (orderId: string) =>
    db.select({ from: s.orderEvents.fromStatus, to: s.orderEvents.toStatus, actor: s.orderEvents.actor }).from(s.orderEvents).where(eq(s.orderEvents.orderId, orderId)).orderBy(asc(s.orderEvents.createdAt), asc(s.orderEvents.id));
  const mails = async (orderId: string, kind: string) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(s.emailOutbox).where(and(eq(s.emailOutbox.kind, `order-${kind}`), sql`${s.emailOutbox.dedupeKey} = ${`order:${orderId}:${kind}`}`)))[0]!.n;
  /** The stand-in's requests since `from` to one path (the cart: this order's; the others: this label's). */
  const calls = (from: number, path: string, match: (body: Record<string, unknown>) => boolean) =>
    api.requests.slice(from).filter((r: { path: string; body: unknown }) => r.path === path && match((r.body ?? {}) as Record<string, unknown>)).length;
  const cartCalls = (from: number, orderId: string) => calls(from, '/api/v2/me/cart', (b) => JSON.stringify((b.options as { tags?: unknown })?.tags ?? []).includes(orderId));
  const checkoutCalls = (from: number, meId: string) => calls(from, '/api/v2/me/shipment/checkout', (b) => JSON.stringify(b.orders ?? []).includes(meId));
  const buy = (o: { orderId: string; parcelId: string }, hooks?: LabelFlow.LabelHooks, using = carrier) => flow.buyLabel(db, { ...o, adminId: admin.id }, using, hooks);
  const snapshot = async (orderId: string) =>
    JSON.stringify([await db.select().from(s.orderParcels).where(eq(s.orderParcels.orderId, orderId)), await orderRow(orderId), await events(orderId), await mails(orderId, 'shipped')]);

  it('opens the app database with Melhor Envio configured, PAC switched on and a product with its package', async () => {
    const { dataDir, dropDatabase } = await prepareFreshApp(engineName, 'clarear-etiquetas-', 'clarear_etiquetas');
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    const { callAuth } = await import('~/server/auth/auth.server');
    const { settleBackgroundTasks } = await import('~/server/infra/background.server');
    s = await import('~/db/schema');
    flow = await import('~/server/flows/label.server');
    parcels = await import('~/server/shipping/parcels.server');
    tracking = await import('~/server/shipping/tracking.server');
    me = await import('~/server/shipping/melhorenvio.server');
    webhookRoute = await import('~/routes/webhook-melhorenvio');
    routes = { label: await import('~/routes/admin/order-label'), order: await import('~/routes/admin/order') };
    ({ placeOrder } = await import('~/server/flows/checkout.server'));
    ({ payNowSchema } = await import('~/lib/schemas/checkout'));
    ({ builtInProvider } = await import('~/server/payments/provider.server'));
    ({ applyOrderAction } = await import('~/server/orders/transitions.server'));
    db = await getDb();
    const handle = await getDatabaseHandle();
    cleanups.push(async () => {
      await settleBackgroundTasks(10_000);
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    });
    carrier = me.melhorEnvioFromEnv()!;
    expect(carrier.fromCep).toBe('01310100');

    await db.update(s.shippingServices).set({ active: true }).where(eq(s.shippingServices.id, PAC));
    // An ordinary product (no hazard class: PAC carries it), 600 g in a 20 × 15 × 8 cm box, in stock.
    const [row] = await db
      .select({ id: s.productVariants.id, productId: s.productVariants.productId })
      .from(s.productVariants)
      .innerJoin(s.products, eq(s.products.id, s.productVariants.productId))
      .where(and(isNull(s.products.hazardClass), eq(s.products.isKit, false)))
      .orderBy(asc(s.products.name), asc(s.productVariants.size))
      .limit(1);
    variant = row!;
    await db.update(s.productVariants).set({ stock: 1000, weightGrams: 600, lengthCm: 20, widthCm: 15, heightCm: 8 }).where(eq(s.productVariants.id, variant.id));
    const [a] = await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.email, TEST_ADMIN.email));
    admin = a!;

    let address = 0;
    const authRequest = () => new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': `10.91.0.${++address}` } });
    const signIn = async (email: string, password: string) => {
      const result = await callAuth(authRequest(), '/sign-in/email', { email, password });
      if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.status} ${result.code}`);
      return result.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    };
    const email = `cora.${randomUUID().slice(0, 6)}@exemplo.com.br`;
    const password = `senha-${randomUUID().slice(0, 8)}`;
    expect((await callAuth(authRequest(), '/sign-up/email', { name: 'Cora Cliente', email, password })).ok).toBe(true);
    await db.update(s.user).set({ emailVerified: true }).where(eq(s.user.email, email));
    cookies = { admin: await signIn(TEST_ADMIN.email, TEST_ADMIN.password), customer: await signIn(email, password) };
  });

  it('buys the label once when it is clicked twice at once: one cart item, paid once, generated and printed', async () => {
    const order = await paidOrder();
    const from = api.requests.length;
    const [first, second] = await Promise.allSettled([buy(order), buy(order)]);
    const results = [first, second];
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ name: 'LabelError', status: 409, message: `Não foi possível comprar a etiqueta: ${flow.LABEL_MESSAGES.busy}` });
    }
    const parcel = await parcelRow(order.parcelId);
    expect(parcel).toMatchObject({ labelStatus: 'printed', trackedStatus: null });
    expect(parcel.version % 2).toBe(0);
    expect(parcel.labelUrl!.startsWith(`${api.url}/imprimir/`)).toBe(true);
    expect(parcel.trackingCode).toMatch(/^PX\d{9}BR$/);
    const meId = parcel.melhorEnvioOrderId!;
    expect(cartCalls(from, order.orderId)).toBe(1);
    expect(checkoutCalls(from, meId)).toBe(1);
    expect(api.orders.get(meId)).toMatchObject({ status: 'released', tracking: parcel.trackingCode, tags: [{ tag: order.orderId, url: null }] });

    // What went into their cart: the store from its settings and origin CEP, the order's address and buyer, one box.
    const cart = api.requests.slice(from).find((r: { path: string }) => r.path === '/api/v2/me/cart')!.body as Record<string, Record<string, unknown> & unknown[]>;
    expect(cart.service).toBe(1);
    expect(cart.from).toMatchObject({ name: 'Clarear', company_document: '11222333000181', postal_code: '01310100', address: 'Rua de Exemplo', state_abbr: 'SP' });
    expect(cart.to).toMatchObject({ name: 'Maria da Silva', document: order.taxId, postal_code: '01310100', address: 'Avenida Paulista', number: '1000', district: 'Bela Vista' });
    expect(cart.volumes).toEqual([{ height: expect.any(Number), width: expect.any(Number), length: expect.any(Number), weight: 1.2 }]);
    expect(cart.options).toMatchObject({ non_commercial: true, tags: [{ tag: order.orderId, url: null }] });

    // Bought: the order waits for the carrier (not shipped yet); another click changes nothing and calls nobody.
    expect((await orderRow(order.orderId)).status).toBe('paid');
    const before = api.requests.length;
    expect(await buy(order)).toEqual({ labelStatus: 'printed', labelUrl: parcel.labelUrl, trackingCode: parcel.trackingCode });
    expect(api.requests.length).toBe(before);
  });

  it('a crash right after the cart step: the retry goes on from the cart item, never a second one, and pays once', async () => {
    const order = await paidOrder();
    const from = api.requests.length;
    const crash = new Error('o processo caiu depois do carrinho');
    const afterStep = async (step: LabelFlow.LabelStep) => {
      if (step === 'cart') throw crash;
    };
    await expect(buy(order, { afterStep })).rejects.toBe(crash);
    const cut = await parcelRow(order.parcelId);
    expect(cut).toMatchObject({ labelStatus: 'in_cart', labelUrl: null });
    expect(cut.melhorEnvioOrderId).toBeTruthy();

    expect(await buy(order)).toMatchObject({ labelStatus: 'printed' });
    expect(cartCalls(from, order.orderId)).toBe(1);
    expect(checkoutCalls(from, cut.melhorEnvioOrderId!)).toBe(1);
    expect((await parcelRow(order.parcelId)).melhorEnvioOrderId).toBe(cut.melhorEnvioOrderId);
  });

  it('a purchase whose answer was lost is recognised at Melhor Envio on the retry, not paid again', async () => {
    const order = await paidOrder();
    const from = api.requests.length;
    // Paid at their end, then the answer never arrives (a timeout, a crash before recording it).
    class LosesCheckoutAnswer extends me.MelhorEnvio {
      override async checkout(ids: readonly string[]): Promise<MelhorEnvioModule.MelhorEnvioPurchase> {
        await super.checkout(ids);
        throw new me.MelhorEnvioError('timeout', 'O Melhor Envio não respondeu a tempo.');
      }
    }
    const flaky = new LosesCheckoutAnswer({ token: TOKEN, apiUrl: api.url, userAgent: 'Clarear (tecnico@clarear.com.br)', fromCep: '01310100' });
    await expect(buy(order, undefined, flaky)).rejects.toMatchObject({ status: 502, message: 'Não foi possível comprar a etiqueta: O Melhor Envio não respondeu a tempo.' });
    const cut = await parcelRow(order.parcelId);
    expect(cut.labelStatus).toBe('in_cart');
    // The claim was given back: the retry may go at once.
    expect(cut.version % 2).toBe(0);
    expect(api.orders.get(cut.melhorEnvioOrderId!)).toMatchObject({ status: 'released' });
    const balance = api.control.balanceCents;

    expect(await buy(order)).toMatchObject({ labelStatus: 'printed' });
    expect(checkoutCalls(from, cut.melhorEnvioOrderId!)).toBe(1);
    expect(api.control.balanceCents).toBe(balance);
  });

  it('Melhor Envio down or refusing: a pt-BR error, nothing marked, and the next click works', async () => {
    const order = await paidOrder();
    const before = await parcelRow(order.parcelId);

    api.failNext(503);
    await expect(buy(order)).rejects.toMatchObject({ status: 502, message: 'Não foi possível comprar a etiqueta: O Melhor Envio está indisponível no momento; tente de novo mais tarde.' });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = new me.MelhorEnvio({ token: TOKEN, apiUrl: `http://127.0.0.1:${port}`, userAgent: 'Clarear (tecnico@clarear.com.br)', fromCep: '01310100' });
    await expect(buy(order, undefined, nowhere)).rejects.toMatchObject({ status: 502, message: 'Não foi possível comprar a etiqueta: Não foi possível falar com o Melhor Envio.' });
    // Their validation words reach the admin.
    api.answerNext({ message: 'The given data was invalid.', errors: { 'to.postal_code': ['O campo to.postal_code é inválido.'] } }, 422);
    await expect(buy(order)).rejects.toMatchObject({ status: 502, message: 'Não foi possível comprar a etiqueta: O Melhor Envio recusou os dados do envio. (The given data was invalid. — O campo to.postal_code é inválido.)' });

    const after = await parcelRow(order.parcelId);
    expect(after).toMatchObject({ melhorEnvioOrderId: null, labelStatus: null, labelUrl: null, trackingCode: null });
    // Each failed claim given back (even again), nothing else written.
    expect({ ...after, version: 0, updatedAt: null }).toEqual({ ...before, version: 0, updatedAt: null });
    expect(after.version % 2).toBe(0);

    // A parcel named with another order's id is not found.
    const other = await paidOrder();
    await expect(buy({ orderId: other.orderId, parcelId: order.parcelId })).rejects.toMatchObject({ status: 404 });
    await expect(buy(order)).resolves.toMatchObject({ labelStatus: 'printed' });
  });

  it('the webhook: forged, tampered or unsigned notices are refused with nothing changed; the good one ships the order once; delivered delivers it', async () => {
    const order = await paidOrder();
    await buy(order);
    const meId = (await parcelRow(order.parcelId)).melhorEnvioOrderId!;
    // The carrier takes the parcel; its notice is held back while forgeries arrive.
    await api.post(meId, { notify: false });
    const untouched = await snapshot(order.orderId);
    expect((await api.notify(meId, 'order.posted', { secret: 'segredo-de-outra-pessoa' })).status).toBe(401);
    expect((await api.notify(meId, 'order.posted', { tamper: true })).status).toBe(401);
    expect((await api.notify(meId, 'order.posted', { signed: false })).status).toBe(401);
    expect(await snapshot(order.orderId)).toBe(untouched);

    const posted = await api.notify(meId, 'order.posted');
    expect(posted.status).toBe(200);
    const parcel = await parcelRow(order.parcelId);
    expect(parcel.trackedStatus).toBe('posted');
    const shipped = await orderRow(order.orderId);
    expect(shipped).toMatchObject({ status: 'shipped', carrier: 'correios', trackingCode: parcel.trackingCode });
    // Separation and shipping in one transaction (one timestamp): compared as a set.
    const history = await events(order.orderId);
    expect(history).toHaveLength(4);
    expect(history).toEqual(
      expect.arrayContaining([
        { from: null, to: 'pending', actor: 'customer' },
        { from: 'pending', to: 'paid', actor: 'admin' },
        { from: 'paid', to: 'preparing', actor: 'system' },
        { from: 'preparing', to: 'shipped', actor: 'system' },
      ]),
    );
    expect(await mails(order.orderId, 'shipped')).toBe(1);

    // The same notice again (their retry, a replay): nothing moves, no second e-mail.
    const replayed = await snapshot(order.orderId);
    expect((await api.notify(meId, 'order.posted')).status).toBe(200);
    expect(await snapshot(order.orderId)).toBe(replayed);

    expect((await api.deliver(meId))!.status).toBe(200);
    expect((await parcelRow(order.parcelId)).trackedStatus).toBe('delivered');
    expect((await orderRow(order.orderId)).status).toBe('delivered');
    expect((await events(order.orderId)).at(-1)).toEqual({ from: 'shipped', to: 'delivered', actor: 'system' });
    expect(await mails(order.orderId, 'delivered')).toBe(1);
    // A late "posted" after the delivery moves nothing back.
    const done = await snapshot(order.orderId);
    expect((await api.notify(meId, 'order.posted')).status).toBe(200);
    expect((await api.notify(meId, 'order.delivered')).status).toBe(200);
    expect(await snapshot(order.orderId)).toBe(done);

    // A label the store does not know is acknowledged and ignored; the route answers only POST.
    const raw = JSON.stringify({ event: 'order.posted', data: { id: randomUUID(), status: 'posted', tracking: null } });
    const request = new Request(`${ORIGIN}/webhooks/melhorenvio`, { method: 'POST', headers: { 'x-me-signature': signWebhook(raw, SECRET) }, body: raw });
    expect(await answerOf(() => webhookRoute!.action({ request, params: {}, context: {} } as never))).toMatchObject({ status: 200, body: { received: true } });
    expect(await answerOf(() => webhookRoute!.loader())).toMatchObject({ status: 405 });
  });

  it('an order of two parcels ships when both are posted, and is delivered when both are', async () => {
    const order = await paidOrder();
    await buy(order);
    const first = await parcelRow(order.parcelId);
    // A second parcel, its label bought elsewhere (written here as the label flow would have).
    const [second] = await db
      .insert(s.orderParcels)
      .values({ orderId: order.orderId, position: 2, serviceId: PAC, serviceName: 'Correios PAC', carrier: 'correios', price: '0', deadlineDays: 3, promisedDate: first.promisedDate, melhorEnvioOrderId: `segundo-${randomUUID()}`, labelStatus: 'printed', trackingCode: 'PX000000019BR' })
      .returning();
    expect(await parcels.applyTracking(db, first.melhorEnvioOrderId!, { status: 'posted', tracking: null })).toEqual({ found: true, moved: true, orderStatus: 'paid' });
    expect((await orderRow(order.orderId)).status).toBe('paid');
    expect(await parcels.applyTracking(db, second!.melhorEnvioOrderId!, { status: 'posted', tracking: null })).toEqual({ found: true, moved: true, orderStatus: 'shipped' });
    // The first parcel's carrier and code.
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'shipped', trackingCode: first.trackingCode });
    expect(await parcels.applyTracking(db, second!.melhorEnvioOrderId!, { status: 'delivered', tracking: null })).toEqual({ found: true, moved: true, orderStatus: 'shipped' });
    expect(await parcels.applyTracking(db, first.melhorEnvioOrderId!, { status: 'delivered', tracking: null })).toEqual({ found: true, moved: true, orderStatus: 'delivered' });
    expect(await parcels.applyTracking(db, first.melhorEnvioOrderId!, { status: 'delivered', tracking: null })).toEqual({ found: true, moved: false, orderStatus: 'delivered' });
    expect(await mails(order.orderId, 'shipped')).toBe(1);
    expect(await mails(order.orderId, 'delivered')).toBe(1);
  });

  it('the polling job moves a parcel whose notice never came, once', async () => {
    const order = await paidOrder();
    await buy(order);
    const meId = (await parcelRow(order.parcelId)).melhorEnvioOrderId!;
    await api.post(meId, { notify: false });
    const run = await tracking.trackLabels(db, carrier);
    expect(run.moved).toBe(1);
    expect((await parcelRow(order.parcelId)).trackedStatus).toBe('posted');
    expect((await orderRow(order.orderId)).status).toBe('shipped');
    expect((await tracking.trackLabels(db, carrier)).moved).toBe(0);

    await api.deliver(meId, { notify: false });
    expect((await tracking.trackLabels(db, carrier)).moved).toBe(1);
    expect((await orderRow(order.orderId)).status).toBe('delivered');
    expect(await mails(order.orderId, 'shipped')).toBe(1);
    // Delivered labels are no longer asked about.
    const asked = api.requests.length;
    await tracking.trackLabels(db, carrier);
    expect(api.requests.slice(asked).filter((r: { path: string; body: unknown }) => r.path === '/api/v2/me/shipment/tracking' && JSON.stringify(r.body).includes(meId))).toHaveLength(0);
    // Without Melhor Envio there is nothing to ask.
    expect(await tracking.trackLabels(db, null)).toEqual({ checked: 0, moved: 0 });
  });

  it('the admin buys from the order page (a customer cannot), and the page offers the button only where it applies', async () => {
    const order = await paidOrder();
    const url = `/admin/orders/${order.orderId}/etiqueta/comprar`;
    const post = (cookie: string) => {
      const body = new FormData();
      body.append('intent', 'buy_label');
      body.append('parcelId', order.parcelId);
      return answerOf(() => routes.label.action({ request: new Request(`${ORIGIN}${url}`, { method: 'POST', headers: { origin: ORIGIN, cookie }, body }), params: { id: order.orderId }, context: {} } as never));
    };
    const page = async () => {
      const answer = await answerOf(() => routes.order.loader({ request: new Request(`${ORIGIN}/admin/orders/${order.orderId}`, { headers: { cookie: cookies.admin } }), params: { id: order.orderId }, context: {} } as never));
      return answer.body as Awaited<ReturnType<typeof OrderRoute.loader>>;
    };
    expect((await page()).labelParcelIds).toEqual([order.parcelId]);
    expect((await page()).order.parcels[0]).toMatchObject({ serviceName: 'Correios PAC', labelStatus: null });

    expect(await post(cookies.customer)).toMatchObject({ status: 403 });
    expect((await parcelRow(order.parcelId)).labelStatus).toBeNull();
    const bought = await post(cookies.admin);
    expect(bought).toMatchObject({ status: 200, body: { ok: true, toast: { title: 'Etiqueta comprada' } } });
    expect((await page()).order.parcels[0]).toMatchObject({ labelStatus: 'printed', labelUrl: expect.stringContaining('/imprimir/') });

    // A parcel of a service that is not Melhor Envio's: no button, and a refusal if posted anyway.
    await db.update(s.orderParcels).set({ serviceId: null }).where(eq(s.orderParcels.id, order.parcelId));
    expect((await page()).labelParcelIds).toEqual([]);
    await db.update(s.orderParcels).set({ serviceId: PAC }).where(eq(s.orderParcels.id, order.parcelId));
    const other = await paidOrder();
    await db.update(s.orderParcels).set({ serviceId: null }).where(eq(s.orderParcels.id, other.parcelId));
    await expect(buy(other)).rejects.toMatchObject({ status: 422, message: `Não foi possível comprar a etiqueta: ${flow.LABEL_MESSAGES.notMapped}` });
  });

  it('with invoicing on, waits for the NF-e, then sends its key as a commercial shipment', async () => {
    const { insertAttachedInvoice } = await import('~/server/invoices/invoices.server');
    const { accessKeyCheckDigit } = await import('~/lib/fiscal');
    const order = await paidOrder();
    await db.update(s.fiscalSettings).set({ invoicing: true }).where(eq(s.fiscalSettings.id, 1));
    try {
      const from = api.requests.length;
      await expect(buy(order)).rejects.toMatchObject({ status: 409, message: `Não foi possível comprar a etiqueta: ${flow.LABEL_MESSAGES.invoice}` });
      expect(cartCalls(from, order.orderId)).toBe(0);
      expect((await parcelRow(order.parcelId)).labelStatus).toBeNull();

      const first43 = `352611112223330001815500100000${String(4200 + n).padStart(4, '0')}1${String(n).padStart(8, '0')}`.slice(0, 43);
      const accessKey = `${first43}${accessKeyCheckDigit(first43)}`;
      const total = Number((await orderRow(order.orderId)).totalPrice);
      await insertAttachedInvoice(db, order.orderId, { accessKey, number: 4200 + n, series: 1, protocol: '135260000000001', totalCents: Math.round(total * 100), authorizedAt: new Date(), xmlKey: `private/nfe/2026/11/${accessKey}-nfe.xml`, danfeKey: null });
      await buy(order);
      const cart = api.requests.slice(from).find((r: { path: string }) => r.path === '/api/v2/me/cart')!.body as { options: Record<string, unknown> };
      expect(cart.options).toMatchObject({ non_commercial: false, invoice: { key: accessKey } });
    } finally {
      await db.update(s.fiscalSettings).set({ invoicing: false }).where(eq(s.fiscalSettings.id, 1));
    }
  });
});
