import { describe, expect, it } from 'vitest';
import { orderStatusLabel, PAYMENT_METHOD_LABELS } from './order-status';
import { addCalendarDays, availableCents, canConfirmPayment, INVOICED_MESSAGES, INVOICED_TERM_LABEL, invoicedDueDate, invoicedPaymentLine, invoicedRefusal, isPastDue, offerRefusal, reminderDue } from './receivables';

const approved = { creditStatus: 'approved', limitCents: 100_000, usedCents: 0, overdueCount: 0 };

describe('invoiced rules', () => {
  it('allows an approved company within its minimum and open limit', () => {
    expect(invoicedRefusal(approved, 30_000, 30_000)).toBeNull();
    expect(invoicedRefusal({ ...approved, usedCents: 70_000 }, 30_000, 30_000)).toBeNull();
  });

  it('refuses a company not approved, with an overdue fatura, below the minimum or over the limit', () => {
    expect(invoicedRefusal({ ...approved, creditStatus: 'requested' }, 50_000, 30_000)).toBe(INVOICED_MESSAGES.notApproved);
    expect(invoicedRefusal({ ...approved, limitCents: null }, 50_000, 30_000)).toBe(INVOICED_MESSAGES.notApproved);
    expect(invoicedRefusal({ ...approved, overdueCount: 1 }, 50_000, 30_000)).toMatch(/^Há fatura vencida/);
    expect(invoicedRefusal(approved, 29_999, 30_000)).toBe('Pedido mínimo para faturamento: R$\u00a0300,00');
    expect(invoicedRefusal({ ...approved, usedCents: 70_001 }, 30_000, 30_000)).toMatch(/^Limite disponível: R\$\u00a0299,99\./);
  });

  it('never counts a negative open limit', () => {
    expect(availableCents({ limitCents: 100, usedCents: 500 })).toBe(0);
    expect(availableCents({ limitCents: 1000, usedCents: 400 })).toBe(600);
  });

  it('dates the fatura the São Paulo order day plus the term, across months and years', () => {
    expect(invoicedDueDate('2026-11-28', 28)).toBe('2026-12-26');
    expect(invoicedDueDate('2026-12-20', 14)).toBe('2027-01-03');
    expect(invoicedDueDate('2028-02-10', 21)).toBe('2028-03-02');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('is overdue only after its due day', () => {
    expect(isPastDue('2026-12-25', '2026-12-25')).toBe(false);
    expect(isPastDue('2026-12-25', '2026-12-26')).toBe(true);
  });

  it('reminds 3 days before, on the day and 3 days after; the latest that has come', () => {
    expect(reminderDue('2026-12-25', '2026-12-21')).toBeNull();
    expect(reminderDue('2026-12-25', '2026-12-22')).toBe('before');
    expect(reminderDue('2026-12-25', '2026-12-24')).toBe('before');
    expect(reminderDue('2026-12-25', '2026-12-25')).toBe('due');
    expect(reminderDue('2026-12-25', '2026-12-27')).toBe('due');
    expect(reminderDue('2026-12-25', '2026-12-28')).toBe('after');
    expect(reminderDue('2026-12-25', '2027-02-01')).toBe('after');
  });

  it('names the payment faturado, never paid, until the fatura is', () => {
    expect(INVOICED_TERM_LABEL(28)).toBe('Boleto faturado em 28 dias');
    expect(invoicedPaymentLine({ status: 'open', dueDate: '2026-12-25' })).toBe('Boleto faturado — vence em 25/12/2026');
    expect(invoicedPaymentLine({ status: 'overdue', dueDate: '2026-12-25' })).toBe('Boleto faturado — vencido em 25/12/2026');
    expect(invoicedPaymentLine({ status: 'paid', dueDate: '2026-12-25' })).toBe('Boleto faturado — pago');
    expect(canConfirmPayment('open')).toBe(true);
    expect(canConfirmPayment('overdue')).toBe(true);
    expect(canConfirmPayment('paid')).toBe(false);
    expect(canConfirmPayment('cancelled')).toBe(false);
  });

  it('an invoiced order confirmed but unpaid reads Faturado, never Pago; other orders as before', () => {
    expect(orderStatusLabel('paid', 'invoiced')).toBe('Faturado');
    expect(orderStatusLabel('paid', 'pix')).toBe('Pago');
    expect(orderStatusLabel('shipped', 'invoiced')).toBe('Enviado');
    expect(PAYMENT_METHOD_LABELS.invoiced).toBe('Boleto faturado');
  });

  it('the checkout option tells why an order may not be invoiced', () => {
    const offer = { companyId: 'c', legalName: 'Empresa', termDays: 28, limitCents: 100_000, availableCents: 40_000, minimumCents: 30_000, overdueCount: 0, blocked: null };
    expect(offerRefusal(offer, 35_000)).toBeNull();
    expect(offerRefusal(offer, 20_000)).toBe('Pedido mínimo para faturamento: R$\u00a0300,00');
    expect(offerRefusal(offer, 45_000)).toMatch(/^Limite disponível: R\$\u00a0400,00/);
    expect(offerRefusal({ ...offer, blocked: INVOICED_MESSAGES.overdue }, 35_000)).toBe(INVOICED_MESSAGES.overdue);
  });
});
