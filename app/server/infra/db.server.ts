// The app's database: opened, migrated and seeded once per process, on first use.
import { sql } from 'drizzle-orm';
import type { MiddlewareFunction } from 'react-router';
import { openDatabase, databaseOptionsFromEnv, type Database, type DatabaseHandle } from '~/db/client.server';
import { ensureAdmin, isCatalogueEmpty, seedCatalogue, seedReviews, syncSeededLegalPages, type AdminSetup } from '~/db/seed/seed.server';
import { getEnv } from './env.server';
import { seedStoreSettings } from '../settings/settings.server';
import { seedFiscalSettings } from '../invoices/fiscal-settings.server';
import { seedSafetySheets } from '../catalog/safety-sheets.server';
import { startJobs, type JobRunner } from '../jobs/runner.server';
import { isDatabaseUnavailable } from '~/db/errors.server';
import { isDatabaseMarkedUnavailable, markDatabaseAvailable, markDatabaseUnavailable, unavailableResponse } from './unavailable.server';

// Kept on globalThis so the dev server's module reloads reuse the one connection
// (PGlite allows a single open per data folder).
const state = globalThis as typeof globalThis & { __clarearDb?: Promise<DatabaseHandle>; __clarearAdminSetup?: AdminSetup; __clarearJobs?: Promise<JobRunner> };

async function start(): Promise<DatabaseHandle> {
  const env = getEnv();
  const handle = await openDatabase(databaseOptionsFromEnv(env), { onConnectionLost: markDatabaseUnavailable });
  // Two instances starting together on a new database would both migrate, seed and create the admin.
  const admin = await handle.exclusively(async () => {
    await handle.migrate();
    if (await isCatalogueEmpty(handle.db)) {
      await seedCatalogue(handle.db);
      await seedSafetySheets(handle.db);
    }
    else {
      // A legal page no admin edited follows the seeded text (a new version); an edited one is kept.
      await syncSeededLegalPages(handle.db);
      // A store seeded before reviews (issue 36): its typed stars become the seed's own reviews.
      await seedReviews(handle.db);
    }
    // Also fills a database seeded before /admin/settings existed; never overwrites an edit.
    await seedStoreSettings(handle.db);
    // The fiscal settings and tax rules (issue 34), the same way.
    await seedFiscalSettings(handle.db);
    return ensureAdmin(handle.db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
  });
  state.__clarearAdminSetup = admin;
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

/**
 * Starts the scheduled jobs (jobs/runner.server.ts) once per process: server.mjs does, unless
 * JOBS_ENABLED=0; tests drive the jobs' functions themselves.
 */
export async function startScheduledJobs(): Promise<void> {
  state.__clarearJobs ??= getDatabaseHandle().then(startJobs);
  await state.__clarearJobs;
}

/** Stops the jobs, then closes the pool or PGlite (graceful shutdown; PGlite must be closed to reopen cleanly). */
export async function closeDatabase(): Promise<void> {
  const jobs = state.__clarearJobs;
  state.__clarearJobs = undefined;
  if (jobs) await (await jobs.catch(() => null))?.stop();
  const pending = state.__clarearDb;
  state.__clarearDb = undefined;
  if (pending) await (await pending.catch(() => null))?.close();
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

let probe: Promise<boolean> | undefined;

/** One `select 1` shared by every request that arrives while it runs. */
function probeDatabase(): Promise<boolean> {
  probe ??= getDatabaseHandle()
    .then((handle) => handle.ping())
    .then(
      () => true,
      (error: unknown) => {
        if (!isDatabaseUnavailable(error)) throw error;
        return false;
      },
    )
    .finally(() => (probe = undefined));
  return probe;
}

/**
 * Root middleware: free while the database is reachable. Once an outage is known
 * (unavailable.server.ts), each request first probes the database: a failed probe answers the
 * 503 at once, a successful one ends the outage and the request goes on, so the store recovers
 * by itself when the database returns.
 */
export const databaseAvailability: MiddlewareFunction<Response> = async (_args, next) => {
  if (isDatabaseMarkedUnavailable()) {
    if (!(await probeDatabase())) throw unavailableResponse();
    markDatabaseAvailable();
  }
  return next();
};

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
