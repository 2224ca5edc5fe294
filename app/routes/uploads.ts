// GET /uploads/<hash>-<width>.webp — the admin's uploaded images, from the file storage's public
// space (the disk or the bucket). A name is the content's hash, so a file never changes: cache it for a year.
import { openUpload, UPLOAD_CACHE_CONTROL } from '~/server/catalog/images.server';
import type { Route } from './+types/uploads';

const notFound = () => new Response('Não encontrado', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

export async function loader({ params }: Route.LoaderArgs) {
  const file = await openUpload(params['*'] ?? '');
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
