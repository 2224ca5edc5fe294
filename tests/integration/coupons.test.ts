// Coupons (issue 36) on both engines: a code limited to N uses gives exactly N under 20 concurrent
// checkouts, and a customer's own limit holds the same way (the use taken under the coupon's row lock
// in the order's transaction); a refused coupon writes nothing; a cancelled order and an expired unpaid
// one give their use back exactly once; the admin's save validates, refuses a taken code and a stale
// version, and the list shows the uses and the discount given.
import { randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { advanceClock, HOUR_MS, resetClock } from '~/lib/clock';
import { productFormSchema } from '~/lib/schemas/admin-product';
import { couponFormSchema, type CouponInput } from '~/lib/schemas/coupons';
import { payNowSchema } from '~/lib/schemas/checkout';
import { getEditableProduct, saveProduct } from '~/server/catalog/product-admin.server';
import { CouponConflictError, CouponFormError, getEditableCoupon, listCoupons, returnCouponUsesIn, saveCoupon } from '~/server/coupons/coupons.server';
import { CheckoutError, placeOrder, quoteCart } from '~/server/flows/checkout.server';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { expireUnpaidOrders } from '~/server/orders/expiry.server';
import { applyOrderAction, OrderActionError } from '~/server/orders/transitions.server';
import { builtInProvider } from '~/server/payments/provider.server';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';

const couponForm = (values: Record<string, unknown>): CouponInput => couponFormSchema.parse({ kind: 'percent', percent: '20', active: 'on', ...values });

describe.each(engines)('coupons on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let productId: string;
  let sizeId: string;

  async function customer(tag: string) {
    const id = `cup-${tag}-${randomUUID().slice(0, 8)}`;
    const person = { id, name: `Cliente ${tag}`, email: `${id}@example.com` };
    await handle.db.insert(t.user).values({ ...person, role: 'customer' });
    return person;
  }
  const cart = (quantity = 1) => [{ id: sizeId, product_id: productId, quantity, is_subscription: false as const }];
  const buy = (buyer: { id: string; name: string; email: string }, coupon: string, paymentMethod: 'credit_card' | 'pix' = 'credit_card') =>
    placeOrder(
      handle.db,
      buyer,
      payNowSchema.parse({
        intent: 'pay',
        cart: JSON.stringify(cart(2)),
        idempotencyKey: randomUUID(),
        paymentMethod,
        installments: '1',
        taxId: generateCpf(),
        delivery: NEW_ADDRESS_DELIVERY,
        coupon,
      }),
      builtInProvider,
    );
  const couponRow = async (code: string) => (await handle.db.select().from(t.coupons).where(eq(t.coupons.code, code)))[0]!;
  const liveUses = async (couponId: string) => handle.db.select().from(t.couponUses).where(and(eq(t.couponUses.couponId, couponId), isNull(t.couponUses.returnedAt)));

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    setMailTransport(async () => {});
    // A size whose stock is not tracked: only the coupon limits the orders.
    productId = await saveProduct(handle.db, null, productFormSchema.parse({ basePrice: '1,00', name: 'Detergente Cupom', variants: [{ size: '1 L', price: '50' }] }));
    sizeId = (await getEditableProduct(handle.db, productId))!.variants[0]!.id;
  });
  afterEach(() => resetClock());
  afterAll(async () => {
    await settleBackgroundTasks();
    setMailTransport(null);
    await handle?.drop();
  });

  it('a code limited to 5 uses gives exactly 5 of 20 concurrent checkouts; the others write nothing', async () => {
    await saveCoupon(handle.db, null, couponForm({ code: 'cinco20', maxUses: '5' }), null);
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => customer(`lim${i}`)));
    const results = await Promise.allSettled(buyers.map((b) => buy(b, ' Cinco20 ')));
    const placed = results.filter((r) => r.status === 'fulfilled');
    expect(placed).toHaveLength(5);
    for (const r of results) {
      if (r.status === 'rejected') {
        expect(r.reason).toBeInstanceOf(CheckoutError);
        expect(r.reason).toMatchObject({ field: 'coupon', message: 'O cupom CINCO20 atingiu o limite de usos.' });
      }
    }
    const coupon = await couponRow('CINCO20');
    expect(coupon.uses).toBe(5);
    expect(await liveUses(coupon.id)).toHaveLength(5);
    const orders = await handle.db.select().from(t.orders).where(eq(t.orders.couponId, coupon.id));
    expect(orders).toHaveLength(5);
    // 2 × R$ 50,00 = R$ 100,00; 20% = R$ 20,00.
    for (const o of orders) expect(o).toMatchObject({ discountKind: 'coupon', couponCode: 'CINCO20', discountPrice: '20.00', subtotalPrice: '100.00', totalPrice: '80.00' });
    // Nobody refused has an order.
    const refusedIds = buyers.filter((_, i) => results[i]!.status === 'rejected').map((b) => b.id);
    for (const id of refusedIds) expect(await handle.db.select().from(t.orders).where(eq(t.orders.userId, id))).toHaveLength(0);
  });

  it("a customer's limit of 2 holds under 6 concurrent checkouts", async () => {
    await saveCoupon(handle.db, null, couponForm({ code: 'DUAS', maxUsesPerCustomer: '2' }), null);
    const buyer = await customer('dup');
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => buy(buyer, 'duas')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as CheckoutError] : []));
    expect(refusals.some((e) => e.field === 'coupon' && e.message === 'Você já usou o cupom DUAS.')).toBe(true);
    const coupon = await couponRow('DUAS');
    expect(coupon.uses).toBe(2);
    expect(await liveUses(coupon.id)).toHaveLength(2);
  });

  it('the quote answers in pt-BR: unknown, minimum not reached; a valid one names its code', async () => {
    await saveCoupon(handle.db, null, couponForm({ code: 'MINIMO', minSubtotal: '150,00' }), null);
    const buyer = await customer('quote');
    expect((await quoteCart(handle.db, buyer.id, cart(), null, { coupon: 'NAOEXISTE' })).coupon).toMatchObject({ ok: false, message: 'Cupom NAOEXISTE não encontrado. Confira o código.' });
    expect((await quoteCart(handle.db, buyer.id, cart(), null, { coupon: 'MINIMO' })).coupon?.message).toBe('Valor mínimo de R$\u00a0150,00 em produtos válidos para o cupom MINIMO.');
    const ok = await quoteCart(handle.db, buyer.id, cart(4), null, { coupon: 'MINIMO' });
    expect(ok.coupon).toMatchObject({ ok: true, discountCents: 4000 });
    expect(ok.totals).toMatchObject({ discountKind: 'coupon', couponCode: 'MINIMO', discountCents: 4000 });
  });

  it('a cancelled order gives its use back exactly once; cancelling twice is refused and changes nothing', async () => {
    await saveCoupon(handle.db, null, couponForm({ code: 'VOLTA', maxUses: '1' }), null);
    const buyer = await customer('cancel');
    const { orderId } = await buy(buyer, 'VOLTA');
    expect((await couponRow('VOLTA')).uses).toBe(1);
    await expect(buy(await customer('cancel2'), 'VOLTA')).rejects.toMatchObject({ field: 'coupon' });

    await applyOrderAction(handle.db, { orderId, action: 'cancel', actor: { kind: 'system' }, reason: 'Cancelado pela loja' });
    await expect(applyOrderAction(handle.db, { orderId, action: 'cancel', actor: { kind: 'system' }, reason: 'De novo' })).rejects.toBeInstanceOf(OrderActionError);
    expect(await handle.db.transaction((tx) => returnCouponUsesIn(tx, [orderId]))).toBe(0);
    const coupon = await couponRow('VOLTA');
    expect(coupon.uses).toBe(0);
    const [use] = await handle.db.select().from(t.couponUses).where(eq(t.couponUses.orderId, orderId));
    expect(use!.returnedAt).not.toBeNull();
    // The use given back is there for someone else.
    await buy(await customer('cancel3'), 'VOLTA');
    expect((await couponRow('VOLTA')).uses).toBe(1);
  });

  it('an expired unpaid order gives its use back once, however often the expiry runs', async () => {
    await saveCoupon(handle.db, null, couponForm({ code: 'PIXVENCE', maxUses: '3' }), null);
    const buyer = await customer('pix');
    const { orderId } = await buy(buyer, 'PIXVENCE', 'pix');
    expect((await couponRow('PIXVENCE')).uses).toBe(1);
    advanceClock(48 * HOUR_MS);
    await Promise.all([expireUnpaidOrders(handle.db), expireUnpaidOrders(handle.db)]);
    await expireUnpaidOrders(handle.db);
    const [order] = await handle.db.select().from(t.orders).where(eq(t.orders.id, orderId));
    expect(order!.status).toBe('cancelled');
    expect((await couponRow('PIXVENCE')).uses).toBe(0);
    expect((await handle.db.select().from(t.couponUses).where(eq(t.couponUses.orderId, orderId)))[0]!.returnedAt).not.toBeNull();
  });

  it("the admin's save: validation, a taken code, a stale version; the list shows uses and the discount given", async () => {
    const invalid = couponFormSchema.safeParse({ code: 'a b', kind: 'percent', percent: '0', validFrom: '2026-12-10T10:00', validUntil: '2026-12-01T10:00' });
    expect(invalid.success).toBe(false);
    const paths = invalid.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['code', 'percent', 'validUntil']));
    expect(couponFormSchema.safeParse({ code: 'FIXO', kind: 'fixed', amount: '' }).error?.issues[0]).toMatchObject({ path: ['amount'], message: 'Informe um valor maior que zero.' });

    await expect(saveCoupon(handle.db, null, couponForm({ code: 'cinco20' }), null)).rejects.toBeInstanceOf(CouponFormError);
    const id = await saveCoupon(handle.db, null, couponForm({ code: 'EDITAR', kind: 'fixed', percent: '', amount: '15,00', validFrom: '2026-12-01T00:00' }), null);
    const saved = (await getEditableCoupon(handle.db, id))!;
    expect(saved).toMatchObject({ code: 'EDITAR', kind: 'fixed', amountCents: 1500, percent: null, version: 0 });
    expect(saved.validFrom!.toISOString()).toBe('2026-12-01T03:00:00.000Z');
    await saveCoupon(handle.db, id, couponForm({ code: 'EDITAR', percent: '15' }), 0);
    await expect(saveCoupon(handle.db, id, couponForm({ code: 'EDITAR', percent: '30' }), 0)).rejects.toBeInstanceOf(CouponConflictError);
    expect((await getEditableCoupon(handle.db, id))!).toMatchObject({ kind: 'percent', percent: 15, version: 1 });

    const list = await listCoupons(handle.db);
    expect(list.find((c) => c.code === 'CINCO20')).toMatchObject({ uses: 5, discountGivenCents: 5 * 2000 });
    expect(list.find((c) => c.code === 'VOLTA')).toMatchObject({ uses: 1, discountGivenCents: 2000 });
  });
});
