// Readiness for a load balancer or orchestrator (/readyz, served by server.mjs): the database
// answers and has every migration this build ships. Cheap enough to be asked every second:
// one `select` bounded by a timeout; the migration check is remembered once it passes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getDatabaseHandle } from './db.server';

const PING_TIMEOUT_MS = 2_000;
let migrationsCurrent = false;

/** `when` of the newest migration in this build's journal (drizzle/meta/_journal.json). */
function latestShippedMigration(): number {
  const journal = JSON.parse(readFileSync(path.resolve(process.env.MIGRATIONS_DIR ?? 'drizzle', 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

async function check(): Promise<boolean> {
  const { db } = await getDatabaseHandle();
  const result = await db.execute<{ latest: string | number | null }>(
    sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
  );
  if (migrationsCurrent) return true;
  migrationsCurrent = Number(result.rows[0]?.latest ?? 0) >= latestShippedMigration();
  return migrationsCurrent;
}

/** True when the database answers within the timeout and is fully migrated; never throws. */
export async function isReady(): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
