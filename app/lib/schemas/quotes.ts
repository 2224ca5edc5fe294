// Orçamentos (issue 35): what the cart posts to ask for one, what the admin posts to answer it,
// the thread's messages and the customer's decision. The same schemas in the pages and the actions.
import { z } from 'zod';
import './zod-pt-br';
import { parseDecimal } from '../decimal';
import { toCents } from '../money';
import { cartLinesSchema, CART_JSON_MAX, CART_MESSAGES, quoteCepField } from './checkout';

export const QUOTE_LIMITS = { note: 2000, message: 2000 } as const;

export const QUOTE_FORM_MESSAGES = {
  reload: 'Não foi possível concluir. Recarregue a página e tente novamente.',
  note: 'Conte o que você precisa (prazo, frequência, condições).',
  noteTooLong: `Use no máximo ${QUOTE_LIMITS.note} caracteres.`,
  message: 'Escreva a mensagem.',
  messageTooLong: `Use no máximo ${QUOTE_LIMITS.message} caracteres.`,
  price: 'Informe o preço unitário como 12,50 (maior que zero).',
  freight: 'Informe o frete como 25,00, ou deixe em branco para o frete normal.',
  validUntil: 'Informe uma data de validade a partir de hoje.',
} as const;

const M = QUOTE_FORM_MESSAGES;

/** Free text: NUL-free (PostgreSQL refuses it) and trimmed. */
// eslint-disable-next-line no-control-regex
const clean = (s: string) => s.replace(/\u0000/g, '').trim();

const cartText = z
  .string(CART_MESSAGES.invalid)
  .max(CART_JSON_MAX, { error: CART_MESSAGES.tooLong, abort: true })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: CART_MESSAGES.invalid });
      return z.NEVER;
    }
  })
  .pipe(cartLinesSchema);

/** "Solicitar orçamento" from the cart: its lines (ids and quantities only), a note, the CEP if known. */
export const quoteRequestSchema = z.object({
  cart: cartText,
  note: z.string(M.note).transform(clean).pipe(z.string().min(1, M.note).max(QUOTE_LIMITS.note, M.noteTooLong)),
  cep: quoteCepField.optional().catch(undefined),
});
export type QuoteRequestInput = z.output<typeof quoteRequestSchema>;

/** An amount in R$ typed by the admin ('12,50', '1.234,56'), as cents; null when blank or invalid. */
export function amountCents(text: string): number | null {
  const parsed = parseDecimal(text, 2);
  if (parsed === null || parsed.startsWith('-') || parsed.replace('.', '').length > 12) return null;
  return toCents(parsed);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The admin's answer: a unit price per line (`prices`: item id → text), optional freight and
 * last valid day, a message for the thread, and the version the form was opened at. Today (São
 * Paulo) is passed in: a validity in the past is refused.
 */
export function quoteAnswerSchema(today: string) {
  return z.object({
    intent: z.literal('answer', M.reload),
    version: z.coerce.number(M.reload).int(M.reload).min(0, M.reload),
    prices: z
      .record(z.uuid(M.reload), z.string(M.price).max(20, M.price))
      .transform((record, ctx) => {
        const out: Record<string, number> = {};
        for (const [id, text] of Object.entries(record)) {
          const cents = amountCents(text);
          if (cents === null || cents <= 0) ctx.addIssue({ code: 'custom', message: M.price, path: [id] });
          else out[id] = cents;
        }
        return out;
      }),
    freight: z
      .string()
      .max(20, M.freight)
      .optional()
      .transform((text, ctx) => {
        if (!text || text.trim() === '') return null;
        const cents = amountCents(text);
        if (cents === null) {
          ctx.addIssue({ code: 'custom', message: M.freight });
          return z.NEVER;
        }
        return cents;
      }),
    validUntil: z
      .string()
      .optional()
      .transform((text, ctx) => {
        if (!text || text.trim() === '') return null;
        if (!DAY.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`)) || text < today) {
          ctx.addIssue({ code: 'custom', message: M.validUntil });
          return z.NEVER;
        }
        return text;
      }),
    message: z.string().optional().transform((v) => (v ? clean(v) : '')).pipe(z.string().max(QUOTE_LIMITS.message, M.messageTooLong)),
  });
}
export type QuoteAnswerInput = z.output<ReturnType<typeof quoteAnswerSchema>>;

/** A message of the thread, from either side. */
export const quoteMessageSchema = z.object({
  intent: z.literal('message', M.reload),
  body: z.string(M.message).transform(clean).pipe(z.string().min(1, M.message).max(QUOTE_LIMITS.message, M.messageTooLong)),
});

/** The customer's decision: accept (at the version seen) or decline. */
export const quoteDecisionSchema = z.discriminatedUnion(
  'intent',
  [z.object({ intent: z.literal('accept'), version: z.coerce.number(M.reload).int(M.reload).min(0, M.reload) }), z.object({ intent: z.literal('decline') })],
  { error: M.reload },
);

/** The admin list's tab: one status, or every quote. */
export const QUOTE_TABS = { novo: 'new', respondido: 'answered', aceito: 'accepted', recusado: 'declined', expirado: 'expired' } as const;
