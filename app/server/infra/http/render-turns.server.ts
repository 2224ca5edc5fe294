// Pages are rendered one per turn of the event loop, in the order they became ready.
//
// Why: libuv (Node 20's 1.46, since libuv#3696) accepts ONE new connection per turn of the loop,
// and a turn runs every callback that is ready — each PGlite reply or PostgreSQL answer continues
// its request in the microtasks that follow, and a request whose data is in renders its whole page
// there (React's renderToPipeableStream starts in a microtask). Under load, 30–50 renders fell in
// one turn (an event-loop delay of 300–500 ms, measured), so the kernel's queue of new connections
// was taken one every 300–500 ms: at the start of a burst the 50th visitor waited 3–4 s before
// the server even read its request (issue 17, goal 3's tail; bench/RESULTS.md). A render waits here
// for its turn instead, so a turn lasts about one render (a few ms) and between two renders the
// loop accepts, reads and answers health checks. Fair by construction: first ready, first rendered.
// A visitor who left while waiting (their request's signal aborted) gets no render: under overload
// the queue would otherwise spend its turns on pages nobody reads.
const waiting: Array<{ start: (render: boolean) => void; signal?: AbortSignal }> = [];
let scheduled = false;

function renderNext() {
  // Starting lets the waiting render run in the microtasks right after this callback; the next
  // one is scheduled from inside an immediate, which Node runs on the loop's next turn.
  let next = waiting.shift();
  while (next?.signal?.aborted) {
    next.start(false);
    next = waiting.shift();
  }
  next?.start(true);
  if (waiting.length) setImmediate(renderNext);
  else scheduled = false;
}

/**
 * Resolves when it is this render's turn (one render per turn of the event loop, first come first
 * served): true to render, false when `signal` aborted meanwhile (the client is gone).
 */
export function renderTurn(signal?: AbortSignal): Promise<boolean> {
  return new Promise((start) => {
    waiting.push({ start, signal });
    if (!scheduled) {
      scheduled = true;
      setImmediate(renderNext);
    }
  });
}

/** How many renders are waiting (tests, diagnostics). */
export function rendersWaiting(): number {
  return waiting.length;
}
