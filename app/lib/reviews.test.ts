import { describe, expect, it } from 'vitest';
import { products } from '~/db/seed/content/products';
import { kits } from '~/db/seed/content/kits';
import {
  cleanReviewLine,
  cleanReviewText,
  emptyStarCounts,
  hasHtml,
  parseStarsFilter,
  reviewAuthorName,
  reviewDistribution,
  reviewEligibility,
  reviewInvitationDue,
  reviewMean,
  seedReviewStars,
  starCounts,
} from './reviews';
import { REVIEW_FORM_MESSAGES, reviewFormSchema, reviewModerationSchema } from './schemas/review';

const ORDER = '00000000-0000-4000-8000-000000000001';

describe('who may review what', () => {
  const order = { userId: 'u1', status: 'delivered', productIds: ['p1', null, 'p2'] };
  it('the buyer of a delivered order holding the product', () => {
    expect(reviewEligibility(order, 'u1', 'p1')).toBeNull();
    expect(reviewEligibility(order, 'u1', 'p2')).toBeNull();
  });
  it("another customer's order looks missing; not delivered or not in it is refused", () => {
    expect(reviewEligibility(order, 'u2', 'p1')).toBe('not_found');
    expect(reviewEligibility(null, 'u1', 'p1')).toBe('not_found');
    expect(reviewEligibility({ ...order, userId: null }, 'u1', 'p1')).toBe('not_found');
    for (const status of ['pending', 'paid', 'preparing', 'shipped', 'cancelled']) expect(reviewEligibility({ ...order, status }, 'u1', 'p1')).toBe('not_delivered');
    expect(reviewEligibility(order, 'u1', 'p3')).toBe('not_in_order');
  });
});

describe('the text: limits, no HTML, whitespace', () => {
  const form = (over: Record<string, string>) => reviewFormSchema.safeParse({ rating: '5', title: 'Muito bom', body: 'Limpa muito bem o piso.', orderId: ORDER, ...over });

  it('cleans whitespace and invisible characters', () => {
    expect(cleanReviewLine('  Muito\t\n  bom\u200b ')).toBe('Muito bom');
    expect(cleanReviewText(' Linha  um \r\n\r\n\r\n\r\n  linha\t dois  ')).toBe('Linha um\n\nlinha dois');
    const parsed = form({ title: '  Ótimo   produto ', body: 'Rende   muito.\n\n\n\nRecomendo!' });
    expect(parsed.data).toMatchObject({ rating: 5, title: 'Ótimo produto', body: 'Rende muito.\n\nRecomendo!', removePhotos: false });
  });

  it('refuses HTML, but "<3" and "a < b" are text', () => {
    expect(hasHtml('<b>oi</b>')).toBe(true);
    expect(hasHtml('ok <script>alert(1)</script>')).toBe(true);
    expect(hasHtml('<!-- x -->')).toBe(true);
    expect(hasHtml('amei <3 e 2 < 5')).toBe(false);
    expect(form({ body: 'Muito bom <img src=x onerror=alert(1)>' }).success).toBe(false);
    expect(form({ body: 'Amei <3, rende muito' }).success).toBe(true);
  });

  it('holds title 3–80 and text 10–2000 after cleaning, stars 1–5', () => {
    expect(form({ title: 'ab' }).error?.issues[0]?.message).toBe(REVIEW_FORM_MESSAGES.title);
    expect(form({ title: '  a  \t ' }).success).toBe(false);
    expect(form({ title: 'x'.repeat(80) }).success).toBe(true);
    expect(form({ title: 'x'.repeat(81) }).success).toBe(false);
    expect(form({ body: 'curto     ' }).success).toBe(false);
    expect(form({ body: 'x'.repeat(2000) }).success).toBe(true);
    expect(form({ body: 'x'.repeat(2001) }).success).toBe(false);
    for (const rating of ['0', '6', '4.5', 'abc']) expect(form({ rating }).success).toBe(false);
    expect(form({ orderId: 'x' }).success).toBe(false);
  });

  it('moderation: a reason to reject, a reply to answer, the version seen', () => {
    const base = { reviewId: ORDER, version: '2' };
    expect(reviewModerationSchema.parse({ intent: 'approve', ...base })).toEqual({ intent: 'approve', reviewId: ORDER, version: 2 });
    expect(reviewModerationSchema.safeParse({ intent: 'reject', ...base, reason: ' ' }).success).toBe(false);
    expect(reviewModerationSchema.parse({ intent: 'reject', ...base, reason: 'Fala de outro produto' })).toMatchObject({ reason: 'Fala de outro produto' });
    expect(reviewModerationSchema.safeParse({ intent: 'reply', ...base, reply: '<p>Obrigado</p>' }).success).toBe(false);
    expect(reviewModerationSchema.safeParse({ intent: 'delete', ...base }).success).toBe(false);
  });
});

