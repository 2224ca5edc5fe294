import { describe, expect, it } from 'vitest';
import { formDataToObject } from '../form-data';
import { adminReturnActionSchema, parsePixKey, orderReturnSchema, planWithdrawalSchema, RETURN_MESSAGES, returnFiltersFromSearchParams } from './returns';

const ITEM_A = '2f0e5c1a-8d3b-4c6e-9a7f-1b2c3d4e5f60';
const ITEM_B = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const form = (fields: [string, string][]) => {
  const data = new FormData();
  for (const [k, v] of fields) data.append(k, v);
  return formDataToObject(data);
};

describe('parsePixKey', () => {
  it('writes each kind of key as the DICT does', () => {
    expect(parsePixKey('529.982.247-25')).toBe('52998224725');
    expect(parsePixKey('11.222.333/0001-81')).toBe('11222333000181');
    expect(parsePixKey(' Maria.Souza@Exemplo.com.br ')).toBe('maria.souza@exemplo.com.br');
    expect(parsePixKey('(11) 98765-4321')).toBe('+5511987654321');
    expect(parsePixKey('+55 11 98765-4321')).toBe('+5511987654321');
    expect(parsePixKey('123E4567-E89B-42D3-A456-426614174000')).toBe('123e4567-e89b-42d3-a456-426614174000');
  });

  it('refuses what is no key', () => {
    for (const bad of ['', '   ', '123', '111.111.111-11', 'maria@', '(00) 12345-678', 'javascript:alert(1)', 'x'.repeat(78), '+1 212 555 0100', '+1 11 98765-4321']) {
      expect(parsePixKey(bad), bad).toBeNull();
    }
  });
});

describe('orderReturnSchema', () => {
  it('"Desistir da compra" before shipping: no lines, an optional reason and Pix key', () => {
    expect(orderReturnSchema.parse(form([['intent', 'withdraw']]))).toEqual({ intent: 'withdraw' });
    expect(orderReturnSchema.parse(form([['intent', 'withdraw'], ['reason', '  Mudei de ideia  '], ['refundPixKey', '529.982.247-25']]))).toEqual({
      intent: 'withdraw',
      reason: 'Mudei de ideia',
      refundPixKey: '52998224725',
    });
    const bad = orderReturnSchema.safeParse(form([['intent', 'withdraw'], ['refundPixKey', 'minha chave']]));
    expect(bad.error?.issues).toMatchObject([{ path: ['refundPixKey'], message: RETURN_MESSAGES.pixKey }]);
  });

  it('after shipping: the lines ticked, and none ticked is refused', () => {
    const chosen = orderReturnSchema.parse(
      form([['intent', 'withdraw'], ['chosen', '1'], ['items.0.orderItemId', ITEM_A], ['items.0.quantity', '2'], ['items.2.orderItemId', ITEM_B], ['items.2.quantity', '1']]),
    );
    expect(chosen).toEqual({ intent: 'withdraw', chosen: '1', items: [{ orderItemId: ITEM_A, quantity: 2 }, { orderItemId: ITEM_B, quantity: 1 }] });
    expect(orderReturnSchema.safeParse(form([['intent', 'withdraw'], ['chosen', '1']])).error?.issues).toMatchObject([{ path: ['items'], message: RETURN_MESSAGES.items }]);
    for (const quantity of ['0', '-1', '1.5', 'dois']) {
      expect(orderReturnSchema.safeParse(form([['intent', 'withdraw'], ['chosen', '1'], ['items.0.orderItemId', ITEM_A], ['items.0.quantity', quantity]])).success, quantity).toBe(false);
    }
    const twice = form([['intent', 'withdraw'], ['chosen', '1'], ['items.0.orderItemId', ITEM_A], ['items.0.quantity', '1'], ['items.1.orderItemId', ITEM_A], ['items.1.quantity', '1']]);
    expect(orderReturnSchema.safeParse(twice).success).toBe(false);
  });

  it('a defect needs its reason and a line', () => {
    expect(orderReturnSchema.safeParse(form([['intent', 'defect'], ['reason', '   '], ['items.0.orderItemId', ITEM_A], ['items.0.quantity', '1']])).error?.issues).toMatchObject([
      { path: ['reason'], message: RETURN_MESSAGES.defectReason },
    ]);
    expect(orderReturnSchema.safeParse(form([['intent', 'defect'], ['reason', 'Tampa quebrada']])).error?.issues).toMatchObject([{ path: ['items'], message: RETURN_MESSAGES.items }]);
    expect(orderReturnSchema.parse(form([['intent', 'defect'], ['reason', 'Tampa\u0000 quebrada'], ['items.0.orderItemId', ITEM_A], ['items.0.quantity', '1']]))).toEqual({
      intent: 'defect',
      reason: 'Tampa quebrada',
      items: [{ orderItemId: ITEM_A, quantity: 1 }],
    });
    expect(orderReturnSchema.safeParse(form([['intent', 'defect'], ['reason', 'x'.repeat(501)], ['items.0.orderItemId', ITEM_A], ['items.0.quantity', '1']])).error?.issues[0]?.message).toBe(
      RETURN_MESSAGES.reasonTooLong,
    );
    expect(orderReturnSchema.safeParse({ intent: 'cancel' }).error?.issues[0]?.message).toBe(RETURN_MESSAGES.reload);
  });
});

