// /area-cliente/notificacoes: not built yet, a placeholder with the 'Em Construção' toast.
import { ComingSoon } from '~/components/customer/coming-soon';
import { requireUser } from '~/server/auth/session.server';
import type { Route } from './+types/notifications';

export const meta: Route.MetaFunction = () => [{ title: 'Notificações | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function NotificationsTab() {
  return <ComingSoon title="Gerenciar Notificações" text="Em breve você poderá escolher quais avisos deseja receber por e-mail." />;
}
