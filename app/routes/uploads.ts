// GET /uploads/<hash>-<width>.webp — the admin's uploaded images — and /uploads/fds/<slug>-<hash>.pdf —
// the products' safety data sheets (FDS), saved as fds-<slug>.pdf — from the file storage's public space
// (the disk or the bucket). A name is the content's hash, so a file never changes: cache it for a year.
import { openSafetySheet } from '~/server/catalog/safety-sheets.server';
import { openUpload, UPLOAD_CACHE_CONTROL } from '~/server/catalog/images.server';
import { attachmentDisposition } from '~/server/storage/file-storage.server';
import type { Route } from './+types/uploads';

const notFound = () => new Response('Não encontrado', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

const SHEETS = 'fds/';

export async function loader({ params }: Route.LoaderArgs) {
  const path = params['*'] ?? '';
  if (path.startsWith(SHEETS)) {
    const sheet = await openSafetySheet(path.slice(SHEETS.length));
    if (!sheet) return notFound();
    return new Response(sheet.file.body, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(sheet.file.size),
        'Content-Disposition': attachmentDisposition(sheet.downloadName),
        'Cache-Control': UPLOAD_CACHE_CONTROL,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  }
  const file = await openUpload(path);
  if (!file) return notFound();
  return new Response(file.body, {
    headers: {
      'Content-Type': 'image/webp',
      'Content-Length': String(file.size),
      'Cache-Control': UPLOAD_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
