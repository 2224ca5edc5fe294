// Starts the production build (`npm run build`, then `node server.mjs`) in a child process with a
// given environment, waits until it answers, and stops it by signal. Shared by every fault test.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { inject } from 'vitest';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export const ADMIN_EMAIL = 'admin@clarear.com.br';

/** Secrets no production check can call a default: random per test run. */
export function testSecrets() {
  return {
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
    ADMIN_PASSWORD: `Faults-${randomBytes(9).toString('base64url')}`,
  };
}

export type AppOptions = {
  /** Variables on top of the defaults below; '' unsets one (the app reads an empty value as unset). */
  env?: Record<string, string>;
  port?: number;
  /** How long to wait for the first answer on `/`. */
  startTimeoutMs?: number;
};

export type App = {
  url: string;
  port: number;
  env: Record<string, string>;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Sends a signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
};

/**
 * `node server.mjs` in production mode on 127.0.0.1:`port`, with generous form and auth rate
 * limits (tests fire many requests from one address), its own DATA_DIR (mail outbox, embedded
 * database) unless given, and the embedded database unless DATABASE_URL is given.
 */
export async function startApp(options: AppOptions = {}): Promise<App> {
  if (!existsSync(path.join(ROOT, 'build/server/index.js'))) {
    throw new Error('Sem build de produção: rode `npm run build` antes de `npm run test:faults`.');
  }
  // A probed port can be taken by another socket before the server binds it: try another one.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAppOnce(options);
    } catch (error) {
      if (options.port !== undefined || attempt === 3 || !/EADDRINUSE/.test(String(error))) throw error;
    }
  }
}

async function startAppOnce(options: AppOptions): Promise<App> {
  const port = options.port ?? (await freePort());
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    BETTER_AUTH_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL,
    ...testSecrets(),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'clarear-faults-app-')),
    DATABASE_URL: '',
    AUTH_RATE_LIMIT_MAX: '10000',
    FORM_RATE_LIMIT_MAX: '10000',
    QUOTE_RATE_LIMIT_MAX: '10000',
    PAY_RATE_LIMIT_MAX: '10000',
    ...options.env,
  };
  // A new embedded database starts from the run's migrated data folder (global-setup.ts): no initdb.
  if (!options.env?.DATA_DIR && !env.DATABASE_URL) cpSync(inject('pgliteTemplateDir'), path.join(env.DATA_DIR!, 'pglite'), { recursive: true });
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, TEST_DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  const app: App = {
    url: `http://127.0.0.1:${port}`,
    port,
    env,
    child,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  let ended: number | string | undefined;
  void exited.then((code) => (ended = code));
  while (Date.now() < deadline) {
    if (ended !== undefined) throw new Error(`O servidor terminou (${ended}) antes de responder:\n${output}`);
    try {
      await fetch(`${app.url}/`, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
      return app;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  await app.stop('SIGKILL');
  throw new Error(`O servidor não respondeu em ${options.startTimeoutMs ?? 60_000} ms:\n${output}`);
}
