// /admin/legal-pages (Páginas legais): Termos de Uso, Política de Privacidade, Trocas e Devoluções,
// each with its version in force; each opens its editor (legal-page-edit.tsx).
import { Link } from 'react-router';
import { formatDateTimeBR } from '~/lib/dates';
import { requireAdmin } from '~/server/auth/session.server';
import { listLegalPages } from '~/server/content/legal-pages.server';
import { getDb } from '~/server/infra/db.server';
import type { Route } from './+types/legal-pages';

export const meta: Route.MetaFunction = () => [{ title: 'Páginas legais | Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { pages: await listLegalPages(await getDb()) };
}

export default function AdminLegalPages({ loaderData }: Route.ComponentProps) {
  const { pages } = loaderData;
  return (
    <section aria-labelledby="titulo" className="mx-auto max-w-4xl">
      <h1 id="titulo" className="text-2xl font-bold">
        Páginas legais
      </h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        Cada alteração do texto publica uma nova versão. Os pedidos guardam a versão dos Termos de Uso e da Política de Privacidade aceita na compra, e as versões anteriores
        continuam publicadas.
      </p>
      <div className="mt-6 overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Páginas legais da loja</caption>
          <thead className="border-b border-slate-200 dark:border-slate-700">
            <tr>
              <th scope="col" className="p-3">
                Página
              </th>
              <th scope="col" className="p-3">
                Versão
              </th>
              <th scope="col" className="p-3">
                Última alteração
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
            {pages.map((p) => (
              <tr key={p.slug} data-testid="legal-page-row">
                <td className="p-3">
                  <Link to={`/admin/legal-pages/${p.slug}`} className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-200">
                    {p.title}
                  </Link>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">/{p.slug}</span>
                </td>
                <td className="p-3">{p.version}</td>
                <td className="p-3 whitespace-nowrap">{formatDateTimeBR(p.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
