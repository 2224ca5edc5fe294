// /admin/subscriptions/:id on every engine: the detail (customer, price, dates, renewals with their
// orders, history with who did what, newest first), the admin's pause and resume through
// changeSubscription (history lines with actor admin), and the route's loader, action and page
// (404 for a malformed or unknown id, refusals as pt-BR toasts with their status).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, redirect, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as t from '~/db/schema';
import type { OrderStatus } from '~/lib/order-lifecycle';
import { resetClock, setClock } from '~/lib/clock';
import AdminSubscriptionPage, { action, loader } from '~/routes/admin/subscription';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { getSubscriptionDetail, type AdminSubscriptionDetail } from '~/server/subscriptions/admin.server';
import { assignSubscriptionByEmail, changeSubscription } from '~/server/subscriptions/subscriptions.server';
import { engines } from '../support/engines';

// The route runs against these: the session checks and the app database are stubbed, the rest is real.
const mocks = vi.hoisted(() => ({ requireAdmin: vi.fn(), requireAdminAction: vi.fn(), getDb: vi.fn() }));
vi.mock('~/server/auth/session.server', () => ({ requireAdmin: mocks.requireAdmin, requireAdminAction: mocks.requireAdminAction }));
vi.mock('~/server/infra/db.server', () => ({ getDb: mocks.getDb }));

type LoaderArgs = Parameters<typeof loader>[0];
type ActionArgs = Parameters<typeof action>[0];
const loaderArgs = (id: string) => ({ request: new Request(`http://localhost/admin/subscriptions/${id}`), params: { id }, context: {} }) as unknown as LoaderArgs;
const actionArgs = (id: string, body: Record<string, string>) =>
  ({ request: new Request(`http://localhost/admin/subscriptions/${id}`, { method: 'POST', body: new URLSearchParams(body) }), params: { id }, context: {} }) as unknown as ActionArgs;

/** What `data(value, status)` carries. */
type DataAnswer = { data: { ok: boolean; toast: { title: string; description?: string } }; init: { status?: number } | null };

function renderPage(subscription: AdminSubscriptionDetail): string {
  const props = { loaderData: { subscription } } as unknown as Parameters<typeof AdminSubscriptionPage>[0];
  const router = createMemoryRouter([{ path: '/admin/subscriptions/:id', Component: () => createElement(AdminSubscriptionPage, props) }], {
    initialEntries: [`/admin/subscriptions/${subscription.id}`],
  });
  return renderToStaticMarkup(createElement(RouterProvider, { router }));
}

