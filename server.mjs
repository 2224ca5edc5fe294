// The store's HTTP server (Express), in production (`npm start`, `npm run serve`: the built app)
// and in development (`npm run dev`: Vite in middleware mode, hot reload), so both send the
// same headers. The database is opened, migrated and seeded before the first request.
// NODE_ENV must be set before React loads, so every import below is dynamic.
// NODE_ENV=test serves the same build outside production: the built-in payment provider's instant
// approvals for the e2e store (docs/decisions/0001-payment-methods-offered.md); only
// `npm run dev` (development) runs Vite.
process.env.NODE_ENV ??= 'production';
/** The built app is served (production, or test mode); development runs Vite. */
const built = process.env.NODE_ENV !== 'development';
const { createRequestHandler } = await import('@react-router/express');
const { RouterContextProvider } = await import('react-router');
const { default: compression } = await import('compression');
const { default: express } = await import('express');
const { pinoHttp } = await import('pino-http');
const { clientAddress, healthRoutes, parseTrustProxy, precompressedAssets, privateByDefault, requestIdFor, sameOriginWrites, securityHeaders } = await import('./server/middleware.mjs');

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
const HMR_PORT = Number(process.env.HMR_PORT ?? 24678);

// Production loads the build once; development asks Vite for the current one on every request.
const vite = built
  ? null
  : await import('vite').then((v) => v.createServer({ server: { middlewareMode: true, hmr: { port: HMR_PORT } }, appType: 'custom' }));
const loadBuild = vite ? () => vite.ssrLoadModule('virtual:react-router/server-build') : null;
const productionBuild = built ? await import('./build/server/index.js') : null;
const entry = async () => (productionBuild ?? (await loadBuild())).entry.module;

let info;
try {
  info = await (await entry()).bootstrap();
} catch (error) {
  console.error(`\n❌ Não foi possível iniciar a Clarear: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
}
const { logger, withRequestId, cspNonceContext, cspScriptHashesContext } = await entry();

let stopping = false;
const app = express();
app.disable('x-powered-by');
// Express's own error pages without stacks whenever the build is served (test mode too).
if (built) app.set('env', 'production');
app.set('trust proxy', trustProxy);
// Mercado Pago's card form on /checkout when the gateway is configured (its browser key set).
const cardGateway = Boolean(process.env.MERCADOPAGO_ACCESS_TOKEN && process.env.MERCADOPAGO_PUBLIC_KEY);
app.use(securityHeaders({ production: built, hmrPort: vite ? HMR_PORT : undefined, cardGateway }));
app.use((_req, res, next) => {
  // Shutting down: let each connection go after its answer instead of keeping it alive.
  if (stopping) res.setHeader('Connection', 'close');
  next();
});
healthRoutes(app, { isReady: async () => !stopping && (await (await entry()).isReady()) });
app.use(compression());
if (vite) {
  app.use(vite.middlewares);
} else {
  // Hashed names: cached for a year by browsers and the front; brotli/gzip made at build time.
  app.use('/assets', precompressedAssets(new URL('./build/client/assets', import.meta.url).pathname));
  app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }));
  // Only a path naming a file (favicon.svg, images/…) can be one: pages and their .data skip the
  // disk lookup (a stat per request, ~5 % of a product JSON's time).
  const publicFiles = express.static('build/client', { maxAge: '1h' });
  const isFile = (path) => /\.[^/.]+$/.test(path) && !path.endsWith('.data');
  app.use((req, res, next) => (isFile(req.path) ? publicFiles(req, res, next) : next()));
}
app.use(clientAddress);
app.use(
  pinoHttp({
    logger,
    genReqId: (req, res) => {
      const id = requestIdFor(req, trustProxy !== false);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // Never the query string or headers: they can hold tokens (e-mail links) and cookies.
    serializers: {
      req: (req) => ({ id: req.id, method: req.method, path: String(req.url).split('?')[0] }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
  }),
);
app.use(sameOriginWrites);
app.use(privateByDefault);
app.use((req, _res, next) => withRequestId(String(req.id), next));
app.use(
  createRequestHandler({
    build: productionBuild ?? loadBuild,
    // The built app answers as production does (errors without details), in test mode too.
    mode: built ? 'production' : 'development',
    getLoadContext: (_req, res) => {
      const context = new RouterContextProvider();
      context.set(cspNonceContext, res.locals.cspNonce);
      // A cacheable page's inline scripts are allowed by hash instead of the nonce (app/server/infra/csp.server.ts).
      context.set(cspScriptHashesContext, (hashes) => {
        const policy = res.getHeader('Content-Security-Policy');
        if (typeof policy !== 'string') return;
        res.setHeader('Content-Security-Policy', policy.replace(/'nonce-[^']*'/, hashes.map((h) => `'${h}'`).join(' ')));
      });
      return context;
    },
  }),
);

const server = app.listen(port, host, () => {
  const url = `http://localhost:${port}`;
  const db = info.engine === 'pglite' ? `embutido (PGlite) em ${info.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`\n✨ Clarear no ar em ${url}\n   Banco de dados: ${db}\n   Admin: ${info.adminLogin}\n   Pagamentos: ${info.payments}\n`);
});

// SIGTERM/SIGINT: /readyz turns 503, no new connections, requests under way finish, e-mails
// already under way (background.server.ts) get their chance, the database closes cleanly
// (PGlite must be closed to reopen without recovery), exit 0. A second signal, or a shutdown
// that outlives its deadline, exits 1 at once.
const SHUTDOWN_DEADLINE_MS = 15_000;
async function shutdown(signal) {
  if (stopping) process.exit(1);
  stopping = true;
  logger.info({ signal }, 'encerrando: terminando as requisições em andamento');
  setTimeout(() => {
    logger.error('encerramento passou do prazo; saindo');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
  const closed = new Promise((resolve) => server.close(resolve));
  // A keep-alive connection whose request was under way turns idle only after its answer: close
  // those as they settle rather than wait out the keep-alive timeout.
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  server.closeIdleConnections();
  await closed;
  clearInterval(sweep);
  const module = await entry();
  if (!(await module.settleBackgroundTasks(10_000))) logger.error('encerrando com e-mails ainda em envio');
  await module.closeDatabase();
  await vite?.close();
  logger.info('encerrado');
  process.exit(0);
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void shutdown(signal));
