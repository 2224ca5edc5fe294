import { describe, expect, it } from 'vitest';
import { quickQuestions, storeSettings } from '~/db/seed/data';
import { normalize, REDIRECT_DELAY_MS, REPLY_DELAY_MS, routeMessage as routeWith, type ChatContact, type ChatRoute } from './chatbot';
import { paymentOffer } from './payment-offer';
import { formatPhoneBR } from './store-settings';

/** The contact as the seeded settings show it on the site. */
const CONTACT: ChatContact = {
  phone: formatPhoneBR(storeSettings.phone),
  email: storeSettings.contactEmail,
  whatsapp: formatPhoneBR(storeSettings.whatsapp),
  hours: storeSettings.hours,
  payments: paymentOffer({ gateway: true, production: true, instantApproval: false }),
};
const routeMessage = (text: string) => routeWith(text, CONTACT);

function kindOf(route: ChatRoute | null): string | null {
  if (!route) return null;
  if (route.kind === 'redirect') return `redirect ${route.to}`;
  if (route.kind === 'reply') return `reply ${route.topic}`;
  return route.kind;
}

describe('normalize', () => {
  it('lower-cases, strips accents and collapses blanks', () => {
    expect(normalize('  Preço   BAIXO\n')).toBe('preco baixo');
    expect(normalize('Cartão de CRÉDITO à vista')).toBe('cartao de credito a vista');
    expect(normalize('\t ')).toBe('');
  });
});

describe('routeMessage', () => {
  it.each([
    ['Qual o mais vendido?', 'best-sellers'],
    ['Quais são os mais vendidos?', 'best-sellers'],
    ['o que é mais popular', 'best-sellers'],
    ['produto BARATO', 'cheapest'],
    ['produto mais barato', 'cheapest'],
    ['preco baixo', 'cheapest'],
    ['Preço baixo', 'cheapest'],
    ['limpeza pesada', 'redirect /produtos?q=pesada'],
    ['quero assinar', 'redirect /assinatura'],
    ['Como funciona a assinatura?', 'redirect /assinatura'],
    ['Kits prontos', 'redirect /kits'],
    ['kits_vendidos', 'redirect /kits'],
    ['ajuda_pedido', 'reply ajuda_pedido'],
    ['Onde está meu pedido?', 'reply ajuda_pedido'],
    ['Como faço o pagamento?', 'reply pagamento'],
    ['Aceitam PIX?', 'reply pagamento'],
    ['Dá para parcelar no cartão?', 'reply pagamento'],
    ['Qual o telefone de vocês?', 'reply contato'],
    ['contato', 'reply contato'],
    ['bom dia', 'reply default'],
  ])('%j → %s', (message, expected) => {
    expect(kindOf(routeMessage(message))).toBe(expected);
  });

  it('ignores blank messages', () => {
    expect(routeMessage('   ')).toBeNull();
    expect(routeMessage('')).toBeNull();
    expect(routeMessage('\n\t')).toBeNull();
  });

  it('applies the keywords in the spec order', () => {
    // 'vendido' comes before 'kits prontos'.
    expect(kindOf(routeMessage('qual o kit pronto mais vendido'))).toBe('best-sellers');
    // 'barato' comes before 'assinatura'.
    expect(kindOf(routeMessage('assinatura barata'))).toBe('cheapest');
    // 'preço baixo' comes before 'pesada'.
    expect(kindOf(routeMessage('limpeza pesada com preço baixo'))).toBe('cheapest');
    // 'pesada' comes before 'kits prontos' and 'assinatura'.
    expect(kindOf(routeMessage('kits prontos para limpeza pesada'))).toBe('redirect /produtos?q=pesada');
    // Redirects come before the canned answers.
    expect(kindOf(routeMessage('pagamento da assinatura'))).toBe('redirect /assinatura');
    // Canned answers in order: contato, pagamento, ajuda_pedido.
    expect(kindOf(routeMessage('quero falar sobre o pagamento do pedido'))).toBe('reply contato');
    expect(kindOf(routeMessage('pagamento do pedido'))).toBe('reply pagamento');
  });

  it('matches keywords at the start of a word only', () => {
    // 'vendido' inside the key 'kits_vendidos' must not win over the kits rule.
    expect(kindOf(routeMessage('kits_vendidos'))).toBe('redirect /kits');
    expect(kindOf(routeMessage('revendido'))).toBe('reply default');
  });

  it('gives the canned texts the spec asks for', () => {
    const reply = (text: string) => {
      const route = routeMessage(text);
      return route?.kind === 'reply' ? route.reply : '';
    };
    expect(reply('contato')).toContain('(11) 4002-8922');
    expect(reply('contato')).toContain('contato@clarear.com.br');
    expect(reply('contato')).toContain('WhatsApp');
    expect(reply('contato')).toContain('(11) 94002-8922');
    expect(reply('contato')).toContain('Segunda a sexta, das 8h às 18h.');
    const payment = reply('pagamento');
    for (const part of ['cartões de crédito', 'Pix', 'boleto', '12x sem juros']) expect(payment).toContain(part);
    // A production store without a gateway takes Pix only, and the bot says so.
    const pixOnly = routeWith('pagamento', { ...CONTACT, payments: paymentOffer({ gateway: false, production: true, instantApproval: false }) });
    expect(pixOnly).toEqual({ kind: 'reply', topic: 'pagamento', reply: 'No momento aceitamos Pix (confirmação após a verificação do pagamento).' });
    expect(reply('ajuda_pedido')).toContain('Área do Cliente > Meus Pedidos');
    expect(reply('bom dia')).toMatch(/não entendi/);
  });

  it('routes every seeded quick question by its response_key', () => {
    const expected: Record<string, string> = {
      vendido: 'best-sellers',
      barato: 'cheapest',
      pesada: 'redirect /produtos?q=pesada',
      'kits prontos': 'redirect /kits',
      assinatura: 'redirect /assinatura',
      contato: 'reply contato',
      pagamento: 'reply pagamento',
      ajuda_pedido: 'reply ajuda_pedido',
    };
    for (const q of quickQuestions) expect(kindOf(routeMessage(q.responseKey)), q.responseKey).toBe(expected[q.responseKey]);
  });

  it('answers with the contact it is given (the settings the admin saved)', () => {
    const route = routeWith('telefone', { phone: '(21) 3333-4444', email: 'sac@loja.com.br', whatsapp: '(21) 99876-5432', hours: 'Todos os dias, das 9h às 21h.', payments: CONTACT.payments });
    const reply = route?.kind === 'reply' ? route.reply : '';
    for (const part of ['(21) 3333-4444', 'sac@loja.com.br', '(21) 99876-5432', 'Todos os dias, das 9h às 21h.']) expect(reply).toContain(part);
    expect(reply).not.toContain('4002-8922');
    expect(reply).not.toContain('21h..');
  });

  it('uses the spec timings', () => {
    expect(REPLY_DELAY_MS).toBe(500);
    expect(REDIRECT_DELAY_MS).toBe(1000);
  });
});
