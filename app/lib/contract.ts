// What was agreed (Decreto 7.962/2013 art. 4, I and IV): the contract summary the checkout shows
// before "Pagar Agora" and the confirmation e-mail repeats, and the rule that asks a customer to
// accept the Termos de Uso again only when they changed since the last purchase. Pure: the
// checkout page, the server and the e-mail read the same sentences.
import { formatDateBR } from './dates';
import { formatBRL } from './money';
import { PLAN_WITHDRAWAL_DAYS, WITHDRAWAL_DAYS } from './returns';

/** The legal pages an order records the version of, and the one the withdrawal sentence links to. */
export const TERMS_SLUG = 'termos-uso';
export const PRIVACY_SLUG = 'politica-privacidade';
export const RETURNS_SLUG = 'trocas-devolucoes';

/** '/termos-uso/versao/3': a past version of a legal page, kept for good (routes/legal-page-version.tsx). */
export function legalVersionPath(slug: string, version: number): string {
  return `/${slug}/versao/${version}`;
}

/** The right of withdrawal in one sentence (CDC art. 49), with a link to /trocas-devolucoes beside it. */
export const WITHDRAWAL_SENTENCE = `Você pode desistir da compra em até ${WITHDRAWAL_DAYS} dias após o recebimento, com reembolso integral, inclusive do frete.`;

/** The plan's own withdrawal: counted from the purchase, not a delivery. */
export const PLAN_WITHDRAWAL_SENTENCE = `A Assinatura Inteligente pode ser cancelada com reembolso integral em até ${PLAN_WITHDRAWAL_DAYS} dias da contratação.`;

/** A parcel as the contract states its delivery: the service, its price and its promise (lib/freight). */
export type DeliveryTermsParcel = { serviceName: string; priceCents: number; deadlineDays: number; deliveryBy: string };

const DISPATCH = 'O pedido é enviado ao endereço escolhido depois da confirmação do pagamento, e o código de rastreio chega por e-mail.';

/**
 * Freight and delivery as quoted for this order (Decreto 7.962/2013 art. 2, V: the delivery terms in
 * the offer): each parcel's service, price and deadline in business days counted from the payment's
 * confirmation, with the date it arrives by when paid today. Before a quote: how orders ship.
 */
export function deliveryTerms(parcels: readonly DeliveryTermsParcel[]): string {
  if (parcels.length === 0) return DISPATCH;
  const parts = parcels.map((p, i) => {
    const price = p.priceCents === 0 ? 'frete grátis' : `frete de ${formatBRL(p.priceCents)}`;
    const label = parcels.length > 1 ? `Pacote ${i + 1} por ${p.serviceName}` : p.serviceName;
    return `${label}: ${price}, entrega em até ${p.deadlineDays} ${p.deadlineDays === 1 ? 'dia útil' : 'dias úteis'} após a confirmação do pagamento (chega até ${formatDateBR(p.deliveryBy)} se confirmado hoje).`;
  });
  return `${parts.join(' ')} ${DISPATCH}`;
}

/** Why an order is refused for the Termos de Uso (null: it may be placed). */
export type TermsProblem = 'missing' | 'changed' | 'stale';

/**
 * Whether the customer must tick "Li e aceito os Termos de Uso": only when the current version is
 * not the one their orders last recorded (or they never ordered). No Termos published: nothing to accept.
 */
export function termsAcceptanceRequired(current: number | null, lastAccepted: number | null): boolean {
  return current !== null && lastAccepted !== current;
}

/**
 * What the server answers to the version the page says was accepted (`accepted`, null when the box
 * was not shown or not ticked): a first acceptance missing, the Termos changed since the last
 * purchase, or the page showed a version edited meanwhile.
 */
export function termsProblem(current: number | null, lastAccepted: number | null, accepted: number | null): TermsProblem | null {
  if (!termsAcceptanceRequired(current, lastAccepted) || accepted === current) return null;
  if (accepted !== null) return 'stale';
  return lastAccepted === null ? 'missing' : 'changed';
}

export const TERMS_CHECKBOX_LABEL = 'Li e aceito os Termos de Uso';

export const TERMS_MESSAGES: Record<TermsProblem, string> = {
  missing: `Para finalizar a compra, leia e marque “${TERMS_CHECKBOX_LABEL}”.`,
  changed: `Os Termos de Uso mudaram desde a sua última compra. Leia a nova versão e marque “${TERMS_CHECKBOX_LABEL}” para continuar.`,
  stale: `Os Termos de Uso foram atualizados enquanto você comprava. Leia a nova versão e marque de novo “${TERMS_CHECKBOX_LABEL}”.`,
};
