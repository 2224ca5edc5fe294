// Prints the gzipped JavaScript each public page loads, from the production
// build: every <script src> and modulepreload the server-rendered HTML names.
// Budget (DEVELOPERS.md): the home page at most 125 KB gzipped.
// Usage: npm run build && node bench/page-weight.mjs [path ...]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 125;
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/login'];
const port = 3400 + Math.floor(Math.random() * 200);
const server = spawn('node', ['server.mjs'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'clarear-bench-')), DATABASE_URL: '' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve) => server.stdout.on('data', (d) => String(d).includes('no ar') && resolve()));

try {
  for (const page of pages) {
    const html = await (await fetch(`http://localhost:${port}${page}`)).text();
    const urls = new Set([...html.matchAll(/(?:modulepreload" href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
    // The inline bootstrap imports the entry and route modules.
    for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]);
    let raw = 0;
    let gz = 0;
    for (const url of urls) {
      const file = readFileSync(path.join('build/client', url));
      raw += file.length;
      gz += gzipSync(file, { level: 9 }).length;
    }
    const kb = (n) => (n / 1024).toFixed(1);
    const verdict = page === '/' ? (gz / 1024 <= BUDGET_KB ? `within ${BUDGET_KB} KB budget` : `OVER ${BUDGET_KB} KB budget`) : '';
    console.log(`${page.padEnd(12)} ${String(urls.size).padStart(3)} files  ${kb(raw).padStart(7)} KB raw  ${kb(gz).padStart(6)} KB gzip  ${verdict}`);
  }
} finally {
  server.kill();
}
