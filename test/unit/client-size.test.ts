// Big lists: a response above the old 64 MiB cap is read (into one buffer, handed back as bytes
// with the parsed body), and the cap still refuses what is beyond it, by header or by count.

import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { MAX_RESPONSE_BYTES } from '../../src/api/transport.js';
import { ProtocolError } from '../../src/errors.js';
import { useNock } from '../helpers/api.js';

useNock();

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Streams `{ "data": [ … ] }` of `count` records with a `pad`-character note each, in pieces. */
async function listServer(count: number, pad: number, chunked: boolean): Promise<string> {
  const note = 'x'.repeat(pad);
  const record = (i: number) => `${i === 0 ? '' : ','}{"id":${i + 1},"notes":"${note}"}`;
  const total = '{"data":[]}'.length + Array.from({ length: count }, (_, i) => record(i).length).reduce((a, b) => a + b, 0);
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(total) }) });
    res.write('{"data":[');
    let i = 0;
    const more = (): void => {
      while (i < count) {
        if (!res.write(record(i++))) return void res.once('drain', more);
      }
      res.end(']}');
    };
    more();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const client = (baseUrl: string, maxResponseBytes?: number) =>
  new ApiClient({ baseUrl, auth: { getToken: async () => 'size-test-token' }, retries: 0, maxResponseBytes });

describe('response size', () => {
  test('the cap is 500 MiB (room for 200,000+ events), below V8 longest string', () => {
    expect(MAX_RESPONSE_BYTES).toBe(500 * 1024 * 1024);
    expect(MAX_RESPONSE_BYTES).toBeLessThan(2 ** 29 - 24);
  });

  test.each([
    ['with Content-Length', false],
    ['chunked', true],
  ])('a 70 MiB list (above the old 64 MiB cap) is read whole, %s; the bytes are handed back as received', async (_name, chunked) => {
    const count = 1_150;
    const url = await listServer(count, 64 * 1024, chunked);
    const response = await client(url).get('/v2/inventory');
    const body = response.body as { data: Array<{ id: number; notes: string }> };
    expect(body.data).toHaveLength(count);
    expect(body.data[count - 1]!.id).toBe(count);
    expect(response.bytes.length).toBeGreaterThan(70 * 1024 * 1024);
    expect(response.bytes.subarray(0, 20).toString()).toBe('{"data":[{"id":1,"no');
    expect(response.bytes.subarray(-5).toString()).toBe('x"}]}');
  });

  test.each([
    ['by its Content-Length', false],
    ['while streaming', true],
  ])('an answer above the cap is refused %s', async (_name, chunked) => {
    const url = await listServer(100, 1024, chunked);
    const error = await client(url, 50_000).get('/v2/inventory').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as Error).message).toBe('the answer to GET /v2/inventory is larger than 50000 bytes; refused');
  });

  test('an answer whose Content-Length (any case) is above the cap is refused at its headers, before any of its body', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '60000' });
      res.flushHeaders(); // and no body: only the header can refuse it
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const error = await new ApiClient({ baseUrl: url, auth: { getToken: async () => 't' }, retries: 0, timeoutMs: 3_000, maxResponseBytes: 50_000 })
      .get('/v2/inventory')
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe('the answer to GET /v2/inventory is larger than 50000 bytes; refused');
  });
});
