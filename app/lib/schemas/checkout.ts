// What /checkout posts. Prices are deliberately absent: the server reprices every line.
import { z } from 'zod';
import './zod-pt-br';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../cart';
import { PAYMENT_METHOD_IDS } from '../payment-offer';
import { INVOICED_METHOD } from '../receivables';
import { DELIVERY_MONTHS, PLAN_FREQUENCIES } from '../plans';
import { addressSchema } from './address';
import { hasLetters, normalizeTaxId, TAX_ID_MAX, taxIdKind } from '../tax-id';
import { buyerIeIssues, ieIndicatorField, stateRegistrationField } from './state-registration';
import { purchaseOrderField } from './purchase-order';
import { couponCodeField } from './coupons';

export { MAX_CART_LINES, MAX_LINE_QUANTITY };

/**
 * The cart's JSON text: its 50 lines at their longest are ~7 000 characters;
 * anything longer is refused before JSON.parse reads it.
 */
export const CART_JSON_MAX = 16_000;

export const CART_MESSAGES = {
  tooLong: 'Seu carrinho está grande demais. Remova alguns itens e tente novamente.',
  invalid: 'Carrinho inválido. Recarregue a página e tente novamente.',
  empty: 'Seu carrinho está vazio.',
  tooManyLines: `Seu carrinho pode ter no máximo ${MAX_CART_LINES} itens diferentes.`,
  quantity: `Cada item pode ter de 1 a ${MAX_LINE_QUANTITY} unidades.`,
} as const;

const uuid = z.uuid(CART_MESSAGES.invalid);
const quantity = z.number(CART_MESSAGES.quantity).int(CART_MESSAGES.quantity).min(1, CART_MESSAGES.quantity).max(MAX_LINE_QUANTITY, CART_MESSAGES.quantity);

/**
 * One line as the page posts it (lib/cart.ts): a product line names its variant (or kit)
 * and product by uuid; the subscription line is 'plan:<frequency>'. Anything else never
 * reaches the database.
 */
export const cartLineSchema = z.discriminatedUnion(
  'is_subscription',
  [
    z.object({
      id: uuid,
      product_id: uuid,
      quantity,
      is_subscription: z.literal(false).optional(),
      frequency: z.undefined(CART_MESSAGES.invalid).optional(),
    }),
    z
      .object({
        id: z.templateLiteral(['plan:', z.enum(PLAN_FREQUENCIES)], CART_MESSAGES.invalid),
        product_id: z.string(CART_MESSAGES.invalid).max(32, CART_MESSAGES.invalid),
        // The server sells one plan whatever the line says (checkout.server.ts).
        quantity,
        is_subscription: z.literal(true),
        frequency: z.enum(PLAN_FREQUENCIES, CART_MESSAGES.invalid),
      })
      .refine((line) => line.id === `plan:${line.frequency}`, CART_MESSAGES.invalid),
  ],
  { error: CART_MESSAGES.invalid },
);

/**
 * The posted lines, one per id: the same variant or kit posted twice (the page never does)
 * is merged into one line, and the merged quantity must stay within the per-line limit,
 * so splitting a line cannot buy past it.
 */
export const cartLinesSchema = z
  .array(cartLineSchema, CART_MESSAGES.invalid)
  .min(1, CART_MESSAGES.empty)
  .max(MAX_CART_LINES, CART_MESSAGES.tooManyLines)
  .transform((lines, ctx) => {
    const merged = new Map<string, z.infer<typeof cartLineSchema>>();
    for (const line of lines) {
      const seen = merged.get(line.id);
      if (!seen) {
        merged.set(line.id, { ...line });
        continue;
      }
      seen.quantity += line.quantity;
      if (seen.quantity > MAX_LINE_QUANTITY) {
        ctx.addIssue({ code: 'custom', message: CART_MESSAGES.quantity });
        return z.NEVER;
      }
    }
    return [...merged.values()];
  });

/** The cart as JSON text in a form field, capped, parsed and validated. */
const cartField = z
  .string(CART_MESSAGES.invalid)
  // abort: an oversized text is refused as it is, never parsed.
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

