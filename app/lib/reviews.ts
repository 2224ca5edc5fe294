// Verified reviews (issue 36): the vocabulary the schema and the rules share, and the rules themselves
// — who may review what, the text's limits and cleaning, the name shown, the mean and distribution,
// the page of reviews, when the "Avalie sua compra" e-mail is due. Pure: the browser (form, product
// page) and the server (reviews area, seed) compute the same thing.
import { todayInBrazil } from './plans';

/** A review waits for the admin (pending), then is shown (approved) or not (rejected, with a reason). */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Photos per review. */
export const MAX_REVIEW_PHOTOS = 3;

export const REVIEW_TITLE_MIN = 3;
export const REVIEW_TITLE_MAX = 80;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_REASON_MAX = 500;
export const REVIEW_REPLY_MAX = 2000;

/** Reviews per page on the product page. */
export const REVIEWS_PAGE_SIZE = 5;

/** The "Avalie sua compra" e-mail goes this many São Paulo days after the delivery… */
export const REVIEW_INVITATION_DELAY_DAYS = 3;
/** …and never for a delivery older than this (an order delivered before reviews existed is not e-mailed now). */
export const REVIEW_INVITATION_WINDOW_DAYS = 30;

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Pendente',
  approved: 'Aprovada',
  rejected: 'Rejeitada',
};

/** Tabs of /admin/avaliacoes, by status. */
export const REVIEW_TABS: Record<ReviewStatus, string> = {
  pending: 'pendentes',
  approved: 'aprovadas',
  rejected: 'rejeitadas',
};

export function reviewStatusOfTab(tab: string | null): ReviewStatus {
  const found = REVIEW_STATUSES.find((status) => REVIEW_TABS[status] === tab);
  return found ?? 'pending';
}

/** Why a review is refused (what the page, the form and the action answer). */
export type ReviewRefusal = 'not_found' | 'not_delivered' | 'not_in_order';

export const REVIEW_REFUSALS: Record<ReviewRefusal, { status: 403 | 404; message: string }> = {
  not_found: { status: 404, message: 'Pedido não encontrado.' },
  not_delivered: { status: 403, message: 'Você poderá avaliar este produto quando o pedido for entregue.' },
  not_in_order: { status: 403, message: 'Este produto não faz parte do pedido.' },
};

export type ReviewableOrder = { userId: string | null; status: string; productIds: readonly (string | null)[] };

/**
 * Whether `userId` may review `productId` through this order: their own order (anyone else's looks
 * missing), delivered, holding the product. One review per customer and product is the database's
 * unique key: a second visit edits the first.
 */
export function reviewEligibility(order: ReviewableOrder | null, userId: string, productId: string): ReviewRefusal | null {
  if (!order || order.userId !== userId) return 'not_found';
  if (order.status !== 'delivered') return 'not_delivered';
  if (!order.productIds.includes(productId)) return 'not_in_order';
  return null;
}

/** A tag (`<b>`, `</p>`, `<!--`, `<?xml`): refused, so what is kept is the text as typed. "a < b" and "<3" are text. */
const TAG = /<\s*[a-zA-Z!?/]/;
// Control characters other than tab and line breaks, zero-width characters and the BOM.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200B-\u200D\u2060\uFEFF]/g;

export const REVIEW_HTML_MESSAGE = 'Escreva só texto, sem HTML (sem < e > em volta de palavras).';

export function hasHtml(text: string): boolean {
  return TAG.test(text);
}

