// Express middleware shared by the production server and `npm run dev` (both run server.mjs):
// security headers with a per-request CSP nonce, the reverse-proxy setting and the one
// client address the app sees, request ids, health endpoints.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';

/**
 * TRUST_PROXY: unset/false → no proxy (forwarding headers from clients are ignored);
 * true → one proxy hop (the usual nginx/load balancer in front); a number → that many hops;
 * anything else → a comma-separated list of proxy addresses/CIDRs ('loopback', '10.0.0.0/8').
 * With hops, the client is the address the outermost trusted proxy saw, never a value the
 * client itself put at the left of X-Forwarded-For.
 */
export function parseTrustProxy(value) {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self)';

/**
 * Mercado Pago's card form (MercadoPago.js v2 and its Secure Fields iframes), allowed on /checkout
 * only and only when the gateway takes cards there: its script, the iframes holding the card
 * fields, and the API calls that tokenize the card and find its brand and issuer.
 */
export const MERCADOPAGO_CSP = {
  scriptSrc: ['https://sdk.mercadopago.com', 'https://http2.mlstatic.com'],
  frameSrc: ['https://sdk.mercadopago.com', 'https://api-static.mercadopago.com', 'https://www.mercadolibre.com'],
  connectSrc: ['https://api.mercadopago.com', 'https://api.mercadolibre.com', 'https://events.mercadopago.com'],
  imgSrc: ['https://http2.mlstatic.com'],
};

/** Content-Security-Policy and friends; scripts run only from our origin or with this response's nonce. */
export function securityHeaders({ production, hmrPort, cardGateway = false }) {
  // The gateway's origins, on the one page that takes a card.
  const onCheckout = (origins) => (req) => (cardGateway && req.path === '/checkout' ? origins.join(' ') : "'self'");
  const nonce = (req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // React's development build evaluates code for its stack traces: dev only, never in production.
        scriptSrc: ["'self'", (_req, res) => `'nonce-${res.locals.cspNonce}'`, ...(production ? [] : ["'unsafe-eval'"]), onCheckout(MERCADOPAGO_CSP.scriptSrc)],
        scriptSrcAttr: ["'none'"],
        // React renders a few style attributes (the pH gauge's marker, Radix positioning);
        // styles cannot run code, so inline styles stay allowed and scripts do not.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // data: for inline SVG icons; blob: for the admin's image preview before upload.
        imgSrc: ["'self'", 'data:', 'blob:', onCheckout(MERCADOPAGO_CSP.imgSrc)],
        fontSrc: ["'self'"],
        // Development only: Vite's hot-reload socket listens on its own port.
        connectSrc: [...(hmrPort ? ["'self'", `ws://localhost:${hmrPort}`] : ["'self'"]), onCheckout(MERCADOPAGO_CSP.connectSrc)],
        frameSrc: ["'self'", onCheckout(MERCADOPAGO_CSP.frameSrc)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
    // HSTS is sent below, only over HTTPS in production (a plain-HTTP dev store must stay reachable).
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const rest = (req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (production && req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
  return [nonce, headers, rest];
}

/**
 * The app reads the client's address from X-Forwarded-For (Better Auth's sign-in limit, the
 * form limits): give it exactly one value, the one Express derived under the trust-proxy setting.
 */
export function clientAddress(req, _res, next) {
  req.headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
  delete req.headers['x-real-ip'];
  next();
}

/**
 * A write posted from another site is refused before it reaches any route. React Router checks
 * Origin only for page actions, not resource routes (/newsletter, /favoritos, /chatbot, …);
 * SameSite=Lax keeps the session cookie off such posts, but an anonymous one would still act.
 * Requests without Origin (server-to-server, old clients) pass. Behind TRUST_PROXY, protocol and
 * host are the ones the browser used.
 */
export function sameOriginWrites(req, res, next) {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
  const origin = req.headers.origin;
  if (origin === undefined || origin === `${req.protocol}://${req.host}`) return next();
  req.log?.warn({ origin }, 'requisição de outra origem recusada');
  res.status(403).type('text/plain').send('Requisição de outro site recusada.');
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** A trusted proxy's X-Request-Id is kept (one id across the hops); otherwise a new UUID. */
export function requestIdFor(req, trusted) {
  const incoming = req.headers['x-request-id'];
  return trusted && typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** /healthz: the process answers. /readyz: it can serve (database up and migrated, not shutting down). */
export function healthRoutes(app, { isReady }) {
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').type('text/plain').send('ok');
  });
  app.get('/readyz', async (_req, res) => {
    const ready = await isReady();
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .type('text/plain')
      .send(ready ? 'ok' : 'indisponível');
  });
}

/**
 * The build's hashed assets in the .br or .gz written next to them at build time
 * (scripts/precompress-assets.mjs), for browsers that take it: no compression per request.
 * Mounted on /assets before express.static, which serves the rest (and browsers that take neither).
 * Only files listed at start are answered, so a path never reaches outside the folder.
 */
export function precompressedAssets(dir) {
  const files = existsSync(dir) ? new Set(readdirSync(dir, { recursive: true }).map((f) => String(f).split(path.sep).join('/'))) : new Set();
  const encodings = [
    ['br', '.br'],
    ['gzip', '.gz'],
  ];
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.replace(/^\//, '');
    const variants = encodings.filter(([, ext]) => files.has(name + ext));
    if (!files.has(name) || variants.length === 0) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    // Brotli first whenever the browser takes it (smaller), whatever order it lists them in.
    const variant = req.headers['accept-encoding'] ? variants.find(([encoding]) => req.acceptsEncodings(encoding) === encoding) : undefined;
    if (!variant) return next();
    res.setHeader('Content-Encoding', variant[0]);
    res.type(path.extname(name));
    res.sendFile(path.join(dir, name + variant[1]), { maxAge: '1y', immutable: true }, (error) => error && next(error));
  };
}

/**
 * Anything the app answers without a Cache-Control of its own (a redirect, a resource route, an
 * error) is `private, no-store`: only app/lib/cache-control.ts, or a route that says so (robots,
 * sitemap, uploads), makes an answer cacheable. Set at the last moment, so the app's own header wins
 * (React Router's adapter appends headers: a default set earlier would be doubled).
 */
export function privateByDefault(_req, res, next) {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'private, no-store');
    return writeHead.apply(this, args);
  };
  next();
}
