import { Form, Link } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { firstNameOr } from '~/lib/user-name';
import { requireUser } from '~/server/session.server';
import type { Route } from './+types/customer-area';

export const meta: Route.MetaFunction = () => [{ title: 'Minha Conta | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { name: user.name, email: user.email };
}

export default function CustomerArea({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-2xl font-bold">Olá, {firstNameOr(loaderData.name, 'Cliente')}!</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{loaderData.email}</p>
      <p className="mt-6">
        Sua área de cliente está sendo preparada: em breve você verá aqui seus dados, endereços, pedidos, assinatura,
        lista de desejos e kits salvos.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/produtos" className={buttonVariants({ variant: 'outline' })}>
          Ver produtos
        </Link>
        <Form method="post" action="/logout">
          <Button type="submit" variant="ghost">
            Sair
          </Button>
        </Form>
      </div>
    </div>
  );
}
