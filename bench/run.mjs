// `npm run bench`: issue 17's measurements, end to end from a fresh clone after `npm install`.
// Builds when build/ is missing, installs wrk and nginx-light from Debian when missing, runs every
// measurement against the production server on its own ports (3500–3599: never the e2e ones),
// prints one line per figure with its budget and MET / NOT MET, and writes bench/RESULTS.md.
// Numbers, not a test. The machine's load (uptime) is printed with them.
//
//   npm run bench                 wrk -t2 -c50 -d20s --timeout 30s, median of 3 runs
//   BENCH_QUICK=1 npm run bench   -d5s and one run (while developing; say so next to the figures)
//   BENCH_SKIP=lighthouse,reports skip named parts: static, postgres, pglite, front, scaleout, checkout,
//                                 memory, jobs, weight, reports, catalogue, lighthouse
//   BENCH_ROUTES='/produtos,blog post'  only these catalogue requests (labels as printed), while developing
//   BENCH_DATABASE_URL            the PostgreSQL server to make scratch databases on
//                                 (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(ROOT);

const QUICK = process.env.BENCH_QUICK === '1';
const DURATION = QUICK ? '5s' : '20s';
const RUNS = QUICK ? 1 : 3;
/** Only these catalogue requests (labels, comma-separated), while developing: BENCH_ROUTES='/produtos,blog post'. */
const ROUTES = process.env.BENCH_ROUTES?.split(',').map((s) => s.trim());
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').map((s) => s.trim()).filter(Boolean));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CHECKOUT_CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20);
const MEMORY_REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 10_000);
/** Medusa 2.21, one process, its defaults, PostgreSQL: its 12-product store list (issue 17's session, same wrk settings). */
const MEDUSA = { rps: 47.6, what: 'Medusa 2.21 store list, 12 products (issue 17, same wrk settings; not installed here)' };

const PORTS = { static: 3500, pg: 3510, pglite: 3511, front: 3520, scale1: 3531, scale2: 3532, scaleProxy: 3533, checkout: 3540, jobs: 3550, memPg: 3560, memPglite: 3561 };

// ---------------------------------------------------------------- results

/** @type {{ section: string; name: string; figure: string; budget: string; met: boolean | null; note?: string }[]} */
const results = [];
const verdict = (met) => (met === null ? '' : met ? 'MET' : 'NOT MET');
function record(section, name, figure, budget = '', met = null, note = '') {
  results.push({ section, name, figure, budget, met, note });
  console.log(`${name.padEnd(58)} ${figure.padEnd(42)} ${budget ? `budget ${budget}` : ''} ${verdict(met)}${note ? `  (${note})` : ''}`);
}
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

// ---------------------------------------------------------------- tools

const have = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0 || existsSync(`/usr/sbin/${cmd}`);
function ensureTools() {
  const missing = ['wrk', 'nginx'].filter((c) => !have(c));
  if (!missing.length) return;
  console.log(`installing ${missing.join(', ')} from Debian (apt-get)…`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args) => execFileSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), { stdio: 'inherit' });
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', 'wrk', 'nginx-light']);
}
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

function ensureBuild() {
  if (existsSync('build/server/index.js') && existsSync('build/client')) return;
  console.log('build/ missing: npm run build…');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

// ---------------------------------------------------------------- PostgreSQL scratch databases

async function scratchDatabase(prefix) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

// ---------------------------------------------------------------- the store

const cleanups = [];
async function cleanup() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (error) {
      console.error('cleanup:', error.message);
    }
  }
}
process.on('SIGINT', async () => {
  await cleanup();
  process.exit(130);
});

/**
 * The environment (malloc settings) and node flags of `npm run serve` (package.json), read from the
 * script itself so the bench's store starts exactly as deployed: they decide its resident memory (goal 8).
 */
const { SERVE_ENV, SERVE_FLAGS } = (() => {
  const script = JSON.parse(readFileSync('package.json', 'utf8')).scripts.serve;
  const match = /^((?:[A-Z_]+=\S+ )*)node((?: --[\w-]+(?:=\S+)?)*) server\.mjs$/.exec(script);
  if (!match) throw new Error(`package.json "serve" is not \`[VAR=value …] node [flags] server.mjs\`: ${script}`);
  const env = Object.fromEntries(match[1].split(' ').filter(Boolean).map((pair) => pair.split('=')));
  return { SERVE_ENV: env, SERVE_FLAGS: match[2].split(' ').filter(Boolean) };
})();

