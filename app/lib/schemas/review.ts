// Verified reviews (issue 36): the customer's form (stars, title, text; the photos are the
// multipart files `photos`, checked by the reviews area like the admin's uploads) and the admin's
// moderation (approve, reject with a reason, public reply), each with the version the page showed.
import { z } from 'zod';
import './zod-pt-br';
import {
  cleanReviewLine,
  cleanReviewText,
  hasHtml,
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_HTML_MESSAGE,
  REVIEW_REASON_MAX,
  REVIEW_REPLY_MAX,
  REVIEW_TITLE_MAX,
  REVIEW_TITLE_MIN,
} from '../reviews';

export const REVIEW_FORM_MESSAGES = {
  rating: 'Escolha de 1 a 5 estrelas.',
  title: `Escreva um título de ${REVIEW_TITLE_MIN} a ${REVIEW_TITLE_MAX} caracteres.`,
  body: `Conte sua experiência em ${REVIEW_BODY_MIN} a ${REVIEW_BODY_MAX} caracteres.`,
  reason: `Informe o motivo (até ${REVIEW_REASON_MAX} caracteres).`,
  reply: `Escreva a resposta (até ${REVIEW_REPLY_MAX} caracteres).`,
  reload: 'Recarregue a página e tente novamente.',
} as const;

const M = REVIEW_FORM_MESSAGES;

/** Free text: refused with HTML, cleaned (`clean`), then held to its limits. */
function plainText(clean: (s: string) => string, min: number, max: number, message: string) {
  return z
    .string(message)
    // Far over the limit is refused before any work on it.
    .max(max * 4, { error: message, abort: true })
    .refine((s) => !hasHtml(s), { error: REVIEW_HTML_MESSAGE, abort: true })
    .transform(clean)
    .pipe(z.string().min(min, message).max(max, message));
}

export const reviewFormSchema = z.object({
  rating: z.coerce.number(M.rating).int(M.rating).min(1, M.rating).max(5, M.rating),
  title: plainText(cleanReviewLine, REVIEW_TITLE_MIN, REVIEW_TITLE_MAX, M.title),
  body: plainText(cleanReviewText, REVIEW_BODY_MIN, REVIEW_BODY_MAX, M.body),
  /** The delivered order that makes it verified. */
  orderId: z.uuid(M.reload),
  /** Editing: the version of the review the form was opened at; blank for a new one. */
  version: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).optional()),
  /** Editing: "Remover as fotos" (new photos replace the old ones anyway). */
  removePhotos: z.preprocess((v) => v === 'on' || v === 'true', z.boolean()),
});
export type ReviewFormInput = z.output<typeof reviewFormSchema>;

const moderationBase = { reviewId: z.uuid(M.reload), version: z.coerce.number(M.reload).int().min(0) };

export const reviewModerationSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approve'), ...moderationBase }),
  z.object({ intent: z.literal('reject'), ...moderationBase, reason: plainText(cleanReviewText, 3, REVIEW_REASON_MAX, M.reason) }),
  z.object({ intent: z.literal('reply'), ...moderationBase, reply: plainText(cleanReviewText, 2, REVIEW_REPLY_MAX, M.reply) }),
]);
export type ReviewModerationInput = z.output<typeof reviewModerationSchema>;
