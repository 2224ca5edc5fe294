// /area-cliente/orcamentos/:id — one quote of the customer (or of their company): the lines with
// the answered prices, freight and validity, the thread (post a message), and the decision:
// "Aceitar" goes to the quote's checkout with the version seen (the order is made there, at these
// prices, re-verified on the server), "Recusar" closes it. Anyone else gets a 404.
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { data, Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { TextareaField } from '~/components/admin/form-controls';
import { QuoteLines, QuoteStatusBadge, QuoteThread } from '~/components/quote/quote-parts';
import { Button } from '~/components/ui/button';
import { toast } from '~/components/ui/toaster';
import { formatDateBR } from '~/lib/dates';
import { formatBRL } from '~/lib/money';
import { shortOrderId } from '~/lib/order-status';
import { mayDecline, quoteNumber } from '~/lib/quotes';
import { isUuid } from '~/lib/schemas/ids';
import { quoteDecisionSchema, quoteMessageSchema, QUOTE_FORM_MESSAGES } from '~/lib/schemas/quotes';
import type { ToastMessage } from '~/lib/toast';
import { requireUser } from '~/server/auth/session.server';
import { flashToast } from '~/server/infra/cookies.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { declineQuote, getCustomerQuote, postQuoteMessage, QuoteError } from '~/server/quotes/quotes.server';
import type { Route } from './+types/quote';

const NOT_FOUND = 'Orçamento não encontrado.';

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: d?.quote ? `Orçamento ${quoteNumber(d.quote.id)} | Clarear` : 'Orçamento não encontrado | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  if (!isUuid(params.id)) throw data(NOT_FOUND, 404);
  const quote = await getCustomerQuote(await getDb(), user.id, params.id);
  if (!quote) throw data(NOT_FOUND, 404);
  // Only what the page shows: never the other members' ids.
  const { userId: _u, companyId: _c, ...shown } = quote;
  return { quote: shown };
}

type ActionData = { ok: false; errors: Record<string, string>; toast: ToastMessage };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (!isUuid(params.id)) throw data(NOT_FOUND, 404);
  const form = Object.fromEntries(await readForm(request));
  const db = await getDb();
  const refused = (errors: Record<string, string>, description: string, status: number) => data<ActionData>({ ok: false, errors, toast: { title: 'Não foi possível concluir', description, variant: 'destructive' } }, status);
  try {
    if (form.intent === 'message') {
      const parsed = quoteMessageSchema.safeParse(form);
      if (!parsed.success) return refused({ body: parsed.error.issues[0]!.message }, parsed.error.issues[0]!.message, 400);
      await postQuoteMessage(db, { kind: 'customer', userId: user.id }, params.id, parsed.data.body);
      return redirect(`/area-cliente/orcamentos/${params.id}`, { headers: { 'Set-Cookie': await flashToast({ title: 'Mensagem enviada', description: 'A loja recebe um aviso por e-mail.' }) } });
    }
    const parsed = quoteDecisionSchema.safeParse(form);
    if (!parsed.success) return refused({}, QUOTE_FORM_MESSAGES.reload, 400);
    if (parsed.data.intent === 'decline') {
      await declineQuote(db, user.id, params.id);
      return redirect(`/area-cliente/orcamentos/${params.id}`, { headers: { 'Set-Cookie': await flashToast({ title: 'Orçamento recusado' }) } });
    }
    // Accepting: the order is made at the quote's checkout, which checks everything again in its transaction.
    return redirect(`/orcamento/${params.id}/pagar?versao=${parsed.data.version}`);
  } catch (error) {
    if (error instanceof QuoteError) {
      if (error.status === 404) throw data(NOT_FOUND, 404);
      return refused({}, error.message, error.status);
    }
    throw error;
  }
}

const SECTION = 'rounded-xl border border-slate-200 p-5 dark:border-slate-700';

export default function CustomerQuote({ loaderData }: Route.ComponentProps) {
  const { quote: q } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (result?.toast) toast(result.toast);
  }, [result]);

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10">
      <Link to="/area-cliente/orcamentos" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline dark:text-brand-200">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Orçamentos
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Orçamento {quoteNumber(q.id)}</h1>
        <QuoteStatusBadge status={q.status} />
      </header>

      <section className={SECTION} aria-labelledby="itens">
        <h2 id="itens" className="text-lg font-bold">
          Itens
        </h2>
        <div className="mt-3">
          <QuoteLines items={q.items} caption="Itens do orçamento" />
        </div>
        {q.status === 'new' ? <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">Aguardando a resposta da loja. Você recebe um e-mail quando respondermos.</p> : null}
        {q.totalCents !== null ? (
          <dl className="mt-3 grid gap-1 text-sm" data-testid="quote-summary">
            <div>
              <dt className="inline font-semibold">Frete: </dt>
              <dd className="inline">{q.freightCents !== null ? formatBRL(q.freightCents) : 'calculado na finalização, pelo CEP de entrega'}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">Total: </dt>
              <dd className="inline" data-testid="quote-total">
                {formatBRL(q.totalCents)}
                {q.freightCents === null ? ' + frete' : ''}
              </dd>
            </div>
            <div>
              <dt className="inline font-semibold">Validade: </dt>
              <dd className="inline">{q.validUntil ? `até ${formatDateBR(q.validUntil)}` : 'sem prazo definido'}</dd>
            </div>
          </dl>
        ) : null}
        {q.status === 'expired' ? <p className="mt-3 text-sm font-semibold text-red-700 dark:text-red-400">Este orçamento expirou. Solicite um novo a partir do carrinho.</p> : null}
        {q.orderId ? (
          <p className="mt-3 text-sm">
            Pedido gerado:{' '}
            <Link to={`/pedido/${q.orderId}`} className="font-mono font-semibold text-brand-700 underline dark:text-brand-200">
              {shortOrderId(q.orderId)}
            </Link>
          </p>
        ) : null}
        {q.status === 'accepted' && q.orderCancelled ? (
          <p className="mt-3 text-sm">
            O pagamento deste pedido não foi concluído e ele foi cancelado.{' '}
            <Link to={`/orcamento/${q.id}/pagar?versao=${q.version}`} className="font-semibold text-brand-700 underline dark:text-brand-200">
              Pagar o orçamento novamente
            </Link>
          </p>
        ) : null}
        {q.status === 'answered' ? (
          <div className="mt-4 flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="accept" />
              <input type="hidden" name="version" value={q.version} />
              <Button type="submit" disabled={busy}>
                Aceitar
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="decline" />
              <Button type="submit" variant="outline" disabled={busy}>
                Recusar
              </Button>
            </Form>
          </div>
        ) : mayDecline(q.status) ? (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="decline" />
            <Button type="submit" variant="outline" disabled={busy}>
              Cancelar pedido de orçamento
            </Button>
          </Form>
        ) : null}
      </section>

      <section className={SECTION} aria-labelledby="conversa">
        <h2 id="conversa" className="text-lg font-bold">
          Conversa com a loja
        </h2>
        <div className="mt-3">
          <QuoteThread messages={q.messages} selfAuthor="customer" />
        </div>
        <Form method="post" className="mt-4 grid gap-3" noValidate>
          <input type="hidden" name="intent" value="message" />
          <TextareaField label="Nova mensagem" name="body" maxLength={2000} required error={result?.errors.body} />
          <div>
            <Button type="submit" variant="outline" disabled={busy}>
              Enviar mensagem
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
