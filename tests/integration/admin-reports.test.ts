// The admin reports' figures on a known data set, on every engine: São Paulo day boundaries (23:59
// in, 00:01 of the next day out), cancelled and refunded orders out of revenue, refunds on their
// own, the previous period's figures, MRR at each period's end, the breakdowns, and the CSVs parsed
// back (BOM, ';', accents). "Now" is 20 May 2026, 12:00 in São Paulo; the period is 1–10 May.
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as t from '~/db/schema';
import type { OrderStatus } from '~/lib/order-lifecycle';
import { resetClock, setClock } from '~/lib/clock';
import { reportPeriod } from '~/lib/reports';
import { loader as exportLoader } from '~/routes/admin/reports-export';
import { loader as pageLoader } from '~/routes/admin/reports';
import { getDashboard } from '~/server/reports/dashboard.server';
import { getReport, getReportTable } from '~/server/reports/reports.server';
import { engines } from '../support/engines';

// The routes' session check and app database are stubbed; the figures come from the test database.
const mocks = vi.hoisted(() => ({ requireAdmin: vi.fn(), requireAdminAction: vi.fn(), getDb: vi.fn() }));
vi.mock('~/server/auth/session.server', () => ({ requireAdmin: mocks.requireAdmin, requireAdminAction: mocks.requireAdminAction }));
vi.mock('~/server/infra/db.server', () => ({ getDb: mocks.getDb }));

const NOW = new Date('2026-05-20T15:00:00Z');
const PERIOD = reportPeriod({ from: '2026-05-01', to: '2026-05-10' }, NOW);
/** São Paulo wall time → instant (UTC−3 in 2026). */
const sp = (local: string) => new Date(`${local}-03:00`);

type ExportArgs = Parameters<typeof exportLoader>[0];
type PageArgs = Parameters<typeof pageLoader>[0];
const args = <T,>(url: string) => ({ request: new Request(`http://localhost${url}`), params: {}, context: {} }) as unknown as T;

