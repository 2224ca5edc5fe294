// The database engines integration tests run on: embedded PGlite always, and
// PostgreSQL when TEST_DATABASE_URL is set. Each test file gets a fresh,
// empty database and drops it afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '~/db/client.server';

export type Engine = { name: 'pglite' | 'postgres'; open: () => Promise<DatabaseHandle & { drop: () => Promise<void> }> };

const pgliteEngine: Engine = {
  name: 'pglite',
  open: async () => {
    const handle = await openDatabase({ pgliteDir: null });
    return { ...handle, drop: () => handle.close() };
  },
};

/**
 * A fresh, empty PostgreSQL database on the server of `adminUrl` (TEST_DATABASE_URL):
 * its URL, and `drop` to remove it (closing whatever connections are left).
 */
export async function createScratchDatabase(adminUrl: string, prefix = 'clarear_it'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

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
