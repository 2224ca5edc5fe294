// /orcamento/:id/pagar?versao=N — the checkout of an accepted orçamento (issue 35): the customer
// picks the address and the payment method as usual, but the lines and prices are the quote's
// (fixed, no subscriber or welcome discount on top), the freight the quoted one when given, else
// the store's for the address. The order is placed by the checkout flow with the quote, which
// checks it again under the quote's row lock (answered, not expired, the version seen, the
// requester or their company) and marks it accepted in the order's transaction.
import { useCallback, useEffect, useRef, useState } from 'react';
import { data, Link, redirect, useFetcher } from 'react-router';
import { ContractSummary } from '~/components/checkout/contract-summary';
import { InvoicedChoice } from '~/components/checkout/invoiced-choice';
import { DeliveryAddress, deliveryFields, initialDelivery, type DeliveryState } from '~/components/checkout/delivery-address';
import { MercadoPagoCard, type CardFormHandle } from '~/components/checkout/mercadopago-card';
import { methodChoices, TestModeNotice } from '~/components/checkout/payment-methods';
import { OrderTotals } from '~/components/order-totals';
import { QuoteLines } from '~/components/quote/quote-parts';
import { StateRegistrationFields, type StateRegistrationValue } from '~/components/state-registration-fields';
import { TaxIdInput } from '~/components/tax-id-input';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { toast } from '~/components/ui/toaster';
import { TERMS_MESSAGES } from '~/lib/contract';
import { formatDateBR } from '~/lib/dates';
import { formatBRL } from '~/lib/money';
import { METHOD_NAMES, type OfferedMethod } from '~/lib/payment-offer';
import { MAX_INSTALLMENTS, splitInstallments, type Totals } from '~/lib/pricing';
import { quoteNumber } from '~/lib/quotes';
import { INVOICED_METHOD, INVOICED_TERM_LABEL } from '~/lib/receivables';
import { useStoreSettings } from '~/lib/root-data';
import { deliveryFromForm, payNowSchema, quoteCepField } from '~/lib/schemas/checkout';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { isUuid } from '~/lib/schemas/ids';
import { formatTaxId, taxIdKind } from '~/lib/tax-id';
import type { ToastMessage } from '~/lib/toast';
import { listAddresses } from '~/server/account/addresses.server';
import { getProfile } from '~/server/account/profile.server';
import { getSessionUser } from '~/server/auth/session.server';
import { CheckoutError, checkoutTerms, placeOrder, quoteCart } from '~/server/flows/checkout.server';
import { getDb } from '~/server/infra/db.server';
import { getEnv } from '~/server/infra/env.server';
import { readForm } from '~/server/infra/http/body.server';
import { log } from '~/server/infra/log.server';
import { checkPayRateLimit, checkRateLimit } from '~/server/infra/rate-limit.server';
import { getPaymentProvider, paymentOfferFor } from '~/server/payments/provider.server';
import { agreedQuote, getCustomerQuote, QuoteError } from '~/server/quotes/quotes.server';
import { invoicedOfferFor } from '~/server/receivables/credit.server';
import type { Route } from './+types/quote-checkout';

export const meta: Route.MetaFunction = () => [{ title: 'Pagar orçamento | Clarear' }, { name: 'robots', content: 'noindex' }];

const NOT_FOUND = 'Orçamento não encontrado.';

function versionOf(request: Request): number | null {
  const v = Number(new URL(request.url).searchParams.get('versao'));
  return Number.isInteger(v) && v >= 0 ? v : null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const url = new URL(request.url);
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  if (!isUuid(params.id)) throw data(NOT_FOUND, 404);
  const db = await getDb();
  const quote = await getCustomerQuote(db, user.id, params.id);
  if (!quote) throw data(NOT_FOUND, 404);
  const version = versionOf(request) ?? quote.version;
  // The refusal (expired, changed, already accepted) is shown in place of the form.
  const refusal = await agreedQuote(db, user.id, params.id, version).then(
    () => null,
    (error: unknown) => {
      if (error instanceof QuoteError) return error.message;
      throw error;
    },
  );
  const [profile, addresses, terms, invoiced] = await Promise.all([getProfile(db, user.id), listAddresses(db, user.id), checkoutTerms(db, user.id), invoicedOfferFor(db, user.id)]);
  const key = getEnv().MERCADOPAGO_PUBLIC_KEY;
  return {
    quote: { id: quote.id, version, items: quote.items, freightCents: quote.freightCents, validUntil: quote.validUntil, status: quote.status },
    refusal,
    name: user.name,
    taxId: profile?.taxId ? formatTaxId(profile.taxId) : '',
    ie: { ieIndicator: profile?.ieIndicator ? String(profile.ieIndicator) : '', stateRegistration: profile?.stateRegistration ?? '' },
    addresses: addresses.map(({ id, name, street, number, complement, neighborhood, city, state, zipCode, isDefault }) => ({ id, name, street, number, complement, neighborhood, city, state, zipCode, isDefault })),
    payment: paymentOfferFor(),
    cardGateway: getPaymentProvider().tokenizesCards && key ? { publicKey: key } : null,
    terms,
    // A company approved for invoiced payment may pay a quote faturado too (its limit decided again under the lock).
    invoiced,
  };
}

