// The customer's e-mails about an order: placed, payment confirmed, shipped, delivered,
// cancelled, expired. Each is queued (mail/outbox.server.ts) in the same transaction as the
// change it tells about, once per order and kind (dedupe key).
import { formatDateBR, formatDateTimeBR } from '~/lib/dates';
import { formatPrice, toCents } from '~/lib/money';
import { PAYMENT_METHOD_LABELS, shortOrderId } from '~/lib/order-status';
import { discountLabel } from '~/lib/pricing';
import { purchaseOrderLine } from '~/lib/schemas/purchase-order';
import { invoicedPaymentLine } from '~/lib/receivables';
import { formatCep } from '~/lib/cep';
import { CARRIER_LABELS, trackingUrl } from '~/lib/tracking';
import type { Executor } from '~/db/client.server';
import { safetySheetLinks, type SheetLink } from '../catalog/safety-sheets.server';
import { deliveryTerms, legalVersionPath, PLAN_WITHDRAWAL_SENTENCE, PRIVACY_SLUG, RETURNS_SLUG, TERMS_SLUG, WITHDRAWAL_SENTENCE } from '~/lib/contract';
import type { PublicSeller } from '~/lib/seller';
import { getEnv } from '../infra/env.server';
import { getPublicSettings } from '../settings/settings.server';
import type { EmailContent } from '../mail/html.server';
import { enqueueMail, type OutgoingMail } from '../mail/outbox.server';
import { currentSaleInvoice } from '../invoices/invoices.server';
import { howToPayText } from '../receivables/faturas.server';
import type { OrderSummary } from './orders.server';

export type OrderEmailKind = 'placed' | 'paid' | 'shipped' | 'delivered' | 'cancelled' | 'expired' | 'refunded';
export type Buyer = { name: string; email: string };
export type RenderedEmail = { subject: string; text: string };

function orderLink(order: OrderSummary): string {
  return `${getEnv().publicUrl}/pedido/${order.id}`;
}

function paymentText(order: OrderSummary): string | null {
  // Boleto faturado: the amount, the due date and the gateway's boleto (issue 35), else the store's own instructions.
  if (order.fatura) return [`${invoicedPaymentLine(order.fatura)} — ${formatPrice(order.fatura.amount)}`, howToPayText(order.fatura)].filter(Boolean).join('\n\n');
  const details = order.paymentDetails;
  if (!details) return null;
  const deadline = order.status === 'pending' && order.paymentExpiresAt ? `Pague até ${formatDateTimeBR(order.paymentExpiresAt)}.\n\n` : '';
  switch (details.method) {
    case 'pix':
      return `${deadline}Pix copia e cola:\n${details.copyPaste}`;
    case 'credit_card':
      return `Cartão de crédito em ${details.installments}x sem juros.`;
    case 'boleto':
      return `${deadline}Linha digitável do boleto (vence em ${details.dueDate.split('-').reverse().join('/')}):\n${details.digitableLine}${details.pdfUrl ? `\n\nBoleto para imprimir: ${details.pdfUrl}` : ''}`;
  }
}

function itemsText(order: OrderSummary): string {
  return order.items.map((i) => `- ${i.quantity}× ${i.productName}${i.size ? ` (${i.size})` : ''}: ${formatPrice(i.priceAtPurchase)} cada`).join('\n');
}

/** The items' safety data sheets (FDS) by product id (catalog/safety-sheets safetySheetLinks): what the confirmation links to. */
export type OrderSheets = Record<string, SheetLink[]>;

function sheetsText(order: OrderSummary, sheets: OrderSheets | undefined): string | null {
  if (!sheets) return null;
  const links = new Map<string, string>();
  for (const item of order.items) for (const sheet of item.productId ? (sheets[item.productId] ?? []) : []) links.set(sheet.url, sheet.name);
  if (links.size === 0) return null;
  return `Fichas de Dados de Segurança (FDS, PDF):\n${[...links].map(([url, name]) => `• ${name}: ${getEnv().publicUrl}${url}`).join('\n')}`;
}

function totalsText(order: OrderSummary): string {
  return [
    `Subtotal: ${formatPrice(order.subtotalPrice)}`,
    order.discountKind ? `${discountLabel(order.discountKind, order.couponCode)}: -${formatPrice(order.discountPrice)}` : null,
    `Frete: ${toCents(order.shippingPrice) === 0 ? 'Grátis' : formatPrice(order.shippingPrice)}`,
    `Total: ${formatPrice(order.totalPrice)}`,
  ]
    .filter((l) => l !== null)
    .join('\n');
}

