import { describe, expect, it } from 'vitest';
import { formatBRL } from './money';
import { deliveryTerms, legalVersionPath, termsAcceptanceRequired, termsProblem } from './contract';

describe('the Termos de Uso acceptance', () => {
  it('is asked on a first purchase and when the Termos changed since the last one, never otherwise', () => {
    expect(termsAcceptanceRequired(1, null)).toBe(true);
    expect(termsAcceptanceRequired(3, 2)).toBe(true);
    expect(termsAcceptanceRequired(3, 3)).toBe(false);
    // A store without Termos de Uso has nothing to accept.
    expect(termsAcceptanceRequired(null, null)).toBe(false);
  });

  it('refuses a missing tick, a tick left from before a change, and a tick of a version edited meanwhile', () => {
    expect(termsProblem(1, null, null)).toBe('missing');
    expect(termsProblem(4, 3, null)).toBe('changed');
    expect(termsProblem(4, 3, 3)).toBe('stale');
    expect(termsProblem(4, null, 3)).toBe('stale');
    expect(termsProblem(4, 3, 4)).toBeNull();
    expect(termsProblem(1, null, 1)).toBeNull();
  });

  it('accepts without a tick when the current version was accepted before, whatever the page sent', () => {
    expect(termsProblem(3, 3, null)).toBeNull();
    expect(termsProblem(3, 3, 2)).toBeNull();
    expect(termsProblem(null, null, null)).toBeNull();
  });

  it('links a past version by slug and number', () => {
    expect(legalVersionPath('termos-uso', 3)).toBe('/termos-uso/versao/3');
  });
});

describe('deliveryTerms', () => {
  it('before a quote, says how orders ship', () => {
    expect(deliveryTerms([])).toBe('O pedido é enviado ao endereço escolhido depois da confirmação do pagamento, e o código de rastreio chega por e-mail.');
  });
  it('states each parcel’s service, price and deadline counted from the payment, with the date if paid today', () => {
    expect(deliveryTerms([{ serviceName: 'Correios PAC', priceCents: 2390, deadlineDays: 13, deliveryBy: '2026-12-17' }])).toBe(
      `Correios PAC: frete de ${formatBRL(2390)}, entrega em até 13 dias úteis após a confirmação do pagamento (chega até 17/12/2026 se confirmado hoje). O pedido é enviado ao endereço escolhido depois da confirmação do pagamento, e o código de rastreio chega por e-mail.`,
    );
    const two = deliveryTerms([
      { serviceName: 'Correios PAC', priceCents: 0, deadlineDays: 1, deliveryBy: '2026-11-30' },
      { serviceName: 'Transportadora de produtos perigosos', priceCents: 3490, deadlineDays: 4, deliveryBy: '2026-12-03' },
    ]);
    expect(two).toContain('Pacote 1 por Correios PAC: frete grátis, entrega em até 1 dia útil');
    expect(two).toContain(`Pacote 2 por Transportadora de produtos perigosos: frete de ${formatBRL(3490)}, entrega em até 4 dias úteis`);
  });
});
