// The store behind a TLS-terminating reverse proxy, as in production: a real HTTPS proxy with a
// self-signed certificate in front (it sets X-Forwarded-For/-Proto/-Host the way nginx's
// `proxy_add_x_forwarded_for` does), the app on plain HTTP behind it with TRUST_PROXY=true.
// Sign-in, a checkout and an admin save must work with the browser's https:// Origin (they all
// answered 400 before the app trusted the proxy), cookies are Secure, HSTS is sent, and two
// customers behind the proxy get their own sign-in rate limit — one that a client cannot dodge
// by writing its own X-Forwarded-For.
import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer as createHttpsServer, request as httpsRequest, type Server } from 'node:https';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '~/db/client.server';
import { seedCatalogue } from '~/db/seed/seed.server';
import { createCustomers, type Customer } from '../support/faults/accounts';
import { createDatabase, privateCluster, query } from '../support/faults/postgres';
import { ADMIN_EMAIL, startApp, type App } from '../support/faults/server';
import { NEW_ADDRESS_FIELDS } from '../support/delivery';

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

/** A browser on one machine (its own local address), talking HTTPS to the proxy, keeping its cookies. */
class Browser {
  private cookies = new Map<string, string>();
  constructor(
    private origin: string,
    private ca: string,
    private localAddress: string,
  ) {}

  get(path: string) {
    return this.send('GET', path);
  }

  post(path: string, form: Record<string, string>, extra: Record<string, string> = {}) {
    return this.send('POST', path, new URLSearchParams(form).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      origin: this.origin,
      ...extra,
    });
  }

  private send(method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> {
    const url = new URL(path, this.origin);
    return new Promise((resolve, reject) => {
      const req = httpsRequest(
        url,
        {
          method,
          ca: this.ca,
          localAddress: this.localAddress,
          headers: { ...headers, ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            for (const line of res.headers['set-cookie'] ?? []) {
              const [pair] = line.split(';');
              const eq = pair!.indexOf('=');
              const value = pair!.slice(eq + 1);
              if (/max-age=0/i.test(line) || value === '') this.cookies.delete(pair!.slice(0, eq));
              else this.cookies.set(pair!.slice(0, eq), value);
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }
}

/**
 * A minimal nginx: TLS here, plain HTTP to the app, forwarding headers appended like nginx does.
 * It listens (on a port the kernel picks) before the app starts, because the app must know its
 * public origin: probing a "free" port and binding it later raced other sockets (EADDRINUSE in CI).
 */
async function startProxy(cert: { cert: string; private: string }, app: { port: number }): Promise<Server> {
  const proxy = createHttpsServer({ key: cert.private, cert: cert.cert }, (req, res) => {
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: app.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https', 'x-forwarded-host': req.headers.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    proxy.once('error', reject);
    proxy.listen(0, '127.0.0.1', resolve);
  });
  return proxy;
}

const { dataDir, port } = inject('pgCluster');
const cluster = privateCluster(dataDir, port);

describe('behind an HTTPS reverse proxy (TRUST_PROXY=true)', () => {
  let app: App;
  let proxy: Server;
  let origin: string;
  let ca: string;
  let customers: Customer[];
  let variantId: string;
  let productId: string;
  const browser = (address: string) => new Browser(origin, ca, address);

  beforeAll(async () => {
    if (!cluster.isRunning()) await cluster.start();
    const databaseUrl = await createDatabase(cluster.adminUrl, 'clarear_proxy');
    const handle = await openDatabase({ databaseUrl });
    await handle.migrate();
    await seedCatalogue(handle.db);
    customers = await createCustomers(handle.db, 3, 'proxy');
    await handle.close();
    const [variant] = await query<{ id: string; product_id: string }>(
      databaseUrl,
      'select v.id, v.product_id from product_variants v join products p on p.id = v.product_id where not p.is_kit order by p.slug limit 1',
    );
    variantId = variant!.id;
    productId = variant!.product_id;

    const cert = await generate([{ name: 'commonName', value: 'localhost' }], {
      keySize: 2048,
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
    });
    ca = cert.cert;
    // The store's public address is the proxy's: e-mail links and the origin check use it.
    const upstream = { port: 0 };
    proxy = await startProxy(cert, upstream);
    origin = `https://localhost:${(proxy.address() as { port: number }).port}`;
    app = await startApp({ env: { DATABASE_URL: databaseUrl, TRUST_PROXY: 'true', BETTER_AUTH_URL: origin, AUTH_RATE_LIMIT_MAX: '3' } });
    upstream.port = app.port;
  });
  afterAll(async () => {
    proxy?.close();
    await app?.stop();
  });

  it('signs a customer in, with a Secure session cookie and HSTS', async () => {
    const ana = browser('127.0.0.2');
    const page = await ana.get('/login');
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const answer = await ana.post('/login', { intent: 'login', email: customers[0]!.email, password: customers[0]!.password });
    expect(answer.status).toBe(302);
    const session = (answer.headers['set-cookie'] ?? []).find((c) => c.includes('session_token'));
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect((await ana.get('/area-cliente/perfil')).status).toBe(200);
  });

  it('takes a checkout through the proxy', async () => {
    const bia = browser('127.0.0.3');
    expect((await bia.post('/login', { intent: 'login', email: customers[1]!.email, password: customers[1]!.password })).status).toBe(302);
    const answer = await bia.post('/checkout', {
      intent: 'pay',
      cart: JSON.stringify([{ id: variantId, product_id: productId, quantity: 1 }]),
      idempotencyKey: randomUUID(),
      paymentMethod: 'pix',
      taxId: '52998224725',
      ...NEW_ADDRESS_FIELDS,
      acceptTerms: '1',
    });
    expect(answer.status).toBe(200);
    // The page moves on to the order the action names (its data travels in the HTML's stream).
    const orderId = /orderId\\?",\\?"([0-9a-f-]{36})/.exec(answer.body)?.[1];
    expect(orderId).toBeDefined();
    const order = await bia.get(`/pedido/${orderId}`);
    expect(order.status).toBe(200);
    expect(order.body).toContain('Pix');
  });

  it('lets the admin save', async () => {
    const admin = browser('127.0.0.4');
    expect((await admin.post('/login', { intent: 'login', email: ADMIN_EMAIL, password: app.env.ADMIN_PASSWORD! })).status).toBe(302);
    const answer = await admin.post('/admin/subscriptions', { intent: 'assign', email: customers[2]!.email });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Assinatura atribuída com sucesso!');
  });

  it('counts sign-in attempts per customer, and a forged X-Forwarded-For does not reset them', async () => {
    const attacker = browser('127.0.0.5');
    const wrong = { intent: 'login', email: customers[0]!.email, password: 'senha-errada-123' };
    for (let i = 0; i < 3; i++) expect((await attacker.post('/login', wrong)).status).toBe(401);
    expect((await attacker.post('/login', wrong)).status).toBe(429);
    expect((await attacker.post('/login', wrong, { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 200)}` })).status).toBe(429);
    // Another customer behind the same proxy is not locked out by the attacker.
    const other = browser('127.0.0.6');
    expect((await other.post('/login', { intent: 'login', email: customers[2]!.email, password: customers[2]!.password })).status).toBe(302);
  });
});
