// The checkout flow: the server
// reprices every line from the database, applies the one discount best for the buyer
// (subscriber, welcome offer or a coupon) from its own view of the buyer, and writes
// subscription, order, items and the coupon's use in one transaction together with the payment. An idempotency key
// per attempt makes a double submit one order.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database, Executor, Transaction } from '~/db/client.server';
import { isUniqueViolation, violatedConstraint } from '~/db/errors.server';
import { orders, products, productVariants, user, userAddresses, userSubscriptions } from '~/db/schema';
import { now } from '~/lib/clock';
import { shortOrderId } from '~/lib/order-status';
import { centsToDecimal, toCents } from '~/lib/money';
import { tierFor, type PriceTier } from '~/lib/volume-price';
import { nextPlanDate, PLAN_NAME, type SubscriptionFrequency, todayInBrazil } from '~/lib/plans';
import { computeTotals, goodsAfterDiscountCents, type Totals } from '~/lib/pricing';
import { cheapestChoices, chooseFreight, type ChosenParcel, type FreightChoices, type FreightQuote } from '~/lib/freight';
import type { CartLineInput, DeliveryChoice, PayNowInput } from '~/lib/schemas/checkout';
import { isUuid } from '~/lib/schemas/ids';
import { buyerIeOf, type BuyerIe } from '~/lib/schemas/state-registration';
import { purchaseOrderOf } from '~/lib/schemas/purchase-order';
import { ibgeCity } from '~/lib/municipalities.server';
import { taxIdKind } from '~/lib/tax-id';
import { TERMS_MESSAGES, termsAcceptanceRequired, termsProblem, type TermsProblem } from '~/lib/contract';
import { cartBought } from '../carts/carts.server';
import { agreementInForce } from '../content/legal-pages.server';
import { getOwnAddress, saveAddress } from '../account/addresses.server';
import { companyOfUser } from '../companies/membership.server';
import { kickMailDelivery } from '../mail/outbox.server';
import { insertOrder, type NewParcel, type OrderAgreement } from '../orders/create.server';
import { queueOrderEmail } from '../orders/emails.server';
import { getOwnOrder, isFirstPurchase, welcomeStanding } from '../orders/orders.server';
import { claimWelcomeOffer } from '../orders/welcome-offer.server';
import { cardDeclinesMessage, holdCustomerForCheckout, type OpenOrder, unpaidOrdersMessage } from '../orders/checkout-limits.server';
import { isWelcomeOfferOn } from '../settings/settings.server';
import { getEnv } from '../infra/env.server';
import { chargeOrder, DECLINED_PREFIX, openAttemptIn, type ChargeHooks } from '../payments/charges.server';
import { paymentMethodRefusal, type CardToken, type PaymentProvider } from '../payments/provider.server';
import { tiersOfVariants } from '../catalog/price-tiers.server';
import { getAvailability, OutOfStockError, reserveStock, shortageMessage, type Shortage } from '../catalog/stock.server';
import { createProgrammedDelivery } from '../subscriptions/deliveries.server';
import { startSubscriptionPeriod } from '../subscriptions/periods.server';
import { listPlanOptions, getActivePlanConfig } from '../subscriptions/plans.server';
import { hasLiveSubscription, isSubscriber } from '../subscriptions/subscriptions.server';
import { quoteShipping, shipsFreeEverywhere } from '../shipping/quote.server';
import { agreedQuote, holdQuoteForOrder, markQuoteAccepted, QuoteError, type AgreedQuote } from '../quotes/quotes.server';
import { applyOrderActionIn } from '../orders/transitions.server';
import { INVOICED_MESSAGES, INVOICED_METHOD, invoicedPaymentLine } from '~/lib/receivables';
import type { CouponLine } from '~/lib/coupons';
import { CouponRefusedError, quoteCoupon, takeCouponUseIn } from '../coupons/coupons.server';
import { holdInvoicedCreditIn, InvoicedRefusedError, openReceivableIn } from '../receivables/credit.server';
import { issueFaturaBoleto, openFaturaBoletoIn } from './fatura-boleto.server';

/** A cart line as the server prices it. */
export type QuotedLine = {
  id: string;
  productId: string | null;
  name: string;
  size: string | null;
  imageUrl: string | null;
  unitPrice: string;
  unitCents: number;
  quantity: number;
  isSubscription: boolean;
  frequency: string | null;
  /** A kit (its stock comes from its contents) rather than a size. */
  isKit: boolean;
  /** Units left: null when not tracked (or the plan). */
  available: number | null;
  /** The product's category (a coupon may be limited to it); null for the plan. */
  categoryId?: string | null;
  /** Volume prices (issue 35): the size's own price, before any tier. */
  listUnitCents?: number;
  /** The tier `unitCents` comes from (1: the size's own price). */
  tierMinQuantity?: number;
  /** The size's tiers, from the fewest units up (empty: none). */
  tiers?: PriceTier[];
};

export type Quote = {
  lines: QuotedLine[];
  /** Cart line ids the store no longer sells. */
  removed: string[];
  totals: Totals;
  isSubscriber: boolean;
  /** The welcome offer applies to this buyer (signed in, nothing bought yet with this account or CPF/CNPJ). */
  firstPurchase: boolean;
  /**
   * The welcome offer in these totals is confirmed when the order is placed: the CPF/CNPJ is not
   * one this account has ordered with, so the quote does not tell whether it has bought here.
   */
  welcomeAtPayment: boolean;
  /** Only when the welcome was decided (placing the order): it was shown at payment, and this CPF/CNPJ has used it. */
  welcomeWithdrawn?: boolean;
  /** The cart holds the plan, but the store does not sell it now (switched off by the admin). */
  planUnavailable: boolean;
  /** How the goods travel and what it costs (issue 33); null when there are no goods (the plan alone). */
  freight: CheckoutFreight | null;
  /** The coupon typed (issue 36): valid for this cart and buyer, or why not (pt-BR); null without one. */
  coupon: QuotedCoupon | null;
};

