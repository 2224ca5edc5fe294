// /orcamento/solicitar: "Solicitar orçamento" on the cart (issue 35). GET tells the cart who may
// ask (a company member always, anyone else from the store's minimum of units); POST makes the
// quote from the posted lines (ids and quantities; the prices are the server's) with the note and
// the CEP if known. Signed out: the cart sends the customer to the login.
import { data } from 'react-router';
import { QUOTE_MESSAGES, type QuoteEligibility, type QuoteRequestResult } from '~/lib/quotes';
import { quoteRequestSchema } from '~/lib/schemas/quotes';
import { getSessionUser } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { checkRateLimit } from '~/server/infra/rate-limit.server';
import { QuoteError, quoteEligibility, requestQuote } from '~/server/quotes/quotes.server';
import type { Route } from './+types/quote-request';


export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) return data<QuoteEligibility>({ signedIn: false });
  return data<QuoteEligibility>({ signedIn: true, ...(await quoteEligibility(await getDb(), user.id)) });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) return data<QuoteRequestResult>({ ok: false, message: QUOTE_MESSAGES.signIn, login: true }, 401);
  // Each request e-mails the store and the customer: limited like the contact form.
  const limited = await checkRateLimit(request, 'contact');
  if (limited) return data<QuoteRequestResult>({ ok: false, message: limited.message }, limited.init);
  const parsed = quoteRequestSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return data<QuoteRequestResult>({ ok: false, message: issue.message, ...(issue.path[0] === 'note' ? { field: 'note' as const } : {}) }, 400);
  }
  try {
    const { id } = await requestQuote(await getDb(), user, parsed.data);
    return data<QuoteRequestResult>({ ok: true, id });
  } catch (error) {
    if (error instanceof QuoteError) return data<QuoteRequestResult>({ ok: false, message: error.message }, error.status);
    throw error;
  }
}
