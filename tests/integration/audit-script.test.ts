// scripts/audit-prod.mjs, the CI step that fails on a high or critical vulnerability in the
// production dependencies: run against a stand-in `npm` that prints a given audit answer.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(path.join(tmpdir(), 'clarear-audit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function audit(answer: unknown, env: Record<string, string> = {}) {
  const file = path.join(dir, 'answer.json');
  writeFileSync(file, JSON.stringify(answer));
  // `npm audit --omit=dev --json` prints the answer and, like npm, exits 1 when it is not clean.
  const npm = path.join(dir, 'npm');
  writeFileSync(npm, `#!/bin/sh\n[ "$*" = "audit --omit=dev --json" ] || exit 9\ncat '${file}'\nexit 1\n`);
  chmodSync(npm, 0o755);
  const run = spawnSync(process.execPath, [path.resolve('scripts/audit-prod.mjs')], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${dir}${path.delimiter}${process.env.PATH}`, AUDIT_REQUIRED: '', ...env },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const report = (vulnerabilities: Record<string, { severity: string }>) => ({
  vulnerabilities: Object.fromEntries(
    Object.entries(vulnerabilities).map(([name, v]) => [name, { name, range: '<9.9.9', fixAvailable: true, ...v }]),
  ),
  metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 } },
});

describe('npm audit in CI', () => {
  it('fails on a high or a critical vulnerability and names the package', () => {
    for (const severity of ['high', 'critical']) {
      const result = audit(report({ 'pacote-vulneravel': { severity } }));
      expect(result.status).toBe(1);
      expect(result.output).toContain(`pacote-vulneravel (${severity}`);
    }
  });

  it('passes with only moderate or low ones, and with none', () => {
    expect(audit(report({ 'pacote-moderado': { severity: 'moderate' }, 'pacote-leve': { severity: 'low' } })).status).toBe(0);
    const clean = audit(report({}));
    expect(clean.status).toBe(0);
    expect(clean.output).toContain('nenhuma vulnerabilidade alta ou crítica');
  });

  it('warns when the registry gives no audit answer, and fails then only when AUDIT_REQUIRED=1', () => {
    const unreachable = { message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk', statusCode: 405 };
    const warned = audit(unreachable);
    expect(warned.status).toBe(0);
    expect(warned.output).toContain('NÃO verificadas');
    expect(audit(unreachable, { AUDIT_REQUIRED: '1' }).status).toBe(1);
  });
});