/** A production server.mjs on `port`: PostgreSQL when databaseUrl is given, else embedded PGlite in its own DATA_DIR. */
async function startStore({ port, databaseUrl = '', env = {} }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clarear-bench-'));
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn('node', [...SERVE_FLAGS, 'server.mjs'], {
    env: {
      ...process.env,
      ...SERVE_ENV,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
      BETTER_AUTH_URL: origin,
      ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
      AUTH_RATE_LIMIT_MAX: '100000',
      FORM_RATE_LIMIT_MAX: '100000',
      QUOTE_RATE_LIMIT_MAX: '100000',
      PAY_RATE_LIMIT_MAX: '100000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server on ${port} did not start in 180 s: ${stderr}`)), 180_000);
    child.stdout.on('data', (d) => String(d).includes('no ar') && (clearTimeout(timer), resolve()));
    child.on('exit', (code) => reject(new Error(`server.mjs exited (${code}) before answering: ${stderr}`)));
  });
  child.stdout.resume();
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  cleanups.push(stop);
  return { port, origin, dataDir, pid: child.pid, stop, rssMb: () => rssMb(child.pid) };
}

/** A process's CPU time so far (utime + stime), in ms. */
function processCpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100); // USER_HZ
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** The first product and blog post the sitemap lists. */
async function samplePaths(origin) {
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const product = paths.find((p) => /^\/produtos\/[^/]+$/.test(p));
  const post = paths.find((p) => /^\/blog\/[^/]+$/.test(p));
  if (!product || !post) throw new Error('sitemap.xml has no product or blog post');
  return { product, post, slug: product.split('/').pop() };
}

function catalogue({ product, post, slug }) {
  const all = [
    { label: '/', path: '/', page: true },
    { label: '/produtos', path: '/produtos', page: true },
    { label: '/produtos?q=deterg', path: '/produtos?q=deterg', page: true },
    { label: '/produtos.data', path: '/produtos.data', kind: 'data' },
    { label: 'product page', path: product, page: true },
    { label: '/api/produtos/:slug', path: `/api/produtos/${slug}`, kind: 'json' },
    { label: '/kits', path: '/kits', page: true },
    { label: 'blog post', path: post, page: true },
  ];
  return ROUTES ? all.filter((r) => ROUTES.includes(r.label)) : all;
}

// ---------------------------------------------------------------- customers

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const form = (fields) => new URLSearchParams(fields).toString();

/** A confirmed customer with a session, the way one signs up: the /login form, the e-mail's link, the login form. */
async function signedInCustomer(store, name = 'Cliente Bench') {
  const email = `bench.${Date.now()}.${randomBytes(3).toString('hex')}@exemplo.com.br`;
  const password = 'senha-de-bench-1';
  const post = (fields) =>
    fetch(`${store.origin}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: store.origin },
      body: form(fields),
    });
  const signUp = await post({ intent: 'register', name, email, password, confirmPassword: password, acceptTerms: 'on' });
  await signUp.text();
  if (signUp.status !== 302) throw new Error(`sign-up answered ${signUp.status}`);
  const outbox = path.join(store.dataDir, 'outbox');
  let link;
  for (let i = 0; i < 120 && !link; i++) {
    for (const file of existsSync(outbox) ? readdirSync(outbox) : []) {
      if (!file.endsWith('.json')) continue;
      let mail;
      try {
        mail = JSON.parse(readFileSync(path.join(outbox, file), 'utf8'));
      } catch {
        continue; // still being written: read on the next pass
      }
      if (mail.to === email && mail.subject.includes('confirme seu e-mail')) link = /https?:\/\/\S+/.exec(mail.text)?.[0];
    }
    if (!link) await sleep(250);
  }
  if (!link) throw new Error(`no confirmation e-mail for ${email}`);
  await (await fetch(link, { redirect: 'manual' })).text();
  const login = await post({ intent: 'login', email, password });
  await login.text();
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => c.includes('session'))
    .join('; ');
  if (login.status !== 302 || !cookie) throw new Error(`login answered ${login.status} without a session cookie`);
  return { email, cookie };
}

// ---------------------------------------------------------------- wrk

const toMs = (value, unit) => Number(value) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit];
const wrkArgs = (url, headers) => ['-t2', '-c50', `-d${DURATION}`, '--timeout', '30s', '--latency', ...headers.flatMap((h) => ['-H', h]), url];
function wrkOnce(url, headers = []) {
  const out = spawnSync('wrk', wrkArgs(url, headers), { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (out.status !== 0) throw new Error(`wrk failed: ${out.stderr || out.stdout}`);
  return parseWrk(out.stdout);
}
/**
 * One run without blocking this process: while a child of ours runs at the same time (the jobs),
 * its output pipe must keep being read, or the child stalls on a full pipe when it logs.
 */
function wrkInBackground(url, headers = []) {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', wrkArgs(url, headers), { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(parseWrk(text)) : reject(new Error(`wrk failed: ${text}`))));
  });
}
function parseWrk(text) {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? NaN);
  const p99m = /\s99%\s+([\d.]+)(us|ms|s|m)\b/.exec(text);
  const p50m = /\s50%\s+([\d.]+)(us|ms|s|m)\b/.exec(text);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0);
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const errors = non2xx + (sock ? sock.slice(1).reduce((s, n) => s + Number(n), 0) : 0);
  return { rps, p99: p99m ? toMs(p99m[1], p99m[2]) : NaN, p50: p50m ? toMs(p50m[1], p50m[2]) : NaN, errors };
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** A 2-second warm-up (JIT, connection pools, plans), then RUNS runs; the median of each figure. */
function wrk(url, headers = []) {
  spawnSync('wrk', ['-t2', '-c50', '-d2s', '--timeout', '30s', ...headers.flatMap((h) => ['-H', h]), url], { stdio: 'ignore' });
  const runs = Array.from({ length: RUNS }, () => wrkOnce(url, headers));
  return { rps: median(runs.map((r) => r.rps)), p99: median(runs.map((r) => r.p99)), p50: median(runs.map((r) => r.p50)), errors: Math.max(...runs.map((r) => r.errors)) };
}
const fmtRps = (n) => `${n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1)} req/s`;
const fmtMs = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms >= 10 ? Math.round(ms) : ms.toFixed(1)} ms`);
const fmtRun = (r) => `${fmtRps(r.rps)}, p99 ${fmtMs(r.p99)}${r.errors ? `, ${r.errors} errors` : ''}`;

