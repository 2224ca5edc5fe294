// The expiry job over many overdue orders at once (issue 17, goal 9: batches of orders per
// transaction, two lanes, FOR UPDATE SKIP LOCKED), on both engines: concurrent runs cancel each
// order exactly once with its stock back once, one history row and one e-mail; an order paid
// meanwhile stays paid; a batch failing on one order cancels the others; a crash mid-batch leaves
// nothing of it; and the batch writes exactly what the single-order cancel writes.
import { randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { advanceClock, MINUTE_MS, resetClock, setClock } from '~/lib/clock';
import { payNowSchema } from '~/lib/schemas/checkout';
import { getProductDetail, searchProducts } from '~/server/catalog/catalog.server';
import { placeOrder } from '~/server/flows/checkout.server';
import { outboxHtml } from '~/server/mail/outbox.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { EXPIRY_REASON, expireUnpaidOrders } from '~/server/orders/expiry.server';
import { applyOrderAction, cancelExpiredOrdersIn, confirmPayment } from '~/server/orders/transitions.server';
import { builtInProvider } from '~/server/payments/provider.server';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';

describe.each(engines)('expiry batches on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let sizes: { id: string; productId: string }[];

  beforeAll(async () => {
    resetClock();
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    const [p] = await searchProducts(handle.db, { term: 'detergente' });
    const detail = await getProductDetail(handle.db, p!.slug);
    sizes = detail!.variants.slice(0, 2).map((v) => ({ id: v.id, productId: detail!.id }));
    expect(sizes).toHaveLength(2);
    await handle.db.update(t.productVariants).set({ stock: 100_000 }).where(inArray(t.productVariants.id, sizes.map((s) => s.id)));
    setMailTransport(async () => undefined);
  });
  afterEach(() => resetClock());
  afterAll(async () => {
    setMailTransport(null);
    await handle.drop();
  });

  const stockOf = async (id: string) => (await handle.db.select({ stock: t.productVariants.stock }).from(t.productVariants).where(eq(t.productVariants.id, id)))[0]!.stock!;

  /**
   * `count` unpaid Pix orders an hour past their deadline, each of its own customer, holding 1 unit
   * of the first size and 2 of the second (taken from stock as a checkout takes them); their ids.
   */
  async function overdue(count: number): Promise<string[]> {
    const tag = randomUUID().slice(0, 8);
    const users = Array.from({ length: count }, (_, i) => ({ id: `exp-${tag}-${i}`, name: `Cliente ${tag} ${i}`, email: `exp-${tag}-${i}@exemplo.com.br` }));
    await handle.db.insert(t.user).values(users);
    const past = new Date(Date.now() - 60 * MINUTE_MS);
    const rows = await handle.db
      .insert(t.orders)
      .values(users.map((u, i) => ({ userId: u.id, status: 'pending' as const, totalPrice: '74.70', subtotalPrice: '74.70', paymentMethod: 'pix' as const, idempotencyKey: `exp-${tag}-${i}`, paymentExpiresAt: past })))
      .returning({ id: t.orders.id });
    const ids = rows.map((r) => r.id);
    await handle.db.insert(t.stockReservations).values(ids.flatMap((orderId) => [{ orderId, variantId: sizes[0]!.id, quantity: 1 }, { orderId, variantId: sizes[1]!.id, quantity: 2 }]));
    await handle.db.update(t.productVariants).set({ stock: sql`${t.productVariants.stock} - ${count}` }).where(eq(t.productVariants.id, sizes[0]!.id));
    await handle.db.update(t.productVariants).set({ stock: sql`${t.productVariants.stock} - ${2 * count}` }).where(eq(t.productVariants.id, sizes[1]!.id));
    return ids;
  }

  /** Per order: status, version, cancellation history rows, reservations released, "expired" e-mails. */
  async function state(ids: string[]) {
    const list = sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
    return (
      await handle.db.execute(sql`
        select o.id, o.status, o.version, o.cancel_reason as reason,
          (select count(*)::int from order_events e where e.order_id = o.id and e.to_status = 'cancelled') as events,
          (select count(*)::int from stock_reservations r where r.order_id = o.id and r.released_at is not null) as released,
          (select count(*)::int from email_outbox m where m.dedupe_key = 'order:' || o.id || ':expired') as emails
        from orders o where o.id in (${list}) order by o.id`)
    ).rows as { id: string; status: string; version: number; reason: string | null; events: number; released: number; emails: number }[];
  }

  const cancelledOnce = (r: Awaited<ReturnType<typeof state>>[number]) =>
    r.status === 'cancelled' && r.version === 1 && r.reason === EXPIRY_REASON && r.events === 1 && r.released === 2 && r.emails === 1;

  it('two runs at once over 300 overdue orders cancel each exactly once: one history row, one e-mail, the stock back once', async () => {
    const ids = await overdue(300);
    const before = await Promise.all(sizes.map((s) => stockOf(s.id)));
    const runs = await Promise.all([expireUnpaidOrders(handle.db, {}, 40), expireUnpaidOrders(handle.db, {}, 40)]);
    expect(runs[0]! + runs[1]!).toBe(300);
    expect((await state(ids)).filter((r) => !cancelledOnce(r))).toEqual([]);
    expect(await Promise.all(sizes.map((s) => stockOf(s.id)))).toEqual([before[0]! + 300, before[1]! + 600]);
    // A run after them finds nothing, and gives nothing back again.
    expect(await expireUnpaidOrders(handle.db)).toBe(0);
    expect(await Promise.all(sizes.map((s) => stockOf(s.id)))).toEqual([before[0]! + 300, before[1]! + 600]);
  });

  it('an order paid before the batch reaches it is left paid, its stock kept; one paid while a run goes is either paid or cancelled, never both', async () => {
    const ids = await overdue(30);
    const paid = ids[7]!;
    expect(await confirmPayment(handle.db, { orderId: paid, provider: 'banco', reference: `E-${paid}`, amountCents: 7470, actor: { kind: 'system' } })).toBe('applied');
    // The batch's statement re-checks under the lock: the ids it is handed include the paid one.
    const done = await handle.db.transaction((tx) => cancelExpiredOrdersIn(tx, ids.slice(0, 10), EXPIRY_REASON));
    expect(done.sort()).toEqual(ids.slice(0, 10).filter((id) => id !== paid).sort());
    const [paidRow] = await state([paid]);
    expect(paidRow).toMatchObject({ status: 'paid', events: 0, released: 0, emails: 0 });

    const racing = ids[20]!;
    const before = await Promise.all(sizes.map((s) => stockOf(s.id)));
    const [expired, outcome] = await Promise.all([
      expireUnpaidOrders(handle.db, {}, 5),
      confirmPayment(handle.db, { orderId: racing, provider: 'banco', reference: `E-${racing}`, amountCents: 7470, actor: { kind: 'system' } }),
    ]);
    const [row] = await state([racing]);
    if (outcome === 'applied') {
      expect(row).toMatchObject({ status: 'paid', events: 0, released: 0, emails: 0 });
      expect(expired).toBe(19);
    } else {
      expect(outcome).toBe('late');
      expect(cancelledOnce(row!)).toBe(true);
      expect(expired).toBe(20);
    }
    const back = outcome === 'applied' ? 19 : 20;
    expect(await Promise.all(sizes.map((s) => stockOf(s.id)))).toEqual([before[0]! + back, before[1]! + 2 * back]);
  });

  it('a batch failing on one order cancels the others; that one is retried alone and fails alone, untouched', async () => {
    const ids = await overdue(25);
    const bad = ids[11]!;
    // Data gone wrong for one order: its history row is refused.
    await handle.db.execute(sql.raw(`
      create function refuse_one_event() returns trigger language plpgsql as $$
      begin
        if new.order_id = '${bad}' then raise exception 'histórico recusado'; end if;
        return new;
      end $$`));
    await handle.db.execute(sql.raw(`
      create trigger refuse_one_event before insert on order_events for each row execute function refuse_one_event();`));
    const before = await Promise.all(sizes.map((s) => stockOf(s.id)));
    try {
      expect(await expireUnpaidOrders(handle.db, {}, 100)).toBe(24);
    } finally {
      await handle.db.execute(sql.raw('drop trigger refuse_one_event on order_events'));
      await handle.db.execute(sql.raw('drop function refuse_one_event()'));
    }
    const rows = await state(ids);
    expect(rows.filter((r) => r.id !== bad && !cancelledOnce(r))).toEqual([]);
    expect(rows.find((r) => r.id === bad)).toMatchObject({ status: 'pending', version: 0, events: 0, released: 0, emails: 0 });
    expect(await Promise.all(sizes.map((s) => stockOf(s.id)))).toEqual([before[0]! + 24, before[1]! + 48]);
    // The next run cancels it, once.
    expect(await expireUnpaidOrders(handle.db)).toBe(1);
    expect(cancelledOnce((await state([bad]))[0]!)).toBe(true);
  });

  it('a crash at the 30th order of a batch leaves nothing of the batch; the next run cancels all 60 once', async () => {
    const ids = await overdue(60);
    const before = await Promise.all(sizes.map((s) => stockOf(s.id)));
    let seen = 0;
    await expect(
      expireUnpaidOrders(handle.db, { beforeCommit: async () => { seen += 1; if (seen === 30) throw new Error('processo morreu'); } }, 100),
    ).rejects.toThrow('processo morreu');
    expect((await state(ids)).filter((r) => r.status !== 'pending' || r.version !== 0 || r.events || r.released || r.emails)).toEqual([]);
    expect(await Promise.all(sizes.map((s) => stockOf(s.id)))).toEqual(before);
    expect(await expireUnpaidOrders(handle.db)).toBe(60);
    expect((await state(ids)).filter((r) => !cancelledOnce(r))).toEqual([]);
    expect(await Promise.all(sizes.map((s) => stockOf(s.id)))).toEqual([before[0]! + 60, before[1]! + 120]);
  });

  it('the batch writes what the single-order cancel writes: order, history, stock, programmed delivery and e-mail (hostile names escaped alike)', async () => {
    setClock(new Date());
    const buy = async (name: string) => {
      const id = `par-${randomUUID().slice(0, 8)}`;
      const buyer = { id, name, email: `${id}@exemplo.com.br` };
      await handle.db.insert(t.user).values(buyer);
      const input = payNowSchema.parse({
        intent: 'pay',
        cart: JSON.stringify([{ id: sizes[0]!.id, product_id: sizes[0]!.productId, quantity: 3 }]),
        idempotencyKey: randomUUID(),
        paymentMethod: 'pix',
        taxId: generateCpf(),
        delivery: NEW_ADDRESS_DELIVERY,
      });
      const orderId = (await placeOrder(handle.db, buyer, input, builtInProvider)).orderId;
      // A programmed delivery this order started, never run: it goes with the order.
      await handle.db.insert(t.programmedDeliveries).values({ userId: id, sourceOrderId: orderId, months: 1, anchorDate: '2026-01-01', nextDate: '2026-02-01', paymentMethod: 'pix' });
      return orderId;
    };
    const hostile = `Ana "<script>alert('x')</script>" & Cia`;
    const single = await buy(hostile);
    const batched = await buy(hostile);
    advanceClock(61 * MINUTE_MS);
    const stock0 = await stockOf(sizes[0]!.id);
    await applyOrderAction(handle.db, { orderId: single, action: 'cancel', actor: { kind: 'system' }, requireStatus: 'pending', reason: EXPIRY_REASON, expired: true });
    expect(await handle.db.transaction((tx) => cancelExpiredOrdersIn(tx, [batched], EXPIRY_REASON))).toEqual([batched]);
    expect(await stockOf(sizes[0]!.id)).toBe(stock0 + 6);

    const written = async (orderId: string) => {
      const [order] = await handle.db
        .select({ status: t.orders.status, version: t.orders.version, cancelReason: t.orders.cancelReason, refundStatus: t.orders.refundStatus })
        .from(t.orders)
        .where(eq(t.orders.id, orderId));
      const events = await handle.db
        .select({ from: t.orderEvents.fromStatus, to: t.orderEvents.toStatus, actor: t.orderEvents.actor, actorUserId: t.orderEvents.actorUserId, note: t.orderEvents.note })
        .from(t.orderEvents)
        .where(and(eq(t.orderEvents.orderId, orderId), eq(t.orderEvents.toStatus, 'cancelled')));
      const reservations = await handle.db.select({ quantity: t.stockReservations.quantity, released: sql<boolean>`${t.stockReservations.releasedAt} is not null` }).from(t.stockReservations).where(eq(t.stockReservations.orderId, orderId));
      const deliveries = await handle.db.select({ status: t.programmedDeliveries.status }).from(t.programmedDeliveries).where(eq(t.programmedDeliveries.sourceOrderId, orderId));
      const mails = (
        await handle.db
          // Not its status: the single cancel wakes the mail worker, which may have sent it by now (what was written is compared).
          .select({ kind: t.emailOutbox.kind, subject: t.emailOutbox.subject, text: t.emailOutbox.textBody, html: t.emailOutbox.htmlBody, content: t.emailOutbox.htmlContent, key: t.emailOutbox.dedupeKey, list: t.emailOutbox.listUnsubscribe })
          .from(t.emailOutbox)
          // The checkout's own e-mail carries the order's Pix code: only the cancellation's is compared.
          .where(sql`${t.emailOutbox.dedupeKey} like ${`order:${orderId}:%`} and ${t.emailOutbox.kind} <> 'order-placed'`)
          .orderBy(t.emailOutbox.kind)
      ).map((m) => JSON.parse(JSON.stringify(m).replaceAll(orderId, '<id>').replaceAll(orderId.slice(0, 8).toUpperCase(), '<n>')) as typeof m);
      return { order, events, reservations, deliveries, mails };
    };
    const a = await written(single);
    const b = await written(batched);
    expect(b).toEqual(a);
    expect(a.order).toMatchObject({ status: 'cancelled', version: 1, cancelReason: EXPIRY_REASON, refundStatus: null });
    expect(a.deliveries).toEqual([{ status: 'cancelled' }]);
    const expiredMail = a.mails.find((m) => m.kind === 'order-expired')!;
    // The HTML part as the mail worker lays it out when it sends.
    const html = await outboxHtml({ htmlBody: expiredMail.html, htmlContent: expiredMail.content });
    expect(html).toContain('Ana &quot;&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;&quot; &amp; Cia');
    expect(html).not.toContain('<script>');
  });
});
