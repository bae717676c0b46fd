// The files rentals keeps (a snapshot's --out, the config file) go through one writer: a link to
// them stays a link, a directory that cannot be written still gets its file (in place, private),
// and Ctrl-C in the middle leaves nothing beside the file.

import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { runProgram } from '../helpers/programs.js';
import { BIN, type RunResult, cliEnv, cliFor, freshConfigDir, startBin } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
let rentals: ReturnType<typeof cliFor>;
const dir = fileTempDir('rentals-kept-files-');
const mode = (path: string): number => statSync(path).mode & 0o777;
const temporaries = (where: string): string[] => readdirSync(where).filter((name) => name.endsWith('.tmp') || name.endsWith('.partial'));

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: 'kept-files-token-0123456789', seed: true });
  rentals = cliFor(sandbox);
});

afterAll(() => sandbox.close());

describe('snapshot --out', () => {
  test('through a symbolic link: the link stays, the file it names is replaced (0600)', async () => {
    const target = join(dir, 'real-snapshot.json');
    writeFileSync(target, 'an older snapshot\n', { mode: 0o644 });
    const link = join(dir, 'latest.json');
    symlinkSync(target, link);
    const result = await rentals(['snapshot', '--out', link, '--force']);
    expect(result.code, result.stderr).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(JSON.parse(readFileSync(target, 'utf8'))).toMatchObject({ kind: 'rentals-snapshot' });
    expect(mode(target)).toBe(0o600);
    expect(temporaries(dir)).toEqual([]);
  });

  test('Ctrl-C while it is written leaves neither the file nor anything beside it', { timeout: 30_000 }, async () => {
    const where = join(dir, 'interrupted');
    mkdirSync(where);
    const out = join(where, 'snap.json');
    const proxy = await startFaultProxy({ target: sandbox.url });
    try {
      const held = proxy.gate((r) => r.method === 'GET', 3);
      const run = startBin(['snapshot', '--out', out], { env: { ...cliEnv(sandbox), RENTALS_BASE_URL: proxy.url }, timeoutMs: 25_000 });
      await held;
      expect(temporaries(where)).toHaveLength(1); // the snapshot being written, beside its target
      run.child.kill('SIGINT');
      const ended = await run.done;
      expect(ended.code).toBe(null); // ended by the signal, as it would have been without a file to remove
      expect(readdirSync(where)).toEqual([]);
    } finally {
      proxy.open();
      await proxy.close();
    }
  });
});

describe('a command\'s --out', () => {
  test('through a symbolic link: the link stays, the file it names is replaced, private (0600)', async () => {
    const target = join(dir, 'items-real.csv');
    writeFileSync(target, 'an older list\n', { mode: 0o640 });
    chmodSync(target, 0o640);
    const link = join(dir, 'items.csv');
    symlinkSync(target, link);
    const result = await rentals(['inventory', 'list', '--out', link]);
    expect(result.code, result.stderr).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toMatch(/^id,name,/);
    expect(mode(target)).toBe(0o600);
    expect(temporaries(dir)).toEqual([]);
  });
});