/** A coupon code as the quote answers it. Whether it is in the totals is `totals.discountKind === 'coupon'`. */
export type QuotedCoupon = { code: string; id: string | null; ok: boolean; discountCents: number; message: string | null };

export type CheckoutFreight = {
  /** The delivery CEP quoted, or null before one is known. */
  cep: string | null;
  quote: FreightQuote | null;
  /** The service of each parcel the totals use (the customer's, or the cheapest). */
  chosen: FreightChoices;
  parcels: ChosenParcel[];
  /** Why it cannot be paid like this (an item no service takes, no service for the CEP, a service not offered), pt-BR. */
  problem: string | null;
  /** Without a CEP: every order ships free anywhere, so the totals can say 'Grátis' already. */
  freeEverywhere: boolean;
};

/** Freight to quote with the cart: the delivery CEP and the service chosen per parcel. */
export type FreightRequestInput = {
  cep: string | null;
  choices?: FreightChoices | undefined;
  /** Placing the order: the posted choices as they are (a service not offered is refused), never a fallback. */
  strict?: boolean;
};

export const FREIGHT_CHANGED = 'O frete mudou desde a cotação. Confira o novo valor e o novo total antes de pagar.';

export const PLAN_UNAVAILABLE = `A ${PLAN_NAME} não está disponível no momento. Remova-a do carrinho para continuar.`;

const PLAN_IMAGE = '/images/assinatura.svg';

/**
 * Prices a cart from the database; lines that no longer exist are dropped and
 * reported. `taxId` is the CPF/CNPJ the buyer typed (digits/upper case), if any;
 * without it the one kept on the profile decides the welcome offer.
 */
export async function quoteCart(
  db: Executor,
  userId: string | null,
  cart: CartLineInput[],
  taxId?: string | null,
  options: {
    availability?: boolean;
    /** Placing the order: the welcome offer decided for the CPF/CNPJ, whoever's it is. */
    decideWelcome?: boolean;
    freight?: FreightRequestInput;
    /** An accepted orçamento (issue 35): its unit prices and freight replace the list's, and no discount is added on top. */
    agreed?: AgreedPrices;
    /** A coupon code typed at the cart or checkout (normalised, lib/coupons); an orçamento takes none. */
    coupon?: string | null;
  } = {},
): Promise<Quote> {
  const ids = cart.filter((l) => !l.is_subscription).map((l) => l.id);
  const uuidIds = ids.filter(isUuid);
  const hasPlanLine = cart.some((l) => l.is_subscription);
  const [sellable, subscriber, welcome, planOptions, livePlan, activePlan] = await Promise.all([
    // Kits and sizes the cart names, in one round trip (a line's id is a kit's or a size's; the kit
    // select comes first because its size may be null).
    uuidIds.length
      ? unionAll(
          db
            .select({ id: products.id, productId: products.id, name: products.name, size: sql<string | null>`null::text`, price: products.price, imageUrl: products.imageUrl, isKit: sql<boolean>`true`, categoryId: products.categoryId })
            .from(products)
            .where(and(inArray(products.id, uuidIds), eq(products.isKit, true))),
          db
            .select({ id: productVariants.id, productId: products.id, name: products.name, size: productVariants.size, price: productVariants.price, imageUrl: products.imageUrl, isKit: sql<boolean>`false`, categoryId: products.categoryId })
            .from(productVariants)
            .innerJoin(products, eq(products.id, productVariants.productId))
            .where(inArray(productVariants.id, uuidIds)),
        )
      : Promise.resolve([]),
    userId ? isSubscriber(db, userId) : Promise.resolve(false),
    // The welcome offer only while the admin has it on (/admin/settings), enforced here for quote and order alike.
    userId && !options.agreed ? welcomeOfferFor(db, userId, taxId, options.decideWelcome ?? false) : Promise.resolve(NO_WELCOME),
    hasPlanLine ? listPlanOptions(db) : Promise.resolve([]),
    hasPlanLine && userId ? hasLiveSubscription(db, userId) : Promise.resolve(false),
    hasPlanLine ? getActivePlanConfig(db) : Promise.resolve(null),
  ]);
  const bySource = new Map(sellable.map((row) => [row.id, row]));

  const lines: QuotedLine[] = [];
  const removed: string[] = [];
  let planSeen = false;
  let planUnavailable = false;
  for (const item of cart) {
    if (item.is_subscription) {
      // Today's price from plan_options; a plan the admin switched off is not sold.
      const plan = activePlan ? planOptions.find((o) => o.frequency === item.frequency) : undefined;
      if (!activePlan) planUnavailable = true;
      // One plan per purchase; a customer with a live subscription cannot buy a second one.
      if (!plan || planSeen || livePlan) {
        removed.push(item.id);
        continue;
      }
      planSeen = true;
      lines.push({
        id: item.id,
        productId: null,
        name: `${PLAN_NAME} — ${plan.name}`,
        size: null,
        imageUrl: PLAN_IMAGE,
        unitPrice: plan.price,
        unitCents: toCents(plan.price),
        quantity: 1,
        isSubscription: true,
        frequency: plan.frequency,
        isKit: false,
        available: null,
      });
      continue;
    }
    const source = bySource.get(item.id);
    if (!source) {
      removed.push(item.id);
      continue;
    }
    const existing = lines.find((l) => l.id === item.id);
    if (existing) {
      existing.quantity += item.quantity;
      continue;
    }
    lines.push({
      id: item.id,
      productId: source.productId,
      name: source.name,
      size: source.size,
      imageUrl: source.imageUrl,
      unitPrice: source.price,
      unitCents: toCents(source.price),
      quantity: item.quantity,
      isSubscription: false,
      frequency: null,
      isKit: source.isKit,
      available: null,
      categoryId: source.categoryId,
    });
  }
  await priceByVolume(db, lines);
  const stockIds = options.availability === false ? [] : lines.filter((l) => !l.isSubscription).map((l) => l.id);
  if (stockIds.length) {
    const available = await getAvailability(db, stockIds);
    for (const line of lines) if (!line.isSubscription) line.available = available.get(line.id) ?? null;
  }
  if (options.agreed) applyAgreedPrices(lines, options.agreed.prices);
  const { firstPurchase, atPayment, withdrawn } = welcome;
  // A quote's prices are the whole agreement: no subscriber, welcome or coupon discount on top.
  const coupon = options.coupon && !options.agreed && lines.length ? await couponFor(db, options.coupon, userId, lines) : null;
  const standing = { isSubscriber: subscriber && !options.agreed, firstPurchase, coupon: coupon?.ok ? { code: coupon.code, discountCents: coupon.discountCents } : null };
  const freight = await freightFor(db, lines, computeTotals(lines, standing), subscriber, options.freight ?? { cep: null });
  if (freight && options.agreed) applyAgreedFreight(freight, options.agreed.freightCents);
  const shippingCents = freight?.problem === null ? freight.parcels.reduce((sum, p) => sum + p.option.priceCents, 0) : 0;
  const totals = computeTotals(lines, standing, shippingCents);
  // The note "confirmed at payment" only where the welcome is in the totals.
  const welcomeAtPayment = atPayment && totals.discountKind === 'welcome';
  return { lines, removed, totals, isSubscriber: subscriber, firstPurchase, welcomeAtPayment, ...(options.decideWelcome ? { welcomeWithdrawn: withdrawn } : {}), planUnavailable, freight, coupon };
}

