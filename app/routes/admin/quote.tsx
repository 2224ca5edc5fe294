// /admin/orcamentos/:id — one quote: its lines (list price beside the answer), the answer form (a
// unit price per line, optional freight and last valid day, a message), the thread. Answering again
// is allowed until the customer accepts or declines; each answer bumps the version the customer
// must accept.
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { data, Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { DecimalField, TextareaField } from '~/components/admin/form-controls';
import { QuoteLines, QuoteStatusBadge, QuoteThread } from '~/components/quote/quote-parts';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { toast } from '~/components/ui/toaster';
import { formatCep } from '~/lib/cep';
import { formatDateBR, formatDateTimeBR } from '~/lib/dates';
import { centsToDecimal, formatBRL } from '~/lib/money';
import { shortOrderId } from '~/lib/order-status';
import { todayInBrazil } from '~/lib/plans';
import { DELETED_CUSTOMER_NAME } from '~/lib/privacy';
import { mayAnswer, quoteNumber } from '~/lib/quotes';
import { isUuid } from '~/lib/schemas/ids';
import { quoteAnswerSchema, quoteMessageSchema, QUOTE_FORM_MESSAGES } from '~/lib/schemas/quotes';
import type { ToastMessage } from '~/lib/toast';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { flashToast } from '~/server/infra/cookies.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { answerQuote, getAdminQuote, postQuoteMessage, QuoteError } from '~/server/quotes/quotes.server';
import type { Route } from './+types/quote';

const NOT_FOUND = 'Orçamento não encontrado.';

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d?.quote ? `Orçamento ${quoteNumber(d.quote.id)} | Painel Administrativo | Clarear` : 'Orçamento não encontrado | Clarear' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!isUuid(params.id)) throw data(NOT_FOUND, 404);
  const quote = await getAdminQuote(await getDb(), params.id);
  if (!quote) throw data(NOT_FOUND, 404);
  return { quote, today: todayInBrazil() };
}

type ActionData = { ok: false; errors: Record<string, string>; toast: ToastMessage };

/** The posted `prices.<item id>` fields as the schema's record. */
function answerFields(form: Record<string, FormDataEntryValue>): Record<string, unknown> {
  const prices: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) if (key.startsWith('prices.')) prices[key.slice('prices.'.length)] = value;
  return { ...form, prices };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  if (!isUuid(params.id)) throw data(NOT_FOUND, 404);
  const form = Object.fromEntries(await readForm(request));
  const db = await getDb();
  const refused = (errors: Record<string, string>, description: string, status: number) =>
    data<ActionData>({ ok: false, errors, toast: { title: 'Não foi possível salvar', description, variant: 'destructive' } }, status);
  try {
    if (form.intent === 'message') {
      const parsed = quoteMessageSchema.safeParse(form);
      if (!parsed.success) return refused({ body: parsed.error.issues[0]!.message }, parsed.error.issues[0]!.message, 400);
      await postQuoteMessage(db, { kind: 'admin', userId: admin.id }, params.id, parsed.data.body);
      return redirect(`/admin/orcamentos/${params.id}`, { headers: { 'Set-Cookie': await flashToast({ title: 'Mensagem enviada', description: 'O cliente recebe um aviso por e-mail.' }) } });
    }
    const parsed = quoteAnswerSchema(todayInBrazil()).safeParse(answerFields(form));
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
      return refused(errors, parsed.error.issues[0]?.message ?? QUOTE_FORM_MESSAGES.reload, 400);
    }
    await answerQuote(db, admin.id, params.id, parsed.data);
    return redirect(`/admin/orcamentos/${params.id}`, { headers: { 'Set-Cookie': await flashToast({ title: 'Orçamento respondido', description: 'O cliente recebe a resposta por e-mail.' }) } });
  } catch (error) {
    if (error instanceof QuoteError) return refused({}, error.message, error.status);
    throw error;
  }
}

const SECTION = 'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900';
const MUTED = 'text-slate-700 dark:text-slate-300';

