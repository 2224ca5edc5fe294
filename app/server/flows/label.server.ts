// Buying a parcel's shipping label through Melhor Envio (issue 33), from the admin's order page:
// (a) the parcel goes into the store's Melhor Envio cart, (b) the cart item is paid from the store's
// Melhor Envio wallet (money), (c) the label is generated (the carrier's tracking code), (d) its PDF
// link is kept for printing. Each step's outcome is recorded on the parcel (shipping/parcels, the one
// writer) before the next outside call, so a retry continues from the last recorded step, and each
// step runs under a claim committed before its call (the parcel's version, see shipping/parcels): a
// double click or two admins at once make one cart item, paid once. Before paying, the cart item's
// state is read back from Melhor Envio: a payment whose answer was lost (a crash, a timeout) is
// recognised and never made twice. The order itself is shipped later, when the carrier posts the
// parcel (shipping/tracking).
import type { Database } from '~/db/client.server';
import { toCents } from '~/lib/money';
import { TO_SHIP_STATUSES } from '~/lib/order-lifecycle';
import { kitPackage } from '~/lib/package';
import { isSellerComplete } from '~/lib/seller';
import type { LabelStatus } from '~/lib/shipment';
import { taxIdKind } from '~/lib/tax-id';
import { log } from '../infra/log.server';
import { currentSaleInvoice, shippingAwaitsInvoice } from '../invoices/invoices.server';
import { getOrderDetail } from '../orders/orders.server';
import { getEditableSettings } from '../settings/settings.server';
import { MelhorEnvioError, type MelhorEnvio, type MelhorEnvioAddress, type MelhorEnvioShipment } from '../shipping/melhorenvio.server';
import {
  claimParcel,
  parcelContents,
  parcelForLabel,
  recordCartGone,
  recordGenerated,
  recordInCart,
  recordPaid,
  recordPrinted,
  releaseClaim,
  type ParcelForLabel,
} from '../shipping/parcels.server';
import { freightItems } from '../shipping/rules.server';

export const LABEL_ERROR_PREFIX = 'Não foi possível comprar a etiqueta';

/** A refused or failed purchase: 404 (no such parcel), 409 (state, or a purchase under way), 422 (missing data), 502 (Melhor Envio). */
export class LabelError extends Error {
  constructor(
    readonly status: 404 | 409 | 422 | 502,
    reason: string,
    options?: ErrorOptions,
  ) {
    super(`${LABEL_ERROR_PREFIX}: ${reason}`, options);
    this.name = 'LabelError';
  }
}

export const LABEL_MESSAGES = {
  notFound: 'volume não encontrado neste pedido.',
  notPaid: 'só um pedido pago e ainda não enviado tem etiqueta.',
  notMapped: 'o serviço de entrega deste volume não é do Melhor Envio.',
  busy: 'a compra da etiqueta deste volume já está em andamento. Aguarde um instante e recarregue a página.',
  cartGone: 'o envio não está mais no carrinho do Melhor Envio. Tente de novo para colocá-lo no carrinho outra vez.',
  notPaidThere: 'o Melhor Envio não confirmou o pagamento da etiqueta.',
  seller: 'complete os dados do vendedor (razão social, CNPJ e endereço) em Configurações.',
  address: 'o pedido não tem endereço de entrega.',
  items: 'o volume não tem itens.',
  packages: 'informe o peso e as medidas das embalagens dos produtos deste volume (Produtos).',
  invoice: 'a NF-e do pedido ainda não foi autorizada (com a emissão de NF-e ligada, a etiqueta vai com a chave da nota).',
} as const;

/** The steps, for tests that stop the flow right after one was recorded. */
export type LabelStep = 'cart' | 'checkout' | 'generate' | 'print';
export type LabelHooks = { afterStep?: (step: LabelStep) => Promise<void> };

export type LabelResult = { labelStatus: LabelStatus; labelUrl: string | null; trackingCode: string | null };

/** Their states of a label already paid for (the wallet debited). */
const PAID_THERE = new Set(['released', 'paid', 'generated', 'posted', 'delivered', 'undelivered']);
/** Their states of a cart item that will never be paid. */
const GONE_THERE = new Set(['canceled', 'cancelled', 'expired']);

