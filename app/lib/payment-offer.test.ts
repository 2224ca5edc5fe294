import { describe, expect, it } from 'vitest';
import { acceptedMethodsPhrase, methodRefusal, PAYMENT_METHODS_TOKEN, paymentOffer, PIX_GATEWAY_HINT, PIX_TEST_HINT, PIX_VERIFIED_HINT, storedChargeMethod, withAcceptedMethods } from './payment-offer';

describe('paymentOffer', () => {
  it('with a gateway: Pix, card and boleto, Pix confirmed by the gateway, no test mode (production or not)', () => {
    for (const production of [true, false]) {
      expect(paymentOffer({ gateway: true, production, instantApproval: false })).toEqual({ methods: ['pix', 'credit_card', 'boleto'], testMode: false, pixHint: PIX_GATEWAY_HINT });
    }
  });

  it('in production without a gateway: Pix to the store’s key only, confirmed after the admin checks it', () => {
    const offer = paymentOffer({ gateway: false, production: true, instantApproval: false });
    expect(offer).toEqual({ methods: ['pix'], testMode: false, pixHint: 'Confirmação após a verificação do pagamento' });
    expect(offer.pixHint).not.toMatch(/na hora/i);
  });

  it('outside production without a gateway: the built-in approvals, in test mode; Pix is instant only with the test switch', () => {
    expect(paymentOffer({ gateway: false, production: false, instantApproval: false })).toEqual({ methods: ['pix', 'credit_card', 'boleto'], testMode: true, pixHint: PIX_VERIFIED_HINT });
    expect(paymentOffer({ gateway: false, production: false, instantApproval: true }).pixHint).toBe(PIX_TEST_HINT);
  });
});

describe('methodRefusal', () => {
  const pixOnly = paymentOffer({ gateway: false, production: true, instantApproval: false });
  const all = paymentOffer({ gateway: true, production: true, instantApproval: false });

  it('names the refused method and what to pay with instead, in pt-BR', () => {
    expect(methodRefusal(pixOnly, 'credit_card')).toBe('Cartão de crédito não está disponível nesta loja no momento. Pague com Pix.');
    expect(methodRefusal(pixOnly, 'boleto')).toBe('Boleto bancário não está disponível nesta loja no momento. Pague com Pix.');
    expect(methodRefusal(pixOnly, 'dinheiro')).toBe('Esta forma de pagamento não está disponível nesta loja no momento. Pague com Pix.');
    expect(methodRefusal(paymentOffer({ gateway: false, production: false, instantApproval: false }), 'cheque')).toMatch(/Pague com Pix, Cartão de crédito ou Boleto bancário\.$/);
  });

  it('refuses nothing offered', () => {
    expect(methodRefusal(pixOnly, 'pix')).toBeNull();
    for (const method of ['pix', 'credit_card', 'boleto']) expect(methodRefusal(all, method)).toBeNull();
  });
});

describe('storedChargeMethod', () => {
  it('keeps a stored method still offered and falls back to Pix otherwise', () => {
    const pixOnly = paymentOffer({ gateway: false, production: true, instantApproval: false });
    const all = paymentOffer({ gateway: true, production: true, instantApproval: false });
    expect(storedChargeMethod(pixOnly, 'credit_card')).toBe('pix');
    expect(storedChargeMethod(pixOnly, 'boleto')).toBe('pix');
    expect(storedChargeMethod(pixOnly, 'pix')).toBe('pix');
    expect(storedChargeMethod(all, 'credit_card')).toBe('credit_card');
    expect(storedChargeMethod(all, 'boleto')).toBe('boleto');
  });
});

describe('the methods named in the store\'s texts', () => {
  const pixOnly = paymentOffer({ gateway: false, production: true, instantApproval: false });
  const all = paymentOffer({ gateway: true, production: true, instantApproval: false });

  it('lists what is offered, as a phrase for "Aceitamos …" and "pague com …"', () => {
    expect(acceptedMethodsPhrase(pixOnly)).toBe('Pix (confirmação após a verificação do pagamento)');
    expect(acceptedMethodsPhrase(all)).toBe('Pix, cartão de crédito (em até 12x sem juros) ou boleto bancário');
  });

  it('replaces every token and leaves a text without one as it was', () => {
    expect(withAcceptedMethods(`Aceitamos ${PAYMENT_METHODS_TOKEN}. Ou seja: ${PAYMENT_METHODS_TOKEN}.`, pixOnly)).toBe(
      'Aceitamos Pix (confirmação após a verificação do pagamento). Ou seja: Pix (confirmação após a verificação do pagamento).',
    );
    expect(withAcceptedMethods('Sem formas de pagamento aqui.', all)).toBe('Sem formas de pagamento aqui.');
  });
});
