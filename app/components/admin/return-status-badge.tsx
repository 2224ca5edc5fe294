// A return's state in words for the admin's list and page, and the "Atrasada" flag (an icon and a
// word, never a colour alone).
import { AlertTriangle } from 'lucide-react';
import { cn } from '~/lib/cn';

const STATUS_BADGE: Record<string, string> = {
  requested: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  approved: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  received: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
  refunded: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  replaced: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  rejected: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

export function ReturnStatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_BADGE[status])}>{label}</span>;
}

export function LateFlag() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-red-700 px-2 py-0.5 text-xs font-bold text-red-800 dark:border-red-300 dark:text-red-200" data-testid="late-flag">
      <AlertTriangle className="h-3.5 w-3.5" aria-hidden />
      Atrasada
    </span>
  );
}