/** How it travels: each parcel's service, price and the date promised at checkout. */
export function parcelsText(order: OrderSummary): string | null {
  if (order.parcels.length === 0) return null;
  const several = order.parcels.length > 1;
  return [
    several ? `Entrega em ${order.parcels.length} pacotes:` : 'Entrega:',
    ...order.parcels.map((p) => {
      const items = several ? ` (${order.items.filter((i) => i.parcelId === p.id).map((i) => i.productName).join(', ')})` : '';
      const price = toCents(p.price) === 0 ? 'frete grátis' : formatPrice(p.price);
      return `${several ? `Pacote ${p.position}${items}: ` : ''}${p.serviceName} — ${price} — chega até ${formatDateBR(p.promisedDate)}`;
    }),
  ].join('\n');
}

function addressText(order: OrderSummary): string | null {
  const a = order.address;
  if (!a) return null;
  return [
    'Entrega para:',
    a.recipientName,
    `${a.street}, ${a.number}${a.complement ? ` — ${a.complement}` : ''}`,
    `${a.neighborhood} — ${a.city}/${a.state}`,
    `CEP ${formatCep(a.zipCode)}`,
  ].join('\n');
}

function trackingText(order: OrderSummary): string | null {
  if (!order.carrier || !order.trackingCode) return null;
  const url = trackingUrl(order.carrier, order.trackingCode);
  return [`Transportadora: ${CARRIER_LABELS[order.carrier]}`, `Código de rastreio: ${order.trackingCode}`, url ? `Acompanhe a entrega: ${url}` : null]
    .filter((l) => l !== null)
    .join('\n');
}

// ---------------------------------------------------------------- what was agreed (issue 32)

/** What the confirmation e-mail needs beyond the order to repeat the contract (Decreto 7.962/2013 art. 4, IV). */
export type OrderContract = { seller: PublicSeller };

/** What only the confirmation carries: the items' FDS links and the contract summary. */
/** `invoice`: the order has an authorised NF-e (the shipping e-mail points to its files). */
export type OrderMailExtras = { sheets?: OrderSheets; contract?: OrderContract; invoice?: boolean };

/** The seller as the summary names it: razão social, CNPJ and address, whatever of them is filled in. */
function sellerLine(seller: PublicSeller): string {
  return [seller.legalName || seller.tradeName, seller.cnpj ? `CNPJ ${seller.cnpj}` : '', seller.address].filter(Boolean).join(' — ');
}

/**
 * The contract summary of the confirmation e-mail (the items, totals and payment are its own
 * paragraphs) and the addresses of the Termos de Uso and Política de Privacidade versions the
 * buyer accepted: those pages keep that text for good, whatever is published later.
 */
function contractText(order: OrderSummary, contract: OrderContract | undefined): string[] {
  const url = getEnv().publicUrl;
  const summary = [
    'Resumo do contrato',
    contract ? `Vendedor: ${sellerLine(contract.seller)}` : null,
    `Frete e entrega: ${deliveryTerms(order.parcels.map((p) => ({ serviceName: p.serviceName, priceCents: toCents(p.price), deadlineDays: p.deadlineDays, deliveryBy: p.promisedDate })))}`,
    `Direito de arrependimento: ${WITHDRAWAL_SENTENCE}${order.subscriptionId ? ` ${PLAN_WITHDRAWAL_SENTENCE}` : ''} Como desistir: ${url}/${RETURNS_SLUG}`,
  ];
  const accepted = [
    order.termsVersion ? `Termos de Uso aceitos (versão ${order.termsVersion}): ${url}${legalVersionPath(TERMS_SLUG, order.termsVersion)}` : null,
    order.privacyVersion ? `Política de Privacidade (versão ${order.privacyVersion}): ${url}${legalVersionPath(PRIVACY_SLUG, order.privacyVersion)}` : null,
  ];
  return [summary, accepted].map((block) => block.filter((l) => l !== null).join('\n')).filter(Boolean);
}

const lines = (...parts: (string | null | undefined | false)[]) => parts.filter((p): p is string => typeof p === 'string').join('\n\n');

/** The "expired" e-mail needs nothing of the order but its id: the expiry job writes it for a batch without reading each order. */
function expiredEmail(orderId: string, buyer: Buyer): RenderedEmail {
  const number = shortOrderId(orderId);
  return {
    subject: `Clarear: pedido ${number} cancelado por falta de pagamento`,
    text: lines(
      `Olá, ${buyer.name}!`,
      `Não identificamos o pagamento do seu pedido ${number} dentro do prazo, então ele foi cancelado e os produtos voltaram ao estoque.`,
      'Se você já pagou, responda a este e-mail: o pagamento fica registrado e resolvemos com você.',
      `Ainda quer os produtos? Faça um novo pedido: ${getEnv().publicUrl}/produtos`,
    ),
  };
}

