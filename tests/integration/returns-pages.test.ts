// The withdrawal and returns pages' actions (issue 32) on every engine, through the app itself
// (its database, seed and auth): someone else's order or plan is a 404 with nothing written; bad
// input is refused in pt-BR beside its field with nothing written; a Pix key is asked when the
// store's own Pix took the money; the withdrawal after shipping answers with its protocol and the
// order page shows it; the admin's page refuses customers, a stale version (409) and an approval
// without instructions, and its approval reaches the customer's order page; before shipping the
// admin records the Pix transfer from the order's page; the assinaturas tab offers the plan's
// withdrawal and makes it once. The flows themselves (windows, amounts, exactly-once under
// concurrent clicks) are tested beside them.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type * as OrderReturnRoute from '~/routes/order-return';
import type * as OrderRoute from '~/routes/order';
import type * as PlanRoute from '~/routes/customer/plan-withdrawal';
import type * as AdminReturnRoute from '~/routes/admin/return';
import type * as AdminOrderRoute from '~/routes/admin/order';
import type * as OrderRefundRoute from '~/routes/admin/order-refund';
import type * as SubscriptionsRoute from '~/routes/customer/subscriptions';
import type * as AdminReturnsRoute from '~/routes/admin/returns';
import type * as AdminLayoutRoute from '~/routes/admin/layout';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';
import { prepareFreshApp } from '../support/fresh-app';
import { TEST_ADMIN } from '../support/test-admin';

const ORIGIN = 'http://localhost:3000';

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

type ReturnAnswer = { ok: boolean; protocol?: string; errors?: Record<string, string>; toast: { title: string; description?: string } };

const savedEnv = { ...process.env };
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  process.env = savedEnv;
});