describe.each(engines)('admin subscription detail on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  const admin = { id: `admin-${randomUUID()}`, name: 'Helena Administradora', email: `helena-${randomUUID().slice(0, 6)}@clarear.com.br`, role: 'admin' };

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    setMailTransport(async () => undefined);
    await handle.db.insert(t.user).values(admin);
  });
  afterAll(async () => {
    resetClock();
    await settleBackgroundTasks();
    setMailTransport(null);
    await handle?.drop();
  });
  afterEach(() => {
    vi.clearAllMocks();
  });

  async function customer(name: string) {
    const id = `cliente-${randomUUID()}`;
    const email = `${id}@exemplo.com.br`;
    await handle.db.insert(t.user).values({ id, name, email });
    return { id, name, email };
  }

  async function order(userId: string, status: OrderStatus, total: string) {
    const [row] = await handle.db
      .insert(t.orders)
      .values({ userId, status, totalPrice: total, idempotencyKey: randomUUID(), cancelReason: status === 'cancelled' ? 'Não pago' : null })
      .returning({ id: t.orders.id });
    return row!.id;
  }

  /** A customer with an admin-assigned monthly plan (10/05/2026) and four periods, one of each payment status. */
  async function subscriptionWithHistory(name: string) {
    const buyer = await customer(name);
    const assigned = await assignSubscriptionByEmail(handle.db, buyer.email, '2026-05-10', admin.id);
    if (assigned.status !== 'assigned') throw new Error(assigned.status);
    const id = assigned.subscriptionId;
    const periods = [
      { periodDate: '2026-01-10', periodEnd: '2026-02-10', kind: 'initial' as const, status: 'paid' as const, order: 'paid' as const },
      { periodDate: '2026-02-10', periodEnd: '2026-03-10', kind: 'renewal' as const, status: 'cancelled' as const, order: 'cancelled' as const },
      { periodDate: '2026-03-10', periodEnd: '2026-04-10', kind: 'renewal' as const, status: 'overdue' as const, order: 'pending' as const },
      { periodDate: '2026-04-10', periodEnd: '2026-05-10', kind: 'renewal' as const, status: 'awaiting' as const, order: 'pending' as const },
    ];
    const orderIds: Record<string, string> = {};
    for (const p of periods) {
      orderIds[p.periodDate] = await order(buyer.id, p.order, '49.90');
      await handle.db.insert(t.subscriptionPeriods).values({ subscriptionId: id, periodDate: p.periodDate, periodEnd: p.periodEnd, kind: p.kind, amount: '49.90', orderId: orderIds[p.periodDate]!, status: p.status });
    }
    return { buyer, id, orderIds };
  }

  it('shows the subscription with its price, dates, renewals newest first and its history with the actor', async () => {
    // Inside the period paid (through 10/06): the customer has the 10%.
    setClock('2026-05-20T15:00:00Z');
    const { buyer, id, orderIds } = await subscriptionWithHistory('Joana Prado');
    const detail = await getSubscriptionDetail(handle.db, id);
    expect(detail).toMatchObject({
      id,
      userId: buyer.id,
      userName: 'Joana Prado',
      userEmail: buyer.email,
      frequency: 'monthly',
      planName: 'Plano Mensal',
      months: 1,
      status: 'active',
      pausedReason: null,
      resumeOn: null,
      totalValue: '49.90',
      paymentMethod: 'pix',
      installments: 1,
      nextDeliveryDate: '2026-06-10',
      paidThrough: '2026-06-10',
      discount: true,
    });
    expect(detail!.periods.map((p) => [p.periodDate, p.kind, p.status, p.orderId, p.orderStatus])).toEqual([
      ['2026-04-10', 'renewal', 'awaiting', orderIds['2026-04-10'], 'pending'],
      ['2026-03-10', 'renewal', 'overdue', orderIds['2026-03-10'], 'pending'],
      ['2026-02-10', 'renewal', 'cancelled', orderIds['2026-02-10'], 'cancelled'],
      ['2026-01-10', 'initial', 'paid', orderIds['2026-01-10'], 'paid'],
    ]);
    expect(detail!.events).toEqual([
      {
        id: expect.any(String),
        kind: 'created',
        fromStatus: null,
        toStatus: 'active',
        actor: 'admin',
        actorName: 'Helena Administradora',
        note: 'Atribuída pelo administrador',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);

    const html = renderPage(detail!);
    expect(html).toContain('Assinatura de Joana Prado');
    expect(html).toContain(buyer.email);
    expect(html).toContain('R$\u00a049,90 por mês');
    expect(html).toContain('>Ativa</span>');
    for (const words of ['Paga', 'Aguardando pagamento', 'Em atraso', 'Cancelada']) expect(html).toContain(`>${words}</td>`);
    expect(html).toContain(`href="/admin/orders/${orderIds['2026-03-10']}"`);
    expect(html).toContain('>10/03/2026</th>');
    expect(html).toContain('>10/06/2026</dd>');
    expect(html).toContain('Assinatura criada');
    expect(html).toContain('Administrador: Helena Administradora');
    expect(html).toContain('>Pausar</button>');
    expect(html).not.toContain('>Retomar</button>');
  });

  it('is null for an unknown or a malformed id', async () => {
    expect(await getSubscriptionDetail(handle.db, randomUUID())).toBeNull();
    expect(await getSubscriptionDetail(handle.db, 'nao-e-um-id')).toBeNull();
    expect(await getSubscriptionDetail(handle.db, "1' or '1'='1")).toBeNull();
  });

  it("the admin's pause and resume go through changeSubscription and write history lines with actor admin", async () => {
    setClock('2026-05-20T15:00:00Z');
    const { id } = await subscriptionWithHistory('Kátia Moraes');
    const paused = await changeSubscription(handle.db, id, { kind: 'admin', userId: admin.id }, { action: 'pause' });
    expect(paused).toMatchObject({ ok: true, status: 'paused', resumeOn: '2026-08-20' });
    let detail = (await getSubscriptionDetail(handle.db, id))!;
    expect(detail).toMatchObject({ status: 'paused', pausedReason: 'customer', resumeOn: '2026-08-20', discount: true });
    expect(detail.events[0]).toMatchObject({ kind: 'paused', fromStatus: 'active', toStatus: 'paused', actor: 'admin', actorName: 'Helena Administradora', note: 'Volta sozinha em 2026-08-20' });
    let html = renderPage(detail);
    expect(html).toContain('>Pausada</span>');
    expect(html).toContain('Assinatura pausada');
    expect(html).toContain('Volta sozinha em 20/08/2026');
    expect(html).toContain('>Retomar</button>');

    // Pausing twice is refused, nothing written.
    expect(await changeSubscription(handle.db, id, { kind: 'admin', userId: admin.id }, { action: 'pause' })).toEqual({ ok: false, status: 409, message: 'Só é possível fazer isso com uma assinatura ativa.' });

    const resumed = await changeSubscription(handle.db, id, { kind: 'admin', userId: admin.id }, { action: 'resume' });
    expect(resumed).toMatchObject({ ok: true, status: 'active', nextDeliveryDate: '2026-06-10', resumeOn: null });
    detail = (await getSubscriptionDetail(handle.db, id))!;
    expect(detail).toMatchObject({ status: 'active', pausedReason: null, resumeOn: null, pausedAt: null });
    expect(detail.events.map((e) => [e.kind, e.actor, e.actorName])).toEqual([
      ['resumed', 'admin', 'Helena Administradora'],
      ['paused', 'admin', 'Helena Administradora'],
      ['created', 'admin', 'Helena Administradora'],
    ]);
    html = renderPage(detail);
    expect(html).toContain('Assinatura retomada');
    expect(html).toContain('>Pausar</button>');
  });

  it('the loader checks the admin role first and answers 404 for a malformed or unknown id', async () => {
    const { id } = await subscriptionWithHistory('Lúcia Freitas');
    mocks.requireAdmin.mockRejectedValueOnce(redirect(`/login?redirectTo=%2Fadmin%2Fsubscriptions%2F${id}`));
    const refused = await loader(loaderArgs(id)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Response);
    expect(mocks.getDb).not.toHaveBeenCalled();

    mocks.requireAdmin.mockResolvedValue(admin);
    mocks.getDb.mockResolvedValue(handle.db);
    const answer = await loader(loaderArgs(id));
    expect(answer.subscription).toMatchObject({ id, userName: 'Lúcia Freitas' });
    for (const bad of ['abc', randomUUID()]) {
      const missing = (await loader(loaderArgs(bad)).catch((e: unknown) => e)) as DataAnswer;
      expect(missing).toMatchObject({ data: 'Assinatura não encontrada.', init: { status: 404 } });
    }
  });

  it('the action pauses and resumes with toasts, and answers refusals with their status in pt-BR', async () => {
    setClock('2026-05-20T15:00:00Z');
    const { id, buyer } = await subscriptionWithHistory('Marta Quintana');
    mocks.requireAdminAction.mockResolvedValue(admin);
    mocks.getDb.mockResolvedValue(handle.db);
    const post = async (subscriptionId: string, body: Record<string, string>) => (await action(actionArgs(subscriptionId, body))) as unknown as DataAnswer;

    let answer = await post(id, { intent: 'pause' });
    expect(answer.init?.status ?? 200).toBe(200);
    expect(answer.data).toEqual({ ok: true, intent: 'pause', toast: { title: 'Assinatura pausada', description: 'Volta sozinha em 20/08/2026. O cliente foi avisado por e-mail.' } });
    answer = await post(id, { intent: 'pause' });
    expect(answer).toMatchObject({ data: { ok: false, toast: { title: 'Não foi possível concluir', description: 'Só é possível fazer isso com uma assinatura ativa.' } }, init: { status: 409 } });
    answer = await post(id, { intent: 'resume' });
    expect(answer.data).toMatchObject({ ok: true, toast: { title: 'Assinatura retomada', description: 'Próxima renovação em 10/06/2026. O cliente foi avisado por e-mail.' } });
    answer = await post(id, { intent: 'resume' });
    expect(answer).toMatchObject({ data: { ok: false, toast: { description: 'A assinatura não está pausada.' } }, init: { status: 409 } });

    // Paused past its renewal date: the admin's resume charges that period at once (not at the next hourly run).
    answer = await post(id, { intent: 'pause' });
    expect(answer.data).toMatchObject({ ok: true });
    setClock('2026-06-15T15:00:00Z');
    answer = await post(id, { intent: 'resume' });
    expect(answer.data).toMatchObject({ ok: true, toast: { title: 'Assinatura retomada', description: expect.stringMatching(/^A renovação de hoje foi (paga|cobrada)/) } });
    const [renewal] = await handle.db.select().from(t.subscriptionPeriods).where(and(eq(t.subscriptionPeriods.subscriptionId, id), eq(t.subscriptionPeriods.periodDate, '2026-06-15')));
    expect(renewal).toMatchObject({ kind: 'renewal', amount: '49.90' });
    expect(await handle.db.select().from(t.orders).where(eq(t.orders.id, renewal!.orderId!))).toEqual([expect.objectContaining({ subscriptionId: id, totalPrice: '49.90' })]);

    // Unknown intent, malformed and unknown ids.
    expect(await post(id, { intent: 'cancel' })).toMatchObject({ data: { ok: false, toast: { description: 'Ação inválida. Recarregue a página e tente novamente.' } }, init: { status: 400 } });
    expect(await post('abc', { intent: 'pause' })).toMatchObject({ data: { toast: { description: 'Assinatura não encontrada.' } }, init: { status: 404 } });
    expect(await post(randomUUID(), { intent: 'pause' })).toMatchObject({ data: { toast: { description: 'Assinatura não encontrada.' } }, init: { status: 404 } });

    // Paused for an unpaid renewal: only its payment resumes it; the admin is told so.
    await handle.db.update(t.userSubscriptions).set({ status: 'paused', pausedReason: 'payment_failed', pausedAt: new Date() }).where(eq(t.userSubscriptions.id, id));
    answer = await post(id, { intent: 'resume' });
    expect(answer).toMatchObject({
      data: { ok: false, toast: { description: 'Esta assinatura foi pausada por falta de pagamento: ela volta a ficar ativa quando o pedido em aberto for pago.' } },
      init: { status: 409 },
    });
    const detail = (await getSubscriptionDetail(handle.db, id))!;
    expect(detail).toMatchObject({ status: 'paused', pausedReason: 'payment_failed', discount: false });
    const html = renderPage(detail);
    expect(html).toContain('Pausada por falta de pagamento: volta a ficar ativa quando o pedido em aberto for pago.');
    expect(html).not.toContain('>Retomar</button>');
    expect(html).not.toContain('>Pausar</button>');
    // The changes that went through are in the history, each by the admin.
    expect(detail.events.filter((e) => e.actor === 'admin').map((e) => e.kind)).toEqual(['resumed', 'paused', 'resumed', 'paused', 'created']);
    expect(buyer.name).toBe('Marta Quintana');
  });
});
