import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_ACTION_MESSAGES as M, SUBSCRIPTION_INTENTS, subscriptionActionSchema } from './subscription';

const message = (input: unknown) => subscriptionActionSchema.safeParse(input).error?.issues[0]?.message;

describe('the assinaturas tab action (issue 14)', () => {
  const subscriptionId = randomUUID();
  const deliveryId = randomUUID();
  const orderId = randomUUID();

  it('knows every intent the page posts', () => {
    expect([...SUBSCRIPTION_INTENTS].sort()).toEqual(
      [
        'pause',
        'resume',
        'skip',
        'cancel',
        'change-plan',
        'change-payment',
        'pay-now',
        'delivery-skip',
        'delivery-pause',
        'delivery-resume',
        'delivery-cancel',
        'delivery-frequency',
      ].sort(),
    );
  });

  it('reads the subscription actions by their uuid', () => {
    for (const intent of ['pause', 'resume', 'skip', 'cancel'] as const) {
      expect(subscriptionActionSchema.parse({ intent, subscriptionId })).toEqual({ intent, subscriptionId });
      for (const bad of [undefined, '', '1', "1' or '1'='1", `${subscriptionId}x`, subscriptionId.toUpperCase().replace(/-/g, '')]) {
        expect(message({ intent, subscriptionId: bad })).toBe(M.subscription);
      }
    }
  });

  it('changes the plan only to one of the three', () => {
    const idempotencyKey = randomUUID();
    expect(subscriptionActionSchema.parse({ intent: 'change-plan', subscriptionId, frequency: 'annual', idempotencyKey })).toEqual({ intent: 'change-plan', subscriptionId, frequency: 'annual', idempotencyKey });
    expect(subscriptionActionSchema.parse({ intent: 'change-plan', subscriptionId, frequency: 'annual', idempotencyKey, expectedChargeCents: '48900' })).toMatchObject({ expectedChargeCents: 48900 });
    for (const bad of ['weekly', 'Annual', 'monthly ', '', undefined]) expect(message({ intent: 'change-plan', subscriptionId, frequency: bad, idempotencyKey })).toBe(M.plan);
    // A plan change charges: without its attempt key (a double submit would be two charges) it is refused.
    for (const bad of [undefined, '', 'x']) expect(message({ intent: 'change-plan', subscriptionId, frequency: 'annual', idempotencyKey: bad })).toBe(M.attempt);
    for (const bad of ['-1', '1.5', '01', 'abc']) expect(message({ intent: 'change-plan', subscriptionId, frequency: 'annual', idempotencyKey, expectedChargeCents: bad })).toBe(M.attempt);
  });

  it('changes the payment method with 1 to 12 instalments (1 when none is posted)', () => {
    expect(subscriptionActionSchema.parse({ intent: 'change-payment', subscriptionId, paymentMethod: 'credit_card', installments: '12' })).toMatchObject({ paymentMethod: 'credit_card', installments: 12 });
    expect(subscriptionActionSchema.parse({ intent: 'change-payment', subscriptionId, paymentMethod: 'pix' })).toMatchObject({ paymentMethod: 'pix', installments: 1 });
    for (const bad of ['0', '13', '01', ' 1', '1.0', '1e1', '0x1', '-1', 'NaN', '']) {
      expect(message({ intent: 'change-payment', subscriptionId, paymentMethod: 'credit_card', installments: bad })).toBe(M.installments);
    }
    for (const bad of ['PIX', 'cash', 'credit_card ', '', undefined]) expect(message({ intent: 'change-payment', subscriptionId, paymentMethod: bad })).toBe(M.paymentMethod);
  });

  it('pays an unpaid order by its uuid, with one of the three methods', () => {
    expect(subscriptionActionSchema.parse({ intent: 'pay-now', orderId, paymentMethod: 'boleto' })).toEqual({ intent: 'pay-now', orderId, paymentMethod: 'boleto' });
    expect(message({ intent: 'pay-now', orderId: 'abc', paymentMethod: 'boleto' })).toBe(M.order);
    expect(message({ intent: 'pay-now', orderId, paymentMethod: 'cheque' })).toBe(M.paymentMethod);
  });

  it('changes a programmed delivery by its uuid; the frequency is 1, 2 or 3 months', () => {
    for (const intent of ['delivery-skip', 'delivery-pause', 'delivery-resume', 'delivery-cancel'] as const) {
      expect(subscriptionActionSchema.parse({ intent, deliveryId })).toEqual({ intent, deliveryId });
      expect(message({ intent, deliveryId: 'x' })).toBe(M.delivery);
      // A subscription's id field does not stand in for the delivery's.
      expect(message({ intent, subscriptionId: deliveryId })).toBe(M.delivery);
    }
    expect(subscriptionActionSchema.parse({ intent: 'delivery-frequency', deliveryId, months: '3' })).toEqual({ intent: 'delivery-frequency', deliveryId, months: 3 });
    for (const bad of ['0', '4', '1.5', ' 2', '02', '', undefined]) expect(message({ intent: 'delivery-frequency', deliveryId, months: bad })).toBe(M.months);
  });

  it('refuses an unknown intent in Portuguese', () => {
    for (const intent of [undefined, '', 'CANCEL', 'delete', '__proto__', 'x'.repeat(10_000)]) expect(message({ intent, subscriptionId })).toBe(M.intent);
  });
});