export async function buyLabel(
  db: Database,
  input: { orderId: string; parcelId: string; adminId: string },
  carrier: MelhorEnvio,
  hooks: LabelHooks = {},
): Promise<LabelResult> {
  for (;;) {
    const parcel = await parcelForLabel(db, input.orderId, input.parcelId);
    if (!parcel) throw new LabelError(404, LABEL_MESSAGES.notFound);
    if (parcel.labelStatus === 'printed') return { labelStatus: 'printed', labelUrl: parcel.labelUrl, trackingCode: parcel.trackingCode };
    if (!TO_SHIP_STATUSES.includes(parcel.orderStatus)) throw new LabelError(409, LABEL_MESSAGES.notPaid);
    if (parcel.melhorEnvioServiceId === null) throw new LabelError(422, LABEL_MESSAGES.notMapped);
    if (parcel.labelStatus === null && (await shippingAwaitsInvoice(db, parcel.orderId))) throw new LabelError(409, LABEL_MESSAGES.invoice);
    const step: LabelStep = parcel.labelStatus === null ? 'cart' : parcel.labelStatus === 'in_cart' ? 'checkout' : parcel.labelStatus === 'paid' ? 'generate' : 'print';
    // What the cart needs is read before the claim: a refusal for missing data claims nothing.
    const shipment = step === 'cart' ? await shipmentOf(db, parcel, parcel.melhorEnvioServiceId, carrier) : null;
    const claimed = await claimParcel(db, parcel);
    if (claimed === null) throw new LabelError(409, LABEL_MESSAGES.busy);
    let recorded: boolean;
    try {
      recorded = await runStep(db, step, parcel, claimed, carrier, shipment);
    } catch (error) {
      await releaseClaim(db, parcel.id, claimed).catch((e: unknown) => log.error(`etiqueta do volume ${parcel.id}: a reserva não foi devolvida`, e));
      if (error instanceof MelhorEnvioError) {
        log.warn(`etiqueta do volume ${parcel.id} (${step}): ${error.message}${error.apiMessage ? ` — ${error.apiMessage}` : ''}`, error);
        // Their validation words say which field to fix; a failure's own message says what happened.
        const detail = error.kind === 'http' && (error.status === 400 || error.status === 422) && error.apiMessage ? ` (${error.apiMessage})` : '';
        throw new LabelError(502, `${error.message}${detail}`, { cause: error });
      }
      throw error;
    }
    // Someone took the claim over meanwhile: they carry on from what is recorded.
    if (!recorded) throw new LabelError(409, LABEL_MESSAGES.busy);
    log.info(`etiqueta do volume ${parcel.id} do pedido ${parcel.orderId}: ${step}`, { adminId: input.adminId });
    await hooks.afterStep?.(step);
  }
}

/** One step: its outside call(s), then its record under the claim (false when the claim was lost). */
async function runStep(db: Database, step: LabelStep, parcel: ParcelForLabel, claimed: number, carrier: MelhorEnvio, shipment: MelhorEnvioShipment | null): Promise<boolean> {
  const id = parcel.melhorEnvioOrderId;
  switch (step) {
    case 'cart': {
      const item = await carrier.addToCart(shipment!);
      return recordInCart(db, parcel.id, claimed, item.id);
    }
    case 'checkout': {
      // Paid already (a crash or a lost answer after the purchase): recorded, not bought again.
      const there = await carrier.getOrder(id!);
      if (!there || GONE_THERE.has(there.status)) {
        await recordCartGone(db, parcel.id, claimed);
        throw new LabelError(409, LABEL_MESSAGES.cartGone);
      }
      if (!PAID_THERE.has(there.status) && there.paidAt === null) {
        const purchase = await carrier.checkout([id!]);
        const mine = purchase.orders.find((o) => o.id === id);
        if (purchase.status !== 'paid' && !(mine && PAID_THERE.has(mine.status))) throw new LabelError(502, LABEL_MESSAGES.notPaidThere);
      }
      return recordPaid(db, parcel.id, claimed);
    }
    case 'generate': {
      const answer = (await carrier.generate([id!]))[id!];
      const there = await carrier.getOrder(id!);
      // "Já está gerado" (a retry after a lost answer) is as good as generated.
      if (!answer?.generated && !there?.generatedAt && !there?.tracking) throw new LabelError(502, answer?.message ?? 'o Melhor Envio não gerou a etiqueta.');
      return recordGenerated(db, parcel.id, claimed, there?.tracking ?? null);
    }
    case 'print': {
      const { url } = await carrier.print([id!]);
      const tracking = parcel.trackingCode ?? (await carrier.getOrder(id!))?.tracking ?? null;
      return recordPrinted(db, parcel.id, claimed, url, tracking);
    }
  }
}

