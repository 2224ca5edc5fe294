import { describe, expect, it } from 'vitest';
import { parseTrustProxy, requestIdFor } from './middleware.mjs';

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
