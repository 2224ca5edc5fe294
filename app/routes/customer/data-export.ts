// GET /area-cliente/meus-dados.json — "Baixar meus dados" (LGPD art. 18 II and V): everything the
// store holds about the signed-in customer, as a JSON file (server/privacy/export.server.ts).
import { dataExportFileName } from '~/lib/privacy';
import { todayInBrazil } from '~/lib/plans';
import { requireUser } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { exportCustomerData } from '~/server/privacy/export.server';
import type { Route } from './+types/data-export';

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const exported = await exportCustomerData(await getDb(), user.id);
  if (!exported) return new Response('Conta não encontrada.', { status: 404 });
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${dataExportFileName(todayInBrazil())}"`,
      // Personal data: never kept by a browser cache or a proxy.
      'cache-control': 'private, no-store',
    },
  });
}
