// Ctrl-C while a command writes, in process: the signal is a handler the run registers (the fake
// context keeps it), sent while a write is held at a proxy in front of the sandbox. What was
// written is recorded and named; what takes back a write of the run (a read-back that finds
// another record of the name) is sent all the same; once the use case is done, Ctrl-C is no
// longer the run's (a pager, or printing, ends at once).

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../helpers/fault-proxy.js';
import { type FakeContext, fakeContext, runCli } from '../helpers/fake-context.js';
import { openSandbox } from '../sandbox/helpers.js';
import { data } from './server-state.js';
import { cliEnv, freshConfigDir } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof openSandbox>>;
let sandbox: Sandbox;
const proxies: FaultProxy[] = [];

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
});
afterAll(async () => {
  for (const proxy of proxies) await proxy.close();
  await sandbox?.close();
});

/** A run through a proxy whose Ctrl-C handlers are kept: `interrupt()` calls them as the signal would. */
async function interruptible(options: { tty?: boolean } = {}) {
  const proxy = await startFaultProxy({ target: sandbox.url });
  proxies.push(proxy);
  const configDir = freshConfigDir();
  const fake: FakeContext = fakeContext({ env: cliEnv({ url: proxy.url, token: sandbox.token }, configDir), tty: options.tty ?? false });
  const handlers = new Set<() => void>();
  const exits: number[] = [];
  fake.ctx.onInterrupt = (handler) => {
    handlers.add(handler);
    return () => handlers.delete(handler);
  };
  fake.ctx.exit = ((code: number) => {
    exits.push(code);
    throw new Error(`exit ${code}`);
  }) as never;
  return { proxy, fake, handlers, exits, interrupt: () => [...handlers].forEach((handler) => handler()) };
}

const items = async () => (await data(sandbox.call, 'GET', '/v2/inventory')).map((r) => String(r.name));

describe('Ctrl-C during a write, in process', () => {
  test('during the last (only) write: it is answered and recorded, printed, and the run ends 130 naming the entry', async () => {
    const run = await interruptible();
    const held = run.proxy.gate((r) => r.method === 'POST' && /\/inventory$/.test(r.path), 0);
    const result = runCli(['inventory', 'add', '--name', 'Interrupted lamp', '--quantity-available', '2'], run.fake);
    await held;
    run.interrupt();
    run.proxy.open();
    const { code, stdout, stderr } = await result;
    expect(code).toBe(130);
    expect(stdout).toContain('Interrupted lamp');
    expect(stderr).toMatch(/error: interrupted \(Ctrl-C\) during the last write, which was answered: entry ([0-9a-f]{8}) records what was written: rentals undo \1 takes it back\n$/);
    expect((await items()).filter((name) => name === 'Interrupted lamp')).toHaveLength(1);
    expect(run.handlers.size).toBe(0);
  });

  test('a read-back that finds another record of the name takes this one back although Ctrl-C came: one record of the name stays', async () => {
    const run = await interruptible();
    const held = run.proxy.gate((r) => r.method === 'POST' && /\/inventory$/.test(r.path), 0);
    const result = runCli(['inventory', 'add', '--name', 'Raced tent', '--quantity-available', '2'], run.fake);
    await held;
    // Another tool adds the name meanwhile; then Ctrl-C; then the held create lands after it.
    await data(sandbox.call, 'POST', '/v2/inventory', { name: 'Raced tent', quantityAvailable: 1, active: 1 });
    run.interrupt();
    run.proxy.open();
    const { code, stderr } = await result;
    expect(code).toBe(1);
    expect(stderr).toContain('was taken back: a name names one inventory item');
    expect((await items()).filter((name) => name === 'Raced tent')).toHaveLength(1);
  });

  test('once the use case is done, Ctrl-C is not the run\'s: nothing listens while the result is paged', async () => {
    const run = await interruptible({ tty: true });
    let listening = -1;
    run.fake.ctx.startPager = async () => {
      listening = run.handlers.size;
      const { PassThrough } = await import('node:stream');
      const input = new PassThrough();
      input.resume();
      return { input, closed: new Promise<void>((resolve) => input.on('end', resolve)) } as never;
    };
    const { code } = await runCli(['inventory', 'add', '--name', 'Paged lamp', '--quantity-available', '2'], run.fake);
    expect(code).toBe(0);
    expect(listening).toBe(0);
  });
});
