// /admin: the dashboard (placeholder until the dashboard work lands).
import { requireAdmin } from '~/server/session.server';
import type { Route } from './+types/dashboard';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Dashboard() {
  return <h1 className="text-2xl font-bold">Dashboard</h1>;
}
