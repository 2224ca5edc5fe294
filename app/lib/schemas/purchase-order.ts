// A company's purchase-order number ("Nº do pedido de compra", issue 35), typed at checkout with a
// CNPJ: optional, trimmed, up to 40 characters (the CHECK on orders.purchase_order_number), letters,
// digits, spaces and - / . _ only. A CPF's order never carries one (purchaseOrderOf).
import { z } from 'zod';
import './zod-pt-br';
import { taxIdKind } from '../tax-id';

export const PURCHASE_ORDER_MAX = 40;

export const PURCHASE_ORDER_LABEL = 'Nº do pedido de compra';

export const PURCHASE_ORDER_MESSAGES = {
  tooLong: `O Nº do pedido de compra pode ter no máximo ${PURCHASE_ORDER_MAX} caracteres.`,
  characters: 'Use só letras, números, espaços e - / . _ no Nº do pedido de compra.',
} as const;

/** The field as posted: empty or absent is none; otherwise the trimmed text with its inner spaces collapsed. */
export const purchaseOrderField = z
  .string(PURCHASE_ORDER_MESSAGES.characters)
  // abort: a long text is refused as it is.
  .max(200, { error: PURCHASE_ORDER_MESSAGES.tooLong, abort: true })
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .max(PURCHASE_ORDER_MAX, { error: PURCHASE_ORDER_MESSAGES.tooLong, abort: true })
      .regex(/^[\p{L}\p{N} ./_-]*$/u, PURCHASE_ORDER_MESSAGES.characters),
  )
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** What the order stores: the number for a CNPJ, never anything for a CPF (or no document). */
export function purchaseOrderOf(taxId: string | null | undefined, purchaseOrder: string | undefined): string | null {
  if (!taxId || taxIdKind(taxId) !== 'cnpj') return null;
  return purchaseOrder ?? null;
}

/** The line the e-mails, the NF-e and the packing slip write: "Pedido de compra: X". */
export function purchaseOrderLine(purchaseOrder: string | null | undefined): string | null {
  return purchaseOrder ? `Pedido de compra: ${purchaseOrder}` : null;
}
