import { ChevronDown, LogOut, User } from '~/components/icons';
import { useEffect, useRef } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { firstNameOr } from '~/lib/user-name';
import type { RootData } from '~/lib/root-data';

/** 'Entrar' when signed out; the first name with 'Minha Conta' and 'Sair' when signed in. */
export function AccountMenu({ user }: { user: RootData['user'] }) {
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [location.pathname]);

  useEffect(() => {
    const close = (event: Event) => {
      const el = details.current;
      if (!el?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        el.open = false;
        el.querySelector('summary')?.focus();
        return;
      }
      if (!el.contains(event.target as Node)) el.open = false;
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);

  if (!user) {
    return (
      <Link
        to="/login"
        className="ml-1 inline-flex h-10 shrink-0 items-center gap-1.5 rounded-md bg-brand-700 px-2 text-sm font-semibold text-white hover:bg-brand-800 sm:px-3"
      >
        <User className="hidden h-4 w-4 sm:block" aria-hidden />
        <span className="hidden sm:inline">Entrar</span>
        {/* Two lines on phones ("Entrar /" over "Criar Conta"), so the header's icons keep their room. */}
        <span className="w-min text-center text-xs leading-tight sm:hidden">Entrar&nbsp;/ Criar&nbsp;Conta</span>
      </Link>
    );
  }

  return (
    // On a narrow phone a long first name is cut short (…) rather than squeezing the header's icons.
    <details ref={details} className="relative ml-1 min-w-0">
      <summary
        data-testid="account-menu"
        className="inline-flex h-10 max-w-full cursor-pointer list-none items-center gap-2 rounded-md px-3 text-sm font-semibold hover:bg-slate-100 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
      >
        <User className="h-4 w-4 shrink-0" aria-hidden />
        <span className="min-w-0 truncate">{firstNameOr(user.name, 'Conta')}</span>
        <ChevronDown className="h-4 w-4 shrink-0" aria-hidden />
      </summary>
      <div className="absolute right-0 mt-2 w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <Link to="/area-cliente/perfil" className="block rounded px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
          Minha Conta
        </Link>
        <Form method="post" action="/logout">
          <button
            type="submit"
            className="flex w-full items-center gap-2 rounded px-3 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <LogOut className="h-4 w-4" aria-hidden />
            Sair
          </button>
        </Form>
      </div>
    </details>
  );
}
