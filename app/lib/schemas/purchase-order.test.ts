import { describe, expect, it } from 'vitest';
import { payNowSchema } from './checkout';
import { fieldErrors } from './field-errors';
import { PURCHASE_ORDER_MESSAGES, purchaseOrderField, purchaseOrderLine, purchaseOrderOf } from './purchase-order';

const CNPJ = '11.222.333/0001-81';
const CPF = '529.982.247-25';

describe('the purchase-order number as typed', () => {
  it('is trimmed, optional, and takes letters, digits, spaces and - / . _', () => {
    expect(purchaseOrderField.parse('  PC-2026/0042  ')).toBe('PC-2026/0042');
    expect(purchaseOrderField.parse('Pedido  nº 12_a.b')).toBe('Pedido nº 12_a.b');
    expect(purchaseOrderField.parse('')).toBeUndefined();
    expect(purchaseOrderField.parse('   ')).toBeUndefined();
    expect(purchaseOrderField.parse(undefined)).toBeUndefined();
    expect(purchaseOrderField.parse('x'.repeat(40))).toBe('x'.repeat(40));
  });

  it('refuses more than 40 characters and other characters, in pt-BR', () => {
    expect(purchaseOrderField.safeParse('x'.repeat(41)).error?.issues[0]?.message).toBe(PURCHASE_ORDER_MESSAGES.tooLong);
    expect(purchaseOrderField.safeParse('x'.repeat(500)).error?.issues[0]?.message).toBe(PURCHASE_ORDER_MESSAGES.tooLong);
    expect(purchaseOrderField.safeParse('PC<script>').error?.issues[0]?.message).toBe(PURCHASE_ORDER_MESSAGES.characters);
    expect(purchaseOrderField.safeParse('PC;1').error?.issues[0]?.message).toBe(PURCHASE_ORDER_MESSAGES.characters);
  });

  it('is kept for a CNPJ only, and written as "Pedido de compra: X"', () => {
    expect(purchaseOrderOf('11222333000181', 'PC-1')).toBe('PC-1');
    expect(purchaseOrderOf('52998224725', 'PC-1')).toBeNull();
    expect(purchaseOrderOf(null, 'PC-1')).toBeNull();
    expect(purchaseOrderOf('11222333000181', undefined)).toBeNull();
    expect(purchaseOrderLine('PC-1')).toBe('Pedido de compra: PC-1');
    expect(purchaseOrderLine(null)).toBeNull();
  });

  it("the checkout's schema reports it beside its field", () => {
    const base = { intent: 'pay', cart: '[]', idempotencyKey: 'x', paymentMethod: 'pix', taxId: CNPJ, ieIndicator: '9', delivery: {} };
    const errors = fieldErrors(payNowSchema.safeParse({ ...base, purchaseOrder: 'x'.repeat(41) }).error!);
    expect(errors.purchaseOrder).toBe(PURCHASE_ORDER_MESSAGES.tooLong);
    expect(fieldErrors(payNowSchema.safeParse({ ...base, taxId: CPF, purchaseOrder: 'ok' }).error!).purchaseOrder).toBeUndefined();
  });
});
