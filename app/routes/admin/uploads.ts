// POST /admin/uploads (placeholder until the upload work lands).
import { requireAdminAction } from '~/server/session.server';
import type { Route } from './+types/uploads';

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  return Response.json({ error: 'Envio de imagens ainda não disponível.' }, { status: 501 });
}
