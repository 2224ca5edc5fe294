// /admin/messages: the contact messages, newest first — unread in bold, filters (não lidas, sem
// resposta), search (name, e-mail, subject, text; accents and case ignored), pagination. Filters
// live in the URL, so a reload or a shared link keeps them.
import { Search } from 'lucide-react';
import { Form, Link } from 'react-router';
import { Pagination } from '~/components/admin/pagination';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { cn } from '~/lib/cn';
import { formatDateTimeBR } from '~/lib/dates';
import { MESSAGE_FILTERS, messageFiltersFromSearchParams } from '~/lib/schemas/admin-message';
import { requireAdmin } from '~/server/auth/session.server';
import { listContactMessages } from '~/server/contact/admin.server';
import { getDb } from '~/server/infra/db.server';
import type { Route } from './+types/messages';

export const meta: Route.MetaFunction = () => [{ title: 'Mensagens | Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = messageFiltersFromSearchParams(new URL(request.url).searchParams);
  const result = await listContactMessages(await getDb(), { q: filters.q, filter: MESSAGE_FILTERS[filters.filter ?? 'todas'], page: filters.page });
  return { filterKey: filters.filter ?? 'todas', result };
}

const TABS = [
  ['todas', 'Todas'],
  ['nao-lidas', 'Não lidas'],
  ['sem-resposta', 'Sem resposta'],
] as const;

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { filterKey, result } = loaderData;
  const tabHref = (key: string) => {
    const params = new URLSearchParams();
    if (result.q) params.set('q', result.q);
    if (key !== 'todas') params.set('filtro', key);
    const q = params.toString();
    return q ? `?${q}` : '/admin/messages';
  };
  return (
    <section aria-labelledby="titulo-mensagens" className="mx-auto max-w-5xl">
      <h1 id="titulo-mensagens" className="text-2xl font-bold">
        Mensagens
      </h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        {result.unread === 0 ? 'Nenhuma mensagem não lida.' : result.unread === 1 ? '1 mensagem não lida.' : `${result.unread} mensagens não lidas.`}
      </p>

      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3">
        {filterKey !== 'todas' ? <input type="hidden" name="filtro" value={filterKey} /> : null}
        <div className="grid min-w-64 flex-1 gap-1.5">
          <Label htmlFor="busca-mensagens">Buscar por nome, e-mail, assunto ou texto</Label>
          <Input id="busca-mensagens" name="q" type="search" defaultValue={result.q} maxLength={100} />
        </div>
        <Button type="submit" variant="outline">
          <Search className="h-4 w-4" aria-hidden /> Buscar
        </Button>
      </Form>

      <nav aria-label="Filtrar mensagens" className="mt-4 flex flex-wrap gap-2">
        {TABS.map(([key, label]) => (
          <Link
            key={key}
            to={tabHref(key)}
            aria-current={filterKey === key ? 'page' : undefined}
            className={cn(
              'rounded-full border px-3 py-1 text-sm font-semibold',
              filterKey === key ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800',
            )}
          >
            {label}
          </Link>
        ))}
      </nav>

      {result.items.length === 0 ? (
        <p className="mt-8 text-slate-700 dark:text-slate-300">{result.q ? `Nenhuma mensagem encontrada para “${result.q}”.` : 'Nenhuma mensagem aqui.'}</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900" data-testid="message-list">
          {result.items.map((m) => (
            <li key={m.id}>
              <Link to={`/admin/messages/${m.id}`} className="block p-4 hover:bg-slate-50 dark:hover:bg-slate-800" data-testid="message-row">
                <span className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className={m.read ? 'font-normal' : 'font-bold'}>
                    {m.read ? null : <span className="sr-only">Não lida: </span>}
                    {m.subject}
                  </span>
                  <span className="text-sm text-slate-700 dark:text-slate-300">{formatDateTimeBR(m.createdAt)}</span>
                </span>
                <span className="mt-1 block text-sm text-slate-700 dark:text-slate-300">
                  {m.name} · {m.email}
                  {m.answered ? ' · Respondida' : ''}
                </span>
                <span className="mt-1 block truncate text-sm text-slate-600 dark:text-slate-400">{m.excerpt}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={result.page} pageCount={Math.max(1, Math.ceil(result.total / result.pageSize))} label="Páginas de mensagens" className="mt-6" />
    </section>
  );
}
