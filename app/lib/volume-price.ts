// Volume prices (issue 35): per size, optional tiers "a partir de N un.: R$ …". The size's own price
// is the tier of 1 unit; a line of N units costs, each, the price of the highest tier with
// min_quantity ≤ N. Browser (product page, cart preview) and server (checkout, programmed
// deliveries) compute it here, so they agree; the server's quote is what is charged.
import { SUBSCRIBER_DISCOUNT_PERCENT, WELCOME_DISCOUNT_PERCENT } from './discounts';
import { formatBRL } from './money';

/** A tier of a size: from `minQuantity` units on, each costs `priceCents`. */
export type PriceTier = { minQuantity: number; priceCents: number };

/** Bounds of a tier's quantity (the table's CHECK: 2 to 9999) and how many tiers a size may have. */
export const TIER_MIN_QUANTITY = 2;
export const TIER_MAX_QUANTITY = 9999;
export const MAX_PRICE_TIERS = 5;

/** How the volume prices combine with the store's one 10 % (lib/pricing computeTotals), said on the pages. */
export const VOLUME_DISCOUNT_RULE = `Preços por quantidade valem para todos. O desconto de assinante (${SUBSCRIBER_DISCOUNT_PERCENT}%) ou o de boas-vindas (${WELCOME_DISCOUNT_PERCENT}%) é aplicado sobre o preço por quantidade, nunca os dois juntos.`;

/** The tiers from the fewest units up (whatever order they came in). */
export function sortTiers(tiers: readonly PriceTier[]): PriceTier[] {
  return [...tiers].sort((a, b) => a.minQuantity - b.minQuantity);
}

/** The tier that applies to `quantity` units: the highest min_quantity ≤ quantity, or the size's own price (minQuantity 1). */
export function tierFor(baseCents: number, tiers: readonly PriceTier[], quantity: number): PriceTier {
  let applied: PriceTier = { minQuantity: 1, priceCents: baseCents };
  for (const tier of sortTiers(tiers)) if (tier.minQuantity <= quantity) applied = tier;
  return applied;
}

/** Each unit's price for a line of `quantity` units. */
export function unitPriceFor(baseCents: number, tiers: readonly PriceTier[], quantity: number): number {
  return tierFor(baseCents, tiers, quantity).priceCents;
}

/** The next tier above `quantity` and how many more units reach it; null at the last tier (or without tiers). */
export function nextTier(tiers: readonly PriceTier[], quantity: number): (PriceTier & { missing: number }) | null {
  const next = sortTiers(tiers).find((t) => t.minQuantity > quantity);
  return next ? { ...next, missing: next.minQuantity - quantity } : null;
}

/** "a partir de 6 un.: R$ 12,90" */
export function tierLabel(tier: PriceTier): string {
  return `a partir de ${tier.minQuantity} un.: ${formatBRL(tier.priceCents)}`;
}

/** "Faltam 3 un. para R$ 11,90 cada" (one unit: "Falta 1 un. …"); null when no tier is above. */
export function nextTierHint(tiers: readonly PriceTier[], quantity: number): string | null {
  const next = nextTier(tiers, quantity);
  if (!next) return null;
  return `${next.missing === 1 ? 'Falta' : 'Faltam'} ${next.missing} un. para ${formatBRL(next.priceCents)} cada`;
}

/** "Preço por quantidade (a partir de 24 un.)" under a line that got a tier; null at the size's own price. */
export function appliedTierNote(tier: Pick<PriceTier, 'minQuantity'>): string | null {
  return tier.minQuantity > 1 ? `Preço por quantidade (a partir de ${tier.minQuantity} un.)` : null;
}

export const TIER_MESSAGES = {
  quantity: `Informe a quantidade mínima: um número inteiro de ${TIER_MIN_QUANTITY} a ${TIER_MAX_QUANTITY}.`,
  quantityMissing: 'Informe a quantidade mínima desta faixa.',
  priceMissing: 'Informe o preço desta faixa.',
  ascending: 'As quantidades devem ser crescentes: cada faixa começa acima da anterior.',
  duplicate: 'Esta quantidade já está em outra faixa.',
  belowBase: 'O preço da faixa deve ser menor que o preço do tamanho (1 unidade).',
  belowPrevious: 'O preço deve ser menor que o da faixa anterior.',
  tooMany: `No máximo ${MAX_PRICE_TIERS} faixas de preço por tamanho.`,
} as const;

/** A tier row as the form typed it (a value not understood is null). */
export type TierInput = { minQuantity: number | null; priceCents: number | null };

/** A problem of a tier row, at its field. */
export type TierProblem = { index: number; field: 'minQuantity' | 'price'; message: string };

/**
 * The admin form's rule for a size's tiers, in the order typed: at most MAX_PRICE_TIERS, quantities
 * 2–9999 ascending and distinct, each price above 0 and below the previous tier's (the first: below
 * the size's own price). A row whose own value is missing is told so and not compared further.
 */
export function tierProblems(baseCents: number | null, rows: readonly TierInput[]): TierProblem[] {
  const problems: TierProblem[] = [];
  if (rows.length > MAX_PRICE_TIERS) problems.push({ index: MAX_PRICE_TIERS, field: 'minQuantity', message: TIER_MESSAGES.tooMany });
  const seen = new Set<number>();
  let previousQuantity = 1;
  let previousPrice = baseCents;
  rows.forEach((row, index) => {
    const q = row.minQuantity;
    if (q === null) problems.push({ index, field: 'minQuantity', message: TIER_MESSAGES.quantityMissing });
    else if (!Number.isInteger(q) || q < TIER_MIN_QUANTITY || q > TIER_MAX_QUANTITY) problems.push({ index, field: 'minQuantity', message: TIER_MESSAGES.quantity });
    else if (seen.has(q)) problems.push({ index, field: 'minQuantity', message: TIER_MESSAGES.duplicate });
    else if (q <= previousQuantity) problems.push({ index, field: 'minQuantity', message: TIER_MESSAGES.ascending });
    if (q !== null && Number.isInteger(q)) {
      seen.add(q);
      previousQuantity = Math.max(previousQuantity, q);
    }
    const p = row.priceCents;
    if (p === null || p <= 0) problems.push({ index, field: 'price', message: TIER_MESSAGES.priceMissing });
    else if (previousPrice !== null && p >= previousPrice) problems.push({ index, field: 'price', message: index === 0 ? TIER_MESSAGES.belowBase : TIER_MESSAGES.belowPrevious });
    if (p !== null && p > 0) previousPrice = p;
  });
  return problems;
}