// ---------------------------------------------------------------- nginx

/** A throwaway nginx (daemon off, its own prefix) running `httpBody` inside http {}. */
async function startNginx(name, httpBody) {
  const prefix = mkdtempSync(path.join(os.tmpdir(), `clarear-nginx-${name}-`));
  // nginx's workers drop to an unprivileged user when started as root: they must read the files.
  chmodSync(prefix, 0o755);
  mkdirSync(path.join(prefix, 'logs'));
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${httpBody(prefix)}
}
`,
  );
  const child = spawn(NGINX, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  await sleep(500);
  if (child.exitCode !== null) throw new Error(`nginx (${name}) did not start: ${stderr}`);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  cleanups.push(stop);
  return { prefix, stop };
}

/** The nginx front of deploy/nginx.conf, when its helper exists (bench/nginx-front.mjs, perf-cache). */
async function loadFront() {
  if (!existsSync(path.join(ROOT, 'bench/nginx-front.mjs'))) return null;
  const module = await import('./nginx-front.mjs');
  return module.startNginxFront ?? null;
}

// ---------------------------------------------------------------- sections

async function staticLimit(bytes) {
  const nginx = await startNginx('static', (prefix) => {
    writeFileSync(path.join(prefix, 'produtos.html'), bytes, { mode: 0o644 });
    return `  server {
    listen 127.0.0.1:${PORTS.static};
    root ${prefix};
    location / { default_type text/html; try_files /produtos.html =404; }
  }`;
  });
  const run = wrk(`http://127.0.0.1:${PORTS.static}/produtos`);
  await nginx.stop();
  record('static', `nginx serving the /produtos bytes as a file (${(bytes.length / 1024).toFixed(0)} KB)`, fmtRun(run), '', null, 'the machine\'s limit');
  return run;
}

