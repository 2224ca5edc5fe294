import { Minus, Plus, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { data, Link, useFetcher, useNavigate, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { z } from 'zod';
import { OrderTotals } from '~/components/order-totals';
import { Button, buttonVariants } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { TaxIdInput } from '~/components/tax-id-input';
import { StateRegistrationFields, type StateRegistrationValue } from '~/components/state-registration-fields';
import { DeliveryAddress, deliveryFields, initialDelivery, type DeliveryState, type SavedAddress } from '~/components/checkout/delivery-address';
import { FreightChoice } from '~/components/checkout/freight-choice';
import { QuoteRequest } from '~/components/checkout/quote-request';
import { CouponField } from '~/components/checkout/coupon-field';
import { rememberCoupon, rememberedCoupon } from '~/lib/remembered-coupon';
import { Field } from '~/components/ui/field';
import { formatCep } from '~/lib/cep';
import type { FreightChoices } from '~/lib/freight';
import { rememberCep, rememberedCep } from '~/lib/remembered-cep';
import { cartStockNote } from '~/lib/stock';
import { listAddresses } from '~/server/account/addresses.server';
import { companyOfUser } from '~/server/companies/membership.server';
import { getProfile } from '~/server/account/profile.server';
import { toast } from '~/components/ui/toaster';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { cartStore, useCart } from '~/lib/cart-store';
import type { CartItem } from '~/lib/cart';
import { centsToDecimal, formatBRL, formatPrice, toCents } from '~/lib/money';
import { appliedTierNote, nextTierHint, tierFor, unitPriceFor, VOLUME_DISCOUNT_RULE } from '~/lib/volume-price';
import { tiersInCents } from '~/components/product/volume-prices';
import { SUBSCRIBER_DISCOUNT_PERCENT, WELCOME_DISCOUNT_PERCENT } from '~/lib/discounts';
import { DELIVERY_MONTHS } from '~/lib/plans';
import { MAX_INSTALLMENTS, splitInstallments } from '~/lib/pricing';
import { useRootData, useStoreSettings } from '~/lib/root-data';
import { deliveryFromForm, payNowSchema, quoteSchema, taxIdSchema } from '~/lib/schemas/checkout';
import { PURCHASE_ORDER_LABEL, PURCHASE_ORDER_MAX } from '~/lib/schemas/purchase-order';
import { originFromMatches, seo } from '~/lib/seo';
import { displayTaxId, formatTaxId, taxIdKind } from '~/lib/tax-id';
import type { ToastMessage } from '~/lib/toast';
import {
  CardDeclinesError,
  CheckoutError,
  checkoutTerms,
  placeOrder,
  quoteCart,
  TermsNotAcceptedError,
  UnpaidOrdersError,
  WelcomeUsedError,
  type CheckoutTerms,
  type Quote,
} from '~/server/flows/checkout.server';
import { getDb } from '~/server/infra/db.server';
import { checkPayRateLimit, checkRateLimit } from '~/server/infra/rate-limit.server';
import { formatDateBR } from '~/lib/dates';
import { shortOrderId } from '~/lib/order-status';
import { getPaymentProvider, paymentOfferFor } from '~/server/payments/provider.server';
import { getEnv } from '~/server/infra/env.server';
import { MercadoPagoCard, type CardFormHandle } from '~/components/checkout/mercadopago-card';
import { methodChoices, TestModeNotice } from '~/components/checkout/payment-methods';
import { InvoicedCartNote, InvoicedChoice } from '~/components/checkout/invoiced-choice';
import { INVOICED_METHOD, INVOICED_TERM_LABEL } from '~/lib/receivables';
import { invoicedOfferFor } from '~/server/receivables/credit.server';
import { ContractSummary } from '~/components/checkout/contract-summary';
import { TERMS_MESSAGES } from '~/lib/contract';
import { METHOD_NAMES, type OfferedMethod } from '~/lib/payment-offer';
import { getSessionUser } from '~/server/auth/session.server';
import { readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/checkout';
import { log } from '~/server/infra/log.server';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({ title: 'Finalizar compra', path: '/checkout', origin: originFromMatches(matches) }),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const cardGateway = cardGatewayKey();
  // Only the methods the store really receives with now; the action refuses any other.
  const payment = paymentOfferFor();
  const db = await getDb();
  if (!user) return { signedIn: false, taxId: '', ie: NO_IE, name: '', addresses: [] as SavedAddress[], cardGateway, payment, terms: await checkoutTerms(db, null), invoiced: null, company: null };
  const [profile, addresses, terms, invoiced, company] = await Promise.all([getProfile(db, user.id), listAddresses(db, user.id), checkoutTerms(db, user.id), invoicedOfferFor(db, user.id), companyOfUser(db, user.id)]);
  return {
    signedIn: true,
    // A company's member buys for it (issue 35): its CNPJ and IE, fixed (the server uses them whatever is posted).
    taxId: company ? formatTaxId(company.taxId) : profile?.taxId ? formatTaxId(profile.taxId) : '',
    // The CNPJ's IE kept on the profile from the last purchase (or Meus Dados).
    ie: company
      ? { ieIndicator: String(company.ieIndicator), stateRegistration: company.stateRegistration ?? '' }
      : { ieIndicator: profile?.ieIndicator ? String(profile.ieIndicator) : '', stateRegistration: profile?.stateRegistration ?? '' },
    company: company ? { legalName: company.legalName, taxId: displayTaxId(company.taxId) } : null,
    name: user.name,
    // Only what the delivery choice shows.
    addresses: addresses.map(({ id, name, street, number, complement, neighborhood, city, state, zipCode, isDefault }) => ({ id, name, street, number, complement, neighborhood, city, state, zipCode, isDefault })),
    cardGateway,
    payment,
    // Whether "Li e aceito os Termos de Uso" is asked (issue 32): only where they changed since the last purchase.
    terms,
    // A member of a company approved for invoiced payment (issue 35): its term, open limit and the minimum.
    invoiced,
  };
}

const NO_IE: StateRegistrationValue = { ieIndicator: '', stateRegistration: '' };

/** The gateway's browser key when a gateway takes cards here (its card form replaces the built-in one). */
function cardGatewayKey(): { publicKey: string } | null {
  const key = getEnv().MERCADOPAGO_PUBLIC_KEY;
  return getPaymentProvider().tokenizesCards && key ? { publicKey: key } : null;
}

type ActionResult =
  | { intent: 'quote'; quote: Quote | null; message?: string }
  | { intent: 'pay'; ok: true; orderId: string }
  | { intent: 'pay'; ok: false; errors?: FieldErrors; toast?: ToastMessage; quote?: Quote; login?: boolean; openOrders?: OpenOrderLink[]; terms?: CheckoutTerms };

/** An order awaiting payment, as the refusal of a fourth one links to it. */
type OpenOrderLink = { href: string; label: string };

const STEP_TITLES = {
  subscription: 'Erro ao criar assinatura',
  order: 'Erro ao criar pedido',
  items: 'Erro ao salvar itens do pedido',
  payment: 'Pagamento não aprovado',
  stock: 'Estoque insuficiente',
  delivery: 'Endereço de entrega',
  cart: 'Carrinho atualizado',
  terms: 'Termos de Uso',
} as const;

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const db = await getDb();
  const user = await getSessionUser(request);

  if (form.intent === 'quote') {
    const parsed = quoteSchema.safeParse(form);
    if (!parsed.success) return data<ActionResult>({ intent: 'quote', quote: null, message: cartError(parsed.error) ?? CART_REFUSED }, 400);
    const limited = await checkRateLimit(request, 'quote');
    if (limited) return data<ActionResult>({ intent: 'quote', quote: null, message: limited.message }, limited.init);
    const { cart, taxId, cep, freight, coupon } = parsed.data;
    return data<ActionResult>({ intent: 'quote', quote: await quoteCart(db, user?.id ?? null, cart, taxId, { freight: { cep: cep ?? null, choices: freight }, coupon }) });
  }

  if (!user) {
    return data<ActionResult>(
      { intent: 'pay', ok: false, login: true, toast: { title: 'Ação necessária', description: 'Por favor, faça login para finalizar a compra.', variant: 'destructive' } },
      401,
    );
  }
  // Every press counts, per address and per customer: each places an order or calls the gateway.
  const limited = await checkPayRateLimit(request, user.id);
  if (limited) return data<ActionResult>({ intent: 'pay', ok: false, toast: { title: 'Muitas tentativas', description: limited.message, variant: 'destructive' } }, limited.init);
  const parsed = payNowSchema.safeParse({ ...form, delivery: deliveryFromForm(form) });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    // The cart has no field of its own on the page: its problem is told in a toast.
    const cart = cartError(parsed.error);
    const toastMessage: ToastMessage | undefined = cart ? { title: 'Carrinho inválido', description: cart, variant: 'destructive' } : undefined;
    return data<ActionResult>({ intent: 'pay', ok: false, errors, toast: toastMessage }, 400);
  }
  try {
    // The confirmation e-mail is queued with the order and sent after the commit.
    // The version ticked is checked against the one in force in the order's transaction.
    const { orderId } = await placeOrder(db, user, { ...parsed.data, terms: { accepted: parsed.data.acceptTerms ?? null } }, getPaymentProvider());
    return data<ActionResult>({ intent: 'pay', ok: true, orderId });
  } catch (error) {
    if (error instanceof CheckoutError) {
      const refused = error.step === 'cart' || error.step === 'delivery' || error.step === 'terms' || (error.step === 'stock' && error.shortages.length > 0);
      if (!refused && error.step !== 'payment') log.error(`checkout: falha em ${error.step}`, error.cause);
      // The welcome decided for the CPF/CNPJ only after the order was refused for it: its new total is shown before any charge.
      const quote =
        error.step === 'cart' || error.step === 'stock'
          ? await quoteCart(db, user.id, parsed.data.cart, parsed.data.taxId, {
              decideWelcome: error instanceof WelcomeUsedError,
              freight: { cep: await quotedCep(user.id, parsed.data.delivery), choices: parsed.data.freight },
              coupon: parsed.data.coupon,
            })
          : undefined;
      const openOrders =
        error instanceof UnpaidOrdersError
          ? error.openOrders.map((o) => ({ href: `/pedido/${o.id}`, label: `Pedido #${shortOrderId(o.id)} de ${formatDateBR(o.createdAt)} — ${formatPrice(o.totalPrice)}` }))
          : undefined;
      // A declined card: nothing was charged, the order was cancelled; the same cart can pay again.
      return data<ActionResult>(
        {
          intent: 'pay',
          ok: false,
          quote,
          openOrders,
          // The Termos as they are now: the box appears (again) for the version in force, everything typed stays.
          terms: error instanceof TermsNotAcceptedError ? error.terms : undefined,
          errors: error.field ? { [error.field]: error.message } : undefined,
          toast: { title: STEP_TITLES[error.step], description: error.message, variant: 'destructive' },
        },
        error instanceof CardDeclinesError ? 429 : error.step === 'payment' ? 402 : refused ? 409 : 500,
      );
    }
    log.error('checkout: falha inesperada', error);
    return data<ActionResult>(
      {
        intent: 'pay',
        ok: false,
        // The order may exist and its charge be under way: never "nothing was charged" here. Nothing is ever charged twice.
        toast: { title: 'Erro ao concluir a compra', description: 'Confira em Meus pedidos em alguns minutos antes de tentar de novo: um pagamento feito aparece lá, e nada é cobrado duas vezes.', variant: 'destructive' },
      },
      500,
    );
  }
}

