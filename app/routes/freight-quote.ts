// POST /frete/cotacao: "Calcular frete" on a product's page and in its modal (issue 33). The freight of
// one size (or kit) and quantity to a CEP, priced from the database as the checkout prices a cart
// (quoteCart: the same rules, discount and free-shipping thresholds, the signed-in customer's
// subscription), never from what the browser sends. Counted with the checkout's quote per address;
// the answer depends on who asks (a subscriber ships free), so it is private and never stored.
import { data } from 'react-router';
import { PRIVATE_CACHE_CONTROL } from '~/lib/cache-control';
import { FREIGHT_QUOTE_MESSAGES, freightQuoteSchema, type FreightQuoteAnswer } from '~/lib/schemas/freight-quote';
import { getSessionUser } from '~/server/auth/session.server';
import { quoteCart } from '~/server/flows/checkout.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { log } from '~/server/infra/log.server';
import { checkRateLimit } from '~/server/infra/rate-limit.server';
import type { Route } from './+types/freight-quote';

function answer(body: FreightQuoteAnswer, status = 200, headers: Record<string, string> = {}) {
  return data<FreightQuoteAnswer>(body, { status, headers: { ...headers, 'Cache-Control': PRIVATE_CACHE_CONTROL } });
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = freightQuoteSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return answer({ error: parsed.error.issues[0]?.message ?? FREIGHT_QUOTE_MESSAGES.cep }, 400);
  const limited = await checkRateLimit(request, 'quote');
  if (limited) return answer({ error: limited.message }, limited.init.status, limited.init.headers);
  const { cep, id, quantity } = parsed.data;
  try {
    const [db, user] = await Promise.all([getDb(), getSessionUser(request)]);
    // The line as the cart would post it: its price, name and package come from the database.
    const quoted = await quoteCart(db, user?.id ?? null, [{ id, product_id: id, quantity }], undefined, { availability: false, freight: { cep } });
    const quote = quoted.freight?.quote;
    // An id the store does not sell (or never did): the same answer either way.
    if (quoted.lines.length === 0 || !quote) return answer({ error: FREIGHT_QUOTE_MESSAGES.notFound }, 404);
    return answer({ quote });
  } catch (error) {
    log.error('frete: cotação do produto falhou', error);
    return answer({ error: FREIGHT_QUOTE_MESSAGES.failed }, 500);
  }
}