/** Every catalogue request, anonymous and signed in, on one engine. */
async function uncached(engine, store, paths, cookie) {
  const section = engine === 'postgres' ? 'postgres' : 'pglite';
  const out = {};
  for (const p of catalogue(paths)) {
    const anon = wrk(`${store.origin}${p.path}`);
    out[p.label] = anon;
    const budget2 = engine === 'postgres' ? budgetUncached(p) : null;
    record(section, `${engine}: ${p.label} anonymous, no front`, fmtRun(anon), engine === 'pglite' && p.page ? 'p99 < 300 ms (goal 3)' : '', engine === 'pglite' && p.page ? anon.p99 < 300 && !anon.errors : null);
    const signed = wrk(`${store.origin}${p.path}`, [`Cookie: ${cookie}`]);
    record(
      section,
      `${engine}: ${p.label} signed-in customer`,
      fmtRun(signed),
      budget2 ? budget2.text : engine === 'pglite' && p.page ? 'p99 < 300 ms (goal 3)' : '',
      budget2 ? budget2.met(signed) : engine === 'pglite' && p.page ? signed.p99 < 300 && !signed.errors : null,
    );
  }
  return out;
}
function budgetUncached(p) {
  if (p.kind === 'data') return { text: '≥ 2,000 req/s (goal 2)', met: (r) => r.rps >= 2000 && !r.errors };
  if (p.kind === 'json') return { text: '≥ 3,000 req/s (goal 2)', met: (r) => r.rps >= 3000 && !r.errors };
  return { text: '≥ 500 req/s, p99 < 200 ms (goal 2)', met: (r) => r.rps >= 500 && r.p99 < 200 && !r.errors };
}

async function throughFront(startNginxFront, store, paths, staticRun) {
  const front = await startNginxFront({ upstreamPort: store.port, listenPort: PORTS.front, staticRoot: path.join(ROOT, 'build/client') });
  cleanups.push(() => front.stop());
  try {
    for (const p of catalogue(paths).filter((c) => c.page)) {
      const run = wrk(`http://127.0.0.1:${PORTS.front}${p.path}`);
      const ratio = run.rps / staticRun.rps;
      record('front', `front: ${p.label} anonymous`, `${fmtRun(run)}, ${ratio.toFixed(2)}× static`, '≥ 0.5× static, p99 < 50 ms (goal 1)', ratio >= 0.5 && run.p99 < 50 && !run.errors);
    }
  } finally {
    await front.stop();
  }
}

/** One and two instances on one PostgreSQL behind a plain nginx round-robin proxy (uncached: signed in). */
async function scaleOut(databaseUrl, singleStore, cookie) {
  const second = await startStore({ port: PORTS.scale2, databaseUrl, env: { JOBS_ENABLED: '0' } });
  const proxy = (ports) =>
    startNginx('proxy', () => `  upstream clarear { ${ports.map((p) => `server 127.0.0.1:${p};`).join(' ')} keepalive 32; }
  server {
    listen 127.0.0.1:${PORTS.scaleProxy};
    location / { proxy_pass http://clarear; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Host $http_host; }
  }`);
  const figures = {};
  for (const [label, ports] of [['1 instance', [singleStore.port]], ['2 instances', [singleStore.port, second.port]]]) {
    const nginx = await proxy(ports);
    const run = wrk(`http://127.0.0.1:${PORTS.scaleProxy}/produtos`, [`Cookie: ${cookie}`]);
    figures[label] = run;
    record('scaleout', `scale-out: /produtos signed-in, ${label} behind nginx (no cache)`, fmtRun(run));
    await nginx.stop();
  }
  await second.stop();
  const best = figures['2 instances'].rps > figures['1 instance'].rps * 1.1 ? 2 : 1;
  record('scaleout', 'scale-out: best instance count on this machine', `${best} (${(figures['2 instances'].rps / figures['1 instance'].rps).toFixed(2)}× with 2)`, '', null, `${os.cpus().length} cores, PostgreSQL on the same cores`);
}

/** Goal 8: RSS after 10k mixed requests and after a second 10k. */
async function memory(engine, store, paths, cookie) {
  const mix = catalogue(paths).map((p) => p.path);
  const burst = async () => {
    let next = 0;
    const worker = async () => {
      while (next < MEMORY_REQUESTS) {
        const i = next++;
        const headers = i % 3 === 0 ? { cookie } : {};
        const r = await fetch(`${store.origin}${mix[i % mix.length]}`, { headers });
        await r.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: 20 }, worker));
  };
  await burst();
  const first = store.rssMb();
  await burst();
  const second = store.rssMb();
  const limit = engine === 'postgres' ? 200 : 300;
  const k = `${MEMORY_REQUESTS / 1000}k`;
  record('memory', `${engine}: RSS after ${k} mixed requests`, `${first.toFixed(0)} MB`, `< ${limit} MB (goal 8)`, first < limit);
  // Flat: within 10 % (or 15 MB) of the first figure.
  const flat = second - first <= Math.max(15, first * 0.1);
  record('memory', `${engine}: RSS after a second ${k}`, `${second.toFixed(0)} MB (${second >= first ? '+' : ''}${(second - first).toFixed(0)} MB)`, 'flat (≤ +10 %) (goal 8)', flat);
}

