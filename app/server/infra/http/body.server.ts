// The one way a route reads a request body (issue 12): never more than a cap,
// checked before anything is buffered. A declared Content-Length over the cap is
// refused unread; a chunked or lying body is read as a stream and dropped the
// moment it passes the cap. Routes call readForm; a scan test
// (body.server.test.ts) keeps request.formData()/json()/text() out of app/routes.
import { data } from 'react-router';

const KiB = 1024;

/**
 * Caps per form, each above the largest legitimate post of that form (every field at its
 * Zod maximum in 4-byte characters, URL-encoded: 12 bytes a character; see body-limits.test.ts),
 * and far below anything that could hurt the process.
 */
export const BODY_LIMITS = {
  /** Every storefront, account and customer-area form, the cart and the small admin forms. */
  form: 64 * KiB,
  /** /contato: a 5 000-character message. */
  contact: 128 * KiB,
  /** /admin/subscriptions: the plan editor with its benefits and steps. */
  adminPlan: 128 * KiB,
  /** /admin/products/:id: eight long texts, up to 20 sizes and 30 kit items. */
  adminProduct: 512 * KiB,
  /** /admin/legal-pages/:slug: a legal page's HTML text (40 000 characters). */
  adminLegalPage: 512 * KiB,
  /** /api/auth/*: small JSON bodies (sign-in, sign-up, reset). */
  auth: 16 * KiB,
} as const;

export const BODY_MESSAGES = {
  tooLarge: 'O envio é grande demais. Reduza o texto e tente novamente.',
  unreadable: 'Não foi possível ler o envio. Recarregue a página e tente novamente.',
  nul: 'O envio contém caracteres inválidos. Confira o texto e tente novamente.',
} as const;

/** A body refused before it reached a form: 413 over the cap, 400 unreadable or with a NUL character. */
export class BodyError extends Error {
  readonly status: 400 | 413;
  constructor(status: 400 | 413, message: string = status === 413 ? BODY_MESSAGES.tooLarge : BODY_MESSAGES.unreadable) {
    super(message);
    this.name = 'BodyError';
    this.status = status;
  }
}

/** The raw body, at most `maxBytes`; throws BodyError(413) without reading past the cap. */
export async function readBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get('content-length');
  // Not one byte read. The stream is left as it is, never cancelled: behind Node's adapter a
  // cancel destroys the socket at once, and the client would get a reset instead of the 413.
  if (declared !== null && Number(declared) > maxBytes) throw new BodyError(413);
  if (!request.body) return new Uint8Array();
  if (request.bodyUsed) throw new BodyError(400);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client went away mid-body.
      throw new BodyError(400);
    }
    if (chunk.done) break;
    total += chunk.value.byteLength;
    if (total > maxBytes) {
      // Stop reading (not cancel, as above): what was read is dropped, the rest is never read.
      reader.releaseLock();
      throw new BodyError(413);
    }
    chunks.push(chunk.value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** Parses capped bytes as the form they claim to be (urlencoded or multipart); BodyError(400) otherwise. */
export async function parseFormBytes(bytes: Uint8Array<ArrayBuffer>, contentType: string | null): Promise<FormData> {
  try {
    return await new Response(bytes, { headers: { 'content-type': contentType ?? '' } }).formData();
  } catch {
    throw new BodyError(400);
  }
}

/**
 * A route action's form, read within `maxBytes` (BODY_LIMITS.form unless the form needs more).
 * Over the cap it throws a 413, and an unreadable body or a NUL character a 400, each with a pt-BR `message`
 * (React Router answers it with that status; the page's error boundary shows the message).
 */
export async function readForm(request: Request, maxBytes: number = BODY_LIMITS.form): Promise<FormData> {
  try {
    const form = await parseFormBytes(await readBytes(request, maxBytes), request.headers.get('content-type'));
    // No keyboard types U+0000 and PostgreSQL text cannot store it (22021): refused here, for every form.
    for (const [key, value] of form) {
      if (key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) throw new BodyError(400, BODY_MESSAGES.nul);
    }
    return form;
  } catch (error) {
    if (error instanceof BodyError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

/** The same request with its body read within `maxBytes`, for handlers that read it themselves (Better Auth). */
export async function withCappedBody(request: Request, maxBytes: number): Promise<Request> {
  if (request.method === 'GET' || request.method === 'HEAD') return request;
  const body = await readBytes(request, maxBytes);
  const headers = new Headers(request.headers);
  // The body is now a known-length buffer; framing headers from the client no longer apply.
  headers.delete('content-length');
  headers.delete('transfer-encoding');
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
}
