// Verified reviews (issue 36) on both engines: only the buyer of a delivered order holding the
// product reviews it (another customer's order is a 404, an undelivered one a 403, nothing written,
// no photo stored); one review per customer and product even when two posts race; the admin's
// approve / reject recompute the product's stars in the same transaction (an edit sends it back to
// pending); only approved reviews are shown, with photos and the "Compra verificada" flag; the
// "Avalie sua compra" e-mail goes once per order from the 3rd São Paulo day after delivery (job run
// twice, clock moved); the seed's own reviews give the products their seeded figures.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue, seedId } from '~/db/seed/seed.server';
import { products as seededProducts } from '~/db/seed/content/products';
import { DAY_MS, resetClock, setClock } from '~/lib/clock';
import { productFormSchema } from '~/lib/schemas/admin-product';
import { reviewFormSchema } from '~/lib/schemas/review';
import { uploadKey } from '~/server/catalog/images.server';
import { saveProduct } from '~/server/catalog/product-admin.server';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { sendReviewInvitations } from '~/server/reviews/invitations.server';
import { moderateReview, productReviews, ReviewError, submitReview } from '~/server/reviews/reviews.server';
import { getStorage } from '~/server/storage/storage.server';
import { engines } from '../support/engines';

const input = (orderId: string, over: Record<string, string> = {}) =>
  reviewFormSchema.parse({ orderId, rating: '5', title: 'Muito bom', body: 'Limpa muito bem e rende bastante.', ...over });

async function refusal(run: Promise<unknown>): Promise<number | null> {
  try {
    await run;
    return null;
  } catch (error) {
    if (error instanceof ReviewError) return error.status;
    throw error;
  }
}

