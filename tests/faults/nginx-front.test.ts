// The store behind its production front (deploy/nginx.conf, run without TLS by bench/nginx-front.mjs):
// nginx micro-caches what the app marks public (app/lib/cache-control.ts) and nothing else. One
// customer's page is never served to another customer or to a visitor, nor a visitor's copy to a
// customer; the header matrix holds on the app itself; an admin edit shows within the documented TTL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { ensureNginx, NGINX_CONF, startNginxFront } from '../../bench/nginx-front.mjs';
import { CACHE_TTL_SECONDS, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '~/lib/cache-control';
import { createCustomers, type Customer } from '../support/faults/accounts';
import { Visitor } from '../support/faults/http';
import { privateCluster } from '../support/faults/postgres';
import { ADMIN_EMAIL, freePort, startApp, type App } from '../support/faults/server';
import { postgresTarget, rows, type StoreTarget } from '../support/faults/store';

const { dataDir, port } = inject('pgCluster');
const cluster = privateCluster(dataDir, port);

type Front = { url: string; stop(): Promise<void> };

/** Every answer a test saw: none that sets a cookie may be public. */
const seen: { path: string; response: Response }[] = [];
async function get(visitor: Visitor, path: string, headers: Record<string, string> = {}): Promise<{ response: Response; body: string }> {
  const response = await (Object.keys(headers).length ? visitor.getWith(path, headers) : visitor.get(path));
  seen.push({ path, response });
  return { response, body: await response.text() };
}

describe('the nginx front and the cache headers', () => {
  let target: StoreTarget;
  let app: App;
  let front: Front;
  let a: Customer;
  let b: Customer;
  let slug: string;
  const adminPassword = `Front-${Math.random().toString(36).slice(2)}-Vidro9`;

  beforeAll(async () => {
    if (!cluster.isRunning()) await cluster.start();
    target = await postgresTarget(cluster.adminUrl, 'clarear_front');
    app = await startApp({ env: { ...target.env, TRUST_PROXY: 'true', ADMIN_PASSWORD: adminPassword } });
    // nginx cannot take port 0: a probed port may be gone by the time it binds, so try another.
    for (let attempt = 1; !front; attempt++) {
      try {
        front = (await startNginxFront({ upstreamPort: app.port, listenPort: await freePort(), workers: '1' })) as Front;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    const handle = await target.open();
    try {
      const [first, second] = await createCustomers(handle.db, 2, 'front');
      // Names no page shows by itself, so finding one on a page means it is that customer's.
      a = { ...first!, name: 'Aurora Quintanilha' };
      b = { ...second!, name: 'Benedito Xavante' };
      await handle.db.execute(sql`update "user" set name = ${a.name} where id = ${a.id}`);
      await handle.db.execute(sql`update "user" set name = ${b.name} where id = ${b.id}`);
      slug = (await rows<{ slug: string }>(handle, sql`select slug from products where not is_kit order by slug limit 1`))[0]!.slug;
    } finally {
      await handle.close();
    }
  });
  afterAll(async () => {
    await front?.stop();
    await app?.stop();
  });

  const catalogue = () => ['/', '/produtos', '/produtos?q=deterg', `/produtos/${slug}`, '/kits', '/blog', '/sobre', '/contato', '/termos-uso', '/produtos.data', `/api/produtos/${slug}`];

  it('the app: anonymous catalogue pages are public with an ETag and answer 304 to it', async () => {
    const visitor = new Visitor(app.url);
    for (const path of catalogue()) {
      const { response, body } = await get(visitor, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe(PUBLIC_CACHE_CONTROL);
      const etag = response.headers.get('etag');
      expect(etag, path).toMatch(/^W\/".+"$/);
      // Rendered again, the same bytes: the ETag holds (no per-request nonce in a public page).
      const again = await get(visitor, path, { 'if-none-match': etag! });
      expect(again.response.status, path).toBe(304);
      expect(again.body, path).toBe('');
      if (!path.includes('.data') && !path.startsWith('/api/')) {
        expect(body, path).not.toMatch(/nonce="[^"]+"/);
        expect(response.headers.get('content-security-policy'), path).toMatch(/script-src 'self' 'sha256-/);
        expect(response.headers.get('content-security-policy'), path).not.toContain("'nonce-");
      }
    }
  });

  it('the app: a signed-in customer, the customer area, checkout, admin and login are private, no-store', async () => {
    const customer = new Visitor(app.url);
    await customer.signIn(a.email, a.password);
    for (const path of [...catalogue(), '/checkout', '/area-cliente', '/area-cliente/perfil', '/area-cliente/meus-pedidos']) {
      const { response, body } = await get(customer, path);
      expect(response.headers.get('cache-control'), path).toBe(PRIVATE_CACHE_CONTROL);
      expect(response.headers.get('etag'), path).toBeNull();
      if (response.headers.get('content-type')?.startsWith('text/html')) expect(body, path).toMatch(/nonce="[^"]+"/);
    }
    const admin = new Visitor(app.url);
    await admin.signIn(ADMIN_EMAIL, adminPassword);
    for (const path of ['/admin', '/admin/products', '/admin/settings', '/produtos']) {
      expect((await get(admin, path)).response.headers.get('cache-control'), path).toBe(PRIVATE_CACHE_CONTROL);
    }
    const anonymous = new Visitor(app.url);
    for (const path of ['/checkout', '/login', '/esqueci-senha', '/area-cliente/perfil', '/nao-existe-esta-pagina']) {
      const { response } = await get(anonymous, path);
      expect(response.headers.get('cache-control') ?? '', path).not.toMatch(/public|s-maxage/);
    }
    // A pending flash toast (even a forged one) makes the page personal.
    expect((await get(anonymous, '/produtos', { cookie: 'clarear_toast=abc' })).response.headers.get('cache-control')).toBe(PRIVATE_CACHE_CONTROL);
  });

  it('through nginx: one customer\'s page never reaches another customer or a visitor, nor a visitor\'s copy a customer', async () => {
    const onFront = (visitor: Visitor) => visitor.at(front.url);
    const anonymous = new Visitor(front.url);
    const pages = [...catalogue(), '/area-cliente/perfil', '/checkout'];
    // A visitor first, so the front holds the anonymous copies…
    for (const path of catalogue()) await get(anonymous, path);
    const customerA = new Visitor(app.url);
    await customerA.signIn(a.email, a.password);
    const customerB = new Visitor(app.url);
    await customerB.signIn(b.email, b.password);
    for (const path of pages) {
      for (let round = 0; round < 2; round += 1) {
        const asA = await get(onFront(customerA), path);
        expect(asA.response.headers.get('x-cache-status'), path).toBe('BYPASS');
        // …and A gets A's page, not the visitor's copy.
        if (path === '/' || path === '/produtos' || path === '/area-cliente/perfil') expect(asA.body, path).toContain('Aurora');
        const asB = await get(onFront(customerB), path);
        expect(asB.body, path).not.toContain('Aurora');
        if (path === '/area-cliente/perfil') expect(asB.body).toContain('Benedito');
        const asVisitor = await get(anonymous, path);
        expect(asVisitor.body, path).not.toContain('Aurora');
        expect(asVisitor.body, path).not.toContain('Benedito');
      }
    }
    // The visitor's catalogue pages do come from the cache.
    const again = await get(anonymous, '/produtos');
    expect(['HIT', 'STALE', 'UPDATING', 'REVALIDATED']).toContain(again.response.headers.get('x-cache-status'));
    // The theme cookie picks its own cached variant.
    const dark = await get(anonymous, '/produtos', { cookie: 'clarear_theme=dark' });
    expect(dark.body).toMatch(/<html[^>]*class="dark"/);
    expect((await get(anonymous, '/produtos')).body).not.toMatch(/<html[^>]*class="dark"/);
  });

  it('through nginx: an admin edit of a product shows within the TTL', async () => {
    const anonymous = new Visitor(front.url);
    const path = `/produtos/${slug}`;
    await get(anonymous, path);
    expect((await get(anonymous, path)).response.headers.get('x-cache-status')).toBe('HIT');
    const handle = await target.open();
    const renamed = `Produto Renomeado ${Date.now()}`;
    try {
      await handle.db.execute(sql`update products set name = ${renamed} where slug = ${slug}`);
    } finally {
      await handle.close();
    }
    // TTL of seconds with revalidation: after CACHE_TTL_SECONDS, the first request refreshes the copy
    // in the background (it may still get the old one); the edit shows at most one render later.
    await new Promise((resolve) => setTimeout(resolve, CACHE_TTL_SECONDS * 1000 + 200));
    let body = (await get(anonymous, path)).body;
    for (let i = 0; i < 20 && !body.includes(renamed); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      body = (await get(anonymous, path)).body;
    }
    expect(body).toContain(renamed);
  });

  it('deploy/nginx.conf as shipped (TLS, HTTP → HTTPS) passes nginx -t', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'clarear-nginx-tls-'));
    const cert = await generate([{ name: 'commonName', value: 'loja.example.com.br' }], { keySize: 2048 });
    writeFileSync(path.join(dir, 'cert.pem'), cert.cert);
    writeFileSync(path.join(dir, 'key.pem'), cert.private);
    const site = readFileSync(NGINX_CONF, 'utf8')
      .replace('/etc/letsencrypt/live/loja.example.com.br/fullchain.pem', path.join(dir, 'cert.pem'))
      .replace('/etc/letsencrypt/live/loja.example.com.br/privkey.pem', path.join(dir, 'key.pem'))
      .replace('/var/cache/nginx/clarear', path.join(dir, 'cache'));
    expect(site).toContain('listen 443 ssl');
    expect(site).toContain('return 301 https://$host$request_uri;');
    writeFileSync(path.join(dir, 'site.conf'), site);
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${dir}/${t};`).join(' ');
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `pid ${dir}/nginx.pid;\nevents {}\nhttp { include /etc/nginx/mime.types; ${temp} include ${dir}/site.conf; }\n`,
    );
    expect(() => execFileSync(ensureNginx(), ['-t', '-q', '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`], { stdio: 'pipe' })).not.toThrow();
  });

  it('no answer that sets a cookie was public', () => {
    const withCookie = seen.filter(({ response }) => response.headers.getSetCookie().length > 0);
    expect(withCookie.length).toBeGreaterThan(0);
    for (const { path, response } of withCookie) expect(response.headers.get('cache-control') ?? '', path).not.toMatch(/public|s-maxage/);
  });
});