describe('--out /dev/stdout in a shell script', () => {
  test.runIf(process.platform === 'linux')('appended to the log the shell opened (>>), never replacing it; through a pipe, the rows', { timeout: 30_000 }, async () => {
    const log = join(dir, 'cron.log');
    writeFileSync(log, 'earlier run\n');
    const script = `set -euo pipefail
"$NODE" "$BIN" inventory list -o tsv --fields id,name --out /dev/stdout >> "$LOG"
"$NODE" "$BIN" inventory list -o tsv --fields id,name --out /dev/stdout | head -2`;
    const result = await runProgram('bash', ['-c', script], { env: { ...process.env, ...cliEnv(sandbox), NODE: process.execPath, BIN, LOG: log }, timeoutMs: 25_000 });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe('1\t20x20 Frame Tent\n2\t20x40 Frame Tent\n');
    const lines = readFileSync(log, 'utf8').split('\n');
    expect(lines.slice(0, 3)).toEqual(['earlier run', '1\t20x20 Frame Tent', '2\t20x40 Frame Tent']);
    expect(temporaries(dir)).toEqual([]);
  });

  const shell = (script: string, env: Record<string, string> = {}) =>
    runProgram('bash', ['-c', script], { env: { ...process.env, ...cliEnv(sandbox), NODE: process.execPath, BIN, ...env }, timeoutMs: 25_000 });

  test.runIf(process.platform === 'linux')('a report the shell opened (>): the rows between what the script writes before and after, at the position the shell shares', { timeout: 30_000 }, async () => {
    const report = join(dir, 'report.txt');
    const result = await shell(`{ echo HEADER; "$NODE" "$BIN" inventory list -o tsv --fields id,name --out /dev/stdout; echo FOOTER; } > "$REPORT"`, { REPORT: report });
    expect(result.status, result.stderr).toBe(0);
    const lines = readFileSync(report, 'utf8').split('\n');
    expect(lines.slice(0, 3)).toEqual(['HEADER', '1\t20x20 Frame Tent', '2\t20x40 Frame Tent']);
    expect(lines.slice(-3)).toEqual(['20\tStage Skirting, 8ft', 'FOOTER', '']);
  });

  test.runIf(process.platform === 'linux')('a stdout that is a socket (a Node parent\'s stdio: \'pipe\') gets the rows, as without --out', async () => {
    const result = await rentals(['inventory', 'list', '-o', 'tsv', '--fields', 'id,name', '--out', '/dev/stdout']);
    expect(result.code, result.stderr).toBe(0);
    const without = await rentals(['inventory', 'list', '-o', 'tsv', '--fields', 'id,name']);
    expect(result.stdout).toBe(without.stdout);
    expect(result.stdout).toMatch(/^1\t20x20 Frame Tent\n/);
  });

  test.runIf(process.platform === 'linux')('a descriptor it was not given (Node\'s own pipes and event queues, one not open) is refused: exit 2, nothing written anywhere', { timeout: 60_000 }, async () => {
    // Every descriptor above stderr closed first: all of 3 to 20 are Node's own in the command, or not open.
    const result = await shell(`for n in $(seq 3 20); do eval "exec $n>&-"; done
for n in $(seq 3 20); do "$NODE" "$BIN" inventory list -o tsv --fields id,name --out /dev/fd/$n; echo "$n exit $?"; done`);
    expect(result.stdout).toBe(Array.from({ length: 18 }, (_, i) => `${i + 3} exit 2\n`).join(''));
    const refusals = result.stderr.trim().split('\n');
    expect(refusals).toHaveLength(18);
    for (const [i, line] of refusals.entries()) expect(line).toBe(`error: --out: cannot write /dev/fd/${i + 3}: not a descriptor this command was given to write to (its stdout, its stderr, or one the shell opened for writing: ${i + 3}> FILE, ${i + 3}>> FILE)`);
  });

  test.runIf(process.platform === 'linux')('a file the shell opened for reading (3<) is refused and left as it was; one opened for appending (3>>) gets the rows after its lines', { timeout: 30_000 }, async () => {
    const kept = join(dir, 'kept.txt');
    writeFileSync(kept, 'read only\n');
    const log = join(dir, 'fd3.log');
    writeFileSync(log, 'earlier run\n');
    const result = await shell(`"$NODE" "$BIN" inventory list -o tsv --fields id,name --out /dev/fd/3 3< "$KEPT"; echo "exit $?"
"$NODE" "$BIN" inventory list -o tsv --fields id,name --out /proc/self/fd/3 3>> "$LOG"; echo "exit $?"`, { KEPT: kept, LOG: log });
    expect(result.stdout).toBe('exit 2\nexit 0\n');
    expect(result.stderr).toBe('error: --out: cannot write /dev/fd/3: the descriptor is open for reading only; give one opened for writing (3> FILE, 3>> FILE)\n');
    expect(readFileSync(kept, 'utf8')).toBe('read only\n');
    expect(readFileSync(log, 'utf8').split('\n').slice(0, 3)).toEqual(['earlier run', '1\t20x20 Frame Tent', '2\t20x40 Frame Tent']);
    expect(temporaries(dir)).toEqual([]);
  });
});

