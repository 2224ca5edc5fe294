// A fresh app (database, auth) for an integration test file on one engine: the process-wide
// singletons and module cache reset, a new DATA_DIR, the test admin's environment, no SMTP (the
// outbox writes files), and on PostgreSQL a scratch database as DATABASE_URL. The caller then
// imports the app's modules and, in afterAll, closes the database and calls `dropDatabase`.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject, vi } from 'vitest';
import { createScratchDatabase, type Engine } from './engines';
import { setTestAdminEnv } from './test-admin';

export async function prepareFreshApp(
  engineName: Engine['name'],
  dirPrefix: string,
  databasePrefix: string,
): Promise<{ dataDir: string; dropDatabase: () => Promise<void> }> {
  const g = globalThis as { __clarearDb?: unknown; __clarearAuth?: unknown };
  delete g.__clarearDb;
  delete g.__clarearAuth;
  vi.resetModules();
  const dataDir = mkdtempSync(path.join(tmpdir(), dirPrefix));
  process.env.DATA_DIR = dataDir;
  setTestAdminEnv();
  delete process.env.SMTP_URL;
  delete process.env.DATABASE_URL;
  let dropDatabase = async () => {};
  if (engineName === 'pglite') pgliteFromTemplate(dataDir);
  if (engineName === 'postgres') {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, databasePrefix);
    process.env.DATABASE_URL = scratch.url;
    dropDatabase = scratch.drop;
  }
  return { dataDir, dropDatabase };
}

/** DATA_DIR/pglite as a copy of the run's migrated data folder (tests/support/pglite-template.ts): no initdb on first open. */
export function pgliteFromTemplate(dataDir: string): void {
  cpSync(inject('pgliteTemplateDir'), path.join(dataDir, 'pglite'), { recursive: true });
}
