// Work that must not hold up a response (auth e-mails: their delivery time would
// tell a new sign-up from a duplicate). Each task is tracked until it settles, so
// tests and a graceful shutdown can wait for it; a failure is logged, never thrown.

import { log } from './log.server';

// On globalThis, like the database and auth singletons: the dev server's module
// reloads keep the one set the auth instance writes to.
const state = globalThis as typeof globalThis & { __clarearBackground?: Set<Promise<void>> };
const inFlight = (state.__clarearBackground ??= new Set());

export function runInBackground(task: Promise<unknown>, label = 'tarefa em segundo plano'): void {
  const tracked: Promise<void> = task
    .then(
      () => undefined,
      (error: unknown) => log.error(`Falha em ${label}:`, error),
    )
    .finally(() => inFlight.delete(tracked));
  inFlight.add(tracked);
}

/** How many background tasks have not settled yet. */
export function backgroundTaskCount(): number {
  return inFlight.size;
}

/**
 * Waits until every background task (including any started meanwhile) has settled.
 * With a timeout, gives up after it; resolves true when nothing is left running.
 */
export async function settleBackgroundTasks(timeoutMs?: number): Promise<boolean> {
  const drain = (async () => {
    while (inFlight.size) await Promise.all([...inFlight]);
  })();
  if (timeoutMs === undefined) {
    await drain;
    return true;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([drain, timedOut]);
  clearTimeout(timer);
  return inFlight.size === 0;
}
