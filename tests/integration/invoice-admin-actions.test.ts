// The admin order page's NF-e actions with Focus NFe configured (issue 34), on every engine, against
// the local stand-in of their API (tests/support/focusnfe-api.mjs): "Emitir NF-e" sends the note and
// says so; a rejection shows SEFAZ's message and "Enviar de novo" sends the same ref again; a denied
// note is never sent again and the toast says why; the cancel of an order whose note was authorised
// within 24 hours cancels it at SEFAZ and the toast says so. (The flow itself: invoice-issuing.test.ts.)
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type * as AdminOrderRoute from '~/routes/admin/order';
import type * as InvoiceFlow from '~/server/flows/invoice.server';
import { startFocusNfeApi } from '../support/focusnfe-api.mjs';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';
import { prepareFreshApp } from '../support/fresh-app';
import { TEST_ADMIN } from '../support/test-admin';

const ORIGIN = 'http://localhost:3000';
const TOKEN = 'focus-token-acoes-admin';

type Toast = { title: string; description?: string; variant?: string };
type Answer = { status: number; body: unknown };

async function answerOf(run: () => unknown): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, body: await value.text() };
  const wrapped = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === 'DataWithResponseInit') return { status: wrapped.init?.status ?? 200, body: wrapped.data };
  if (value instanceof Error) throw value;
  return { status: 200, body: value };
}

const savedEnv = { ...process.env };
const cleanups: (() => Promise<void>)[] = [];
let api: Awaited<ReturnType<typeof startFocusNfeApi>>;

beforeAll(async () => {
  api = await startFocusNfeApi({ token: TOKEN });
  process.env.FOCUSNFE_TOKEN = TOKEN;
  process.env.FOCUSNFE_ENV = 'homologacao';
  process.env.FOCUSNFE_API_URL = api.url;
  delete process.env.FOCUSNFE_WEBHOOK_SECRET;
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await api?.close();
  process.env = savedEnv;
});

