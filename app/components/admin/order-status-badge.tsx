// An order's status in words, coloured, for the admin's lists and pages.
import { cn } from '~/lib/cn';
import { orderStatusLabel } from '~/lib/order-status';

const STATUS_BADGE: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  paid: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  preparing: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
  shipped: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  delivered: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  cancelled: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

/** `paymentMethod`: an invoiced order, confirmed but not paid, reads 'Faturado' (issue 35). */
export function OrderStatusBadge({ status, paymentMethod }: { status: string; paymentMethod?: string | null }) {
  return <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_BADGE[status])}>{orderStatusLabel(status, paymentMethod)}</span>;
}
