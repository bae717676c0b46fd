// The sandbox stays available under slow clients: 640 clients over five loopback addresses
// (127.0.0.2–6, 128 each: every address within its own cap) open connections and either send
// their request heads a header at a time, never finishing, or send a whole head with a valid
// token and then trickle the body a byte at a time; each reconnects whenever it is closed.
// Requests from other addresses (127.0.0.1 among them) are answered meanwhile: at the connection
// cap the oldest idle or slow-headed connection makes room, or else the request in progress whose
// body arrives slowest (whatever its token); a head that does not arrive within the short header
// limit, and a body that does not arrive at a minimum rate, are closed anyway. The probes'
// latencies are printed (the target, 1 s, is asserted loosely here; figures belong in a bench).

import { type Socket, connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN, bearer, openSandbox } from './helpers.js';

const SLOW_ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'];
const PER_ADDRESS = 128;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Slowness = 'head' | 'body';

/** What a slow client sends at once, then a little every 200 ms. */
const SLOW: Record<Slowness, { first: string; trickle: string }> = {
  head: { first: 'GET /v2/status HTTP/1.1\r\nHost: 127.0.0.1\r\n', trickle: 'X-Slow: still coming\r\n' },
  body: {
    first: `POST /v1/inventory HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${bearer(TOKEN)}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":"`,
    trickle: 'x',
  },
};

/** A client that holds a connection with an unfinished request, and opens another whenever it is closed. */
function slowClient(port: number, localAddress: string, slowness: Slowness, running: () => boolean, counts: { open: number; closed: number }): void {
  const start = (): void => {
    if (!running()) return;
    const socket: Socket = connect({ port, host: '127.0.0.1', localAddress });
    let trickle: NodeJS.Timeout | undefined;
    socket.on('error', () => {});
    socket.once('connect', () => {
      counts.open++;
      socket.write(SLOW[slowness].first);
      trickle = setInterval(() => socket.write(SLOW[slowness].trickle), 200);
    });
    socket.once('close', () => {
      clearInterval(trickle);
      counts.closed++;
      setTimeout(start, 250);
    });
    cleanups.push(() => {
      clearInterval(trickle);
      socket.destroy();
    });
  };
  start();
}

/** One request on a new connection from `localAddress`: its status line and how long it took, or a timeout after 5 s. */
function probe(port: number, localAddress: string): Promise<{ status: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ status: '(no answer within 5 s)', ms: performance.now() - started });
    }, 5_000);
    socket.on('error', () => {});
    socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    socket.once('connect', () => socket.write(`GET /v2/status HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${bearer(TOKEN)}\r\nConnection: close\r\n\r\n`));
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ status: text.split('\r\n')[0] || '(closed without an answer)', ms: performance.now() - started });
    });
  });
}

describe('640 slow clients over five addresses', () => {
  it.each(['head', 'body'] as const)('slow %s: every request from another address is answered while they hold on', async (slowness) => {
    const sandbox = await openSandbox();
    cleanups.push(() => sandbox.close());
    let running = true;
    cleanups.push(() => (running = false));
    const counts = { open: 0, closed: 0 };
    for (const address of SLOW_ADDRESSES) for (let i = 0; i < PER_ADDRESS; i++) slowClient(sandbox.port, address, slowness, () => running, counts);
    // Until all 640 have connected once: the 512-connection cap is full from here on.
    for (let waited = 0; counts.open < SLOW_ADDRESSES.length * PER_ADDRESS && waited < 10_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(counts.open).toBeGreaterThanOrEqual(SLOW_ADDRESSES.length * PER_ADDRESS);

    const results: Array<{ address: string; status: string; ms: number }> = [];
    for (let i = 0; i < 20; i++) {
      const address = i % 2 === 0 ? '127.0.0.1' : '127.0.0.7';
      results.push({ address, ...(await probe(sandbox.port, address)) });
    }
    running = false;
    const ms = results.map((r) => r.ms).sort((a, b) => a - b);
    console.log(
      `slow ${slowness === "head" ? "heads" : "bodies"}: 640 over 5 addresses (${counts.open} connections made, ${counts.closed} closed by the server); ` +
        `20 probes from 127.0.0.1 and 127.0.0.7: median ${ms[10]!.toFixed(1)} ms, max ${ms[19]!.toFixed(1)} ms`,
    );
    expect(results.filter((r) => !r.status.startsWith('HTTP/1.1 200'))).toEqual([]);
    // Loosely: on a busy machine a probe takes longer than on a quiet one, but never seconds.
    expect(Math.max(...ms)).toBeLessThan(2_500);
  }, 40_000);
});
