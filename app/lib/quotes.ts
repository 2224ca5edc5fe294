// Orçamentos (issue 35): a customer asks a price for a cart, the admin answers per line, the
// customer accepts (an order at exactly those prices) or declines. The one home of its states.

/** novo, respondido, aceito, recusado, expirado. */
export const QUOTE_STATUSES = ['new', 'answered', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = { new: 'Novo', answered: 'Respondido', accepted: 'Aceito', declined: 'Recusado', expired: 'Expirado' };

/** Who wrote a message of a quote's thread. */
export const QUOTE_AUTHORS = ['customer', 'admin'] as const;
export type QuoteAuthor = (typeof QUOTE_AUTHORS)[number];

/** The pt-BR refusals of a quote's steps: the same words on the page, in the action and in the tests. */
export const QUOTE_MESSAGES = {
  signIn: 'Entre na sua conta para solicitar um orçamento.',
  planInCart: 'A Assinatura Inteligente não entra em orçamentos. Remova-a do carrinho para solicitar.',
  cartChanged: 'Alguns itens do carrinho não estão mais à venda. Confira o carrinho antes de solicitar.',
  notFound: 'Orçamento não encontrado.',
  expired: 'Este orçamento expirou. Solicite um novo orçamento a partir do carrinho.',
  changed: 'O orçamento mudou desde que você o viu. Confira os novos valores antes de aceitar.',
  notAnswered: 'Este orçamento ainda não foi respondido pela loja.',
  accepted: 'Este orçamento já foi aceito e virou um pedido.',
  closed: 'Este orçamento foi encerrado (recusado ou expirado). Solicite um novo a partir do carrinho.',
  adminChanged: 'Outra pessoa respondeu este orçamento enquanto você editava. Recarregue a página para ver a versão atual.',
} as const;

/** "Para pedir um orçamento, o carrinho precisa de ao menos N unidades…" */
export function belowQuoteMinimum(min: number, units: number): string {
  return `Orçamentos são para empresas cadastradas ou para carrinhos a partir de ${min} unidades (o seu tem ${units}). Adicione mais unidades ou cadastre sua empresa.`;
}

/** Whether this buyer may ask for a quote: a company member always; anyone else from the store's minimum of units. */
export function quoteRequestRefusal(input: { companyMember: boolean; units: number; minQuantity: number }): string | null {
  if (input.companyMember) return null;
  return input.units >= input.minQuantity ? null : belowQuoteMinimum(input.minQuantity, input.units);
}

/** An answer's validity has passed: its last day (São Paulo) is before today. No date: never. */
export function isQuoteExpired(validUntil: string | null, today: string): boolean {
  return validUntil !== null && validUntil < today;
}

/**
 * Why an accept of this quote is refused, or null: only an answer still valid, at the version the
 * customer saw. An accepted quote whose order was cancelled (a declined card, an unpaid Pix) may be
 * accepted again at the same version.
 */
export function acceptRefusal(
  quote: { status: QuoteStatus; validUntil: string | null; version: number; orderCancelled?: boolean },
  seenVersion: number,
  today: string,
): string | null {
  if (quote.status === 'accepted' && !quote.orderCancelled) return QUOTE_MESSAGES.accepted;
  if (quote.status === 'new') return QUOTE_MESSAGES.notAnswered;
  if (quote.status === 'expired') return QUOTE_MESSAGES.expired;
  if (quote.status === 'declined') return QUOTE_MESSAGES.closed;
  if (isQuoteExpired(quote.validUntil, today)) return QUOTE_MESSAGES.expired;
  if (quote.version !== seenVersion) return QUOTE_MESSAGES.changed;
  return null;
}

/** Which statuses the admin may (re)answer: until the customer accepted or declined. */
export function mayAnswer(status: QuoteStatus): boolean {
  return status === 'new' || status === 'answered' || status === 'expired';
}

/** The customer may decline a quote still open. */
export function mayDecline(status: QuoteStatus): boolean {
  return status === 'new' || status === 'answered';
}

/** Goods at the answered prices (null while a line has none) plus the quoted freight. */
export function quoteTotalCents(items: readonly { unitCents: number | null; quantity: number }[], freightCents: number | null): number | null {
  let sum = 0;
  for (const item of items) {
    if (item.unitCents === null) return null;
    sum += item.unitCents * item.quantity;
  }
  return sum + (freightCents ?? 0);
}

/** A quote's short number for pages and e-mails: its id's first 8 characters, upper case. */
export function quoteNumber(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** What the cart's "Solicitar orçamento" learns of the buyer (GET /orcamento/solicitar). */
export type QuoteEligibility = { signedIn: false } | { signedIn: true; companyMember: boolean; minQuantity: number };
/** The answer to "Solicitar orçamento" (POST /orcamento/solicitar). */
export type QuoteRequestResult = { ok: true; id: string } | { ok: false; message: string; field?: 'note'; login?: boolean };
