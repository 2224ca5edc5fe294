import { describe, expect, it } from 'vitest';
import { acceptRefusal, belowQuoteMinimum, isQuoteExpired, mayAnswer, mayDecline, QUOTE_MESSAGES, quoteRequestRefusal, quoteTotalCents } from './quotes';
import { amountCents, quoteAnswerSchema, quoteRequestSchema } from './schemas/quotes';

const ID = '3f1c6b1e-9a53-4d35-8f0a-6b1f0f1f2a11';

describe('who may ask for a quote', () => {
  it('a company member always; anyone else from the minimum of units', () => {
    expect(quoteRequestRefusal({ companyMember: true, units: 1, minQuantity: 50 })).toBeNull();
    expect(quoteRequestRefusal({ companyMember: false, units: 50, minQuantity: 50 })).toBeNull();
    expect(quoteRequestRefusal({ companyMember: false, units: 49, minQuantity: 50 })).toBe(belowQuoteMinimum(50, 49));
    expect(belowQuoteMinimum(50, 49)).toContain('a partir de 50 unidades (o seu tem 49)');
  });
});

describe('accepting', () => {
  const today = '2026-11-28';
  const answered = { status: 'answered' as const, validUntil: '2026-11-28', version: 2 };
  it('an answer still valid at the version seen', () => {
    expect(acceptRefusal(answered, 2, today)).toBeNull();
    expect(acceptRefusal({ ...answered, validUntil: null }, 2, today)).toBeNull();
  });
  it('refuses in pt-BR: edited since seen, expired (its last day passed), not answered, closed, accepted', () => {
    expect(acceptRefusal(answered, 1, today)).toBe(QUOTE_MESSAGES.changed);
    expect(acceptRefusal(answered, 2, '2026-11-29')).toBe(QUOTE_MESSAGES.expired);
    expect(acceptRefusal({ ...answered, status: 'expired' }, 2, today)).toBe(QUOTE_MESSAGES.expired);
    expect(acceptRefusal({ ...answered, status: 'new' }, 2, today)).toBe(QUOTE_MESSAGES.notAnswered);
    expect(acceptRefusal({ ...answered, status: 'declined' }, 2, today)).toBe(QUOTE_MESSAGES.closed);
    expect(acceptRefusal({ ...answered, status: 'accepted' }, 2, today)).toBe(QUOTE_MESSAGES.accepted);
  });
  it('an accepted quote whose order was cancelled may be paid again', () => {
    expect(acceptRefusal({ ...answered, status: 'accepted', orderCancelled: true }, 2, today)).toBeNull();
  });
  it('expiry by São Paulo day; no date never expires', () => {
    expect(isQuoteExpired('2026-11-27', today)).toBe(true);
    expect(isQuoteExpired(today, today)).toBe(false);
    expect(isQuoteExpired(null, today)).toBe(false);
  });
  it('the admin answers until the customer decides; the customer declines an open one', () => {
    expect(['new', 'answered', 'expired'].every((s) => mayAnswer(s as never))).toBe(true);
    expect(mayAnswer('accepted')).toBe(false);
    expect(mayAnswer('declined')).toBe(false);
    expect(mayDecline('answered')).toBe(true);
    expect(mayDecline('accepted')).toBe(false);
  });
  it('the total is the answered lines plus the quoted freight; null while a line has no price', () => {
    expect(quoteTotalCents([{ unitCents: 990, quantity: 60 }, { unitCents: 100, quantity: 2 }], 2500)).toBe(990 * 60 + 200 + 2500);
    expect(quoteTotalCents([{ unitCents: null, quantity: 1 }], null)).toBeNull();
  });
});

describe('forms', () => {
  it('amounts typed in R$', () => {
    expect(amountCents('12,50')).toBe(1250);
    expect(amountCents('1.234,56')).toBe(123456);
    expect(amountCents('-1')).toBeNull();
    expect(amountCents('abc')).toBeNull();
  });
  it('the answer: a price > 0 per line, freight optional, validity not in the past', () => {
    const schema = quoteAnswerSchema('2026-11-28');
    const ok = schema.parse({ intent: 'answer', version: '3', prices: { [ID]: '9,90' }, freight: '', validUntil: '2026-11-28', message: ' Oi ' });
    expect(ok).toEqual({ intent: 'answer', version: 3, prices: { [ID]: 990 }, freight: null, validUntil: '2026-11-28', message: 'Oi' });
    const zero = schema.safeParse({ intent: 'answer', version: '3', prices: { [ID]: '0' } });
    expect(zero.error?.issues[0]?.message).toBe('Informe o preço unitário como 12,50 (maior que zero).');
    const past = schema.safeParse({ intent: 'answer', version: '3', prices: { [ID]: '1' }, validUntil: '2026-11-27' });
    expect(past.error?.issues[0]?.message).toBe('Informe uma data de validade a partir de hoje.');
  });
  it('the request: cart lines and a note', () => {
    const cart = JSON.stringify([{ id: ID, product_id: ID, quantity: 60 }]);
    expect(quoteRequestSchema.parse({ cart, note: ' Para a obra ', cep: '01310-100' })).toMatchObject({ note: 'Para a obra', cep: '01310100' });
    expect(quoteRequestSchema.safeParse({ cart, note: '  ' }).error?.issues[0]?.message).toBe('Conte o que você precisa (prazo, frequência, condições).');
  });
});
