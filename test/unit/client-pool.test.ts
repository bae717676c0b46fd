// The client's connection pool: one per client, however many requests start before the first has
// its connection. Requests sent at once stay within maxSockets, and close() ends every connection
// (a long-lived process, such as the test workers that run the CLI in-process, leaks none).

import { type Server, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { ApiClient, bearer } from '../../src/api/client.js';
import { RequestTarget } from '../../src/api/request-target.js';
import { type RawResponse, Transport } from '../../src/api/transport.js';

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

/** A server that holds each answer until `release()`; the paths it received, in order. */
async function holdingServer(): Promise<{ url: string; received: string[]; release: () => void }> {
  const received: string[] = [];
  const held: Array<() => void> = [];
  let released = false;
  const server = createServer((req, res) => {
    received.push(req.url ?? '');
    const answer = (): void => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data":[]}');
    };
    if (released) answer();
    else held.push(answer);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    release: () => {
      released = true;
      for (const answer of held.splice(0)) answer();
    },
  };
}

test('requests started while one is in flight are all sent, in the order started, each answered as its own', async () => {
  const server = await holdingServer();
  const client = new ApiClient({ baseUrl: server.url, auth: { getToken: async () => 't' }, retries: 0 });
  const first = client.get('/v2/inventory/1');
  await expect.poll(() => server.received.length, { timeout: 2_000, interval: 5 }).toBe(1);
  const next = Array.from({ length: 5 }, (_, i) => client.get(`/v2/inventory/${i + 2}`));
  await expect.poll(() => server.received.length, { timeout: 2_000, interval: 5 }).toBe(6);
  expect(server.received).toEqual([1, 2, 3, 4, 5, 6].map((i) => `/v2/inventory/${i}`));
  server.release();
  const answers = await Promise.all([first, ...next]);
  expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
  client.close();
});

test('a request node:http refuses (a header it cannot send) while others are in flight fails alone; the others are sent', async () => {
  const server = await holdingServer();
  const client = new ApiClient({ baseUrl: server.url, auth: { getToken: async () => 't' }, retries: 0 });
  const first = client.get('/v2/inventory/1');
  await expect.poll(() => server.received.length, { timeout: 2_000, interval: 5 }).toBe(1);
  const refused = client.get('/v2/inventory/2', { headers: { 'x-note': 'two\nlines' } });
  const after = client.get('/v2/inventory/3');
  await expect(refused).rejects.toThrow(/Invalid character in header content/);
  await expect.poll(() => server.received, { timeout: 2_000, interval: 5 }).toEqual(['/v2/inventory/1', '/v2/inventory/3']);
  server.release();
  expect((await first).status).toBe(200);
  expect((await after).status).toBe(200);
  client.close();
});

test('a request started as the last in flight ends waits behind those already waiting: sent in the order started', async () => {
  const received: string[] = [];
  const server = createServer((req, res) => {
    received.push(req.url ?? '');
    if (req.url !== '/slow') res.writeHead(200).end('{}'); // /slow is never answered: it times out
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  // One socket: the server sees requests in the order the transport sends them.
  const transport = new Transport({ baseUrl: base, proxy: undefined, timeoutMs: 200, maxSockets: 1 });
  const send = (path: string): Promise<RawResponse> => transport.send('GET', RequestTarget.under(base, '', path), {}, undefined, 1);
  await send('/warm'); // the pool made: from here a request with none in flight is sent at once
  let waiting: Promise<RawResponse> | undefined;
  let late: Promise<RawResponse> | undefined;
  // Both timers expire in one turn, this one first: B starts while /slow is in flight (so it waits
  // for the batch); then /slow times out, and C starts with none in flight but B still waiting.
  setTimeout(() => (waiting = send('/b')), 200);
  const slow = send('/slow').catch(() => {
    late = send('/c');
  });
  await slow;
  await expect.poll(() => late, { timeout: 2_000, interval: 5 }).toBeDefined();
  await Promise.all([waiting, late]);
  expect(received).toEqual(['/warm', '/slow', '/b', '/c']);
  transport.close();
});

test('requests sent together time out each on its own: one answered in time is not failed, the others fail after the timeout', async () => {
  const server = createServer((req, res) => {
    if (req.url === '/v2/fast') res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}'); // the rest are never answered
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new ApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, auth: { getToken: async () => 't' }, retries: 0, timeoutMs: 150 });
  const outcome = (path: string): Promise<string> =>
    client.get(path).then(
      (answer) => `${answer.status}`,
      (error: Error) => error.message,
    );
  const started = Date.now();
  const first = outcome('/v2/slow-1'); // sent at once; the next three go out together behind it
  const together = ['/v2/fast', '/v2/slow-2', '/v2/slow-3'].map(outcome);
  expect(await Promise.all([first, ...together])).toEqual([
    `GET ${client.url('/v2/slow-1').href} timed out after 150 ms (raise it with --timeout)`,
    '200',
    `GET ${client.url('/v2/slow-2').href} timed out after 150 ms (raise it with --timeout)`,
    `GET ${client.url('/v2/slow-3').href} timed out after 150 ms (raise it with --timeout)`,
  ]);
  expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  client.close();
});

test('a POST or PUT without a body is sent with Content-Length: 0, never chunked (as node:http sends it from a record of headers)', async () => {
  const seen: Array<[string, string | undefined, string | undefined]> = [];
  const server = createServer((req, res) => {
    seen.push([req.method ?? '', req.headers['content-length'], req.headers['transfer-encoding']]);
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":1}]}'));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new ApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, auth: { getToken: async () => 't' }, retries: 0 });
  await client.request('POST', '/v2/inventory', { expect: 'any' });
  await client.request('PUT', '/v2/inventory/1', { expect: 'any' });
  await client.request('PUT', '/v2/inventory/1', { body: { name: 'Tent' }, expect: 'any' });
  await client.request('DELETE', '/v2/inventory/1', { expect: 'any' });
  await client.get('/v2/inventory');
  expect(seen).toEqual([
    ['POST', '0', undefined],
    ['PUT', '0', undefined],
    ['PUT', '15', undefined],
    ['DELETE', undefined, undefined],
    ['GET', undefined, undefined],
  ]);
  client.close();
});

test('with every connection taken, a request waits its turn unsent: its timeout starts when it is sent, not while it waits', async () => {
  // Each answer takes 300 ms; one connection; 500 ms per attempt. The third request is sent ~600 ms
  // after it started: counted from its start it would time out, counted from its send it is in time.
  const received: string[] = [];
  let open = 0;
  let mostOpen = 0;
  const server = createServer((req, res) => {
    received.push(req.url ?? '');
    open++;
    mostOpen = Math.max(mostOpen, open);
    setTimeout(() => {
      open--;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
    }, 300);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const transport = new Transport({ baseUrl: base, proxy: undefined, timeoutMs: 500, maxSockets: 1 });
  const send = (path: string): Promise<string> =>
    transport.send('GET', RequestTarget.under(base, '', path), {}, undefined, 1).then(
      (answer) => `${answer.status}`,
      (error: Error) => error.message,
    );
  const answers = await Promise.all(['/a', '/b', '/c'].map(send));
  expect(answers).toEqual(['200', '200', '200']);
  expect(received).toEqual(['/a', '/b', '/c']);
  expect(mostOpen).toBe(1);
  transport.close();
});

test('the header lines on the wire: ours as given, then Host (host:port; [ipv6]:port) and Connection as node:http adds them', async () => {
  const seen: string[][] = [];
  const server = createServer((req, res) => {
    seen.push(req.rawHeaders);
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":1}]}'));
  });
  servers.push(server);
  const ipv6 = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(0, '::1', () => resolve(true));
  });
  if (!ipv6) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `${ipv6 ? '[::1]' : '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  const client = new ApiClient({ baseUrl: `http://${host}`, auth: { getToken: async () => 't' }, retries: 0, userAgent: 'rentals/test' });
  await client.request('PUT', '/v2/inventory/1', { body: { name: 'Tent' }, expect: 'data' });
  await client.get('/v2/inventory');
  expect(seen).toEqual([
    ['accept', 'application/json', 'user-agent', 'rentals/test', 'content-type', 'application/json', 'content-length', '15', 'authorization', bearer('t'), 'Host', host, 'Connection', 'keep-alive'],
    ['accept', 'application/json', 'user-agent', 'rentals/test', 'authorization', bearer('t'), 'Host', host, 'Connection', 'keep-alive'],
  ]);
  client.close();
});
