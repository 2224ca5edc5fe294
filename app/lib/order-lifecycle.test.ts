import { describe, expect, it } from 'vitest';
import { availableActions, canApply, cancellationOwesRefund, customerTimelineEvent } from './order-lifecycle';

describe('order lifecycle', () => {
  it('moves forward one step at a time: pending → paid → preparing → shipped → delivered', () => {
    expect(availableActions('pending', 'admin')).toEqual(['confirm_payment', 'cancel']);
    expect(availableActions('paid', 'admin')).toEqual(['start_preparing', 'cancel']);
    expect(availableActions('preparing', 'admin')).toEqual(['ship', 'cancel']);
    expect(availableActions('shipped', 'admin')).toEqual(['deliver']);
    expect(availableActions('delivered', 'admin')).toEqual([]);
    expect(availableActions('cancelled', 'admin')).toEqual([]);
  });

  it('never skips a step or goes back', () => {
    expect(canApply('ship', 'paid', 'admin')).toBe(false);
    expect(canApply('deliver', 'preparing', 'admin')).toBe(false);
    expect(canApply('confirm_payment', 'cancelled', 'admin')).toBe(false);
    expect(canApply('cancel', 'shipped', 'admin')).toBe(false);
    expect(canApply('cancel', 'delivered', 'system')).toBe(false);
  });

  it('a customer can only cancel, and only while unpaid', () => {
    expect(availableActions('pending', 'customer')).toEqual(['cancel']);
    for (const status of ['paid', 'preparing', 'shipped', 'delivered', 'cancelled'] as const) expect(availableActions(status, 'customer')).toEqual([]);
  });

  it('a customer’s withdrawal cancels a paid order not yet shipped, never an unpaid, shipped or delivered one', () => {
    for (const status of ['paid', 'preparing'] as const) expect(canApply('cancel', status, 'customer', { withdrawal: true })).toBe(true);
    for (const status of ['pending', 'shipped', 'delivered', 'cancelled'] as const) expect(canApply('cancel', status, 'customer', { withdrawal: true })).toBe(false);
    // Only the cancel: a withdrawal moves nothing else.
    expect(canApply('ship', 'preparing', 'customer', { withdrawal: true })).toBe(false);
  });

  it('the system confirms payments, delivers and expires, and separates and ships only what the carrier has taken', () => {
    expect(availableActions('pending', 'system')).toEqual(['confirm_payment', 'cancel']);
    // A Melhor Envio label posted: paid → preparing → shipped, never skipping a step.
    expect(canApply('start_preparing', 'paid', 'system')).toBe(true);
    expect(canApply('ship', 'paid', 'system')).toBe(false);
    expect(canApply('ship', 'preparing', 'system')).toBe(true);
    expect(canApply('deliver', 'shipped', 'system')).toBe(true);
  });

  it('money is owed back only when a paid order is cancelled', () => {
    expect(cancellationOwesRefund('pending')).toBe(false);
    expect(cancellationOwesRefund('paid')).toBe(true);
    expect(cancellationOwesRefund('preparing')).toBe(true);
  });
});

describe('what a customer reads of the history', () => {
  const base = { id: 'e1', fromStatus: 'paid' as const, createdAt: '2026-11-24T12:00:00Z' };
  it('keeps a cancellation reason and the store’s own notes, drops who did it and admin notes', () => {
    expect(customerTimelineEvent({ ...base, toStatus: 'cancelled', actor: 'admin', actorName: 'Admin Ana', note: 'Sem estoque' })).toMatchObject({ note: 'Sem estoque', actorName: null });
    expect(customerTimelineEvent({ ...base, toStatus: 'preparing', actor: 'admin', actorName: 'Admin Ana', note: 'cliente chato' })).toMatchObject({ note: null, actorName: null });
    expect(customerTimelineEvent({ ...base, fromStatus: 'pending', toStatus: 'paid', actor: 'system', note: 'Pagamento aprovado' })).toMatchObject({ note: 'Pagamento aprovado' });
  });
});
