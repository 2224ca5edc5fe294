// The row of status tabs with counts above an admin list (orders, returns): each a link that keeps
// the other filters, the current one marked for screen readers too.
import { Link } from 'react-router';
import { cn } from '~/lib/cn';

/** [status (null: all), label, count] */
export type StatusTab = [string | null, string, number];

export function StatusTabs({ label, tabs, current, href }: { label: string; tabs: StatusTab[]; current: string | null; href: (status: string | null) => string }) {
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap gap-2">
      {tabs.map(([status, text, n]) => (
        <Link
          key={text}
          to={href(status)}
          aria-current={current === status ? 'page' : undefined}
          className={cn(
            'rounded-full border px-3 py-1.5 text-sm font-semibold',
            current === status
              ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-200 dark:bg-brand-200 dark:text-slate-950'
              : 'border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800',
          )}
        >
          {text} <span className="font-normal">({n})</span>
        </Link>
      ))}
    </nav>
  );
}
