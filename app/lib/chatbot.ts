// The chatbot's rules: how a message is read (keywords, accents and case ignored) and what
// the bot does with it. Pure, shared by the chat panel and its tests.
import { acceptedMethodsPhrase, PAYMENT_METHOD_IDS, type PaymentOffer } from './payment-offer';

/**
 * The store contact the canned answers give, as the pages show it (/admin/settings, through
 * the root loader): passed in, so an edit reaches the chat at once.
 */
export type ChatContact = {
  phone: string;
  email: string;
  whatsapp: string;
  hours: string;
  /** The payment methods the store offers now (root loader): the answer never promises another. */
  payments: Pick<PaymentOffer, 'methods' | 'pixHint'>;
};

/** The bot's answer appears this long after the message, as a person's would. */
export const REPLY_DELAY_MS = 500;
/** A redirecting answer navigates this long after it is shown, so it can be read first. */
export const REDIRECT_DELAY_MS = 1000;

/**
 * A product as the chatbot lists it (best sellers, cheapest). `priceLabel` is
 * base_price in BRL, or 'Consulte' when there is none; the server formats it.
 */
/** `ratingLabel`: the mean of its approved reviews and how many ('4,6 ★ (12)'), null without reviews (issue 36). */
export type ChatProduct = { name: string; slug: string; basePrice: string | null; priceLabel: string; ratingLabel: string | null };

/** An active quick question: the chip shows `questionText` and sends `responseKey`. */
export type QuickQuestion = { id: string; questionText: string; responseKey: string };

/** What GET /chatbot?intent=… answers. */
export type ChatbotIntent = 'questions' | 'best-sellers' | 'cheapest';
export type ChatbotResponse =
  | { intent: 'questions'; questions: QuickQuestion[] }
  | { intent: 'best-sellers' | 'cheapest'; products: ChatProduct[] }
  | { error: string };

export type CannedTopic = 'contato' | 'pagamento' | 'ajuda_pedido';

export type ChatRoute =
  | { kind: 'best-sellers' }
  | { kind: 'cheapest' }
  | { kind: 'redirect'; to: '/produtos?q=pesada' | '/kits' | '/assinatura'; reply: string }
  | { kind: 'reply'; topic: CannedTopic | 'default'; reply: string };

export const GREETING = 'Olá! Sou a assistente virtual da Clarear. Como posso ajudar? Escolha uma pergunta rápida ou escreva sua dúvida.';

export const CHATBOT_TEXT = {
  bestSellers: 'Estes são os nossos produtos mais vendidos:',
  cheapest: 'Estes são os nossos produtos com o menor preço:',
  noProducts: 'No momento não há produtos para mostrar. Dê uma olhada no nosso catálogo!',
  bestSellersError: 'Desculpe, não consegui buscar os produtos mais vendidos agora.',
  cheapestError: 'Desculpe, não consegui buscar os produtos mais baratos agora.',
} as const;

/** The canned answers, with the store's current contact. */
function cannedReply(topic: CannedTopic | 'default', contact: ChatContact): string {
  switch (topic) {
    case 'contato':
      return (
        `Você pode falar com a Clarear pelo telefone ${contact.phone}, pelo e-mail ${contact.email} ` +
        `ou pelo WhatsApp ${contact.whatsapp}. Nosso horário de atendimento: ${contact.hours.replace(/\.+$/, '')}.`
      );
    case 'pagamento':
      // The spec's answer when every method is offered; otherwise only what the store takes now.
      return PAYMENT_METHOD_IDS.every((m) => contact.payments.methods.includes(m))
        ? 'Aceitamos cartões de crédito, Pix e boleto bancário. No cartão de crédito, você pode parcelar em até 12x sem juros.'
        : `No momento aceitamos ${acceptedMethodsPhrase(contact.payments)}.`;
    case 'ajuda_pedido':
      return (
        'Para acompanhar seu pedido, acesse Área do Cliente > Meus Pedidos: lá você vê o status de cada compra. ' +
        `Se houver algum problema, fale com a gente pelo telefone ${contact.phone} ou pelo e-mail ${contact.email}.`
      );
    default:
      return (
        'Desculpe, não entendi sua pergunta. Tente uma das perguntas rápidas, como "Quais são os mais vendidos?" ' +
        'ou "Formas de pagamento", ou fale com a gente pelo WhatsApp.'
      );
  }
}

/** A rule's outcome; a canned reply gets its text (with the contact) when it is chosen. */
type RuleRoute = Exclude<ChatRoute, { kind: 'reply' }> | { kind: 'reply'; topic: CannedTopic };
type Rule = { keywords: readonly string[]; route: RuleRoute };

/**
 * The keyword table, in the spec's order: the first rule with a keyword in the
 * message wins. Keywords are normalized (no accents, lower case) and must start
 * a word, so 'vendido' is not found inside the quick-question key 'kits_vendidos'.
 * Most are stems, so plurals and genders match ('vendidos', 'barata', 'pesado').
 */
const RULES: readonly Rule[] = [
  { keywords: ['vendid', 'popular'], route: { kind: 'best-sellers' } },
  { keywords: ['barat', 'preco baixo', 'precos baixos', 'menor preco'], route: { kind: 'cheapest' } },
  {
    keywords: ['pesad'],
    route: { kind: 'redirect', to: '/produtos?q=pesada', reply: 'Vou te mostrar nossos produtos para limpeza pesada!' },
  },
  {
    keywords: ['kits_vendidos', 'kits prontos', 'kit pronto', 'kit'],
    route: { kind: 'redirect', to: '/kits', reply: 'Vou te levar para os kits prontos!' },
  },
  {
    keywords: ['assinatura', 'assinar', 'assine'],
    route: { kind: 'redirect', to: '/assinatura', reply: 'Vou te levar para a Assinatura Inteligente!' },
  },
  {
    keywords: ['contato', 'telefone', 'falar', 'atendimento', 'atendente', 'e-mail', 'email', 'whatsapp'],
    route: { kind: 'reply', topic: 'contato' },
  },
  {
    keywords: ['pagamento', 'pagar', 'pago', 'pix', 'boleto', 'cartao', 'cartoes', 'credito', 'parcel'],
    route: { kind: 'reply', topic: 'pagamento' },
  },
  {
    keywords: ['ajuda_pedido', 'pedido', 'entrega', 'rastre', 'encomenda'],
    route: { kind: 'reply', topic: 'ajuda_pedido' },
  },
];

/** Lower case, accents removed (NFD), blanks collapsed and trimmed: 'Preço  BAIXO ' → 'preco baixo'. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function startsAWord(text: string, keyword: string): boolean {
  for (let at = text.indexOf(keyword); at !== -1; at = text.indexOf(keyword, at + 1)) {
    if (at === 0 || !/[\p{L}\p{N}_]/u.test(text[at - 1]!)) return true;
  }
  return false;
}

/** What the bot does with a message or a quick question's response_key; null for a blank message (ignored). */
export function routeMessage(text: string, contact: ChatContact): ChatRoute | null {
  const normalized = normalize(text);
  if (!normalized) return null;
  const route = RULES.find((r) => r.keywords.some((k) => startsAWord(normalized, k)))?.route;
  if (!route) return { kind: 'reply', topic: 'default', reply: cannedReply('default', contact) };
  return route.kind === 'reply' ? { ...route, reply: cannedReply(route.topic, contact) } : route;
}
