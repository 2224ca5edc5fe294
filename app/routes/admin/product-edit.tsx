// /admin: the product-edit (placeholder until the dashboard work lands).
import { requireAdmin } from '~/server/session.server';
import type { Route } from './+types/product-edit';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Produto() {
  return <h1 className="text-2xl font-bold">Produto</h1>;
}
