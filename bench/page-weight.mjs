// The JavaScript and CSS each page loads, gzipped, read from the production build's route manifest:
// the client entry and, for every route the URL matches (root, layouts, the
// page) its module, the chunks it imports and its CSS — what the server-rendered HTML preloads.
// Deterministic (no server, no network), so `npm test` enforces the budget: the home page's
// JavaScript at most 127 KB gzipped (issue 17's goal 6 was 125 KB; issue 32 adds the seller's legal identity
// that the law requires in every page's footer, ~1.1 KB, and the product modal's safety section, ~0.1 KB; issue 36 the
// server-kept cart's trigger in the root, which loads the sync code for signed-in customers only, and the
// review count on every card, ~0.3 KB together: 127 KB). It also fails when any client chunk carries
// the database schema (issue 31): a page that imports a value from app/db/schema ships every table.
// Usage: npm run build && node bench/page-weight.mjs [--check] [path ...]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { matchRoutes } from 'react-router';

const BUDGET_KB = { '/': 127 };
const DEFAULT_PAGES = ['/', '/produtos', '/checkout', '/area-cliente/perfil', '/admin'];

const args = process.argv.slice(2);
const check = args.includes('--check');
const pages = args.filter((a) => !a.startsWith('--'));

const CLIENT = 'build/client';
const manifestFile = readdirSync(path.join(CLIENT, 'assets')).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error('Sem build: rode `npm run build` antes.');
const manifestSource = readFileSync(path.join(CLIENT, 'assets', manifestFile), 'utf8');
const manifest = JSON.parse(manifestSource.slice(manifestSource.indexOf('=') + 1).replace(/;\s*$/, ''));

/** The manifest's flat routes as the nested tree matchRoutes expects. */
function routeTree(parentId) {
  return Object.values(manifest.routes)
    .filter((r) => r.parentId === parentId)
    .map((r) => ({ id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: routeTree(r.id) }));
}
const tree = routeTree(undefined);

const gzipKb = (file) => gzipSync(readFileSync(path.join(CLIENT, file)), { level: 9 }).length / 1024;

/** Gzipped KB of the JavaScript and CSS the page at `pathname` loads. */
export function pageWeight(pathname) {
  const matches = matchRoutes(tree, pathname);
  if (!matches) throw new Error(`Nenhuma rota para ${pathname}`);
  const js = new Set([manifest.entry.module, ...manifest.entry.imports]);
  const css = new Set(manifest.entry.css ?? []);
  for (const { route } of matches) {
    const r = manifest.routes[route.id];
    js.add(r.module);
    for (const f of r.imports ?? []) js.add(f);
    for (const f of r.css ?? []) css.add(f);
  }
  const sum = (files) => [...files].reduce((kb, f) => kb + gzipKb(f), 0);
  return {
    routes: matches.map(({ route }) => route.id),
    // The manifest file itself is not counted: with lazy route discovery the page inlines the
    // routes it matches into the HTML and fetches others from /__manifest when needed.
    jsFiles: js.size,
    jsKb: sum(js),
    cssKb: sum(css),
  };
}

/**
 * Client chunks that name a table of app/db/schema.ts (read from its pgTable('…') calls; the names
 * with an underscore, which no client text uses) or carry Drizzle itself ('drizzle:' symbols).
 */
export function schemaLeaks() {
  const schema = readFileSync('app/db/schema.ts', 'utf8');
  const tables = [...schema.matchAll(/pgTable\(\s*'([a-z0-9_]+)'/g)].map((m) => m[1]).filter((name) => name.includes('_'));
  if (tables.length < 10) throw new Error('Não encontrei as tabelas em app/db/schema.ts (pgTable).');
  const leaks = [];
  for (const file of readdirSync(path.join(CLIENT, 'assets')).filter((f) => f.endsWith('.js'))) {
    const source = readFileSync(path.join(CLIENT, 'assets', file), 'utf8');
    const found = tables.filter((t) => source.includes(`"${t}"`) || source.includes(`'${t}'`) || source.includes(`\`${t}\``));
    if (source.includes('drizzle:')) found.push('drizzle-orm');
    if (found.length) leaks.push({ file, found });
  }
  return leaks;
}

let over = false;
for (const page of pages.length ? pages : DEFAULT_PAGES) {
  const w = pageWeight(page);
  const budget = BUDGET_KB[page];
  const verdict = budget === undefined ? '' : w.jsKb <= budget ? `JS within the ${budget} KB budget` : `JS OVER the ${budget} KB budget`;
  if (budget !== undefined && w.jsKb > budget) over = true;
  console.log(
    `${page.padEnd(22)} JS ${w.jsKb.toFixed(1).padStart(6)} KB gzip (${String(w.jsFiles).padStart(2)} files)  CSS ${w.cssKb.toFixed(1).padStart(5)} KB gzip  ${verdict}`,
  );
}
const leaks = schemaLeaks();
for (const { file, found } of leaks) console.error(`${file} carries the database schema: ${found.slice(0, 5).join(', ')}${found.length > 5 ? ` and ${found.length - 5} more` : ''}`);
if (!leaks.length) console.log('No client chunk carries the database schema.');
if (check && over) {
  console.error('Peso de página acima do orçamento (bench/page-weight.mjs).');
  process.exit(1);
}
if (check && leaks.length) {
  console.error('O esquema do banco foi para o navegador: importe os valores de app/lib, não de app/db/schema (bench/page-weight.mjs).');
  process.exit(1);
}
