// The one clock. Everything that depends on "now" (expiry, due dates, São Paulo calendar days)
// asks here, so tests move time instead of waiting for it. Nothing else calls `new Date()` for
// a business decision.

let fixedAt: number | null = null;
let offsetMs = 0;

/** The current instant. */
export function now(): Date {
  return new Date(fixedAt ?? Date.now() + offsetMs);
}

/**
 * The machine's time in ms, which tests never move: only where a library compares with its own reading
 * of it (Better Auth's session expiry), so both sides agree. Everything else asks now().
 */
export function systemTimeMs(): number {
  return Date.now();
}

/** Tests: stop the clock at this instant (moves only with `advanceClock`). */
export function setClock(at: Date | string | number): void {
  fixedAt = new Date(at).getTime();
}

/** Tests: move the clock forward (or back, with a negative amount). */
export function advanceClock(ms: number): void {
  if (fixedAt !== null) fixedAt += ms;
  else offsetMs += ms;
}

/** Tests: back to real time. */
export function resetClock(): void {
  fixedAt = null;
  offsetMs = 0;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
