// Issue 35: a company's purchase-order number ("Nº do pedido de compra"), through the checkout's real
// action (session and database stubbed) on each engine: written on a CNPJ's order, refused in pt-BR
// beside its field with nothing written when too long or with other characters, never on a CPF's
// order; shown by the customer's order page, the e-mails and the admin's CSV export.
import { randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { PURCHASE_ORDER_MESSAGES } from '~/lib/schemas/purchase-order';
import { action as checkoutAction } from '~/routes/checkout';
import { action as buyAgainAction } from '~/routes/order-buy-again';
import { PLAN_NAME } from '~/lib/plans';
import { loader as orderLoader } from '~/routes/order';
import { loader as exportLoader } from '~/routes/admin/orders-export';
import { getProductDetail, searchProducts } from '~/server/catalog/catalog.server';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { orderEmail } from '~/server/orders/emails.server';
import { getOwnOrder, listOwnOrders } from '~/server/orders/orders.server';
import { NEW_ADDRESS_FIELDS } from '../support/delivery';
import { engines } from '../support/engines';

const mocks = vi.hoisted(() => ({ getSessionUser: vi.fn(), getDb: vi.fn() }));
vi.mock('~/server/auth/session.server', () => ({
  getSessionUser: mocks.getSessionUser,
  requireUser: async (request: Request) => {
    const user = (await mocks.getSessionUser(request)) as unknown;
    if (!user) throw new Response(null, { status: 302 });
    return user;
  },
  requireAdminAction: async (request: Request) => {
    const user = (await mocks.getSessionUser(request)) as { role?: string } | null;
    if (user?.role !== 'admin') throw new Response(null, { status: 403 });
    return user;
  },
}));
vi.mock('~/server/infra/db.server', () => ({ getDb: mocks.getDb }));

type Args = { request: Request; params: Record<string, string>; context: unknown };
const CNPJ = '11.222.333/0001-81';
const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

async function answerOf(run: () => unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, body: {} };
  const d = value as { type?: string; data: Record<string, unknown>; init: ResponseInit | null };
  if (d?.type === 'DataWithResponseInit') return { status: d.init?.status ?? 200, body: d.data };
  return { status: 200, body: value as Record<string, unknown> };
}

