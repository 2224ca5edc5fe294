// What /checkout posts. Prices are deliberately absent: the server reprices every line.
import { z } from 'zod';
import { hasLetters, normalizeTaxId, TAX_ID_MAX, taxIdKind } from '../tax-id';

export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 99;

export const cartLineSchema = z.object({
  id: z.string().min(1).max(100),
  product_id: z.string().min(1).max(100),
  quantity: z.coerce.number().int().min(1).max(MAX_LINE_QUANTITY),
  is_subscription: z.boolean().optional(),
  frequency: z.enum(['monthly', 'semiannual', 'annual']).optional(),
});

export const cartLinesSchema = z.array(cartLineSchema).min(1, 'Seu carrinho está vazio.').max(MAX_CART_LINES);

/** The cart as JSON text in a form field, parsed and validated. */
const cartField = z.string().transform((text, ctx) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Carrinho inválido.' });
    return z.NEVER;
  }
}).pipe(cartLinesSchema);

/** A CPF, a numeric CNPJ or an alphanumeric CNPJ, in any case; stored as digits or 14 upper-case characters. */
export const taxIdSchema = z
  .string({ error: 'Informe o CPF ou CNPJ.' })
  .trim()
  .min(1, 'Informe o CPF ou CNPJ.')
  // abort: a long text is refused as it is, without being read as a CPF/CNPJ.
  .max(TAX_ID_MAX, { error: `CPF ou CNPJ longo demais. Use no máximo ${TAX_ID_MAX} caracteres.`, abort: true })
  .refine((v) => taxIdKind(v) !== null, {
    // Only an alphanumeric CNPJ has letters: "números" would mislead that customer.
    error: (issue) =>
      typeof issue.input === 'string' && hasLetters(issue.input)
        ? 'CPF ou CNPJ inválido. Confira os caracteres.'
        : 'CPF ou CNPJ inválido. Confira os números.',
  })
  .transform(normalizeTaxId);

export const quoteSchema = z.object({
  intent: z.literal('quote'),
  cart: cartField,
  /** The CPF/CNPJ typed so far: the welcome offer depends on it; an incomplete one is ignored. */
  taxId: taxIdSchema.optional().catch(undefined),
});

export const payNowSchema = z.object({
  intent: z.literal('pay'),
  cart: cartField,
  idempotencyKey: z.uuid('Tentativa de compra inválida. Recarregue a página.'),
  paymentMethod: z.enum(['pix', 'credit_card', 'boleto'], { error: 'Escolha a forma de pagamento.' }),
  installments: z.coerce.number().int().min(1).max(12).default(1),
  deliveryFrequency: z.coerce.number().int().min(1).max(3).default(1),
  /** The total the page showed, in cents: a different total on the server stops the payment (the customer sees it first). */
  expectedTotalCents: z.coerce.number().int().min(0).max(100_000_000_00).optional(),
  taxId: taxIdSchema,
});

export type CartLineInput = z.infer<typeof cartLineSchema>;
export type PayNowInput = z.infer<typeof payNowSchema>;
