// The `rentals sandbox` command: what it prints, the token it picks, signals, listen errors.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/sandbox-command.mjs', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../../dist/sandbox.js', import.meta.url));

beforeAll(() => {
  if (!existsSync(BUNDLE)) throw new Error('dist/sandbox.js is missing: run `node scripts/build.mjs` first');
});

interface Run {
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code. */
  exit: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
  /** Resolves once stdout has a line matching. */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
}

function runCommand(options: Record<string, unknown>, env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, [FIXTURE, JSON.stringify(options)], {
    env: { ...process.env, RENTALS_SANDBOX_TOKEN: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    stdout: () => out,
    stderr: () => err,
    exit,
    kill: (signal) => child.kill(signal),
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${pattern} in: ${out}${err}`)), 10_000);
        const check = () => {
          const match = pattern.exec(out);
          if (!match) return;
          clearTimeout(timer);
          resolve(match);
        };
        child.stdout.on('data', check);
        void exit.then(() => {
          check();
          reject(new Error(`exited before printing ${pattern}: ${out}${err}`));
        });
        check();
      }),
  };
}

describe('rentals sandbox', () => {
  it('prints where it listens and what to export, serves, and exits 0 on SIGTERM', async () => {
    const run = runCommand({ token: 'flag-token', clientId: 'cid', clientSecret: 'csecret' });
    const [, url] = await run.waitFor(/^Sandbox listening on (http:\/\/127\.0\.0\.1:\d+)$/m);
    await run.waitFor(/Press Ctrl-C to stop/);
    expect(run.stdout()).toContain(`  export RENTALS_BASE_URL=${url}\n  export RENTALS_TOKEN=flag-token\n`);
    expect(run.stdout()).toContain(`printf %s 'csecret' | rentals auth login --base-url ${url} --client-id cid --with-secret`);
    expect((await call(url!, 'GET', '/v1/rentalblocks', { token: 'flag-token' })).status).toBe(200);
    run.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });

  it('takes the token from RENTALS_SANDBOX_TOKEN, and stops on SIGINT', async () => {
    const run = runCommand({}, { RENTALS_SANDBOX_TOKEN: 'env-token' });
    await run.waitFor(/export RENTALS_TOKEN=env-token$/m);
    run.kill('SIGINT');
    expect(await run.exit).toBe(0);
  });

  it('generates a token when none is given', async () => {
    const run = runCommand({});
    const [, url] = await run.waitFor(/^Sandbox listening on (\S+)$/m);
    const [, token] = await run.waitFor(/^ {2}export RENTALS_TOKEN=(\S+)$/m);
    expect(token!.length).toBeGreaterThanOrEqual(16);
    expect((await call(url!, 'GET', '/v2/status', { token })).status).toBe(200);
    run.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });

  it('says so in one line and exits 1 when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const run = runCommand({ port });
      expect(await run.exit).toBe(1);
      expect(run.stderr()).toBe(
        `rentals sandbox: cannot listen on 127.0.0.1:${port}: the port is already in use (pick another with --port, or --port 0 for a free one)\n`,
      );
      expect(run.stdout()).toBe('');
    } finally {
      blocker.close();
    }
  });

  it('exits 1 with the reason when the data file cannot be used', async () => {
    const run = runCommand({ data: '/nonexistent-dir/for/sure/data.json' });
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toBe(
      'rentals sandbox: cannot create the data file /nonexistent-dir/for/sure/data.json: its directory does not exist\n',
    );
  });
});