/** The cart's lines as a coupon sees them. */
function couponLines(lines: readonly QuotedLine[]): CouponLine[] {
  return lines.map((l) => ({ unitCents: l.unitCents, quantity: l.quantity, isSubscription: l.isSubscription, productId: l.productId, categoryId: l.categoryId ?? null }));
}

async function couponFor(db: Executor, code: string, userId: string | null, lines: readonly QuotedLine[]): Promise<QuotedCoupon> {
  const verdict = await quoteCoupon(db, code, userId, couponLines(lines));
  return verdict.ok
    ? { code: verdict.code, id: verdict.id, ok: true, discountCents: verdict.discountCents, message: null }
    : { code: verdict.code, id: verdict.id, ok: false, discountCents: 0, message: verdict.message };
}

/**
 * Volume prices (issue 35): each size line (duplicates already merged above) at the tier of its
 * quantity; a kit keeps its price. Whatever price the client sent is never read.
 */
async function priceByVolume(db: Executor, lines: QuotedLine[]): Promise<void> {
  const sizes = lines.filter((l) => !l.isSubscription && !l.isKit);
  const tiers = await tiersOfVariants(db, sizes.map((l) => l.id));
  for (const line of sizes) {
    const own = tiers.get(line.id) ?? [];
    const tier = tierFor(line.unitCents, own, line.quantity);
    line.listUnitCents = line.unitCents;
    line.tierMinQuantity = tier.minQuantity;
    line.tiers = own;
    if (tier.minQuantity > 1) {
      line.unitCents = tier.priceCents;
      line.unitPrice = centsToDecimal(tier.priceCents);
    }
  }
}

/**
 * The goods' freight from the store's rules (shipping/quote): each parcel's chosen service when
 * still offered, else its cheapest; placing the order (`strict`), exactly the posted services.
 * Free-shipping thresholds compare the goods after the discount; subscribers are those the
 * server knows (a plan in this cart is not paid yet).
 */
async function freightFor(db: Executor, lines: QuotedLine[], base: Totals, subscriber: boolean, request: FreightRequestInput): Promise<CheckoutFreight | null> {
  const goods = lines.filter((l) => !l.isSubscription);
  if (goods.length === 0) return null;
  if (!request.cep) return { cep: null, quote: null, chosen: {}, parcels: [], problem: null, freeEverywhere: await shipsFreeEverywhere(db) };
  const quote = await quoteShipping(db, {
    cep: request.cep,
    lines: goods.map((l) => ({ id: l.id, name: l.size ? `${l.name} (${l.size})` : l.name, quantity: l.quantity, unitCents: l.unitCents })),
    subtotalCents: goodsAfterDiscountCents(lines, base),
    isSubscriber: subscriber,
    fresh: request.strict === true,
  });
  const posted = request.choices ?? {};
  const cheapest = cheapestChoices(quote);
  const chosen =
    request.strict && request.choices
      ? posted
      : Object.fromEntries(quote.parcels.map((p) => [p.key, p.options.some((o) => o.serviceId === posted[p.key]) ? posted[p.key]! : cheapest[p.key]!]));
  const choice = chooseFreight(quote, chosen);
  return { cep: request.cep, quote, chosen, parcels: choice.ok ? choice.parcels : [], problem: choice.ok ? null : choice.message, freeEverywhere: false };
}

/** An accepted orçamento's prices (quotes/quotes.server.ts `agreedQuote`). */
export type AgreedPrices = { prices: Map<string, number>; freightCents: number | null };

function applyAgreedPrices(lines: QuotedLine[], prices: Map<string, number>): void {
  for (const line of lines) {
    const cents = prices.get(line.id);
    if (cents === undefined) continue;
    line.unitCents = cents;
    line.unitPrice = centsToDecimal(cents);
    // The agreed price replaces any volume tier: the page names no tier for it.
    delete line.tierMinQuantity;
    delete line.listUnitCents;
    line.tiers = [];
  }
}

/** The quoted freight, when the admin gave one, is the whole freight: on the first parcel, the others free. */
function applyAgreedFreight(freight: CheckoutFreight, freightCents: number | null): void {
  if (freightCents === null || freight.problem !== null) return;
  freight.parcels = freight.parcels.map((p, index) => ({ ...p, option: { ...p.option, priceCents: index === 0 ? freightCents : 0 } }));
}