describe('planWithdrawalSchema', () => {
  it('the subscription, and a Pix key when typed', () => {
    expect(planWithdrawalSchema.parse({ intent: 'plan-withdraw', subscriptionId: ITEM_A, refundPixKey: '' })).toEqual({ intent: 'plan-withdraw', subscriptionId: ITEM_A });
    expect(planWithdrawalSchema.safeParse({ intent: 'plan-withdraw', subscriptionId: 'x' }).success).toBe(false);
  });
});

describe('adminReturnActionSchema', () => {
  it('approve needs instructions; a resolution only when chosen', () => {
    expect(adminReturnActionSchema.parse({ intent: 'approve', version: '3', instructions: ' Código de postagem 123 ', resolution: '' })).toEqual({
      intent: 'approve',
      version: 3,
      instructions: 'Código de postagem 123',
    });
    expect(adminReturnActionSchema.parse({ intent: 'approve', version: '0', instructions: 'Coleta', resolution: 'replacement' })).toMatchObject({ resolution: 'replacement' });
    expect(adminReturnActionSchema.safeParse({ intent: 'approve', version: '0', instructions: '' }).error?.issues[0]).toMatchObject({ path: ['instructions'], message: RETURN_MESSAGES.instructions });
    expect(adminReturnActionSchema.safeParse({ intent: 'approve', version: '0', instructions: 'x', resolution: 'credito' }).error?.issues[0]?.message).toBe(RETURN_MESSAGES.resolution);
  });

  it('reject, receive and the manual refund', () => {
    expect(adminReturnActionSchema.safeParse({ intent: 'reject', version: '1', reason: '' }).error?.issues[0]?.message).toBe(RETURN_MESSAGES.rejectReason);
    expect(adminReturnActionSchema.parse(form([['intent', 'receive'], ['version', '2'], ['restock.0.orderItemId', ITEM_A], ['restock.0.quantity', '0']]))).toEqual({
      intent: 'receive',
      version: 2,
      restock: [{ orderItemId: ITEM_A, quantity: 0 }],
    });
    expect(adminReturnActionSchema.safeParse({ intent: 'record_refund', version: '1', reference: ' ' }).error?.issues[0]?.message).toBe(RETURN_MESSAGES.reference);
    expect(adminReturnActionSchema.safeParse({ intent: 'approve', version: '-1', instructions: 'x' }).success).toBe(false);
  });
});

describe('returnFiltersFromSearchParams', () => {
  it('keeps a known state and page, drops the rest', () => {
    expect(returnFiltersFromSearchParams(new URLSearchParams('status=late&pagina=2'))).toEqual({ status: 'late', page: 2 });
    expect(returnFiltersFromSearchParams(new URLSearchParams('status=<x>&pagina=abc'))).toEqual({ status: undefined, page: 1 });
  });
});