describe.each(engines.map((e) => e.name))('withdrawal and returns pages on %s', (engineName) => {
  let db: Database;
  let s: typeof Schema;
  let routes: {
    orderReturn: typeof OrderReturnRoute;
    order: typeof OrderRoute;
    plan: typeof PlanRoute;
    adminReturn: typeof AdminReturnRoute;
    adminOrder: typeof AdminOrderRoute;
    orderRefund: typeof OrderRefundRoute;
    subscriptions: typeof SubscriptionsRoute;
    adminReturns: typeof AdminReturnsRoute;
    adminLayout: typeof AdminLayoutRoute;
  };
  let cookies: { ana: string; bia: string; admin: string };
  let ana: { id: string; email: string };
  let adminId: string;
  let buy: (what?: 'goods' | 'plan') => Promise<string>;
  let ship: (orderId: string) => Promise<void>;

  const post = (action: (args: never) => unknown, url: string, params: Record<string, string>, fields: Record<string, string>, cookie: string) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    const request = new Request(`${ORIGIN}${url}`, { method: 'POST', headers: { origin: ORIGIN, cookie }, body });
    return answerOf(() => action({ request, params, context: {} } as never));
  };
  const withdraw = (orderId: string, fields: Record<string, string>, cookie: string) =>
    post(routes.orderReturn.action as never, `/pedido/${orderId}/desistencia`, { id: orderId }, fields, cookie);
  const get = (loader: (args: never) => unknown, url: string, params: Record<string, string>, cookie: string) =>
    answerOf(() => loader({ request: new Request(`${ORIGIN}${url}`, { headers: { cookie } }), params, context: {} } as never));
  /** What a refused request must leave as it was. */
  const snapshot = async () => JSON.stringify([await db.select().from(s.returns), await db.select().from(s.orders), await db.select().from(s.userSubscriptions)]);

  it('opens the app database and signs in two customers and the admin', async () => {
    const { dataDir, dropDatabase } = await prepareFreshApp(engineName, 'clarear-returns-pages-', 'clarear_returns_pages');
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    const { callAuth } = await import('~/server/auth/auth.server');
    const { settleBackgroundTasks } = await import('~/server/infra/background.server');
    s = await import('~/db/schema');
    routes = {
      orderReturn: await import('~/routes/order-return'),
      order: await import('~/routes/order'),
      plan: await import('~/routes/customer/plan-withdrawal'),
      adminReturn: await import('~/routes/admin/return'),
      adminOrder: await import('~/routes/admin/order'),
      orderRefund: await import('~/routes/admin/order-refund'),
      subscriptions: await import('~/routes/customer/subscriptions'),
      adminReturns: await import('~/routes/admin/returns'),
      adminLayout: await import('~/routes/admin/layout'),
    };
    db = await getDb();
    const handle = await getDatabaseHandle();
    cleanups.push(async () => {
      await settleBackgroundTasks(10_000);
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    });

    let address = 0;
    const authRequest = () => new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': `10.89.0.${++address}` } });
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
    ana = a;
    adminId = (await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.email, TEST_ADMIN.email)))[0]!.id;
    cookies = { ana: a.cookie, bia: b.cookie, admin: await signIn(TEST_ADMIN.email, TEST_ADMIN.password) };

    const { placeOrder } = await import('~/server/flows/checkout.server');
    const { payNowSchema } = await import('~/lib/schemas/checkout');
    const { builtInProvider } = await import('~/server/payments/provider.server');
    const { applyOrderAction } = await import('~/server/orders/transitions.server');
    const [product] = await db
      .select({ id: s.products.id, variantId: s.productVariants.id })
      .from(s.products)
      .innerJoin(s.productVariants, eq(s.productVariants.productId, s.products.id))
      .where(eq(s.products.isKit, false))
      .limit(1);
    // Paid at once (the built-in provider's test-mode card), on the store's own account: a refund is a Pix transfer.
    buy = async (what = 'goods') =>
      (
        await placeOrder(
          db,
          { id: a.id, name: a.name, email: a.email },
          payNowSchema.parse({
            intent: 'pay',
            cart: JSON.stringify(
              what === 'plan'
                ? [{ id: 'plan:monthly', product_id: 'plan:monthly', quantity: 1, is_subscription: true, frequency: 'monthly' }]
                : [{ id: product!.variantId, product_id: product!.id, quantity: 2 }],
            ),
            idempotencyKey: randomUUID(),
            paymentMethod: 'credit_card',
            delivery: NEW_ADDRESS_DELIVERY,
            taxId: generateCpf(),
          }),
          builtInProvider,
        )
      ).orderId;
    ship = async (orderId) => {
      const actor = { kind: 'admin' as const, userId: adminId };
      await applyOrderAction(db, { orderId, action: 'start_preparing', actor });
      await applyOrderAction(db, { orderId, action: 'ship', actor, carrier: 'correios', trackingCode: 'RA123456785BR' });
    };
  });

  it("someone else's order or plan is a 404, and nothing is written", async () => {
    const orderId = await buy();
    // A's plan, bought and paid today: open to A's withdrawal (the last test), not to B's.
    await buy('plan');
    const [subscription] = await db.select().from(s.userSubscriptions).where(eq(s.userSubscriptions.userId, ana.id));
    const before = await snapshot();
    const [line] = await db.select({ id: s.orderItems.id }).from(s.orderItems).where(eq(s.orderItems.orderId, orderId));
    const posts: Record<string, string>[] = [
      { intent: 'withdraw', refundPixKey: 'bia@exemplo.com.br' },
      { intent: 'defect', reason: 'Tampa quebrada', 'items.0.orderItemId': line!.id, 'items.0.quantity': '1' },
    ];
    for (const fields of posts) {
      const answer = await withdraw(orderId, fields, cookies.bia);
      expect(answer.status, fields.intent).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain(orderId);
    }
    expect((await withdraw(randomUUID(), { intent: 'withdraw' }, cookies.ana)).status).toBe(404);
    expect((await withdraw('nao-e-um-pedido', { intent: 'withdraw' }, cookies.ana)).status).toBe(404);
    const plan = await post(routes.plan.action as never, '/area-cliente/assinaturas/desistencia', {}, { intent: 'plan-withdraw', subscriptionId: subscription!.id }, cookies.bia);
    expect(plan.status).toBe(404);
    // Nor does the order page show B anything of A's.
    expect((await get(routes.order.loader as never, `/pedido/${orderId}`, { id: orderId }, cookies.bia)).status).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('bad input is refused in pt-BR beside its field, and nothing is written', async () => {
    const orderId = await buy();
    const before = await snapshot();
    const cases: [Record<string, string>, string, string][] = [
      [{ intent: 'withdraw', refundPixKey: 'minha chave' }, 'refundPixKey', 'Informe uma chave Pix válida: CPF, CNPJ, e-mail, celular com DDD ou chave aleatória.'],
      [{ intent: 'withdraw', chosen: '1', refundPixKey: 'ana@exemplo.com.br' }, 'items', 'Escolha ao menos um produto.'],
      [{ intent: 'withdraw', reason: 'x'.repeat(501), refundPixKey: 'ana@exemplo.com.br' }, 'reason', 'Use no máximo 500 caracteres.'],
      [{ intent: 'defect', reason: '   ', 'items.0.orderItemId': randomUUID(), 'items.0.quantity': '1' }, 'reason', 'Conte qual é o defeito do produto.'],
      // The store's own Pix (here: its own card account) took the money: the refund needs the customer's key.
      [{ intent: 'withdraw' }, 'refundPixKey', 'Informe sua chave Pix para receber o reembolso: o pagamento foi feito por Pix direto para a loja.'],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await withdraw(orderId, fields, cookies.ana);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect((answer.body as ReturnAnswer).errors?.[field], JSON.stringify(fields)).toBe(message);
    }
    const plan = await post(routes.plan.action as never, '/area-cliente/assinaturas/desistencia', {}, { intent: 'plan-withdraw', subscriptionId: 'x' }, cookies.ana);
    expect(plan.status).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it('after shipping the withdrawal answers with its protocol; the admin approves it and the order page shows each step', async () => {
    const orderId = await buy();
    await ship(orderId);
    const page = await get(routes.order.loader as never, `/pedido/${orderId}`, { id: orderId }, cookies.ana);
    const view = (page.body as { returns: { offer: { kind: string }; items: { orderItemId: string; returnable: number }[] } }).returns;
    expect(view.offer.kind).toBe('return');
    const line = view.items[0]!;
    const asked = await withdraw(orderId, { intent: 'withdraw', chosen: '1', 'items.0.orderItemId': line.orderItemId, 'items.0.quantity': '1', refundPixKey: '+55 11 98765-4321' }, cookies.ana);
    expect(asked.status).toBe(200);
    const { protocol } = asked.body as ReturnAnswer;
    expect(protocol).toMatch(/^DEV-\d{8}-[A-Z0-9]{6}$/);
    expect((asked.body as ReturnAnswer).toast.description).toContain(`Protocolo ${protocol}`);
    const [ret] = await db.select().from(s.returns).where(eq(s.returns.protocol, protocol!));
    expect(ret).toMatchObject({ orderId, userId: ana.id, kind: 'withdrawal', status: 'requested', refundPixKey: '+5511987654321' });
    // Asked again (a second tab): refused, still one return.
    expect((await withdraw(orderId, { intent: 'withdraw', refundPixKey: 'ana@exemplo.com.br' }, cookies.ana)).status).toBe(409);

    const url = `/admin/returns/${ret!.id}`;
    const params = { id: ret!.id };
    expect(await get(routes.adminReturn.loader as never, url, params, cookies.ana)).toMatchObject({ status: 302, location: '/' });
    expect((await post(routes.adminReturn.action as never, url, params, { intent: 'approve', version: String(ret!.version), instructions: 'Coleta' }, cookies.ana)).status).toBe(403);
    const before = await snapshot();
    const empty = await post(routes.adminReturn.action as never, url, params, { intent: 'approve', version: String(ret!.version), instructions: ' ' }, cookies.admin);
    expect(empty.status).toBe(400);
    expect((empty.body as ReturnAnswer).errors?.instructions).toBe('Informe as instruções de devolução (código de postagem reversa ou a coleta).');
    const stale = await post(routes.adminReturn.action as never, url, params, { intent: 'approve', version: String(ret!.version + 1), instructions: 'Coleta' }, cookies.admin);
    expect(stale.status).toBe(409);
    expect((stale.body as ReturnAnswer).toast.description).toMatch(/^A devolução mudou/);
    expect(await snapshot()).toBe(before);

    const detail = await get(routes.adminReturn.loader as never, url, params, cookies.admin);
    expect((detail.body as { detail: { actions: string[]; refundPixKey: string } }).detail).toMatchObject({ actions: expect.arrayContaining(['approve', 'reject']), refundPixKey: '+5511987654321' });
    const approved = await post(routes.adminReturn.action as never, url, params, { intent: 'approve', version: String(ret!.version), instructions: 'Código de postagem reversa 339182754.' }, cookies.admin);
    expect(approved.status).toBe(200);
    const after = await get(routes.order.loader as never, `/pedido/${orderId}`, { id: orderId }, cookies.ana);
    const current = (after.body as { returns: { current: { protocol: string; statusLabel: string; instructions: string; events: { label: string }[] } } }).returns.current;
    expect(current).toMatchObject({ protocol, statusLabel: 'Aprovada', instructions: 'Código de postagem reversa 339182754.' });
    expect(current.events.map((e) => e.label)).toEqual(['Devolução solicitada', 'Devolução aprovada']);
  });

  it('before shipping the order is cancelled at once; the admin records the Pix transfer from the order page', async () => {
    const orderId = await buy();
    const asked = await withdraw(orderId, { intent: 'withdraw', refundPixKey: ana.email.toUpperCase() }, cookies.ana);
    expect(asked).toMatchObject({ status: 200, body: { ok: true, toast: { title: 'Pedido cancelado' } } });
    expect((await db.select().from(s.orders).where(eq(s.orders.id, orderId)))[0]).toMatchObject({ status: 'cancelled', refundStatus: 'pending', refundPixKey: ana.email });

    const page = await get(routes.adminOrder.loader as never, `/admin/orders/${orderId}`, { id: orderId }, cookies.admin);
    expect((page.body as { refundPixKey: string }).refundPixKey).toBe(ana.email);
    const url = `/admin/orders/${orderId}/reembolso`;
    expect((await post(routes.orderRefund.action as never, url, { id: orderId }, { intent: 'record_refund', reference: 'E1' }, cookies.ana)).status).toBe(403);
    const empty = await post(routes.orderRefund.action as never, url, { id: orderId }, { intent: 'record_refund', reference: '  ' }, cookies.admin);
    expect(empty.status).toBe(400);
    expect((empty.body as ReturnAnswer).errors?.reference).toBe('Informe o identificador da transferência Pix (o código da transação no banco).');
    expect((await db.select().from(s.orders).where(eq(s.orders.id, orderId)))[0]!.refundStatus).toBe('pending');
    expect((await post(routes.orderRefund.action as never, url, { id: orderId }, { intent: 'record_refund', reference: 'E18236120202611271200abc' }, cookies.admin)).status).toBe(200);
    expect((await db.select().from(s.orders).where(eq(s.orders.id, orderId)))[0]).toMatchObject({ refundStatus: 'refunded', refundReference: 'E18236120202611271200abc' });
    // Clicked twice: recorded once.
    expect((await post(routes.orderRefund.action as never, url, { id: orderId }, { intent: 'record_refund', reference: 'E2' }, cookies.admin)).status).toBe(409);
  });

  it('the assinaturas tab offers the plan\'s withdrawal for 7 days, asks the Pix key, and withdraws once', async () => {
    const tab = async () =>
      (await get(routes.subscriptions.loader as never, '/area-cliente/assinaturas', {}, cookies.ana)).body as {
        subscriptions: { id: string }[];
        withdrawals: Record<string, { open: boolean; until: string | null; pixKeyNeeded: boolean }>;
        today: string;
      };
    const before = await tab();
    const subscriptionId = before.subscriptions[0]!.id;
    const until = new Date(`${before.today}T12:00:00Z`);
    until.setUTCDate(until.getUTCDate() + 7);
    expect(before.withdrawals[subscriptionId]).toEqual({ open: true, until: until.toISOString().slice(0, 10), pixKeyNeeded: true });

    const url = '/area-cliente/assinaturas/desistencia';
    const noKey = await post(routes.plan.action as never, url, {}, { intent: 'plan-withdraw', subscriptionId }, cookies.ana);
    expect(noKey.status).toBe(400);
    expect((noKey.body as ReturnAnswer).errors?.refundPixKey).toMatch(/^Informe sua chave Pix/);
    const done = await post(routes.plan.action as never, url, {}, { intent: 'plan-withdraw', subscriptionId, refundPixKey: '529.982.247-25' }, cookies.ana);
    expect(done.status).toBe(200);
    expect((done.body as ReturnAnswer).protocol).toMatch(/^DEV-\d{8}-[A-Z0-9]{6}$/);
    expect((await db.select().from(s.returns).where(eq(s.returns.subscriptionId, subscriptionId)))[0]).toMatchObject({ kind: 'plan', refundPixKey: '52998224725' });
    expect((await tab()).subscriptions.map((x) => x.id)).not.toContain(subscriptionId);
    expect((await post(routes.plan.action as never, url, {}, { intent: 'plan-withdraw', subscriptionId, refundPixKey: '529.982.247-25' }, cookies.ana)).status).toBe(409);
  });

  it('a request past its answer time is counted in the sidebar and listed under Atrasadas, flagged in words', async () => {
    const orderId = await buy();
    await ship(orderId);
    const { protocol } = (await withdraw(orderId, { intent: 'withdraw', refundPixKey: ana.email }, cookies.ana)).body as ReturnAnswer;
    await db.update(s.returns).set({ answerDueAt: new Date(Date.now() - 60_000) }).where(eq(s.returns.protocol, protocol!));

    const sidebar = (await get(routes.adminLayout.loader as never, '/admin', {}, cookies.admin)).body as { returns: { open: number; late: number } };
    expect(sidebar.returns.late).toBeGreaterThanOrEqual(1);
    expect(sidebar.returns.open).toBeGreaterThanOrEqual(sidebar.returns.late);
    const list = await get(routes.adminReturns.loader as never, '/admin/returns?status=late', {}, cookies.admin);
    const loaderData = list.body as Awaited<ReturnType<typeof AdminReturnsRoute.loader>>;
    expect(loaderData.result.rows.map((r) => [r.protocol, r.late])).toContainEqual([protocol, true]);
    expect(loaderData.result.rows.every((r) => r.late)).toBe(true);
    // The page says it in words ("Atrasada"), not by colour alone, and the tab counts it.
    const router = createMemoryRouter([{ path: '/admin/returns', Component: () => createElement(routes.adminReturns.default as never, { loaderData } as never) }], {
      initialEntries: ['/admin/returns?status=late'],
    });
    const html = renderToStaticMarkup(createElement(RouterProvider, { router }));
    expect(html).toContain(`>${protocol}</a>`);
    expect(html).toMatch(/Atrasada<\/span>/);
    expect(html).toContain(`Atrasadas <span class="font-normal">(${loaderData.result.counts.late})</span>`);
  });
});
