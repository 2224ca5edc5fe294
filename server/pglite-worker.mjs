// The embedded database's own thread (app/db/pglite-worker-client.server.ts is the other end).
// PGlite is PostgreSQL compiled to WebAssembly: every statement runs synchronously on the thread
// that owns it. In the app's thread it competed with rendering for one core and blocked every
// request while it ran (the p99 of seconds at 50 connections, issue 17); here it has the second
// core and the app's thread only waits for messages. One PGlite, one owner: this thread.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/** A function cannot cross threads: the client sends which type OIDs keep their text (Drizzle's parsers are all identity). */
function unpack(options) {
  if (!options) return undefined;
  const { keepText, ...rest } = options;
  if (keepText) rest.parsers = Object.fromEntries(keepText.map((oid) => [oid, (value) => value]));
  return rest;
}

/** The fields PostgreSQL errors carry (code, constraint, detail…), which the app reads (db/errors.server.ts). */
function serializeError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const out = { message: error.message, name: error.name, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  return out;
}

const ROLLBACK = Symbol('rollback');
let pg;
/** Open transactions by id: the promise their callback waits on, settled by the client's 'end'. */
const transactions = new Map();

async function handle(message) {
  const { op, tx } = message;
  const target = tx === undefined ? pg : transactions.get(tx)?.tx;
  if (!target && op !== 'begin' && op !== 'end' && op !== 'close') throw new Error('Transação encerrada');
  switch (op) {
    case 'query':
      return target.query(message.text, message.params, unpack(message.options));
    case 'exec':
      return target.exec(message.text, unpack(message.options));
    case 'begin':
      return new Promise((started, failed) => {
        const entry = {};
        entry.done = new Promise((resolve, reject) => Object.assign(entry, { resolve, reject }));
        entry.outcome = pg
          .transaction(async (tx) => {
            entry.tx = tx;
            transactions.set(message.id, entry);
            started(message.id);
            await entry.done;
          })
          .catch((error) => {
            if (error !== ROLLBACK) throw error;
          })
          .finally(() => transactions.delete(message.id));
        // BEGIN itself failed: the callback never ran.
        entry.outcome.catch(failed);
      });
    case 'end': {
      const entry = transactions.get(tx);
      if (!entry) throw new Error('Transação encerrada');
      if (message.commit) entry.resolve();
      else entry.reject(ROLLBACK);
      await entry.outcome;
      return null;
    }
    case 'close':
      await pg.close();
      return null;
    default:
      throw new Error(`unknown op ${op}`);
  }
}

try {
  // startParams: PostgreSQL's settings chosen by the app (app/db/pglite-options.server.ts).
  pg = await PGlite.create(workerData.dataDir ?? undefined, { extensions: { pg_trgm, unaccent }, ...(workerData.startParams ? { startParams: workerData.startParams } : {}) });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: serializeError(error) });
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (error) => parentPort.postMessage({ id: message.id, error: serializeError(error) }),
  );
});
