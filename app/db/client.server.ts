// The one module that owns the database connection: embedded PGlite under
// DATA_DIR by default, a `pg` pool when DATABASE_URL is set. Both speak the
// same SQL and run the same migrations in ./drizzle.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';
import { pgliteStartParams } from './pglite-options.server';
import { PGliteWorkerClient } from './pglite-worker-client.server';
import { log } from '~/server/infra/log.server';

/** The query-builder API is identical on both drivers; the app codes against this one type. */
export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database handle or an open transaction: domain functions accept either. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** One round trip to the database (`select 1`); rejects when it cannot be reached. */
  ping(): Promise<void>;
  /**
   * Runs `work` while holding the store's start-up lock: instances starting together on one
   * PostgreSQL migrate, seed and create the admin one after the other (a PostgreSQL advisory
   * lock; PGlite has a single process anyway).
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** What the job runner (pg-boss) connects to: its own pool on PostgreSQL, the one PGlite instance embedded. */
  jobs: { engine: 'postgres'; connectionString: string } | { engine: 'pglite'; pglite: PGlite };
  close(): Promise<void>;
};

export type DatabaseObserver = {
  /** A pooled connection was cut by the server or the network (restart, failover, shutdown). */
  onConnectionLost?: (error: Error) => void;
};

export type DatabaseOptions =
  /** External PostgreSQL. */
  | { databaseUrl: string }
  /**
   * Embedded PGlite persisted in this folder, or in memory when null (tests). `thread`: PGlite runs
   * in its own worker thread (server/pglite-worker.mjs), as the server does; off, in this one.
   * `start`: PGlite's own options for an in-thread instance — tests pass its WebAssembly modules
   * compiled once and a migrated data folder to start from (tests/support/pglite-template.ts), skipping
   * initdb and the migrations (about 8× faster than a fresh start).
   */
  | { pgliteDir: string | null; thread?: boolean; start?: Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle' | 'loadDataDir'> };

const migrationsFolder = () => path.resolve(process.env.MIGRATIONS_DIR ?? 'drizzle');

/**
 * Bounds on every wait for PostgreSQL, so a page answers (503, see app/lib/unavailable.ts) within
 * seconds when the database is down or hung instead of holding the request forever. The slowest
 * query the app runs (admin search on 20 000 products, bench/admin-catalogue) takes well under 1 s.
 */
export const POOL_LIMITS = {
  max: 10,
  /** A new connection (the server down, a firewall dropping packets) gives up after this. */
  connectionTimeoutMillis: 5_000,
  /** Idle connections are closed: after a database restart the pool holds no dead sockets for long. */
  idleTimeoutMillis: 30_000,
  /** The server cancels a statement running longer than this (SQLSTATE 57014). */
  statement_timeout: 15_000,
  /** The client stops waiting for an answer after this (a server that hangs or a network that drops silently). */
  query_timeout: 20_000,
  /** A transaction left open by a stuck request does not hold its locks forever. */
  idle_in_transaction_session_timeout: 30_000,
  /** Notices a half-open connection (the server's host vanished) without waiting for the OS default of hours. */
  keepAlive: true,
} satisfies pg.PoolConfig;

/** Any number fixed for the app: the key of its start-up advisory lock. */
const STARTUP_LOCK_KEY = 4_242_001;
/** Waiting for another instance's start (a long migration) is not a page's statement: no 15 s limit. */
const STARTUP_LOCK_WAIT_MS = 10 * 60_000;

async function withStartupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("select set_config('statement_timeout', '0', false)");
    await client.query({ text: 'select pg_advisory_lock($1)', values: [STARTUP_LOCK_KEY], query_timeout: STARTUP_LOCK_WAIT_MS } as pg.QueryConfig);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    // Destroyed rather than returned: its session settings (no statement timeout) stay out of the pool.
    client.release(true);
  }
}

/** Migrations (an index built on a large table) may rightly take longer than a page's statement timeout. */
async function migrateWithoutStatementTimeout(databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: POOL_LIMITS.connectionTimeoutMillis });
  pool.on('error', (error) => log.error('postgres: conexão de migração encerrada', error.message));
  try {
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await pool.end();
  }
}

export async function openDatabase(options: DatabaseOptions, observer: DatabaseObserver = {}): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, ...POOL_LIMITS });
    // An idle client can be cut off by the server (restart, failover, DROP DATABASE … FORCE in
    // tests). Without a listener that 'error' event would crash the process; the pool replaces it.
    pool.on('error', (error) => {
      log.error('postgres: conexão ociosa encerrada', error.message);
      observer.onConnectionLost?.(error);
    });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      engine: 'postgres',
      migrate: () => migrateWithoutStatementTimeout(options.databaseUrl),
      ping: async () => {
        await pool.query('select 1');
      },
      exclusively: (work) => withStartupLock(pool, work),
      jobs: { engine: 'postgres', connectionString: options.databaseUrl },
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  // The same extensions must be passed on every open of the same data folder (the worker passes these).
  const client = options.thread
    ? (await PGliteWorkerClient.open(options.pgliteDir, { startParams: pgliteStartParams() })).asPGlite()
    : await PGlite.create(options.pgliteDir ?? undefined, { ...options.start, extensions: { pg_trgm, unaccent }, startParams: pgliteStartParams() });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    engine: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await client.query('select 1');
    },
    exclusively: (work) => work(),
    jobs: { engine: 'pglite', pglite: client },
    close: () => client.close(),
  };
}

/** Where the app's data lives, from the environment. */
export function databaseOptionsFromEnv(env: { DATABASE_URL?: string; dataDir: string; pgliteThread: boolean }): DatabaseOptions {
  return env.DATABASE_URL
    ? { databaseUrl: env.DATABASE_URL }
    : { pgliteDir: path.join(env.dataDir, 'pglite'), thread: env.pgliteThread };
}
