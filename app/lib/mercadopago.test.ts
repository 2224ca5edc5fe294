import { describe, expect, it } from 'vitest';
import { declineReason, paymentStatus, saoPauloDate, saoPauloTimestamp } from './mercadopago';
import { splitPersonName } from './user-name';

describe('Mercado Pago answers', () => {
  it('reads every documented payment status', () => {
    // An authorized card is reserved, not captured: never taken for approved (issue 30).
    expect(['approved', 'authorized'].map(paymentStatus)).toEqual(['approved', 'authorized']);
    expect(['pending', 'in_process', 'in_mediation', undefined].map(paymentStatus)).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(['rejected', 'cancelled'].map(paymentStatus)).toEqual(['declined', 'declined']);
    expect(['refunded', 'charged_back'].map(paymentStatus)).toEqual(['refunded', 'refunded']);
  });

  it('tells the customer why a card was declined, in pt-BR, with a fallback for unknown details', () => {
    expect(declineReason('cc_rejected_insufficient_amount')).toBe('o cartão não tem limite suficiente');
    expect(declineReason('cc_rejected_bad_filled_security_code')).toMatch(/código de segurança/);
    expect(declineReason('algo_novo')).toBe('o pagamento não foi aprovado');
    expect(declineReason(undefined)).toBe('o pagamento não foi aprovado');
  });

  it('writes São Paulo timestamps and reads their calendar day', () => {
    expect(saoPauloTimestamp(new Date('2026-11-24T18:30:00Z'))).toBe('2026-11-24T15:30:00.000-03:00');
    expect(saoPauloTimestamp(new Date('2026-11-25T01:00:00Z'))).toBe('2026-11-24T22:00:00.000-03:00');
    expect(saoPauloDate('2026-11-27T23:59:59.000-04:00')).toBe('2026-11-28');
    expect(saoPauloDate('2026-11-27T22:00:00.000-03:00')).toBe('2026-11-27');
  });

  it('splits a name into what the gateway calls first and last name', () => {
    expect(splitPersonName('  Ana Maria  Souza ')).toEqual({ first: 'Ana', last: 'Maria Souza' });
    expect(splitPersonName('Ana')).toEqual({ first: 'Ana', last: '' });
  });
});
