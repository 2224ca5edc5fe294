import { describe, expect, it } from 'vitest';
import { paymentVerdict } from './payment-match';

describe('paymentVerdict', () => {
  it('pays only approved, in BRL, for at least the total', () => {
    expect(paymentVerdict({ status: 'approved', amountCents: 4990, currency: 'BRL' }, 4990)).toEqual({ pays: true });
    expect(paymentVerdict({ status: 'approved', amountCents: 5000 }, 4990)).toEqual({ pays: true });
    expect(paymentVerdict({ status: 'approved', amountCents: 4989, currency: 'BRL' }, 4990)).toMatchObject({ pays: false, why: expect.stringMatching(/menor/) });
    expect(paymentVerdict({ status: 'approved', amountCents: 4990, currency: 'USD' }, 4990)).toMatchObject({ pays: false, why: expect.stringMatching(/USD/) });
    expect(paymentVerdict({ status: 'authorized', amountCents: 4990, currency: 'BRL' }, 4990)).toMatchObject({ pays: false, why: expect.stringMatching(/autorizado/) });
  });
});
