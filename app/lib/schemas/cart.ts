// POST /carrinho/sync (issue 36): the browser's whole cart for the server's copy. The lines are
// checked against lib/cart's limits; prices are display only (checkout reprices), so they are kept
// as sent but never trusted. An image that is not the store's own is dropped, not refused.
import { z } from 'zod';
import './zod-pt-br';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type CartItem } from '../cart';
import { toCents } from '../money';
import { PLAN_FREQUENCIES } from '../plans';
import { isOwnImageUrl } from './image-url';

const price = z.union([z.string().max(20), z.number()]).refine((v) => {
  try {
    return toCents(v) >= 0;
  } catch {
    return false;
  }
}, 'Preço inválido.');

export const cartItemSchema = z.object({
  id: z.string().min(1).max(100),
  product_id: z.string().min(1).max(100),
  name: z.string().min(1).max(200),
  price,
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  size: z.string().max(60).nullish(),
  image_url: z
    .string()
    .max(500)
    .nullish()
    .transform((v) => (v && isOwnImageUrl(v) ? v : null)),
  is_subscription: z.boolean().optional(),
  frequency: z.enum(PLAN_FREQUENCIES).optional(),
  tiers: z
    .array(z.object({ minQuantity: z.number().int().min(1).max(100_000), price: z.string().max(20) }))
    .max(20)
    .optional(),
}) satisfies z.ZodType<CartItem, unknown>;

/** A list of lines: one per id, within the cart's line limit. */
export const cartItemsSchema = z
  .array(cartItemSchema)
  .max(MAX_CART_LINES, `O carrinho aceita até ${MAX_CART_LINES} itens.`)
  .refine((items) => new Set(items.map((i) => i.id)).size === items.length, 'Itens repetidos no carrinho.');

const jsonItems = z.string().max(60_000).transform((text, ctx) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Carrinho inválido.' });
    return z.NEVER;
  }
});

/**
 * `merge`: a browser that never synced for this account (sign-in) — its lines join the server's.
 * `put`: a change made here since `base`, the server version it last saw — it replaces the server's
 * cart when that is still `base`, else joins it (another device changed it meanwhile).
 * `pull`: nothing changed here — just the server's cart.
 */
export const cartSyncSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('merge'), items: jsonItems.pipe(cartItemsSchema) }),
  z.object({ mode: z.literal('put'), base: z.coerce.number().int().min(0), items: jsonItems.pipe(cartItemsSchema) }),
  z.object({ mode: z.literal('pull') }),
]);

export type CartSyncRequest = z.infer<typeof cartSyncSchema>;

/** The answer: the server's cart now and its version. */
export type CartSyncAnswer = { ok: true; items: CartItem[]; version: number } | { ok: false; message: string };