/** The e-mail for `kind` about `order` (subject and plain text); the confirmation links the items' FDS (`sheets`) and repeats the contract (`contract`: its seller). */
export function orderEmail(kind: OrderEmailKind, order: OrderSummary, buyer: Buyer, extra: OrderMailExtras = {}): RenderedEmail {
  const number = shortOrderId(order.id);
  const hello = `Olá, ${buyer.name}!`;
  const follow = `Acompanhe seu pedido: ${orderLink(order)}`;
  switch (kind) {
    case 'placed':
      return {
        subject: order.status === 'pending' ? `Clarear: pedido ${number} recebido — aguardando pagamento` : `Clarear: pedido ${number} confirmado`,
        text: lines(
          hello,
          order.status === 'pending'
            ? `Recebemos seu pedido ${number}. Assim que o pagamento for confirmado, começamos a separar seus produtos.`
            : `Recebemos seu pedido ${number}. Obrigado por comprar na Clarear!`,
          purchaseOrderLine(order.purchaseOrderNumber),
          itemsText(order),
          totalsText(order),
          `Pagamento: ${PAYMENT_METHOD_LABELS[order.paymentMethod ?? ''] ?? '—'}`,
          paymentText(order),
          addressText(order),
          parcelsText(order),
          sheetsText(order, extra.sheets),
          ...contractText(order, extra.contract),
          follow,
        ),
      };
    case 'paid':
      return {
        subject: `Clarear: pagamento do pedido ${number} confirmado`,
        text: lines(
          hello,
          `O pagamento do seu pedido ${number} (${formatPrice(order.totalPrice)}) foi confirmado. Agora vamos separar seus produtos e avisaremos quando forem enviados.`,
          purchaseOrderLine(order.purchaseOrderNumber),
          addressText(order),
          follow,
        ),
      };
    case 'shipped':
      return {
        subject: `Clarear: pedido ${number} enviado`,
        text: lines(
          hello,
          `Seu pedido ${number} foi enviado!`,
          purchaseOrderLine(order.purchaseOrderNumber),
          trackingText(order),
          addressText(order),
          extra.invoice ? 'Nota fiscal: baixe o DANFE (PDF) e o XML na página do pedido.' : null,
          follow,
        ),
      };
    case 'delivered':
      return {
        subject: `Clarear: pedido ${number} entregue`,
        text: lines(hello, `Seu pedido ${number} foi entregue. Esperamos que goste dos produtos!`, 'Algum problema com a entrega? Responda a este e-mail ou fale conosco pelo site.', follow),
      };
    case 'cancelled':
      return {
        subject: `Clarear: pedido ${number} cancelado`,
        text: lines(
          hello,
          `Seu pedido ${number} foi cancelado.`,
          order.cancelReason ? `Motivo: ${order.cancelReason}` : null,
          order.refundStatus === 'pending' ? `Reembolso pendente: vamos devolver ${formatPrice(order.totalPrice)} pela mesma forma de pagamento e avisaremos quando for concluído.` : null,
          follow,
        ),
      };
    case 'refunded':
      return {
        subject: `Clarear: reembolso do pedido ${number} feito`,
        text: lines(
          hello,
          `Devolvemos ${formatPrice(order.totalPrice)} do seu pedido ${number} pela mesma forma de pagamento.`,
          order.paymentMethod === 'credit_card'
            ? 'No cartão de crédito, o estorno aparece na fatura em até duas faturas, conforme o banco.'
            : 'O valor volta para a conta de onde saiu o pagamento.',
          follow,
        ),
      };
    case 'expired':
      return expiredEmail(order.id, buyer);
  }
}

const HEADINGS = {
  placed: (o: OrderSummary) => (o.status === 'pending' ? 'Pedido recebido: falta o pagamento' : 'Pedido confirmado'),
  paid: () => 'Pagamento confirmado',
  shipped: () => 'Seu pedido está a caminho',
  delivered: () => 'Pedido entregue',
  cancelled: () => 'Pedido cancelado',
  expired: () => 'Pedido cancelado por falta de pagamento',
  refunded: () => 'Reembolso feito',
} satisfies Record<OrderEmailKind, (order: OrderSummary) => string>;