type WelcomeOffer = { firstPurchase: boolean; atPayment: boolean; withdrawn: boolean };
const NO_WELCOME: WelcomeOffer = { firstPurchase: false, atPayment: false, withdrawn: false };

/**
 * The welcome offer while the store runs it: a first purchase of this account and CPF/CNPJ. The
 * quote tells only what the account may know (welcomeStanding): for a document it has not ordered
 * with, the offer is shown and decided at payment (`decide`), where `withdrawn` says it was shown
 * but this document has used it.
 */
async function welcomeOfferFor(db: Executor, userId: string, taxId: string | null | undefined, decide: boolean): Promise<WelcomeOffer> {
  if (!(await isWelcomeOfferOn(db))) return NO_WELCOME;
  const document = taxId ?? (await getUserTaxId(db, userId));
  const standing = await welcomeStanding(db, userId, document);
  if (standing !== 'at-payment') return { firstPurchase: standing === 'yours', atPayment: false, withdrawn: false };
  if (!decide) return { firstPurchase: true, atPayment: true, withdrawn: false };
  const first = await isFirstPurchase(db, userId, document);
  return { firstPurchase: first, atPayment: false, withdrawn: !first };
}

export type CheckoutStep = 'subscription' | 'order' | 'items' | 'stock' | 'payment';

/** A failed step; nothing of the purchase was written. */
export class CheckoutError extends Error {
  constructor(
    readonly step: CheckoutStep | 'cart' | 'delivery' | 'terms',
    message: string,
    options?: { cause?: unknown; field?: string; shortages?: Shortage[] },
  ) {
    super(message, options);
    this.field = options?.field;
    this.shortages = options?.shortages ?? [];
  }
  /** The form field the message belongs at. */
  readonly field?: string;
  /** Lines the store has too few units of. */
  readonly shortages: Shortage[];
}

export const WELCOME_USED = 'O desconto de boas-vindas já foi usado em outra compra. Confira o novo total antes de pagar.';

/** The welcome offer shown was used meanwhile, or by this CPF/CNPJ before: the page shows the total without it. */
export class WelcomeUsedError extends CheckoutError {
  constructor(options?: { cause?: unknown }) {
    super('cart', WELCOME_USED, options);
  }
}

/** A fourth order awaiting payment: the customer is sent to the open ones. */
export class UnpaidOrdersError extends CheckoutError {
  constructor(readonly openOrders: OpenOrder[]) {
    super('cart', unpaidOrdersMessage());
  }
}

/** Too many declined cards lately: card payments wait (nothing is sent to the gateway). */
export class CardDeclinesError extends CheckoutError {
  constructor(waitMinutes: number) {
    super('payment', cardDeclinesMessage(waitMinutes), { field: 'card' });
  }
}

/** The Termos de Uso as the checkout page shows them to this buyer. */
export type CheckoutTerms = {
  /** The version in force; null when the store publishes no Termos de Uso. */
  version: number | null;
  /** "Li e aceito os Termos de Uso" must be ticked: a first purchase, or the Termos changed since the last one. */
  required: boolean;
  /** They changed since this buyer's last purchase (the page says so). */
  changed: boolean;
  /** The Política de Privacidade in force, linked beside them. */
  privacyVersion: number | null;
};

/** "Li e aceito os Termos de Uso" was not ticked where it must be, or for a version edited meanwhile. */
export class TermsNotAcceptedError extends CheckoutError {
  constructor(
    readonly problem: TermsProblem,
    /** What the page must show now (the box, for the version in force). */
    readonly terms: CheckoutTerms,
  ) {
    super('terms', TERMS_MESSAGES[problem], { field: 'acceptTerms' });
  }
}

/** The Termos de Uso and Política de Privacidade in force, and the Termos version this customer's orders last recorded. */
async function agreementOf(db: Executor, userId: string | null) {
  // One after the other: in the order's transaction both run on its one connection anyway.
  const agreement = await agreementInForce(db);
  const [accepted] = userId ? await db.select({ last: sql<number | null>`max(${orders.termsVersion})` }).from(orders).where(eq(orders.userId, userId)) : [];
  const current = agreement.terms?.version ?? null;
  const lastAccepted = accepted?.last ?? null;
  const terms: CheckoutTerms = {
    version: current,
    required: termsAcceptanceRequired(current, lastAccepted),
    changed: lastAccepted !== null && termsAcceptanceRequired(current, lastAccepted),
    privacyVersion: agreement.privacy?.version ?? null,
  };
  const record: OrderAgreement = {
    termsVersion: agreement.terms?.version ?? null,
    termsHash: agreement.terms?.hash ?? null,
    privacyVersion: agreement.privacy?.version ?? null,
    privacyHash: agreement.privacy?.hash ?? null,
  };
  return { terms, lastAccepted, record };
}

/** What the checkout page shows about the Termos de Uso to this buyer (anyone signed out: a first purchase). */
export async function checkoutTerms(db: Executor, userId: string | null): Promise<CheckoutTerms> {
  return (await agreementOf(db, userId)).terms;
}

export const DELIVERY_NOT_FOUND = 'Endereço de entrega não encontrado. Escolha outro ou informe um novo.';

type ShippingSnapshot = Pick<
  typeof orders.$inferInsert,
  'shipName' | 'shipStreet' | 'shipNumber' | 'shipComplement' | 'shipNeighborhood' | 'shipCity' | 'shipState' | 'shipZipCode'
>;

/** A saved address whose city is not one of its UF's municipalities (saved before the IBGE list was asked): fixed before it is used. */
export function savedCityNotFound(name: string, city: string, uf: string): string {
  return `A cidade do endereço “${name}” (“${city}”) não está entre os municípios de ${uf} do IBGE. Corrija-a em Meus Endereços ou informe um novo endereço.`;
}

type DeliveryAddressFields = { street: string; number: string; complement: string | null; neighborhood: string; city: string; state: string; zipCode: string };

