// A private PostgreSQL cluster for fault tests: its own data folder and port, so a test may stop
// and start it without touching the machine's shared server on 5432. PostgreSQL refuses to run
// as root, so when the tests run as root the cluster belongs to the `postgres` user.
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server';

const run = promisify(execFile);

/** The newest PostgreSQL installed by Debian's packages, or PG_BIN. */
export function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions.length) throw new Error('PostgreSQL não encontrado em /usr/lib/postgresql (instale o pacote postgresql ou defina PG_BIN).');
  return path.join(root, versions[0]!, 'bin');
}

export type PrivateCluster = {
  port: number;
  /** URL of the `postgres` database (superuser, trust authentication). */
  adminUrl: string;
  dataDir: string;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: open connections are cut (57P01), new ones refused. */
  stop(): Promise<void>;
  isRunning(): boolean;
  destroy(): Promise<void>;
};

const asRoot = userInfo().uid === 0;

async function pgCommand(bin: string, args: string[]): Promise<void> {
  const file = path.join(postgresBin(), bin);
  if (asRoot) await run('runuser', ['-u', 'postgres', '--', file, ...args], { cwd: '/tmp' });
  else await run(file, args);
}

/** Creates and starts a cluster in a new folder on a free port. */
export async function startPrivateCluster(): Promise<PrivateCluster> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clarear-faults-pg-'));
  if (asRoot) {
    const { stdout: uid } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dataDir, Number(uid.trim()), Number(gid.trim()));
  }
  chmodSync(dataDir, 0o700);
  await pgCommand('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const cluster = privateCluster(dataDir, await freePort());
  await cluster.start();
  return cluster;
}

/** Controls an existing cluster (e.g. the one tests/support/faults/global-setup.ts started, from `inject`). */
export function privateCluster(dataDir: string, port: number): PrivateCluster {
  // fsync off: the cluster is thrown away, and the app (not PostgreSQL) is what the tests kill.
  const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const cluster: PrivateCluster = {
    port,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir,
    start: () => pgCommand('pg_ctl', ['-D', dataDir, '-o', options, '-w', '-t', '30', '-l', path.join(dataDir, 'server.log'), 'start']),
    stop: () => pgCommand('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    isRunning: () => existsSync(path.join(dataDir, 'postmaster.pid')),
    destroy: async () => {
      if (cluster.isRunning()) await cluster.stop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return cluster;
}

/** Runs one query on a URL with its own short-lived client (test assertions, never the app's pool). */
export async function query<T = Record<string, unknown>>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A new empty database in the cluster of `adminUrl`; returns its URL. */
export async function createDatabase(adminUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await query(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
