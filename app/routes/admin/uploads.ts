// POST /admin/uploads — one image from the admin's ImageField (multipart field `file`).
// Answers JSON: { url } (200) or { error } in pt-BR (400 unreadable/missing, 413 too big, 415 wrong type).
import { requireAdminAction } from '~/server/auth/session.server';
import { readUploadedFile, storeImage, UploadError } from '~/server/catalog/images.server';
import type { Route } from './+types/uploads';

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  if (request.method !== 'POST') {
    return Response.json({ error: 'Método não permitido.' }, { status: 405, headers: { Allow: 'POST' } });
  }
  try {
    const bytes = await readUploadedFile(request);
    return Response.json({ url: await storeImage(bytes) });
  } catch (error) {
    if (error instanceof UploadError) return Response.json({ error: error.message }, { status: error.status });
    throw error;
  }
}
