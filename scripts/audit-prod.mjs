#!/usr/bin/env node
// CI's dependency check: `npm audit --omit=dev` must report no high or critical
// vulnerability in what production installs. Exit 1 on such a report.
// When the registry gives no audit answer at all (a mirror without the advisory
// endpoint answers 405; no network), nothing was checked: that is a warning, not a
// failure, unless AUDIT_REQUIRED=1 — a CI that can never reach the endpoint would
// otherwise fail on every run whatever the code.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}

const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const why = report?.message ?? run.stderr?.trim().split('\n').at(-1) ?? `npm audit saiu com ${run.status}`;
  const required = process.env.AUDIT_REQUIRED === '1';
  const message = `npm audit: sem resposta do registro de avisos de segurança (${why}); dependências NÃO verificadas.`;
  if (required) console.error(message);
  else console.warn(message);
  process.exit(required ? 1 : 0);
}

const serious = Object.values(report.vulnerabilities ?? {}).filter((v) => v.severity === 'high' || v.severity === 'critical');
if (serious.length > 0) {
  console.error(`npm audit: ${serious.length} pacote(s) de produção com vulnerabilidade alta ou crítica:`);
  for (const v of serious) {
    const fix = v.fixAvailable === true ? 'npm audit fix' : v.fixAvailable ? `${v.fixAvailable.name}@${v.fixAvailable.version}` : 'sem correção publicada';
    console.error(`  - ${v.name} (${v.severity}, ${v.range}): correção: ${fix}`);
  }
  process.exit(1);
}
const total = Object.values(counts).reduce((a, b) => a + b, 0);
console.log(`npm audit: nenhuma vulnerabilidade alta ou crítica nas dependências de produção (${total} de menor gravidade).`);
