// The app's side of the embedded database's thread (server/pglite-worker.mjs): the part of
// PGlite's interface Drizzle and pg-boss use (query, exec, transaction, close), each call a
// message to the thread that owns PGlite. Why a thread: PGlite runs every statement
// synchronously on its owner's thread; owned by the app's thread it held every request while it
// ran and shared one core with rendering (issue 17: p99 of seconds at 50 connections).
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Reply = { id: number; result?: unknown; error?: Record<string, unknown> };

/**
 * The thread's V8 heap. Its garbage is short-lived (wire-protocol buffers, result rows on their way
 * to the app's thread): a small young generation (V8 sizes it for the machine's memory, up to 3 × 16 MB
 * semi-spaces per isolate) keeps the thread's resident memory down at no measurable CPU cost
 * (issue 17, goal 8; the app's thread gets the same with `--max-semi-space-size` in `npm start`).
 */
const WORKER_HEAP = { maxYoungGenerationSizeMb: 12 };

/** What the worker thread's file is: beside server.mjs, outside the Vite bundle. */
const workerFile = () => path.resolve(process.env.PGLITE_WORKER_FILE ?? 'server/pglite-worker.mjs');

/** The error the worker sent, with the PostgreSQL fields (code, constraint…) the app reads. */
function revive(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message));
  Object.assign(error, fields);
  return error;
}

/** Drizzle's parsers only keep some types as text (identity functions): the worker rebuilds them from the OIDs. */
function pack(options: QueryOptions | undefined) {
  if (!options) return undefined;
  const { parsers, ...rest } = options;
  return parsers ? { ...rest, keepText: Object.keys(parsers).map(Number) } : rest;
}

type Executor = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
};

export class PGliteWorkerClient implements Executor {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #next = 1;
  #gone: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: Reply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (reply.error) pending.reject(revive(reply.error));
      else pending.resolve(reply.result);
    });
    const fail = (error: Error) => {
      // SQLSTATE 08006 (connection failure): the app answers its 503 (db/errors.server.ts).
      this.#gone = Object.assign(new Error(`banco embutido parou: ${error.message}`), { code: '08006' });
      for (const pending of this.#pending.values()) pending.reject(this.#gone);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`saída ${code}`)));
  }

  /** Starts the thread and opens PGlite in `dataDir` (in memory when null) with PostgreSQL's `startParams`. */
  static async open(dataDir: string | null, { startParams }: { startParams?: string[] } = {}): Promise<PGliteWorkerClient> {
    const worker = new Worker(workerFile(), { workerData: { dataDir, startParams }, resourceLimits: WORKER_HEAP });
    const ready = await new Promise<{ ready: boolean; error?: Record<string, unknown> }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (!ready.ready) {
      await worker.terminate();
      throw revive(ready.error ?? { message: 'PGlite não abriu' });
    }
    return new PGliteWorkerClient(worker);
  }

  #call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#call({ op: 'query', text, params, options: pack(options) });
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#call({ op: 'exec', text, options: pack(options) });
  }

  /** Like PGlite's: COMMIT when `work` returns, ROLLBACK when it throws or calls `rollback()`. */
  async transaction<T>(work: (tx: Executor & { rollback(): Promise<void>; readonly closed: boolean }) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: 'begin' });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return this.#call<Results<R>>({ op: 'query', tx: id, text, params, options: pack(options) });
      },
      exec: (text: string, options?: QueryOptions) => {
        open();
        return this.#call<Results[]>({ op: 'exec', tx: id, text, options: pack(options) });
      },
      rollback: async () => {
        open();
        closed = true;
        await this.#call({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.#call({ op: 'end', tx: id, commit: true });
    }
    return result;
  }

  async close(): Promise<void> {
    if (!this.#gone) await this.#call({ op: 'close' });
    await this.#worker.terminate();
  }

  /** For Drizzle's and pg-boss's PGlite adapters, which are typed on the class but use only the calls above. */
  asPGlite(): PGlite {
    return this as unknown as PGlite;
  }
}
