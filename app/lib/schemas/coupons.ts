// The admin's coupon form (/admin/cupons) and the code typed at the cart and checkout (issue 36).
import { z } from 'zod';
import './zod-pt-br';
import { COUPON_KINDS, isCouponCode, normalizeCouponCode, saoPauloLocalToInstant } from '../coupons';
import { parseDecimal } from '../decimal';
import { toCents } from '../money';

export const COUPON_LIMITS = { description: 200, maxAmountCents: 100_000_00, maxUses: 1_000_000, choices: 500 } as const;

export const COUPON_MESSAGES = {
  code: 'Use de 3 a 30 letras, números, "-" ou "_", sem espaços.',
  codeTaken: 'Já existe um cupom com este código.',
  kind: 'Escolha percentual ou valor fixo.',
  percent: 'Informe um percentual inteiro de 1 a 100.',
  amount: 'Informe um valor maior que zero.',
  minSubtotal: 'Informe um valor mínimo válido (ou deixe em branco).',
  date: 'Informe data e hora válidas.',
  period: 'O fim da validade deve ser depois do início.',
  uses: 'Informe um número inteiro maior que zero (ou deixe em branco para não limitar).',
  description: `Use no máximo ${COUPON_LIMITS.description} caracteres.`,
  choice: 'Escolha produtos e categorias da lista.',
  stale: 'Este cupom foi alterado por outra pessoa desde que você abriu a página. Recarregue para ver a versão atual.',
} as const;

const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean());

const code = z
  .string({ error: COUPON_MESSAGES.code })
  .transform(normalizeCouponCode)
  .refine(isCouponCode, COUPON_MESSAGES.code);

/** '12,50' → 1250; blank → null. */
const optionalMoney = (message: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const raw = (v ?? '').trim().replace(/^R\$\s*/, '');
      if (raw === '') return null;
      const parsed = parseDecimal(raw);
      if (parsed === null || parsed.startsWith('-') || toCents(parsed) > COUPON_LIMITS.maxAmountCents) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return toCents(parsed);
    });

const optionalCount = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const raw = (v ?? '').trim();
    if (raw === '') return null;
    if (!/^\d{1,7}$/.test(raw) || Number(raw) < 1 || Number(raw) > COUPON_LIMITS.maxUses) {
      ctx.addIssue({ code: 'custom', message: COUPON_MESSAGES.uses });
      return z.NEVER;
    }
    return Number(raw);
  });

/** A São Paulo local date-time ('2026-12-01T08:00', a datetime-local input); blank → null. */
const saoPauloDateTime = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const raw = (v ?? '').trim();
    if (raw === '') return null;
    const at = saoPauloLocalToInstant(raw);
    if (!at) {
      ctx.addIssue({ code: 'custom', message: COUPON_MESSAGES.date });
      return z.NEVER;
    }
    return at;
  });

const idList = z.array(z.uuid(COUPON_MESSAGES.choice)).max(COUPON_LIMITS.choices, COUPON_MESSAGES.choice).default([]);

export const couponFormSchema = z
  .object({
    code,
    description: z
      .string()
      .optional()
      .transform((v) => v?.trim() || null)
      .refine((v) => v === null || v.length <= COUPON_LIMITS.description, COUPON_MESSAGES.description),
    kind: z.enum(COUPON_KINDS, { error: COUPON_MESSAGES.kind }),
    percent: z.string().optional(),
    amount: optionalMoney(COUPON_MESSAGES.amount),
    minSubtotal: optionalMoney(COUPON_MESSAGES.minSubtotal),
    firstPurchaseOnly: checkbox,
    includesPlan: checkbox,
    validFrom: saoPauloDateTime,
    validUntil: saoPauloDateTime,
    maxUses: optionalCount,
    maxUsesPerCustomer: optionalCount,
    active: checkbox,
    productIds: idList,
    categoryIds: idList,
  })
  // Runs even when another field failed, so every message shows at once.
  .superRefine(
    (v, ctx) => {
      if (v.kind === 'percent' && percentOf(v.percent) === null) ctx.addIssue({ code: 'custom', path: ['percent'], message: COUPON_MESSAGES.percent });
      if (v.kind === 'fixed' && !(typeof v.amount === 'number' && v.amount > 0)) ctx.addIssue({ code: 'custom', path: ['amount'], message: COUPON_MESSAGES.amount });
      if (v.validFrom instanceof Date && v.validUntil instanceof Date && v.validFrom.getTime() >= v.validUntil.getTime()) {
        ctx.addIssue({ code: 'custom', path: ['validUntil'], message: COUPON_MESSAGES.period });
      }
    },
    { when: () => true },
  )
  .transform((v) => ({
    code: v.code,
    description: v.description,
    kind: v.kind,
    percent: v.kind === 'percent' ? percentOf(v.percent) : null,
    amountCents: v.kind === 'fixed' ? v.amount : null,
    minSubtotalCents: v.minSubtotal ?? 0,
    firstPurchaseOnly: v.firstPurchaseOnly,
    includesPlan: v.includesPlan,
    validFrom: v.validFrom,
    validUntil: v.validUntil,
    maxUses: v.maxUses,
    maxUsesPerCustomer: v.maxUsesPerCustomer,
    active: v.active,
    productIds: [...new Set(v.productIds)],
    categoryIds: [...new Set(v.categoryIds)],
  }));

/** '15' or '15%' → 15; anything but a whole 1–100 → null. */
function percentOf(typed: unknown): number | null {
  const raw = typeof typed === 'string' ? typed.trim().replace(/\s*%$/, '') : '';
  return /^\d{1,3}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 100 ? Number(raw) : null;
}

export type CouponInput = z.output<typeof couponFormSchema>;

/** The version the edit form was opened at (a save over another one is refused). */
export const couponVersionSchema = z.coerce.number().int().min(0);

/** The :id of /admin/cupons/:id: a coupon's uuid, or 'novo'. */
export const couponIdParam = z.union([z.literal('novo'), z.uuid()]);

/** A code typed at the cart or checkout: blank (or null, from a caller re-parsing a parsed form) is none; anything else is looked up as typed (upper case). */
export const couponCodeField = z
  .string()
  .max(60)
  .nullish()
  .transform((v) => (v ? normalizeCouponCode(v) : ''))
  .transform((v) => (v === '' ? null : v));

/** The posted coupon form as couponFormSchema reads it: the products and categories chosen as lists. */
export function couponFormObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form) if (typeof value === 'string' && key !== 'productIds' && key !== 'categoryIds') out[key] = value;
  out.productIds = form.getAll('productIds').filter((v) => typeof v === 'string' && v !== '');
  out.categoryIds = form.getAll('categoryIds').filter((v) => typeof v === 'string' && v !== '');
  return out;
}
