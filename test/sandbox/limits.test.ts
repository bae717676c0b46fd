// Slow, aborted and numerous clients: bodies and headers have a time limit, connections a cap, and
// a client that goes away mid-request is not an internal error. Raw sockets on 127.0.0.1.

import { spawn } from 'node:child_process';
import { type Socket, connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { readJsonBody } from '../../src/sandbox/body.js';
import { type RunningServer, serve } from '../../src/sandbox/server.js';
import { runRentals } from '../e2e/harness.js';
import { TOKEN, bearer, openSandbox } from './helpers.js';

const BIN = fileURLToPath(new URL('../../bin/rentals.js', import.meta.url));

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
    // Still serving. With limits this short, a loaded machine can stall even a quick GET past them: a 408 is asked again (bounded).
    let status = 0;
    for (let attempt = 0; attempt < 5 && status !== 200; attempt++) status = (await sandbox.call('GET', '/v1/inventory')).status;
    expect(status).toBe(200);
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
  const get = `GET /v2/status HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${bearer(TOKEN)}\r\n\r\n`;

  it('at the cap, a new connection takes the place of the oldest idle one (logged once)', async () => {
    const logged: string[] = [];
    const sandbox = await openSandbox({ limits: { maxConnections: 3 }, log: (line) => logged.push(line) });
    cleanups.push(() => sandbox.close());
    const held = [];
    for (let i = 0; i < 3; i++) {
      const client = await open(sandbox.port);
      client.socket.write(get);
      await until(() => client.received().includes('"data"'), 'an answer'); // accepted, kept alive, idle
      held.push(client);
    }
    for (let i = 0; i < 3; i++) {
      const extra = await open(sandbox.port);
      extra.socket.write(get);
      await until(() => extra.received().includes('"data"'), 'the new connection served');
      await held[i]!.ended; // the oldest idle one made room
    }
    expect(logged).toEqual(['3 connections are open, the most allowed: the oldest idle ones, or else the slowest requests in progress, are closed for new ones']);
  });

  it('when every connection is busy with a request, the one whose body arrives slowest makes room, whatever its token', async () => {
    const logged: string[] = [];
    const sandbox = await openSandbox({ limits: { maxConnections: 3 }, log: (line) => logged.push(line) });
    cleanups.push(() => sandbox.close());
    const uploads: Array<Awaited<ReturnType<typeof open>>> = [];
    for (let i = 0; i < 3; i++) {
      const client = await open(sandbox.port);
      client.socket.write(`${postHead(100_000)}{"name":"`); // a head with a valid token, then a body that does not come
      uploads.push(client);
    }
    // The first keeps sending: the other two are the slowest.
    const steady = setInterval(() => uploads[0]!.socket.write('x'.repeat(100)), 10);
    cleanups.push(() => clearInterval(steady));
    await until(() => uploads[0]!.socket.bytesWritten > 2000, 'the steady upload to be under way');
    const extra = await open(sandbox.port);
    extra.socket.write(`GET /v2/status HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${bearer(TOKEN)}\r\nConnection: close\r\n\r\n`);
    await extra.ended;
    expect(extra.received()).toMatch(/^HTTP\/1\.1 200 /);
    await Promise.race([uploads[1]!.ended, uploads[2]!.ended]);
    expect(uploads[0]!.socket.destroyed).toBe(false);
    expect([uploads[1]!.received(), uploads[2]!.received()]).toEqual(['', '']); // closed for the new one, unanswered
    expect(logged).toEqual(['3 connections are open, the most allowed: the oldest idle ones, or else the slowest requests in progress, are closed for new ones']);
  });

  it('when every connection is busy with a request whose body is in, a new one is closed at once (logged once)', async () => {
    const logged: string[] = [];
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = await serve(
      async (req) => {
        const body = await readJsonBody(req);
        await held; // the answer is being made: nothing to shed
        return { status: 200, body };
      },
      '127.0.0.1',
      0,
      (line) => logged.push(line),
      { maxConnections: 3 },
    );
    cleanups.push(() => server.close());
    cleanups.push(() => release());
    for (let i = 0; i < 3; i++) (await open(server.port)).socket.write(`${postHead(2)}{}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let i = 0; i < 3; i++) {
      const extra = await open(server.port);
      extra.socket.write(get);
      await extra.ended;
      expect(extra.received()).toBe('');
    }
    expect(logged).toEqual(['3 connections are open and busy, the most allowed: new connections are closed until some end']);
  });
});

describe('a minimum rate for request bodies', () => {
  it('a body trickled below the rate is answered 408 once its grace has passed, however long the request time', async () => {
    const sandbox = await openSandbox({ limits: { minBodyBytesPerSecond: 1024, bodyGraceMs: 300 } });
    cleanups.push(() => sandbox.close());
    const slow = await open(sandbox.port);
    slow.socket.write(`${postHead(100_000)}{"name":"`);
    const trickle = setInterval(() => slow.socket.write('x'), 50);
    cleanups.push(() => clearInterval(trickle));
    await slow.ended;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(slow.received()).toContain('"code":"request_timeout"');
    expect(slow.received()).toContain('the request body did not arrive at 1024 bytes a second or faster');
  });

  it('a body sent at a steady rate above it is read and answered', async () => {
    const sandbox = await openSandbox({ limits: { minBodyBytesPerSecond: 1024, bodyGraceMs: 100 } });
    cleanups.push(() => sandbox.close());
    const body = JSON.stringify({ name: `Steady ${'y'.repeat(3000)}`.slice(0, 100), quantityAvailable: 1, active: 1, inventoryCategoryId: null }).padEnd(6000, ' ');
    const client = await open(sandbox.port);
    client.socket.write(postHead(Buffer.byteLength(body), 'Connection: close\r\n'));
    for (let sent = 0; sent < body.length; sent += 300) {
      client.socket.write(body.slice(sent, sent + 300));
      await new Promise((resolve) => setTimeout(resolve, 20)); // ~15 KB a second, for ~0.4 s
    }
    await client.ended;
    expect(client.received()).toMatch(/^HTTP\/1\.1 201 /);
  });
});

describe('connections per client address', () => {
  /** A socket from `localAddress` (another loopback address is another client). */
  async function openFrom(port: number, localAddress: string): Promise<{ socket: Socket; received: () => string; ended: Promise<void>; closed: () => boolean }> {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    cleanups.push(() => socket.destroy());
    let text = '';
    let closed = false;
    socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    void ended.then(() => (closed = true));
    socket.on('error', () => {});
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return { socket, received: () => text, ended, closed: () => closed };
  }

  it('one client holding its cap of slow uploads, and trying for every connection: another client is served within 1 s', async () => {
    const logged: string[] = [];
    const limits = { maxConnections: 12, maxConnectionsPerClient: 4 };
    const sandbox = await openSandbox({ limits, log: (line) => logged.push(line) });
    cleanups.push(() => sandbox.close());
    // The greedy client asks for every connection the server has, each a POST whose body never comes.
    const greedy: Array<Awaited<ReturnType<typeof openFrom>>> = [];
    for (let i = 0; i < limits.maxConnections; i++) {
      const client = await openFrom(sandbox.port, '127.0.0.1');
      client.socket.write(`${postHead(100_000)}{"name":"`);
      greedy.push(client);
    }
    await until(() => greedy.filter((c) => c.closed()).length === limits.maxConnections - limits.maxConnectionsPerClient, 'the connections past its cap to be closed');
    expect(greedy.slice(0, limits.maxConnectionsPerClient).every((c) => !c.closed())).toBe(true); // still uploading
    expect(logged).toEqual([`127.0.0.1 has ${limits.maxConnectionsPerClient} connections open, the most one client may: its new connections are closed until some end`]);

    const other = await openFrom(sandbox.port, '127.0.0.2');
    other.socket.write(`GET /v2/status HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${bearer(TOKEN)}\r\nConnection: close\r\n\r\n`);
    const served = await Promise.race([
      other.ended.then(() => other.received()),
      new Promise<string>((resolve) => setTimeout(() => resolve('(no answer within 1 s)'), 1_000)),
    ]);
    expect(served).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('rentals sandbox --public-url --max-connections', () => {
  it('builds Links from --public-url and caps connections at --max-connections', async () => {
    const child = spawn(process.execPath, [BIN, 'sandbox', '--port', '0', '--token', TOKEN, '--public-url', 'https://rentals.example.test/', '--max-connections', '2'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => child.kill('SIGTERM'));
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        const match = /^Sandbox listening on (\S+)$/m.exec(out);
        if (match) resolve(match[1]!);
      });
      child.on('exit', (code) => reject(new Error(`the sandbox exited (${code})`)));
    });
    const port = Number(new URL(url).port);
    // Raw and `Connection: close`, so that no pooled keep-alive connection counts against the cap.
    const once = await open(port);
    once.socket.write(`GET /v2/rentalblocks/1 HTTP/1.1\r\nHost: evil.example\r\nAuthorization: ${bearer(TOKEN)}\r\nConnection: close\r\n\r\n`);
    await once.ended;
    const block = JSON.parse(once.received().split('\r\n\r\n')[1]!) as { data: { Links: { href: string }[] }[] };
    expect(block.data[0]!.Links[0]!.href).toBe('https://rentals.example.test/v2/rentalblocks/1');
    // Two idle keep-alive connections fill the cap; a third takes the place of the oldest.
    const held = [];
    for (let i = 0; i < 2; i++) {
      const client = await open(port);
      client.socket.write(`GET /v2/status HTTP/1.1\r\nHost: x\r\nAuthorization: ${bearer(TOKEN)}\r\n\r\n`);
      await until(() => client.received().includes('"data"'), 'an answer');
      held.push(client);
    }
    const extra = await open(port);
    extra.socket.write(`GET /v2/status HTTP/1.1\r\nHost: x\r\nAuthorization: ${bearer(TOKEN)}\r\nConnection: close\r\n\r\n`);
    await extra.ended;
    expect(extra.received()).toMatch(/^HTTP\/1\.1 200 /);
    await held[0]!.ended;
  });

  it.each([
    [['--public-url', 'evil.example'], '--public-url must be an http(s) URL such as http://127.0.0.1:4010, without a user name or password (got "evil.example")'],
    [['--max-connections', '0'], '--max-connections must be a whole number > 0'],
    [['--max-connections-per-client', 'many'], '--max-connections-per-client must be a whole number > 0'],
  ])('refuses %j with exit 2', async (args, message) => {
    const run = await runRentals(['sandbox', '--port', '0', ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});
