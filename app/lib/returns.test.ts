import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from './order-lifecycle';
import {
  answerDueAt,
  canMoveReturn,
  defectDeadline,
  defectOffer,
  formatProtocol,
  isLate,
  isPlanLine,
  normalizePixKey,
  pixKeyProblem,
  planWithdrawalOpen,
  PROTOCOL_PATTERN,
  protocolCode,
  refundCents,
  RETURN_ACTORS,
  RETURN_KIND_LABELS,
  RETURN_KINDS,
  RETURN_STATUS_LABELS,
  RETURN_STATUSES,
  returnActions,
  withdrawalDeadline,
  withdrawalOffer,
  WITHDRAWAL_CLOSED,
} from './returns';

describe('the withdrawal window, in São Paulo calendar days', () => {
  it('counts 7 days from the São Paulo day of the delivery, whatever its hour (Friday 23:30 SP is still Friday)', () => {
    // 23:30 on Friday 27/11 in São Paulo is 02:30 on Saturday in UTC.
    expect(withdrawalDeadline('2026-11-28T02:30:00.000Z')).toBe('2026-12-04');
    expect(withdrawalDeadline(new Date('2026-11-28T02:30:00.000Z'))).toBe('2026-12-04');
    // 00:10 on Saturday in São Paulo is Saturday: one day more.
    expect(withdrawalDeadline('2026-11-28T03:10:00.000Z')).toBe('2026-12-05');
    expect(withdrawalDeadline('2026-11-27')).toBe('2026-12-04');
  });

  it('crosses month ends, February, leap years and the year end', () => {
    expect(withdrawalDeadline('2026-01-28T15:00:00Z')).toBe('2026-02-04');
    expect(withdrawalDeadline('2027-02-25T15:00:00Z')).toBe('2027-03-04');
    expect(withdrawalDeadline('2028-02-25T15:00:00Z')).toBe('2028-03-03');
    expect(withdrawalDeadline('2026-12-28T15:00:00Z')).toBe('2027-01-04');
    // 31/12 at 22:00 in São Paulo is 01/01 in UTC: the window starts on the 31st.
    expect(withdrawalDeadline('2027-01-01T01:00:00Z')).toBe('2027-01-07');
    expect(defectDeadline('2026-12-15T15:00:00Z')).toBe('2027-01-14');
  });

  it('São Paulo has no daylight saving time: every day of the year is UTC−3 (a delivery at 23:59 stays on its day)', () => {
    for (let day = 0; day < 366; day += 1) {
      const sp = new Date(Date.UTC(2026, 0, 1 + day, 12));
      const iso = sp.toISOString().slice(0, 10);
      const lateEvening = new Date(`${iso}T23:59:00-03:00`);
      const expected = new Date(Date.UTC(2026, 0, 1 + day + 7)).toISOString().slice(0, 10);
      expect(withdrawalDeadline(lateEvening)).toBe(expected);
    }
  });
});

