// POST /admin/orders/:id/nfe — "Anexar NF-e emitida em outro sistema", from the order's page
// (issue 34): multipart with the authorised XML in `xml` (≤ 1 MB) and, optionally, the DANFE PDF in
// `danfe` (≤ 5 MB); or, with intent=cancel, the XML of its cancellation done where it was issued.
// Admins only (anonymous → /login, a customer → 403, nothing stored). Answers { ok: true, toast } or
// { ok: false, problems } in pt-BR: 400 missing, 404 no such order, 409 the order already has a note
// in force (or the key is another order's, or there is no note to cancel), 413 too big, 415 not a
// PDF, 422 the XML is not the order's NF-e (or its cancellation) — with every problem listed.
import { data } from 'react-router';
import { z } from 'zod';
import '~/lib/schemas/zod-pt-br';
import type { ToastMessage } from '~/lib/toast';
import { requireAdminAction } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { AttachError, attachCancellation, attachFilesOf, attachInvoice, readAttachForm } from '~/server/invoices/attach.server';
import type { Route } from './+types/order-invoice';

export type AttachResult = { ok: true; toast: ToastMessage } | { ok: false; problems: string[] };

const notFound = () => data<AttachResult>({ ok: false, problems: ['Pedido não encontrado. Recarregue a página.'] }, 404);

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminAction(request);
  if (request.method !== 'POST') return data<AttachResult>({ ok: false, problems: ['Método não permitido.'] }, 405);
  if (!z.uuid().safeParse(params.id).success) return notFound();
  try {
    const form = await readAttachForm(request);
    if (form.get('intent') === 'cancel') {
      // The cancellation's XML of a note cancelled where it was issued.
      const xml = form.get('xml');
      const cancelled = await attachCancellation(await getDb(), params.id, xml instanceof Blob ? new Uint8Array(await xml.arrayBuffer()) : new Uint8Array());
      if (!cancelled) return notFound();
      return data<AttachResult>({ ok: true, toast: { title: `NF-e nº ${cancelled.number} cancelada`, description: 'O XML do cancelamento ficou guardado com a nota.' } });
    }
    const files = await attachFilesOf(form);
    const invoice = await attachInvoice(await getDb(), params.id, files);
    if (!invoice) return notFound();
    return data<AttachResult>({
      ok: true,
      toast: { title: `NF-e nº ${invoice.number} anexada`, description: 'A nota ficou registrada como autorizada e o cliente recebe um e-mail com o DANFE e o XML.' },
    });
  } catch (error) {
    if (error instanceof AttachError) return data<AttachResult>({ ok: false, problems: error.problems }, error.status);
    throw error;
  }
}
