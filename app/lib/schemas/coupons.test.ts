import { describe, expect, it } from 'vitest';
import { couponCodeField, couponFormObject, couponFormSchema } from './coupons';

describe('the admin coupon form', () => {
  it('reads the posted form: code upper case, amounts in cents, São Paulo dates, the chosen lists', () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ code: ' natal-25 ', kind: 'fixed', amount: '1.234,50', minSubtotal: '99,9', validFrom: '2026-12-01T00:00', maxUsesPerCustomer: '1', active: 'on' })) form.append(k, v);
    form.append('productIds', '0b9d6f0e-5d3c-4c55-9d1f-2b8d0f6a3c11');
    form.append('productIds', '0b9d6f0e-5d3c-4c55-9d1f-2b8d0f6a3c11');
    const parsed = couponFormSchema.parse(couponFormObject(form));
    expect(parsed).toMatchObject({
      code: 'NATAL-25',
      kind: 'fixed',
      percent: null,
      amountCents: 123450,
      minSubtotalCents: 9990,
      maxUses: null,
      maxUsesPerCustomer: 1,
      active: true,
      firstPurchaseOnly: false,
      includesPlan: false,
      productIds: ['0b9d6f0e-5d3c-4c55-9d1f-2b8d0f6a3c11'],
      categoryIds: [],
    });
    expect(parsed.validFrom!.toISOString()).toBe('2026-12-01T03:00:00.000Z');
  });

  it('tells every problem at once, in pt-BR', () => {
    const result = couponFormSchema.safeParse({ code: 'x', kind: 'percent', percent: '101', maxUses: '0', validFrom: '2026-13-01T00:00' });
    expect(Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      code: 'Use de 3 a 30 letras, números, "-" ou "_", sem espaços.',
      maxUses: 'Informe um número inteiro maior que zero (ou deixe em branco para não limitar).',
      validFrom: 'Informe data e hora válidas.',
      percent: 'Informe um percentual inteiro de 1 a 100.',
    });
  });
});

describe('the code typed at the cart', () => {
  it('is trimmed and upper case; blank is none', () => {
    expect(couponCodeField.parse(' abc10 ')).toBe('ABC10');
    expect(couponCodeField.parse('')).toBeNull();
    expect(couponCodeField.parse(undefined)).toBeNull();
  });
});