describe.each(engines)('purchase-order number on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let variant: { id: string; productId: string };
  let n = 0;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    setMailTransport(async () => undefined);
    const [p] = await searchProducts(handle.db, { term: 'detergente' });
    const d = (await getProductDetail(handle.db, p!.slug))!;
    variant = { id: d.variants[0]!.id, productId: d.id };
    await handle.db.update(t.productVariants).set({ stock: 1000 }).where(eq(t.productVariants.id, variant.id));
    mocks.getDb.mockResolvedValue(handle.db);
  });
  afterAll(async () => {
    await settleBackgroundTasks();
    setMailTransport(null);
    await handle?.drop();
  });

  async function newBuyer() {
    n += 1;
    const id = `po-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Empresa ${n}`, email: `${id}@exemplo.com.br` });
    return { id, name: `Empresa ${n}`, email: `${id}@exemplo.com.br`, role: 'customer' };
  }
  const orderCount = async () => ((await handle.db.execute(sql`select count(*)::int as n from orders`)).rows[0] as { n: number }).n;
  const orderRow = async (id: string) => (await handle.db.select().from(t.orders).where(eq(t.orders.id, id)))[0]!;

  async function pay(buyer: Awaited<ReturnType<typeof newBuyer>>, fields: Record<string, string>) {
    mocks.getSessionUser.mockResolvedValueOnce(buyer);
    const body = {
      intent: 'pay',
      cart: JSON.stringify([{ id: variant.id, product_id: variant.productId, quantity: 1 }]),
      idempotencyKey: randomUUID(),
      paymentMethod: 'pix',
      installments: '1',
      deliveryFrequency: '0',
      ...NEW_ADDRESS_FIELDS,
      acceptTerms: '1',
      ...fields,
    };
    const request = new Request('http://localhost/checkout', form(body));
    return answerOf(() => checkoutAction({ request, params: {}, context: {} } as Args as Parameters<typeof checkoutAction>[0]));
  }

  it('a CNPJ buyer’s number is written trimmed on the order and shown on the order page, Meus Pedidos, the e-mails and the CSV', async () => {
    const buyer = await newBuyer();
    const paid = await pay(buyer, { taxId: CNPJ, ieIndicator: '9', purchaseOrder: '  PC-2026/0042  ' });
    expect(paid.status).toBe(200);
    const orderId = paid.body.orderId as string;
    expect((await orderRow(orderId)).purchaseOrderNumber).toBe('PC-2026/0042');

    mocks.getSessionUser.mockResolvedValueOnce(buyer);
    const page = (await orderLoader({ request: new Request(`http://localhost/pedido/${orderId}`), params: { id: orderId }, context: {} } as Args as Parameters<typeof orderLoader>[0])) as {
      order: { purchaseOrderNumber: string | null };
    };
    expect(page.order.purchaseOrderNumber).toBe('PC-2026/0042');
    expect((await listOwnOrders(handle.db, buyer.id)).items[0]!.purchaseOrderNumber).toBe('PC-2026/0042');

    // The confirmation queued with the order, and the paid and shipped texts.
    await settleBackgroundTasks();
    const [placed] = await handle.db.select().from(t.emailOutbox).where(eq(t.emailOutbox.dedupeKey, `order:${orderId}:placed`));
    expect(placed?.textBody).toContain('Pedido de compra: PC-2026/0042');
    const summary = (await getOwnOrder(handle.db, buyer.id, orderId))!;
    for (const kind of ['placed', 'paid', 'shipped'] as const) expect(orderEmail(kind, summary, { name: buyer.name, email: buyer.email }).text).toContain('Pedido de compra: PC-2026/0042');
    expect(orderEmail('delivered', summary, { name: buyer.name, email: buyer.email }).text).not.toContain('Pedido de compra');

    mocks.getSessionUser.mockResolvedValueOnce({ id: 'admin', role: 'admin' });
    const csv = await (exportLoader({ request: new Request('http://localhost/admin/orders/export.csv'), params: {}, context: {} } as Args as Parameters<typeof exportLoader>[0]) as Promise<Response>).then((r) => r.text());
    const [header, ...rows] = csv.replace(/^\uFEFF/, '').split('\r\n');
    const column = header!.split(';').indexOf('Pedido de compra');
    expect(column).toBeGreaterThan(0);
    const row = rows.find((r) => r.includes(orderId))!.split(';');
    expect(row[column]).toBe('PC-2026/0042');
  });

  it('an empty field writes none; too long or other characters are refused in pt-BR beside the field and nothing is written', async () => {
    const buyer = await newBuyer();
    const none = await pay(buyer, { taxId: CNPJ, ieIndicator: '9', purchaseOrder: '   ' });
    expect(none.status).toBe(200);
    expect((await orderRow(none.body.orderId as string)).purchaseOrderNumber).toBeNull();

    const before = await orderCount();
    const long = await pay(buyer, { taxId: CNPJ, ieIndicator: '9', purchaseOrder: 'P'.repeat(41) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ purchaseOrder: PURCHASE_ORDER_MESSAGES.tooLong });
    const odd = await pay(buyer, { taxId: CNPJ, ieIndicator: '9', purchaseOrder: 'PC<1>' });
    expect(odd.status).toBe(400);
    expect(odd.body.errors).toEqual({ purchaseOrder: PURCHASE_ORDER_MESSAGES.characters });
    expect(await orderCount()).toBe(before);
  });

  it('a CPF’s order never carries one, even if posted', async () => {
    const buyer = await newBuyer();
    const paid = await pay(buyer, { taxId: generateCpf(), purchaseOrder: 'PC-1' });
    expect(paid.status).toBe(200);
    expect((await orderRow(paid.body.orderId as string)).purchaseOrderNumber).toBeNull();
  });

  it('“Comprar novamente”: the goods still sold at today’s price (capped by stock), the rest named; the plan line skipped; another customer gets a 404', async () => {
    const owner = await newBuyer();
    const other = await newBuyer();
    const [p1, p2] = await searchProducts(handle.db, { term: 'detergente' });
    const d1 = (await getProductDetail(handle.db, p1!.slug))!;
    const d2 = (await getProductDetail(handle.db, p2!.slug))!;
    const sold = d1.variants[0]!;
    const scarce = d2.variants[0]!;
    await handle.db.update(t.productVariants).set({ stock: 1000, price: '12.34' }).where(eq(t.productVariants.id, sold.id));
    await handle.db.update(t.productVariants).set({ stock: 2 }).where(eq(t.productVariants.id, scarce.id));
    const soldOut = d2.variants[1]!;
    await handle.db.update(t.productVariants).set({ stock: 0 }).where(eq(t.productVariants.id, soldOut.id));
    const [order] = await handle.db
      .insert(t.orders)
      .values({ userId: owner.id, status: 'delivered', totalPrice: '10', subtotalPrice: '10', discountPrice: '0', paymentMethod: 'pix', idempotencyKey: randomUUID() })
      .returning({ id: t.orders.id });
    await handle.db.insert(t.orderItems).values([
      { orderId: order!.id, productId: d1.id, productName: d1.name, size: sold.size, quantity: 3, priceAtPurchase: '9.99' },
      { orderId: order!.id, productId: d2.id, productName: d2.name, size: scarce.size, quantity: 5, priceAtPurchase: '9.99' },
      { orderId: order!.id, productId: d2.id, productName: d2.name, size: soldOut.size, quantity: 1, priceAtPurchase: '9.99' },
      { orderId: order!.id, productId: d1.id, productName: d1.name, size: '20 L', quantity: 1, priceAtPurchase: '9.99' },
      { orderId: order!.id, productId: null, productName: 'Álcool 70%', size: '1 L', quantity: 1, priceAtPurchase: '9.99' },
      { orderId: order!.id, productId: null, productName: `${PLAN_NAME} — mensal`, size: null, quantity: 1, priceAtPurchase: '0' },
    ]);
    const post = (who: unknown, id: string) => {
      mocks.getSessionUser.mockResolvedValueOnce(who);
      const request = new Request(`http://localhost/pedido/${id}/comprar-novamente`, form({}));
      return answerOf(() => buyAgainAction({ request, params: { id }, context: {} } as Args as Parameters<typeof buyAgainAction>[0]));
    };

    const mine = await post(owner, order!.id);
    expect(mine.status).toBe(200);
    const items = mine.body.items as { id: string; product_id: string; price: string; quantity: number }[];
    expect(items.map((i) => ({ id: i.id, product_id: i.product_id, price: i.price, quantity: i.quantity })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: sold.id, product_id: d1.id, price: '12.34', quantity: 3 },
        { id: scarce.id, product_id: d2.id, price: scarce.price, quantity: 2 },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect((mine.body.unavailable as string[]).sort()).toEqual([`${d1.name} (20 L)`, `${d2.name} (${soldOut.size})`, 'Álcool 70% (1 L)'].sort());
    expect(mine.body.unavailable).not.toContain(expect.stringContaining(PLAN_NAME));

    expect((await post(other, order!.id)).status).toBe(404);
    expect((await post(owner, '-'.repeat(36))).status).toBe(404);
    expect((await post(null, order!.id)).status).toBe(302);
  });
});
