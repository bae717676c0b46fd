// The client's connection pool: one per client, however many requests start before the first has
// its connection. Requests sent at once stay within maxSockets, and close() ends every connection
// (a long-lived process, such as the test workers that run the CLI in-process, leaks none).

import { type Server, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { ApiClient } from '../../src/api/client.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A server answering every GET with an empty list; the connections it was opened, and those still open. */
async function countingServer(): Promise<{ url: string; opened: () => number; open: Set<Socket> }> {
  const open = new Set<Socket>();
  let opened = 0;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"data":[]}');
  });
  server.on('connection', (socket) => {
    opened++;
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, opened: () => opened, open };
}

test('requests sent at once by a new client share one pool: no more than maxSockets connections, all ended by close()', async () => {
  const server = await countingServer();
  const client = new ApiClient({ baseUrl: server.url, auth: { getToken: async () => 't' }, retries: 0, maxSockets: 2 });
  const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => client.get(`/v2/inventory/${i + 1}`)));
  expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
  expect(server.opened()).toBeLessThanOrEqual(2);
  client.close();
  // Each connection's close reaches the server; none is left for the server's keep-alive timeout to end.
  await expect.poll(() => server.open.size, { timeout: 2_000, interval: 10 }).toBe(0);
});
