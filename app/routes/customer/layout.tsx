// /area-cliente/*: the customer area's sidebar. Every
// child route checks the session itself too: loaders run in parallel, so the
// layout's check alone would not protect a child's data.
import { Form, NavLink, Outlet, useLocation } from 'react-router';
import { cn } from '~/lib/cn';
import { firstNameOr } from '~/lib/user-name';
import { requireUser } from '~/server/auth/session.server';
import { companyOfUser } from '~/server/companies/membership.server';
import { getDb } from '~/server/infra/db.server';
import type { Route } from './+types/layout';

export const CUSTOMER_TABS = [
  { to: 'perfil', label: 'Meus Dados' },
  { to: 'enderecos', label: 'Meus Endereços' },
  { to: 'meus-pedidos', label: 'Meus Pedidos' },
  { to: 'orcamentos', label: 'Orçamentos' },
  { to: 'empresa', label: 'Empresa' },
  { to: 'assinaturas', label: 'Assinaturas' },
  { to: 'lista-de-desejos', label: 'Lista de Desejos' },
  { to: 'kits-salvos', label: 'Meus Kits Salvos' },
  { to: 'pagamentos', label: 'Métodos de Pagamento' },
  { to: 'notificacoes', label: 'Notificações' },
  { to: 'preferencias', label: 'Preferências' },
] as const;

export const meta: Route.MetaFunction = () => [{ title: 'Minha Conta | Clarear' }, { name: 'robots', content: 'noindex' }];

/** Shown to a company's members only (issue 35); the page refuses anyone else itself. */
const MEMBER_TABS = [{ to: 'faturas', label: 'Faturas' }] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const member = Boolean(await companyOfUser(await getDb(), user.id));
  return { name: user.name, email: user.email, member };
}

export default function CustomerLayout({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const tabs = loaderData.member ? [...CUSTOMER_TABS.slice(0, 3), ...MEMBER_TABS, ...CUSTOMER_TABS.slice(3)] : CUSTOMER_TABS;
  const current = tabs.find((t) => location.pathname.startsWith(`/area-cliente/${t.to}`));
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 md:grid-cols-[15rem_1fr]">
      <aside className="md:sticky md:top-20 md:self-start">
        <p className="text-lg font-bold">Olá, {firstNameOr(loaderData.name, 'Cliente')}!</p>
        <p className="text-sm break-all text-slate-600 dark:text-slate-400">{loaderData.email}</p>
        {/* On a phone the tabs fold into a menu. */}
        <details className="group mt-4 rounded-lg border border-slate-200 md:hidden dark:border-slate-700" key={location.pathname}>
          <summary className="cursor-pointer list-none px-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
            Menu da conta{current ? `: ${current.label}` : ''}
          </summary>
          <TabList tabs={tabs} />
        </details>
        <div className="mt-4 hidden md:block">
          <TabList tabs={tabs} />
        </div>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}

function TabList({ tabs }: { tabs: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-label="Área do cliente">
      <ul className="grid gap-1 p-2 md:p-0">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={`/area-cliente/${tab.to}`}
              className={({ isActive }) =>
                cn(
                  'block rounded-md px-3 py-2 text-sm font-medium',
                  isActive ? 'bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-100' : 'hover:bg-slate-100 dark:hover:bg-slate-800',
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
        <li>
          <Form method="post" action="/logout">
            <button type="submit" className="w-full rounded-md px-3 py-2 text-left text-sm font-medium text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-800">
              Sair
            </button>
          </Form>
        </li>
      </ul>
    </nav>
  );
}