type ActionResult =
  | { intent: 'preview'; totals: Totals | null; problem: string | null }
  | { intent: 'pay'; ok: true; orderId: string }
  | { intent: 'pay'; ok: false; errors?: FieldErrors; toast?: ToastMessage };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) return data<ActionResult>({ intent: 'pay', ok: false, toast: { title: 'Ação necessária', description: 'Entre na sua conta para continuar.', variant: 'destructive' } }, 401);
  if (!isUuid(params.id)) throw data(NOT_FOUND, 404);
  const form = Object.fromEntries(await readForm(request));
  const db = await getDb();
  const version = Number(form.version);
  if (!Number.isInteger(version)) return data<ActionResult>({ intent: 'pay', ok: false, toast: { title: 'Recarregue a página', description: 'Não foi possível ler o orçamento.', variant: 'destructive' } }, 400);
  try {
    if (form.intent === 'preview') {
      const limited = await checkRateLimit(request, 'quote');
      if (limited) return data<ActionResult>({ intent: 'preview', totals: null, problem: limited.message }, limited.init);
      const agreed = await agreedQuote(db, user.id, params.id, version);
      const cep = quoteCepField.safeParse(form.cep ?? '').data ?? null;
      const priced = await quoteCart(db, user.id, agreed.cart, null, { availability: false, agreed, freight: { cep } });
      return data<ActionResult>({ intent: 'preview', totals: cep ? priced.totals : null, problem: priced.freight?.problem ?? null });
    }
    const limited = await checkPayRateLimit(request, user.id);
    if (limited) return data<ActionResult>({ intent: 'pay', ok: false, toast: { title: 'Muitas tentativas', description: limited.message, variant: 'destructive' } }, limited.init);
    // The cart posted is the quote's own lines; the flow replaces it with the stored ones anyway.
    const agreed = await agreedQuote(db, user.id, params.id, version);
    const parsed = payNowSchema.safeParse({ ...form, intent: 'pay', cart: JSON.stringify(agreed.cart), deliveryFrequency: '0', delivery: deliveryFromForm(form) });
    if (!parsed.success) return data<ActionResult>({ intent: 'pay', ok: false, errors: fieldErrors(parsed.error) }, 400);
    const { orderId } = await placeOrder(db, user, { ...parsed.data, terms: { accepted: parsed.data.acceptTerms ?? null }, quote: { id: params.id, version } }, getPaymentProvider());
    return data<ActionResult>({ intent: 'pay', ok: true, orderId });
  } catch (error) {
    if (error instanceof QuoteError && error.status === 404) throw data(NOT_FOUND, 404);
    const message = error instanceof QuoteError || error instanceof CheckoutError ? error.message : null;
    if (!message) log.error('orçamento: falha ao pagar', error);
    const field = error instanceof CheckoutError ? error.field : undefined;
    return data<ActionResult>(
      {
        intent: 'pay',
        ok: false,
        errors: field && message ? { [field]: message } : undefined,
        toast: { title: 'Não foi possível concluir', description: message ?? 'Confira em Meus pedidos em alguns minutos antes de tentar de novo: nada é cobrado duas vezes.', variant: 'destructive' },
      },
      message ? 409 : 500,
    );
  }
}

const STAND_IN_CART = JSON.stringify([{ id: '00000000-0000-4000-8000-000000000000', product_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }]);

function installmentLabel(totalCents: number, n: number): string {
  const parts = splitInstallments(totalCents, n);
  if (n === 1) return `1x de ${formatBRL(parts[0]!)} (à vista)`;
  return `${n}x de ${formatBRL(parts.at(-1)!)} sem juros`;
}