/**
 * The address the order goes to, its city as IBGE writes it (the NF-e's municipality): a saved one
 * of this customer, or the new one typed. A city that is not one of the UF's municipalities is
 * refused beside its field, before anything is written.
 */
async function deliveryAddressOf(db: Executor, userId: string, delivery: DeliveryChoice): Promise<DeliveryAddressFields> {
  if (delivery.kind === 'new') {
    const city = ibgeCity(delivery.address.state, delivery.address.city);
    if (!city.ok) throw new CheckoutError('delivery', city.message, { field: 'delivery.newAddress.city' });
    return { ...delivery.address, city: city.city };
  }
  const saved = await getOwnAddress(db, userId, delivery.addressId);
  if (!saved) throw new CheckoutError('delivery', DELIVERY_NOT_FOUND, { field: 'delivery.addressId' });
  const city = ibgeCity(saved.state, saved.city);
  if (!city.ok) throw new CheckoutError('delivery', savedCityNotFound(saved.name, saved.city, saved.state), { field: 'delivery.addressId' });
  return { street: saved.street, number: saved.number, complement: saved.complement, neighborhood: saved.neighborhood, city: city.city, state: saved.state, zipCode: saved.zipCode };
}

/** The CEP the order goes to, read before its transaction to price the freight (resolveDelivery reads it again inside). */
async function deliveryCep(db: Executor, userId: string, delivery: DeliveryChoice): Promise<string> {
  return (await deliveryAddressOf(db, userId, delivery)).zipCode;
}

/** The order's parcels as quoted and chosen: service, price, deadline and the promised date. */
function orderParcelsOf(quote: Quote): NewParcel[] {
  return (quote.freight?.parcels ?? []).map((p, index) => ({
    position: index + 1,
    serviceId: p.option.serviceId,
    serviceName: p.option.name,
    carrier: p.option.carrier,
    priceCents: p.option.priceCents,
    deadlineDays: p.option.deadlineDays,
    promisedDate: p.option.deliveryBy,
    weightGrams: p.weightGrams,
  }));
}

/** Which parcel (its position) a cart line travels in; null for the plan. */
function parcelOf(quote: Quote, lineId: string): number | null {
  const index = (quote.freight?.parcels ?? []).findIndex((p) => p.itemKeys.includes(lineId));
  return index === -1 ? null : index + 1;
}

/** The address copied onto the order; a new one is also saved to the customer's addresses when asked (with IBGE's city). */
async function resolveDelivery(tx: Executor, userId: string, delivery: DeliveryChoice): Promise<ShippingSnapshot> {
  const address = await deliveryAddressOf(tx, userId, delivery);
  if (delivery.kind === 'new' && delivery.save) {
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(userAddresses).where(eq(userAddresses.userId, userId));
    // A customer's first address becomes their default.
    await saveAddress(tx, userId, { ...delivery.address, city: address.city, isDefault: n === 0 });
  }
  return {
    shipName: delivery.recipientName,
    shipStreet: address.street,
    shipNumber: address.number,
    shipComplement: address.complement,
    shipNeighborhood: address.neighborhood,
    shipCity: address.city,
    shipState: address.state,
    shipZipCode: address.zipCode,
  };
}

/**
 * The buyer's IE as the order records it and the profile keeps it: none for a CPF; for a CNPJ the
 * choice posted, or (a caller that is no page and posts none) the one the profile keeps.
 */
async function buyerIeFor(tx: Executor, userId: string, input: PayNowInput): Promise<BuyerIe> {
  if (taxIdKind(input.taxId) === 'cnpj' && input.ieIndicator === undefined) {
    const [kept] = await tx.select({ ieIndicator: user.ieIndicator, stateRegistration: user.stateRegistration }).from(user).where(eq(user.id, userId));
    const indicator = kept?.ieIndicator;
    if (indicator === 1 || indicator === 2 || indicator === 9) return buyerIeOf(input.taxId, indicator, kept?.stateRegistration ?? undefined);
  }
  return buyerIeOf(input.taxId, input.ieIndicator, input.stateRegistration);
}

export type PlacedOrder = {
  orderId: string;
  replayed: boolean;
  /** paid (a card), awaiting (a Pix or boleto to pay), unknown (the provider did not answer: the order waits for the reconciliation). */
  payment: 'paid' | 'awaiting' | 'unknown' | 'invoiced';
};

type Buyer = { id: string; name: string; email: string };

/**
 * The checkout's input: the form as parsed, and what the page posted about the Termos de Uso
 * (`accepted`: the version ticked, null when not). The checkout route always passes `terms`;
 * callers that are no page (tests, the e2e seeding route) leave it out: nothing is asked then,
 * and the order still records the versions in force.
 */
export type PlaceOrderInput = PayNowInput & {
  terms?: { accepted: number | null };
  /** Paying an accepted orçamento (issue 35): its lines and prices replace the posted cart's. */
  quote?: { id: string; version: number };
  company?: { id: string; legalName: string };
};

export const CARD_MISSING = 'Preencha os dados do cartão para pagar com cartão de crédito.';

/**
 * Places the order, then charges it. The order (pending, stock taken, subscription and
 * programmed delivery written) is committed first; the provider is called after the commit with
 * an idempotency key of the order, and its answer recorded afterwards
 * (payments/charges.server.ts). A declined card cancels the order and gives its stock back; the
 * customer tries again from the same cart. `afterStep` lets tests inject a failure after each
 * write of the order's transaction.
 */