describe('a directory rentals may not write in', () => {
  // The checks need a user the directory refuses: as root (who may write anywhere), `rentals` runs as nobody.
  const asRoot = process.getuid?.() === 0;
  // Which needs the checkout to be readable by nobody (not under a directory only root may enter, such as a 0700 home).
  const nobodyReachesBin = !asRoot || spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '-e', 'require("fs").accessSync(process.argv[1], 4)', BIN]).status === 0;
  if (!nobodyReachesBin) console.warn(`\n!!! ${BIN} cannot be read by user nobody (a parent directory shuts it out): the test of a directory rentals may not write in (test/e2e/kept-files.e2e.test.ts) is SKIPPED. Clone where others may read, e.g. under /tmp or /work !!!\n`);

  function runAs(args: string[], env: Record<string, string>): Promise<RunResult> {
    const command = asRoot ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, BIN, ...args] : [process.execPath, BIN, ...args];
    return new Promise((resolve, reject) => {
      const child = spawn(command[0]!, command.slice(1), { env: { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  test.runIf(nobodyReachesBin)('a file there that may be written is written in place, made 0600; a new one is refused naming it', async () => {
    const base = fileTempDir('rentals-locked-');
    const locked = join(base, 'locked');
    mkdirSync(locked);
    const kept = join(locked, 'snap.json');
    writeFileSync(kept, 'last week\n', { mode: 0o644 });
    const home = join(base, 'home');
    mkdirSync(home);
    if (asRoot) {
      // nobody passes through the run's temporary directories, owns the file and its home, and may not write in `locked`.
      for (let up = base; up.startsWith(tmpdir()) && up !== '/'; up = join(up, '..')) chmodSync(up, statSync(up).mode | 0o111);
      chownSync(kept, 65534, 65534);
      chownSync(home, 65534, 65534);
      chmodSync(locked, 0o755);
    } else {
      chmodSync(locked, 0o555);
    }
    const env = { ...cliEnv(sandbox, home) };
    const replaced = await runAs(['snapshot', '--out', kept, '--force'], env);
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(JSON.parse(readFileSync(kept, 'utf8'))).toMatchObject({ kind: 'rentals-snapshot' });
    expect(mode(kept)).toBe(0o600);
    const fresh = join(locked, 'new.json');
    const refused = await runAs(['snapshot', '--out', fresh], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`error: --out: cannot write ${fresh}: permission denied`);
    expect(refused.stderr).not.toMatch(/\.tmp|\.partial/);
    expect(existsSync(fresh)).toBe(false);
    chmodSync(locked, 0o755);
  });
});

describe('the config file', () => {
  test('kept in a dotfiles directory through a link not yet pointing at anything: the link stays, the file is made (0600)', async () => {
    const configDir = freshConfigDir();
    const dotfiles = join(configDir, 'dotfiles');
    mkdirSync(dotfiles);
    symlinkSync(join(dotfiles, 'rentals.json'), join(configDir, 'config.json'));
    const result = await cliFor(sandbox, configDir)(['config', 'set', 'output', 'csv']);
    expect(result.code, result.stderr).toBe(0);
    expect(lstatSync(join(configDir, 'config.json')).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(join(dotfiles, 'rentals.json'), 'utf8'))).toMatchObject({ profiles: { default: { output: 'csv' } } });
    expect(mode(join(dotfiles, 'rentals.json'))).toBe(0o600);
    expect(temporaries(configDir)).toEqual([]);
  });
});
