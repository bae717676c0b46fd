// close() at the end of a run: a read still in flight (a search whose answer nobody waits for any
// more) must not keep the process alive with its timeout and retries, nor one queued and not yet
// sent, nor one waiting to be tried again. A real server on 127.0.0.1 that never answers (no nock:
// close() acts on the sockets themselves).

import { type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { NetworkError } from '../../src/errors.js';

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** A server on 127.0.0.1 that holds every request it gets unanswered (`held`), or with `drop`, drops its connection. */
async function server(options: { drop?: boolean } = {}): Promise<{ url: string; held: ServerResponse[] }> {
  const held: ServerResponse[] = [];
  const listening = createServer((_req, res) => {
    held.push(res);
    if (options.drop) res.socket?.destroy();
  });
  listening.on('connection', (socket) => socket.on('error', () => undefined));
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  closing.push(async () => {
    for (const res of held) res.destroy();
    await new Promise((resolve) => listening.close(resolve));
  });
  return { url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`, held };
}

const auth = { getToken: async () => 'token-for-the-close-test' };

/** What `work` ends with (its value or its error), or 'still running' after `ms`. */
async function endOf(work: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise((resolve) => (timer = setTimeout(resolve, ms, 'still running')));
  try {
    return await Promise.race([work.then((value) => value, (error: unknown) => error), late]);
  } finally {
    clearTimeout(timer);
  }
}

test('a read in flight fails at once on close() and is not tried again', async () => {
  const { url, held } = await server();
  const api = new ApiClient({ baseUrl: url, auth, env: {}, retries: 3, timeoutMs: 20_000, sleep: async () => undefined });
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

test('a read queued behind the pool, not yet sent, is refused on close() and never sent', async () => {
  const { url, held } = await server();
  // One connection: the second read waits for it, unsent.
  const api = new ApiClient({ baseUrl: url, auth, env: {}, retries: 3, timeoutMs: 20_000, maxSockets: 1, sleep: async () => undefined });
  const first = api.get('/v2/inventory');
  first.catch(() => undefined);
  await expect.poll(() => held.length).toBe(1);
  const queued = api.get('/v2/categories');
  queued.catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(held).toHaveLength(1);
  api.close();
  const ended = await endOf(queued, 2_000);
  expect(ended).toBeInstanceOf(NetworkError);
  expect((ended as Error).message).toContain('/v2/categories was not sent: the run has ended');
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(held).toHaveLength(1);
});

test('a read waiting to be tried again when close() comes is not tried again', async () => {
  const { url, held } = await server({ drop: true });
  let waited!: () => void;
  const waiting: number[] = [];
  const sleep = (ms: number) => {
    waiting.push(ms);
    return new Promise<void>((resolve) => (waited = resolve));
  };
  const api = new ApiClient({ baseUrl: url, auth, env: {}, retries: 3, timeoutMs: 20_000, sleep });
  const reading = api.get('/v2/inventory');
  reading.catch(() => undefined);
  // The first attempt's connection dropped: the read waits to be tried again.
  await expect.poll(() => waiting.length).toBe(1);
  api.close();
  waited();
  expect(await endOf(reading, 2_000)).toBeInstanceOf(NetworkError);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(held).toHaveLength(1);
  expect(waiting).toHaveLength(1);
});