describe.each(engines.map((e) => e.name))('the admin order page’s NF-e actions on %s', (engineName) => {
  let db: Database;
  let s: typeof Schema;
  let flow: typeof InvoiceFlow;
  let adminOrder: typeof AdminOrderRoute;
  let adminCookie: string;
  let buy: () => Promise<string>;

  const act = async (orderId: string, fields: Record<string, string>) => {
    const [row] = await db.select({ version: s.orders.version }).from(s.orders).where(eq(s.orders.id, orderId));
    const body = new FormData();
    for (const [k, v] of Object.entries({ version: String(row!.version), ...fields })) body.append(k, v);
    const request = new Request(`${ORIGIN}/admin/orders/${orderId}`, { method: 'POST', headers: { origin: ORIGIN, cookie: adminCookie }, body });
    const answer = await answerOf(() => adminOrder.action({ request, params: { id: orderId }, context: {} } as never));
    return { status: answer.status, toast: (answer.body as { toast: Toast }).toast };
  };
  const page = async (orderId: string) =>
    (await answerOf(() => adminOrder.loader({ request: new Request(`${ORIGIN}/admin/orders/${orderId}`, { headers: { cookie: adminCookie } }), params: { id: orderId }, context: {} } as never)))
      .body as Awaited<ReturnType<typeof AdminOrderRoute.loader>>;
  const current = async (orderId: string) => (await db.select().from(s.invoices).where(eq(s.invoices.orderId, orderId)).orderBy(asc(s.invoices.createdAt)))[0]!;
  /** Their answer, read as the job reads it a minute later. */
  const follow = async (orderId: string) => flow.followInvoice(db, await current(orderId), flow.focusNfe()!);

  it('opens the app with Focus NFe configured and signs the admin in', async () => {
    const { dataDir, dropDatabase } = await prepareFreshApp(engineName, 'clarear-nfe-admin-', 'clarear_nfe_admin');
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    const { settleBackgroundTasks } = await import('~/server/infra/background.server');
    const { reloadEnv } = await import('~/server/infra/env.server');
    const { callAuth } = await import('~/server/auth/auth.server');
    reloadEnv();
    s = await import('~/db/schema');
    flow = await import('~/server/flows/invoice.server');
    adminOrder = await import('~/routes/admin/order');
    db = await getDb();
    const handle = await getDatabaseHandle();
    cleanups.push(async () => {
      await settleBackgroundTasks(10_000);
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    });
    expect(flow.focusNfe()).not.toBeNull();
    const signIn = await callAuth(new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': '10.93.0.1' } }), '/sign-in/email', {
      email: TEST_ADMIN.email,
      password: TEST_ADMIN.password,
    });
    if (!signIn.ok) throw new Error(`sign-in of the admin failed: ${signIn.status}`);
    adminCookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

    const { placeOrder } = await import('~/server/flows/checkout.server');
    const { payNowSchema } = await import('~/lib/schemas/checkout');
    const { builtInProvider } = await import('~/server/payments/provider.server');
    const [variant] = await db
      .select({ id: s.productVariants.id, productId: s.productVariants.productId })
      .from(s.productVariants)
      .innerJoin(s.products, eq(s.products.id, s.productVariants.productId))
      .where(and(isNull(s.products.hazardClass), eq(s.products.isKit, false)))
      .orderBy(asc(s.products.name), asc(s.productVariants.size))
      .limit(1);
    await db.update(s.productVariants).set({ stock: 10_000 }).where(eq(s.productVariants.id, variant!.id));
    buy = async () => {
      const buyer = { id: `cliente-acoes-${randomUUID().slice(0, 8)}`, name: 'Cliente Nota', email: `acoes.${randomUUID().slice(0, 8)}@exemplo.com.br` };
      await db.insert(s.user).values(buyer);
      const input = payNowSchema.parse({
        intent: 'pay',
        cart: JSON.stringify([{ id: variant!.id, product_id: variant!.productId, quantity: 1 }]),
        idempotencyKey: randomUUID(),
        paymentMethod: 'credit_card',
        taxId: generateCpf(),
        delivery: NEW_ADDRESS_DELIVERY,
      });
      return (await placeOrder(db, buyer, input, builtInProvider)).orderId;
    };
  });

  it('sends the note, shows a rejection and sends the same ref again, then cancels it at SEFAZ with the order', async () => {
    const orderId = await buy();
    expect(await page(orderId)).toMatchObject({ focusConfigured: true, invoice: null });
    const sent = await act(orderId, { intent: 'issue_invoice' });
    expect(sent).toMatchObject({ status: 200, toast: { title: 'NF-e enviada' } });
    const ref = (await current(orderId)).ref;

    await api.reject(ref, 'Rejeição 778: Informado NCM inexistente', { notify: false });
    await follow(orderId);
    expect(await page(orderId)).toMatchObject({ invoice: { status: 'rejected', sefazMessage: 'Rejeição 778: Informado NCM inexistente' } });
    const again = await act(orderId, { intent: 'issue_invoice' });
    expect(again).toMatchObject({ status: 200, toast: { title: 'NF-e enviada' } });
    expect(await current(orderId)).toMatchObject({ ref, status: 'processing' });
    // A note in force: a second click sends nothing.
    expect(await act(orderId, { intent: 'issue_invoice' })).toMatchObject({ toast: { title: 'Este pedido já tem uma NF-e' } });

    await api.authorize(ref, { notify: false });
    await follow(orderId);
    expect(await page(orderId)).toMatchObject({ invoice: { status: 'authorized', hasXml: true, hasDanfe: true, cancelWindowOpen: true } });
    const cancelled = await act(orderId, { intent: 'cancel', reason: 'Cliente desistiu antes do envio' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.toast.description).toContain('NF-e cancelada na SEFAZ.');
    expect(await current(orderId)).toMatchObject({ status: 'cancelled' });
  });

  it('a denied note is never sent again, and the toast says so', async () => {
    const orderId = await buy();
    await act(orderId, { intent: 'issue_invoice' });
    await api.deny((await current(orderId)).ref, { notify: false });
    await follow(orderId);
    expect(await page(orderId)).toMatchObject({ invoice: { status: 'denied' } });
    const denied = await act(orderId, { intent: 'issue_invoice' });
    expect(denied.toast).toMatchObject({ title: 'NF-e denegada', variant: 'destructive' });
    expect(denied.toast.description).toContain('nunca poderá ser enviada de novo');
  });
});
