// Carts that are not lost (issue 36) on both engines: a signed-in customer's cart kept on the
// server and merged across two devices (a removal on an up-to-date device stays removed, a stale
// device's lines are joined, never lost); reminders after 1 hour and 24 hours, each once however
// often the job runs (the clock moved by the test), never after a purchase, an emptied cart,
// consent off (Preferências or the one-click link) or to a banned account; the restore link read
// without a change and marked once; the order placed after a reminder marks it recovered (Relatórios).
import { randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import type { CartItem } from '~/lib/cart';
import { toCents } from '~/lib/money';
import { advanceClock, DAY_MS, HOUR_MS, MINUTE_MS, now, resetClock, setClock } from '~/lib/clock';
import { payNowSchema } from '~/lib/schemas/checkout';
import { optInCartReminders, savePreferences } from '~/server/account/preferences.server';
import { cartDataOf, getServerCart, markReminderRestored, remindedCart, syncCart } from '~/server/carts/carts.server';
import { runCartReminders } from '~/server/carts/reminders.server';
import { placeOrder } from '~/server/flows/checkout.server';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { readUnsubscribeToken, unsubscribe, unsubscribeState } from '~/server/mail/unsubscribe.server';
import { builtInProvider } from '~/server/payments/provider.server';
import { cartRecoveryReport } from '~/server/reports/cart-recovery.server';
import { reportPeriod } from '~/lib/reports';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';

describe.each(engines)('carts and their reminders on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  const goods: { variantId: string; productId: string; name: string; size: string }[] = [];
  const line = (i: number, quantity: number) => ({ id: goods[i]!.variantId, product_id: goods[i]!.productId, name: goods[i]!.name, size: goods[i]!.size, price: '12.50', quantity, image_url: null });
  const ids = (items: CartItem[]) => items.map((l) => [l.id, l.quantity]);

  async function customer(name: string, consent: boolean) {
    const id = `cart-${randomUUID().slice(0, 8)}`;
    await handle.db.insert(t.user).values({ id, name, email: `${id}@example.com`, role: 'customer' });
    if (consent) await savePreferences(handle.db, id, { cartReminders: true });
    return { id, name, email: `${id}@example.com` };
  }
  const remindersTo = async (email: string) =>
    (await handle.db.select().from(t.emailOutbox).where(and(like(t.emailOutbox.kind, 'cart-reminder-%'), eq(t.emailOutbox.toAddress, email)))).sort((a, b) => a.kind.localeCompare(b.kind));
  const buy = (who: { id: string; name: string; email: string }, i: number) =>
    placeOrder(
      handle.db,
      who,
      payNowSchema.parse({
        intent: 'pay',
        cart: JSON.stringify([{ id: goods[i]!.variantId, product_id: goods[i]!.productId, quantity: 1 }]),
        idempotencyKey: randomUUID(),
        paymentMethod: 'credit_card',
        installments: '1',
        taxId: generateCpf(),
        delivery: NEW_ADDRESS_DELIVERY,
      }),
      builtInProvider,
    );
  const tokenOf = (text: string) => /\/carrinho\/recuperar\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    setMailTransport(async () => {});
    const rows = await handle.db
      .select({ variantId: t.productVariants.id, productId: t.products.id, name: t.products.name, size: t.productVariants.size })
      .from(t.productVariants)
      .innerJoin(t.products, eq(t.products.id, t.productVariants.productId))
      .where(and(eq(t.products.isKit, false), sql`coalesce(${t.productVariants.stock}, 1000) >= 50`))
      .limit(3);
    goods.push(...rows);
    setClock(new Date());
  });
  afterAll(async () => {
    resetClock();
    await settleBackgroundTasks();
    setMailTransport(null);
    await handle?.drop();
  });

  it('keeps one cart for two devices: joined on sign-in, a removal kept, a stale device joined, no new version without a change', async () => {
    const ana = await customer('Ana Carrinho', false);
    // The computer signs in with one line; the phone signs in with its own two.
    const computer = await syncCart(handle.db, ana.id, { mode: 'merge', items: [line(0, 2)] });
    expect(computer.version).toBe(1);
    const phone = await syncCart(handle.db, ana.id, { mode: 'merge', items: [line(0, 1), line(1, 1)] });
    expect(ids(phone.items)).toEqual(ids([line(0, 2), line(1, 1)]));
    expect(phone.version).toBe(2);
    // The computer, still on version 1, adds a line: joined, the phone's line is not lost.
    const stale = await syncCart(handle.db, ana.id, { mode: 'put', base: 1, items: [line(0, 2), line(2, 3)] });
    expect(ids(stale.items)).toEqual(ids([line(0, 2), line(1, 1), line(2, 3)]));
    // The phone pulls it, then removes two lines on the current version: they stay removed.
    expect((await syncCart(handle.db, ana.id, { mode: 'pull' })).version).toBe(3);
    const removed = await syncCart(handle.db, ana.id, { mode: 'put', base: 3, items: [line(1, 1)] });
    expect(removed).toMatchObject({ version: 4 });
    expect(ids(removed.items)).toEqual(ids([line(1, 1)]));
    expect(await syncCart(handle.db, ana.id, { mode: 'put', base: 4, items: [line(1, 1)] })).toMatchObject({ version: 4 });
    expect(ids((await getServerCart(handle.db, ana.id)).items)).toEqual(ids([line(1, 1)]));
    // A malformed stored line is dropped when read, not trusted.
    await handle.db.update(t.carts).set({ items: [line(1, 1), { id: 'x', quantity: -3 }] }).where(eq(t.carts.userId, ana.id));
    expect((await getServerCart(handle.db, ana.id)).items).toHaveLength(1);
    // No consent: no reminder, however long the cart waits.
    advanceClock(2 * HOUR_MS);
    await runCartReminders(handle.db);
    expect(await remindersTo(ana.email)).toEqual([]);
  });

  it('reminds after 1 hour and after 24 hours, each once; the link restores without a change until used, once; the order recovers it', async () => {
    const bruno = await customer('Bruno Lembrete', true);
    await syncCart(handle.db, bruno.id, { mode: 'merge', items: [line(0, 2), line(1, 1)] });
    advanceClock(59 * MINUTE_MS);
    await runCartReminders(handle.db);
    expect(await remindersTo(bruno.email)).toEqual([]);
    advanceClock(2 * MINUTE_MS);
    await runCartReminders(handle.db);
    await runCartReminders(handle.db);
    const [first] = await remindersTo(bruno.email);
    expect(await remindersTo(bruno.email)).toHaveLength(1);
    expect(first).toMatchObject({ kind: 'cart-reminder-1', subject: 'Você esqueceu algo no carrinho' });
    expect(first!.textBody).toContain(goods[0]!.name);
    expect(first!.textBody).toContain('Recuperar meu carrinho: ');
    expect(first!.dedupeKey).toMatch(/^cart-reminder:/);
    expect(readUnsubscribeToken(new URL(first!.listUnsubscribe!).searchParams.get('t')!)).toEqual({ list: 'cart_reminder', subject: bruno.id });

    advanceClock(20 * HOUR_MS);
    await runCartReminders(handle.db);
    expect(await remindersTo(bruno.email)).toHaveLength(1);
    advanceClock(3 * HOUR_MS);
    await runCartReminders(handle.db);
    await runCartReminders(handle.db);
    const sent = await remindersTo(bruno.email);
    expect(sent.map((m) => m.kind)).toEqual(['cart-reminder-1', 'cart-reminder-2']);
    advanceClock(2 * DAY_MS);
    await runCartReminders(handle.db);
    expect(await remindersTo(bruno.email)).toHaveLength(2);

    // The link: read without a change (a mail scanner's GET), then marked once.
    const token = tokenOf(sent[1]!.textBody)!;
    expect(ids((await remindedCart(handle.db, token))!)).toEqual(ids([line(0, 2), line(1, 1)]));
    const rows = () => handle.db.select().from(t.cartReminders).where(eq(t.cartReminders.userId, bruno.id)).orderBy(t.cartReminders.step);
    expect((await rows()).every((r) => r.restoredAt === null)).toBe(true);
    expect(await markReminderRestored(handle.db, token)).toBe(true);
    const restoredAt = (await rows())[1]!.restoredAt;
    expect(restoredAt).not.toBeNull();
    advanceClock(MINUTE_MS);
    expect(await markReminderRestored(handle.db, token)).toBe(true);
    expect((await rows())[1]!.restoredAt).toEqual(restoredAt);
    expect(await remindedCart(handle.db, 'y'.repeat(32))).toBeNull();
    expect(await markReminderRestored(handle.db, 'y'.repeat(500))).toBe(false);

    // The purchase empties the server cart and marks the latest reminder recovered by its order.
    const { orderId } = await buy(bruno, 0);
    expect(await getServerCart(handle.db, bruno.id)).toMatchObject({ items: [] });
    const [step1, step2] = await rows();
    expect(step1!.recoveredOrderId).toBeNull();
    expect(step2).toMatchObject({ recoveredOrderId: orderId });
    // A second order recovers nothing more.
    await buy(bruno, 1);
    expect((await rows()).filter((r) => r.recoveredOrderId !== null)).toHaveLength(1);
    advanceClock(2 * HOUR_MS);
    await runCartReminders(handle.db);
    expect(await remindersTo(bruno.email)).toHaveLength(2);

    const period = reportPeriod({ preset: '30dias' }, now());
    const [order] = await handle.db.select({ status: t.orders.status, total: t.orders.totalPrice }).from(t.orders).where(eq(t.orders.id, orderId));
    const report = await cartRecoveryReport(handle.db, period);
    expect(order!.status).toBe('paid');
    expect(report).toEqual({ remindedCarts: 1, emails: 2, restored: 1, recoveredOrders: 1, recoveredRevenueCents: toCents(order!.total) });
    // The customer's data file has the cart and the reminders (no token hash).
    const data = await cartDataOf(handle.db, bruno.id);
    expect(data.lembretesDeCarrinho).toHaveLength(2);
    expect(JSON.stringify(data)).not.toContain(step1!.tokenHash);
    // An order that came to nothing (cancelled) hands the recovery to the customer's next order.
    await handle.db.update(t.orders).set({ status: 'cancelled', cancelReason: 'Cancelado no teste' }).where(eq(t.orders.id, orderId));
    const { orderId: next } = await buy(bruno, 0);
    expect((await rows())[1]).toMatchObject({ recoveredOrderId: next });
  });

  it('nothing once the cart is bought or emptied, consent is turned off (the one-click link too), or the account is banned', async () => {
    const bought = await customer('Carla Comprou', true);
    const emptied = await customer('Davi Esvaziou', true);
    const off = await customer('Eva Desligou', true);
    const link = await customer('Fabio Descadastrou', true);
    const banned = await customer('Gil Bloqueado', true);
    for (const who of [bought, emptied, off, link, banned]) await syncCart(handle.db, who.id, { mode: 'merge', items: [line(2, 1)] });
    await buy(bought, 2);
    const { version } = await getServerCart(handle.db, emptied.id);
    await syncCart(handle.db, emptied.id, { mode: 'put', base: version, items: [] });
    await savePreferences(handle.db, off.id, { cartReminders: false });
    await handle.db.update(t.user).set({ banned: true }).where(eq(t.user.id, banned.id));
    advanceClock(HOUR_MS + MINUTE_MS);
    await runCartReminders(handle.db);
    for (const who of [bought, emptied, off, banned]) expect(await remindersTo(who.email)).toEqual([]);

    // The one-click link (RFC 8058) turns the preference off: no second reminder.
    const [first] = await remindersTo(link.email);
    expect(first!.kind).toBe('cart-reminder-1');
    const subject = readUnsubscribeToken(new URL(first!.listUnsubscribe!).searchParams.get('t')!)!;
    expect(await unsubscribeState(handle.db, subject)).toEqual({ list: 'cart_reminder', email: link.email, receiving: true });
    expect(await unsubscribe(handle.db, subject)).toBe(true);
    expect(await unsubscribe(handle.db, subject)).toBe(false);
    expect(await unsubscribeState(handle.db, subject)).toMatchObject({ receiving: false });
    advanceClock(DAY_MS);
    await runCartReminders(handle.db);
    expect(await remindersTo(link.email)).toHaveLength(1);
    expect(await handle.db.select().from(t.cartReminders).where(and(eq(t.cartReminders.userId, link.id), isNull(t.cartReminders.recoveredOrderId)))).toHaveLength(1);
  });

  it("the sign-up's opt-in turns consent on for the new account only, never for a stand-in id", async () => {
    const gabi = await customer('Gabi Cadastro', false);
    expect(await optInCartReminders(handle.db, gabi.id)).toBe(true);
    const [prefs] = await handle.db.select().from(t.userPreferences).where(eq(t.userPreferences.userId, gabi.id));
    expect(prefs!.cartReminders).toBe(true);
    expect(await optInCartReminders(handle.db, randomUUID())).toBe(false);
  });
});