export default function AdminQuote({ loaderData }: Route.ComponentProps) {
  const { quote: q, today } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const errors = result?.errors ?? {};
  useEffect(() => {
    if (result?.toast) toast(result.toast);
  }, [result]);
  const open = mayAnswer(q.status);
  const centsText = (cents: number | null) => (cents === null ? '' : centsToDecimal(cents).replace('.', ','));

  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <Link to="/admin/orcamentos" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline dark:text-brand-200">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Orçamentos
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Orçamento {quoteNumber(q.id)}</h1>
        <QuoteStatusBadge status={q.status} />
      </header>
      <section className={SECTION} aria-labelledby="cliente">
        <h2 id="cliente" className="text-lg font-bold">
          Cliente
        </h2>
        <dl className={`mt-2 grid gap-1 text-sm sm:grid-cols-2 ${MUTED}`}>
          <div>
            <dt className="inline font-semibold">Nome: </dt>
            <dd className="inline">{q.customerName ?? DELETED_CUSTOMER_NAME}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">E-mail: </dt>
            <dd className="inline">{q.customerEmail ?? '—'}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Empresa: </dt>
            <dd className="inline">{q.companyName ?? '—'}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">CEP de entrega: </dt>
            <dd className="inline">{q.zipCode ? formatCep(q.zipCode) : 'não informado'}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Pedido em: </dt>
            <dd className="inline">{formatDateTimeBR(q.createdAt)}</dd>
          </div>
          {q.orderId ? (
            <div>
              <dt className="inline font-semibold">Pedido gerado: </dt>
              <dd className="inline">
                <Link to={`/admin/orders/${q.orderId}`} className="font-mono text-brand-700 underline dark:text-brand-200">
                  {shortOrderId(q.orderId)}
                </Link>
              </dd>
            </div>
          ) : null}
        </dl>
      </section>

      <section className={SECTION} aria-labelledby="resposta">
        <h2 id="resposta" className="text-lg font-bold">
          {open ? (q.status === 'new' ? 'Responder' : 'Alterar a resposta') : 'Resposta'}
        </h2>
        <p className={`mt-1 text-sm ${MUTED}`}>
          Preço de tabela dos itens: {formatBRL(q.listTotalCents)}.
          {q.totalCents !== null ? ` Total orçado: ${formatBRL(q.totalCents)}${q.freightCents !== null ? ' (com frete)' : ' (frete calculado na finalização)'}.` : ''}
          {q.validUntil ? ` Válido até ${formatDateBR(q.validUntil)}.` : ''}
        </p>
        {open ? (
          <Form method="post" className="mt-4 grid gap-4" noValidate>
            <input type="hidden" name="intent" value="answer" />
            <input type="hidden" name="version" value={q.version} />
            <QuoteLines
              items={q.items}
              caption="Itens do orçamento"
              priceCell={(item) => {
                const error = errors[`prices.${item.id}`];
                return (
                  <span className="inline-grid justify-items-end gap-1">
                    <input
                      type="text"
                      inputMode="decimal"
                      autoComplete="off"
                      name={`prices.${item.id}`}
                      aria-label={`Preço unitário de ${item.productName}${item.size ? ` (${item.size})` : ''} em R$`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `preco-${item.id}-erro` : undefined}
                      defaultValue={centsText(item.unitCents ?? item.listCents)}
                      className="h-10 w-28 rounded-md border border-slate-300 bg-white px-3 text-right text-base text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
                    />
                    {error ? (
                      <span id={`preco-${item.id}-erro`} className="text-xs text-red-700 dark:text-red-400">
                        {error}
                      </span>
                    ) : null}
                  </span>
                );
              }}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <DecimalField label="Frete em R$ (opcional)" name="freight" defaultValue={centsText(q.freightCents)} hint="Em branco: o frete normal da loja, calculado na finalização." error={errors.freight} />
              <Field label="Válido até (opcional)" name="validUntil" type="date" min={today} defaultValue={q.validUntil ?? ''} error={errors.validUntil} />
            </div>
            <TextareaField label="Mensagem ao cliente (opcional)" name="message" maxLength={2000} error={errors.message} />
            <div>
              <Button type="submit" disabled={busy}>
                {q.status === 'new' ? 'Enviar resposta' : 'Salvar nova resposta'}
              </Button>
            </div>
          </Form>
        ) : (
          <div className="mt-4">
            <QuoteLines items={q.items} caption="Itens do orçamento" />
          </div>
        )}
      </section>

      <section className={SECTION} aria-labelledby="conversa">
        <h2 id="conversa" className="text-lg font-bold">
          Conversa
        </h2>
        <div className="mt-3">
          <QuoteThread messages={q.messages} selfAuthor="admin" />
        </div>
        <Form method="post" className="mt-4 grid gap-3" noValidate>
          <input type="hidden" name="intent" value="message" />
          <TextareaField label="Nova mensagem" name="body" maxLength={2000} required error={errors.body} />
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