const RELOAD = 'Não foi possível concluir. Recarregue a página e tente novamente.';

const FREIGHT = 'Escolha como receber cada pacote.';

/** The service picked per parcel, as JSON text: {"geral": "<service uuid>", "classe-3": "…"} (lib/freight). */
export const freightChoicesField = z
  .string(FREIGHT)
  .max(1_000, { error: FREIGHT, abort: true })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: FREIGHT });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string().regex(/^[a-z0-9-]{1,20}$/, FREIGHT), z.uuid(FREIGHT), { error: FREIGHT }));

/** A CEP typed for a quote: 8 digits once the mask is taken off; anything else is no CEP yet. */
export const quoteCepField = z
  .string()
  .transform((v) => v.replace(/\D/g, ''))
  .pipe(z.string().regex(/^\d{8}$/).refine((v) => v !== '00000000'));

export const quoteSchema = z.object({
  intent: z.literal('quote', RELOAD),
  cart: cartField,
  /** The CPF/CNPJ typed so far: the welcome offer depends on it; an incomplete one is ignored. */
  taxId: taxIdSchema.optional().catch(undefined),
  /** The delivery CEP so far (the freight depends on it); an incomplete one is no CEP yet. */
  cep: quoteCepField.optional().catch(undefined),
  freight: freightChoicesField.optional().catch(undefined),
  /** "Cupom de desconto" (issue 36): blank is none. */
  coupon: couponCodeField.catch(null),
});

const INSTALLMENTS = 'Escolha de 1 a 12 parcelas.';
const FREQUENCY = 'Escolha a frequência de entrega.';

export const RECIPIENT_MAX = 100;
export const DELIVERY_MESSAGES = {
  choose: 'Escolha o endereço de entrega.',
  recipient: 'Informe quem vai receber o pedido.',
  recipientTooLong: `Use no máximo ${RECIPIENT_MAX} caracteres.`,
} as const;

const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean());

/** A new address typed at checkout: the Meus Endereços fields, named by the checkout. */
const newAddressSchema = z.preprocess(
  (value) => ({ name: 'Entrega', ...(typeof value === 'object' && value !== null ? value : {}), isDefault: false }),
  addressSchema,
);

/**
 * Where to deliver: one of the customer's saved addresses (`addressId`) or a new one typed in
 * place (`addressId: 'new'` and the Meus Endereços fields under `newAddress`, saved to the
 * customer's addresses when `saveAddress` is ticked). The route builds this object from the
 * posted fields before parsing.
 */
export const deliverySchema = z
  .object({
    addressId: z.union([z.uuid(DELIVERY_MESSAGES.choose), z.literal('new')], { error: DELIVERY_MESSAGES.choose }),
    recipientName: z.string({ error: DELIVERY_MESSAGES.recipient }).trim().min(1, DELIVERY_MESSAGES.recipient).max(RECIPIENT_MAX, DELIVERY_MESSAGES.recipientTooLong),
    newAddress: z.unknown().optional(),
    // Ticked by default on the page; an unticked checkbox posts nothing.
    saveAddress: checkbox,
  })
  // Runs even when another field failed, so every message shows at once (the recipient and the address fields).
  .superRefine(
    (v, ctx) => {
      if ((v as { addressId?: unknown }).addressId !== 'new') return;
      const parsed = newAddressSchema.safeParse((v as { newAddress?: unknown }).newAddress);
      if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['newAddress', ...issue.path] });
    },
    { when: () => true },
  )
  .transform((v) =>
    v.addressId === 'new'
      ? { kind: 'new' as const, address: newAddressSchema.parse(v.newAddress), save: v.saveAddress, recipientName: v.recipientName }
      : { kind: 'saved' as const, addressId: v.addressId, recipientName: v.recipientName },
  );

export type DeliveryChoice = z.output<typeof deliverySchema>;

const DELIVERY_PREFIX = 'delivery.';
const NEW_ADDRESS_PREFIX = 'delivery.newAddress.';

/**
 * The posted fields `delivery.addressId`, `delivery.recipientName`, `delivery.saveAddress` and
 * `delivery.newAddress.<field>` as the object `deliverySchema` reads (its errors come back
 * keyed by the same names: 'delivery.newAddress.zipCode').
 */
