import { describe, expect, it } from 'vitest';
import { payNowSchema } from './checkout';
import { fieldErrors } from './field-errors';
import { profileSchema } from './profile';
import { buyerIeIssues, buyerIeOf, IE_MESSAGES, stateRegistrationDigits, stateRegistrationProblem } from './state-registration';

const CNPJ = '11.222.333/0001-81';
const CPF = '529.982.247-25';

describe('the Inscrição Estadual as typed', () => {
  it('keeps digits only: dots, dashes, slashes and spaces go', () => {
    expect(stateRegistrationDigits('110.042.490.114')).toBe('110042490114');
    expect(stateRegistrationDigits('0623079-40 / 81')).toBe('06230794081');
  });

  it('takes 2 to 14 digits and says in pt-BR what is wrong', () => {
    expect(stateRegistrationProblem('110.042.490.114')).toBeNull();
    expect(stateRegistrationProblem('12')).toBeNull();
    expect(stateRegistrationProblem('12345678901234')).toBeNull();
    expect(stateRegistrationProblem('')).toBe(IE_MESSAGES.required);
    expect(stateRegistrationProblem('  ')).toBe(IE_MESSAGES.required);
    expect(stateRegistrationProblem('1')).toBe(IE_MESSAGES.length);
    expect(stateRegistrationProblem('123456789012345')).toBe(IE_MESSAGES.length);
    expect(stateRegistrationProblem('12A-345')).toBe(IE_MESSAGES.characters);
    expect(stateRegistrationProblem('Isento')).toBe(IE_MESSAGES.isento);
  });
});

describe('buyerIeIssues and buyerIeOf', () => {
  it('asks nothing of a CPF, nor of a document not valid yet, and stores nothing for them', () => {
    expect(buyerIeIssues('52998224725', undefined, undefined)).toEqual([]);
    expect(buyerIeIssues('123', undefined, undefined)).toEqual([]);
    expect(buyerIeOf('52998224725', 1, '123456')).toEqual({ ieIndicator: null, stateRegistration: null });
    expect(buyerIeOf(null, 9, undefined)).toEqual({ ieIndicator: null, stateRegistration: null });
  });

  it('asks a CNPJ for a choice, and the IE with choice 1', () => {
    expect(buyerIeIssues('11222333000181', '', '')).toEqual([{ path: 'ieIndicator', message: IE_MESSAGES.indicator }]);
    expect(buyerIeIssues('11222333000181', '7', '')).toEqual([{ path: 'ieIndicator', message: IE_MESSAGES.indicator }]);
    expect(buyerIeIssues('11222333000181', '1', '')).toEqual([{ path: 'stateRegistration', message: IE_MESSAGES.required }]);
    expect(buyerIeIssues('11222333000181', '1', '110.042.490.114')).toEqual([]);
    expect(buyerIeIssues('11222333000181', '2', '')).toEqual([]);
    expect(buyerIeIssues('12ABC34501DE35', 9, undefined)).toEqual([]);
  });

  it('stores the IE only with choice 1', () => {
    expect(buyerIeOf('11222333000181', 1, '110.042.490-114')).toEqual({ ieIndicator: 1, stateRegistration: '110042490114' });
    expect(buyerIeOf('11222333000181', 2, '110042490114')).toEqual({ ieIndicator: 2, stateRegistration: null });
    expect(buyerIeOf('11222333000181', 9, undefined)).toEqual({ ieIndicator: 9, stateRegistration: null });
    expect(buyerIeOf('11222333000181', undefined, undefined)).toEqual({ ieIndicator: null, stateRegistration: null });
  });
});

describe('the checkout and profile forms', () => {
  const pay = (extra: Record<string, unknown>) =>
    payNowSchema.safeParse({
      intent: 'pay',
      cart: JSON.stringify([{ id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f', product_id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f', quantity: 1 }]),
      idempotencyKey: '7f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
      paymentMethod: 'pix',
      delivery: { addressId: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f', recipientName: 'Ana' },
      ...extra,
    });

  it('checkout: a CNPJ without a choice, or choice 1 without the IE, is refused beside the field', () => {
    const none = pay({ taxId: CNPJ });
    expect(none.success ? {} : fieldErrors(none.error)).toEqual({ ieIndicator: IE_MESSAGES.indicator });
    const noIe = pay({ taxId: CNPJ, ieIndicator: '1', stateRegistration: '' });
    expect(noIe.success ? {} : fieldErrors(noIe.error)).toEqual({ stateRegistration: IE_MESSAGES.required });
  });

  it('checkout: the IE’s message shows with the other fields’ messages', () => {
    const both = pay({ taxId: CNPJ, ieIndicator: '1', stateRegistration: 'x', paymentMethod: 'cheque' });
    expect(both.success ? {} : fieldErrors(both.error)).toMatchObject({ stateRegistration: IE_MESSAGES.characters, paymentMethod: 'Escolha a forma de pagamento.' });
  });

  it('checkout: a CNPJ with its choice, or a CPF with none, passes', () => {
    expect(pay({ taxId: CNPJ, ieIndicator: '1', stateRegistration: '110.042.490.114' }).data).toMatchObject({ taxId: '11222333000181', ieIndicator: 1, stateRegistration: '110.042.490.114' });
    expect(pay({ taxId: CNPJ, ieIndicator: '2' }).data).toMatchObject({ ieIndicator: 2 });
    expect(pay({ taxId: CPF }).success).toBe(true);
  });

  it('profile: the same rule, asked only with a CNPJ', () => {
    expect(profileSchema.safeParse({ name: 'Ana', taxId: CPF }).success).toBe(true);
    expect(profileSchema.safeParse({ name: 'Ana', taxId: '' }).success).toBe(true);
    const missing = profileSchema.safeParse({ name: 'Ana', taxId: CNPJ, ieIndicator: '1', stateRegistration: '1' });
    expect(missing.success ? {} : fieldErrors(missing.error)).toEqual({ stateRegistration: IE_MESSAGES.length });
    expect(profileSchema.parse({ name: 'Ana', taxId: CNPJ, ieIndicator: '1', stateRegistration: '110042490114' })).toMatchObject({ ieIndicator: 1 });
  });
});