export async function placeOrder(
  db: Database,
  buyer: Buyer,
  input: PlaceOrderInput,
  provider: PaymentProvider,
  afterStep?: (step: CheckoutStep) => Promise<void>,
  hooks?: ChargeHooks,
): Promise<PlacedOrder> {
  // A repeated attempt (double submit, retry) is not looked up first: the order's unique
  // idempotency key refuses its insert in the transaction, and that refusal answers with the first
  // order. Anything refused before the commit may be the repeat meeting its own order (the welcome
  // offer or the last units taken), so then the key is looked up before the refusal is told.
  // A company's member buys for the company (issue 35): its CNPJ, IE and razão social on the order,
  // whatever the form posted; the buyer stays the order's user.
  const company = await companyOfUser(db, buyer.id);
  if (company) {
    input = { ...input, taxId: company.taxId, ieIndicator: company.ieIndicator, stateRegistration: company.stateRegistration ?? undefined, company: { id: company.id, legalName: company.legalName } };
  }
  let placed: CommittedOrder;
  try {
    placed = await commitOrder(db, buyer, input, provider, afterStep);
  } catch (error) {
    if (error instanceof CheckoutError || isUniqueViolation(error)) {
      const existing = await findOrderByKey(db, buyer.id, input.idempotencyKey);
      if (existing) return replayOf(db, existing);
    }
    const unique = isUniqueViolation(error) || (error instanceof CheckoutError && isUniqueViolation(error.cause));
    // Another first purchase of this account or CPF/CNPJ took the welcome offer meanwhile.
    if (unique && violatedConstraint(error)?.startsWith('orders_welcome_')) throw new WelcomeUsedError({ cause: error });
    throw error;
  }
  return chargePlaced(db, buyer, input, provider, placed, hooks);
}

/** What the charge after the commit needs of the order's transaction. */
type CommittedOrder = {
  orderId: string;
  shipping: ShippingSnapshot;
  quote: Quote;
  placedAt: Date;
  plan: QuotedLine | undefined;
  programmedMonths: number | null;
  card: CardToken | undefined;
  installments: number;
  /** The fatura whose gateway boleto is to be issued after the commit (an invoiced order with a gateway). */
  faturaBoleto: string | null;
};