/** A one-line text (the title): invisible characters out, every run of whitespace one space, trimmed. */
export function cleanReviewLine(text: string): string {
  return text.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/** The review's text: lines trimmed and their spaces collapsed, at most one blank line between paragraphs. */
export function cleanReviewText(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** As shown with the review: "Maria S." (first name, initial of the last); "Cliente" without a name. */
export function reviewAuthorName(name: string | null | undefined): string {
  const words = cleanReviewLine(name ?? '').split(' ').filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return 'Cliente';
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toLocaleUpperCase('pt-BR')}.` : first;
}

export type StarCounts = Readonly<Record<1 | 2 | 3 | 4 | 5, number>>;

export const STARS = [5, 4, 3, 2, 1] as const;

export function emptyStarCounts(): Record<1 | 2 | 3 | 4 | 5, number> {
  return { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
}

/** Counts by stars from (stars, count) rows, as the database groups them. */
export function starCounts(rows: readonly { rating: number; count: number }[]): StarCounts {
  const counts = emptyStarCounts();
  for (const row of rows) if (row.rating >= 1 && row.rating <= 5) counts[row.rating as 1 | 2 | 3 | 4 | 5] += Number(row.count);
  return counts;
}

/**
 * The mean of the approved reviews with one decimal, half up ('4.6'), as `products.rating` keeps it;
 * null without any. Integer arithmetic on tenths, so 4.45 is 4.5 on every engine.
 */
export function reviewMean(counts: StarCounts): { rating: string | null; count: number } {
  let count = 0;
  let sum = 0;
  for (const stars of STARS) {
    count += counts[stars];
    sum += stars * counts[stars];
  }
  if (count === 0) return { rating: null, count: 0 };
  const tenths = Math.floor((sum * 20 + count) / (2 * count));
  return { rating: `${Math.floor(tenths / 10)}.${tenths % 10}`, count };
}

/** The bars of the distribution, 5 stars first, each with its share in whole percent. */
export function reviewDistribution(counts: StarCounts): { stars: 1 | 2 | 3 | 4 | 5; count: number; percent: number }[] {
  const total = STARS.reduce((n, stars) => n + counts[stars], 0);
  return STARS.map((stars) => ({ stars, count: counts[stars], percent: total === 0 ? 0 : Math.round((counts[stars] * 100) / total) }));
}

/** '4.6' → '4,6' (pt-BR). */
export function formatRating(rating: string | number): string {
  return (typeof rating === 'number' ? rating.toFixed(1) : rating).replace('.', ',');
}

/** "4,6 de 5 (12 avaliações)", what a card or the page says next to the stars. */
export function reviewCountLabel(count: number): string {
  return count === 1 ? '1 avaliação' : `${count} avaliações`;
}

/** The `?estrelas=` filter of the product page: 1–5, anything else is "todas". */
export function parseStarsFilter(value: string | null): 1 | 2 | 3 | 4 | 5 | null {
  if (!value || !/^[1-5]$/.test(value)) return null;
  return Number(value) as 1 | 2 | 3 | 4 | 5;
}

/** The `?pagina=` of the product page's reviews: a positive whole number, else 1 (pageWindow clamps the top). */
export function parseReviewPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/**
 * Whether the "Avalie sua compra" e-mail is due for an order delivered at `deliveredAt`: from the
 * São Paulo day REVIEW_INVITATION_DELAY_DAYS after the delivery's, and not for deliveries older than the window.
 */
export function reviewInvitationDue(deliveredAt: Date, at: Date): boolean {
  const deliveredDay = todayInBrazil(deliveredAt);
  const today = todayInBrazil(at);
  return today >= addDays(deliveredDay, REVIEW_INVITATION_DELAY_DAYS) && today <= addDays(deliveredDay, REVIEW_INVITATION_WINDOW_DAYS);
}

/**
 * The seed's own reviews for a seeded figure ('4.6'): the fewest stars (at least 3) whose mean, by
 * `reviewMean`, is exactly that figure — so the product's rating after seeding is their mean. Highest first.
 */
export function seedReviewStars(rating: string): number[] {
  const target = Math.round(Number(rating) * 10);
  if (!Number.isFinite(target) || target < 10 || target > 50) throw new Error(`nota fora de 1 a 5: ${rating}`);
  for (let n = 3; n <= 20; n++) {
    for (let sum = n; sum <= 5 * n; sum++) {
      if (Math.floor((sum * 20 + n) / (2 * n)) !== target) continue;
      // `sum` spread over n reviews as evenly as possible: the base, and one star more for the remainder.
      const base = Math.floor(sum / n);
      const extra = sum - base * n;
      return Array.from({ length: n }, (_, i) => (i < extra ? base + 1 : base));
    }
  }
  throw new Error(`sem combinação para ${rating}`);
}
