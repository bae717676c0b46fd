// close() at the end of a run: a read still in flight (a search whose answer nobody waits for any
// more) must not keep the process alive with its timeout and retries. A real server on 127.0.0.1
// that never answers (no nock: close() acts on the sockets themselves).

import { type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { NetworkError } from '../../src/errors.js';

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

test('a read in flight fails at once on close() and is not tried again', async () => {
  const held: ServerResponse[] = [];
  const server = createServer((_req, res) => void held.push(res));
  server.on('connection', (socket) => socket.on('error', () => undefined));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(async () => {
    for (const res of held) res.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const api = new ApiClient({ baseUrl: url, auth: { getToken: async () => 'token-for-the-close-test' }, env: {}, retries: 3, timeoutMs: 20_000, sleep: async () => undefined });
  const reading = api.get('/v2/inventory').then(
    () => 'answered',
    (error: unknown) => error,
  );
  await expect.poll(() => held.length).toBe(1);
  const closed = Date.now();
  api.close();
  expect(await reading).toBeInstanceOf(NetworkError);
  expect(Date.now() - closed).toBeLessThan(2_000);
  expect(held).toHaveLength(1);
});
