// Every e-mail's HTML part: the store's layout, the facts of its text part, links built from the
// configured public address, and hostile text escaped.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '../orders/orders.server';
import { orderEmail, orderEmailContent, type OrderEmailKind } from '../orders/emails.server';
import { toPublicSeller } from '~/lib/seller';
import { renderEmailHtml, renderEmailHtmlFast, textEmailContent, withSellerFooter, type EmailContent } from './html.server';

/** A message written as text, laid out as the mail worker sends it (through the per-shape template) and through React every time. */
const renderTextEmailHtml = (subject: string, text: string, unsubscribe?: EmailContent['unsubscribe']) => renderEmailHtmlFast(textEmailContent(subject, text, unsubscribe));
const renderTextEmailHtmlUncached = (subject: string, text: string, unsubscribe?: EmailContent['unsubscribe']) => renderEmailHtml(textEmailContent(subject, text, unsubscribe));

beforeAll(() => {
  process.env.BETTER_AUTH_URL = 'https://loja.clarear.test';
});

const order: OrderSummary = {
  id: '3f2a9c1e-1111-4222-8333-444455556666',
  userId: 'u1',
  createdAt: new Date('2026-11-24T13:00:00Z'),
  status: 'pending',
  version: 0,
  totalPrice: '44.91',
  subtotalPrice: '49.90',
  discountPrice: '4.99',
  discountKind: 'welcome',
  couponCode: null,
  shippingPrice: '0',
  deliveryFrequencyMonths: null,
  paymentMethod: 'pix',
  paymentDetails: { method: 'pix', copyPaste: '00020126580014br.gov.bcb.pix0136pix@clarear.com.br5204000053039865406044.91' },
  paymentExpiresAt: new Date('2026-11-24T14:00:00Z'),
  taxId: '52998224725',
  purchaseOrderNumber: null,
  companyId: null,
  companyLegalName: null,
  address: { recipientName: 'Ana <script>alert(1)</script>', street: 'Avenida Paulista', number: '1000', complement: 'apto 42', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', zipCode: '01310100' },
  carrier: 'correios',
  trackingCode: 'RA123456785BR',
  cancelReason: 'Pagamento não confirmado dentro do prazo',
  refundStatus: null,
  refundReference: null,
  subscriptionId: null,
  programmedDeliveryId: null,
  scheduledFor: null,
  paymentConfirming: false,
  termsVersion: 2,
  privacyVersion: 1,
  items: [{ productId: 'p1', productName: 'Detergente <b>Neutro</b>', size: '500 ml', quantity: 2, priceAtPurchase: '24.95', parcelId: null }],
  parcels: [],
  events: [],
};
const buyer = { name: 'Ana Souza', email: 'ana@exemplo.com.br' };
const KINDS: OrderEmailKind[] = ['placed', 'paid', 'shipped', 'delivered', 'cancelled', 'expired'];

describe('order e-mails, HTML and text', () => {
  it.each(KINDS)('%s: the layout, the order number, a button to the store, and the same facts as the text', async (kind) => {
    const html = await renderEmailHtml(orderEmailContent(kind, order, buyer));
    const { text, subject } = orderEmail(kind, order, buyer);
    expect(subject).toContain('3F2A9C1E');
    expect(html).toContain('lang="pt-BR"');
    expect(html).toContain('Clarear');
    expect(html).toContain('3F2A9C1E');
    expect(html).toContain('color-scheme');
    expect(html).toMatch(/href="https:\/\/(loja\.clarear\.test|rastreamento\.correios\.com\.br)[^"]*"/);
    expect(html).not.toContain('<script>');
    expect(text).toContain('Olá, Ana Souza!');
  });

  it('placed: items, totals with the discount label, the Pix code and the address; hostile names escaped', async () => {
    const html = await renderEmailHtml(orderEmailContent('placed', order, buyer));
    expect(html).toContain('Detergente &lt;b&gt;Neutro&lt;/b&gt;');
    expect(html).toContain('R$');
    expect(html).toContain('44,91');
    expect(html).toContain('Desconto de boas-vindas (10%)');
    expect(html).toContain('Pix copia e cola');
    expect(html).toContain(order.paymentDetails!.method === 'pix' ? order.paymentDetails!.copyPaste : '');
    expect(html).toContain('CEP 01310-100');
    expect(html).toContain('Pague até');
    expect(html).toContain('Ana &lt;script&gt;alert(1)&lt;/script&gt;');
    const { text } = orderEmail('placed', order, buyer);
    expect(text).toContain('Total: R$');
    expect(text).toContain('Pix copia e cola');
    expect(text).toContain('Pague até');
  });

  it('shipped: the carrier and the tracking link as the button', async () => {
    const html = await renderEmailHtml(orderEmailContent('shipped', order, buyer));
    expect(html).toContain('href="https://rastreamento.correios.com.br/app/index.php?objetos=RA123456785BR"');
    expect(html).toContain('Rastrear a entrega');
    expect(orderEmail('shipped', order, buyer).text).toContain('Código de rastreio: RA123456785BR');
  });

  it('an optional e-mail says why it came and links "Descadastrar" in the footer; the others keep the account line', async () => {
    const url = 'https://loja.clarear.test/descadastrar?t=abc.def';
    const optional = await renderTextEmailHtml('Clarear: novidades', 'Olá!\n\nVeja: https://loja.clarear.test/produtos', { list: 'newsletter', url });
    expect(optional).toContain(`href="${url}"`);
    expect(optional).toContain('Descadastrar');
    expect(optional).toContain('porque se inscreveu na newsletter da Clarear');
    expect(optional).not.toContain('por causa da sua conta ou de um pedido');
    const plain = await renderTextEmailHtml('Clarear: pedido', 'Olá!\n\nVeja: https://loja.clarear.test/produtos');
    expect(plain).not.toContain('Descadastrar');
    expect(plain).toContain('por causa da sua conta ou de um pedido');
  });

  it('an account e-mail written as text gets the layout, its paragraphs and its link as the button', async () => {
    const html = await renderTextEmailHtml('Clarear: confirme seu e-mail', 'Olá, Ana!\n\nConfirme seu e-mail para entrar:\nhttps://loja.clarear.test/api/auth/verify-email?token=abc\n\nSe não foi você, ignore.');
    expect(html).toContain('confirme seu e-mail');
    expect(html).toContain('Olá, Ana!');
    expect(html).toContain('https://loja.clarear.test/api/auth/verify-email?token=abc');
  });
});

describe('renderTextEmailHtml from its per-shape template', () => {
  const hostile = `Ana & "Bia" <b>O'Neil</b> © ação —\u00a0é`;
  const long = `Prévia longa ${'x'.repeat(200)} & <fim>`;
  const cases: [string, string, Parameters<typeof renderTextEmailHtml>[2]][] = [
    ['Clarear: sua Assinatura renova em 27/11/2026', `Olá, ${hostile}!\n\nSua assinatura renova.\n\nGerencie: https://loja.clarear.test/area-cliente?a=1&b="2"`, { list: 'notifications', url: `https://loja.clarear.test/descadastrar?t=a&b<'c'>` }],
    ['Clarear: pague a renovação', `Olá, Bia!\n\n${long}\n\nPix copia e cola:\n000201<script>\n\nVer o pedido ABC: https://loja.clarear.test/pedido/1`, undefined],
    [`Assunto ${hostile}`, 'Um parágrafo só, sem link.', undefined],
    ['', '', { list: 'newsletter', url: 'https://x.test/d?t=1' }],
    ['Clarear: três', `A\n\n${'y'.repeat(150)}\n\nC https://a.test/b\n\nD: https://c.test/d`, { list: 'notifications', url: 'https://x.test/n' }],
    ['Clarear: exato', `A\n\n${'z'.repeat(149)}`, undefined],
  ];

  it('is byte for byte what React renders, hostile text escaped, for every shape (the second call fills the cached template)', async () => {
    for (const [subject, text, unsubscribe] of cases) {
      const expected = await renderTextEmailHtmlUncached(subject, text, unsubscribe);
      expect(await renderTextEmailHtml(subject, text, unsubscribe)).toBe(expected);
      // Same shape, other texts: from the template built by the call above.
      const other = text.replace(/Olá, [^!]*!/, 'Olá, Outra <i>Pessoa</i>!') + '';
      expect(await renderTextEmailHtml(`${subject} 2`, other, unsubscribe)).toBe(await renderTextEmailHtmlUncached(`${subject} 2`, other, unsubscribe));
    }
    const html = await renderTextEmailHtml(cases[0]![0], cases[0]![1], cases[0]![2]);
    expect(html).not.toContain('<b>O');
    expect(html).toContain('&lt;b&gt;O&#x27;Neil&lt;/b&gt;');
    expect(html).not.toContain('\uE000');
  });
});

describe('order e-mails from the per-shape template', () => {
  const hostileBuyer = { name: `Ana & "Bia" <script>alert('x')</script> ação`, email: 'ana@exemplo.com.br' };

  it('each order e-mail is byte for byte what React renders for its content, hostile names escaped', async () => {
    const { orderMail } = await import('../orders/emails.server');
    const { renderEmailHtmlFast } = await import('./html.server');
    const kinds: OrderEmailKind[] = [...KINDS, 'refunded'];
    for (const kind of kinds) {
      for (const who of [buyer, hostileBuyer]) {
        const content = orderEmailContent(kind, { ...order, cancelReason: `Motivo <b>"estranho"</b> & 'outro'` }, who);
        expect(await renderEmailHtmlFast(content)).toBe(await renderEmailHtml(content));
        // The row an order e-mail is queued with carries that content, laid out the same when sent.
        const mail = orderMail(kind, order, who);
        expect(mail.content).toEqual(orderEmailContent(kind, order, who));
        expect(await renderEmailHtmlFast(mail.content!)).toBe(await renderEmailHtml(orderEmailContent(kind, order, who)));
        expect(mail).toMatchObject({ kind: `order-${kind}`, to: who.email, dedupeKey: `order:${order.id}:${kind}`, ...orderEmail(kind, order, who) });
      }
    }
  });

  it('the expiry job\'s "expired" e-mail, built from the order id alone, is the one the single cancel queues', async () => {
    const { expiredOrderMail, orderMail } = await import('../orders/emails.server');
    const { renderEmailHtmlFast } = await import('./html.server');
    for (const who of [buyer, hostileBuyer]) {
      const fromId = expiredOrderMail(order.id, who);
      expect(fromId).toEqual(orderMail('expired', order, who));
      const html = await renderEmailHtmlFast(fromId.content!);
      expect(html).toBe(await renderEmailHtml(orderEmailContent('expired', order, who)));
      expect(html).not.toContain('<script>');
    }
  });
});

describe('who sells, in every e-mail\'s footer (Decreto 7.962/2013 art. 2)', () => {
  const identity = {
    legalName: 'Clarear <Produtos> & Limpeza Ltda.',
    tradeName: 'Clarear',
    cnpj: '12ABC34501DE35',
    stateRegistration: 'ISENTO',
    addressStreet: 'Rua das Flores',
    addressNumber: '25',
    addressComplement: '',
    addressNeighborhood: 'Centro',
    addressCity: 'Curitiba',
    addressState: 'PR',
    addressZipCode: '80010000',
    answerDays: 3,
  };
  const seller = toPublicSeller(identity);
  const escapedName = 'Clarear &lt;Produtos&gt; &amp; Limpeza Ltda.';

  it('the HTML footer has the razão social, CNPJ, IE and address, escaped; the same from the template as from React', async () => {
    const content = textEmailContent('Clarear: aviso', 'Olá!\n\nVeja: https://loja.clarear.test/produtos');
    const html = await renderEmailHtml(content, seller);
    expect(html).toContain(`${escapedName} · CNPJ 12.ABC.345/01DE-35 · IE isento`);
    expect(html).toContain('Rua das Flores, 25 — Centro, Curitiba/PR, CEP 80010-000');
    expect(html).not.toContain('Clarear Produtos de Limpeza ·');
    expect(await renderEmailHtmlFast(content, seller)).toBe(html);
    // Another seller (an edit in Configurações) is another template, not the cached one.
    const other = toPublicSeller({ ...identity, legalName: 'Outra Razão Ltda.' });
    expect(await renderEmailHtmlFast(content, other)).toBe(await renderEmailHtml(content, other));
    expect(await renderEmailHtmlFast(content, other)).not.toContain(escapedName);
    // An order e-mail (React every time) carries it too.
    expect(await renderEmailHtml(orderEmailContent('paid', order, buyer), seller)).toContain('CNPJ 12.ABC.345/01DE-35');
  });

  it('the text part ends with the same lines; without a seller (none filled in) both parts keep the store\'s name only', async () => {
    expect(withSellerFooter('Olá!', seller)).toBe('Olá!\n\nClarear <Produtos> & Limpeza Ltda. · CNPJ 12.ABC.345/01DE-35 · IE isento\nRua das Flores, 25 — Centro, Curitiba/PR, CEP 80010-000');
    const empty = toPublicSeller({ ...identity, legalName: '', cnpj: '', stateRegistration: '', addressStreet: '' });
    expect(withSellerFooter('Olá!', empty)).toBe('Olá!');
    expect(withSellerFooter('Olá!', undefined)).toBe('Olá!');
    const html = await renderEmailHtmlFast(textEmailContent('Clarear: aviso', 'Olá!'), empty);
    expect(html).toContain('Clarear Produtos de Limpeza ·');
    expect(html).not.toContain('CNPJ');
  });

  it('a razão social holding the template\'s slot mark is still laid out whole', async () => {
    const marked = toPublicSeller({ ...identity, legalName: 'Razão \uE000heading\uE000 Ltda.' });
    const content = textEmailContent('Clarear: aviso', 'Olá!');
    expect(await renderEmailHtmlFast(content, marked)).toBe(await renderEmailHtml(content, marked));
  });
});
