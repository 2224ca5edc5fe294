import { cn } from '~/lib/cn';
import { formatBRL, toCents } from '~/lib/money';
import type { DiscountKind } from '~/lib/discounts';
import { discountLabel } from '~/lib/pricing';

export type OrderTotalsValues = {
  subtotalCents: number;
  discountCents: number;
  discountKind: DiscountKind | null;
  /** The freight; 0 reads 'Grátis'. */
  shippingCents: number;
  totalCents: number;
  /** The coupon that is the discount (issue 36): its line reads "Cupom ABC10". */
  couponCode?: string | null;
};

/**
 * Subtotal, the one discount (subscriber, welcome or a coupon, on its own line), the freight
 * ('Grátis' when free) and total: the same list on the checkout and on an order's page.
 * Without values (the checkout still pricing) the amounts read '—'; `shippingNote`
 * stands for the freight while it cannot be priced yet (no CEP).
 */
export function OrderTotals({
  totals,
  busy = false,
  className,
  totalTestId = 'order-total',
  shippingNote,
}: {
  totals: OrderTotalsValues | null;
  busy?: boolean;
  shippingNote?: string | null;
  className?: string;
  totalTestId?: string;
}) {
  return (
    <dl className={cn('grid gap-2 text-sm', className)} aria-busy={busy}>
      <div className="flex justify-between">
        <dt>Subtotal</dt>
        <dd>{totals ? formatBRL(totals.subtotalCents) : '—'}</dd>
      </div>
      {totals?.discountKind ? (
        <div className="flex justify-between text-brand-800 dark:text-brand-200" data-testid="discount-line">
          <dt>{discountLabel(totals.discountKind, totals.couponCode)}</dt>
          <dd>-{formatBRL(totals.discountCents)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between">
        <dt>Frete</dt>
        <dd data-testid="shipping-line">{shippingNote ? shippingNote : !totals ? '—' : totals.shippingCents === 0 ? 'Grátis' : formatBRL(totals.shippingCents)}</dd>
      </div>
      <div className="flex justify-between border-t border-slate-200 pt-2 text-lg font-bold dark:border-slate-700">
        <dt>Total</dt>
        <dd data-testid={totalTestId}>{totals ? formatBRL(totals.totalCents) : 'Calculando...'}</dd>
      </div>
    </dl>
  );
}

/** A stored order's amounts (numeric strings) as the totals list takes them. */
export function storedOrderTotals(order: { subtotalPrice: string; discountPrice: string; discountKind: DiscountKind | null; shippingPrice: string; totalPrice: string; couponCode?: string | null }): OrderTotalsValues {
  return {
    subtotalCents: toCents(order.subtotalPrice),
    discountCents: toCents(order.discountPrice),
    discountKind: order.discountKind,
    shippingCents: toCents(order.shippingPrice),
    totalCents: toCents(order.totalPrice),
    couponCode: order.couponCode ?? null,
  };
}
