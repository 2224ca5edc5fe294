// The production server on the embedded database, seen from outside: its headers (CSP with a
// per-request nonce on every inline script of a private page, script hashes on a cacheable one), /healthz and /readyz, JSON logs with request ids and
// no secrets, and a graceful SIGTERM: requests under way finish, new connections are refused,
// PGlite is closed cleanly (it reopens without recovery), the process exits 0.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App } from '../support/faults/server';

describe('production server lifecycle (embedded database)', () => {
  let app: App;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.stop('SIGKILL');
  });

  it('sends a CSP whose nonce is on every inline script of a private page, and the other security headers', async () => {
    const executableScripts = (html: string) =>
      [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/type="application\/ld\+json"|\ssrc=/.test(m[1]!));
    const first = await fetch(`${app.url}/login`);
    const html = await first.text();
    const csp = first.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const executable = executableScripts(html);
    expect(executable.length).toBeGreaterThan(2);
    for (const [, attrs] of executable) expect(attrs).toContain(`nonce="${nonce}"`);
    // A new nonce for every response.
    const second = await fetch(`${app.url}/login`);
    await second.arrayBuffer();
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
    // An anonymous catalogue page, made for a shared cache, has no nonce: each inline script is
    // allowed by its hash, and nothing else inline is.
    const cached = await fetch(`${app.url}/`);
    const cachedHtml = await cached.text();
    const cachedCsp = cached.headers.get('content-security-policy') ?? '';
    expect(cachedCsp).not.toContain("'nonce-");
    expect(cachedCsp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const { createHash } = await import('node:crypto');
    const scriptSrc = /script-src ([^;]*)/.exec(cachedCsp)![1]!.split(' ');
    const inline = executableScripts(cachedHtml);
    expect(inline.length).toBeGreaterThan(2);
    for (const [, , body] of inline) expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(first.headers.get('permissions-policy')).toContain('camera=()');
    expect(first.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(first.headers.get('x-powered-by')).toBeNull();
    // Plain HTTP (no TLS, no trusted proxy): no HSTS, which would lock a LAN store out.
    expect(first.headers.get('strict-transport-security')).toBeNull();
  });

  it('refuses a write posted from another site, even to a resource route', async () => {
    const post = (origin: string) =>
      fetch(`${app.url}/newsletter`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: new URLSearchParams({ email: `csrf.${Date.now()}@exemplo.com.br` }),
      });
    const foreign = await post('https://evil.example');
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toBe('Requisição de outro site recusada.');
    expect((await post(app.url)).status).toBeLessThan(400);
  });

  it('answers /healthz and /readyz, never cached, saying nothing else', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const answer = await fetch(`${app.url}${path}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(await answer.text()).toBe('ok');
    }
  });

  it('logs JSON lines with a request id, echoed to the client, and no client-chosen id or secret', async () => {
    const answer = await fetch(`${app.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url, 'x-request-id': 'forjado-pelo-cliente-123' },
      body: new URLSearchParams({ intent: 'login', email: 'ninguem@exemplo.com.br', password: 'senha-super-secreta-9' }),
    });
    await answer.arrayBuffer();
    const id = answer.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((r) => setTimeout(r, 200));
    const lines = app
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { reqId?: string; req?: { path?: string } });
    expect(lines.some((l) => l.reqId === id && l.req?.path === '/login')).toBe(true);
    expect(app.output()).not.toContain('senha-super-secreta-9');
    expect(app.output()).not.toContain('forjado-pelo-cliente-123');
  });

  it('on SIGTERM finishes the request under way, refuses new ones, closes PGlite and exits 0', async () => {
    // A form post whose body is still arriving when the signal comes.
    const body = new URLSearchParams({ email: 'lenta@exemplo.com.br' }).toString();
    const socket = connect(app.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST /newsletter HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\nOrigin: ${app.url}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    app.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    // No new connection is accepted while the old request finishes.
    await expect(fetch(`${app.url}/healthz`, { signal: AbortSignal.timeout(3_000) })).rejects.toThrow();
    socket.write(body.slice(5));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 (200|30\d) /);
    expect(await app.exited).toBe(0);

    // The same data folder opens again at once, with everything in it.
    const again = await startApp({ env: { DATA_DIR: app.env.DATA_DIR!, ADMIN_PASSWORD: app.env.ADMIN_PASSWORD!, BETTER_AUTH_SECRET: app.env.BETTER_AUTH_SECRET! } });
    try {
      expect((await fetch(`${again.url}/readyz`)).status).toBe(200);
      expect(again.output()).not.toMatch(/recover|corrupt/i);
    } finally {
      expect(await again.stop('SIGTERM')).toBe(0);
    }
  });
});
