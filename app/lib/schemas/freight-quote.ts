// What "Calcular frete" on a product (its page and its modal) posts to /frete/cotacao: the CEP as
// typed (masked or not), the chosen size's id or the kit's product id, and how many units. Prices are
// deliberately absent: the server reads them from the database.
import { z } from 'zod';
import './zod-pt-br';
import { MAX_LINE_QUANTITY } from '../cart';
import { isValidCep, normalizeCep } from '../cep';
import { FREIGHT_MESSAGES, type FreightQuote } from '../freight';

export const FREIGHT_QUOTE_MESSAGES = {
  cep: FREIGHT_MESSAGES.invalidCep,
  item: 'Produto inválido. Recarregue a página e tente novamente.',
  quantity: `Escolha de 1 a ${MAX_LINE_QUANTITY} unidades.`,
  notFound: 'Produto não encontrado. Recarregue a página e tente novamente.',
  failed: 'Não foi possível calcular o frete agora. Tente novamente em instantes.',
} as const;

const { cep, item, quantity } = FREIGHT_QUOTE_MESSAGES;

export const freightQuoteSchema = z.object({
  /** '01001-000' or '01001000' (isValidCep), kept as its 8 digits; a long text is refused unread. */
  cep: z
    .string(cep)
    .refine((v) => v.length <= 20 && isValidCep(v), cep)
    .transform(normalizeCep),
  /** A size's id, or a kit's product id. */
  id: z.uuid(item),
  /** Absent: one unit. */
  quantity: z.coerce.number(quantity).int(quantity).min(1, quantity).max(MAX_LINE_QUANTITY, quantity).default(1),
});

export type FreightQuoteInput = z.infer<typeof freightQuoteSchema>;

/** The answer of /frete/cotacao: the quote, or why there is none (pt-BR). */
export type FreightQuoteAnswer = { quote: FreightQuote; error?: undefined } | { error: string; quote?: undefined };