/** Goal 5: concurrent customers paying 3-item carts with Pix through the checkout action. */
async function checkout() {
  const db = await scratchDatabase('clarear_bench_checkout');
  cleanups.push(db.drop);
  const store = await startStore({ port: PORTS.checkout, databaseUrl: db.url });
  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  cleanups.push(() => sql.end());
  try {
    // Three sizes of three products (not kits), with stock enough for the run.
    const { rows: variants } = await sql.query(`
      select distinct on (p.id) v.id, v.product_id from product_variants v join products p on p.id = v.product_id
      where p.is_kit is not true order by p.id, v.id limit 3`);
    if (variants.length < 3) throw new Error('fewer than 3 products with sizes');
    const STOCK = 1_000_000;
    await sql.query('update product_variants set stock = $1 where id = any($2)', [STOCK, variants.map((v) => v.id)]);

    const customers = [];
    for (let i = 0; i < CHECKOUT_CUSTOMERS; i += 5) {
      customers.push(...(await Promise.all(Array.from({ length: Math.min(5, CHECKOUT_CUSTOMERS - i) }, () => signedInCustomer(store)))));
    }
    const { generateCpf } = await import('@brazilian-utils/brazilian-utils');
    const cart = JSON.stringify(variants.map((v, i) => ({ id: v.id, product_id: v.product_id, quantity: i + 1 })));
    const pay = async (customer, idempotencyKey) => {
      const started = performance.now();
      const response = await fetch(`${store.origin}/checkout.data`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: store.origin, cookie: customer.cookie },
        body: form({
          intent: 'pay',
          cart,
          idempotencyKey,
          paymentMethod: 'pix',
          installments: '1',
          deliveryFrequency: '0',
          taxId: customer.taxId,
          'delivery.addressId': 'new',
          'delivery.recipientName': 'Cliente Bench',
          'delivery.newAddress.zipCode': '01310-100',
          'delivery.newAddress.state': 'SP',
          'delivery.newAddress.street': 'Avenida Paulista',
          'delivery.newAddress.number': '1000',
          'delivery.newAddress.neighborhood': 'Bela Vista',
          'delivery.newAddress.city': 'São Paulo',
          // "Li e aceito os Termos de Uso", ticked for the seeded version 1.
          acceptTerms: '1',
        }),
      });
      const text = await response.text();
      const ms = performance.now() - started;
      const orderId = /"orderId",\s*"([0-9a-f-]{36})"/.exec(text)?.[1] ?? /"ok",true.*?"([0-9a-f]{8}-[0-9a-f-]{27})"/.exec(text)?.[1];
      return { ok: response.status === 200 && !!orderId, orderId, ms, status: response.status, text };
    };
    for (const c of customers) c.taxId = generateCpf();

    // A double submit: the same attempt posted twice at once is one order.
    const doubleKey = randomUUID();
    const [a, b] = await Promise.all([pay(customers[0], doubleKey), pay(customers[0], doubleKey)]);
    if (!a.ok) throw new Error(`checkout refused: ${a.status} ${a.text.slice(0, 400)}`);
    const sameOrder = a.ok && b.ok && a.orderId === b.orderId;

    const seconds = Number(DURATION.replace('s', ''));
    // Load-independent figures next to the rate: the server's CPU (utime+stime) and the database's
    // commits and statements-worth of work per order over the timed run.
    const dbStats = async () => (await sql.query('select xact_commit::int as commits from pg_stat_database where datname = current_database()')).rows[0];
    const cpuBefore = processCpuMs(store.pid);
    const statsBefore = await dbStats();
    const deadline = performance.now() + seconds * 1000;
    const answers = [];
    let firstError;
    // Each Pix is paid once placed (as the admin's confirmation would): a customer may hold at most
    // 3 unpaid orders (issue 30). One commit each, taken out of the store's commits below.
    let paidByBench = 0;
    await Promise.all(
      customers.map(async (customer) => {
        while (performance.now() < deadline) {
          const answer = await pay(customer, randomUUID());
          answers.push(answer);
          if (!answer.ok && !firstError) firstError = `${answer.status} ${answer.text.slice(0, 300)}`;
          if (answer.ok) {
            await sql.query(`update orders set status = 'paid' where id = $1 and status = 'pending'`, [answer.orderId]);
            paidByBench += 1;
          }
        }
      }),
    );
    const cpuUsed = processCpuMs(store.pid) - cpuBefore;
    // pg_stat_database is updated when a backend reports (at most every 500 ms on PostgreSQL 15).
    await sleep(1000);
    const statsAfter = await dbStats();
    const ok = answers.filter((r) => r.ok);
    const errors = answers.length - ok.length;
    const p99 = [...answers.map((r) => r.ms)].sort((x, y) => x - y)[Math.floor(answers.length * 0.99)] ?? NaN;
    const rate = ok.length / seconds;
    record('checkout', `checkout: ${customers.length} customers paying 3-item carts (Pix)`, `${rate.toFixed(1)} orders/s, p99 ${fmtMs(p99)}, ${errors} errors`, '≥ 300 orders/s, zero errors (goal 5)', rate >= 300 && errors === 0, firstError ? `first error: ${firstError.replace(/\s+/g, ' ').slice(0, 160)}` : '');
    const perOrder = (n) => (answers.length ? n / answers.length : NaN);
    record('checkout', 'checkout: server CPU and database commits per order', `${perOrder(cpuUsed).toFixed(1)} ms CPU, ${perOrder(statsAfter.commits - statsBefore.commits - paidByBench).toFixed(1)} commits`, '', null, 'server.mjs utime+stime and pg_stat_database xact_commit over the timed run, ÷ answers');

    // What the database holds: every answered order once, three lines each, the stock taken exactly.
    const ids = new Set([a.orderId, ...ok.map((r) => r.orderId)]);
    const { rows: [counts] } = await sql.query(`
      select (select count(*)::int from orders) as orders,
             (select count(distinct (user_id, idempotency_key))::int from orders) as keys,
             (select count(*)::int from orders o where (select count(*) from order_items i where i.order_id = o.id) <> 3) as wrong_lines`);
    const { rows: missing } = await sql.query('select unnest($1::uuid[]) as id except select id from orders', [[...ids]]);
    const { rows: stock } = await sql.query(
      `select v.id, v.stock, coalesce((select sum(r.quantity) from stock_reservations r where r.variant_id = v.id and r.released_at is null), 0)::int as taken
       from product_variants v where v.id = any($1)`,
      [variants.map((v) => v.id)],
    );
    const stockExact = stock.every((v) => v.stock + v.taken === STOCK) && stock.reduce((s, v) => s + v.taken, 0) === ids.size * 6;
    const intact = counts.orders === ids.size && counts.keys === counts.orders && counts.wrong_lines === 0 && missing.length === 0;
    record(
      'checkout',
      'checkout: orders lost / duplicated, stock exact (SQL)',
      `${missing.length} lost, ${counts.orders - ids.size} extra, double submit → ${sameOrder ? 'one order' : 'TWO ANSWERS'}, stock ${stockExact ? 'exact' : 'WRONG'}`,
      'zero, zero, one, exact (goal 5)',
      intact && sameOrder && stockExact,
    );
  } finally {
    await sql.end().catch(() => {});
    await store.stop();
    await db.drop();
  }
}

