// A FIFO bound on the requests the app (React Router) works on at once. Rendering is CPU-bound on
// one thread: past a few requests in flight, more only interleave, and every one of them keeps its
// loader data, React tree and HTML alive in the V8 heap at the same time, so the heap (and the
// process's resident memory) grows with the number of connections (issue 17, goal 8). Requests
// over the limit wait their turn in arrival order. Mounted just in front of the React Router
// handler, so health checks and static assets, answered earlier, never wait behind pages.
import { AsyncResource } from 'node:async_hooks';

/** How long one request may hold its place: a client reading its answer slowly must not hold the store. */
export const ADMISSION_HOLD_MS = 5_000;

/**
 * Express middleware admitting at most `limit` requests at once; the others wait in a FIFO queue.
 * A place is given back when the answer is sent (or the connection closes), or after `holdMs`.
 * `onAdmit` (tests) sees how many are in flight each time one is admitted.
 * @param {{ limit: number, holdMs?: number, onAdmit?: (active: number) => void }} options
 * @returns {(req: import('express').Request, res: import('express').Response, next: () => void) => void}
 */
export function admission({ limit, holdMs = ADMISSION_HOLD_MS, onAdmit }) {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`admission: limit inválido (${limit})`);
  let active = 0;
  /** @type {Array<() => void>} */
  const waiting = [];

  const release = () => {
    // The place passes straight to the next in line: `active` stays as it is.
    const next = waiting.shift();
    if (next) next();
    else active--;
  };

  return (req, res, next) => {
    const admit = () => {
      let held = true;
      const done = () => {
        if (!held) return;
        held = false;
        clearTimeout(timer);
        release();
      };
      const timer = setTimeout(done, holdMs);
      timer.unref();
      res.once('finish', done);
      res.once('close', done);
      onAdmit?.(active);
      next();
    };
    if (active < limit) {
      active++;
      admit();
      return;
    }
    // Bound to this request's async context: it is admitted from another request's 'finish'.
    const queued = AsyncResource.bind(admit);
    waiting.push(queued);
    // The client gave up while waiting: its turn is skipped, not spent on rendering for nobody.
    res.once('close', () => {
      const index = waiting.indexOf(queued);
      if (index !== -1) waiting.splice(index, 1);
    });
  };
}

/**
 * The limit from ADMISSION_LIMIT (a positive integer), else `fallback`.
 * @param {string | undefined} value
 * @param {number} fallback
 */
export function admissionLimit(value, fallback) {
  if (value === undefined || value === '') return fallback;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`ADMISSION_LIMIT deve ser um inteiro positivo (recebido: ${value})`);
  return limit;
}
