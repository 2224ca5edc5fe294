// "Avise-me quando chegar" (issue 36) on both engines: a signed-in request recorded at once, a
// visitor's waiting for its confirmation link, a duplicate answered without a second row, an
// available size refused; a restock 0 → n (the admin's save, a return put back on the shelf, an order's
// units given back) e-mails each live confirmed request once, in the restocking transaction — never
// twice, never on n → m, never to an unconfirmed or unsubscribed one; a visitor confirming after the restock is told at once.
import { randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { productFormSchema } from '~/lib/schemas/admin-product';
import { getEditableProduct, saveProduct } from '~/server/catalog/product-admin.server';
import { releaseStock, restockReturned } from '~/server/catalog/stock.server';
import { placeOrder } from '~/server/flows/checkout.server';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { builtInProvider } from '~/server/payments/provider.server';
import { payNowSchema } from '~/lib/schemas/checkout';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { readUnsubscribeToken, unsubscribe, unsubscribeState } from '~/server/mail/unsubscribe.server';
import { confirmStockAlert, requestStockAlert, stockAlertByToken, waitingBySize } from '~/server/stock-alerts/alerts.server';
import { engines } from '../support/engines';

const form = (values: Record<string, unknown>) => productFormSchema.parse({ basePrice: '1,00', ...values });

describe.each(engines)('stock alerts on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let productId: string;
  let slug: string;
  const sizes: Record<string, string> = {};
  const customer = { id: `cust-${randomUUID().slice(0, 8)}`, email: 'maria.alerta@example.com' };

  const mails = async (kind: string) =>
    (await handle.db.select().from(t.emailOutbox).where(eq(t.emailOutbox.kind, kind))).sort((a, b) => a.toAddress.localeCompare(b.toAddress));
  const alertOf = async (variantId: string, email: string) =>
    handle.db.select().from(t.stockAlerts).where(and(eq(t.stockAlerts.variantId, variantId), eq(t.stockAlerts.email, email)));
  /** The admin's save of the product with one size's stock typed (the other sizes as loaded). */
  async function adminSetsStock(size: string, stock: number) {
    const saved = (await getEditableProduct(handle.db, productId))!;
    await saveProduct(
      handle.db,
      productId,
      form({
        name: saved.name,
        variants: saved.variants.map((v) => ({
          id: v.id,
          size: v.size,
          price: v.price,
          stock: v.size === size ? String(stock) : v.stock === null ? '' : String(v.stock),
          stockLoaded: v.stock === null ? '' : String(v.stock),
        })),
      }),
    );
  }
  const tokenOf = (text: string) => /\/avise-me\/confirmar\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    setMailTransport(async () => {});
    await handle.db.insert(t.user).values({ id: customer.id, name: 'Maria Alerta', email: customer.email, role: 'customer' });
    productId = await saveProduct(
      handle.db,
      null,
      form({
        name: 'Sabão de Coco Alerta',
        variants: [
          { size: '1 L', price: '10', stock: '0' },
          { size: '2 L', price: '18', stock: '4' },
          { size: '5 L', price: '40', stock: '0' },
          { size: '10 L', price: '70' },
        ],
      }),
    );
    const saved = (await getEditableProduct(handle.db, productId))!;
    slug = saved.slug;
    for (const v of saved.variants) sizes[v.size] = v.id;
  });
  afterAll(async () => {
    await settleBackgroundTasks();
    setMailTransport(null);
    await handle?.drop();
  });

  it('records a signed-in request at once; asking again is answered, not duplicated', async () => {
    expect(await requestStockAlert(handle.db, { variantId: sizes['1 L']!, email: 'Maria.Alerta@Example.com', userId: customer.id })).toBe('created');
    expect(await requestStockAlert(handle.db, { variantId: sizes['1 L']!, email: customer.email, userId: customer.id })).toBe('duplicate');
    const rows = await alertOf(sizes['1 L']!, customer.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: customer.id, confirmTokenHash: null, notifiedAt: null });
    expect(rows[0]!.confirmedAt).not.toBeNull();
    expect(await mails('stock-alert-confirm')).toHaveLength(0);
  });

  it('refuses an available or untracked size and an unknown one', async () => {
    expect(await requestStockAlert(handle.db, { variantId: sizes['2 L']!, email: 'a@example.com', userId: null })).toBe('available');
    expect(await requestStockAlert(handle.db, { variantId: sizes['10 L']!, email: 'a@example.com', userId: null })).toBe('available');
    expect(await requestStockAlert(handle.db, { variantId: randomUUID(), email: 'a@example.com', userId: null })).toBe('not_found');
    expect(await handle.db.select().from(t.stockAlerts).where(eq(t.stockAlerts.email, 'a@example.com'))).toHaveLength(0);
  });

  it("needs a visitor's confirmation: a link by e-mail, the page shows it, the click confirms", async () => {
    expect(await requestStockAlert(handle.db, { variantId: sizes['1 L']!, email: 'Visitante@Example.com', userId: null })).toBe('confirm_sent');
    expect(await requestStockAlert(handle.db, { variantId: sizes['1 L']!, email: 'visitante@example.com', userId: null })).toBe('duplicate');
    // A second visitor who never confirms, and one who confirms and then leaves.
    expect(await requestStockAlert(handle.db, { variantId: sizes['1 L']!, email: 'sem.confirmar@example.com', userId: null })).toBe('confirm_sent');
    expect(await requestStockAlert(handle.db, { variantId: sizes['1 L']!, email: 'desistiu@example.com', userId: null })).toBe('confirm_sent');
    const confirmations = await mails('stock-alert-confirm');
    expect(confirmations.map((m) => m.toAddress)).toEqual(['desistiu@example.com', 'sem.confirmar@example.com', 'visitante@example.com']);
    expect(confirmations.every((m) => m.listUnsubscribe === null)).toBe(true);
    const token = tokenOf(confirmations.find((m) => m.toAddress === 'visitante@example.com')!.textBody)!;
    expect(token).toBeTruthy();

    expect(await stockAlertByToken(handle.db, token)).toMatchObject({ email: 'visitante@example.com', size: '1 L', confirmed: false, live: true });
    expect((await alertOf(sizes['1 L']!, 'visitante@example.com'))[0]!.confirmedAt).toBeNull();
    expect(await confirmStockAlert(handle.db, token)).toMatchObject({ confirmed: true, live: true });
    // Twice is harmless; a forged token is nobody.
    expect(await confirmStockAlert(handle.db, token)).toMatchObject({ confirmed: true, live: true });
    expect(await confirmStockAlert(handle.db, 'x'.repeat(32))).toBeNull();
    expect(await stockAlertByToken(handle.db, 'x'.repeat(500))).toBeNull();

    const leaving = tokenOf(confirmations.find((m) => m.toAddress === 'desistiu@example.com')!.textBody)!;
    await confirmStockAlert(handle.db, leaving);
    const [left] = await alertOf(sizes['1 L']!, 'desistiu@example.com');
    expect(await unsubscribe(handle.db, { list: 'stock_alert', subject: left!.id })).toBe(true);
    expect(await unsubscribe(handle.db, { list: 'stock_alert', subject: left!.id })).toBe(false);
    expect(await unsubscribeState(handle.db, { list: 'stock_alert', subject: left!.id })).toEqual({ list: 'stock_alert', email: 'desistiu@example.com', receiving: false });

    expect(await waitingBySize(handle.db, productId)).toEqual({ [sizes['1 L']!]: 2 });
  });

  it('a restock 0 → n e-mails each live confirmed request once, with the product link and one-click unsubscribe', async () => {
    await adminSetsStock('1 L', 3);
    const sent = await mails('stock-alert');
    expect(sent.map((m) => m.toAddress)).toEqual([customer.email, 'visitante@example.com']);
    for (const mail of sent) {
      expect(mail.subject).toBe('Voltou ao estoque: Sabão de Coco Alerta (1 L)');
      expect(mail.textBody).toContain(`/produtos/${slug}`);
      expect(mail.listUnsubscribe).toMatch(/\/descadastrar\?t=/);
      const subject = readUnsubscribeToken(new URL(mail.listUnsubscribe!).searchParams.get('t')!);
      expect(subject?.list).toBe('stock_alert');
    }
    expect((await alertOf(sizes['1 L']!, customer.email))[0]!.notifiedAt).not.toBeNull();
    expect((await alertOf(sizes['1 L']!, 'sem.confirmar@example.com'))[0]!.notifiedAt).toBeNull();
    expect((await alertOf(sizes['1 L']!, 'desistiu@example.com'))[0]!.notifiedAt).toBeNull();
    expect(await waitingBySize(handle.db, productId)).toEqual({});

    // Saved again (3 → 7: n → m), sold out and restocked again: nobody is e-mailed twice.
    await adminSetsStock('1 L', 7);
    await handle.db.update(t.productVariants).set({ stock: 0 }).where(eq(t.productVariants.id, sizes['1 L']!));
    await adminSetsStock('1 L', 2);
    expect(await mails('stock-alert')).toHaveLength(2);
  });

  it('a request made while sold out again is a new one, e-mailed at the next restock', async () => {
    await handle.db.update(t.productVariants).set({ stock: 0 }).where(eq(t.productVariants.id, sizes['1 L']!));
    expect(await requestStockAlert(handle.db, { variantId: sizes['1 L']!, email: customer.email, userId: customer.id })).toBe('created');
    await adminSetsStock('1 L', 1);
    expect((await mails('stock-alert')).filter((m) => m.toAddress === customer.email)).toHaveLength(2);
  });

  it("a visitor's link opened after the restock is e-mailed at once", async () => {
    const [pending] = await mails('stock-alert-confirm').then((all) => all.filter((m) => m.toAddress === 'sem.confirmar@example.com'));
    const confirmed = await confirmStockAlert(handle.db, tokenOf(pending!.textBody)!);
    expect(confirmed).toMatchObject({ confirmed: true, live: false });
    expect((await mails('stock-alert')).filter((m) => m.toAddress === 'sem.confirmar@example.com')).toHaveLength(1);
  });

  it('units of a return put back on a sold-out size e-mail its requests in that transaction', async () => {
    expect(await requestStockAlert(handle.db, { variantId: sizes['5 L']!, email: customer.email, userId: customer.id })).toBe('created');
    expect(await waitingBySize(handle.db, productId)).toEqual({ [sizes['5 L']!]: 1 });
    await handle.db.transaction((tx) => restockReturned(tx, [{ productId, size: '5 L', quantity: 1 }]));
    await handle.db.transaction((tx) => restockReturned(tx, [{ productId, size: '5 L', quantity: 2 }]));
    const sent = (await mails('stock-alert')).filter((m) => m.subject.includes('(5 L)'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.toAddress).toBe(customer.email);
  });

  it("an order's units given back (expired or cancelled) wake a sold-out size's requests, once", async () => {
    await handle.db.update(t.productVariants).set({ stock: 1 }).where(eq(t.productVariants.id, sizes['2 L']!));
    const order = await placeOrder(
      handle.db,
      { id: customer.id, name: 'Maria Alerta', email: customer.email },
      payNowSchema.parse({
        intent: 'pay',
        cart: JSON.stringify([{ id: sizes['2 L'], product_id: productId, quantity: 1 }]),
        idempotencyKey: randomUUID(),
        paymentMethod: 'credit_card',
        installments: '1',
        taxId: generateCpf(),
        delivery: NEW_ADDRESS_DELIVERY,
      }),
      builtInProvider,
    );
    expect((await handle.db.select({ stock: t.productVariants.stock }).from(t.productVariants).where(eq(t.productVariants.id, sizes['2 L']!)))[0]!.stock).toBe(0);
    expect(await requestStockAlert(handle.db, { variantId: sizes['2 L']!, email: 'espera.pedido@example.com', userId: null })).toBe('confirm_sent');
    expect(await requestStockAlert(handle.db, { variantId: sizes['2 L']!, email: customer.email, userId: customer.id })).toBe('created');
    const { orderId } = order;
    await handle.db.transaction((tx) => releaseStock(tx, orderId));
    await handle.db.transaction((tx) => releaseStock(tx, orderId));
    const sent = (await mails('stock-alert')).filter((m) => m.subject.includes('(2 L)'));
    expect(sent.map((m) => m.toAddress)).toEqual([customer.email]);
  });

  it('an account deleted keeps its requests without an owner (SET NULL); the e-mail goes with the LGPD erase', async () => {
    const rows = await handle.db.select().from(t.stockAlerts).where(eq(t.stockAlerts.userId, customer.id));
    expect(rows.length).toBeGreaterThan(0);
    await handle.db.delete(t.user).where(eq(t.user.id, customer.id));
    // SET NULL keeps the row (the e-mail goes with the LGPD erase, privacy.test.ts).
    const after = await handle.db.select().from(t.stockAlerts).where(eq(t.stockAlerts.email, customer.email));
    expect(after.every((r) => r.userId === null)).toBe(true);
  });
});