describe('what "Desistir da compra" offers', () => {
  const delivered = { status: 'delivered' as const, deliveredAt: '2026-11-28T02:30:00.000Z' };

  it('paid or separating: cancel and refund at once; shipped: a return whose window starts at the delivery', () => {
    expect(withdrawalOffer({ status: 'paid', deliveredAt: null }, '2026-11-27')).toEqual({ kind: 'cancel' });
    expect(withdrawalOffer({ status: 'preparing', deliveredAt: null }, '2026-11-27')).toEqual({ kind: 'cancel' });
    expect(withdrawalOffer({ status: 'shipped', deliveredAt: null }, '2026-11-27')).toEqual({ kind: 'return', until: null });
  });

  it('delivered: a return through day 7, closed on day 8 with the date it ended', () => {
    expect(withdrawalOffer(delivered, '2026-11-27')).toEqual({ kind: 'return', until: '2026-12-04' });
    expect(withdrawalOffer(delivered, '2026-12-04')).toEqual({ kind: 'return', until: '2026-12-04' });
    expect(withdrawalOffer(delivered, '2026-12-05')).toEqual({ kind: 'closed', why: 'O prazo de 7 dias para desistir da compra terminou em 04/12/2026.' });
  });

  it('unpaid, cancelled or without a recorded delivery: closed, saying why in Portuguese', () => {
    expect(withdrawalOffer({ status: 'pending', deliveredAt: null }, '2026-11-27')).toEqual({ kind: 'closed', why: WITHDRAWAL_CLOSED.pending });
    expect(withdrawalOffer({ status: 'cancelled', deliveredAt: null }, '2026-11-27')).toEqual({ kind: 'closed', why: WITHDRAWAL_CLOSED.cancelled });
    expect(withdrawalOffer({ status: 'delivered', deliveredAt: null }, '2026-11-27')).toEqual({ kind: 'closed', why: WITHDRAWAL_CLOSED.noDelivery });
  });

  it('a defect: delivered orders only, for 30 days', () => {
    expect(defectOffer(delivered, '2026-12-27')).toEqual({ open: true, until: '2026-12-27' });
    expect(defectOffer(delivered, '2026-12-28')).toEqual({ open: false, until: '2026-12-27' });
    for (const status of ['pending', 'paid', 'preparing', 'shipped', 'cancelled'] as OrderStatus[]) expect(defectOffer({ status, deliveredAt: null }, '2026-11-27')).toEqual({ open: false, until: null });
  });

  it('the plan: 7 days from its purchase, only once its first period is paid', () => {
    expect(planWithdrawalOpen({ boughtOn: '2026-11-27', firstPeriodPaid: true }, '2026-12-04')).toEqual({ open: true, until: '2026-12-04' });
    expect(planWithdrawalOpen({ boughtOn: '2026-11-27', firstPeriodPaid: true }, '2026-12-05')).toEqual({ open: false, until: '2026-12-04' });
    expect(planWithdrawalOpen({ boughtOn: '2026-11-27', firstPeriodPaid: false }, '2026-11-28').open).toBe(false);
  });

  it('the plan line of an order is not goods to send back', () => {
    expect(isPlanLine({ productId: null, productName: 'Assinatura Inteligente — Plano Mensal' })).toBe(true);
    expect(isPlanLine({ productId: null, productName: 'Detergente Neutro' })).toBe(false);
    expect(isPlanLine({ productId: '7f0c', productName: 'Assinatura Inteligente — Plano Mensal' })).toBe(false);
  });
});

describe('who moves a return', () => {
  it('the admin answers and receives; the store or the admin records a refund; only a defect is replaced', () => {
    expect(canMoveReturn('withdrawal', 'requested', 'approved', 'admin')).toBe(true);
    expect(canMoveReturn('withdrawal', 'requested', 'rejected', 'admin')).toBe(true);
    expect(canMoveReturn('withdrawal', 'approved', 'received', 'admin')).toBe(true);
    expect(canMoveReturn('withdrawal', 'received', 'refunded', 'system')).toBe(true);
    expect(canMoveReturn('withdrawal', 'received', 'refunded', 'admin')).toBe(true);
    expect(canMoveReturn('withdrawal', 'received', 'replaced', 'admin')).toBe(false);
    expect(canMoveReturn('defect', 'received', 'replaced', 'admin')).toBe(true);
    expect(canMoveReturn('plan', 'requested', 'refunded', 'system')).toBe(true);
    expect(canMoveReturn('plan', 'requested', 'approved', 'admin')).toBe(false);
  });

  it('a customer moves nothing once asked, nothing skips a step, and the ends are final', () => {
    for (const kind of RETURN_KINDS) {
      for (const from of RETURN_STATUSES) {
        for (const to of RETURN_STATUSES) {
          expect(canMoveReturn(kind, from, to, 'customer')).toBe(false);
          if (from === 'refunded' || from === 'replaced' || from === 'rejected') for (const actor of RETURN_ACTORS) expect(canMoveReturn(kind, from, to, actor)).toBe(false);
        }
      }
    }
    expect(canMoveReturn('withdrawal', 'requested', 'received', 'admin')).toBe(false);
    expect(canMoveReturn('withdrawal', 'requested', 'refunded', 'admin')).toBe(false);
    expect(canMoveReturn('withdrawal', 'approved', 'rejected', 'admin')).toBe(false);
  });

  it('the admin’s buttons follow the state; a manual refund owed is recorded by hand, a gateway’s is not', () => {
    expect(returnActions({ status: 'requested', kind: 'withdrawal', refundStatus: null })).toEqual(['approve', 'reject']);
    expect(returnActions({ status: 'approved', kind: 'defect', refundStatus: null })).toEqual(['receive']);
    expect(returnActions({ status: 'received', kind: 'withdrawal', refundStatus: 'pending', manualRefund: true })).toEqual(['record_refund']);
    expect(returnActions({ status: 'received', kind: 'withdrawal', refundStatus: 'pending', manualRefund: false })).toEqual([]);
    expect(returnActions({ status: 'requested', kind: 'plan', refundStatus: 'pending' })).toEqual(['record_refund']);
    for (const status of ['refunded', 'replaced', 'rejected'] as const) expect(returnActions({ status, kind: 'defect', refundStatus: status === 'refunded' ? 'refunded' : null })).toEqual([]);
  });

  it('labels every state and kind in Portuguese', () => {
    expect(Object.values(RETURN_STATUS_LABELS)).toEqual(['Solicitada', 'Aprovada', 'Recebida', 'Reembolsada', 'Substituída', 'Recusada']);
    expect(Object.values(RETURN_KIND_LABELS)).toEqual(['Desistência da compra', 'Defeito', 'Desistência da assinatura']);
  });
});

