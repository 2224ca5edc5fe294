// Every subscriber e-mail: pt-BR subject and text with the facts the customer needs (dates
// dd/mm/aaaa, amounts in reais, the order's short id, a link back), and its HTML part in the store's
// layout with those facts and hostile text escaped.
import { beforeAll, describe, expect, it } from 'vitest';
import { renderEmailHtmlFast, textEmailContent } from '../mail/html.server';
import { subscriptionEmailText, type SubscriptionEmail } from './emails.server';

beforeAll(() => {
  process.env.BETTER_AUTH_URL = 'https://loja.clarear.test';
});

const ORDER = '3f2a9c1e-1111-4222-8333-444455556666';
const to = { name: 'Ana <b>Souza</b>', email: 'ana@exemplo.com.br' };
const pix = { method: 'pix' as const, copyPaste: '00020126580014br.gov.bcb.pix0136pix@clarear.com.br' };

/** Each kind, and what its text must say. */
const CASES: [SubscriptionEmail, string[]][] = [
  [{ kind: 'plan-reminder', date: '2027-03-10', amount: '49.90', method: 'credit_card' }, ['10/03/2027', 'R$ 49,90', 'Cartão de crédito', '/area-cliente/assinaturas']],
  [{ kind: 'plan-renewed', orderId: ORDER, amount: '249.50', next: '2027-09-10' }, ['R$ 249,50', '3F2A9C1E', '10/09/2027', `/pedido/${ORDER}`]],
  [{ kind: 'plan-renewal-pending', orderId: ORDER, amount: '49.90', payment: pix, deadline: new Date('2027-03-10T15:00:00Z'), retry: false }, ['Pix copia e cola', pix.copyPaste, 'Pague até', '3F2A9C1E']],
  [
    { kind: 'plan-renewal-pending', orderId: ORDER, amount: '49.90', payment: pix, deadline: new Date('2027-03-10T15:00:00Z'), retry: false, storedMethod: 'credit_card' },
    ['não está recebendo pagamentos com cartão de crédito', 'gerada em Pix', 'Nada foi cobrado no seu cartão', pix.copyPaste],
  ],
  [{ kind: 'plan-payment-failed', orderId: ORDER, amount: '49.90', reason: 'cartão recusado', retryOn: new Date('2027-03-13T15:00:00Z') }, ['cartão recusado', '13/03/2027', `/pedido/${ORDER}`]],
  [{ kind: 'plan-overdue', orderId: ORDER, amount: '49.90' }, ['pausada', 'desconto', `/pedido/${ORDER}`, '/area-cliente/assinaturas']],
  [{ kind: 'plan-reactivated', orderId: ORDER, next: '2027-04-10' }, ['10/04/2027', '3F2A9C1E']],
  [{ kind: 'plan-paused', resumeOn: '2027-06-01' }, ['01/06/2027', 'desconto']],
  [{ kind: 'plan-resume-notice', resumeOn: '2027-06-01', amount: '49.90' }, ['01/06/2027', 'R$ 49,90']],
  [{ kind: 'plan-resumed', next: '2027-06-01', automatic: true }, ['01/06/2027', '3 meses']],
  [{ kind: 'plan-skipped', skipped: '2027-03-10', next: '2027-04-10' }, ['10/03/2027', '10/04/2027']],
  [{ kind: 'plan-cancelled', deliveriesCancelled: 2 }, ['cancelada', 'entregas programadas (2)', '/assinatura']],
  [{ kind: 'delivery-reminder', date: '2027-03-10', items: ['2× Detergente (500 ml)'] }, ['10/03/2027', '2× Detergente (500 ml)']],
  [{ kind: 'delivery-placed', orderId: ORDER, total: '54.00', next: '2027-05-10', leftOut: ['Desinfetante (1 L)'], payment: pix, deadline: null }, ['R$ 54,00', 'Desinfetante (1 L)', '10/05/2027', pix.copyPaste]],
  [{ kind: 'delivery-not-sent', date: '2027-03-10', next: '2027-05-10', reason: 'nothing-left', leftOut: ['Desinfetante (1 L)'] }, ['10/03/2027', 'Desinfetante (1 L)', '10/05/2027']],
  [{ kind: 'delivery-not-sent', date: '2027-03-10', next: '2027-05-10', reason: 'declined', leftOut: [] }, ['não foi aprovado', '10/05/2027']],
  [{ kind: 'delivery-not-sent', date: '2027-03-10', next: '2027-05-10', reason: 'not-charged', leftOut: [] }, ['falha nossa', 'Nada foi cobrado', '10/05/2027']],
  [{ kind: 'delivery-paused' }, ['pausada']],
  [{ kind: 'delivery-resumed', next: '2027-05-10' }, ['10/05/2027']],
  [{ kind: 'delivery-skipped', skipped: '2027-03-10', next: '2027-05-10' }, ['10/03/2027', '10/05/2027']],
  [{ kind: 'delivery-cancelled' }, ['cancelada']],
];

describe('subscriber e-mails', () => {
  it.each(CASES)('%o says what the customer needs, in pt-BR', async (email, facts) => {
    const rendered = subscriptionEmailText(email, to);
    // Amounts are formatted with Intl's no-break space after R$.
    const text = rendered.text.replace(/\u00a0/g, ' ');
    const { subject } = rendered;
    expect(subject).toMatch(/^Clarear: /);
    expect(text).toContain(`Olá, ${to.name}!`);
    for (const fact of facts) expect(text).toContain(fact);
    expect(text).not.toMatch(/undefined|null|NaN|Invalid Date/);
    const html = await renderEmailHtmlFast(textEmailContent(subject, text));
    expect(html).toContain('Clarear');
    expect(html).not.toContain('<b>Souza</b>');
    expect(html).toContain('Souza');
    const flat = html.replace(/\u00a0/g, ' ');
    for (const fact of facts.filter((f) => !f.includes('/'))) expect(flat).toContain(fact.replace(/&/g, '&amp;'));
  });

  it('covers every kind', () => {
    const kinds = new Set(CASES.map(([e]) => e.kind));
    expect(kinds.size).toBe(18);
  });
});
