import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-brand-800 dark:text-brand-100">
      <span className="grid h-9 w-9 place-items-center rounded-full bg-brand-700 text-white">
        <Sparkles className="h-5 w-5" aria-hidden />
      </span>
      Clarear
    </Link>
  );
}
