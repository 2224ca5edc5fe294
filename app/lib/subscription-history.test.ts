import { describe, expect, it } from 'vitest';
import { PAUSE_REASON_LABELS, PERIOD_KIND_LABELS, PERIOD_STATUS_LABELS, subscriptionEventNote, subscriptionEventTitle } from './subscription-history';

describe("a subscription's renewals in words", () => {
  it('names every period status and kind', () => {
    expect(PERIOD_STATUS_LABELS).toEqual({ paid: 'Paga', awaiting: 'Aguardando pagamento', overdue: 'Em atraso', cancelled: 'Cancelada' });
    expect(PERIOD_KIND_LABELS).toEqual({ initial: 'Compra', renewal: 'Renovação' });
    expect(Object.keys(PAUSE_REASON_LABELS)).toEqual(['customer', 'payment_failed']);
  });
});

describe("a subscription's history in words", () => {
  it('titles each kind of event', () => {
    expect(subscriptionEventTitle({ kind: 'created', fromStatus: null, toStatus: 'active' })).toBe('Assinatura criada');
    expect(subscriptionEventTitle({ kind: 'paused', fromStatus: 'active', toStatus: 'paused' })).toBe('Assinatura pausada');
    expect(subscriptionEventTitle({ kind: 'resumed', fromStatus: 'paused', toStatus: 'active' })).toBe('Assinatura retomada');
    expect(subscriptionEventTitle({ kind: 'renewal_paid', fromStatus: 'active', toStatus: 'active' })).toBe('Renovação paga');
    expect(subscriptionEventTitle({ kind: 'cancelled', fromStatus: 'paused', toStatus: 'cancelled' })).toBe('Assinatura cancelada');
  });

  it('tells a failed try from the one that paused the plan', () => {
    expect(subscriptionEventTitle({ kind: 'payment_failed', fromStatus: 'active', toStatus: 'active' })).toBe('Cobrança não aprovada');
    expect(subscriptionEventTitle({ kind: 'payment_failed', fromStatus: 'active', toStatus: 'paused' })).toBe('Pausada por falta de pagamento');
  });

  it('reads an unknown kind as the status it left', () => {
    expect(subscriptionEventTitle({ kind: 'algo_novo', fromStatus: 'active', toStatus: 'paused' })).toBe('Assinatura pausada');
    expect(subscriptionEventTitle({ kind: 'algo_novo', fromStatus: 'active', toStatus: 'estranho' })).toBe('Assinatura estranho');
  });

  it('writes the notes with Brazilian dates, payment names and prices', () => {
    expect(subscriptionEventNote('paused', 'Volta sozinha em 2026-08-31')).toBe('Volta sozinha em 31/08/2026');
    expect(subscriptionEventNote('renewed', 'Renovação de 2026-01-05: pedido criado')).toBe('Renovação de 05/01/2026: pedido criado');
    expect(subscriptionEventNote('payment_changed', 'credit_card')).toBe('Nova forma: Cartão de crédito');
    expect(subscriptionEventNote('payment_changed', 'outra coisa')).toBe('outra coisa');
    expect(subscriptionEventNote('plan_changed', 'Plano Anual, 538.90')).toBe('Plano Anual, R$\u00a0538,90');
    expect(subscriptionEventNote('plan_changed', 'Plano Anual')).toBe('Plano Anual');
    expect(subscriptionEventNote('created', 'Atribuída pelo administrador')).toBe('Atribuída pelo administrador');
    expect(subscriptionEventNote('resumed', null)).toBeNull();
    expect(subscriptionEventNote('resumed', '')).toBeNull();
  });
});
