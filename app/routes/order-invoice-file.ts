// GET /pedido/:id/nfe/:file — the order's NF-e files (issue 34): danfe.pdf, nfe.xml or
// cancelamento.xml of its sale note, saved as NF-e-000123-serie-1.pdf. The order's owner (a member of
// its company, issue 35) or an admin only: anonymous → /login (and back here), anyone else → 404, exactly as for a missing order or file.
import { z } from 'zod';
import '~/lib/schemas/zod-pt-br';
import { PRIVATE_CACHE_CONTROL } from '~/lib/cache-control';
import { isInvoiceFile } from '~/lib/invoice-status';
import { requireUser } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { saleInvoiceFile } from '~/server/invoices/files.server';
import { companyOfUser } from '~/server/companies/membership.server';
import { privateFileResponse } from '~/server/storage/private-files.server';
import type { Route } from './+types/order-invoice-file';

const notFound = () => new Response('Arquivo não encontrado.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': PRIVATE_CACHE_CONTROL } });

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  if (!z.uuid().safeParse(params.id).success || !isInvoiceFile(params.file)) return notFound();
  const db = await getDb();
  const found = await saleInvoiceFile(db, params.id, params.file);
  if (!found) return notFound();
  // A company's order: every member now (issue 35), a removed buyer no more (even for the ones they placed).
  const mayRead =
    user.role === 'admin' || (found.companyId === null ? found.ownerId === user.id : (await companyOfUser(db, user.id))?.id === found.companyId);
  if (!mayRead) return notFound();
  return privateFileResponse(found.key, { downloadName: found.downloadName });
}
