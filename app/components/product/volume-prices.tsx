// Volume prices (issue 35) as the shopper reads them: a size's tiers with the one that applies to a
// quantity marked, the units missing for the next one, and how the one 10 % combines with them.
import { cn } from '~/lib/cn';
import { toCents } from '~/lib/money';
import { nextTierHint, tierFor, tierLabel, VOLUME_DISCOUNT_RULE, type PriceTier } from '~/lib/volume-price';

/** Tiers as the catalogue sends them (price as '44.90'), in cents. */
export function tiersInCents(tiers: readonly { minQuantity: number; price: string | number }[] | undefined): PriceTier[] {
  return (tiers ?? []).map((t) => ({ minQuantity: t.minQuantity, priceCents: toCents(t.price) }));
}

export function VolumePrices({
  baseCents,
  tiers,
  quantity,
  title = 'Preços por quantidade',
  className,
}: {
  baseCents: number;
  tiers: readonly PriceTier[];
  quantity: number;
  title?: string;
  className?: string;
}) {
  if (tiers.length === 0) return null;
  const applied = tierFor(baseCents, tiers, quantity);
  const hint = nextTierHint(tiers, quantity);
  return (
    <section className={cn('grid gap-1 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100', className)} data-testid="volume-prices">
      <h3 className="font-semibold">{title}</h3>
      <ul className="grid gap-0.5">
        {tiers.map((t) => {
          const on = t.minQuantity === applied.minQuantity;
          return (
            <li key={t.minQuantity} className={on ? 'font-semibold' : undefined} aria-current={on ? 'true' : undefined}>
              {tierLabel(t)}
              {on ? <span> (aplicado)</span> : null}
            </li>
          );
        })}
      </ul>
      {hint ? <p data-testid="next-tier">{hint}</p> : null}
      <p className="text-xs text-slate-700 dark:text-slate-300">{VOLUME_DISCOUNT_RULE}</p>
    </section>
  );
}
