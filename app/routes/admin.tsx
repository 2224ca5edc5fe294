import { requireAdmin } from '~/server/session.server';
import type { Route } from './+types/admin';

export const meta: Route.MetaFunction = () => [{ title: 'Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { name: admin.name };
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-2xl font-bold">Painel Administrativo</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Bem-vindo(a), {loaderData.name}. Visão geral da loja: a gestão de produtos, do plano e das assinaturas chega
        nas próximas etapas.
      </p>
    </div>
  );
}