/** The order, its items, attempt, plan or programmed delivery and stock in one transaction, after the cart's checks. */
async function commitOrder(db: Database, buyer: Buyer, input: PlaceOrderInput, provider: PaymentProvider, afterStep?: (step: CheckoutStep) => Promise<void>): Promise<CommittedOrder> {
  // Only a method the store really receives with (payments/provider.server.ts): refused before anything is written.
  // The invoiced boleto is no gateway's method: the company's credit decides it in the transaction.
  const invoiced = input.paymentMethod === INVOICED_METHOD;
  const refusal = invoiced ? null : paymentMethodRefusal(input.paymentMethod, provider);
  if (refusal) throw new CheckoutError('payment', refusal, { field: 'paymentMethod' });
  // Availability is not read here: the stock is checked under its row locks in the transaction.
  // The freight from the server's own rules for the delivery CEP, with the services the customer picked.
  const cep = await deliveryCep(db, buyer.id, input.delivery);
  const agreed = input.quote ? await quoteAgreement(db, buyer.id, input.quote) : undefined;
  // An accepted orçamento takes no coupon: whatever was posted is not even looked up.
  const coupon = agreed ? null : (input.coupon ?? null);
  const quote = await quoteCart(db, buyer.id, agreed?.cart ?? input.cart, input.taxId, { availability: false, decideWelcome: true, freight: { cep, choices: input.freight, strict: true }, agreed, coupon });
  if (quote.planUnavailable) throw new CheckoutError('cart', PLAN_UNAVAILABLE);
  // A coupon that does not apply (unknown, expired, used…) is told beside its field before anything is written.
  if (quote.coupon && !quote.coupon.ok) throw new CheckoutError('cart', quote.coupon.message ?? 'Cupom inválido.', { field: 'coupon' });
  if (quote.lines.length === 0) throw new CheckoutError('cart', 'Seu carrinho está vazio.');
  if (quote.removed.length > 0) {
    throw new CheckoutError('cart', 'Alguns itens do carrinho mudaram. Confira o resumo antes de pagar.');
  }
  // Goods no service may carry to this CEP, or a service not offered: told before anything is written.
  if (quote.freight?.problem) throw new CheckoutError('cart', quote.freight.problem, { field: 'freight' });
  // The customer pays the freight and total they were shown, or sees the new ones first.
  if (input.expectedShippingCents !== undefined && input.expectedShippingCents !== quote.totals.shippingCents) throw new CheckoutError('cart', FREIGHT_CHANGED, { field: 'freight' });
  if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== quote.totals.totalCents) {
    // Told only when the page showed exactly the welcome total: a made-up total learns nothing of the CPF/CNPJ.
    const couponOffer = quote.coupon?.ok ? { code: quote.coupon.code, discountCents: quote.coupon.discountCents } : null;
    if (quote.welcomeWithdrawn && input.expectedTotalCents === computeTotals(quote.lines, { isSubscriber: quote.isSubscriber, firstPurchase: true, coupon: couponOffer }).totalCents) throw new WelcomeUsedError();
    throw new CheckoutError('cart', 'O total do pedido mudou. Confira o resumo antes de pagar.');
  }
  const card: CardToken | undefined = input.cardToken && input.cardPaymentMethodId ? { token: input.cardToken, paymentMethodId: input.cardPaymentMethodId, issuerId: input.cardIssuerId || undefined } : undefined;
  if (input.paymentMethod === 'credit_card' && provider.tokenizesCards && !card) throw new CheckoutError('payment', CARD_MISSING, { field: 'card' });
  const plan = quote.lines.find((l) => l.isSubscription);
  const today = todayInBrazil();
  const { totals } = quote;
  const installments = input.paymentMethod === 'credit_card' ? input.installments : 1;
  // A subscriber's order with a delivery frequency is repeated every N months (programmed delivery).
  const programmedMonths = quote.isSubscriber && !plan && !agreed && input.deliveryFrequency > 0 ? input.deliveryFrequency : null;
  // Invoiced: goods only, this order only (a plan or a programmed delivery is charged by the gateway).
  if (invoiced && (plan || programmedMonths)) throw new CheckoutError('payment', INVOICED_MESSAGES.plan, { field: 'paymentMethod' });
  const gatewayMethod = input.paymentMethod === INVOICED_METHOD ? 'pix' : input.paymentMethod;
  const placedAt = now();
  // The coupon is the order's only when it is the discount chosen (a larger store discount leaves it unused).
  const usedCoupon = totals.discountKind === 'coupon' && quote.coupon?.id ? { id: quote.coupon.id, code: quote.coupon.code } : null;

  const placed = await db.transaction(async (tx) => {
    // The customer's row locked first: their checkouts one at a time, at most 3 unpaid, cards paused after declines.
    const hold = await holdCustomerForCheckout(tx, buyer.id, input.paymentMethod);
    if (!hold.ok && hold.reason === 'unpaid') throw new UnpaidOrdersError(hold.openOrders);
    if (!hold.ok) throw new CardDeclinesError(hold.waitMinutes);
    // The orçamento locked and checked again on what is committed: a second accept waits, then is refused.
    if (input.quote) await asCheckoutError(() => holdQuoteForOrder(tx, buyer.id, input.quote!.id, input.quote!.version));
    // What was agreed, read in the order's transaction (never from the browser): the versions in
    // force are recorded, and the customer's row lock keeps their last acceptance still meanwhile.
    const agreement = await agreementOf(tx, buyer.id);
    if (input.terms) {
      const problem = termsProblem(agreement.terms.version, agreement.lastAccepted, input.terms.accepted);
      if (problem) throw new TermsNotAcceptedError(problem, { ...agreement.terms, required: true });
    }
    const shipping = await resolveDelivery(tx, buyer.id, input.delivery);
    const buyerIe = await buyerIeFor(tx, buyer.id, input);
    // The company's row locked and its faturas summed before the order is written (receivables/credit).
    const credit = invoiced ? await invoicedHold(tx, buyer.id, totals.totalCents) : null;
    let subscriptionId: string | null = null;
    if (plan) {
      const [created] = await step('subscription', 'Erro ao criar assinatura', () =>
        tx
          .insert(userSubscriptions)
          .values({
            userId: buyer.id,
            frequency: plan.frequency as SubscriptionFrequency,
            status: 'active',
            anchorDate: today,
            nextDeliveryDate: nextPlanDate(today, plan.frequency)!,
            totalValue: plan.unitPrice,
            paymentMethod: gatewayMethod,
            installments,
            taxId: input.taxId,
            ...shipping,
          })
          .returning({ id: userSubscriptions.id }),
      );
      subscriptionId = created!.id;
      await afterStep?.('subscription');
    }

    const id = await step('order', 'Erro ao criar pedido', () =>
      insertOrder(tx, {
        userId: buyer.id,
        totals,
        paymentMethod: input.paymentMethod,
        taxId: input.taxId,
        buyerIe,
        purchaseOrder: purchaseOrderOf(input.taxId, input.purchaseOrder),
        company: input.company,
        idempotencyKey: input.idempotencyKey,
        placedAt,
        actor: 'customer',
        shipping,
        deliveryFrequencyMonths: programmedMonths,
        subscriptionId,
        lines: quote.lines.map((l) => ({ productId: l.productId, name: l.name, size: l.size, quantity: l.quantity, unitPrice: l.unitPrice, parcel: parcelOf(quote, l.id) })),
        parcels: orderParcelsOf(quote),
        agreement: agreement.record,
        coupon: usedCoupon,
      }),
    );
    // Once per person for good: the CPF/CNPJ's keyed hash, unique, kept after an erasure.
    if (totals.discountKind === 'welcome' && !(await claimWelcomeOffer(tx, input.taxId, id))) throw new WelcomeUsedError();
    if (input.quote) await markQuoteAccepted(tx, input.quote.id, id);
    // The server-kept cart is bought (emptied, reminders stop) and a recent reminder recovered (issue 36).
    await cartBought(tx, buyer.id, id, { keepCart: Boolean(input.quote) });
    await afterStep?.('order');
    await afterStep?.('items');

    // The charge's attempt is committed with the order: a crash before the call still leaves it to the reconciliation job.
    // An invoiced order is charged by its fatura instead, nothing at checkout.
    // With a gateway, the fatura's boleto is its own attempt, committed here and issued after the commit (flows/fatura-boleto).
    let faturaBoleto: string | null = null;
    if (credit) {
      const receivableId = await openReceivableIn(tx, credit, id, totals.totalCents);
      if (await openFaturaBoletoIn(tx, provider, { receivableId, orderId: id, amountCents: totals.totalCents })) faturaBoleto = receivableId;
    } else await openAttemptIn(tx, provider, { orderId: id, idempotencyKey: chargeKey(id), method: gatewayMethod, amountCents: totals.totalCents });
    if (plan && subscriptionId) await startSubscriptionPeriod(tx, { subscriptionId, orderId: id, today, paid: false });
    if (programmedMonths) {
      await createProgrammedDelivery(tx, {
        userId: buyer.id,
        sourceOrderId: id,
        months: programmedMonths,
        today,
        paymentMethod: gatewayMethod,
        installments,
        taxId: input.taxId,
        shipping,
        lines: quote.lines.filter((l) => !l.isSubscription).map((l) => ({ id: l.id, isKit: l.isKit, name: l.name, size: l.size, quantity: l.quantity })),
      });
    }
    // The buyer's CPF/CNPJ and IE are kept for the next purchase.
    // (Not the company's: a member's own profile keeps their own.)
    if (!input.company) await tx.update(user).set({ taxId: input.taxId, ...buyerIe }).where(eq(user.id, buyer.id));

    // Units are taken under row locks: of concurrent buyers of the last units, exactly as many as there are succeed.
    // Last before the commit: every order takes the same popular sizes' rows, so the locks are held
    // for this step and the commit only (two round trips), not for the writes above.
    try {
      await reserveStock(
        tx,
        id,
        quote.lines
          .filter((l) => !l.isSubscription)
          .map((l) => ({ id: l.id, kind: l.isKit ? ('kit' as const) : ('variant' as const), quantity: l.quantity, label: l.size ? `${l.name} (${l.size})` : l.name })),
      );
    } catch (error) {
      if (error instanceof OutOfStockError) throw new CheckoutError('stock', error.shortages.map(shortageMessage).join(' '), { cause: error, shortages: error.shortages });
      throw new CheckoutError('stock', 'Erro ao reservar o estoque', { cause: error });
    }
    await afterStep?.('stock');
    // The coupon's use, last like the stock (its row lock held for the commit only): checked again and counted under the lock.
    if (usedCoupon) {
      try {
        await takeCouponUseIn(tx, { couponId: usedCoupon.id, orderId: id, userId: buyer.id, discountCents: totals.discountCents, lines: couponLines(quote.lines) });
      } catch (error) {
        if (error instanceof CouponRefusedError) throw new CheckoutError('cart', error.message, { field: 'coupon', cause: error });
        throw error;
      }
    }
    // Confirmed at once and on to fulfilment, through the one writer of the status; its note names the fatura.
    if (credit) await applyOrderActionIn(tx, { orderId: id, action: 'confirm_payment', actor: { kind: 'system' }, note: invoicedPaymentLine({ status: 'open', dueDate: credit.dueDate }), quiet: true });
    return { orderId: id, shipping, faturaBoleto };
  });
  return { orderId: placed.orderId, shipping: placed.shipping, faturaBoleto: placed.faturaBoleto, quote, placedAt, plan, programmedMonths, card, installments };
}