export default function QuoteCheckout({ loaderData }: Route.ComponentProps) {
  const { quote, refusal, payment } = loaderData;
  const { seller } = useStoreSettings();
  const preview = useFetcher<ActionResult>();
  const pay = useFetcher<ActionResult>();
  const [delivery, setDelivery] = useState<DeliveryState>(() => initialDelivery(loaderData.addresses, loaderData.name));
  const [taxId, setTaxId] = useState(loaderData.taxId);
  const [ie, setIe] = useState<StateRegistrationValue>(loaderData.ie);
  const [method, setMethod] = useState<OfferedMethod | typeof INVOICED_METHOD>('pix');
  const fallbackMethod = payment.methods[0] ?? 'pix';
  const fallBackFromInvoiced = useCallback(() => setMethod(fallbackMethod), [fallbackMethod]);
  const [installments, setInstallments] = useState(1);
  const [accepted, setAccepted] = useState<number | null>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const cardForm = useRef<CardFormHandle>(null);
  const idempotencyKey = useRef('');
  const isCnpj = taxIdKind(taxId) === 'cnpj';

  useEffect(() => {
    idempotencyKey.current = crypto.randomUUID();
  }, []);
  const cep = (delivery.addressId === 'new' ? delivery.newAddress.zipCode : (loaderData.addresses.find((a) => a.id === delivery.addressId)?.zipCode ?? '')).replace(/\D/g, '');
  const submitPreview = preview.submit;
  useEffect(() => {
    if (refusal || cep.length !== 8) return;
    void submitPreview({ intent: 'preview', version: String(quote.version), cep }, { method: 'post' });
  }, [cep, refusal, quote.version, submitPreview]);

  const result = pay.data?.intent === 'pay' ? pay.data : null;
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      window.location.assign(`/pedido/${result.orderId}?novo=1`);
      return;
    }
    idempotencyKey.current = crypto.randomUUID();
    if (result.toast) toast(result.toast);
  }, [result]);

  const previewData = preview.data?.intent === 'preview' ? preview.data : null;
  const totals = cep.length === 8 ? (previewData?.totals ?? null) : null;
  const goodsCents = quote.items.reduce((sum, i) => sum + (i.unitCents ?? 0) * i.quantity, 0);
  const errors = { ...(result && !result.ok ? result.errors : {}), ...clientErrors };
  const terms = loaderData.terms;
  const termsTicked = terms.version !== null && accepted === terms.version;
  const busy = pay.state !== 'idle';

  async function submit() {
    const values: Record<string, string> = {
      intent: 'pay',
      version: String(quote.version),
      idempotencyKey: idempotencyKey.current,
      paymentMethod: method,
      installments: String(method === 'credit_card' ? installments : 1),
      taxId,
      ...(isCnpj ? { ieIndicator: ie.ieIndicator, stateRegistration: ie.ieIndicator === '1' ? ie.stateRegistration : '' } : {}),
      ...deliveryFields(delivery),
      ...(totals ? { expectedTotalCents: String(totals.totalCents), expectedShippingCents: String(totals.shippingCents) } : {}),
      ...(terms.required && termsTicked ? { acceptTerms: String(terms.version) } : {}),
    };
    // The fields checked as the action will; the cart is the quote's own, added by the server (a stand-in here).
    const parsed = payNowSchema.safeParse({ ...values, cart: STAND_IN_CART, deliveryFrequency: '0', delivery: deliveryFromForm(values) });
    const termsMissing = terms.required && !termsTicked;
    if (!parsed.success || termsMissing) {
      setClientErrors({ ...(parsed.success ? {} : fieldErrors(parsed.error)), ...(termsMissing ? { acceptTerms: TERMS_MESSAGES[terms.changed ? 'changed' : 'missing'] } : {}) });
      return;
    }
    let card = {};
    if (method === 'credit_card' && loaderData.cardGateway) {
      const tokenized = await cardForm.current?.tokenize(taxId);
      if (!tokenized?.ok) {
        setClientErrors({ card: tokenized?.message ?? 'Preencha os dados do cartão.' });
        return;
      }
      card = { cardToken: tokenized.cardToken, cardPaymentMethodId: tokenized.cardPaymentMethodId, cardIssuerId: tokenized.cardIssuerId };
    }
    setClientErrors({});
    void pay.submit({ ...values, ...card }, { method: 'post' });
  }

  return (
    <div className="mx-auto grid min-h-svh max-w-6xl content-start gap-8 px-4 py-10 lg:grid-cols-[1fr_24rem]">
      <section aria-labelledby="orcamento-itens">
        <h1 id="orcamento-itens" className="text-3xl font-bold">
          Pagar o orçamento {quoteNumber(quote.id)}
        </h1>
        <TestModeNotice offer={payment} className="mt-4" />
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          Os itens e preços são os do orçamento e não podem ser alterados aqui. Nenhum outro desconto (de assinante ou de boas-vindas) se aplica sobre o preço orçado.
          {quote.validUntil ? ` Válido até ${formatDateBR(quote.validUntil)}.` : ''}
        </p>
        <div className="mt-4">
          <QuoteLines items={quote.items} caption="Itens do orçamento" />
        </div>
        <p className="mt-3 text-sm">
          <Link to={`/area-cliente/orcamentos/${quote.id}`} className="font-semibold text-brand-700 underline dark:text-brand-200">
            Voltar ao orçamento
          </Link>
        </p>
      </section>

      <section aria-labelledby="pagamento" className="grid content-start gap-5 rounded-xl border border-slate-200 p-5 dark:border-slate-800">
        <h2 id="pagamento" className="text-xl font-bold">
          Pagamento
        </h2>
        {refusal ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-950 dark:border-red-700 dark:bg-red-950 dark:text-red-100" data-testid="quote-refusal">
            {refusal}
          </p>
        ) : (
          <>
            <OrderTotals
              totals={totals ?? { subtotalCents: goodsCents, discountCents: 0, discountKind: null, shippingCents: quote.freightCents ?? 0, totalCents: goodsCents + (quote.freightCents ?? 0) }}
              busy={preview.state !== 'idle'}
              totalTestId="quote-checkout-total"
              shippingNote={totals ? (previewData?.problem ?? null) : quote.freightCents === null ? 'Informe o endereço' : null}
            />
            <p className="text-xs text-slate-600 dark:text-slate-400">{quote.freightCents !== null ? 'Frete combinado no orçamento.' : 'Frete da loja para o endereço de entrega (o serviço mais barato).'}</p>
            <DeliveryAddress addresses={loaderData.addresses} value={delivery} onChange={setDelivery} errors={errors} />
            <TaxIdInput id="documento" value={taxId} onValueChange={setTaxId} error={errors.taxId} />
            {isCnpj ? <StateRegistrationFields value={ie} onChange={setIe} errors={errors} /> : null}
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-semibold">Forma de pagamento</legend>
              {methodChoices(payment, `Até ${MAX_INSTALLMENTS}x sem juros`).map(({ value, label, hint }) => (
                <label key={value} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:bg-slate-800">
                  <input type="radio" name="paymentMethod" value={value} checked={method === value} onChange={() => setMethod(value)} className="accent-brand-700" />
                  <span>
                    <span className="font-semibold">{label}</span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">{hint}</span>
                  </span>
                </label>
              ))}
              {loaderData.invoiced ? <InvoicedChoice offer={loaderData.invoiced} totalCents={totals?.totalCents ?? null} hasPlan={false} checked={method === INVOICED_METHOD} onSelect={() => setMethod(INVOICED_METHOD)} onRefused={fallBackFromInvoiced} /> : null}
            </fieldset>
            {method === 'credit_card' ? (
              <div className="grid gap-1.5">
                <Label htmlFor="parcelas">Parcelas</Label>
                <select id="parcelas" value={installments} onChange={(e) => setInstallments(Number(e.target.value))} className="h-10 rounded-md border border-slate-300 bg-white px-3 dark:border-slate-600 dark:bg-slate-900">
                  {Array.from({ length: MAX_INSTALLMENTS }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {installmentLabel(totals?.totalCents ?? goodsCents, n)}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            {method === 'credit_card' && loaderData.cardGateway ? <MercadoPagoCard publicKey={loaderData.cardGateway.publicKey} ref={cardForm} error={errors.card} /> : null}
            <ContractSummary
              seller={seller}
              lines={quote.items.map((i) => ({ key: i.id, name: i.productName, size: i.size, quantity: i.quantity, unitCents: i.unitCents ?? 0 }))}
              parcels={[]}
              totalCents={totals?.totalCents ?? null}
              payment={method === 'credit_card' ? `${METHOD_NAMES.credit_card}: ${installmentLabel(totals?.totalCents ?? goodsCents, installments)}` : method === INVOICED_METHOD ? INVOICED_TERM_LABEL(loaderData.invoiced?.termDays ?? 28) : `${METHOD_NAMES[method]}, à vista`}
              hasPlan={false}
              terms={terms}
              accepted={termsTicked}
              onAcceptedChange={(ticked) => setAccepted(ticked ? terms.version : null)}
              error={termsTicked ? undefined : errors.acceptTerms}
            />
            <Button size="lg" onClick={() => void submit()} disabled={busy || !totals || Boolean(previewData?.problem)}>
              {busy ? 'Processando...' : 'Pagar Agora'}
            </Button>
          </>
        )}
      </section>
    </div>
  );
}
