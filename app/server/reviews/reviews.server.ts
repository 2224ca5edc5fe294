// Verified reviews (issue 36): the one writer of `reviews` and `review_photos` (besides the LGPD
// erase and the seed). A customer reviews a product of their own delivered order (one review per
// customer and product: the unique key, so two posts at once make one row), edits it (back to pending,
// version-checked); the admin approves, rejects with a reason or answers publicly (version-checked).
// Every change that can move the approved set recomputes `products.rating` and `review_count` in the
// same transaction, with the product's row locked first, so two moderations of one product cannot
// each miss the other's approval.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '~/db/client.server';
import { orderItems, orders, products, reviewPhotos, reviews, user } from '~/db/schema';
import { now } from '~/lib/clock';
import { pageWindow } from '~/lib/pagination';
import {
  MAX_REVIEW_PHOTOS,
  REVIEW_REFUSALS,
  REVIEWS_PAGE_SIZE,
  reviewAuthorName,
  reviewEligibility,
  starCounts,
  type ReviewRefusal,
  type ReviewStatus,
  type StarCounts,
} from '~/lib/reviews';
import type { ReviewFormInput, ReviewModerationInput } from '~/lib/schemas/review';
import { widthsFor } from '~/lib/upload-srcset';
import { MULTIPART_OVERHEAD_BYTES, storeImage, uploadKey } from '../catalog/images.server';
import { MAX_IMAGE_BYTES } from '~/lib/image-upload';
import { getStorage } from '../storage/storage.server';
import { recomputeProductRatings } from './rating.server';
import { getEnv } from '../infra/env.server';
import { enqueueMail, kickMailDelivery } from '../mail/outbox.server';
import { reviewFormPath } from './invitations.server';

/** A refusal with its HTTP status and pt-BR message (404: not theirs or missing; 403: not reviewable; 409: stale). */
export class ReviewError extends Error {
  readonly status: 403 | 404 | 409 | 400;
  constructor(status: 403 | 404 | 409 | 400, message: string) {
    super(message);
    this.name = 'ReviewError';
    this.status = status;
  }
}

/** A review's post: its photos at their limit each, their multipart framing, and the form's text fields. */
export const REVIEW_BODY_BYTES = MAX_REVIEW_PHOTOS * (MAX_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES) + 64 * 1024;

const refusal = (why: ReviewRefusal) => new ReviewError(REVIEW_REFUSALS[why].status, REVIEW_REFUSALS[why].message);
const STALE = 'A avaliação mudou desde que a página foi aberta. Recarregue e tente novamente.';

type OrderForReview = { id: string; userId: string | null; status: string; productIds: (string | null)[] };

async function orderForReview(db: Executor, orderId: string, lock = false): Promise<OrderForReview | null> {
  const query = db.select({ id: orders.id, userId: orders.userId, status: orders.status }).from(orders).where(eq(orders.id, orderId));
  // Share-locked while a review is written: the order cannot leave 'delivered' under it.
  const [order] = lock ? await query.for('share') : await query;
  if (!order) return null;
  const items = await db.select({ productId: orderItems.productId }).from(orderItems).where(eq(orderItems.orderId, orderId));
  return { ...order, productIds: items.map((i) => i.productId) };
}

export type ReviewPhoto = { id: string; position: number; url: string };

export type OwnReview = {
  id: string;
  rating: number;
  title: string;
  body: string;
  status: ReviewStatus;
  rejectReason: string | null;
  version: number;
  photos: ReviewPhoto[];
};

async function photosOf(db: Executor, reviewIds: readonly string[]): Promise<Map<string, ReviewPhoto[]>> {
  const byReview = new Map<string, ReviewPhoto[]>();
  if (reviewIds.length === 0) return byReview;
  const rows = await db
    .select({ id: reviewPhotos.id, reviewId: reviewPhotos.reviewId, position: reviewPhotos.position, url: reviewPhotos.url })
    .from(reviewPhotos)
    .where(inArray(reviewPhotos.reviewId, [...reviewIds]))
    .orderBy(asc(reviewPhotos.position));
  for (const { reviewId, ...photo } of rows) byReview.set(reviewId, [...(byReview.get(reviewId) ?? []), photo]);
  return byReview;
}

export type ReviewFormView = {
  order: { id: string };
  product: { id: string; name: string; slug: string; imageUrl: string | null };
  review: OwnReview | null;
};

/** The review form's page: the product of the customer's delivered order, and their review if any. Throws a ReviewError otherwise. */
export async function reviewFormView(db: Executor, userId: string, productId: string, orderId: string): Promise<ReviewFormView> {
  const order = await orderForReview(db, orderId);
  const why = reviewEligibility(order, userId, productId);
  if (why) throw refusal(why);
  const [product] = await db.select({ id: products.id, name: products.name, slug: products.slug, imageUrl: products.imageUrl }).from(products).where(eq(products.id, productId));
  if (!product) throw refusal('not_in_order');
  return { order: { id: orderId }, product, review: await ownReview(db, userId, productId) };
}