describe('how much a return gives back', () => {
  const order = {
    lines: [
      { paidCents: 1990, quantity: 2, returnQuantity: 0 },
      { paidCents: 4590, quantity: 1, returnQuantity: 0 },
    ],
    shippingCents: 1500,
    discountCents: 857,
    totalPaidCents: 2 * 1990 + 4590 - 857 + 1500,
    alreadyRefundedCents: 0,
    includeShipping: false,
  };

  it('every unit withdrawn: everything paid, freight included', () => {
    const all = order.lines.map((l) => ({ ...l, returnQuantity: l.quantity }));
    expect(refundCents({ ...order, lines: all, includeShipping: true })).toBe(order.totalPaidCents);
    expect(refundCents({ ...order, lines: all, includeShipping: false })).toBe(order.totalPaidCents - 1500);
  });

  it('part of the order: the lines’ value less their share of the discount, no freight', () => {
    const one = [order.lines[0]!, { ...order.lines[1]!, returnQuantity: 1 }];
    // 4590 of 8570 carries 459 of the 857 discount (rounded to the centavo).
    expect(refundCents({ ...order, lines: one })).toBe(4590 - 459);
  });

  it('never more than was paid and not yet given back', () => {
    const all = order.lines.map((l) => ({ ...l, returnQuantity: l.quantity }));
    expect(refundCents({ ...order, lines: all, includeShipping: true, alreadyRefundedCents: 5000 })).toBe(order.totalPaidCents - 5000);
    expect(refundCents({ ...order, lines: all, includeShipping: true, alreadyRefundedCents: order.totalPaidCents })).toBe(0);
    // Asking for more units than were bought counts the units bought.
    expect(refundCents({ ...order, lines: [{ paidCents: 1000, quantity: 1, returnQuantity: 5 }], discountCents: 0, shippingCents: 0, totalPaidCents: 10_000 })).toBe(1000);
  });

  it('property: a whole number of centavos, between zero and what is left to give back, the whole order when everything comes back', () => {
    const line = fc.record({ paidCents: fc.integer({ min: 0, max: 500_000 }), quantity: fc.integer({ min: 1, max: 20 }), returnQuantity: fc.integer({ min: 0, max: 25 }) });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.boolean(),
        (lines, shippingCents, discountPercent, alreadyRefunded, includeShipping) => {
          const value = lines.reduce((s, l) => s + l.paidCents * l.quantity, 0);
          const discountCents = Math.floor((value * discountPercent) / 100);
          const totalPaidCents = value - discountCents + shippingCents;
          const alreadyRefundedCents = Math.min(alreadyRefunded, totalPaidCents);
          const input = { lines, shippingCents, discountCents, totalPaidCents, alreadyRefundedCents, includeShipping };
          const amount = refundCents(input);
          expect(Number.isInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(amount).toBeLessThanOrEqual(totalPaidCents - alreadyRefundedCents);
          // Returning more never gives back less.
          const more = refundCents({ ...input, lines: lines.map((l) => ({ ...l, returnQuantity: l.quantity })) });
          expect(more).toBeGreaterThanOrEqual(amount);
          // Everything back with the freight, nothing refunded before: exactly what was paid.
          expect(refundCents({ ...input, lines: lines.map((l) => ({ ...l, returnQuantity: l.quantity })), includeShipping: true, alreadyRefundedCents: 0 })).toBe(totalPaidCents);
        },
      ),
    );
  });

  it('property: two returns of disjoint parts of an order give back at most what was paid', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ paidCents: fc.integer({ min: 1, max: 90_000 }), quantity: fc.integer({ min: 2, max: 6 }) }), { minLength: 1, maxLength: 5 }), fc.integer({ min: 0, max: 50 }), (lines, pct) => {
        const value = lines.reduce((s, l) => s + l.paidCents * l.quantity, 0);
        const discountCents = Math.floor((value * pct) / 100);
        const totalPaidCents = value - discountCents;
        const first = refundCents({ lines: lines.map((l) => ({ ...l, returnQuantity: 1 })), shippingCents: 0, discountCents, totalPaidCents, alreadyRefundedCents: 0, includeShipping: false });
        const second = refundCents({ lines: lines.map((l) => ({ ...l, returnQuantity: l.quantity - 1 })), shippingCents: 0, discountCents, totalPaidCents, alreadyRefundedCents: first, includeShipping: false });
        expect(first + second).toBeLessThanOrEqual(totalPaidCents);
      }),
    );
  });
});

