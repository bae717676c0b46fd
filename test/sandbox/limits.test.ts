// Slow, aborted and numerous clients: bodies and headers have a time limit, connections a cap, and
// a client that goes away mid-request is not an internal error. Raw sockets on 127.0.0.1.

import { type Socket, connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readJsonBody } from '../../src/sandbox/body.js';
import { type RunningServer, serve } from '../../src/sandbox/server.js';
import { TOKEN, bearer, openSandbox } from './helpers.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A connected socket that collects what it receives; `ended` resolves when the server closes it. */
async function open(port: number): Promise<{ socket: Socket; received: () => string; ended: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  cleanups.push(() => socket.destroy());
  let text = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return { socket, received: () => text, ended };
}

function until(check: () => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      if (!check() && Date.now() - started < 10_000) return;
      clearInterval(poll);
      if (check()) resolve();
      else reject(new Error(`timed out waiting for ${what}`));
    }, 5);
  });
}

const postHead = (length: number, extra = '') =>
  `POST /v1/inventory HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${bearer(TOKEN)}\r\n` +
  `Content-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;

describe('a client that aborts its request body', () => {
  it('is neither answered nor logged, however many do it', async () => {
    const logged: string[] = [];
    let entered = 0;
    let settled = 0;
    const server: RunningServer = await serve(
      async (req) => {
        entered++;
        try {
          return { status: 200, body: await readJsonBody(req) };
        } finally {
          settled++;
        }
      },
      '127.0.0.1',
      0,
      (line) => logged.push(line),
    );
    cleanups.push(() => server.close());
    for (let i = 1; i <= 20; i++) {
      const { socket } = await open(server.port);
      socket.write(postHead(1000) + '{"name": "half');
      await until(() => entered === i, 'the request to reach the handler');
      socket.destroy();
      await until(() => settled === i, 'the body read to end');
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged).toEqual([]);
  });
});

describe('time limits', () => {
  it('a body that stops arriving is answered 408 and its connection closed', async () => {
    const logged: string[] = [];
    const sandbox = await openSandbox({ limits: { headersTimeoutMs: 200, requestTimeoutMs: 300 }, log: (line) => logged.push(line) });
    cleanups.push(() => sandbox.close());
    const slow = await open(sandbox.port);
    slow.socket.write(postHead(1000) + '{"name": "slo');
    await slow.ended;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(logged).toEqual([]);
    expect((await sandbox.call('GET', '/v1/inventory')).status).toBe(200);
  });

  it('headers that stop arriving: the connection is closed', async () => {
    const sandbox = await openSandbox({ limits: { headersTimeoutMs: 200, requestTimeoutMs: 300 } });
    cleanups.push(() => sandbox.close());
    const slow = await open(sandbox.port);
    slow.socket.write('GET /v1/inventory HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    await slow.ended;
    expect(slow.received()).toMatch(/^(HTTP\/1\.1 408 |$)/);
  });
});

describe('connection cap', () => {
  it('closes connections past the cap at once, logs that once, and accepts again when one ends', async () => {
    const logged: string[] = [];
    const sandbox = await openSandbox({ limits: { maxConnections: 3 }, log: (line) => logged.push(line) });
    cleanups.push(() => sandbox.close());
    const get = `GET /v2/status HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${bearer(TOKEN)}\r\n\r\n`;
    const held = [];
    for (let i = 0; i < 3; i++) {
      const client = await open(sandbox.port);
      client.socket.write(get);
      await until(() => client.received().includes('"data"'), 'an answer'); // accepted, kept alive
      held.push(client);
    }
    for (let i = 0; i < 5; i++) {
      const extra = await open(sandbox.port);
      extra.socket.write(get);
      await extra.ended;
      expect(extra.received()).toBe('');
    }
    expect(logged).toEqual(['3 connections are open, the most allowed: new connections are closed until some end']);
    held[0]!.socket.destroy();
    let status = 0;
    for (let attempt = 0; attempt < 200 && status !== 200; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      status = await sandbox.call('GET', '/v2/status').then(
        (response) => response.status,
        () => 0,
      );
    }
    expect(status).toBe(200);
  });
});
