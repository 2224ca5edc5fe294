// Lighthouse 12, mobile form factor, on every public page of the production build:
// prints performance and accessibility per page and the ids of the accessibility
// audits that fail, with the elements each one names.
// A bench (numbers, not a test): never part of `npm test`. Lighthouse is not a
// dependency; `npx --yes lighthouse@12` fetches it once into npm's cache.
// Usage: npm run build && node bench/lighthouse.mjs [--theme=dark] [--keep] [path ...]
//   The browser Lighthouse drives: CHROME_PATH, else CHROMIUM_PATH (as for the e2e tests), else /usr/bin/chromium.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const theme = args.find((a) => a.startsWith('--theme='))?.slice('--theme='.length) ?? 'light';
const keep = args.includes('--keep');
const only = args.filter((a) => !a.startsWith('--'));

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const port = await freePort();
const origin = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'clarear-lighthouse-'));
const reportDir = path.join(dataDir, 'reports');
mkdirSync(reportDir);
const server = spawn('node', ['server.mjs'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stop = () => {
  server.kill();
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});

await new Promise((resolve, reject) => {
  server.on('exit', (code) => reject(new Error(`server.mjs saiu com código ${code}`)));
  server.stdout.on('data', (d) => String(d).includes('no ar') && resolve());
});

/** The first product and the first blog post the seeded sitemap lists. */
async function samplePaths() {
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const product = paths.find((p) => p.startsWith('/produtos/'));
  const post = paths.find((p) => p.startsWith('/blog/'));
  if (!product || !post) throw new Error('sitemap.xml sem produto ou post');
  return { product, post };
}

const { product, post } = await samplePaths();
const PAGES = [
  '/',
  '/produtos',
  product,
  '/kits',
  '/kits/monte-seu-kit',
  '/assinatura',
  '/sobre',
  '/blog',
  post,
  '/contato',
  '/login',
  '/login?modo=cadastro',
  '/esqueci-senha',
  '/checkout',
  '/termos-uso',
  '/politica-privacidade',
  '/trocas-devolucoes',
  '/pagina-que-nao-existe',
];
const pages = only.length ? only : PAGES;

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
].join(' ');

const score = (category) => (category?.score == null ? ' n/a' : String(Math.round(category.score * 100)).padStart(4));

const rows = [];
const details = [];
try {
  for (const [i, page] of pages.entries()) {
    const output = path.join(reportDir, `${i}.json`);
    const run = spawnSync(
      'npx',
      [
        '--yes',
        'lighthouse@12',
        `${origin}${page}`,
        '--only-categories=accessibility,performance',
        '--form-factor=mobile',
        '--output=json',
        `--output-path=${output}`,
        `--chrome-flags=${chromeFlags}`,
        '--quiet',
        // The 404 page is public too: score it instead of stopping at its status.
        '--ignore-status-code',
        ...(theme === 'dark' ? [`--extra-headers=${JSON.stringify({ Cookie: 'clarear_theme=dark' })}`] : []),
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let report;
    try {
      report = JSON.parse(readFileSync(output, 'utf8'));
    } catch {
      process.stderr.write(String(run.stderr));
      rows.push({ page, perf: ' n/a', a11y: ' n/a', failing: `lighthouse falhou (código ${run.status}; saída acima)` });
      continue;
    }
    const a11y = report.categories.accessibility;
    const failing = a11y.auditRefs
      .map((ref) => report.audits[ref.id])
      .filter((audit) => audit.score !== null && audit.score < 1);
    for (const audit of failing) {
      const nodes = (audit.details?.items ?? []).map((item) => item.node?.selector ?? item.node?.snippet ?? '?');
      details.push(`${page} ${audit.id}: ${nodes.join(' | ')}`);
    }
    const error = report.runtimeError ? ` (${report.runtimeError.code})` : '';
    rows.push({ page, perf: score(report.categories.performance), a11y: score(a11y), failing: failing.map((a) => a.id).join(', ') + error });
  }
} finally {
  stop();
}

const width = Math.max(...rows.map((r) => r.page.length), 4);
console.log(`\nLighthouse 12, mobile, tema ${theme === 'dark' ? 'escuro' : 'claro'}`);
console.log(`${'page'.padEnd(width)}  perf  a11y  failing accessibility audits`);
for (const r of rows) console.log(`${r.page.padEnd(width)}  ${r.perf}  ${r.a11y}  ${r.failing}`);
if (details.length) console.log(`\n${details.join('\n')}`);
if (keep) console.log(`\nrelatórios JSON em ${reportDir}`);
