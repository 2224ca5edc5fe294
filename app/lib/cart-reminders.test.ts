import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart';
import { dueReminderStep, mergeCarts, sameCart } from './cart-reminders';
import { HOUR_MS, DAY_MS, MINUTE_MS } from './clock';

const line = (id: string, quantity: number, extra: Partial<CartItem> = {}): CartItem => ({ id, product_id: `p-${id}`, name: `Produto ${id}`, price: '10.00', quantity, ...extra });

describe('mergeCarts', () => {
  it('joins both lists by line id, the larger quantity (never the sum), the kept lines first', () => {
    const merged = mergeCarts([line('a', 2), line('b', 1)], [line('b', 3, { price: '9.50' }), line('c', 1)]);
    expect(merged.map((l) => [l.id, l.quantity])).toEqual([
      ['a', 2],
      ['b', 3],
      ['c', 1],
    ]);
    // The incoming (newer) copy's details for a line in both.
    expect(merged[1]!.price).toBe('9.50');
    expect(mergeCarts([line('a', 5)], [line('a', 2)])[0]!.quantity).toBe(5);
  });

  it('is idempotent: merging the same lines again changes nothing', () => {
    const once = mergeCarts([line('a', 2)], [line('a', 1), line('b', 4)]);
    expect(mergeCarts(once, [line('a', 1), line('b', 4)])).toEqual(once);
  });

  it("keeps lib/cart's limits: 99 units a line, 50 lines, one plan (the incoming one)", () => {
    expect(mergeCarts([line('a', 99)], [line('a', 99)])[0]!.quantity).toBe(99);
    const many = Array.from({ length: 40 }, (_, i) => line(`k${i}`, 1));
    const more = Array.from({ length: 40 }, (_, i) => line(`n${i}`, 1));
    const merged = mergeCarts(many, more);
    expect(merged).toHaveLength(50);
    expect(merged[0]!.id).toBe('k0');
    const plan = (id: string) => line(id, 1, { is_subscription: true, frequency: 'monthly' });
    const plans = mergeCarts([plan('mensal'), line('a', 1)], [plan('anual')]);
    expect(plans.filter((l) => l.is_subscription).map((l) => l.id)).toEqual(['anual']);
    expect(mergeCarts([plan('mensal')], []).map((l) => l.id)).toEqual(['mensal']);
  });

  it('sameCart compares content', () => {
    expect(sameCart([line('a', 1)], [line('a', 1)])).toBe(true);
    expect(sameCart([line('a', 1)], [line('a', 2)])).toBe(false);
  });
});

describe('dueReminderStep', () => {
  const changed = new Date('2026-11-20T12:00:00Z');
  const at = (ms: number) => new Date(changed.getTime() + ms);
  const cart = { version: 3, contentChangedAt: changed };

  it('step 1 after 1 hour untouched, not before', () => {
    expect(dueReminderStep(cart, [], at(59 * MINUTE_MS))).toBeNull();
    expect(dueReminderStep(cart, [], at(HOUR_MS))).toBe(1);
  });

  it('step 2 after 24 hours, only when step 1 was sent for this version, each once', () => {
    const first = { step: 1, cartVersion: 3, sentAt: at(HOUR_MS) };
    expect(dueReminderStep(cart, [first], at(2 * HOUR_MS))).toBeNull();
    expect(dueReminderStep(cart, [first], at(DAY_MS))).toBe(2);
    expect(dueReminderStep(cart, [first, { step: 2, cartVersion: 3, sentAt: at(DAY_MS) }], at(2 * DAY_MS))).toBeNull();
    // Step 1 of an older version does not open step 2 of this one; it only makes the new series wait a day.
    expect(dueReminderStep(cart, [{ step: 1, cartVersion: 2, sentAt: at(-HOUR_MS) }], at(DAY_MS))).toBe(1);
    expect(dueReminderStep(cart, [{ step: 1, cartVersion: 2, sentAt: at(-HOUR_MS) }], at(2 * HOUR_MS))).toBeNull();
  });

  it('a late step 1 (consent given after a day) waits 12 hours for step 2; nothing after 7 days', () => {
    const late = { step: 1, cartVersion: 3, sentAt: at(30 * HOUR_MS) };
    expect(dueReminderStep(cart, [late], at(31 * HOUR_MS))).toBeNull();
    expect(dueReminderStep(cart, [late], at(42 * HOUR_MS))).toBe(2);
    expect(dueReminderStep(cart, [], at(7 * DAY_MS + MINUTE_MS))).toBeNull();
  });
});
