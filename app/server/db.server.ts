// The app's database: opened, migrated and seeded once per process, on first use.
import { sql } from 'drizzle-orm';
import { openDatabase, databaseOptionsFromEnv, type Database, type DatabaseHandle } from '~/db/client.server';
import { adminLoginNote, ensureAdmin, isCatalogueEmpty, seedCatalogue, type AdminSetup } from '~/db/seed/seed.server';
import { getEnv } from './env.server';

// Kept on globalThis so the dev server's module reloads reuse the one connection
// (PGlite allows a single open per data folder).
const state = globalThis as typeof globalThis & { __clarearDb?: Promise<DatabaseHandle>; __clarearAdminSetup?: AdminSetup };

async function start(): Promise<DatabaseHandle> {
  const env = getEnv();
  const handle = await openDatabase(databaseOptionsFromEnv(env));
  await handle.migrate();
  if (await isCatalogueEmpty(handle.db)) await seedCatalogue(handle.db);
  const admin = await ensureAdmin(handle.db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
  state.__clarearAdminSetup = admin;
  // server.mjs prints it in its start banner (bootstrap); the dev server has no banner.
  if (env.NODE_ENV === 'development') console.warn(`Admin: ${adminLoginNote(admin, env.ADMIN_EMAIL)}`);
  // PGlite runs no autovacuum: refresh the planner's statistics at each start so
  // searches keep using the trigram index as the catalogue grows (bench/admin-catalogue).
  if (handle.engine === 'pglite') await handle.db.execute(sql`analyze`);
  return handle;
}

export function getDatabaseHandle(): Promise<DatabaseHandle> {
  if (!state.__clarearDb) {
    state.__clarearDb = start().catch((error: unknown) => {
      state.__clarearDb = undefined;
      throw error;
    });
  }
  return state.__clarearDb;
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

/**
 * What this process's start did with the admin account, for the start banner. A generated
 * password is handed out once: the process keeps no copy after this call.
 */
export async function takeAdminSetup(): Promise<AdminSetup> {
  await getDatabaseHandle();
  const setup = state.__clarearAdminSetup!;
  if (setup.outcome === 'created') state.__clarearAdminSetup = { outcome: 'created', generatedPassword: null };
  return setup;
}
