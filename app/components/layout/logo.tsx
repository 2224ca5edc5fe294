import { Sparkles } from '~/components/icons';
import { Link } from 'react-router';

export function Logo() {
  return (
    <Link
      to="/"
      aria-label="Clarear, página inicial"
      className="flex shrink-0 items-center gap-2 text-xl font-extrabold tracking-tight text-brand-800 dark:text-brand-100"
    >
      <span className="grid h-9 w-9 place-items-center rounded-full bg-brand-700 text-white">
        <Sparkles className="h-5 w-5" aria-hidden />
      </span>
      {/* On the narrowest phones the mark alone keeps the header on one line. */}
      <span className="hidden min-[400px]:inline">Clarear</span>
    </Link>
  );
}