/** The same e-mail as HTML content: the text's paragraphs, the order table, the address, a button. */
export function orderEmailContent(kind: OrderEmailKind, order: OrderSummary, buyer: Buyer, extra: OrderMailExtras = {}): EmailContent {
  const { text } = orderEmail(kind, order, buyer, extra);
  const number = shortOrderId(order.id);
  // The text's own paragraphs, minus what the HTML shows as a table, a code box, an address or a button.
  const skip = (p: string) => p.startsWith('- ') || p.startsWith('Subtotal:') || p.startsWith('Entrega para:') || p.startsWith('Acompanhe seu pedido:') || p.includes('copia e cola:') || p.startsWith('Linha digitável');
  const paragraphs = text.split('\n\n').filter((p) => !skip(p));
  const details = order.paymentDetails;
  const showCode = kind === 'placed' && order.status === 'pending' && details && details.method !== 'credit_card';
  const tracking = kind === 'shipped' && order.carrier && order.trackingCode ? trackingUrl(order.carrier, order.trackingCode) : null;
  return {
    preview: `Pedido ${number}: ${HEADINGS[kind](order).toLowerCase()}`,
    heading: `${HEADINGS[kind](order)} — pedido ${number}`,
    paragraphs,
    code: showCode ? (details.method === 'pix' ? { label: 'Pix copia e cola', value: details.copyPaste } : { label: 'Linha digitável do boleto', value: details.digitableLine }) : undefined,
    lines: kind === 'placed' ? order.items.map((i) => ({ quantity: i.quantity, name: i.productName, size: i.size, unitPrice: i.priceAtPurchase })) : undefined,
    totals:
      kind === 'placed'
        ? { subtotal: order.subtotalPrice, discountLabel: order.discountKind ? discountLabel(order.discountKind, order.couponCode) : null, discount: order.discountPrice, total: order.totalPrice }
        : undefined,
    address: (kind === 'placed' || kind === 'paid' || kind === 'shipped') && order.address ? order.address : undefined,
    button: tracking
      ? { label: 'Rastrear a entrega', url: tracking }
      : kind === 'expired'
        ? { label: 'Fazer um novo pedido', url: `${getEnv().publicUrl}/produtos` }
        : { label: 'Ver meu pedido', url: orderLink(order) },
  };
}

/** The outbox row of an order e-mail: texts, the HTML part's content (laid out when sent) and its once-per-order-and-kind key. */
export function orderMail(kind: OrderEmailKind, order: OrderSummary, buyer: Buyer, extra: OrderMailExtras = {}): OutgoingMail {
  if (kind === 'expired') return expiredOrderMail(order.id, buyer);
  const mail = orderEmail(kind, order, buyer, extra);
  return { kind: `order-${kind}`, to: buyer.email, ...mail, content: orderEmailContent(kind, order, buyer, extra), dedupeKey: `order:${order.id}:${kind}` };
}

/**
 * The "expired" e-mail's outbox row from the order's id alone: the one `orderMail('expired', …)`
 * gives (it calls this), so the expiry job's batch and a single cancel write the same row.
 */
export function expiredOrderMail(orderId: string, buyer: Buyer): OutgoingMail {
  const mail = expiredEmail(orderId, buyer);
  const content = {
    preview: `Pedido ${shortOrderId(orderId)}: ${HEADINGS.expired().toLowerCase()}`,
    heading: `${HEADINGS.expired()} — pedido ${shortOrderId(orderId)}`,
    paragraphs: mail.text.split('\n\n'),
    button: { label: 'Fazer um novo pedido', url: `${getEnv().publicUrl}/produtos` },
  };
  return { kind: 'order-expired', to: buyer.email, ...mail, content, dedupeKey: `order:${orderId}:expired` };
}

/** Queues the e-mail in the caller's transaction; the same order and kind is sent once. */
export async function queueOrderEmail(tx: Executor, kind: OrderEmailKind, order: OrderSummary, buyer: Buyer): Promise<void> {
  // The confirmation links each item's FDS and names the seller as the store's settings say now, kept in the outbox row as sent.
  const extra: OrderMailExtras =
    kind === 'placed'
      ? { sheets: await safetySheetLinks(tx, order.items.map((i) => i.productId)), contract: { seller: (await getPublicSettings(tx)).seller } }
      : kind === 'shipped'
        ? { invoice: (await currentSaleInvoice(tx, order.id))?.status === 'authorized' }
        : {};
  await enqueueMail(tx, await orderMail(kind, order, buyer, extra));
}
