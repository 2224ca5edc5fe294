// /admin: the products (placeholder until the dashboard work lands).
import { requireAdmin } from '~/server/session.server';
import type { Route } from './+types/products';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Produtos() {
  return <h1 className="text-2xl font-bold">Produtos</h1>;
}
