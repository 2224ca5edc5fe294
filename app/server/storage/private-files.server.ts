// How a private file (an NF-e's XML or PDF, an export) leaves the store: only to a request its route
// has already authorized (requireAdmin, or the order's owner), streamed and never cached, or as a
// signed link that expires within minutes. The public image route never serves this space.
import { PRIVATE_CACHE_CONTROL } from '~/lib/cache-control';
import { assertStorageKey, attachmentDisposition, visibilityOf, type FileStorage } from './file-storage.server';
import { getStorage } from './storage.server';

/** A signed link's default lifetime: the time to click it, not to pass it around. */
export const SIGNED_URL_SECONDS = 5 * 60;

function assertPrivateKey(key: string): void {
  assertStorageKey(key);
  if (visibilityOf(key) !== 'private') throw new Error(`não é um arquivo privado: ${key}`);
}

/**
 * The answer to an authorized download: the file, saved as `downloadName`, kept by no cache, or a
 * pt-BR 404 when it is missing. The caller checks who may see it first.
 */
export async function privateFileResponse(key: string, { downloadName, storage }: { downloadName: string; storage?: FileStorage }): Promise<Response> {
  assertPrivateKey(key);
  const file = await (storage ?? (await getStorage())).open(key);
  if (!file) return new Response('Arquivo não encontrado.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': PRIVATE_CACHE_CONTROL } });
  return new Response(file.body, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': attachmentDisposition(downloadName),
      'Cache-Control': PRIVATE_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/**
 * A link to a private file that works for `expiresInSeconds` (at most 15 minutes) without a session,
 * for an authorized route to redirect to; null when the storage signs none (the disk): stream it with
 * privateFileResponse instead.
 */
export async function signedPrivateUrl(
  key: string,
  { expiresInSeconds = SIGNED_URL_SECONDS, downloadName, storage }: { expiresInSeconds?: number; downloadName?: string; storage?: FileStorage } = {},
): Promise<string | null> {
  assertPrivateKey(key);
  return (storage ?? (await getStorage())).signedUrl(key, { expiresInSeconds, downloadName });
}
