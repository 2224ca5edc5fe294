// The database engines integration tests run on: embedded PGlite always, and
// PostgreSQL when TEST_DATABASE_URL is set. Each test file gets a fresh database
// (PGlite: loaded from the migrated template; PostgreSQL: an empty scratch one) and drops it afterwards.
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '~/db/client.server';
import { pgliteAssets } from './pglite-template';
import { createScratchDatabase } from './scratch-database';

export { createScratchDatabase };

export type Engine = { name: 'pglite' | 'postgres'; open: () => Promise<DatabaseHandle & { drop: () => Promise<void> }> };

/** PGlite's modules and the migrated template, loaded once per test file (tests/support/pglite-template.ts). */
let start: Promise<NonNullable<Extract<Parameters<typeof openDatabase>[0], { pgliteDir: string | null }>['start']>> | undefined;
const pgliteStart = () =>
  (start ??= (async () => {
    const [assets, template] = await Promise.all([pgliteAssets(), readFile(inject('pgliteTemplate'))]);
    return { ...assets, loadDataDir: new Blob([template]) };
  })());

const pgliteEngine: Engine = {
  name: 'pglite',
  open: async () => {
    const handle = await openDatabase({ pgliteDir: null, start: await pgliteStart() });
    return { ...handle, drop: () => handle.close() };
  },
};

function postgresEngine(adminUrl: string): Engine {
  return {
    name: 'postgres',
    open: async () => {
      const scratch = await createScratchDatabase(adminUrl);
      const handle = await openDatabase({ databaseUrl: scratch.url });
      return {
        ...handle,
        drop: async () => {
          await handle.close();
          await scratch.drop();
        },
      };
    },
  };
}

export const engines: Engine[] = [
  pgliteEngine,
  ...(process.env.TEST_DATABASE_URL ? [postgresEngine(process.env.TEST_DATABASE_URL)] : []),
];

if (process.env.CI && !process.env.TEST_DATABASE_URL) {
  // CI must exercise both engines; a missing URL would silently halve coverage.
  throw new Error('CI sem TEST_DATABASE_URL: os testes de integração precisam rodar também no PostgreSQL.');
}
