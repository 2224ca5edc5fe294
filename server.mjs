// Production server: serves the built app (npm run build) with Express.
// `npm start` builds and runs this; the database is created, migrated and
// seeded before the first request is accepted.
// NODE_ENV must be set before React loads, so every import below is dynamic.
process.env.NODE_ENV ??= 'production';
const { createRequestHandler } = await import('@react-router/express');
const { default: compression } = await import('compression');
const { default: express } = await import('express');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const trustProxy = process.env.TRUST_PROXY === 'true';

const build = await import('./build/server/index.js');
let info;
try {
  info = await build.entry.module.bootstrap();
} catch (error) {
  console.error(`\n❌ Não foi possível iniciar a Clarear: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
}

const app = express();
app.disable('x-powered-by');
app.use(compression());
app.use((req, res, next) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  // Rate limits key on the client address: without a trusted proxy in front,
  // a client-sent X-Forwarded-For is replaced by the socket's real address.
  if (!trustProxy) req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  next();
});
app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }));
app.use(express.static('build/client', { maxAge: '1h' }));
app.use(createRequestHandler({ build, mode: process.env.NODE_ENV }));

const server = app.listen(port, host, () => {
  const url = `http://localhost:${port}`;
  const db = info.engine === 'pglite' ? `embutido (PGlite) em ${info.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`\n✨ Clarear no ar em ${url}\n   Banco de dados: ${db}\n   Admin: ${info.adminLogin}\n`);
});

// On SIGTERM/SIGINT: stop taking requests, give e-mails already under way (sent after
// the answer, see app/server/background.server.ts) up to 10 s to leave, then exit.
// A second signal exits at once.
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, async () => {
    if (stopping) process.exit(1);
    stopping = true;
    server.close();
    const settled = await build.entry.module.settleBackgroundTasks(10_000);
    if (!settled) console.error('Encerrando com e-mails ainda em envio.');
    process.exit(0);
  });
}
