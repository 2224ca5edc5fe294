// /admin/*: the admin panel's frame: a sidebar that
// collapses to icons (and folds into a menu on narrow screens), the live
// sections, the three disabled ones, and sign-out. Every child route checks the
// admin role itself too: loaders run in parallel, so this check alone would not
// protect a child's data.
import {
  AlertTriangle,
  BarChart3,
  Building2,
  ChevronsLeft,
  ChevronsRight,
  FileText,
  Landmark,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  Newspaper,
  Package,
  Receipt,
  Repeat,
  Scale,
  RotateCcw,
  Settings,
  ShoppingBag,
  Star,
  Store,
  TicketPercent,
  Truck,
  Users,
  X,
  type LucideIcon,
  FileSpreadsheet,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Form, Link, NavLink, Outlet, useLocation } from 'react-router';
import { cn } from '~/lib/cn';
import { requireAdmin } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { log } from '~/server/infra/log.server';
import { openReturnsCount } from '~/server/returns/returns.server';
import type { Route } from './+types/layout';

export const handle = { chrome: 'admin' };

export const meta: Route.MetaFunction = () => [{ title: 'Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  // The "Devoluções" badge: a failed count hides the badge, never the panel.
  const returns = await openReturnsCount(await getDb()).catch((error: unknown) => {
    log.error('admin/layout: falha ao contar devoluções', error);
    return null;
  });
  return { name: admin.name, email: admin.email, returns };
}

type Section = { to: string; label: string; icon: LucideIcon; end?: boolean };

const SECTIONS: Section[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/orders', label: 'Pedidos', icon: ShoppingBag },
  { to: '/admin/notas-fiscais', label: 'Notas fiscais', icon: FileText },
  { to: '/admin/contas-a-receber', label: 'Contas a receber', icon: Landmark },
  { to: '/admin/returns', label: 'Devoluções', icon: RotateCcw },
  { to: '/admin/orcamentos', label: 'Orçamentos', icon: FileSpreadsheet },
  { to: '/admin/cupons', label: 'Cupons', icon: TicketPercent },
  { to: '/admin/products', label: 'Produtos', icon: Package },
  { to: '/admin/avaliacoes', label: 'Avaliações', icon: Star },
  { to: '/admin/frete', label: 'Frete', icon: Truck },
  { to: '/admin/subscriptions', label: 'Assinaturas', icon: Repeat },
  { to: '/admin/customers', label: 'Clientes', icon: Users },
  { to: '/admin/empresas', label: 'Empresas', icon: Building2 },
  { to: '/admin/messages', label: 'Mensagens', icon: Mail },
  { to: '/admin/newsletter', label: 'Newsletter', icon: Newspaper },
  { to: '/admin/reports', label: 'Relatórios', icon: BarChart3 },
  { to: '/admin/legal-pages', label: 'Páginas legais', icon: Scale },
  { to: '/admin/settings', label: 'Configurações', icon: Settings },
  { to: '/admin/fiscal', label: 'Fiscal', icon: Receipt },
];


const SIDEBAR_KEY = 'clarear_admin_sidebar_collapsed';

/**
 * 'auto' until the admin chooses: icons only on a tablet (md), full width from lg.
 * A choice ('collapsed' / 'expanded') applies at every width and is remembered.
 */
type SidebarMode = 'auto' | 'collapsed' | 'expanded';

/** Tailwind classes per mode: the sidebar's width, a label, an item's alignment, the header's name block. */
const SIDEBAR_CLASSES: Record<SidebarMode, { width: string; label: string; item: string; name: string }> = {
  auto: { width: 'md:w-16 lg:w-60', label: 'md:sr-only lg:not-sr-only', item: 'md:justify-center md:px-0 lg:justify-start lg:px-3', name: 'hidden lg:block' },
  collapsed: { width: 'md:w-16', label: 'md:sr-only', item: 'md:justify-center md:px-0', name: 'hidden' },
  expanded: { width: 'md:w-60', label: '', item: '', name: '' },
};

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const [mode, setMode] = useState<SidebarMode>('auto');
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => {
    const saved = localStorage.getItem(SIDEBAR_KEY);
    setMode(saved === '1' ? 'collapsed' : saved === '0' ? 'expanded' : 'auto');
  }, []);
  // A link followed on a phone closes the menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);
  function choose(next: 'collapsed' | 'expanded') {
    setMode(next);
    localStorage.setItem(SIDEBAR_KEY, next === 'collapsed' ? '1' : '0');
  }
  const classes = SIDEBAR_CLASSES[mode];
  const iconsOnly = mode !== 'expanded';

  return (
    <div className="flex min-h-screen flex-col bg-slate-50 md:flex-row dark:bg-slate-950">
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 md:hidden dark:border-slate-800 dark:bg-slate-900">
        <span className="font-bold">Painel Administrativo</span>
        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls="admin-sidebar"
          onClick={() => setMenuOpen((open) => !open)}
          className="grid h-10 w-10 place-items-center rounded-md hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          {menuOpen ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
          <span className="sr-only">{menuOpen ? 'Fechar menu' : 'Abrir menu'}</span>
        </button>
      </header>
      <aside
        id="admin-sidebar"
        className={cn(
          'shrink-0 border-slate-200 bg-white md:sticky md:top-0 md:block md:h-screen md:border-r dark:border-slate-800 dark:bg-slate-900',
          menuOpen ? 'block border-b' : 'hidden',
          classes.width,
        )}
      >
        <div className="flex h-full flex-col gap-4 p-3">
          <div className="hidden items-center justify-between gap-2 md:flex">
            <div className={cn('min-w-0 px-2', classes.name)}>
              <p className="truncate font-bold">Painel Administrativo</p>
              <p className="truncate text-xs text-slate-600 dark:text-slate-400">{loaderData.email}</p>
            </div>
            {/* In 'auto' the sidebar is icons-only on a tablet and full from lg: the button says what it will do at each width. */}
            {mode !== 'collapsed' ? (
              <SidebarToggle action="collapse" onClick={() => choose('collapsed')} className={mode === 'auto' ? 'hidden lg:grid' : undefined} />
            ) : null}
            {mode !== 'expanded' ? (
              <SidebarToggle action="expand" onClick={() => choose('expanded')} className={mode === 'auto' ? 'lg:hidden' : undefined} />
            ) : null}
          </div>
          {/* Seventeen sections are taller than a laptop screen: the list scrolls, "Ver loja" and "Sair" stay in view. */}
          <nav id="admin-nav" aria-label="Administração" className="min-h-0 flex-1 overflow-y-auto">
            <ul className="grid gap-1">
              {SECTIONS.map(({ to, label, icon: Icon, end }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={end}
                    title={iconsOnly ? label : undefined}
                    className={({ isActive }) =>
                      cn(
                        'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
                        classes.item,
                        isActive
                          ? 'bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-100'
                          : 'text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
                      )
                    }
                  >
                    <Icon className="h-5 w-5 shrink-0" aria-hidden />
                    <span className={classes.label}>
                      {label}
                      {to === '/admin/returns' && loaderData.returns && loaderData.returns.open > 0 ? <ReturnsBadge {...loaderData.returns} /> : null}
                    </span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="grid gap-1 border-t border-slate-200 pt-3 dark:border-slate-800">
            <Link
              to="/"
              title={iconsOnly ? 'Ver loja' : undefined}
              className={cn(
                'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800',
                classes.item,
              )}
            >
              <Store className="h-5 w-5 shrink-0" aria-hidden />
              <span className={classes.label}>Ver loja</span>
            </Link>
            <Form method="post" action="/logout">
              <button
                type="submit"
                title={iconsOnly ? 'Sair' : undefined}
                className={cn(
                  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-800',
                  classes.item,
                )}
              >
                <LogOut className="h-5 w-5 shrink-0" aria-hidden />
                <span className={classes.label}>Sair</span>
              </button>
            </Form>
          </div>
        </div>
      </aside>
      <main id="conteudo" className="min-w-0 flex-1 px-4 py-6 md:px-8 md:py-8">
        <Outlet />
      </main>
    </div>
  );
}

function SidebarToggle({ action, onClick, className }: { action: 'collapse' | 'expand'; onClick: () => void; className?: string | undefined }) {
  const label = action === 'collapse' ? 'Recolher menu' : 'Expandir menu';
  const Icon = action === 'collapse' ? ChevronsLeft : ChevronsRight;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-expanded={action === 'collapse'}
      aria-controls="admin-nav"
      title={label}
      className={cn('grid h-9 w-9 shrink-0 place-items-center rounded-md hover:bg-slate-100 dark:hover:bg-slate-800', className)}
    >
      <Icon className="h-5 w-5" aria-hidden />
      <span className="sr-only">{label}</span>
    </button>
  );
}

/** Open return requests beside "Devoluções", and the late ones with a warning sign (never a colour alone). */
function ReturnsBadge({ open, late }: { open: number; late: number }) {
  return (
    <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-950 dark:bg-amber-900 dark:text-amber-50" data-testid="returns-badge">
      {open}
      <span className="sr-only"> em aberto</span>
      {late > 0 ? (
        <>
          <span aria-hidden>·</span>
          <AlertTriangle className="h-3 w-3" aria-hidden />
          {late}
          <span className="sr-only">{late === 1 ? ' atrasada' : ' atrasadas'}</span>
        </>
      ) : null}
    </span>
  );
}
