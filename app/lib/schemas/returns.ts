// Withdrawal and returns (issue 32): what the customer's order page posts ("Desistir da compra",
// "Produto com defeito?"), the plan's withdrawal on the assinaturas tab, and the admin's actions on
// /admin/returns/:id. The same schema checks in the page and in the action; messages are pt-BR.
// Item lists are posted as `items.0.orderItemId`, `items.0.quantity`… (lib/form-data).
import { isValidPhone } from '@brazilian-utils/brazilian-utils/is-valid-phone';
import { z } from 'zod';
import './zod-pt-br';
import { RETURN_LIMITS, RETURN_RESOLUTIONS, RETURN_STATUSES } from '../returns';
import { isValidCnpj, isValidCpf } from '../tax-id';
import { EMAIL_MAX_LENGTH } from './limits';

export const RETURN_MESSAGES = {
  reload: 'Não foi possível concluir. Recarregue a página e tente novamente.',
  reasonTooLong: `Use no máximo ${RETURN_LIMITS.reason} caracteres.`,
  defectReason: 'Conte qual é o defeito do produto.',
  pixKey: 'Informe uma chave Pix válida: CPF, CNPJ, e-mail, celular com DDD ou chave aleatória.',
  items: 'Escolha ao menos um produto.',
  quantity: 'Quantidade inválida. Recarregue a página e tente novamente.',
  instructions: 'Informe as instruções de devolução (código de postagem reversa ou a coleta).',
  instructionsTooLong: `Use no máximo ${RETURN_LIMITS.instructions} caracteres.`,
  resolution: 'Escolha: reembolso ou troca do produto.',
  rejectReason: 'Informe o motivo da recusa.',
  rejectReasonTooLong: `Use no máximo ${RETURN_LIMITS.rejectReason} caracteres.`,
  reference: 'Informe o identificador da transferência Pix (o código da transação no banco).',
  referenceTooLong: `Use no máximo ${RETURN_LIMITS.reference} caracteres.`,
} as const;

const M = RETURN_MESSAGES;

const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = z.email();

/**
 * A Pix key as the bank's DICT writes it, or null: CPF (11 digits), CNPJ (14 characters), e-mail
 * (lower case), mobile '+55' and DDD and number, or a random key (EVP, lower case). Eleven digits
 * that are a valid CPF are a CPF; a phone is recognised by its '+' or by not being a CPF.
 */
export function parsePixKey(value: string): string | null {
  const key = value.trim();
  if (!key || key.length > RETURN_LIMITS.pixKey) return null;
  if (EVP.test(key)) return key.toLowerCase();
  if (key.includes('@')) return key.length <= EMAIL_MAX_LENGTH && EMAIL.safeParse(key).success ? key.toLowerCase() : null;
  if (!/^[\d\s+().\-/A-Za-z]+$/.test(key)) return null;
  const plain = key.replace(/[\s().\-/]/g, '');
  if (!plain.startsWith('+')) {
    if (/^\d{11}$/.test(plain) && isValidCpf(plain)) return plain;
    if (plain.length === 14 && isValidCnpj(plain)) return plain.toUpperCase();
  }
  // Only Brazilian numbers hold a Pix key: '+55', or the national number alone.
  if (plain.startsWith('+') && !plain.startsWith('+55')) return null;
  const digits = plain.replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return null;
  const national = plain.startsWith('+') || (digits.length === 13 && digits.startsWith('55')) ? digits.slice(2) : digits;
  return (national.length === 10 || national.length === 11) && isValidPhone(national, { version: 2 }) ? `+55${national}` : null;
}

/** Free text: NUL-free (PostgreSQL refuses it) and trimmed. */
// eslint-disable-next-line no-control-regex
const clean = (s: string) => s.replace(/\u0000/g, '').trim();

const optionalReason = z
  .string()
  .optional()
  .transform((v) => clean(v ?? ''))
  .pipe(z.string().max(RETURN_LIMITS.reason, M.reasonTooLong))
  .transform((v) => v || undefined);

const requiredText = (missing: string, max: number, tooLong: string) =>
  z
    .string({ error: missing })
    .transform(clean)
    .pipe(z.string().min(1, missing).max(max, tooLong));

