// The `rentals sandbox` command: what it prints, the token it picks, signals, listen errors.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runRentals } from '../e2e/harness.js';
import { call, tempDir } from './helpers.js';

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

/** A port nothing listens on now (taken and given back): --print-env warns when another program has its port. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
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
    expect(run.stdout()).toContain(`\n  export RENTALS_BASE_URL=${url} RENTALS_TOKEN=flag-token\n`);
    expect(run.stdout().match(/export /g)).toHaveLength(1);
    expect(run.stdout()).toContain(`printf %s 'csecret' | rentals auth login --base-url ${url} --client-id cid --with-secret`);
    expect((await call(url!, 'GET', '/v1/rentalblocks', { token: 'flag-token' })).status).toBe(200);
    run.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });

  it('takes the token from RENTALS_SANDBOX_TOKEN, and stops on SIGINT', async () => {
    const run = runCommand({}, { RENTALS_SANDBOX_TOKEN: 'env-token' });
    await run.waitFor(/ RENTALS_TOKEN=env-token$/m);
    run.kill('SIGINT');
    expect(await run.exit).toBe(0);
  });

  it('generates a token when none is given', async () => {
    const run = runCommand({});
    const [, url] = await run.waitFor(/^Sandbox listening on (\S+)$/m);
    const [, token] = await run.waitFor(/^ {2}export RENTALS_BASE_URL=\S+ RENTALS_TOKEN=(\S+)$/m);
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

  it('--print-env warns when another program has the port: that program would refuse the token, and every command say 401', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    const { dir, cleanup } = await tempDir();
    try {
      const env = { RENTALS_CONFIG_DIR: dir, HOME: dir };
      const printed = await runRentals(['sandbox', '--data-file', join(dir, 'd.json'), '--port', String(port), '--print-env'], { env });
      expect(printed.code).toBe(0);
      expect(printed.stdout).toMatch(new RegExp(`^export RENTALS_BASE_URL=http://127\\.0\\.0\\.1:${port} RENTALS_TOKEN=\\S+\n$`));
      expect(printed.stderr).toBe(`warning: another program listens on http://127.0.0.1:${port}, not a sandbox of this data file: it will refuse this token. Stop it, or start this sandbox with another --port and print the line with the same --port.\n`);
      blocker.close();
      await new Promise((resolve) => blocker.once('close', resolve));
      // Nothing on the port: the same line, and a note that a command run now would find no server.
      const free = await runRentals(['sandbox', '--data-file', join(dir, 'd.json'), '--port', String(port), '--print-env'], { env });
      expect([free.code, free.stdout, free.stderr]).toEqual([0, printed.stdout, `note: no sandbox is running on http://127.0.0.1:${port} yet; start it (rentals sandbox --seed --keep) before running commands\n`]);
    } finally {
      blocker.close();
      await cleanup();
    }
  });

  it('exits 1 with the reason when the data file cannot be used', async () => {
    const run = runCommand({ data: '/nonexistent-dir/for/sure/data.json' });
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toBe(
      'rentals sandbox: cannot create the data file /nonexistent-dir/for/sure/data.json: its directory does not exist\n',
    );
  });

  it('with --data-file keeps its token and client credentials across restarts, stored 0600 next to the data', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const data = join(dir, 'rentals.json');
      const tokens: string[] = [];
      const secrets: string[] = [];
      for (let start = 0; start < 2; start++) {
        const run = runCommand({ data });
        const [, url, token] = await run.waitFor(/^ {2}export RENTALS_BASE_URL=(\S+) RENTALS_TOKEN=(\S+)$/m);
        const [, secret] = await run.waitFor(/printf %s '([^']+)'/);
        expect((await call(url!, 'GET', '/v2/status', { token })).status).toBe(200);
        tokens.push(token!);
        secrets.push(secret!);
        run.kill('SIGTERM');
        expect(await run.exit).toBe(0);
      }
      expect(tokens[1]).toBe(tokens[0]);
      expect(secrets[1]).toBe(secrets[0]);
      expect((await stat(`${data}.credentials`)).mode & 0o777).toBe(0o600);
    } finally {
      await cleanup();
    }
  });

  it('--print-env prints the one export line of the stored token, serves nothing, and the sandbox then uses that token', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const data = join(dir, 'rentals.json');
      const env = { RENTALS_CONFIG_DIR: dir, HOME: dir };
      const port = String(await freePort());
      const printed = await runRentals(['sandbox', '--data-file', data, '--port', port, '--print-env'], { env });
      expect(printed.stderr).toBe(`note: no sandbox is running on http://127.0.0.1:${port} yet; start it (rentals sandbox --seed --keep) before running commands\n`);
      expect(printed.code).toBe(0);
      const match = new RegExp(`^export RENTALS_BASE_URL=http://127\\.0\\.0\\.1:${port} RENTALS_TOKEN=(\\S+)\n$`).exec(printed.stdout);
      expect(match, printed.stdout).not.toBeNull();
      const again = await runRentals(['sandbox', '--data-file', data, '--port', port, '--print-env'], { env });
      expect(again.stdout).toBe(printed.stdout);
      const run = runCommand({ data });
      const [, url] = await run.waitFor(/^Sandbox listening on (\S+)$/m);
      expect((await call(url!, 'GET', '/v2/status', { token: match![1]! })).status).toBe(200);
      // While it runs, --print-env names its port (the lock file records it), whatever --port says.
      const running = await runRentals(['sandbox', '--data-file', data, '--print-env'], { env });
      expect(running.stdout).toBe(`export RENTALS_BASE_URL=${url} RENTALS_TOKEN=${match![1]}\n`);
      run.kill('SIGTERM');
      expect(await run.exit).toBe(0);
    } finally {
      await cleanup();
    }
  });

  it('--print-env warns when the sandbox running on the data file was started with its own --token: the kept token it prints would be refused', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const data = join(dir, 'rentals.json');
      const env = { RENTALS_CONFIG_DIR: dir, HOME: dir };
      const run = runCommand({ data, token: 'given-token-0123456789' });
      const [, url] = await run.waitFor(/^Sandbox listening on (\S+)$/m);
      const kept = await runRentals(['sandbox', '--data-file', data, '--print-env'], { env });
      expect(kept.code).toBe(0);
      expect(kept.stdout).toMatch(new RegExp(`^export RENTALS_BASE_URL=${url} RENTALS_TOKEN=\\S+\n$`));
      expect(kept.stdout).not.toContain('given-token-0123456789');
      expect(kept.stderr).toBe(`warning: the sandbox running on this data file (${url}) refuses this token: it was started with another one (--token or RENTALS_SANDBOX_TOKEN). Print the line with that same --token, or restart the sandbox without one to use the token kept with the data file.\n`);
      const same = await runRentals(['sandbox', '--data-file', data, '--print-env', '--token', 'given-token-0123456789'], { env });
      expect([same.code, same.stdout, same.stderr]).toEqual([0, `export RENTALS_BASE_URL=${url} RENTALS_TOKEN=given-token-0123456789\n`, '']);
      // A token printed from the environment or a flag is not the sandbox's: that is what to change.
      const fromEnv = await runRentals(['sandbox', '--data-file', data, '--print-env'], { env: { ...env, RENTALS_SANDBOX_TOKEN: 'other-token-0123456789' } });
      expect(fromEnv.stderr).toBe(`warning: the sandbox running on this data file (${url}) refuses the token from RENTALS_SANDBOX_TOKEN: it was started with another one. Print the line with the token it was started with, or unset RENTALS_SANDBOX_TOKEN if it was started with the token kept with the data file.\n`);
      const fromFlag = await runRentals(['sandbox', '--data-file', data, '--print-env', '--token', 'other-token-0123456789'], { env });
      expect(fromFlag.stderr).toBe(`warning: the sandbox running on this data file (${url}) refuses the token given with --token: it was started with another one. Print the line with the token it was started with, or without --token if it was started with the token kept with the data file.\n`);
      run.kill('SIGTERM');
      expect(await run.exit).toBe(0);
    } finally {
      await cleanup();
    }
  });

  it('--keep keeps the data and its token in the XDG data directory (else ~/.local/share/rentals), never in the working directory', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const before = new Set(await (await import('node:fs/promises')).readdir(process.cwd()));
      const xdg = { RENTALS_CONFIG_DIR: dir, HOME: dir, XDG_DATA_HOME: join(dir, 'xdg') };
      const port = String(await freePort());
      const printed = await runRentals(['sandbox', '--keep', '--port', port, '--print-env'], { env: xdg });
      expect([printed.code, printed.stderr]).toEqual([0, `note: no sandbox is running on http://127.0.0.1:${port} yet; start it (rentals sandbox --seed --keep) before running commands\n`]);
      expect(printed.stdout).toMatch(new RegExp(`^export RENTALS_BASE_URL=http://127\\.0\\.0\\.1:${port} RENTALS_TOKEN=\\S+\n$`));
      expect(existsSync(join(dir, 'xdg', 'rentals', 'sandbox.json.credentials'))).toBe(true);
      const again = await runRentals(['sandbox', '--keep', '--port', port, '--print-env'], { env: xdg });
      expect(again.stdout).toBe(printed.stdout);
      const home = await runRentals(['sandbox', '--keep', '--port', port, '--print-env'], { env: { RENTALS_CONFIG_DIR: dir, HOME: dir } });
      expect(home.code).toBe(0);
      expect(existsSync(join(dir, '.local', 'share', 'rentals', 'sandbox.json.credentials'))).toBe(true);
      expect(new Set(await (await import('node:fs/promises')).readdir(process.cwd()))).toEqual(before);
      const both = await runRentals(['sandbox', '--keep', '--data-file', join(dir, 'd.json'), '--print-env'], { env: xdg });
      expect([both.code, both.stderr]).toEqual([2, 'error: --keep keeps the data in the data directory; --data-file names another file: give one\n']);
    } finally {
      await cleanup();
    }
  });

  it('--keep takes a relative XDG_DATA_HOME for unset, as the XDG spec says: nothing lands in the working directory', async () => {
    const { dir, cleanup } = await tempDir();
    const relative = `xdg-relative-${process.pid}`;
    try {
      const port = String(await freePort());
      const printed = await runRentals(['sandbox', '--keep', '--port', port, '--print-env'], { env: { RENTALS_CONFIG_DIR: dir, HOME: dir, XDG_DATA_HOME: relative } });
      expect(printed.code).toBe(0);
      expect(existsSync(join(process.cwd(), relative))).toBe(false);
      expect(existsSync(join(dir, '.local', 'share', 'rentals', 'sandbox.json.credentials'))).toBe(true);
    } finally {
      await (await import('node:fs/promises')).rm(join(process.cwd(), relative), { recursive: true, force: true });
      await cleanup();
    }
  });

  it('--print-env refuses what cannot make a usable line (exit 2): --port 0, or no --data-file and no token', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const env = { RENTALS_CONFIG_DIR: dir, HOME: dir };
      const anyPort = await runRentals(['sandbox', '--data-file', join(dir, 'd.json'), '--port', '0', '--print-env'], { env });
      expect([anyPort.code, anyPort.stdout, anyPort.stderr]).toEqual([2, '', 'error: --print-env: no sandbox is running on this data file, and --port 0 names no port; give a fixed --port\n']);
      const noData = await runRentals(['sandbox', '--port', '0', '--token', 't', '--print-env'], { env });
      expect([noData.code, noData.stdout, noData.stderr]).toEqual([2, '', 'error: --print-env needs a fixed --port (not 0) or --data-file: the line names the port\n']);
      const nowhere = await runRentals(['sandbox', '--print-env'], { env });
      expect([nowhere.code, nowhere.stdout]).toEqual([2, '']);
      const given = await runRentals(['sandbox', '--print-env', '--token', "it's"], { env });
      expect(given.stdout).toBe(`export RENTALS_BASE_URL=http://127.0.0.1:4010 RENTALS_TOKEN='it'\\''s'\n`);
    } finally {
      await cleanup();
    }
  });

  it('names its data file --data-file; --data still works and says it is deprecated (in `rentals api` it is the body)', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const env = { RENTALS_CONFIG_DIR: dir, HOME: dir };
      const file = join(dir, 'd.json');
      const named = await runRentals(['sandbox', '--data-file', file, '--print-env'], { env });
      expect(named.code).toBe(0);
      expect(named.stderr).not.toContain('deprecated'); // (a sandbox the developer runs on 4010 may add a warning)
      expect(named.stdout).toMatch(/^export RENTALS_BASE_URL=http:\/\/127\.0\.0\.1:4010 RENTALS_TOKEN=\S+\n$/);
      const old = await runRentals(['sandbox', '--data', file, '--print-env'], { env });
      expect([old.code, old.stdout]).toEqual([0, named.stdout]);
      expect(old.stderr).toContain('warning: --data is deprecated for the sandbox (in `rentals api` it is the request body): use --data-file\n');
      const help = await runRentals(['sandbox', '--help'], { env });
      expect(help.stdout).toMatch(/--data-file <file>\s+persist state in this file/);
      expect(help.stdout).toMatch(/--data <file>\s+deprecated alias of --data-file/);
    } finally {
      await cleanup();
    }
  });

  it('refuses damaged data (exit 1, one message naming file and line); --repair serves what is valid and says what it set aside', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const data = join(dir, 'rentals.json');
      const first = runCommand({ data, token: 't' });
      const [, url] = await first.waitFor(/^Sandbox listening on (\S+)$/m);
      for (const name of ['a', 'b']) await call(url!, 'POST', '/v1/inventory', { token: 't', body: { name, quantityAvailable: 1, active: 1 } });
      first.kill('SIGTERM');
      expect(await first.exit).toBe(0);
      const text = await readFile(`${data}.journal`, 'utf8');
      await writeFile(`${data}.journal`, text.replace('"name":"b"', '"name":"B"'));

      const refused = runCommand({ data, token: 't' });
      expect(await refused.exit).toBe(1);
      expect(refused.stderr()).toBe(
        `rentals sandbox: the journal ${data}.journal is corrupt at line 2 (a line that fails its checksum); the files are left as they are; \`rentals sandbox --data-file <file> --repair\` keeps what is valid and sets the damaged files aside\n`,
      );

      const repaired = runCommand({ data, token: 't', repair: true });
      const [, url2] = await repaired.waitFor(/^Sandbox listening on (\S+)$/m);
      expect((await call(url2!, 'GET', '/v1/inventory', { token: 't' })).json.data.map((r) => r.name)).toEqual(['a']);
      expect(repaired.stderr()).toMatch(/--repair: the damaged files, as they were, are kept in .*rentals\.json\.journal\.damaged-\d{8}T\d{6}Z\n/);
      repaired.kill('SIGTERM');
      expect(await repaired.exit).toBe(0);
      const usage = await runRentals(['sandbox', '--repair'], { env: { RENTALS_CONFIG_DIR: dir, HOME: dir } });
      expect([usage.code, usage.stderr]).toEqual([2, 'error: --repair needs --keep or --data-file <file>\n']);
    } finally {
      await cleanup();
    }
  });
});
