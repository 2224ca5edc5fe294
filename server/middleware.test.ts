import { describe, expect, it } from 'vitest';
import { parseTrustProxy, requestIdFor, sameOriginWrites } from './middleware.mjs';

describe('TRUST_PROXY', () => {
  it('trusts nobody unless told, so a client cannot pick its own address', () => {
    for (const value of [undefined, '', 'false', '0']) expect(parseTrustProxy(value)).toBe(false);
  });
  it('true is one hop (the proxy in front), a number that many, anything else a list of proxies', () => {
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
  });
});

describe('request ids', () => {
  const req = (id?: string) => ({ headers: id === undefined ? {} : { 'x-request-id': id } });
  it('keep a trusted proxy’s id and replace a client’s', () => {
    expect(requestIdFor(req('abc-12345678'), true)).toBe('abc-12345678');
    expect(requestIdFor(req('abc-12345678'), false)).toMatch(/^[0-9a-f-]{36}$/);
  });
  it('never echo an id that could forge a log line or a header', () => {
    for (const bad of ['x', 'a\nb{"level":60}', 'a'.repeat(500), '<script>']) expect(requestIdFor(req(bad), true)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('Content-Security-Policy and the card gateway', () => {
  async function csp(path: string, cardGateway: boolean): Promise<string> {
    const { securityHeaders } = await import('./middleware.mjs');
    const headers = new Map<string, string>();
    const res = { locals: {} as Record<string, unknown>, setHeader: (k: string, v: string) => headers.set(k.toLowerCase(), String(v)), getHeader: (k: string) => headers.get(k.toLowerCase()), removeHeader: (k: string) => headers.delete(k.toLowerCase()) };
    const req = { path, secure: false, headers: {} };
    type Middleware = (req: unknown, res: unknown, next: (e?: unknown) => void) => void;
    for (const mw of securityHeaders({ production: true, hmrPort: undefined, cardGateway }) as Middleware[]) {
      await new Promise<void>((resolve, reject) => mw(req, res, (e?: unknown) => (e ? reject(e) : resolve())));
    }
    return headers.get('content-security-policy')!;
  }

  it('allows Mercado Pago’s origins on /checkout only, and only when the gateway takes cards', async () => {
    const checkout = await csp('/checkout', true);
    expect(checkout).toMatch(/script-src [^;]*https:\/\/sdk\.mercadopago\.com/);
    expect(checkout).toMatch(/frame-src [^;]*https:\/\/api-static\.mercadopago\.com/);
    expect(checkout).toMatch(/connect-src [^;]*https:\/\/api\.mercadopago\.com/);
    for (const other of [await csp('/', true), await csp('/checkout', false), await csp('/pedido/1', true)]) {
      expect(other).not.toMatch(/mercadopago|mlstatic|mercadolibre/);
      expect(other).toMatch(/script-src 'self' 'nonce-[^']+'/);
    }
  });
});

describe('writes from other sites', () => {
  function run(method: string, origin?: string) {
    const req = { method, protocol: 'https', host: 'loja.clarear.test', headers: origin === undefined ? {} : { origin } };
    let status = 0;
    let passed = false;
    const res = { status: (s: number) => ((status = s), res), type: () => res, send: () => res };
    sameOriginWrites(req, res, () => (passed = true));
    return passed ? 'next' : status;
  }
  it("let through a mail provider's one-click unsubscribe POST (RFC 8058: no Origin, no cookie; the signed link authorizes)", () => {
    expect(run('POST')).toBe('next');
    expect(run('POST', 'https://loja.clarear.test')).toBe('next');
  });
  it('refuse a POST a page of another site makes', () => {
    expect(run('POST', 'https://outro.example')).toBe(403);
    expect(run('POST', 'null')).toBe(403);
    expect(run('GET', 'https://outro.example')).toBe('next');
  });
});

describe('precompressed assets', () => {
  it('sends the build-time .br or .gz to browsers that take it, the file itself otherwise', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { request } = await import('node:http');
    const { brotliCompressSync, gzipSync } = await import('node:zlib');
    const { default: express } = await import('express');
    const { precompressedAssets } = await import('./middleware.mjs');
    const dir = mkdtempSync(path.join(tmpdir(), 'clarear-assets-'));
    const source = 'export const x = 1;\n'.repeat(100);
    writeFileSync(path.join(dir, 'app-AbC123.js'), source);
    writeFileSync(path.join(dir, 'app-AbC123.js.br'), brotliCompressSync(source));
    writeFileSync(path.join(dir, 'app-AbC123.js.gz'), gzipSync(source));
    const app = express();
    app.use('/assets', precompressedAssets(dir));
    app.use('/assets', express.static(dir, { immutable: true, maxAge: '1y' }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as { port: number }).port;
    const get = (file: string, acceptEncoding?: string) =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: `/assets/${file}`, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      const br = await get('app-AbC123.js', 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['vary']).toBe('Accept-Encoding');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.body.equals(brotliCompressSync(source))).toBe(true);
      const gz = await get('app-AbC123.js', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.body.equals(gzipSync(source))).toBe(true);
      const plain = await get('app-AbC123.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(source);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await get('../middleware.mjs', 'br')).status).toBe(404);
      expect((await get('missing.js', 'br')).status).toBe(404);
    } finally {
      server.close();
    }
  });
});

describe('privateByDefault', () => {
  it('makes an answer without a Cache-Control private, and leaves one that has its own', async () => {
    const { default: express } = await import('express');
    const { privateByDefault } = await import('./middleware.mjs');
    const app = express();
    app.use(privateByDefault);
    app.get('/redirect', (_req, res) => res.redirect(302, '/x'));
    app.get('/own', (_req, res) => res.set('Cache-Control', 'public, max-age=3600').send('ok'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      expect((await fetch(`${base}/redirect`, { redirect: 'manual' })).headers.get('cache-control')).toBe('private, no-store');
      expect((await fetch(`${base}/own`)).headers.get('cache-control')).toBe('public, max-age=3600');
      expect((await fetch(`${base}/missing`)).headers.get('cache-control')).toBe('private, no-store');
    } finally {
      server.close();
    }
  });
});
