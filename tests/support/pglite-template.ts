// A migrated PGlite data folder, made once per test run, that every in-memory test database starts
// from (tests/support/engines.ts), with PGlite's WebAssembly modules compiled once per worker.
// A fresh PGlite runs initdb and then the migrations: seconds per database on this machine, for
// ~80 databases a run. Loading this dump takes well under one. The migrations still run on each
// database (a no-op check), so a migration added after the dump is applied, never skipped.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { pgliteStartParams } from '~/db/pglite-options.server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated data folder's dump (a tar file), for tests/support/engines.ts. */
    pgliteTemplate: string;
    /** The same data folder on disk, copied as a fresh app's DATA_DIR/pglite (tests/support/fresh-app.ts). */
    pgliteTemplateDir: string;
  }
}

const dist = () => path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));

/** PGlite's own files: its modules compiled here, its file-system bundle read once. */
export async function pgliteAssets(): Promise<Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>> {
  const [pglite, initdb, bundle] = await Promise.all(['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((f) => readFile(path.join(dist(), f))));
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([WebAssembly.compile(pglite!), WebAssembly.compile(initdb!)]);
  return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([bundle!]) };
}

/** Vitest global setup: makes the dump, hands its path to the workers, removes it at the end. */
export default async function setup(project: TestProject) {
  const { dir, file, folder } = await makePgliteTemplate();
  project.provide('pgliteTemplate', file);
  project.provide('pgliteTemplateDir', folder);
  return () => rmSync(dir, { recursive: true, force: true });
}

/** The migrated data folder (`folder`) and its dump (`file`), in a new temporary `dir`. */
export async function makePgliteTemplate(): Promise<{ dir: string; file: string; folder: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'clarear-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  const folder = path.join(dir, 'pglite');
  // On disk, so a fresh app's folder is a copy of it; its dump serves the in-memory databases.
  const base = await PGlite.create(folder, { ...(await pgliteAssets()), extensions: { pg_trgm, unaccent }, startParams: pgliteStartParams() });
  try {
    await migrate(drizzle(base), { migrationsFolder: path.resolve(process.env.MIGRATIONS_DIR ?? 'drizzle') });
    const dump = await base.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await base.close();
  }
  return { dir, file, folder };
}