describe.each(engines)('verified reviews on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let productId: string;
  let otherProductId: string;
  let png: Uint8Array;
  const admin = { id: `adm-${randomUUID().slice(0, 8)}` };
  const maria = { id: `maria-${randomUUID().slice(0, 8)}`, name: 'Maria da Silva Souza', email: 'maria.review@example.com' };
  const joao = { id: `joao-${randomUUID().slice(0, 8)}`, name: 'João Pereira', email: 'joao.review@example.com' };
  const orders: Record<string, string> = {};

  /** An order of `userId` holding `items`, in `status`; delivered ones get their "entregue" event at `deliveredAt`. */
  async function order(userId: string, status: 'pending' | 'shipped' | 'delivered', items: string[], deliveredAt = new Date()) {
    const [row] = await handle.db
      .insert(t.orders)
      .values({ userId, status, totalPrice: '10.00', subtotalPrice: '10.00', idempotencyKey: randomUUID() })
      .returning({ id: t.orders.id });
    await handle.db.insert(t.orderItems).values(items.map((id) => ({ orderId: row!.id, productId: id, productName: 'Produto', quantity: 1, priceAtPurchase: '10.00' })));
    if (status === 'delivered') await handle.db.insert(t.orderEvents).values({ orderId: row!.id, fromStatus: 'shipped', toStatus: 'delivered', actor: 'admin', createdAt: deliveredAt });
    return row!.id;
  }
  const productRow = async (id: string) => (await handle.db.select({ rating: t.products.rating, reviewCount: t.products.reviewCount }).from(t.products).where(eq(t.products.id, id)))[0]!;
  const reviewsOf = async (id: string) => handle.db.select().from(t.reviews).where(eq(t.reviews.productId, id));
  const versionOf = async (id: string) => (await handle.db.select({ v: t.reviews.version }).from(t.reviews).where(eq(t.reviews.id, id)))[0]!.v;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    setMailTransport(async () => {});
    await handle.db.insert(t.user).values([
      { id: admin.id, name: 'Admin', email: 'admin.review@example.com', role: 'admin' },
      { id: maria.id, name: maria.name, email: maria.email, role: 'customer' },
      { id: joao.id, name: joao.name, email: joao.email, role: 'customer' },
    ]);
    const form = (name: string) => productFormSchema.parse({ name, basePrice: '10,00', variants: [{ size: '1 L', price: '10' }] });
    productId = await saveProduct(handle.db, null, form('Limpa Vidros Avaliado'));
    otherProductId = await saveProduct(handle.db, null, form('Cera Sem Avaliação'));
    png = new Uint8Array(await sharp({ create: { width: 900, height: 700, channels: 3, background: '#2a9d8f' } }).png().toBuffer());
    orders.mariaDelivered = await order(maria.id, 'delivered', [productId]);
    orders.mariaShipped = await order(maria.id, 'shipped', [otherProductId]);
    orders.joaoDelivered = await order(joao.id, 'delivered', [productId, otherProductId]);
  });
  afterAll(async () => {
    resetClock();
    await settleBackgroundTasks();
    setMailTransport(null);
    await handle?.drop();
  });

  it("the seed's own reviews give each seeded product its seeded figure", async () => {
    for (const seeded of seededProducts.slice(0, 5)) {
      const id = seedId(`product:${seeded.slug}`);
      expect(await productRow(id)).toEqual({ rating: Number(seeded.rating).toFixed(1), reviewCount: (await reviewsOf(id)).length });
      expect((await reviewsOf(id)).every((r) => r.isSeed && r.status === 'approved' && r.userId === null)).toBe(true);
    }
    // Seeding again changes nothing.
    const before = await handle.db.select().from(t.reviews);
    await seedCatalogue(handle.db);
    expect(await handle.db.select().from(t.reviews)).toHaveLength(before.length);
  });

  it("refuses another customer's order (404), an order not delivered or a product not in it (403): nothing written, no file stored", async () => {
    const storage = await getStorage();
    const stored = (await storage.list('public/')).length;
    const photos = [png];
    expect(await refusal(submitReview(handle.db, { userId: joao.id, userName: joao.name, productId, input: input(orders.mariaDelivered!), photos }))).toBe(404);
    expect(await refusal(submitReview(handle.db, { userId: maria.id, userName: maria.name, productId: otherProductId, input: input(orders.mariaShipped!), photos }))).toBe(403);
    expect(await refusal(submitReview(handle.db, { userId: maria.id, userName: maria.name, productId: otherProductId, input: input(orders.mariaDelivered!), photos }))).toBe(403);
    expect(await refusal(submitReview(handle.db, { userId: maria.id, userName: maria.name, productId, input: input(randomUUID()), photos }))).toBe(404);
    expect(await handle.db.select().from(t.reviews).where(inArray(t.reviews.userId, [maria.id, joao.id]))).toHaveLength(0);
    expect(await storage.list('public/')).toHaveLength(stored);
  });

  it('one review per customer and product: two posts at once make one, pending, with its photo stored', async () => {
    const post = () => submitReview(handle.db, { userId: maria.id, userName: maria.name, productId, input: input(orders.mariaDelivered!), photos: [png] });
    const results = await Promise.allSettled([post(), post()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toBeInstanceOf(ReviewError);
    expect((failed.reason as ReviewError).status).toBe(409);
    const [review] = await reviewsOf(productId);
    expect(review).toMatchObject({ userId: maria.id, orderId: orders.mariaDelivered, authorName: 'Maria S.', status: 'pending', rating: 5 });
    const photos = await handle.db.select().from(t.reviewPhotos).where(eq(t.reviewPhotos.reviewId, review!.id));
    expect(photos).toHaveLength(1);
    expect(photos[0]!.url).toMatch(/^\/uploads\/[0-9a-f]{20}-900\.webp$/);
    expect(await (await getStorage()).exists(uploadKey(photos[0]!.url.slice('/uploads/'.length))!)).toBe(true);
    // Pending counts nothing yet.
    expect(await productRow(productId)).toEqual({ rating: null, reviewCount: 0 });
  });

  it('approve and reject recompute the stars in the same transaction; only approved reviews are shown', async () => {
    const [maria1] = await reviewsOf(productId);
    await moderateReview(handle.db, admin.id, { intent: 'approve', reviewId: maria1!.id, version: maria1!.version });
    expect(await productRow(productId)).toEqual({ rating: '5.0', reviewCount: 1 });
    // The author hears of each decision once, in the deciding transaction.
    const decisions = () => handle.db.select({ subject: t.emailOutbox.subject, text: t.emailOutbox.textBody }).from(t.emailOutbox).where(and(eq(t.emailOutbox.kind, 'review-decision'), eq(t.emailOutbox.toAddress, maria.email)));
    expect(await decisions()).toEqual([expect.objectContaining({ subject: expect.stringMatching(/^Sua avaliação de .+ foi publicada$/), text: expect.stringContaining('#avaliacoes') })]);

    const joaos = await submitReview(handle.db, { userId: joao.id, userName: joao.name, productId, input: input(orders.joaoDelivered!, { rating: '2', title: 'Não gostei', body: 'Deixou manchas no vidro.' }), photos: [] });
    expect(await productRow(productId)).toEqual({ rating: '5.0', reviewCount: 1 });
    let page = await productReviews(handle.db, productId, { page: 1, stars: null });
    expect(page.items.map((r) => r.authorName)).toEqual(['Maria S.']);
    expect(page.items[0]).toMatchObject({ verified: true, photos: [expect.objectContaining({ position: 1 })] });

    await moderateReview(handle.db, admin.id, { intent: 'approve', reviewId: joaos.reviewId, version: await versionOf(joaos.reviewId) });
    expect(await productRow(productId)).toEqual({ rating: '3.5', reviewCount: 2 });
    page = await productReviews(handle.db, productId, { page: 1, stars: null });
    // Newest first; the filter by stars.
    expect(page.items.map((r) => r.authorName)).toEqual(['João P.', 'Maria S.']);
    expect(page.counts).toEqual({ 1: 0, 2: 1, 3: 0, 4: 0, 5: 1 });
    expect((await productReviews(handle.db, productId, { page: 1, stars: 5 })).items.map((r) => r.authorName)).toEqual(['Maria S.']);

    // A stale page is refused; the reply does not move the stars.
    expect(await refusal(moderateReview(handle.db, admin.id, { intent: 'reject', reviewId: maria1!.id, version: maria1!.version, reason: 'Fora do tema' }))).toBe(409);
    await moderateReview(handle.db, admin.id, { intent: 'reply', reviewId: joaos.reviewId, version: await versionOf(joaos.reviewId), reply: 'Sentimos muito! Fale com a gente.' });
    expect((await productReviews(handle.db, productId, { page: 1, stars: 2 })).items[0]!.reply).toBe('Sentimos muito! Fale com a gente.');

    await moderateReview(handle.db, admin.id, { intent: 'reject', reviewId: maria1!.id, version: await versionOf(maria1!.id), reason: 'Fora do tema' });
    expect(await productRow(productId)).toEqual({ rating: '2.0', reviewCount: 1 });
    const told = await decisions();
    expect(told).toHaveLength(2);
    expect(told.find((m) => m.subject.endsWith('não foi publicada'))?.text).toMatch(/Motivo: Fora do tema\.[\s\S]*\/area-cliente\/avaliacoes\//);
    // The stale attempt above and the reply told nobody.
    expect((await productReviews(handle.db, productId, { page: 1, stars: null })).items.map((r) => r.authorName)).toEqual(['João P.']);

    // The author's edit of an approved review sends it back to pending: the stars forget it.
    await submitReview(handle.db, { userId: joao.id, userName: joao.name, productId, input: input(orders.joaoDelivered!, { rating: '4', version: String(await versionOf(joaos.reviewId)) }), photos: [] });
    expect(await productRow(productId)).toEqual({ rating: null, reviewCount: 0 });
    const [edited] = await handle.db.select().from(t.reviews).where(eq(t.reviews.id, joaos.reviewId));
    expect(edited).toMatchObject({ status: 'pending', rating: 4, reply: 'Sentimos muito! Fale com a gente.' });
    expect((await productReviews(handle.db, productId, { page: 1, stars: null })).items).toEqual([]);
    // Editing with the version of an old page is refused.
    expect(await refusal(submitReview(handle.db, { userId: joao.id, userName: joao.name, productId, input: input(orders.joaoDelivered!, { version: '0' }), photos: [] }))).toBe(409);
  });

  it('"Avalie sua compra": once per order, from the 3rd São Paulo day after delivery (job twice, clock moved)', async () => {
    const deliveredAt = new Date('2027-02-01T15:00:00Z');
    const id = await order(maria.id, 'delivered', [otherProductId, productId], deliveredAt);
    const mails = () => handle.db.select().from(t.emailOutbox).where(and(eq(t.emailOutbox.kind, 'review-invitation'), eq(t.emailOutbox.toAddress, maria.email)));
    setClock(deliveredAt.getTime() + 2 * DAY_MS);
    await sendReviewInvitations(handle.db);
    expect(await mails()).toHaveLength(0);
    setClock(deliveredAt.getTime() + 3 * DAY_MS);
    await sendReviewInvitations(handle.db);
    await sendReviewInvitations(handle.db);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain('Avalie sua compra');
    // Only the product she has not reviewed yet, with its form's link; one-click unsubscribe.
    expect(sent[0]!.textBody).toContain(`/area-cliente/avaliacoes/${otherProductId}?pedido=${id}`);
    expect(sent[0]!.textBody).not.toContain(`/area-cliente/avaliacoes/${productId}?`);
    expect(sent[0]!.listUnsubscribe).toMatch(/\/descadastrar\?t=/);
    expect(await handle.db.select().from(t.reviewInvitations).where(eq(t.reviewInvitations.orderId, id))).toHaveLength(1);
    setClock(deliveredAt.getTime() + 10 * DAY_MS);
    await sendReviewInvitations(handle.db);
    expect(await mails()).toHaveLength(1);

    // A customer who turned optional e-mails off: recorded, never e-mailed.
    await handle.db.insert(t.userPreferences).values({ userId: joao.id, receiveNotifications: false });
    const joaoOrder = await order(joao.id, 'delivered', [otherProductId], new Date(deliveredAt.getTime() + 7 * DAY_MS));
    await sendReviewInvitations(handle.db);
    expect(await handle.db.select().from(t.reviewInvitations).where(eq(t.reviewInvitations.orderId, joaoOrder))).toHaveLength(1);
    expect(await handle.db.select().from(t.emailOutbox).where(and(eq(t.emailOutbox.kind, 'review-invitation'), eq(t.emailOutbox.toAddress, joao.email)))).toHaveLength(0);
    resetClock();
  });
});
