import { describe, expect, it } from 'vitest';
import { formatDateBR, formatDateTimeBR, formatDayMonth } from './dates';
import { orderStatusLabel, shortOrderId } from './order-status';

describe('pt-BR dates', () => {
  it('writes date and time in São Paulo, the same characters on server and browser', () => {
    expect(formatDateTimeBR('2026-05-10T02:59:00Z')).toBe('09/05/2026 23:59');
    expect(formatDateTimeBR(new Date('2026-05-10T03:01:00Z'))).toBe('10/05/2026 00:01');
    expect(formatDateTimeBR('2026-01-01T15:00:00Z')).toBe('01/01/2026 12:00');
  });

  it('writes day/month/year in São Paulo time', () => {
    expect(formatDateBR('2026-11-22')).toBe('22/11/2026');
    // 01:30 UTC on 1 December is still 30 November in São Paulo.
    expect(formatDateBR(new Date('2026-12-01T01:30:00Z'))).toBe('30/11/2026');
  });
});

describe('orders as customers read them', () => {
  it('shows the first 8 characters of the id and the status in pt-BR', () => {
    expect(shortOrderId('1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d')).toBe('1A2B3C4D');
    expect(orderStatusLabel('paid')).toBe('Pago');
    expect(orderStatusLabel('pending')).toBe('Aguardando pagamento');
  });
});

describe('formatDayMonth', () => {
  it('reads a calendar day as day/month, with no time zone in the way', () => {
    expect(formatDayMonth('2026-12-05')).toBe('05/12');
    expect(formatDayMonth('2027-01-01')).toBe('01/01');
  });
});