/** Goal 9: the jobs over 10k subscriptions and 10k pending orders, and the store's p99 while they run. */
async function jobs() {
  const db = await scratchDatabase('clarear_bench_jobs');
  cleanups.push(db.drop);
  const store = await startStore({ port: PORTS.jobs, databaseUrl: db.url, env: { JOBS_ENABLED: '0' } });
  try {
    const tsx = (mode) => spawn('npx', ['tsx', 'bench/jobs.ts', mode, db.url], { stdio: ['ignore', 'pipe', 'inherit'] });
    const collect = (child) =>
      new Promise((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`bench/jobs.ts exited ${code}: ${out.slice(-500)}`))));
      });
    console.log((await collect(tsx('seed'))).trim());
    const idle = wrk(`${store.origin}/produtos`);
    // The job and one wrk run start together. Neither blocks this process: a spawnSync here stalled
    // the job for the whole wrk run once its log filled the pipe we were not reading (the 20-s runs'
    // stall outlived the 30-s idle-in-transaction timeout).
    const [output, during] = await Promise.all([collect(tsx('run')), wrkInBackground(`${store.origin}/produtos`)]);
    const timings = JSON.parse(output.trim().split('\n').pop());
    for (const [name, t] of Object.entries(timings)) {
      record('jobs', `jobs: ${name} over 10k (one run)`, `${(t.ms / 1000).toFixed(1)} s (${t.result})`, '< 10 s (goal 9)', t.ms < 10_000);
    }
    const ratio = during.p99 / idle.p99;
    record('jobs', 'jobs: /produtos p99 while the jobs run vs idle', `${fmtMs(during.p99)} vs ${fmtMs(idle.p99)} (${ratio.toFixed(2)}×)`, '≤ 2× idle (goal 9)', ratio <= 2, `one wrk run of ${DURATION} started with the jobs`);
  } finally {
    await store.stop();
    await db.drop();
  }
}

