// The admission queue in front of the app (server/admission.mjs, issue 17 goal 8): at most N
// requests in the app at once, the rest served in arrival order, and /healthz, /readyz and
// /assets never queued behind pages. First on a bare Express server with a slow handler (exact
// counts), then on the real store started with ADMISSION_LIMIT=1.
import type { AddressInfo } from 'node:net';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admission } from '../../server/admission.mjs';
import { ROOT, startApp, type App } from './server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fires `paths` one every `gapMs` (so they arrive in this order) and records the order they finish in. */
async function fireInOrder(base: string, paths: string[], gapMs: number) {
  const finished: number[] = [];
  const statuses: number[] = [];
  const all = paths.map(async (p, i) => {
    await sleep(i * gapMs);
    const response = await fetch(`${base}${p}`, { signal: AbortSignal.timeout(60_000) });
    await response.arrayBuffer();
    statuses[i] = response.status;
    finished.push(i);
  });
  await Promise.all(all);
  return { finished, statuses };
}

describe('admission queue on a bare server', () => {
  let server: ReturnType<express.Express['listen']>;
  let base = '';
  const inFlight: number[] = [];
  let now = 0;

  beforeAll(async () => {
    const app = express();
    app.get('/healthz', (_req, res) => void res.send('ok'));
    app.use(admission({ limit: 2, onAdmit: (active: number) => inFlight.push(active) }));
    app.get('/slow', async (_req, res) => {
      now++;
      inFlight.push(now);
      await sleep(60);
      now--;
      res.send('page');
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('keeps at most the limit in the app and serves the queue in arrival order', async () => {
    const { finished, statuses } = await fireInOrder(base, Array.from({ length: 10 }, () => '/slow'), 5);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(Math.max(...inFlight)).toBe(2);
    expect(finished).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('answers a route mounted before it while the queue is full', async () => {
    const pages = fireInOrder(base, Array.from({ length: 10 }, () => '/slow'), 0);
    await sleep(20);
    const started = Date.now();
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    // Ten pages of 60 ms, two at a time, take 300 ms: the health check did not wait for them.
    expect(Date.now() - started).toBeLessThan(150);
    await pages;
  });

  it('skips a request whose client left while it waited', async () => {
    const first = fireInOrder(base, ['/slow', '/slow'], 0);
    await sleep(10); // the two are in; this one waits
    const gone = new AbortController();
    const abandoned = fetch(`${base}/slow`, { signal: gone.signal }).catch(() => null);
    await sleep(20);
    gone.abort();
    await abandoned;
    const before = inFlight.length;
    await first;
    await sleep(100);
    // Only the two that stayed were admitted (each logs its admission and its entry in the handler).
    expect(inFlight.length).toBe(before);
  });
});

describe('admission queue in the store (ADMISSION_LIMIT=1)', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ env: { ADMISSION_LIMIT: '1' } });
    await (await fetch(`${app.url}/produtos`)).arrayBuffer(); // warm: the first render compiles the route
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('serves every queued page in arrival order, while /healthz, /readyz and /assets never wait', async () => {
    const asset = readdirSync(path.join(ROOT, 'build/client/assets')).find((f) => f.endsWith('.js'));
    expect(asset).toBeDefined();
    const pages = fireInOrder(app.url, Array.from({ length: 12 }, () => '/produtos'), 15);
    await sleep(40);
    let pagesDone = false;
    void pages.then(() => (pagesDone = true));
    for (const p of ['/healthz', '/readyz', `/assets/${asset}`]) {
      const response = await fetch(`${app.url}${p}`);
      expect(response.status, p).toBe(200);
      await response.arrayBuffer();
    }
    // The checks came back while pages were still queued: they were not behind them.
    expect(pagesDone).toBe(false);
    const { finished, statuses } = await pages;
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(finished).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it('refuses an ADMISSION_LIMIT that is not a positive integer', async () => {
    await expect(startApp({ env: { ADMISSION_LIMIT: 'zero' }, startTimeoutMs: 30_000 })).rejects.toThrow(/ADMISSION_LIMIT/);
  });
});
