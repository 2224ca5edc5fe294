// /area-cliente/pagamentos: not built yet, a placeholder with the 'Em Construção' toast.
import { ComingSoon } from '~/components/customer/coming-soon';
import { requireUser } from '~/server/auth/session.server';
import type { Route } from './+types/payments';

export const meta: Route.MetaFunction = () => [{ title: 'Métodos de Pagamento | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function PaymentsTab() {
  return <ComingSoon title="Métodos de Pagamento" text="Em breve você poderá salvar e gerenciar seus cartões e formas de pagamento aqui." />;
}