const reais = (cents: number) => cents / 100;

/** What Melhor Envio's cart takes for the parcel: the store (from), the order's address (to), its items, one volume. */
async function shipmentOf(db: Database, parcel: ParcelForLabel, serviceId: number, carrier: MelhorEnvio): Promise<MelhorEnvioShipment> {
  const [settings, order, contents] = await Promise.all([getEditableSettings(db), getOrderDetail(db, parcel.orderId), parcelContents(db, parcel.id)]);
  const seller = settings.seller;
  if (!isSellerComplete(seller)) throw new LabelError(422, LABEL_MESSAGES.seller);
  if (!order?.address) throw new LabelError(422, LABEL_MESSAGES.address);
  if (contents.length === 0) throw new LabelError(422, LABEL_MESSAGES.items);

  // The volume: the items' packages in one box (the kit rule: the sum of the weights, a box holding
  // the sum of the volumes), at least the weight the checkout priced.
  const lines = contents.map((c, i) => ({ id: c.variantId ?? c.kitId ?? `sem-cadastro-${i}`, name: c.productName, quantity: c.quantity, unitCents: toCents(c.unitPrice) }));
  const weighed = await freightItems(db, lines, { fresh: true });
  const box = kitPackage(weighed.map((w) => ({ pkg: w, quantity: w.quantity })));
  if (box.weightGrams === null || box.lengthCm === null || box.widthCm === null || box.heightCm === null) throw new LabelError(422, LABEL_MESSAGES.packages);
  const weightGrams = Math.max(box.weightGrams, parcel.weightGrams ?? 0);
  const valueCents = contents.reduce((sum, c) => sum + toCents(c.unitPrice) * c.quantity, 0);

  const from: MelhorEnvioAddress = {
    name: seller.tradeName || seller.legalName,
    phone: settings.phone || undefined,
    email: settings.contactEmail || undefined,
    companyDocument: seller.cnpj,
    stateRegister: /^\d+$/.test(seller.stateRegistration) ? seller.stateRegistration : undefined,
    address: seller.addressStreet,
    number: seller.addressNumber,
    complement: seller.addressComplement || undefined,
    district: seller.addressNeighborhood,
    city: seller.addressCity,
    stateAbbr: seller.addressState,
    // Where parcels leave from (the quotes' origin too).
    postalCode: carrier.fromCep,
  };
  const a = order.address;
  const buyerTaxId = order.taxId ?? '';
  const invoice = await currentSaleInvoice(db, parcel.orderId);
  const invoiceKey = invoice?.status === 'authorized' ? (invoice.accessKey ?? undefined) : undefined;
  const to: MelhorEnvioAddress = {
    name: a.recipientName,
    email: order.customer?.email,
    ...(taxIdKind(buyerTaxId) === 'cnpj' ? { companyDocument: buyerTaxId } : buyerTaxId ? { document: buyerTaxId } : {}),
    address: a.street,
    number: a.number,
    complement: a.complement ?? undefined,
    district: a.neighborhood,
    city: a.city,
    stateAbbr: a.state,
    postalCode: a.zipCode,
  };
  return {
    serviceId,
    from,
    to,
    products: contents.map((c) => ({ name: c.size ? `${c.productName} (${c.size})` : c.productName, quantity: c.quantity, unitaryValue: reais(toCents(c.unitPrice)) })),
    volumes: [{ heightCm: box.heightCm, widthCm: box.widthCm, lengthCm: box.lengthCm, weightKg: weightGrams / 1000 }],
    // With its authorised NF-e the shipment is commercial and carries the key; without one, a content declaration.
    options: { insuranceValue: reais(valueCents), ...(invoiceKey ? { nonCommercial: false, invoiceKey } : { nonCommercial: true }), platform: 'Clarear', tags: [{ tag: parcel.orderId }] },
  };
}