async function ownReview(db: Executor, userId: string, productId: string): Promise<OwnReview | null> {
  const [row] = await db
    .select({ id: reviews.id, rating: reviews.rating, title: reviews.title, body: reviews.body, status: reviews.status, rejectReason: reviews.rejectReason, version: reviews.version })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
  if (!row) return null;
  return { ...row, photos: (await photosOf(db, [row.id])).get(row.id) ?? [] };
}

/** The customer's reviews of an order's products (the order page's "Sua avaliação: pendente"). */
export async function reviewStatusesOfOrder(db: Executor, userId: string, productIds: readonly (string | null)[]): Promise<Record<string, ReviewStatus>> {
  const ids = [...new Set(productIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return {};
  const rows = await db
    .select({ productId: reviews.productId, status: reviews.status })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), inArray(reviews.productId, ids)));
  return Object.fromEntries(rows.map((r) => [r.productId, r.status]));
}

/** The product's stars from its approved reviews (rating.server.ts), after `lockProduct`. */
export async function recomputeProductRating(tx: Executor, productId: string): Promise<void> {
  await recomputeProductRatings(tx, [productId]);
}

/** The product's row, locked as lockProductsForRating does (NO KEY UPDATE: checkouts' order items are not held up); false when it is gone. */
async function lockProduct(tx: Transaction, productId: string): Promise<boolean> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('no key update');
  return Boolean(row);
}

export type ReviewSubmission = {
  userId: string;
  /** The account's name, shown as "Maria S.". */
  userName: string;
  productId: string;
  input: ReviewFormInput;
  /** The photos' bytes as posted (checked, resized and re-encoded here, like the admin's uploads). */
  photos: readonly Uint8Array[];
};

export type ReviewSubmitted = { outcome: 'created' | 'updated'; reviewId: string };

/**
 * Writes the customer's review of a product of their delivered order: a new one (pending), or
 * their existing one edited (`input.version` as the form saw it; back to pending). Refused (nothing
 * written, no file stored) for another customer's order, an order not delivered, a product not in it.
 */
export async function submitReview(db: Executor, submission: ReviewSubmission): Promise<ReviewSubmitted> {
  const { userId, productId, input } = submission;
  if (submission.photos.length > MAX_REVIEW_PHOTOS) throw new ReviewError(400, `Envie no máximo ${MAX_REVIEW_PHOTOS} fotos.`);
  const before = reviewEligibility(await orderForReview(db, input.orderId), userId, productId);
  if (before) throw refusal(before);
  // Stored before the transaction (resizing is slow); named by their content, so a refusal below leaves only harmless files.
  const urls: string[] = [];
  for (const bytes of submission.photos) urls.push(await storeImage(bytes));
  const replaced = await db.transaction(async (tx) => {
    const why = reviewEligibility(await orderForReview(tx, input.orderId, true), userId, productId);
    if (why) throw refusal(why);
    if (!(await lockProduct(tx, productId))) throw refusal('not_in_order');
    const fields = { rating: input.rating, title: input.title, body: input.body, orderId: input.orderId, authorName: reviewAuthorName(submission.userName) };
    if (input.version === undefined) {
      const [created] = await tx
        .insert(reviews)
        .values({ ...fields, productId, userId, status: 'pending', createdAt: now(), updatedAt: now() })
        .onConflictDoNothing({ target: [reviews.userId, reviews.productId] })
        .returning({ id: reviews.id });
      // Two posts at once, or a second tab: the first one holds; this one must edit it.
      if (!created) throw new ReviewError(409, 'Você já avaliou este produto. Recarregue a página para editar sua avaliação.');
      await insertPhotos(tx, created.id, urls);
      return { result: { outcome: 'created' as const, reviewId: created.id }, removed: [] as string[] };
    }
    const [previous] = await tx
      .select({ id: reviews.id, status: reviews.status })
      .from(reviews)
      .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId), eq(reviews.version, input.version)));
    if (!previous) throw new ReviewError(409, STALE);
    await tx
      .update(reviews)
      .set({ ...fields, status: 'pending', rejectReason: null, moderatedAt: null, moderatedBy: null, version: sql`${reviews.version} + 1`, updatedAt: now() })
      .where(eq(reviews.id, previous.id));
    let removed: string[] = [];
    if (urls.length > 0 || input.removePhotos) {
      removed = (await tx.delete(reviewPhotos).where(eq(reviewPhotos.reviewId, previous.id)).returning({ url: reviewPhotos.url })).map((r) => r.url);
      await insertPhotos(tx, previous.id, urls);
    }
    // An approved review edited waits again: the product's stars no longer count it.
    if (previous.status === 'approved') await recomputeProductRating(tx, productId);
    return { result: { outcome: 'updated' as const, reviewId: previous.id }, removed };
  });
  await deleteUnusedPhotoFiles(db, replaced.removed);
  return replaced.result;
}