/** Empty means "not given" (the action decides whether it was needed); anything else must be a Pix key. */
const pixKey = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const typed = (v ?? '').trim();
    if (!typed) return undefined;
    const key = parsePixKey(typed);
    if (!key) {
      ctx.addIssue({ code: 'custom', message: M.pixKey });
      return z.NEVER;
    }
    return key;
  });

const quantity = z.coerce.number(M.quantity).int(M.quantity).min(1, M.quantity).max(999, M.quantity);
const line = z.object({ orderItemId: z.uuid(M.reload), quantity });
/** At least one order line, each once. */
const lineList = z
  .array(line, M.items)
  .min(1, M.items)
  .max(100, M.items)
  .refine((rows) => new Set(rows.map((r) => r.orderItemId)).size === rows.length, M.reload);
/** The same, where nothing posted means none ticked. */
const lines = z.preprocess((v) => v ?? [], lineList);

/**
 * The customer's "Desistir da compra": before shipping it cancels and refunds (a Pix key when the
 * store's Pix was used); after shipping it opens a return of the lines ticked (none posted: every unit).
 * "Produto com defeito?": a reason and at least one line.
 */
export const orderReturnSchema = z.discriminatedUnion(
  'intent',
  [
    // The dialog before shipping posts no lines (the whole order); the form after it says it chose some.
    z
      .object({ intent: z.literal('withdraw'), chosen: z.literal('1', M.reload).optional(), reason: optionalReason, refundPixKey: pixKey, items: lineList.optional() })
      .refine((v) => !v.chosen || v.items !== undefined, { path: ['items'], message: M.items }),
    z.object({ intent: z.literal('defect'), reason: requiredText(M.defectReason, RETURN_LIMITS.reason, M.reasonTooLong), items: lines }),
  ],
  { error: M.reload },
);
export type OrderReturnInput = z.output<typeof orderReturnSchema>;

/** The plan's withdrawal within 7 days of buying it, on the assinaturas tab. */
export const planWithdrawalSchema = z.object({ intent: z.literal('plan-withdraw', M.reload), subscriptionId: z.uuid(M.reload), refundPixKey: pixKey });
export type PlanWithdrawalInput = z.output<typeof planWithdrawalSchema>;

const version = z.coerce.number(M.reload).int(M.reload).min(0, M.reload);
const restockLine = z.object({ orderItemId: z.uuid(M.reload), quantity: z.coerce.number(M.quantity).int(M.quantity).min(0, M.quantity).max(999, M.quantity) });

/** /admin/returns/:id: one schema per action, each with the version the page showed. */
export const adminReturnActionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({
      intent: z.literal('approve'),
      version,
      instructions: requiredText(M.instructions, RETURN_LIMITS.instructions, M.instructionsTooLong),
      // Only a defect's approval says how it ends; the page shows the choice only there.
      resolution: z.preprocess((v) => (v === '' ? undefined : v), z.enum(RETURN_RESOLUTIONS, M.resolution).optional()),
    }),
    z.object({ intent: z.literal('reject'), version, reason: requiredText(M.rejectReason, RETURN_LIMITS.rejectReason, M.rejectReasonTooLong) }),
    z.object({
      intent: z.literal('receive'),
      version,
      restock: z
        .array(restockLine)
        .max(100, M.reload)
        .default([])
        .refine((rows) => new Set(rows.map((r) => r.orderItemId)).size === rows.length, M.reload),
    }),
    z.object({ intent: z.literal('record_refund'), version, reference: requiredText(M.reference, RETURN_LIMITS.reference, M.referenceTooLong) }),
  ],
  { error: M.reload },
);
export type AdminReturnAction = z.output<typeof adminReturnActionSchema>;

/** The admin's record of an order's refund made by Pix transfer (an order cancelled before shipping). */
export const orderRefundSchema = z.object({ intent: z.literal('record_refund', M.reload), reference: requiredText(M.reference, RETURN_LIMITS.reference, M.referenceTooLong) });

/** The list's query string; anything unknown is dropped rather than refused (a shared link keeps working). */
export const returnFiltersSchema = z.object({
  status: z.enum([...RETURN_STATUSES, 'late']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export function returnFiltersFromSearchParams(params: URLSearchParams) {
  return returnFiltersSchema.parse({ status: params.get('status') || undefined, page: params.get('pagina') || '1' });
}