describe('the name shown', () => {
  it('is the first name and the last name’s initial', () => {
    expect(reviewAuthorName('Maria da Silva Souza')).toBe('Maria S.');
    expect(reviewAuthorName('  joão   álvares ')).toBe('joão Á.');
    expect(reviewAuthorName('Cher')).toBe('Cher');
    expect(reviewAuthorName('   ')).toBe('Cliente');
    expect(reviewAuthorName(null)).toBe('Cliente');
  });
});

describe('mean and distribution', () => {
  it('one decimal, half up; null without reviews', () => {
    expect(reviewMean(emptyStarCounts())).toEqual({ rating: null, count: 0 });
    expect(reviewMean({ 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 })).toEqual({ rating: '4.5', count: 2 });
    // 14/3 = 4.666… → 4.7; 13/3 = 4.333… → 4.3; 89/20 = 4.45 → 4.5 (half up).
    expect(reviewMean({ 1: 0, 2: 0, 3: 0, 4: 1, 5: 2 }).rating).toBe('4.7');
    expect(reviewMean({ 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 }).rating).toBe('4.3');
    expect(reviewMean({ 1: 0, 2: 0, 3: 0, 4: 11, 5: 9 }).rating).toBe('4.5');
    expect(reviewMean({ 1: 3, 2: 0, 3: 0, 4: 0, 5: 0 })).toEqual({ rating: '1.0', count: 3 });
    expect(reviewMean({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 7 }).rating).toBe('5.0');
  });

  it('counts by stars from grouped rows, bars 5 first with whole percents', () => {
    const counts = starCounts([
      { rating: 5, count: 3 },
      { rating: 1, count: 1 },
    ]);
    expect(counts).toEqual({ 1: 1, 2: 0, 3: 0, 4: 0, 5: 3 });
    expect(reviewDistribution(counts)).toEqual([
      { stars: 5, count: 3, percent: 75 },
      { stars: 4, count: 0, percent: 0 },
      { stars: 3, count: 0, percent: 0 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 1, percent: 25 },
    ]);
    expect(reviewDistribution(emptyStarCounts()).every((bar) => bar.percent === 0)).toBe(true);
  });

  it('the filter by stars takes 1–5 only', () => {
    expect(parseStarsFilter('4')).toBe(4);
    for (const v of [null, '', '0', '6', '4.0', 'x']) expect(parseStarsFilter(v)).toBeNull();
  });
});

describe('the seed’s own reviews', () => {
  it('for every seeded figure, a few reviews whose mean is exactly that figure', () => {
    for (const item of [...products, ...kits]) {
      const stars = seedReviewStars(item.rating);
      expect(stars.length, item.slug).toBeGreaterThanOrEqual(3);
      const counts = starCounts(stars.map((rating) => ({ rating, count: 1 })));
      expect(reviewMean(counts).rating, item.slug).toBe(Number(item.rating).toFixed(1));
    }
  });
});

describe('"Avalie sua compra": when', () => {
  // Delivered at 23:30 in São Paulo on 10 Nov (02:30 UTC on the 11th).
  const delivered = new Date('2026-11-11T02:30:00Z');
  it('from the 3rd São Paulo day after the delivery’s, until the window ends', () => {
    expect(reviewInvitationDue(delivered, new Date('2026-11-13T02:59:00Z'))).toBe(false); // 12 Nov, 23:59 in SP
    expect(reviewInvitationDue(delivered, new Date('2026-11-13T03:00:00Z'))).toBe(true); // 13 Nov, 00:00 in SP
    expect(reviewInvitationDue(delivered, new Date('2026-12-10T12:00:00Z'))).toBe(true);
    expect(reviewInvitationDue(delivered, new Date('2026-12-11T12:00:00Z'))).toBe(false);
  });
});