async function insertPhotos(tx: Executor, reviewId: string, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  await tx.insert(reviewPhotos).values(urls.map((url, i) => ({ reviewId, position: i + 1, url, createdAt: now() })));
}

/**
 * Removes stored photos no review uses any more (every width of each). A photo is named by its
 * content, so the same picture posted twice is one file: kept while another review shows it.
 */
export async function deleteUnusedPhotoFiles(db: Executor, urls: readonly string[]): Promise<number> {
  const unique = [...new Set(urls)];
  if (unique.length === 0) return 0;
  const used = new Set((await db.select({ url: reviewPhotos.url }).from(reviewPhotos).where(inArray(reviewPhotos.url, unique))).map((r) => r.url));
  const storage = await getStorage();
  let deleted = 0;
  for (const url of unique) {
    const match = /^\/uploads\/([0-9a-f]{20})-([0-9]+)\.webp$/.exec(url);
    if (!match || used.has(url)) continue;
    for (const width of widthsFor(Number(match[2]))) {
      const key = uploadKey(`${match[1]}-${width}.webp`);
      if (key) await storage.delete(key);
    }
    deleted++;
  }
  return deleted;
}

/** The admin's decision on a review, at the version the page showed; the product's stars follow in the same transaction. */
export async function moderateReview(db: Database, adminId: string, input: ReviewModerationInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [review] = await tx.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.id, input.reviewId));
    if (!review) throw new ReviewError(404, 'Avaliação não encontrada.');
    await lockProduct(tx, review.productId);
    const change =
      input.intent === 'approve'
        ? { status: 'approved' as const, rejectReason: null, moderatedAt: now(), moderatedBy: adminId }
        : input.intent === 'reject'
          ? { status: 'rejected' as const, rejectReason: input.reason, moderatedAt: now(), moderatedBy: adminId }
          : { reply: input.reply, repliedAt: now() };
    const rows = await tx
      .update(reviews)
      .set({ ...change, version: sql`${reviews.version} + 1`, updatedAt: now() })
      .where(and(eq(reviews.id, input.reviewId), eq(reviews.version, input.version)))
      .returning({ id: reviews.id });
    if (rows.length === 0) throw new ReviewError(409, STALE);
    if (input.intent !== 'reply') {
      await recomputeProductRating(tx, review.productId);
      await tellAuthor(tx, input.reviewId);
    }
  });
  if (input.intent !== 'reply') kickMailDelivery(db);
}

/**
 * The author hears of the admin's decision (published, or not and why, with the link to edit it): an
 * e-mail about their own post, queued in the deciding transaction, once per decision (the dedupe key
 * names the review's version). The seed's own reviews have no author to tell.
 */
async function tellAuthor(tx: Executor, reviewId: string): Promise<void> {
  const [row] = await tx
    .select({ status: reviews.status, version: reviews.version, reason: reviews.rejectReason, productId: reviews.productId, orderId: reviews.orderId, title: reviews.title, slug: products.slug, productName: products.name, name: user.name, email: user.email })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(user, eq(user.id, reviews.userId))
    .where(eq(reviews.id, reviewId));
  const status = row?.status;
  if (!row || status === undefined || status === 'pending') return;
  await enqueueMail(tx, { kind: 'review-decision', to: row.email, ...reviewDecisionEmail({ ...row, status }), dedupeKey: `review-decision:${reviewId}:${row.version}` });
}

export function reviewDecisionEmail(review: { status: 'approved' | 'rejected'; reason: string | null; productId: string; orderId: string | null; title: string; slug: string; productName: string; name: string }) {
  const first = review.name.trim().split(/\s+/)[0] || 'Olá';
  const url = getEnv().publicUrl;
  if (review.status === 'approved') {
    return {
      subject: `Sua avaliação de ${review.productName} foi publicada`,
      text: [`${first}, sua avaliação “${review.title}” de ${review.productName} foi aprovada e já aparece na página do produto:`, `${url}/produtos/${review.slug}#avaliacoes`, 'Obrigado por contar como foi!'].join('\n\n'),
    };
  }
  return {
    subject: `Sua avaliação de ${review.productName} não foi publicada`,
    text: [
      `${first}, sua avaliação “${review.title}” de ${review.productName} não foi publicada.`,
      `Motivo: ${(review.reason ?? 'não informado').replace(/[.!?…]+$/u, '')}.`,
      review.orderId ? `Você pode editá-la e enviá-la de novo para conferência: ${url}${reviewFormPath(review.productId, review.orderId)}` : 'Se quiser, fale com a gente pela página de contato.',
    ].join('\n\n'),
  };
}

