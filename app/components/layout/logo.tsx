import { Sparkles } from '~/components/icons';
import { Link } from 'react-router';

/**
 * The header's logo. Below `lg` it takes the room the header's controls leave (they never shrink: WCAG 2.5.8
 * wants 24 px targets, and ours are 40), and the wordmark gives way when it does not fit: the link wraps and
 * clips it to a second, hidden line, so only the mark shows — on narrow phones, or beside a long first name.
 */
export function Logo() {
  return (
    <div className="flex min-w-9 flex-1 lg:flex-none">
      <Link
        to="/"
        aria-label="Clarear, página inicial"
        className="flex h-9 min-w-9 flex-wrap items-center gap-x-2 overflow-y-clip text-xl font-extrabold tracking-tight text-brand-800 dark:text-brand-100"
      >
        <span className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-brand-700 text-white">
          <Sparkles className="h-5 w-5" aria-hidden />
        </span>
        <span>Clarear</span>
      </Link>
    </div>
  );
}