/** Another npm script, guarded: a failure prints its error and the run goes on. */
function npmScript(name, key) {
  if (SKIP.has(key)) return;
  const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts;
  if (!scripts[name]) {
    record('other', `npm run ${name}`, 'not present in this checkout');
    return;
  }
  console.log(`\n--- npm run ${name} ---`);
  const minutes = Number(process.env.BENCH_SCRIPT_TIMEOUT_MIN ?? 30);
  // GNU timeout signals its whole process group: the bench's own server and browser stop with it.
  const out = spawnSync('timeout', ['-k', '10s', `${minutes}m`, 'npm', 'run', '--silent', name], { encoding: 'utf8', maxBuffer: 32 << 20 });
  const text = `${out.stdout ?? ''}${out.status ? out.stderr ?? '' : ''}`.trim();
  console.log(text);
  const noise = /^(>|build\/|✓|vite v|transforming|rendering chunks|computing gzip|Using Vite|npm warn)/;
  const tail = text.split('\n').filter((l) => l.trim() && !noise.test(l.trim())).slice(-12).join('\n');
  const status = out.status === 0 ? 'ran' : out.status === 124 || out.status === 137 ? `stopped at the ${minutes}-minute limit` : `FAILED (exit ${out.status ?? out.signal})`;
  record('other', `npm run ${name}`, status, '', null);
  otherOutputs.push({ name, ok: out.status === 0, tail });
  writeResults(startLoad, `${load()} (run in progress)`);
}
const otherOutputs = [];

// ---------------------------------------------------------------- RESULTS.md

function machine() {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const nproc = execFileSync('nproc', { encoding: 'utf8' }).trim();
  return `${nproc} cores (nproc), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${cpu}, Node ${process.version}`;
}
function commit() {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', '.', ':!bench/RESULTS.md'], { encoding: 'utf8' }).trim() ? ' (with uncommitted changes)' : '';
    return sha + dirty;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

const SECTION_TITLES = {
  static: 'The machine\'s limit',
  postgres: 'Uncached, one process, PostgreSQL (goal 2: the signed-in lines)',
  pglite: 'Uncached, one process, embedded PGlite (goal 3)',
  peer: 'Against the peer (goal 2)',
  front: 'Through the nginx front (goal 1)',
  scaleout: 'Scale-out',
  checkout: 'Checkout throughput, PostgreSQL (goal 5)',
  memory: 'Memory (goal 8)',
  jobs: 'Jobs over 10k subscriptions / 10k pending orders, PostgreSQL (goal 9)',
  other: 'The other benches',
};

function writeResults(startLoad, endLoad) {
  const lines = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/run.mjs). Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')} (UTC). Commit: ${commit()}.`,
    `Machine: ${machine()}. Load average (1/5/15 min) at start ${startLoad}, at end ${endLoad}.`,
    `wrk \`-t2 -c50 -d${DURATION} --timeout 30s\`, ${RUNS === 1 ? 'one run per figure' : `median of ${RUNS} runs`}.` +
      (QUICK ? ' **BENCH_QUICK=1: 5-second runs, one each — indicative only; the budgets are judged on the full run (median of 3, 20 s each).**' : ''),
    '',
  ];
  if (process.env.BENCH_NOTE) lines.push(process.env.BENCH_NOTE, '');
  for (const [section, title] of Object.entries(SECTION_TITLES)) {
    const rows = results.filter((r) => r.section === section);
    if (!rows.length) continue;
    lines.push(`## ${title}`, '', '| measurement | figure | budget | |', '|---|---|---|---|');
    for (const r of rows) lines.push(`| ${r.name} | ${r.figure}${r.note ? ` (${r.note})` : ''} | ${r.budget} | ${verdict(r.met)} |`.replace(/\|\s*\|$/, '| |'));
    const unmet = rows.filter((r) => r.met === false);
    if (unmet.length) {
      lines.push('');
      for (const r of unmet) lines.push(`- **${r.name}** — gap and cause: _(to fill)_`);
    }
    lines.push('');
  }
  for (const o of otherOutputs) lines.push(`### npm run ${o.name}${o.ok ? '' : ' (failed)'}`, '', '```', o.tail, '```', '');
  writeFileSync('bench/RESULTS.md', `${lines.join('\n').trimEnd()}\n`);
  if (!endLoad.includes('in progress')) console.log('\nwrote bench/RESULTS.md');
}