/** After the commit: the money, once per order (its first and only checkout attempt), then the confirmation e-mail. */
async function chargePlaced(db: Database, buyer: Buyer, input: PayNowInput, provider: PaymentProvider, placed: CommittedOrder, hooks?: ChargeHooks): Promise<PlacedOrder> {
  const { orderId, shipping, quote, placedAt, plan, programmedMonths, card, installments } = placed;
  const { totals } = quote;
  if (input.paymentMethod === INVOICED_METHOD) {
    // The boleto first, so the confirmation e-mail carries it; the order is confirmed whatever the gateway says.
    if (placed.faturaBoleto) await issueFaturaBoleto(db, provider, placed.faturaBoleto, hooks);
    const order = await getOwnOrder(db, buyer.id, orderId);
    if (order) await queueOrderEmail(db, 'placed', order, buyer);
    kickMailDelivery(db);
    return { orderId, replayed: false, payment: 'invoiced' };
  }
  const outcome = await chargeOrder(
    db,
    provider,
    {
      orderId,
      idempotencyKey: chargeKey(orderId),
      amountCents: totals.totalCents,
      method: input.paymentMethod,
      installments,
      description: `Pedido ${shortOrderId(orderId)} — Clarear`,
      customer: {
        name: buyer.name,
        email: buyer.email,
        taxId: input.taxId,
        address: { street: shipping.shipStreet!, number: shipping.shipNumber!, neighborhood: shipping.shipNeighborhood!, city: shipping.shipCity!, state: shipping.shipState!, zipCode: shipping.shipZipCode! },
      },
      card,
      saveCard: Boolean(card && (plan || programmedMonths)),
      expiresAt: new Date(placedAt.getTime() + getEnv().PIX_EXPIRES_MINUTES * 60_000),
    },
    { quiet: true, hooks },
  );
  if (outcome.status === 'declined') throw new CheckoutError('payment', `${DECLINED_PREFIX}: ${outcome.reason}`);
  // One insert (its dedupe key makes it once per order): no transaction of its own needed.
  const order = await getOwnOrder(db, buyer.id, orderId);
  if (order) await queueOrderEmail(db, 'placed', order, buyer);
  kickMailDelivery(db);
  return { orderId, replayed: false, payment: outcome.status };
}

/** The invoiced order's credit hold, its refusal told like the checkout's own. */
async function invoicedHold(tx: Transaction, userId: string, totalCents: number) {
  try {
    return await holdInvoicedCreditIn(tx, userId, totalCents);
  } catch (error) {
    if (error instanceof InvoicedRefusedError) throw new CheckoutError('payment', error.message, { field: 'paymentMethod' });
    throw error;
  }
}

/** The charge of a checkout's order: its first and only attempt (a declined card ends the order; the cart makes a new one). */
const chargeKey = (orderId: string) => `pedido:${orderId}:1`;

/** The same attempt again: its order, or the same refusal if its card was declined. */
async function replayOf(db: Executor, orderId: string): Promise<PlacedOrder> {
  const [row] = await db.select({ status: orders.status, cancelReason: orders.cancelReason, paymentDetails: orders.paymentDetails }).from(orders).where(eq(orders.id, orderId));
  if (row?.status === 'cancelled' && row.cancelReason?.startsWith(DECLINED_PREFIX)) throw new CheckoutError('payment', row.cancelReason);
  const payment = row?.status === 'pending' ? (row.paymentDetails ? 'awaiting' : 'unknown') : 'paid';
  return { orderId, replayed: true, payment };
}

/** An orçamento's lines and agreed prices, or its refusal in pt-BR as the checkout's. */
async function quoteAgreement(db: Executor, userId: string, quote: { id: string; version: number }): Promise<AgreedQuote> {
  return asCheckoutError(() => agreedQuote(db, userId, quote.id, quote.version));
}

async function asCheckoutError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof QuoteError) throw new CheckoutError('cart', error.message, { cause: error });
    throw error;
  }
}

async function step<T>(name: CheckoutStep, message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CheckoutError) throw error;
    throw new CheckoutError(name, message, { cause: error });
  }
}

async function findOrderByKey(db: Executor, userId: string, key: string): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row?.id ?? null;
}

export async function getUserTaxId(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ taxId: user.taxId }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.taxId ?? null;
}
