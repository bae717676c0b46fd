// `streamData`: a list's records come out as the bytes arrive (before the body ends), under the
// client's rules: statuses retried before the body flows, the size cap, a failure mid-body
// reported (never retried: what came before may be printed already), a stalled body timed out.

import { type ServerResponse, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import type { DataPiece } from '../../src/api/data-envelope.js';
import { NetworkError, ProtocolError, TimeoutError } from '../../src/errors.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function serve(handler: (res: ServerResponse, request: number) => void): Promise<string> {
  let requests = 0;
  const server = createServer((_req, res) => handler(res, ++requests));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const client = (baseUrl: string, options: { maxResponseBytes?: number; timeoutMs?: number; retries?: number } = {}) =>
  new ApiClient({ baseUrl, auth: { getToken: async () => 't' }, retries: 0, sleep: async () => undefined, ...options });

async function records(pieces: AsyncIterable<DataPiece>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const piece of pieces) if (piece.kind === 'records') out.push(...piece.records);
  return out;
}

describe('streamData', () => {
  test('hands out the first records while the body is still being sent', async () => {
    let finish: () => void = () => undefined;
    const url = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":[{"id":1},');
      finish = () => res.end('{"id":2}]}');
    });
    const pieces = client(url).streamData('/v2/inventory');
    const seen: DataPiece[] = [];
    for await (const piece of pieces) {
      seen.push(piece);
      if (piece.kind === 'records' && piece.records.some((r) => r.id === 1)) finish();
    }
    expect(seen).toEqual([{ kind: 'data-start' }, { kind: 'records', records: [{ id: 1 }] }, { kind: 'records', records: [{ id: 2 }] }, { kind: 'data-end' }]);
  });

  test('a 503 before the body is retried as by request', async () => {
    const url = await serve((res, request) => {
      if (request === 1) return void res.writeHead(503).end();
      res.writeHead(200).end('{"data":[{"id":7}]}');
    });
    expect(await records(client(url, { retries: 1 }).streamData('/v2/inventory'))).toEqual([{ id: 7 }]);
  });

  test('the size cap refuses a body that grows past it', async () => {
    const url = await serve((res) => {
      res.writeHead(200);
      res.end(`{"data":[${Array.from({ length: 2000 }, (_, i) => `{"id":${i}}`).join(',')}]}`);
    });
    await expect(records(client(url, { maxResponseBytes: 1024 }).streamData('/v2/inventory'))).rejects.toThrow(ProtocolError);
  });

  test('a connection lost mid-body is a network error, not retried', async () => {
    let requests = 0;
    const url = await serve((res, request) => {
      requests = request;
      res.writeHead(200, { 'content-length': '1000' });
      res.write('{"data":[{"id":1},');
      setTimeout(() => res.destroy(), 20);
    });
    await expect(records(client(url, { retries: 2 }).streamData('/v2/inventory'))).rejects.toThrow(NetworkError);
    expect(requests).toBe(1);
  });

  test('a body that stalls longer than the timeout is a timeout', async () => {
    const url = await serve((res) => {
      res.writeHead(200);
      res.write('{"data":[{"id":1},');
    });
    await expect(records(client(url, { timeoutMs: 200 }).streamData('/v2/inventory'))).rejects.toThrow(TimeoutError);
  });

  // A short body whose length is declared is read whole and parsed at once: the same records and the same errors.
  const declared = (body: string) => (res: ServerResponse) => res.writeHead(200, { 'content-length': Buffer.byteLength(body) }).end(body);

  test('a short list with its length declared gives the same pieces, its records in one run', async () => {
    const body = '{"data":[{"id":1,"name":"Tent"},{"id":2,"name":"Chair"}]}';
    const seen: DataPiece[] = [];
    for await (const piece of client(await serve(declared(body))).streamData('/v2/inventory')) seen.push(piece);
    expect(seen).toEqual([{ kind: 'data-start' }, { kind: 'records', records: [{ id: 1, name: 'Tent' }, { id: 2, name: 'Chair' }] }, { kind: 'data-end' }]);
  });

  test.each([
    ['"data" twice', '{"data":[{"id":1}],"data":[]}', /\(HTTP 200\) has "data" twice/],
    ['an entry that is not an object', '{"data":[{"id":1},2]}', /\(HTTP 200\) has a "data" entry that is not an object/],
    ['not JSON', '{"data":[{"id":1}', /\(HTTP 200\) is not JSON/],
  ])('a short body with its length declared and %s is refused as when streamed', async (_name, body, message) => {
    await expect(records(client(await serve(declared(body))).streamData('/v2/inventory'))).rejects.toThrow(message);
  });

  test('an entry that is not an object is a protocol error naming the request', async () => {
    const url = await serve((res) => res.writeHead(200).end('{"data":[{"id":1},2]}'));
    await expect(records(client(url).streamData('/v2/inventory'))).rejects.toThrow(
      /the server's answer to GET \/v2\/inventory \(HTTP 200\) has a "data" entry that is not an object/,
    );
  });
});
