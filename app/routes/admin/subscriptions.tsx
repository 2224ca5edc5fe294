// /admin: the subscriptions (placeholder until the dashboard work lands).
import { requireAdmin } from '~/server/session.server';
import type { Route } from './+types/subscriptions';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Assinaturas() {
  return <h1 className="text-2xl font-bold">Assinaturas</h1>;
}