describe.each(engines)('admin reports on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;

  async function customer(name: string, createdAt: string, role: 'customer' | 'admin' = 'customer') {
    const id = `rep-${randomUUID()}`;
    await handle.db.insert(t.user).values({ id, name, email: `${name.split(' ')[0]!.toLowerCase()}.${id.slice(-4)}@exemplo.com.br`, role, createdAt: sp(createdAt) });
    return id;
  }

  type Item = { productId: string | null; name: string; size: string | null; quantity: number; price: string };
  type OrderInput = {
    userId: string;
    status: OrderStatus;
    at: string;
    total: string;
    subtotal?: string;
    discount?: { kind: 'subscriber' | 'welcome'; amount: string };
    method?: 'pix' | 'credit_card' | 'boleto';
    state?: string;
    items?: Item[];
    refund?: 'pending' | 'refunded';
    cancelledAt?: string;
  };

  async function order(o: OrderInput) {
    const address = o.state
      ? { shipName: 'Destinatário', shipStreet: 'Rua das Flores', shipNumber: '10', shipNeighborhood: 'Centro', shipCity: 'Cidade', shipState: o.state, shipZipCode: '01001000' }
      : {};
    const [row] = await handle.db
      .insert(t.orders)
      .values({
        userId: o.userId,
        status: o.status,
        totalPrice: o.total,
        subtotalPrice: o.subtotal ?? o.total,
        discountPrice: o.discount?.amount ?? '0',
        discountKind: o.discount?.kind ?? null,
        paymentMethod: o.method ?? 'pix',
        createdAt: sp(o.at),
        idempotencyKey: randomUUID(),
        cancelReason: o.status === 'cancelled' ? 'Teste' : null,
        refundStatus: o.refund ?? null,
        ...address,
      })
      .returning({ id: t.orders.id });
    const id = row!.id;
    await handle.db.insert(t.orderEvents).values({ orderId: id, fromStatus: null, toStatus: 'pending', actor: 'customer', createdAt: sp(o.at) });
    if (o.cancelledAt) {
      await handle.db.insert(t.orderEvents).values({ orderId: id, fromStatus: o.refund ? 'paid' : 'pending', toStatus: 'cancelled', actor: 'admin', createdAt: sp(o.cancelledAt) });
    }
    if (o.items?.length) {
      await handle.db
        .insert(t.orderItems)
        .values(o.items.map((i) => ({ orderId: id, productId: i.productId, productName: i.name, size: i.size, quantity: i.quantity, priceAtPurchase: i.price })));
    }
    return id;
  }

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    mocks.getDb.mockResolvedValue(handle.db);
    setClock(NOW);

    const ana = await customer('Ana Conceição', '2026-05-02T09:00:00');
    const bruno = await customer('Bruno Araújo', '2026-04-25T09:00:00');
    const carla = await customer('Carla Simões', '2026-03-01T09:00:00');
    await customer('Admin Loja', '2026-05-03T09:00:00', 'admin');

    const [limpeza] = await handle.db.insert(t.categories).values({ name: 'Limpeza Pesada' }).returning();
    const [detergente] = await handle.db.insert(t.products).values({ name: 'Detergente Neutro', slug: `detergente-${randomUUID().slice(0, 6)}`, categoryId: limpeza!.id }).returning();
    const [agua] = await handle.db.insert(t.products).values({ name: 'Água Sanitária', slug: `agua-${randomUUID().slice(0, 6)}` }).returning();
    const det500 = (quantity: number): Item => ({ productId: detergente!.id, name: 'Detergente Neutro', size: '500 mL', quantity, price: '30.00' });
    const det1l = (price: string): Item => ({ productId: detergente!.id, name: 'Detergente Neutro', size: '1 L', quantity: 1, price });
    const agua1l = (quantity: number): Item => ({ productId: agua!.id, name: 'Água Sanitária', size: '1 L', quantity, price: '40.00' });

    // The period (1–10 May).
    await order({ userId: ana, status: 'paid', at: '2026-05-10T23:59:00', total: '100.00', method: 'pix', state: 'SP', items: [det500(2), agua1l(1)] });
    await order({
      userId: bruno,
      status: 'delivered',
      at: '2026-05-01T00:01:00',
      total: '54.00',
      subtotal: '60.00',
      discount: { kind: 'subscriber', amount: '6.00' },
      method: 'credit_card',
      state: 'RJ',
      items: [det500(2)],
    });
    await order({ userId: carla, status: 'shipped', at: '2026-05-05T12:00:00', total: '90.00', subtotal: '100.00', discount: { kind: 'welcome', amount: '10.00' }, method: 'boleto', state: 'SP', items: [det1l('100.00')] });
    // Out: 00:01 of 11 May in São Paulo (03:01 UTC), pending, cancelled before payment (no refund), refunded.
    await order({ userId: ana, status: 'paid', at: '2026-05-11T00:01:00', total: '500.00', state: 'SP', items: [det500(10)] });
    await order({ userId: bruno, status: 'pending', at: '2026-05-06T10:00:00', total: '33.00', state: 'SP', items: [det500(1)] });
    await order({ userId: ana, status: 'cancelled', at: '2026-05-04T10:00:00', total: '44.00', state: 'SP', items: [det500(1)], cancelledAt: '2026-05-05T10:00:00' });
    await order({ userId: carla, status: 'cancelled', at: '2026-05-03T10:00:00', total: '70.00', state: 'MG', items: [agua1l(1)], refund: 'refunded', cancelledAt: '2026-05-04T12:00:00' });

    // The previous period (21–30 April).
    await order({ userId: bruno, status: 'paid', at: '2026-04-30T23:59:00', total: '80.00', state: 'MG', items: [agua1l(2)] });
    await order({ userId: carla, status: 'delivered', at: '2026-04-21T00:00:00', total: '120.00', state: 'SP', items: [det1l('120.00')] });
    await order({ userId: bruno, status: 'cancelled', at: '2026-04-26T10:00:00', total: '30.00', state: 'SP', items: [det500(1)], refund: 'pending', cancelledAt: '2026-04-28T10:00:00' });
    // March: a plan line (no product, no size) and the same product sold under an older name.
    await order({
      userId: bruno,
      status: 'paid',
      at: '2026-03-10T10:00:00',
      total: '79.90',
      state: 'SP',
      items: [{ productId: null, name: 'Assinatura Inteligente — Plano Mensal', size: null, quantity: 1, price: '49.90' }, { ...det500(1), name: 'Detergente Antigo' }],
    });
    await order({ userId: carla, status: 'delivered', at: '2026-03-12T10:00:00', total: '30.00', state: 'SP', items: [det500(1)] });
    // Before both.
    await order({ userId: carla, status: 'paid', at: '2026-04-20T23:59:00', total: '999.00', state: 'SP' });

    // Subscriptions: Bruno's monthly one began in the period; Carla's annual one began before and ended in it.
    const sub = (userId: string, frequency: 'monthly' | 'annual', total: string, createdAt: string, status: 'active' | 'cancelled') =>
      handle.db
        .insert(t.userSubscriptions)
        .values({ userId, frequency, totalValue: total, status, createdAt: sp(createdAt), anchorDate: createdAt.slice(0, 10), nextDeliveryDate: '2026-06-02', paidThrough: '2026-06-02' })
        .returning({ id: t.userSubscriptions.id });
    const [monthly] = await sub(bruno, 'monthly', '45.00', '2026-05-02T10:00:00', 'active');
    const [annual] = await sub(carla, 'annual', '600.00', '2026-04-22T10:00:00', 'cancelled');
    // Ana's monthly plan, active but paid only through 25 April (its renewal unpaid): in no MRR after that day.
    const [unpaid] = await handle.db
      .insert(t.userSubscriptions)
      .values({ userId: ana, frequency: 'monthly', totalValue: '49.90', status: 'active', createdAt: sp('2026-03-25T10:00:00'), anchorDate: '2026-03-25', nextDeliveryDate: '2026-04-25', paidThrough: '2026-04-25' })
      .returning({ id: t.userSubscriptions.id });
    await handle.db.insert(t.subscriptionEvents).values({ subscriptionId: unpaid!.id, kind: 'created', fromStatus: null, toStatus: 'active', actor: 'customer', createdAt: sp('2026-03-25T10:00:00') });
    await handle.db.insert(t.subscriptionEvents).values([
      { subscriptionId: monthly!.id, kind: 'created', fromStatus: null, toStatus: 'active', actor: 'customer', createdAt: sp('2026-05-02T10:00:00') },
      { subscriptionId: annual!.id, kind: 'created', fromStatus: null, toStatus: 'active', actor: 'customer', createdAt: sp('2026-04-22T10:00:00') },
      { subscriptionId: annual!.id, kind: 'cancelled', fromStatus: 'active', toStatus: 'cancelled', actor: 'customer', createdAt: sp('2026-05-06T10:00:00') },
    ]);
  });
  afterEach(() => vi.clearAllMocks());
  afterAll(async () => {
    resetClock();
    await handle?.drop();
  });

  it('KPIs: paid orders by São Paulo day, refunds apart, each with the previous period', async () => {
    const { kpis } = await getReport(handle.db, PERIOD, NOW);
    expect(PERIOD.previous).toEqual({ from: '2026-04-21', to: '2026-04-30' });
    expect(kpis).toEqual({
      revenueCents: { current: 24400, previous: 20000 },
      orders: { current: 3, previous: 2 },
      averageTicketCents: { current: 8133, previous: 10000 },
      itemsSold: { current: 6, previous: 3 },
      newCustomers: { current: 1, previous: 1 },
      newSubscriptions: { current: 1, previous: 1 },
      cancelledSubscriptions: { current: 1, previous: 0 },
      // At 11 May 00:00: Bruno's 45,00 a month; at 1 May 00:00: Carla's 600,00 a year, then active.
      mrrCents: { current: 4500, previous: 5000 },
      subscriberDiscountCents: { current: 600, previous: 0 },
      welcomeDiscountCents: { current: 1000, previous: 0 },
      freightCents: { current: 0, previous: 0 },
      refundsCents: { current: 7000, previous: 3000 },
      refunds: { current: 1, previous: 1 },
    });
  });

  it('the daily series has every day of the period; 00:01 of the 1st and 23:59 of the 10th are in', async () => {
    const { daily } = await getReport(handle.db, PERIOD, NOW);
    expect(daily).toHaveLength(10);
    expect(daily[0]).toEqual({ day: '2026-05-01', orders: 1, revenueCents: 5400 });
    expect(daily[4]).toEqual({ day: '2026-05-05', orders: 1, revenueCents: 9000 });
    expect(daily[9]).toEqual({ day: '2026-05-10', orders: 1, revenueCents: 10000 });
    expect(daily.reduce((s, d) => s + d.revenueCents, 0)).toBe(24400);
    // The next day alone: the order at 00:01 of 11 May.
    const next = await getReport(handle.db, reportPeriod({ from: '2026-05-11', to: '2026-05-11' }, NOW), NOW);
    expect(next.kpis.revenueCents.current).toBe(50000);
    expect(next.daily).toEqual([{ day: '2026-05-11', orders: 1, revenueCents: 50000 }]);
  });

  it('MRR for a period ending today is the dashboard figure', async () => {
    const today = await getReport(handle.db, reportPeriod({ preset: 'hoje' }, NOW), NOW);
    expect(today.kpis.mrrCents.current).toBe((await getDashboard(handle.db, NOW)).mrrCents);
    expect(today.kpis.mrrCents.current).toBe(4500);
  });

  it('breakdowns: product, size, category, payment method, customers, UF', async () => {
    const { tables } = await getReport(handle.db, PERIOD, NOW);
    expect(tables.produtos).toEqual([
      { name: 'Detergente Neutro', units: 5, revenueCents: 22000 },
      { name: 'Água Sanitária', units: 1, revenueCents: 4000 },
    ]);
    expect(tables.tamanhos).toEqual([
      { name: 'Detergente Neutro', size: '500 mL', units: 4, revenueCents: 12000 },
      { name: 'Detergente Neutro', size: '1 L', units: 1, revenueCents: 10000 },
      { name: 'Água Sanitária', size: '1 L', units: 1, revenueCents: 4000 },
    ]);
    expect(tables.categorias).toEqual([
      { name: 'Limpeza Pesada', units: 5, revenueCents: 22000 },
      { name: 'Sem categoria', units: 1, revenueCents: 4000 },
    ]);
    expect(tables.pagamentos).toEqual([
      { name: 'Pix', orders: 1, revenueCents: 10000 },
      { name: 'Boleto bancário', orders: 1, revenueCents: 9000 },
      { name: 'Cartão de crédito', orders: 1, revenueCents: 5400 },
    ]);
    expect(tables.clientes.map((r) => [r.name, r.orders, r.revenueCents])).toEqual([
      ['Ana Conceição', 1, 10000],
      ['Carla Simões', 1, 9000],
      ['Bruno Araújo', 1, 5400],
    ]);
    expect(tables.estados).toEqual([
      { name: 'SP', orders: 2, revenueCents: 19000 },
      { name: 'RJ', orders: 1, revenueCents: 5400 },
    ]);
    expect(await getReportTable(handle.db, PERIOD, 'estados')).toEqual(tables.estados);
  });

  it('a product sold under an older name is one row by its current name; a plan line has no size nor category', async () => {
    const { tables, kpis } = await getReport(handle.db, reportPeriod({ from: '2026-03-01', to: '2026-03-31' }, NOW), NOW);
    expect(kpis.itemsSold.current).toBe(3);
    expect(tables.produtos).toEqual([
      { name: 'Detergente Neutro', units: 2, revenueCents: 6000 },
      { name: 'Assinatura Inteligente — Plano Mensal', units: 1, revenueCents: 4990 },
    ]);
    expect(tables.tamanhos).toEqual([
      { name: 'Detergente Neutro', size: '500 mL', units: 2, revenueCents: 6000 },
      { name: 'Assinatura Inteligente — Plano Mensal', size: '—', units: 1, revenueCents: 4990 },
    ]);
    expect(tables.categorias).toEqual([
      { name: 'Limpeza Pesada', units: 2, revenueCents: 6000 },
      { name: 'Sem categoria', units: 1, revenueCents: 4990 },
    ]);
  });

  it('an empty period is zeros, and every change reads "—"', async () => {
    const { kpis, tables } = await getReport(handle.db, reportPeriod({ from: '2025-01-01', to: '2025-01-31' }, NOW), NOW);
    expect(kpis.revenueCents).toEqual({ current: 0, previous: 0 });
    expect(kpis.averageTicketCents).toEqual({ current: 0, previous: 0 });
    expect(Object.values(tables).every((rows) => rows.length === 0)).toBe(true);
  });

  it('the page loader reads the period from the URL; refused dates keep their message and show 30 days', async () => {
    const ok = await pageLoader(args<PageArgs>('/admin/reports?periodo=personalizado&de=2026-05-01&ate=2026-05-10'));
    expect(mocks.requireAdmin).toHaveBeenCalledOnce();
    expect(ok.report?.kpis.revenueCents.current).toBe(24400);
    const refused = await pageLoader(args<PageArgs>('/admin/reports?periodo=personalizado&de=2026-05-10&ate=2026-05-01'));
    expect(refused.query.errors).toEqual({ de: 'A data inicial deve ser igual ou anterior à final.' });
    expect(refused.query.values).toMatchObject({ de: '2026-05-10', ate: '2026-05-01' });
    expect(refused.report?.period).toMatchObject({ preset: '30dias', from: '2026-04-21', to: '2026-05-20' });
  });

  it('CSVs: UTF-8 with BOM, ";" separated, accents intact, amounts as 1234,50', async () => {
    const q = 'periodo=personalizado&de=2026-05-01&ate=2026-05-10';
    const response = await exportLoader(args<ExportArgs>(`/admin/reports/export.csv?tabela=clientes&${q}`));
    expect(mocks.requireAdminAction).toHaveBeenCalledOnce();
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="melhores-clientes-2026-05-01-a-2026-05-10.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8').decode(bytes);
    const rows = parse(text, { bom: true, delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual(['Cliente', 'E-mail', 'Pedidos', 'Faturamento']);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[3]])).toEqual([
      ['Ana Conceição', '1', '100,00'],
      ['Carla Simões', '1', '90,00'],
      ['Bruno Araújo', '1', '54,00'],
    ]);

    const sizes = parse(await (await exportLoader(args<ExportArgs>(`/admin/reports/export.csv?tabela=tamanhos&${q}`))).text(), { bom: true, delimiter: ';' }) as string[][];
    expect(sizes).toEqual([
      ['Produto', 'Tamanho', 'Unidades', 'Faturamento'],
      ['Detergente Neutro', '500 mL', '4', '120,00'],
      ['Detergente Neutro', '1 L', '1', '100,00'],
      ['Água Sanitária', '1 L', '1', '40,00'],
    ]);
    const states = parse(await (await exportLoader(args<ExportArgs>(`/admin/reports/export.csv?tabela=estados&${q}`))).text(), { bom: true, delimiter: ';' }) as string[][];
    expect(states).toEqual([['UF', 'Pedidos', 'Faturamento'], ['SP', '2', '190,00'], ['RJ', '1', '54,00']]);
  });

  it('the CSV refuses an unknown table or refused dates in pt-BR, never another period', async () => {
    const unknown = await exportLoader(args<ExportArgs>('/admin/reports/export.csv?tabela=senhas&periodo=ano'));
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toBe('Tabela de relatório desconhecida.');
    const future = await exportLoader(args<ExportArgs>('/admin/reports/export.csv?tabela=produtos&periodo=personalizado&de=2026-05-01&ate=2026-06-01'));
    expect(future.status).toBe(400);
    expect(await future.text()).toBe('A data final não pode ser depois de hoje.');
  });
});
