import { describe, expect, it } from 'vitest';
import { formatMonthBR, invoiceCellLabel, isInvoiceMonth, monthBounds, monthlyZipName, nextMonth, previousMonth, saoPauloMonth } from './invoice-list';
import { invoiceFiltersFromSearchParams, invoiceMonthFromSearchParams } from './schemas/admin-invoices';

describe('the order list NF-e cell', () => {
  it('reads the status, with the number once authorised', () => {
    expect(invoiceCellLabel(null, null)).toBe('Sem nota');
    expect(invoiceCellLabel('authorized', 123)).toBe('Autorizada · nº 123');
    expect(invoiceCellLabel('processing', null)).toBe('Processando');
    expect(invoiceCellLabel('denied', 9)).toBe('Denegada');
    expect(invoiceCellLabel('cancelled', 7)).toBe('Cancelada');
  });
});

describe('invoice months (São Paulo)', () => {
  it('accepts yyyy-mm with a real month only', () => {
    for (const ok of ['2026-11', '2026-01', '2099-12']) expect(isInvoiceMonth(ok), ok).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-11', '1999-12', '2026-11-01', '', 'novembro']) expect(isInvoiceMonth(bad), bad).toBe(false);
  });
  it('steps across the year and spans São Paulo midnights', () => {
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(previousMonth('2027-01')).toBe('2026-12');
    expect(monthBounds('2026-11')).toEqual({ start: new Date('2026-11-01T03:00:00Z'), end: new Date('2026-12-01T03:00:00Z') });
    // 02:30 UTC on 1 December is still 30 November in São Paulo.
    expect(saoPauloMonth(new Date('2026-12-01T02:30:00Z'))).toBe('2026-11');
    expect(saoPauloMonth(new Date('2026-12-01T03:00:00Z'))).toBe('2026-12');
    expect(() => monthBounds('2026-13')).toThrow();
  });
  it('names the month and the file', () => {
    expect(formatMonthBR('2026-03')).toBe('março de 2026');
    expect(monthlyZipName('2026-11')).toBe('notas-fiscais-2026-11.zip');
  });
});

describe('the query strings', () => {
  it('keeps a known NF-e filter and drops anything else', () => {
    expect(invoiceFiltersFromSearchParams(new URLSearchParams('nfe=rejeitada'))).toBe('rejeitada');
    expect(invoiceFiltersFromSearchParams(new URLSearchParams('nfe=sem-nota'))).toBe('sem-nota');
    expect(invoiceFiltersFromSearchParams(new URLSearchParams('nfe=qualquer'))).toBeUndefined();
    expect(invoiceFiltersFromSearchParams(new URLSearchParams(''))).toBeUndefined();
  });
  it('reads the month, the current one by default, and refuses a bad one', () => {
    const at = new Date('2026-12-01T02:00:00Z');
    expect(invoiceMonthFromSearchParams(new URLSearchParams(''), at)).toEqual({ ok: true, month: '2026-11' });
    expect(invoiceMonthFromSearchParams(new URLSearchParams('mes=2026-03'), at)).toEqual({ ok: true, month: '2026-03' });
    expect(invoiceMonthFromSearchParams(new URLSearchParams('mes=2026-3'), at)).toMatchObject({ ok: false });
  });
});
