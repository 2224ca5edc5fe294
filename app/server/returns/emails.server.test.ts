// Every return e-mail: a pt-BR subject and text with the protocol and the facts the customer needs
// (the order's short id, the instructions, the reason, the amount and how it comes back, a link),
// and its HTML part in the store's layout with hostile text escaped.
import { beforeAll, describe, expect, it } from 'vitest';
import { renderEmailHtmlFast } from '../mail/html.server';
import { returnEmail, returnMail, type ReturnEmailData, type ReturnEmailKind } from './emails.server';

beforeAll(() => {
  process.env.BETTER_AUTH_URL = 'https://loja.clarear.test';
});

const ORDER = '3f2a9c1e-1111-4222-8333-444455556666';
const REPLACEMENT = '9a8b7c6d-1111-4222-8333-444455556666';
const base: ReturnEmailData = {
  ret: {
    id: 'r1',
    protocol: 'DEV-20261127-7KQ2ZD',
    kind: 'withdrawal',
    orderId: ORDER,
    reason: 'Não gostei <b>do cheiro</b>',
    instructions: 'Código de postagem reversa 123456789.',
    rejectReason: 'Produto usado.',
    resolution: 'refund',
    refundAmount: '59.80',
    refundStatus: 'pending',
    refundPixKey: null,
    answerDueAt: new Date('2026-12-02T15:00:00Z'),
    replacementOrderId: null,
  },
  buyer: { name: 'Ana <b>Souza</b>', email: 'ana@exemplo.com.br' },
  paymentMethod: 'credit_card',
  items: [{ productName: 'Detergente Neutro', size: '500 mL', quantity: 2 }],
};

type Change = Partial<Omit<ReturnEmailData, 'ret'>> & { ret?: Partial<ReturnEmailData['ret']> };

const CASES: [ReturnEmailKind, Change, string[]][] = [
  ['requested', {}, ['DEV-20261127-7KQ2ZD', '3F2A9C1E', 'direito de arrependimento', '2× Detergente Neutro (500 mL)', '02/12/2026', 'incluindo o frete', `/pedido/${ORDER}`]],
  ['requested', { ret: { kind: 'defect' } }, ['troca ou reembolso por defeito', 'Defeito informado']],
  ['requested', { ret: { kind: 'plan', refundPixKey: '52998224725' }, manualRefund: true, items: [] }, ['Assinatura Inteligente', 'R$\u00a059,80', 'por Pix, para a chave 52998224725', '/area-cliente/assinaturas']],
  ['approved', {}, ['Código de postagem reversa 123456789.', 'sem custo']],
  ['rejected', {}, ['Motivo: Produto usado.', 'página de contato']],
  ['received', {}, ['Vamos devolver R$\u00a059,80 por estorno no seu cartão de crédito']],
  ['received', { ret: { resolution: 'replacement' } }, ['substituição sem custo']],
  ['refunded', { ret: { refundStatus: 'refunded' } }, ['Devolvemos R$\u00a059,80 do pedido 3F2A9C1E', 'em até duas faturas']],
  ['refunded', { ret: { refundStatus: 'refunded', refundPixKey: 'ana@exemplo.com.br' }, manualRefund: true, paymentMethod: 'pix' }, ['por Pix, para a chave ana@exemplo.com.br']],
  ['replaced', { ret: { kind: 'defect', resolution: 'replacement', replacementOrderId: REPLACEMENT } }, ['9A8B7C6D', `/pedido/${REPLACEMENT}`]],
];

describe('return e-mails', () => {
  it.each(CASES)('%s: subject, protocol and facts in pt-BR; the HTML escapes what the customer typed', async (kind, change, facts) => {
    const data = { ...base, ...change, ret: { ...base.ret, ...change.ret } };
    const { subject, text } = returnEmail(kind, data);
    expect(subject).toMatch(/^Clarear: .*protocolo DEV-20261127-7KQ2ZD$/);
    expect(text).toContain(`Olá, ${data.buyer.name}!`);
    for (const fact of facts) expect(text).toContain(fact);
    expect(text).not.toMatch(/undefined|null|NaN|Invalid Date/);
    const mail = returnMail(kind, data);
    expect(mail).toMatchObject({ kind: `return-${kind}`, to: 'ana@exemplo.com.br', dedupeKey: `return:r1:${kind}` });
    const html = await renderEmailHtmlFast(mail.content!);
    expect(html).not.toContain('<b>');
    expect(html).toContain('DEV-20261127-7KQ2ZD');
  });
});
