// Orçamentos (issue 35): a customer asks a price for a cart, the admin answers per line, the
// customer accepts (an order at exactly those prices) or declines. The one home of its states.

/** novo, respondido, aceito, recusado, expirado. */
export const QUOTE_STATUSES = ['new', 'answered', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = { new: 'Novo', answered: 'Respondido', accepted: 'Aceito', declined: 'Recusado', expired: 'Expirado' };

/** Who wrote a message of a quote's thread. */
export const QUOTE_AUTHORS = ['customer', 'admin'] as const;
export type QuoteAuthor = (typeof QUOTE_AUTHORS)[number];
