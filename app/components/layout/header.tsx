import { Heart, Menu, Search, ShoppingCart, X } from '~/components/icons';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useCart } from '~/lib/cart-store';
import { totalQuantity } from '~/lib/cart';
import { cn } from '~/lib/cn';
import type { RootData } from '~/lib/root-data';
import { toast } from '../ui/toaster';
import { AccountMenu } from './account-menu';
import { Logo } from './logo';
import { NAV_LINKS } from './nav-links';
import { SearchBar } from './search-bar';
import { ThemeToggle } from './theme-toggle';

/** The header turns more opaque past 50 px of scroll. */
export const HEADER_OPAQUE_AFTER_PX = 50;

type HeaderProps = { user: RootData['user'] };

export function Header({ user }: HeaderProps) {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const cartCount = totalQuantity(useCart());

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > HEADER_OPAQUE_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // A navigation closes the mobile menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  function openWishlist(event: React.MouseEvent<HTMLAnchorElement>) {
    if (user) return;
    event.preventDefault();
    toast({ title: 'Ação necessária', description: 'Faça login para adicionar à lista de desejos.', variant: 'destructive' });
    void navigate('/login');
  }

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={cn(
        'sticky top-0 z-50 border-b backdrop-blur transition-colors',
        scrolled
          ? 'border-slate-200 bg-white/95 shadow-sm dark:border-slate-800 dark:bg-slate-950/95'
          : 'border-transparent bg-white/70 dark:bg-slate-950/70',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-3 sm:gap-2 sm:px-4">
        <button
          type="button"
          className="grid h-10 w-10 shrink-0 place-items-center rounded-md lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="menu-principal"
          aria-label={menuOpen ? 'Fechar menu' : 'Abrir menu'}
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
        </button>
        <Logo />
        <nav aria-label="Principal" className="ml-6 hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === '/'}
                  className={({ isActive }) =>
                    cn(
                      'rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800',
                      isActive ? 'text-brand-700 dark:text-brand-200' : 'text-slate-700 dark:text-slate-200',
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* The controls keep their 40 px boxes; below lg only a signed-in first name may shorten (AccountMenu). */}
        <div className="ml-auto flex min-w-0 items-center gap-0.5 sm:gap-1 lg:min-w-auto">
          <button
            type="button"
            className="grid h-10 w-10 shrink-0 place-items-center rounded-md hover:bg-slate-100 dark:hover:bg-slate-800"
            aria-expanded={searchOpen}
            aria-controls="busca"
            aria-label={searchOpen ? 'Fechar busca' : 'Buscar produtos'}
            onClick={() => setSearchOpen((o) => !o)}
          >
            {searchOpen ? <X className="h-5 w-5" aria-hidden /> : <Search className="h-5 w-5" aria-hidden />}
          </button>
          <div className="hidden shrink-0 sm:block">
            <ThemeToggle />
          </div>
          <Link
            to={user ? '/area-cliente/lista-de-desejos' : '/login'}
            onClick={openWishlist}
            className="grid h-10 w-10 shrink-0 place-items-center rounded-md hover:bg-slate-100 dark:hover:bg-slate-800"
            aria-label="Lista de desejos"
          >
            <Heart className="h-5 w-5" aria-hidden />
          </Link>
          <Link
            to="/checkout"
            className="relative grid h-10 w-10 shrink-0 place-items-center rounded-md hover:bg-slate-100 dark:hover:bg-slate-800"
            aria-label={cartCount > 0 ? `Carrinho, ${cartCount} ${cartCount === 1 ? 'item' : 'itens'}` : 'Carrinho'}
          >
            <ShoppingCart className="h-5 w-5" aria-hidden />
            {cartCount > 0 ? (
              <span
                data-testid="cart-badge"
                className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-accent-500 px-1 text-xs font-bold text-slate-950"
              >
                {cartCount}
              </span>
            ) : null}
          </Link>
          <AccountMenu user={user} />
        </div>
      </div>
      {searchOpen ? <SearchBar onDone={() => setSearchOpen(false)} /> : null}
      {menuOpen ? (
        <nav id="menu-principal" aria-label="Menu" className="border-t border-slate-200 lg:hidden dark:border-slate-800">
          <ul className="mx-auto grid max-w-7xl gap-1 px-4 py-3">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'} className="block rounded-md px-3 py-2 font-medium hover:bg-slate-100 dark:hover:bg-slate-800">
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li className="flex items-center justify-between rounded-md px-3 py-1 sm:hidden">
              <span className="font-medium">Tema</span>
              <ThemeToggle />
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