export function deliveryFromForm(form: Record<string, unknown>): Record<string, unknown> {
  const delivery: Record<string, unknown> = {};
  const newAddress: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) {
    if (key.startsWith(NEW_ADDRESS_PREFIX)) newAddress[key.slice(NEW_ADDRESS_PREFIX.length)] = value;
    else if (key.startsWith(DELIVERY_PREFIX)) delivery[key.slice(DELIVERY_PREFIX.length)] = value;
  }
  return { ...delivery, newAddress };
}

const CARD = 'Não foi possível ler os dados do cartão. Preencha-os de novo.';

export const payNowSchema = z.object({
  intent: z.literal('pay', RELOAD),
  cart: cartField,
  idempotencyKey: z.uuid('Tentativa de compra inválida. Recarregue a página.'),
  // 'invoiced': a company's boleto faturado (issue 35), allowed or refused by the server in the order's transaction.
  paymentMethod: z.enum([...PAYMENT_METHOD_IDS, INVOICED_METHOD], { error: 'Escolha a forma de pagamento.' }),
  installments: z.coerce.number(INSTALLMENTS).int(INSTALLMENTS).min(1, INSTALLMENTS).max(12, INSTALLMENTS).default(1),
  // One of DELIVERY_MONTHS: a programmed delivery repeats the order (a subscriber's); 0: this order only.
  deliveryFrequency: z.coerce
    .number(FREQUENCY)
    .refine((n) => n === 0 || (DELIVERY_MONTHS as readonly number[]).includes(n), FREQUENCY)
    .default(1),
  /** The service picked for each parcel; absent: the cheapest of each (a client that shows no choice). */
  freight: freightChoicesField.optional(),
  /** The freight the page showed, in cents: a different one stops the payment with "o frete mudou". */
  expectedShippingCents: z.coerce.number(RELOAD).int(RELOAD).min(0, RELOAD).max(100_000_000_00, RELOAD).optional(),
  /** The total the page showed, in cents: a different total on the server stops the payment (the customer sees it first). */
  expectedTotalCents: z.coerce.number(RELOAD).int(RELOAD).min(0, RELOAD).max(100_000_000_00, RELOAD).optional(),
  taxId: taxIdSchema,
  delivery: deliverySchema,
  // A card tokenized in the browser by the gateway's script (never the card number): the token,
  // the card's brand id (visa, master…) and its issuer. Required only when a gateway takes cards.
  cardToken: z.string().trim().max(200, CARD).regex(/^[A-Za-z0-9_-]*$/, CARD).optional(),
  cardPaymentMethodId: z.string().trim().max(40, CARD).regex(/^[a-z0-9_]*$/, CARD).optional(),
  cardIssuerId: z.string().trim().max(20, CARD).regex(/^[0-9]*$/, CARD).optional(),
  /** "Li e aceito os Termos de Uso", ticked: the version of the Termos the page showed (lib/contract). */
  acceptTerms: z.coerce.number(RELOAD).int(RELOAD).min(1, RELOAD).max(999_999_999, RELOAD).optional(),
  /** With a CNPJ: 1 contribuinte (stateRegistration required), 2 isento, 9 não contribuinte (lib/schemas/state-registration). */
  ieIndicator: ieIndicatorField,
  stateRegistration: stateRegistrationField,
  /** With a CNPJ: the company's purchase-order number, optional (lib/schemas/purchase-order); a CPF's order stores none. */
  purchaseOrder: purchaseOrderField,
  /** "Cupom de desconto" (issue 36): checked and counted by the server in the order's transaction; blank is none. */
  coupon: couponCodeField,
})
  // Runs even when another field failed, so the IE's message shows with the others.
  .superRefine(
    (v, ctx) => {
      for (const issue of buyerIeIssues(v.taxId, v.ieIndicator, v.stateRegistration)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    },
    { when: () => true },
  );

export type CartLineInput = z.infer<typeof cartLineSchema>;
export type PayNowInput = z.infer<typeof payNowSchema>;
