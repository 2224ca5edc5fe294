// HTTP caching of the app's answers by the rule in lib/cache-control.ts: a public answer gets
// PUBLIC_CACHE_CONTROL and an ETag of its bytes (If-None-Match → 304), anything else `private,
// no-store`. Used by entry.server.tsx (pages, .data) and resource routes that are catalogue data.
import { createHash } from 'node:crypto';
import { isPublicAnswer, matchesIfNoneMatch, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '~/lib/cache-control';

/** Weak: nginx's gzip and the compression middleware change the bytes on the wire, not the content. */
export function etagOf(body: Uint8Array | string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

export function isPublicResponse(request: Request, status: number, headers: Headers): boolean {
  // A route that said no-store or private itself (an error state it answers with a 200) keeps it.
  if (/no-store|private|no-cache/.test(headers.get('Cache-Control') ?? '')) return false;
  return isPublicAnswer({
    method: request.method,
    pathname: new URL(request.url).pathname,
    cookie: request.headers.get('cookie'),
    status,
    setsCookie: headers.has('set-cookie'),
  });
}

/**
 * The public answer with these bytes: Cache-Control, ETag, and a bodiless 304 when the client
 * (or the front revalidating its copy) already has them.
 */
export function publicAnswer(request: Request, body: Uint8Array<ArrayBuffer> | string, status: number, headers: Headers): Response {
  const etag = etagOf(body);
  headers.set('Cache-Control', PUBLIC_CACHE_CONTROL);
  headers.set('ETag', etag);
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) {
    headers.delete('Content-Length');
    return new Response(null, { status: 304, headers });
  }
  // The whole body is known: its length lets the front store and resend it with sendfile, unchunked.
  headers.set('Content-Length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength));
  return new Response(request.method.toUpperCase() === 'HEAD' ? null : body, { status, headers });
}

/**
 * Applies the rule to a finished answer (a .data navigation, a JSON resource). A public one is
 * read whole (a catalogue page's data: kilobytes) to get its ETag; a private one is left streaming.
 */
export async function withCacheHeaders(request: Request, response: Response): Promise<Response> {
  if (!isPublicResponse(request, response.status, response.headers)) {
    // A route may have said no-store already; it must never say public here.
    if (!/no-store/.test(response.headers.get('Cache-Control') ?? '')) {
      const headers = new Headers(response.headers);
      headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
    return response;
  }
  const body = new Uint8Array(await response.arrayBuffer());
  return publicAnswer(request, body, response.status, new Headers(response.headers));
}