describe('answers and protocols', () => {
  it('a request is late once its answer time has passed and it is still unanswered', () => {
    const due = answerDueAt(new Date('2026-11-27T15:00:00Z'), 5);
    expect(due.toISOString()).toBe('2026-12-02T15:00:00.000Z');
    expect(answerDueAt(new Date('2026-11-27T15:00:00Z'), 1).toISOString()).toBe('2026-11-28T15:00:00.000Z');
    expect(isLate({ status: 'requested', answerDueAt: due }, new Date('2026-12-02T15:00:00Z'))).toBe(false);
    expect(isLate({ status: 'requested', answerDueAt: due.toISOString() }, new Date('2026-12-02T15:00:01Z'))).toBe(true);
    expect(isLate({ status: 'approved', answerDueAt: due }, new Date('2027-01-01T00:00:00Z'))).toBe(false);
  });

  it('a protocol is DEV-, the São Paulo day of the request and six characters A–Z0–9', () => {
    const code = protocolCode([0, 25, 26, 35, 36, 255]);
    expect(code).toBe('AZ09AD');
    expect(formatProtocol('2026-11-28T02:30:00Z', code)).toBe('DEV-20261127-AZ09AD');
    expect(formatProtocol('2026-11-28T02:30:00Z', code)).toMatch(PROTOCOL_PATTERN);
    expect(() => formatProtocol(new Date(), 'abc')).toThrow();
    fc.assert(fc.property(fc.uint8Array({ minLength: 6, maxLength: 6 }), fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (bytes, at) => PROTOCOL_PATTERN.test(formatProtocol(at, protocolCode(bytes)))));
  });

  it('a Pix key: CPF, CNPJ, e-mail, phone or random key; anything else is refused in Portuguese', () => {
    expect(normalizePixKey('  ')).toBeNull();
    expect(normalizePixKey(' ana@exemplo.com.br ')).toBe('ana@exemplo.com.br');
    for (const key of ['529.982.247-25', '52998224725', '11.222.333/0001-81', 'ana@exemplo.com.br', '+55 (11) 98765-4321', '123e4567-e89b-12d3-a456-426614174000']) expect(pixKeyProblem(key), key).toBeNull();
    expect(pixKeyProblem('minha chave')).toMatch(/chave Pix válida/);
    expect(pixKeyProblem(`${'a'.repeat(80)}@x.com`)).toMatch(/no máximo/);
  });
});