/**
 * This page's data (CPF/CNPJ, saved addresses) is not changed by a quote, nor worth reloading
 * after a paid order (the page leaves for the order's own page): neither re-runs the loader.
 */
export function shouldRevalidate({ formData, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get('intent');
  if (intent === 'quote') return false;
  const result = actionResult as ActionResult | undefined;
  if (intent === 'pay' && result?.intent === 'pay' && result.ok) return false;
  return defaultShouldRevalidate;
}

const CART_REFUSED = 'Não foi possível ler o carrinho. Recarregue a página e tente novamente.';

/** The delivery CEP of a refused payment, to show the freight again with the new totals. */
async function quotedCep(userId: string, delivery: { kind: 'new'; address: { zipCode: string } } | { kind: 'saved'; addressId: string }): Promise<string | null> {
  if (delivery.kind === 'new') return delivery.address.zipCode;
  const saved = (await listAddresses(await getDb(), userId)).find((a) => a.id === delivery.addressId);
  return saved?.zipCode ?? null;
}

/** The CEP the page quotes freight for: the chosen address's, the one being typed, or (signed out) the one typed to calculate. */
function cepOf(delivery: DeliveryState, addresses: SavedAddress[], signedIn: boolean, visitorCep: string): string {
  if (!signedIn) return visitorCep.replace(/\D/g, '');
  if (delivery.addressId === 'new') return delivery.newAddress.zipCode.replace(/\D/g, '');
  return addresses.find((a) => a.id === delivery.addressId)?.zipCode ?? '';
}

/** The first message about the posted cart, if the cart is what was refused. */
function cartError(error: z.ZodError): string | undefined {
  return error.issues.find((issue) => issue.path[0] === 'cart')?.message;
}

/** What the server sees of the cart: ids and quantities, never prices. */
function cartPayload(cart: readonly CartItem[]): string {
  return JSON.stringify(cart.map(({ id, product_id, quantity, is_subscription, frequency }) => ({ id, product_id, quantity, is_subscription, frequency })));
}

/**
 * A cart line's unit price: the server's for the quantity it quoted; while a new quantity is being
 * quoted, the preview by the size's tiers (lib/volume-price). The server's quote is what is charged.
 */
function cartUnitCents(item: CartItem, line: Quote['lines'][number] | undefined): number {
  if (line && line.quantity === item.quantity) return line.unitCents;
  return unitPriceFor(toCents(item.price), tiersInCents(item.tiers), item.quantity);
}

/** Brings the stored cart in line with the server's prices; returns what changed, in pt-BR. */
function reconcile(cart: readonly CartItem[], quote: Quote): { next: CartItem[]; notices: string[] } {
  const notices: string[] = [];
  const next: CartItem[] = [];
  for (const item of cart) {
    if (quote.removed.includes(item.id)) {
      notices.push(`${item.name} não está mais disponível e saiu do carrinho.`);
      continue;
    }
    const line = quote.lines.find((l) => l.id === item.id);
    if (!line) continue;
    let shown: number | null = null;
    try {
      shown = toCents(item.price);
    } catch {
      shown = null;
    }
    // The cart keeps a size's own price and its tiers (volume prices); a tier reached is no price change.
    const listCents = line.listUnitCents ?? line.unitCents;
    if (shown !== listCents) {
      notices.push(`O preço de ${line.name} é ${formatBRL(listCents)}.`);
    }
    const tiers = line.tiers?.map((t) => ({ minQuantity: t.minQuantity, price: centsToDecimal(t.priceCents) }));
    next.push({ ...item, name: line.name, price: centsToDecimal(listCents), size: line.size ?? item.size ?? null, ...(tiers?.length ? { tiers } : { tiers: undefined }) });
  }
  return { next, notices };
}

function installmentLabel(totalCents: number, n: number): string {
  const parts = splitInstallments(totalCents, n);
  const [first, last] = [parts[0]!, parts.at(-1)!];
  if (n === 1) return `1x de ${formatBRL(first)} (à vista)`;
  return first === last
    ? `${n}x de ${formatBRL(first)} sem juros`
    : `${n}x de ${formatBRL(last)} sem juros (1ª parcela ${formatBRL(first)})`;
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const { seller } = useStoreSettings();
  const cart = useCart();
  const navigate = useNavigate();
  const quoteFetcher = useFetcher<ActionResult>();
  const payFetcher = useFetcher<ActionResult>();
  const [hydrated, setHydrated] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [notices, setNotices] = useState<string[]>([]);
  const [method, setMethod] = useState<OfferedMethod | typeof INVOICED_METHOD>('pix');
  const fallbackMethod = loaderData.payment.methods[0] ?? 'pix';
  const fallBackFromInvoiced = useCallback(() => setMethod(fallbackMethod), [fallbackMethod]);
  const [installments, setInstallments] = useState(1);
  const [frequency, setFrequency] = useState(1);
  const [taxId, setTaxId] = useState(loaderData.taxId);
  const [ie, setIe] = useState<StateRegistrationValue>(loaderData.ie);
  const [purchaseOrder, setPurchaseOrder] = useState('');
  const isCnpj = taxIdKind(taxId) === 'cnpj';
  const [delivery, setDelivery] = useState<DeliveryState>(() => initialDelivery(loaderData.addresses, loaderData.name));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const idempotencyKey = useRef<string>('');
  const cardForm = useRef<CardFormHandle>(null);
  const [tokenizing, setTokenizing] = useState(false);
  // The version of the Termos de Uso ticked: a newer one in force unticks the box by itself.
  const [acceptedTerms, setAcceptedTerms] = useState<number | null>(null);
  const [termsNow, setTermsNow] = useState<CheckoutTerms | null>(null);
  const [freightChoices, setFreightChoices] = useState<FreightChoices>({});
  const [visitorCep, setVisitorCep] = useState('');
  // "Cupom de desconto" (issue 36): the code applied, kept for this tab and in the address.
  const [coupon, setCoupon] = useState<string | null>(null);
  const applyCoupon = useCallback((code: string | null) => {
    setCoupon(code);
    rememberCoupon(code);
  }, []);

  useEffect(() => {
    setHydrated(true);
    idempotencyKey.current = crypto.randomUUID();
    setVisitorCep(formatCep(rememberedCep()));
    setCoupon(rememberedCoupon(window.location.search));
  }, []);

  // Ask the server for current prices whenever the cart's lines change, or a
  // complete CPF/CNPJ is typed (the welcome offer depends on it).
  const payload = useMemo(() => cartPayload(cart), [cart]);
  const quotedTaxId = taxIdSchema.safeParse(taxId).data ?? '';
  // The freight follows the delivery CEP and the service picked per parcel.
  const cepDigits = cepOf(delivery, loaderData.addresses, loaderData.signedIn, visitorCep);
  const quotedCep = cepDigits.length === 8 ? cepDigits : '';
  const choicesPayload = JSON.stringify(freightChoices);
  const submitQuote = quoteFetcher.submit;
  useEffect(() => {
    if (!hydrated || cart.length === 0) return;
    void submitQuote({ intent: 'quote', cart: payload, taxId: quotedTaxId, cep: quotedCep, freight: choicesPayload, coupon: coupon ?? '' }, { method: 'post' });
  }, [payload, quotedTaxId, quotedCep, choicesPayload, coupon, hydrated, cart.length, submitQuote]);
  // The delivery CEP (the default address's, for a signed-in customer) is the one the product pages quote next.
  useEffect(() => {
    if (hydrated && quotedCep) rememberCep(quotedCep);
  }, [hydrated, quotedCep]);

  const quoteResult = quoteFetcher.data?.intent === 'quote' ? quoteFetcher.data.quote : null;
  const quoteRefused = quoteFetcher.data?.intent === 'quote' ? quoteFetcher.data.message : undefined;
  useEffect(() => {
    if (quoteRefused) toast({ title: 'Não foi possível atualizar os preços', description: quoteRefused, variant: 'destructive' });
  }, [quoteFetcher.data, quoteRefused]);
  const payResult = payFetcher.data?.intent === 'pay' ? payFetcher.data : null;
  const quote = (payResult && !payResult.ok && payResult.quote) || quoteResult;

  // The services the totals use (the cheapest until the customer picks): posted back with the next quote and the payment.
  const quotedChoices = quote?.freight ? JSON.stringify(quote.freight.chosen) : null;
  useEffect(() => {
    if (quotedChoices && quotedChoices !== choicesPayload) setFreightChoices(JSON.parse(quotedChoices) as FreightChoices);
    // Only a new answer moves the choices; the customer's own pick is posted first.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quotedChoices]);

  useEffect(() => {
    if (!quote) return;
    const { next, notices: changed } = reconcile(cartStore.get(), quote);
    if (changed.length > 0) {
      setNotices(changed);
      cartStore.replace(next);
    }
  }, [quote]);

  useEffect(() => {
    if (!payResult) return;
    if (payResult.ok) {
      // A full page load of the confirmation, which shows the success toast for '?novo=1'.
      setLeaving(true);
      cartStore.clear();
      rememberCoupon(null);
      window.location.assign(`/pedido/${payResult.orderId}?novo=1`);
      return;
    }
    // A refused attempt is over (a declined card cancelled its order): the next click is a new attempt.
    idempotencyKey.current = crypto.randomUUID();
    if (payResult.terms) setTermsNow(payResult.terms);
    if (payResult.toast) toast(payResult.toast);
    if (payResult.login) void navigate('/login?redirectTo=%2Fcheckout');
  }, [payResult, navigate]);

  const serverTotals = quote?.totals;
  const hasPlan = cart.some((l) => l.is_subscription);
  const isSubscriber = quote?.isSubscriber ?? root?.isSubscriber ?? false;
  const showFrequency = isSubscriber && !hasPlan;
  const pending = quoteFetcher.state !== 'idle';
  const paying = payFetcher.state !== 'idle' || tokenizing;
  const errors = { ...(payResult && !payResult.ok ? payResult.errors : {}), ...clientErrors };
  // A refusal for the Termos brings them as they are now; kept through later refusals (a stock or welcome one).
  const terms = termsNow && (termsNow.version ?? 0) >= (loaderData.terms.version ?? 0) ? termsNow : loaderData.terms;
  const termsTicked = terms.version !== null && acceptedTerms === terms.version;

  async function payNow() {
    if (!loaderData.signedIn) {
      toast({ title: 'Ação necessária', description: 'Por favor, faça login para finalizar a compra.', variant: 'destructive' });
      void navigate('/login?redirectTo=%2Fcheckout');
      return;
    }
    const values = {
      intent: 'pay',
      cart: payload,
      idempotencyKey: idempotencyKey.current,
      paymentMethod: method,
      installments: String(method === 'credit_card' ? installments : 1),
      deliveryFrequency: String(method === INVOICED_METHOD ? 0 : frequency),
      taxId,
      // Only with a CNPJ: a CPF's order records no IE.
      ...(isCnpj ? { ieIndicator: ie.ieIndicator, stateRegistration: ie.ieIndicator === '1' ? ie.stateRegistration : '', purchaseOrder } : {}),
      ...deliveryFields(delivery),
      ...(serverTotals ? { expectedTotalCents: String(serverTotals.totalCents), expectedShippingCents: String(serverTotals.shippingCents) } : {}),
      ...(quote?.freight?.quote ? { freight: choicesPayload } : {}),
      ...(terms.required && termsTicked ? { acceptTerms: String(terms.version) } : {}),
      ...(coupon ? { coupon } : {}),
    };
    const parsed = payNowSchema.safeParse({ ...values, delivery: deliveryFromForm(values) });
    const termsMissing = terms.required && !termsTicked;
    if (!parsed.success || termsMissing) {
      setClientErrors({ ...(parsed.success ? {} : fieldErrors(parsed.error)), ...(termsMissing ? { acceptTerms: TERMS_MESSAGES[terms.changed ? 'changed' : 'missing'] } : {}) });
      return;
    }
    // With the gateway, the card becomes a one-time token in the browser before anything is sent.
    let card = {};
    if (method === 'credit_card' && loaderData.cardGateway) {
      setTokenizing(true);
      const result = await cardForm.current?.tokenize(taxId);
      setTokenizing(false);
      if (!result?.ok) {
        setClientErrors({ card: result?.message ?? 'Preencha os dados do cartão.' });
        return;
      }
      card = { cardToken: result.cardToken, cardPaymentMethodId: result.cardPaymentMethodId, cardIssuerId: result.cardIssuerId };
    }
    setClientErrors({});
    void payFetcher.submit({ ...values, ...card }, { method: 'post' });
  }

  // The cart lives in the browser: the server sends this placeholder, and the cart or its empty state
  // replaces it once scripts run. All three fill the screen, so the footer starts below the fold and
  // the swap moves nothing in view (a layout shift of 0.27 on desktop when the footer jumped); the
  // same padding keeps the heading in place.
  if (!hydrated || leaving) {
    return (
      <div className="mx-auto min-h-svh max-w-5xl px-4 py-10">
        <h1 className="text-3xl font-bold">Carrinho</h1>
        <TestModeNotice offer={loaderData.payment} className="mt-4" />
        <p className="mt-6 text-slate-700 dark:text-slate-300" role="status">
          {leaving ? 'Compra realizada! Abrindo seu pedido...' : 'Carregando seu carrinho...'}
        </p>
      </div>
    );
  }

  if (cart.length === 0) {
    return (
      <div className="mx-auto min-h-svh max-w-5xl px-4 py-10 text-center">
        <h1 className="text-3xl font-bold">Carrinho</h1>
        <TestModeNotice offer={loaderData.payment} className="mx-auto mt-4 max-w-md justify-center" />
        <p className="mt-6 text-lg">Seu carrinho está vazio.</p>
        <Link to="/produtos" className={`${buttonVariants({ size: 'lg' })} mt-6`}>
          Ver produtos
        </Link>
      </div>
    );
  }

  const totalCents = serverTotals?.totalCents ?? 0;
  const freight = quote?.freight ?? null;
  // Before a CEP the freight is unknown, unless every order ships free anywhere (the seeded store).
  const shippingNote = freight && !freight.quote ? (freight.freeEverywhere ? null : 'Informe o CEP') : freight?.problem ? 'Indisponível' : null;
  const itemNames = Object.fromEntries((quote?.lines ?? []).map((l) => [l.id, l.size ? `${l.name} (${l.size})` : l.name]));

  return (
    <div className="mx-auto grid min-h-svh max-w-6xl content-start gap-8 px-4 py-10 lg:grid-cols-[1fr_24rem]">
      <section aria-labelledby="resumo">
        <div className="flex items-center justify-between">
          <h1 id="resumo" className="text-3xl font-bold">
            Carrinho
          </h1>
          <Button variant="ghost" size="sm" onClick={() => cartStore.clear()}>
            <Trash2 className="h-4 w-4" aria-hidden /> Esvaziar carrinho
          </Button>
        </div>
        <TestModeNotice offer={loaderData.payment} className="mt-4" />
        {notices.length > 0 ? (
          <div role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            <p className="font-semibold">Atualizamos seu carrinho com os preços atuais:</p>
            <ul className="mt-1 list-disc pl-5 text-sm">
              {notices.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {cart.map((item) => {
            const line = quote?.lines.find((l) => l.id === item.id);
            const unitCents = cartUnitCents(item, line);
            const itemTiers = tiersInCents(item.tiers);
            const tierNote = itemTiers.length ? appliedTierNote(tierFor(toCents(item.price), itemTiers, item.quantity)) : null;
            const tierHint = itemTiers.length ? nextTierHint(itemTiers, item.quantity) : null;
            return (
              <li key={item.id} className="flex flex-wrap items-center gap-4 p-4" data-testid="cart-line">
                <img src={item.image_url ?? '/images/products/placeholder.svg'} alt="" width={64} height={64} className="h-16 w-16 rounded bg-slate-100 object-contain dark:bg-slate-800" />
                <div className="min-w-40 flex-1">
                  <p className="font-semibold">{line?.name ?? item.name}</p>
                  {item.size ? <p className="text-sm text-slate-600 dark:text-slate-400">{item.size}</p> : null}
                  <p className="text-sm" data-testid="cart-unit-price">{formatBRL(unitCents)} cada</p>
                  {tierNote ? <p className="text-sm font-semibold text-brand-800 dark:text-brand-200" data-testid="applied-tier">{tierNote}</p> : null}
                  {tierHint ? <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="next-tier">{tierHint}</p> : null}
                  <StockNote available={line?.available ?? null} quantity={item.quantity} />
                </div>
                {item.is_subscription ? (
                  <p className="text-sm text-slate-600 dark:text-slate-400">Assinatura</p>
                ) : (
                  <div className="flex items-center gap-1" role="group" aria-label={`Quantidade de ${item.name}`}>
                    <Button variant="outline" size="icon" aria-label={`Diminuir quantidade de ${item.name}`} onClick={() => cartStore.updateQuantity(item.id, item.quantity - 1)}>
                      <Minus className="h-4 w-4" aria-hidden />
                    </Button>
                    <span className="w-8 text-center font-semibold" aria-live="polite">
                      {item.quantity}
                    </span>
                    <Button variant="outline" size="icon" aria-label={`Aumentar quantidade de ${item.name}`} onClick={() => cartStore.updateQuantity(item.id, item.quantity + 1)}>
                      <Plus className="h-4 w-4" aria-hidden />
                    </Button>
                  </div>
                )}
                <p className="w-28 text-right font-semibold">{formatBRL(unitCents * item.quantity)}</p>
                <Button variant="ghost" size="icon" aria-label={`Remover ${item.name}`} onClick={() => cartStore.remove(item.id)}>
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
        {cart.some((item) => item.tiers?.length) ? (
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="volume-rule">
            {VOLUME_DISCOUNT_RULE}
          </p>
        ) : null}
        <QuoteRequest cart={cart} cep={quotedCep} />
        {loaderData.invoiced ? <InvoicedCartNote offer={loaderData.invoiced} /> : null}
      </section>

      <section aria-labelledby="pagamento" className="grid content-start gap-5 rounded-xl border border-slate-200 p-5 dark:border-slate-800">
        <h2 id="pagamento" className="text-xl font-bold">
          Pagamento
        </h2>
        <OrderTotals totals={serverTotals ?? null} busy={pending} totalTestId="checkout-total" shippingNote={shippingNote} />
        {quote?.welcomeAtPayment ? (
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="welcome-at-payment">
            O desconto de boas-vindas é confirmado no pagamento: ele vale uma vez por CPF/CNPJ. Se este documento já tiver comprado aqui, mostramos o novo total antes de cobrar.
          </p>
        ) : null}
        <CouponField key={coupon ?? ''} applied={coupon} onApply={applyCoupon} answer={quote?.coupon ?? null} totals={serverTotals ?? null} busy={pending} error={coupon && quote?.coupon?.code === coupon ? errors.coupon : undefined} />
        {loaderData.signedIn ? null : (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Primeira compra? Entre na sua conta e ganhe {WELCOME_DISCOUNT_PERCENT}% de desconto de boas-vindas.
          </p>
        )}

        {showFrequency ? (
          <div className="grid gap-1.5">
            <Label htmlFor="frequencia">Frequência de entrega</Label>
            <select
              id="frequencia"
              value={frequency}
              onChange={(e) => setFrequency(Number(e.target.value))}
              aria-describedby="frequencia-ajuda"
              className="h-10 rounded-md border border-slate-300 bg-white px-3 dark:border-slate-600 dark:bg-slate-900"
            >
              {DELIVERY_MONTHS.map((m) => (
                <option key={m} value={m}>
                  {m === 1 ? 'A cada 1 mês' : `A cada ${m} meses`}
                </option>
              ))}
              <option value={0}>Só desta vez (não repetir)</option>
            </select>
            <p id="frequencia-ajuda" className="text-sm text-slate-700 dark:text-slate-300">
              {frequency > 0
                ? `Entrega programada: repetimos este pedido ${frequency === 1 ? 'todo mês' : `a cada ${frequency} meses`}, com os preços do dia e ${SUBSCRIBER_DISCOUNT_PERCENT}% de desconto, na mesma forma de pagamento. Pule, pause ou cancele quando quiser em Assinaturas.`
                : 'Este pedido não se repete.'}
            </p>
          </div>
        ) : null}

        {loaderData.signedIn ? (
          <DeliveryAddress addresses={loaderData.addresses} value={delivery} onChange={setDelivery} errors={errors} />
        ) : (
          <Field
            label="CEP para calcular o frete"
            name="cep"
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            maxLength={9}
            value={visitorCep}
            onChange={(e) => {
              const next = formatCep(e.currentTarget.value);
              setVisitorCep(next);
              rememberCep(next);
            }}
          />
        )}
        {freight ? (
          <section aria-labelledby="frete-titulo" className="grid gap-2">
            <h3 id="frete-titulo" className="text-sm font-semibold">
              Frete e prazo
            </h3>
            <FreightChoice
              quote={freight.quote}
              chosen={freightChoices}
              itemNames={itemNames}
              onChoose={(key, serviceId) => setFreightChoices((c) => ({ ...c, [key]: serviceId }))}
              error={errors.freight}
            />
          </section>
        ) : null}

        {loaderData.company ? (
          <TaxIdInput id="documento" value={taxId} readOnly aria-readonly hint={`Comprando para: ${loaderData.company.legalName} (${loaderData.company.taxId})`} />
        ) : (
          <TaxIdInput id="documento" value={taxId} onValueChange={setTaxId} error={errors.taxId} />
        )}
        {isCnpj && !loaderData.company ? <StateRegistrationFields value={ie} onChange={setIe} errors={errors} /> : null}
        {isCnpj ? (
          <Field
            label={`${PURCHASE_ORDER_LABEL} (opcional)`}
            name="purchaseOrder"
            autoComplete="off"
            maxLength={PURCHASE_ORDER_MAX}
            value={purchaseOrder}
            onChange={(e) => setPurchaseOrder(e.currentTarget.value)}
            error={errors.purchaseOrder}
          />
        ) : null}

        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold">Forma de pagamento</legend>
          {methodChoices(loaderData.payment, `Até ${MAX_INSTALLMENTS}x sem juros`).map(({ value, label, hint }) => (
            <label key={value} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:bg-slate-800">
              <input type="radio" name="paymentMethod" value={value} checked={method === value} onChange={() => setMethod(value)} className="accent-brand-700" />
              <span>
                <span className="font-semibold">{label}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">{hint}</span>
              </span>
            </label>
          ))}
          {loaderData.invoiced ? <InvoicedChoice offer={loaderData.invoiced} totalCents={serverTotals?.totalCents ?? null} hasPlan={hasPlan} checked={method === INVOICED_METHOD} onSelect={() => setMethod(INVOICED_METHOD)} onRefused={fallBackFromInvoiced} /> : null}
        </fieldset>

        {method === 'credit_card' ? (
          <div className="grid gap-1.5">
            <Label htmlFor="parcelas">Parcelas</Label>
            <select id="parcelas" value={installments} onChange={(e) => setInstallments(Number(e.target.value))} className="h-10 rounded-md border border-slate-300 bg-white px-3 dark:border-slate-600 dark:bg-slate-900" disabled={!serverTotals}>
              {Array.from({ length: MAX_INSTALLMENTS }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {installmentLabel(totalCents, n)}
                </option>
              ))}
            </select>
          </div>
        ) : null}

        {method === 'credit_card' && loaderData.cardGateway ? <MercadoPagoCard publicKey={loaderData.cardGateway.publicKey} ref={cardForm} error={errors.card} /> : null}

        {payResult && !payResult.ok && payResult.openOrders?.length ? (
          <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            <p className="font-semibold">{payResult.toast?.description}</p>
            <ul className="mt-2 list-disc pl-5">
              {payResult.openOrders.map((o) => (
                <li key={o.href}>
                  <Link to={o.href} className="font-semibold underline">
                    {o.label}
                  </Link>
                </li>
              ))}
            </ul>
            <p className="mt-2">
              <Link to="/area-cliente/meus-pedidos" className="underline">
                Ver todos os meus pedidos
              </Link>
            </p>
          </div>
        ) : null}
        <ContractSummary
          seller={seller}
          lines={cart.map((item) => {
            const line = quote?.lines.find((l) => l.id === item.id);
            return { key: item.id, name: line?.name ?? item.name, size: line?.size ?? item.size ?? null, quantity: item.quantity, unitCents: cartUnitCents(item, line) };
          })}
          parcels={(freight?.parcels ?? []).map((p) => ({ serviceName: p.option.name, priceCents: p.option.priceCents, deadlineDays: p.option.deadlineDays, deliveryBy: p.option.deliveryBy }))}
          totalCents={serverTotals?.totalCents ?? null}
          payment={
            method === 'credit_card'
              ? `${METHOD_NAMES.credit_card}: ${installmentLabel(totalCents, installments)}`
              : method === INVOICED_METHOD
                ? INVOICED_TERM_LABEL(loaderData.invoiced?.termDays ?? 28)
                : `${METHOD_NAMES[method]}, à vista`
          }
          hasPlan={hasPlan}
          terms={terms}
          accepted={termsTicked}
          onAcceptedChange={(ticked) => {
            setAcceptedTerms(ticked ? terms.version : null);
            if (ticked) setClientErrors(({ acceptTerms: _, ...rest }) => rest);
          }}
          error={termsTicked ? undefined : errors.acceptTerms}
        />
        <Button size="lg" onClick={() => void payNow()} disabled={paying || pending || !serverTotals || Boolean(freight?.problem)}>
          {paying ? 'Processando...' : 'Pagar Agora'}
        </Button>
        {root?.isSubscriber ? null : (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <Link to="/assinatura" className="font-semibold text-brand-700 underline dark:text-brand-200">
              Assine e economize
            </Link>{' '}
            {SUBSCRIBER_DISCOUNT_PERCENT}% em todas as compras avulsas.
          </p>
        )}
      </section>
    </div>
  );
}

/** "Restam 3 unidades" / "Esgotado" under a cart line, from the server's quote. */
function StockNote({ available, quantity }: { available: number | null; quantity: number }) {
  const note = cartStockNote(available, quantity);
  if (!note) return null;
  const short = available !== null && available < quantity;
  return (
    <p className={short ? 'text-sm font-semibold text-red-700 dark:text-red-400' : 'text-sm font-semibold text-amber-800 dark:text-amber-300'}>
      {note}
      {short && available > 0 ? ' — diminua a quantidade para continuar' : ''}
    </p>
  );
}
