import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { renderTurn, rendersWaiting } from './render-turns.server';

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

describe('renderTurn', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  it('gives turns in the order they were asked for', async () => {
    const order: number[] = [];
    const turns = await Promise.all([1, 2, 3, 4, 5].map((n) => renderTurn().then((render) => (order.push(n), render))));
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(turns).toEqual([true, true, true, true, true]);
    expect(rendersWaiting()).toBe(0);
  });

  it('renders nothing for a client that left while waiting, and the next page still gets its turn', async () => {
    const left = new AbortController();
    const events: string[] = [];
    const first = renderTurn().then((render) => {
      events.push(`first ${render}`);
      left.abort();
    });
    const gone = renderTurn(left.signal).then((render) => events.push(`gone ${render}`));
    const last = renderTurn(new AbortController().signal).then((render) => events.push(`last ${render}`));
    await Promise.all([first, gone, last]);
    expect(events).toEqual(['first true', 'gone false', 'last true']);
  });

  it('accepts new connections while pages wait to render, not after all of them', async () => {
    // 30 renders of 20 ms each wait; a visitor connects meanwhile. Rendered in one turn (as React
    // did when their data arrived together), the server would accept it only after ~600 ms.
    let accepted = -1;
    let rendered = 0;
    const server = http.createServer((_req, res) => res.end('ok'));
    servers.push(server);
    server.on('connection', () => {
      if (accepted < 0) accepted = rendered;
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as net.AddressInfo;

    let socket: net.Socket | undefined;
    const renders = Array.from({ length: 30 }, (_, i) =>
      renderTurn().then(() => {
        // The visitor connects while the first page renders, with 29 more waiting.
        if (i === 0) socket = net.connect(port, '127.0.0.1');
        busy(20);
        rendered++;
      }),
    );
    await Promise.all(renders);
    await new Promise((r) => setTimeout(r, 50));
    socket?.destroy();
    expect(accepted).toBeGreaterThanOrEqual(0);
    expect(accepted).toBeLessThan(10);
  });
});