export type PublicReview = {
  id: string;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  createdAt: Date;
  /** Written by a customer of a delivered order ("Compra verificada"); the seed's own are not. */
  verified: boolean;
  reply: string | null;
  repliedAt: Date | null;
  photos: ReviewPhoto[];
};

export type ProductReviewsPage = {
  items: PublicReview[];
  counts: StarCounts;
  page: number;
  pageCount: number;
  total: number;
  stars: number | null;
};

/** The product page's reviews: approved only, newest first, a page at a time, optionally of one star count. */
export async function productReviews(db: Executor, productId: string, options: { page: number; stars: number | null }): Promise<ProductReviewsPage> {
  const approved = and(eq(reviews.productId, productId), eq(reviews.status, 'approved'));
  const grouped = await db.select({ rating: reviews.rating, count: count() }).from(reviews).where(approved).groupBy(reviews.rating);
  const counts = starCounts(grouped);
  const total = options.stars ? counts[options.stars as 1 | 2 | 3 | 4 | 5] : Object.values(counts).reduce((a, b) => a + b, 0);
  const window = pageWindow(total, options.page, REVIEWS_PAGE_SIZE);
  const rows = total
    ? await db
        .select({
          id: reviews.id,
          authorName: reviews.authorName,
          rating: reviews.rating,
          title: reviews.title,
          body: reviews.body,
          createdAt: reviews.createdAt,
          orderId: reviews.orderId,
          isSeed: reviews.isSeed,
          reply: reviews.reply,
          repliedAt: reviews.repliedAt,
        })
        .from(reviews)
        .where(options.stars ? and(approved, eq(reviews.rating, options.stars)) : approved)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(REVIEWS_PAGE_SIZE)
        .offset(window.offset)
    : [];
  const photos = await photosOf(db, rows.map((r) => r.id));
  return {
    items: rows.map(({ orderId, isSeed, ...r }) => ({ ...r, verified: !isSeed && orderId !== null, photos: photos.get(r.id) ?? [] })),
    counts,
    page: window.page,
    pageCount: window.pageCount,
    total,
    stars: options.stars,
  };
}

export type AdminReview = PublicReview & {
  status: ReviewStatus;
  rejectReason: string | null;
  version: number;
  isSeed: boolean;
  orderId: string | null;
  product: { id: string; name: string; slug: string };
  customer: { id: string; name: string; email: string } | null;
};

export const ADMIN_REVIEWS_PAGE_SIZE = 20;

/** /admin/avaliacoes: one status, newest first, a page at a time, with the tabs' counts. */
export async function adminReviews(db: Executor, status: ReviewStatus, requestedPage: number) {
  const totals = await db.select({ status: reviews.status, n: count() }).from(reviews).groupBy(reviews.status);
  const counts: Record<ReviewStatus, number> = { pending: 0, approved: 0, rejected: 0 };
  for (const row of totals) counts[row.status] = Number(row.n);
  const window = pageWindow(counts[status], requestedPage, ADMIN_REVIEWS_PAGE_SIZE);
  const rows = await db
    .select({
      id: reviews.id,
      authorName: reviews.authorName,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      createdAt: reviews.createdAt,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
      status: reviews.status,
      rejectReason: reviews.rejectReason,
      version: reviews.version,
      isSeed: reviews.isSeed,
      orderId: reviews.orderId,
      productId: products.id,
      productName: products.name,
      productSlug: products.slug,
      userId: user.id,
      userName: user.name,
      userEmail: user.email,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .leftJoin(user, eq(user.id, reviews.userId))
    .where(eq(reviews.status, status))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(ADMIN_REVIEWS_PAGE_SIZE)
    .offset(window.offset);
  const photos = await photosOf(db, rows.map((r) => r.id));
  const items: AdminReview[] = rows.map((r) => ({
    id: r.id,
    authorName: r.authorName,
    rating: r.rating,
    title: r.title,
    body: r.body,
    createdAt: r.createdAt,
    reply: r.reply,
    repliedAt: r.repliedAt,
    status: r.status,
    rejectReason: r.rejectReason,
    version: r.version,
    isSeed: r.isSeed,
    orderId: r.orderId,
    verified: !r.isSeed && r.orderId !== null,
    photos: photos.get(r.id) ?? [],
    product: { id: r.productId, name: r.productName, slug: r.productSlug },
    customer: r.userId ? { id: r.userId, name: r.userName ?? '', email: r.userEmail ?? '' } : null,
  }));
  return { items, counts, page: window.page, pageCount: window.pageCount };
}
