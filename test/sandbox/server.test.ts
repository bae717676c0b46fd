// Graceful close: requests in flight finish (and are durable), new connections are refused.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN, bearer, inventoryBody, openSandbox, tempDir } from './helpers.js';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempDir()));
afterEach(() => cleanup());

describe('close()', () => {
  it('finishes a request in flight, makes it durable, then refuses connections', async () => {
    const file = join(dir, 'data.json');
    const sandbox = await openSandbox({ data: file });
    const body = new PassThrough();
    const inFlight = request(`${sandbox.url}/v1/inventory`, {
      method: 'POST',
      headers: { authorization: bearer(TOKEN), 'content-type': 'application/json' },
      body,
    });
    const text = JSON.stringify(inventoryBody('slow upload'));
    body.write(text.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = sandbox.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    body.end(text.slice(10));
    const response = await inFlight;
    expect(response.statusCode).toBe(201);
    expect(response.headers.connection).toBe('close');
    await response.body.text();
    await closed;
    expect(await readFile(`${file}.journal`, 'utf8')).toContain('"slow upload"');
    await expect(request(`${sandbox.url}/v1/inventory`)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('does not wait for idle keep-alive connections, and can be called twice', async () => {
    const sandbox = await openSandbox();
    const response = await request(`${sandbox.url}/v2/status`, { headers: { authorization: bearer(TOKEN) } });
    await response.body.text();
    const started = Date.now();
    await Promise.all([sandbox.close(), sandbox.close()]);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
