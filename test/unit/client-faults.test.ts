// Faults a real socket shows and nock cannot (a connection dropped after the request was sent, a
// response cut short): a DELETE whose retry finds the record gone counts as done, a POST whose
// connection was reset says it may have been applied. A small server on 127.0.0.1 plays the API.

import { type IncomingMessage, type Server as HttpServer, type ServerResponse, createServer } from 'node:http';
import { type AddressInfo, Server } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { NetworkError, NotFoundError } from '../../src/errors.js';
import { exitCodeFor } from '../../src/cli/exit-codes.js';
import { useNock } from '../helpers/api.js';

useNock();

type Handler = (req: IncomingMessage, res: ServerResponse, body: string, attempt: number) => void;

const servers: HttpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A server that answers each request with the handler; the attempt number counts requests. */
async function serve(handler: Handler): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (d: string) => (body += d));
    req.on('end', () => {
      requests.push(`${req.method} ${req.url}`);
      handler(req, res, body, requests.length);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.on('connection', (socket) => socket.on('error', () => undefined));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

function client(url: string, notes: string[] = []): ApiClient {
  return new ApiClient({
    baseUrl: url,
    auth: { getToken: async () => 'token-for-the-fault-tests' },
    retries: 3,
    sleep: async () => undefined,
    notice: (m) => notes.push(m),
  });
}

/** The first attempt is applied on the server, then fails in the given way; later ones find nothing. */
const firstAppliedThen =
  (fail: (res: ServerResponse) => void): Handler =>
  (_req, res, _body, attempt) => {
    if (attempt === 1) return fail(res);
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
  };

describe('a DELETE whose retry gets 404 after an attempt that may have been applied', () => {
  const faults: Array<[string, (res: ServerResponse) => void, string]> = [
    ['a 502 from a gateway', (res) => res.writeHead(502).end('bad gateway'), 'HTTP 502'],
    ['a dropped connection', (res) => res.socket?.destroy(), 'ECONNRESET'],
    [
      'a truncated response',
      (res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"id":');
        setTimeout(() => res.socket?.destroy(), 20);
      },
      'ECONNRESET',
    ],
  ];
  test.each(faults)('%s, then 404: counted as done, with a note', async (_name, fail, cause) => {
    const server = await serve(firstAppliedThen(fail));
    const notes: string[] = [];
    const response = await client(server.url, notes).request('DELETE', '/v2/inventory/7', { expect: 'id' });
    expect(response.body).toBeUndefined();
    expect(server.requests).toEqual(['DELETE /v2/inventory/7', 'DELETE /v2/inventory/7']);
    expect(notes).toEqual([
      `note: DELETE /v2/inventory/7: an earlier attempt failed (${cause}) after it was sent, and the retry found it gone (404): counted as deleted`,
    ]);
  });

  test('a 404 at the first attempt is still not found (exit 4)', async () => {
    const server = await serve((_req, res) => res.writeHead(404).end('{"message":"no such item"}'));
    const notes: string[] = [];
    const error = await client(server.url, notes).request('DELETE', '/v2/inventory/7', { expect: 'id' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(notes).toEqual([]);
  });

  test('a 404 after a 503 (the server said it did not process it) is not found', async () => {
    const server = await serve((_req, res, _body, attempt) => res.writeHead(attempt === 1 ? 503 : 404).end('{}'));
    const error = await client(server.url).request('DELETE', '/v2/inventory/7', { expect: 'id' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(server.requests).toHaveLength(2);
  });
});

describe('a POST whose connection is reset after it was sent', () => {
  test('is not retried, exits 5 and says it may have been applied', async () => {
    const server = await serve((_req, res) => res.socket?.destroy());
    const error = await client(server.url)
      .request('POST', '/v2/inventory', { body: { name: 'Tent' } })
      .catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(NetworkError);
    expect(exitCodeFor(error)).toBe(5);
    expect((error as Error).message).toBe(
      `cannot complete POST ${server.url}/v2/inventory (ECONNRESET): the connection was reset by the server; the request was sent and may have been applied: check (e.g. with list) before repeating it`,
    );
    expect(server.requests).toEqual(['POST /v2/inventory']);
  });
});

describe('a write whose earlier attempt was sent and whose last one never reached the server', () => {
  test('its outcome is still unknown: exit 5, "may have been applied", naming the earlier failure', async () => {
    let stop: () => unknown = () => undefined;
    const server = await serve((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/plain', connection: 'close' }).end('bad gateway');
      stop(); // the server stops listening: every later attempt is refused before it is sent
    });
    const running = servers.at(-1)!;
    // Only the listener closes (net's close): http's close would also drop the connection that is
    // still delivering the 502, and the client would then see a reset instead.
    stop = () => Server.prototype.close.call(running);
    const error = await client(server.url)
      .request('PUT', '/v2/inventory/3', { body: { id: 3 }, expect: 'data' })
      .then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).requestSent).toBe(true);
    expect((error as Error).message).toMatch(
      /^cannot complete PUT http:\/\/127\.0\.0\.1:\d+\/v2\/inventory\/3 \(ECONNREFUSED\).*; an earlier attempt failed \(HTTP 502\) after it was sent; the request was sent and may have been applied: check \(e\.g\. with list\) before repeating it$/,
    );
    expect(exitCodeFor(error)).toBe(5);
    expect(server.requests).toEqual(['PUT /v2/inventory/3']);
  });
});