// ---------------------------------------------------------------- main

const startLoad = load();
console.log(`clarear bench — ${machine()}\nload ${startLoad}; wrk -d${DURATION}, ${RUNS} run(s) per figure${QUICK ? ' (BENCH_QUICK)' : ''}\n`);
const guarded = async (key, label, work) => {
  if (SKIP.has(key)) return undefined;
  try {
    return await work();
  } catch (error) {
    console.error(`${label}: ${error.stack ?? error}`);
    record(key, label, `FAILED: ${String(error.message ?? error).split('\n')[0].slice(0, 200)}`);
    return undefined;
  } finally {
    // What is measured so far stays written if the run is cut short.
    writeResults(startLoad, `${load()} (run in progress)`);
  }
};

try {
  ensureTools();
  ensureBuild();
  const pgDb = await scratchDatabase('clarear_bench');
  cleanups.push(pgDb.drop);
  const pgStore = await startStore({ port: PORTS.pg, databaseUrl: pgDb.url });
  const paths = await samplePaths(pgStore.origin);
  const pgCustomer = await signedInCustomer(pgStore);
  const produtosBytes = Buffer.from(await (await fetch(`${pgStore.origin}/produtos`)).arrayBuffer());

  const staticRun = await guarded('static', 'static limit', () => staticLimit(produtosBytes));
  const pgFigures = await guarded('postgres', 'uncached on PostgreSQL', () => uncached('postgres', pgStore, paths, pgCustomer.cookie));
  const produtos = pgFigures?.['/produtos'];
  if (produtos) {
    const ratio = produtos.rps / MEDUSA.rps;
    record('peer', `/produtos uncached on PostgreSQL ÷ ${MEDUSA.what}`, `${fmtRps(produtos.rps)} ÷ ${MEDUSA.rps} = ${ratio.toFixed(1)}×`, '≥ 40× (goal 2)', ratio >= 40);
  }
  if (staticRun && produtos) record('static', '/produtos uncached (PostgreSQL) ÷ static limit', `${((produtos.rps / staticRun.rps) * 100).toFixed(1)} %`);

  await guarded('front', 'nginx front', async () => {
    const startNginxFront = await loadFront();
    if (!startNginxFront) {
      console.log('nginx front: not available yet');
      record('front', 'nginx front (bench/nginx-front.mjs)', 'not available yet');
      return;
    }
    if (!staticRun) throw new Error('no static limit to compare with');
    await throughFront(startNginxFront, pgStore, paths, staticRun);
  });
  await guarded('scaleout', 'scale-out', () => scaleOut(pgDb.url, pgStore, pgCustomer.cookie));
  await pgStore.stop();

  await guarded('memory', 'memory on PostgreSQL', async () => {
    const db = await scratchDatabase('clarear_bench_mem');
    cleanups.push(db.drop);
    const store = await startStore({ port: PORTS.memPg, databaseUrl: db.url });
    const customer = await signedInCustomer(store);
    await memory('postgres', store, await samplePaths(store.origin), customer.cookie);
    await store.stop();
    await db.drop();
  });
  // Its own store, as on PostgreSQL: a fresh process whatever else the run measures or skips.
  await guarded('memory', 'memory on PGlite', async () => {
    const store = await startStore({ port: PORTS.memPglite });
    const customer = await signedInCustomer(store);
    await memory('pglite', store, await samplePaths(store.origin), customer.cookie);
    await store.stop();
  });

  await guarded('pglite', 'uncached on PGlite', async () => {
    const store = await startStore({ port: PORTS.pglite });
    const customer = await signedInCustomer(store);
    await uncached('pglite', store, await samplePaths(store.origin), customer.cookie);
    await store.stop();
  });

  await guarded('checkout', 'checkout throughput', checkout);
  await guarded('jobs', 'jobs', jobs);

  npmScript('bench:weight', 'weight');
  npmScript('bench:reports', 'reports');
  npmScript('bench:freight', 'freight');
  npmScript('bench:catalogue', 'catalogue');
  npmScript('bench:lighthouse', 'lighthouse');
} finally {
  await cleanup();
  writeResults(startLoad, load());
}
