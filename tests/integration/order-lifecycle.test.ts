// The order lifecycle on both engines: every allowed and refused transition, the history written
// with each, two admins at once, the customer's own cancel, payment confirmation (twice, late),
// expiry (twice at once, crashed half-way), and the address copied onto the order.
import { randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { advanceClock, resetClock, setClock, DAY_MS, MINUTE_MS } from '~/lib/clock';
import { todayInBrazil } from '~/lib/plans';
import { canApply, ORDER_ACTIONS, ORDER_STATUSES, type OrderAction, type OrderActor, type OrderStatus } from '~/lib/order-lifecycle';
import { payNowSchema } from '~/lib/schemas/checkout';
import { deleteAddress, saveAddress } from '~/server/account/addresses.server';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { searchProducts, getProductDetail } from '~/server/catalog/catalog.server';
import { placeOrder } from '~/server/flows/checkout.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import type { MailMessage } from '~/server/mail/transport.server';
import { expireUnpaidOrders } from '~/server/orders/expiry.server';
import { getOrderDetail, getOwnOrder } from '~/server/orders/orders.server';
import { applyOrderAction, confirmPayment, OrderActionError } from '~/server/orders/transitions.server';
import { builtInProvider } from '~/server/payments/provider.server';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';

const STATUSES = ORDER_STATUSES;
const ACTIONS = Object.keys(ORDER_ACTIONS) as OrderAction[];
const ACTORS: OrderActor[] = ['customer', 'admin', 'system'];

describe.each(engines)('order lifecycle on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let variant: { id: string; productId: string };
  let admin: { id: string };
  const sent: MailMessage[] = [];
  let n = 0;

  async function newBuyer() {
    n += 1;
    const id = `cliente-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Cliente ${n}`, email: `${id}@exemplo.com.br` });
    return { id, name: `Cliente ${n}`, email: `${id}@exemplo.com.br` };
  }

  async function buy(buyer: { id: string; name: string; email: string }, options: { method?: 'pix' | 'boleto' | 'credit_card'; quantity?: number; delivery?: unknown } = {}) {
    const input = payNowSchema.parse({
      intent: 'pay',
      cart: JSON.stringify([{ id: variant.id, product_id: variant.productId, quantity: options.quantity ?? 1 }]),
      idempotencyKey: randomUUID(),
      paymentMethod: options.method ?? 'pix',
      taxId: generateCpf(),
      delivery: options.delivery ?? NEW_ADDRESS_DELIVERY,
    });
    return (await placeOrder(handle.db, buyer, input, builtInProvider)).orderId;
  }

  /** Moves an order to `status` the way the store would (admin actions). */
  async function orderIn(status: OrderStatus) {
    const buyer = await newBuyer();
    const orderId = await buy(buyer);
    const path: Record<OrderStatus, OrderAction[]> = {
      pending: [],
      paid: ['confirm_payment'],
      preparing: ['confirm_payment', 'start_preparing'],
      shipped: ['confirm_payment', 'start_preparing', 'ship'],
      delivered: ['confirm_payment', 'start_preparing', 'ship', 'deliver'],
      cancelled: ['cancel'],
    };
    for (const action of path[status]) {
      await applyOrderAction(handle.db, { orderId, action, actor: { kind: 'admin', userId: admin.id }, carrier: 'correios', trackingCode: 'RA123456785BR', reason: 'Teste' });
    }
    return { orderId, buyer };
  }

  async function snapshot(orderId: string) {
    const [row] = await handle.db.select().from(t.orders).where(eq(t.orders.id, orderId));
    const [{ events } = { events: 0 }] = await handle.db.select({ events: sql<number>`count(*)::int` }).from(t.orderEvents).where(eq(t.orderEvents.orderId, orderId));
    return { status: row!.status, version: row!.version, events, cancelReason: row!.cancelReason, refundStatus: row!.refundStatus };
  }

  const stockOf = async (id: string) => (await handle.db.select({ stock: t.productVariants.stock }).from(t.productVariants).where(eq(t.productVariants.id, id)))[0]!.stock;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    const [p] = await searchProducts(handle.db, { term: 'detergente' });
    const detail = await getProductDetail(handle.db, p!.slug);
    variant = { id: detail!.variants[0]!.id, productId: detail!.id };
    await handle.db.update(t.productVariants).set({ stock: 1000 }).where(eq(t.productVariants.id, variant.id));
    admin = { id: `admin-${randomUUID().slice(0, 6)}` };
    await handle.db.insert(t.user).values({ id: admin.id, name: 'Admin Ana', email: `${admin.id}@clarear.com.br`, role: 'admin' });
    setMailTransport(async (m) => void sent.push(m));
  });
  afterEach(() => resetClock());
  afterAll(async () => {
    await settleBackgroundTasks();
    setMailTransport(null);
    await handle?.drop();
  });

  it('every action from every status and actor: allowed ones move the order and write history; the rest are a 409 that changes nothing', async () => {
    let checked = 0;
    for (const status of STATUSES) {
      for (const action of ACTIONS) {
        for (const actor of ACTORS) {
          const { orderId, buyer } = await orderIn(status);
          const before = await snapshot(orderId);
          const attempt = applyOrderAction(handle.db, {
            orderId,
            action,
            actor: actor === 'customer' ? { kind: 'customer', userId: buyer.id } : actor === 'admin' ? { kind: 'admin', userId: admin.id } : { kind: 'system' },
            carrier: 'correios',
            trackingCode: 'RA123456785BR',
            reason: 'Motivo do teste',
          });
          if (canApply(action, status, actor)) {
            const result = await attempt;
            expect(result.status).toBe(ORDER_ACTIONS[action].to);
            const after = await snapshot(orderId);
            expect(after).toMatchObject({ status: ORDER_ACTIONS[action].to, version: before.version + 1, events: before.events + 1 });
            const [event] = await handle.db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, orderId)).orderBy(sql`created_at desc, id desc`).limit(1);
            expect(event).toMatchObject({ fromStatus: status, toStatus: ORDER_ACTIONS[action].to, actor });
          } else {
            await expect(attempt).rejects.toMatchObject({ status: 409 });
            expect(await snapshot(orderId)).toEqual(before);
          }
          checked += 1;
        }
      }
    }
    expect(checked).toBe(STATUSES.length * ACTIONS.length * ACTORS.length);
  });

  it('a customer may cancel only their own pending order; someone else gets a 404 and nothing changes', async () => {
    const { orderId, buyer } = await orderIn('pending');
    const stranger = await newBuyer();
    await expect(applyOrderAction(handle.db, { orderId, action: 'cancel', actor: { kind: 'customer', userId: stranger.id }, reason: 'Não é meu' })).rejects.toMatchObject({ status: 404 });
    expect((await snapshot(orderId)).status).toBe('pending');
    await applyOrderAction(handle.db, { orderId, action: 'cancel', actor: { kind: 'customer', userId: buyer.id }, reason: 'Cancelado pelo cliente' });
    expect(await snapshot(orderId)).toMatchObject({ status: 'cancelled', cancelReason: 'Cancelado pelo cliente', refundStatus: null });
    const paid = await orderIn('paid');
    await expect(applyOrderAction(handle.db, { orderId: paid.orderId, action: 'cancel', actor: { kind: 'customer', userId: paid.buyer.id }, reason: 'Mudei de ideia' })).rejects.toMatchObject({ status: 409 });
  });

  it('shipping needs a carrier and a tracking code, and a Correios code must be valid; nothing changes until it is', async () => {
    const { orderId } = await orderIn('preparing');
    const before = await snapshot(orderId);
    const ship = (extra: Record<string, unknown>) => applyOrderAction(handle.db, { orderId, action: 'ship', actor: { kind: 'admin', userId: admin.id }, ...extra });
    await expect(ship({ trackingCode: 'RA123456785BR' })).rejects.toMatchObject({ status: 422, field: 'carrier' });
    await expect(ship({ carrier: 'correios' })).rejects.toMatchObject({ status: 422, field: 'trackingCode' });
    await expect(ship({ carrier: 'correios', trackingCode: 'RA123456789BR' })).rejects.toMatchObject({ status: 422, field: 'trackingCode', message: 'Código dos Correios inválido. Use o formato AA123456789BR.' });
    expect(await snapshot(orderId)).toEqual(before);
    await ship({ carrier: 'correios', trackingCode: 'ra 123456785 br' });
    const order = await getOrderDetail(handle.db, orderId);
    expect(order).toMatchObject({ status: 'shipped', carrier: 'correios', trackingCode: 'RA123456785BR' });
    // Another carrier's code has its own format.
    const other = await orderIn('preparing');
    await applyOrderAction(handle.db, { orderId: other.orderId, action: 'ship', actor: { kind: 'admin', userId: admin.id }, carrier: 'jadlog', trackingCode: '10084500123456' });
  });

  it('cancelling needs a reason; a paid order cancelled is marked for refund', async () => {
    const { orderId } = await orderIn('paid');
    await expect(applyOrderAction(handle.db, { orderId, action: 'cancel', actor: { kind: 'admin', userId: admin.id }, reason: '   ' })).rejects.toMatchObject({ status: 422, field: 'reason' });
    await applyOrderAction(handle.db, { orderId, action: 'cancel', actor: { kind: 'admin', userId: admin.id }, reason: 'Cliente pediu por telefone' });
    expect(await snapshot(orderId)).toMatchObject({ status: 'cancelled', refundStatus: 'pending', cancelReason: 'Cliente pediu por telefone' });
  });

  it('two admins act on one order at once: one wins, the other is told to reload, and the history has one entry', async () => {
    const { orderId } = await orderIn('paid');
    const { version } = await snapshot(orderId);
    const results = await Promise.allSettled([
      applyOrderAction(handle.db, { orderId, action: 'start_preparing', actor: { kind: 'admin', userId: admin.id }, expectedVersion: version }),
      applyOrderAction(handle.db, { orderId, action: 'cancel', actor: { kind: 'admin', userId: admin.id }, expectedVersion: version, reason: 'Sem estoque' }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toBeInstanceOf(OrderActionError);
    expect(lost[0]!.reason).toMatchObject({ status: 409, message: expect.stringContaining('Recarregue') });
    const after = await snapshot(orderId);
    expect(after.version).toBe(version + 1);
    expect(after.events).toBe(3); // created, paid, and the winner's
  });

  it('cancelling gives the stock back exactly once, however often it is tried', async () => {
    const before = await stockOf(variant.id);
    const buyer = await newBuyer();
    const orderId = await buy(buyer, { quantity: 3 });
    expect(await stockOf(variant.id)).toBe(before! - 3);
    const tries = await Promise.allSettled(
      Array.from({ length: 5 }, () => applyOrderAction(handle.db, { orderId, action: 'cancel', actor: { kind: 'admin', userId: admin.id }, reason: 'Duplicado' })),
    );
    expect(tries.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await stockOf(variant.id)).toBe(before);
  });

  it('payment confirmation: applied once, a repeat is a duplicate, and one after expiry is kept as late', async () => {
    sent.length = 0;
    const { orderId, buyer } = await orderIn('pending');
    const order = (await getOwnOrder(handle.db, buyer.id, orderId))!;
    const cents = Math.round(Number(order.totalPrice) * 100);
    const confirm = () => confirmPayment(handle.db, { orderId, provider: 'manual', reference: `manual:${orderId}`, amountCents: cents, actor: { kind: 'admin', userId: admin.id } });
    const outcomes = await Promise.all([confirm(), confirm(), confirm()]);
    expect(outcomes.sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    expect((await snapshot(orderId)).status).toBe('paid');
    await settleBackgroundTasks();
    expect(sent.filter((m) => m.to === buyer.email && m.subject.startsWith('Clarear: pagamento do pedido'))).toHaveLength(1);

    // An unpaid order expires; the bank's confirmation arrives afterwards.
    setClock(new Date());
    const late = await orderIn('pending');
    advanceClock(61 * MINUTE_MS);
    expect(await expireUnpaidOrders(handle.db)).toBeGreaterThanOrEqual(1);
    expect((await snapshot(late.orderId)).status).toBe('cancelled');
    expect(await confirmPayment(handle.db, { orderId: late.orderId, provider: 'banco', reference: 'E123', amountCents: 990, actor: { kind: 'system' } })).toBe('late');
    expect((await snapshot(late.orderId)).status).toBe('cancelled');
    // Less than the total does not pay an order either: kept for the admin.
    const short = await orderIn('pending');
    expect(await confirmPayment(handle.db, { orderId: short.orderId, provider: 'banco', reference: 'E124', amountCents: 1, actor: { kind: 'system' } })).toBe('late');
    expect((await snapshot(short.orderId)).status).toBe('pending');
    const detail = await getOrderDetail(handle.db, late.orderId);
    expect(detail!.confirmations).toEqual([expect.objectContaining({ outcome: 'late', provider: 'banco', reference: 'E123', amount: '9.90', resolvedAt: null })]);
  });

  it('expiry: a Pix after its minutes, a boleto after its due date plus the grace days; twice at once and after a crash, the stock comes back once', async () => {
    // A month after the real today: every order of earlier tests (placed on the real clock) is
    // past its deadline then, so one run puts them out of the way first.
    const day = (offset: number) => todayInBrazil(new Date(Date.now() + offset * DAY_MS));
    const isoPlus = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
    const startDay = day(30);
    setClock(new Date(`${startDay}T10:00:00-03:00`));
    await expireUnpaidOrders(handle.db);
    const buyer = await newBuyer();
    const stock0 = await stockOf(variant.id);
    const pix = await buy(buyer, { quantity: 2 });
    const boleto = await buy(buyer, { method: 'boleto', quantity: 1 });
    const card = await buy(buyer, { method: 'credit_card', quantity: 1 });
    expect(await stockOf(variant.id)).toBe(stock0! - 4);
    expect((await snapshot(card)).status).toBe('paid');

    advanceClock(59 * MINUTE_MS);
    await expireUnpaidOrders(handle.db);
    expect((await snapshot(pix)).status).toBe('pending');

    // A crash inside the expiry of the Pix: its transaction rolls back, nothing is half-done.
    advanceClock(2 * MINUTE_MS);
    await expect(expireUnpaidOrders(handle.db, { beforeCommit: async (id) => { if (id === pix) throw new Error('processo morreu'); } })).rejects.toThrow('processo morreu');
    expect(await snapshot(pix)).toMatchObject({ status: 'pending' });
    expect(await stockOf(variant.id)).toBe(stock0! - 4);

    // Two runs at once: the Pix is cancelled and its 2 units come back, once.
    const runs = await Promise.all([expireUnpaidOrders(handle.db), expireUnpaidOrders(handle.db)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await snapshot(pix)).toMatchObject({ status: 'cancelled', cancelReason: 'Pagamento não confirmado dentro do prazo', refundStatus: null });
    expect(await stockOf(variant.id)).toBe(stock0! - 2);

    // The boleto is due 3 days after the purchase and waits 2 more days: it expires at the start
    // of the 6th day after the purchase, São Paulo time (bought on the 24th → 30th at 00:00).
    const expiresDay = isoPlus(startDay, 6);
    setClock(new Date(`${isoPlus(startDay, 5)}T23:59:00-03:00`));
    await expireUnpaidOrders(handle.db);
    expect((await snapshot(boleto)).status).toBe('pending');
    setClock(new Date(`${expiresDay}T00:00:00-03:00`));
    await expireUnpaidOrders(handle.db);
    expect((await snapshot(boleto)).status).toBe('cancelled');
    expect(await stockOf(variant.id)).toBe(stock0! - 1);
    await settleBackgroundTasks();
    expect(sent.filter((m) => m.to === buyer.email && m.subject.includes('falta de pagamento'))).toHaveLength(2);
  });

  it('the address is copied onto the order: editing or deleting the saved one never changes it', async () => {
    const buyer = await newBuyer();
    const addressId = (await saveAddress(handle.db, buyer.id, { name: 'Casa', zipCode: '30130010', street: 'Rua da Bahia', number: '50', complement: null, neighborhood: 'Centro', city: 'Belo Horizonte', state: 'MG', isDefault: true }))!;
    const orderId = await buy(buyer, { delivery: { addressId, recipientName: 'João Souza' } });
    await saveAddress(handle.db, buyer.id, { name: 'Casa', zipCode: '01001000', street: 'Praça da Sé', number: '1', complement: null, neighborhood: 'Sé', city: 'São Paulo', state: 'SP', isDefault: true }, addressId);
    expect((await getOwnOrder(handle.db, buyer.id, orderId))!.address).toEqual({
      recipientName: 'João Souza', street: 'Rua da Bahia', number: '50', complement: null, neighborhood: 'Centro', city: 'Belo Horizonte', state: 'MG', zipCode: '30130010',
    });
    await deleteAddress(handle.db, buyer.id, addressId);
    expect((await getOwnOrder(handle.db, buyer.id, orderId))!.address?.street).toBe('Rua da Bahia');
  });

  it("someone else's saved address is refused and nothing is written", async () => {
    const owner = await newBuyer();
    const thief = await newBuyer();
    const addressId = (await saveAddress(handle.db, owner.id, { name: 'Casa', zipCode: '30130010', street: 'Rua da Bahia', number: '50', complement: null, neighborhood: 'Centro', city: 'Belo Horizonte', state: 'MG', isDefault: true }))!;
    await expect(buy(thief, { delivery: { addressId, recipientName: 'Ladrão' } })).rejects.toMatchObject({ step: 'delivery', field: 'delivery.addressId' });
    expect(await handle.db.select().from(t.orders).where(eq(t.orders.userId, thief.id))).toEqual([]);
  });

  it('each e-mail about an order is queued with the change, once per kind', async () => {
    const { orderId, buyer } = await orderIn('delivered');
    const rows = await handle.db.select().from(t.emailOutbox).where(and(eq(t.emailOutbox.toAddress, buyer.email)));
    expect(rows.map((r) => r.kind).sort()).toEqual(['order-delivered', 'order-paid', 'order-placed', 'order-shipped']);
    // Read back from the outbox: each has its text and its HTML part's content (not the HTML: a few hundred bytes, never compressed out of line).
    const number = orderId.slice(0, 8).toUpperCase();
    for (const row of rows) {
      expect(row.subject).toContain(number);
      expect(row.textBody).toContain(number);
      expect(row.htmlBody).toBeNull();
      expect(row.htmlContent!.length).toBeLessThan(2000);
    }
    // As the mail worker sends them: the HTML part in the store's layout, with the order's number.
    await settleBackgroundTasks();
    const delivered = sent.filter((m) => m.to === buyer.email);
    expect(delivered.map((m) => m.subject).sort()).toEqual(rows.map((r) => r.subject).sort());
    for (const mail of delivered) {
      expect(mail.html).toContain('lang="pt-BR"');
      expect(mail.html).toContain(number);
    }
    const shipped = rows.find((r) => r.kind === 'order-shipped')!.subject;
    expect(delivered.find((m) => m.subject === shipped)!.html).toContain('href="https://rastreamento.correios.com.br/app/index.php?objetos=RA123456785BR"');
    const events = (await getOwnOrder(handle.db, buyer.id, orderId))!.events.map((e) => e.toStatus);
    expect(events).toEqual(['pending', 'paid', 'preparing', 'shipped', 'delivered']);
  });
});
