// CPU milliseconds per request of one server process, per route, anonymous and signed in: a figure
// that does not depend on what else runs on the machine (unlike req/s). Starts a production
// server.mjs on PostgreSQL (a scratch database), signs a customer in, then for each route sends
// WARMUP requests and N more (CONCURRENCY at a time, keep-alive) and divides the process's
// utime+stime (/proc/<pid>/stat) over those N by N.
//   node bench/cpu.mjs [N=2000]      env: BENCH_CPU_PORT (3660), BENCH_CPU_ROUTES (labels, comma-separated)
//   BENCH_CPU_ROOT=<another checkout> measures that checkout's build (A/B on the same database).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = process.env.BENCH_CPU_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const N = Number(process.argv[2] ?? 2000);
const WARMUP = Math.max(200, N / 5);
const CONCURRENCY = Number(process.env.BENCH_CPU_CONCURRENCY ?? 8);
const PORT = Number(process.env.BENCH_CPU_PORT ?? 3660);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = process.env.BENCH_CPU_ROUTES?.split(',');
// wrk (bench/run.mjs) asks for no compression; browsers ask for br: BENCH_CPU_ENCODING='br, gzip'.
const ENCODING = process.env.BENCH_CPU_ENCODING ?? '';
const TICK_MS = 1000 / 100; // USER_HZ

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};

const dbName = process.env.BENCH_CPU_DB ?? `perfrender_cpu_${randomBytes(4).toString('hex')}`;
const keepDb = Boolean(process.env.BENCH_CPU_DB);
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount;
if (!exists) await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${dbName}`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clarear-cpu-'));
const origin = `http://127.0.0.1:${PORT}`;
const child = spawn('node', [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []), 'server.mjs'], {
  cwd: ROOT,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl.toString(),
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
    BETTER_AUTH_URL: origin,
    ADMIN_PASSWORD: 'senha-admin-bench-1',
    AUTH_RATE_LIMIT_MAX: '100000',
    FORM_RATE_LIMIT_MAX: '100000',
    QUOTE_RATE_LIMIT_MAX: '100000',
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: '0',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  child.stdout.on('data', (d) => String(d).includes('no ar') && resolve());
  child.on('exit', (code) => reject(new Error(`server.mjs exited (${code})`)));
});
child.stdout.resume();

async function stop() {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
  if (!keepDb) {
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  }
}

try {
  const form = (fields) => new URLSearchParams(fields).toString();
  const email = `cpu.${Date.now()}.${randomBytes(3).toString('hex')}@exemplo.com.br`;
  const password = 'senha-de-bench-1';
  const post = (fields) =>
    fetch(`${origin}/login`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin }, body: form(fields) });
  await (await post({ intent: 'register', name: 'Cliente CPU', email, password, confirmPassword: password, acceptTerms: 'on' })).text();
  let link;
  for (let i = 0; i < 120 && !link; i++) {
    const outbox = path.join(dataDir, 'outbox');
    for (const file of existsSync(outbox) ? readdirSync(outbox) : []) {
      try {
        const mail = JSON.parse(readFileSync(path.join(outbox, file), 'utf8'));
        if (mail.to === email && mail.subject.includes('confirme seu e-mail')) link = /https?:\/\/\S+/.exec(mail.text)?.[0];
      } catch {
        // still being written: read on the next pass
      }
    }
    if (!link) await sleep(250);
  }
  await (await fetch(link, { redirect: 'manual' })).text();
  const login = await post({ intent: 'login', email, password });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).filter((c) => c.includes('session')).join('; ');
  if (!cookie) throw new Error('no session cookie');

  const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const product = paths.find((p) => /^\/produtos\/[^/]+$/.test(p));
  const post_ = paths.find((p) => /^\/blog\/[^/]+$/.test(p));
  const routes = [
    ['/', '/'],
    ['/produtos', '/produtos'],
    ['/produtos?q=deterg', '/produtos?q=deterg'],
    ['/produtos.data', '/produtos.data'],
    ['product', product],
    ['api-json', `/api/produtos/${product.split('/').pop()}`],
    ['/kits', '/kits'],
    ['blog', post_],
  ].filter(([label]) => !ONLY || ONLY.includes(label));

  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const get = (p, headers) =>
    new Promise((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: PORT, path: p, agent, headers: { ...(ENCODING ? { 'accept-encoding': ENCODING } : {}), ...headers } }, (res) => {
        let bytes = 0;
        res.on('data', (d) => (bytes += d.length));
        res.on('end', () => resolve({ status: res.statusCode, bytes }));
      });
      req.on('error', reject);
    });
  async function run(p, headers, count) {
    let next = 0;
    let bad = 0;
    let bytes = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < count) {
          const r = await get(p, headers);
          bytes += r.bytes;
          if (r.status !== 200) bad++;
        }
      }),
    );
    return { bad, bytes: bytes / count };
  }
  // Each statement outside a transaction is one: transactions per request ≈ statements per request.
  const stats = new pg.Client({ connectionString: dbUrl.toString() });
  await stats.connect();
  const transactions = async () => {
    await sleep(1200); // backends report their counts at most once a second
    const { rows } = await stats.query('select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()');
    return Number(rows[0].n);
  };
  console.log(`route                 who        CPU ms/req   bytes/req   transactions/req (N=${N}, concurrency ${CONCURRENCY}, ${ENCODING || 'no compression'}, ${ROOT})`);
  for (const [label, p] of routes) {
    for (const [who, headers] of [['anonymous', {}], ['signed-in', { cookie }]]) {
      await run(p, headers, WARMUP);
      const xactBefore = await transactions();
      const before = cpuMs(child.pid);
      const { bad, bytes } = await run(p, headers, N);
      const per = (cpuMs(child.pid) - before) / N;
      const xact = ((await transactions()) - xactBefore - 1) / N; // less this count's own
      console.log(`${label.padEnd(21)} ${who.padEnd(10)} ${per.toFixed(2).padStart(10)}   ${bytes.toFixed(0).padStart(9)}   ${xact.toFixed(2).padStart(8)}${bad ? `  ${bad} non-200!` : ''}`);
    }
  }
  await stats.end();
} finally {
  await stop();
}
