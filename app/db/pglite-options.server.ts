// How the embedded PostgreSQL (PGlite) is started, in its worker thread or in this one.
import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's buffer pool inside PGlite's WebAssembly memory. initdb writes 128MB into the data
 * folder's postgresql.conf, and PGlite touches the whole pool when it starts: 128 MB more resident
 * memory before the first request, and WebAssembly memory never shrinks (issue 17, goal 8;
 * bench/PGLITE-TAIL.md). A page that is not in the pool is read from the data folder through the
 * operating system's file cache (a read call of 8 kB), so a small pool costs little; 16MB holds the
 * seed catalogue's tables and indexes with room to spare.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * PGlite's own start parameters plus ours, given on the command line (`-c`), so the data folder's
 * postgresql.conf (timezone, locale, written by initdb) stays as it is.
 */
export function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
}
