import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createReadableStreamFromReadable } from '@react-router/node';
import { describe, expect, it } from 'vitest';
import { BODY_LIMITS, BODY_MESSAGES, readForm, withCappedBody } from './body.server';

const URL_ = 'http://localhost:3000/contato';

/** What readForm threw, as React Router would answer it. */
async function refusal(run: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await run;
  } catch (thrown) {
    const { data, init } = thrown as { data: { message: string }; init: { status: number } };
    return { status: init.status, message: data.message };
  }
  throw new Error('expected a refusal');
}

/** A body that counts what was pulled from it and would go on for `total` bytes. */
function endless(total = Number.POSITIVE_INFINITY, chunkSize = 16 * 1024) {
  const seen = { bytes: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.bytes >= total) return controller.close();
      seen.bytes += chunkSize;
      controller.enqueue(new Uint8Array(chunkSize).fill(0x61));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request(URL_, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

describe('readForm', () => {
  it('reads a URL-encoded and a multipart form within the cap', async () => {
    const encoded = await readForm(post(new URLSearchParams({ name: 'Ana', message: 'Olá, tudo bem?' })));
    expect(Object.fromEntries(encoded)).toEqual({ name: 'Ana', message: 'Olá, tudo bem?' });
    const multipart = new FormData();
    multipart.append('name', 'Bruno');
    expect((await readForm(post(multipart))).get('name')).toBe('Bruno');
  });

  it('refuses a declared Content-Length over the cap with 413 before reading a byte', async () => {
    const { stream, seen } = endless();
    const request = post(stream, { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(10 * 1024 ** 3) });
    expect(await refusal(readForm(request))).toEqual({ status: 413, message: BODY_MESSAGES.tooLarge });
    // At most the stream's own read-ahead (one chunk): readForm itself reads nothing.
    expect(seen.bytes).toBeLessThanOrEqual(16 * 1024);
  });

  it('stops reading a chunked body as soon as it passes the cap (413), and never reads on', async () => {
    const { stream, seen } = endless();
    const request = post(stream, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(await refusal(readForm(request))).toEqual({ status: 413, message: 'O envio é grande demais. Reduza o texto e tente novamente.' });
    const pulled = seen.bytes;
    expect(pulled).toBeLessThanOrEqual(BODY_LIMITS.form + 2 * 16 * 1024);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.bytes).toBe(pulled);
    // Not cancelled: behind Node's adapter that resets the connection before the 413 is sent.
    expect(seen.cancelled).toBe(false);
  });

  it('does not believe a Content-Length smaller than the body', async () => {
    const { stream, seen } = endless(1024 ** 3);
    const request = post(stream, { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '10' });
    expect((await refusal(readForm(request))).status).toBe(413);
    expect(seen.bytes).toBeLessThanOrEqual(BODY_LIMITS.form + 2 * 16 * 1024);
  });

  it('takes a larger cap where a form needs one, and only that', async () => {
    const text = 'a'.repeat(100 * 1024);
    expect((await refusal(readForm(post(new URLSearchParams({ description: text }))))).status).toBe(413);
    const form = await readForm(post(new URLSearchParams({ description: text })), BODY_LIMITS.adminProduct);
    expect(form.get('description')).toHaveLength(100 * 1024);
  });

  it('answers 400 with a pt-BR message for a body that is not a form', async () => {
    const unreadable = { status: 400, message: 'Não foi possível ler o envio. Recarregue a página e tente novamente.' };
    expect(await refusal(readForm(post('{"a":1}', { 'content-type': 'application/json' })))).toEqual(unreadable);
    expect(await refusal(readForm(post('--x\r\nlixo', { 'content-type': 'multipart/form-data; boundary=x' })))).toEqual(unreadable);
    expect(await refusal(readForm(post('a=1', { 'content-type': 'text/plain' })))).toEqual(unreadable);
  });

  it('refuses a NUL character in any value or name (PostgreSQL cannot store it) with 400', async () => {
    const nul = { status: 400, message: 'O envio contém caracteres inválidos. Confira o texto e tente novamente.' };
    expect(await refusal(readForm(post(new URLSearchParams({ name: 'Ana\u0000' }))))).toEqual(nul);
    expect(await refusal(readForm(post('na%00me=Ana', { 'content-type': 'application/x-www-form-urlencoded' })))).toEqual(nul);
    const multipart = new FormData();
    multipart.append('message', 'a\u0000b');
    expect(await refusal(readForm(post(multipart)))).toEqual(nul);
  });

  it('treats a request without a body as an empty form', async () => {
    const form = await readForm(new Request(URL_, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
    expect([...form.keys()]).toEqual([]);
  });
});

describe('behind a real Node server (the way @react-router/express hands requests over)', () => {
  it('the client of an endless upload receives the 413 and its message, not a reset connection', async () => {
    const server = http.createServer(async (req, res) => {
      const request = new Request(`http://localhost${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: createReadableStreamFromReadable(req),
        duplex: 'half',
      } as RequestInit);
      try {
        await readForm(request);
        res.writeHead(200).end('lido');
      } catch (thrown) {
        const { data, init } = thrown as { data: { message: string }; init: { status: number } };
        res.writeHead(init.status, { 'content-type': 'text/plain; charset=utf-8' }).end(data.message);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const send = (headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: '/contato', method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (body += d));
          res.on('end', () => {
            resolve({ status: res.statusCode!, body });
            req.destroy();
          });
        });
        req.on('error', reject);
        // 256 KiB, then nothing more: an upload that never ends.
        req.write(Buffer.alloc(256 * 1024, 'a'));
      });
    try {
      expect(await send({})).toEqual({ status: 413, body: BODY_MESSAGES.tooLarge });
      expect(await send({ 'content-length': String(10 * 1024 ** 3) })).toEqual({ status: 413, body: BODY_MESSAGES.tooLarge });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('withCappedBody', () => {
  it('hands on the same method, headers and body once read within the cap', async () => {
    const json = JSON.stringify({ email: 'ana@exemplo.com.br', password: 'senha-segura-1' });
    const capped = await withCappedBody(post(json, { 'content-type': 'application/json', origin: 'http://localhost:3000' }), BODY_LIMITS.auth);
    expect(capped.method).toBe('POST');
    expect(capped.headers.get('origin')).toBe('http://localhost:3000');
    expect(await capped.json()).toEqual(JSON.parse(json));
  });

  it('refuses an oversized body (413) without buffering it', async () => {
    const { stream, seen } = endless();
    await expect(withCappedBody(post(stream, { 'content-type': 'application/json' }), BODY_LIMITS.auth)).rejects.toMatchObject({ status: 413 });
    expect(seen.bytes).toBeLessThanOrEqual(BODY_LIMITS.auth + 2 * 16 * 1024);
  });

  it('leaves GET requests alone', async () => {
    const get = new Request(`${URL_}?x=1`);
    expect(await withCappedBody(get, 1)).toBe(get);
  });
});

describe('every route reads its body through the capped helpers', () => {
  const ROUTES = path.resolve(__dirname, '../../../routes');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) && !name.includes('.test.') ? [full] : [];
    });
  // Any direct read of a request body, whatever the variable is called.
  const UNCAPPED = /\b(request|req|r)\s*\.\s*(formData|json|text|arrayBuffer|blob|bytes)\s*\(|\brequest\s*\.\s*body\b/;

  it('finds the route modules', () => {
    expect(files(ROUTES).length).toBeGreaterThan(30);
  });

  it.each(files(ROUTES).map((f) => [path.relative(ROUTES, f), f]))('%s', (_name, file) => {
    const source = readFileSync(file, 'utf8');
    expect(source).not.toMatch(UNCAPPED);
    // Better Auth's catch-all must get the capped request, never the raw one.
    const action = source.split(/export (?:async )?function action/)[1] ?? '';
    expect(action).not.toMatch(/handleAuthRequest\(request\)/);
    // Nor is the raw request handed to a body parser of its own.
    expect(action).not.toMatch(/new (Response|Request)\([^)]*request\b/);
  });
});
