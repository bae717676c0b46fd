// Shell completion as a shell runs it: bash sources the script `rentals completion bash` prints,
// fills COMP_WORDS and COMP_CWORD as it does on TAB, calls the completion function and prints
// COMPREPLY; the function runs the built bin/rentals.js (`rentals __complete`) from PATH.

import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { BIN, cliEnv, freshConfigDir, runRentals } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
let shimDir: string;
let configDir: string;
/** The script of `rentals completion bash`, printed once (it is the same for every test). */
let bashScript: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: 'completion-token-0123456789', seed: true });
  shimDir = mkdtempSync(join(tmpdir(), 'rentals-completion-'));
  const shim = join(shimDir, 'rentals');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(shim, 0o755);
  configDir = freshConfigDir();
  const printed = await runRentals(['completion', 'bash'], { env: { RENTALS_CONFIG_DIR: configDir, HOME: configDir } });
  expect(printed.code, printed.stderr).toBe(0);
  bashScript = join(shimDir, 'rentals.bash');
  writeFileSync(bashScript, printed.stdout);
});

afterAll(async () => {
  await sandbox.close();
  rmSync(shimDir, { recursive: true, force: true });
  rmSync(configDir, { recursive: true, force: true });
});

/** What bash offers after `rentals <words…>` with the cursor on the last word. */
// Asynchronous on purpose: the sandbox runs in this process and must answer while bash waits.
async function bashComplete(words: string[], env: Record<string, string> = cliEnv(sandbox, configDir)): Promise<string[]> {
  const quoted = ['rentals', ...words].map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
  const script = `source '${bashScript}'\nCOMP_WORDS=(${quoted})\nCOMP_CWORD=${words.length}\n_rentals_complete\nprintf '%s\\n' "\${COMPREPLY[@]}"`;
  return runShell('bash', ['--norc', '--noprofile', '-c', script], env);
}

/** Runs a shell with rentals on PATH; expects exit 0 and returns its non-empty stdout lines. */
async function runShell(shell: string, args: string[], env: Record<string, string>): Promise<string[]> {
  const child = spawn(shell, args, {
    env: { PATH: `${shimDir}:${process.env.PATH}`, LANG: 'C.UTF-8', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 20_000,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code, stderr).toBe(0);
  return stdout.split('\n').filter(Boolean);
}

describe('rentals completion bash', () => {
  it('completes groups, verbs and flags from the command tree', async () => {
    expect(await bashComplete(['inv'])).toEqual(['inventory']);
    expect(await bashComplete(['events', ''])).toEqual(expect.arrayContaining(['list', 'get', 'add', 'update', 'delete', 'open']));
    expect(await bashComplete(['inventory', 'add', '--quan'])).toEqual(['--quantity-available']);
    expect(await bashComplete(['completion', ''])).toEqual(['bash', 'zsh', 'fish']);
  });

  it('completes option values: formats, and --flag=value as bash splits it', async () => {
    expect(await bashComplete(['events', 'list', '-o', 'n'])).toEqual(['ndjson']);
    expect(await bashComplete(['events', 'list', '--output', '=', 'c'])).toEqual(['csv']);
  });

  it('completes names of records, escaped for the shell, from the cache once fetched', async () => {
    const names = await bashComplete(['prices', 'list', '--inventory-id', '20x']);
    expect(names).toEqual(expect.arrayContaining(['20x20\\ Frame\\ Tent', '20x40\\ Frame\\ Tent']));
    expect(await bashComplete(['events', 'add', '--status', 'Conf'])).toEqual(['Confirmed']);
  });

  it('completes a name typed with an open quote or with backslashes, answering in the same quoting', async () => {
    expect(await bashComplete(['events', 'book', '1', '--item', '"LED U'])).toEqual(['LED Uplight']);
    expect(await bashComplete(['events', 'book', '1', '--item', "'Gold C"])).toEqual(['Gold Chiavari Chair']);
    expect((await bashComplete(['events', 'book', '1', '--item', 'Stage\\ S'])).sort()).toEqual(['Stage\\ Skirting\\,\\ 8ft', 'Stage\\ Stairs']);
  });

  it('answers from the cache while it is fresh, even with the server gone', async () => {
    const other = await startSandbox({ port: 0, token: 'completion-token-other-0123456789', seed: true });
    const dir = freshConfigDir();
    try {
      const env = cliEnv(other, dir);
      expect(await bashComplete(['events', 'add', '--status', 'Quo'], env)).toEqual(['Quoted']);
      await other.close();
      expect(await bashComplete(['events', 'add', '--status', 'Conf'], env)).toEqual(['Confirmed']);
      expect(await bashComplete(['prices', 'list', '--item', ''], env)).toEqual([]);
    } finally {
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('offers nothing (and hangs on nothing) when no server is configured', async () => {
    const dir = freshConfigDir();
    try {
      expect(await bashComplete(['prices', 'list', '--item', ''], { RENTALS_CONFIG_DIR: dir, HOME: dir })).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('hides __complete and refuses an unknown shell with exit 2', async () => {
    expect(await bashComplete(['__'])).toEqual([]);
    const result = await runRentals(['completion', 'tcsh'], { env: { RENTALS_CONFIG_DIR: configDir } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown shell "tcsh" (use bash, zsh, fish)');
  });
});

/** `runShell` in zsh or fish; undefined when that shell is not installed. */
async function inShell(shell: 'zsh' | 'fish', args: string[]): Promise<string[] | undefined> {
  if (spawnSync(shell, ['-c', 'exit 0'], { stdio: 'ignore' }).status !== 0) return undefined;
  return runShell(shell, args, cliEnv(sandbox, configDir));
}

describe('rentals completion in fish and zsh', () => {
  it('fish: `complete -C` offers verbs and names, an open quote included', async (ctx) => {
    const script = 'rentals completion fish | source; complete -C "rentals events li"; complete -C "rentals prices list --item \\"20x20 F"';
    const lines = await inShell('fish', ['--no-config', '-c', script]);
    if (lines === undefined) return ctx.skip();
    expect(lines).toEqual(['list\tList events (filters: range, search, status, cancelled, sort, limit)', '20x20 Frame Tent']);
  });

  it('zsh: _rentals passes the words unquoted (compsys stubbed: _describe prints what it is given)', async (ctx) => {
    const script = [
      'compdef() {}',
      '_describe() { local name=$4; print -rl -- "${(@P)name}" }',
      'eval "$(rentals completion zsh)"',
      'words=(rentals events li); CURRENT=3; _rentals',
      'words=(rentals prices list --item \'"20x20 F\'); CURRENT=5; _rentals',
      'words=(rentals prices list --item \'20x40\\ F\'); CURRENT=5; _rentals',
    ].join('\n');
    const lines = await inShell('zsh', ['-f', '-c', script]);
    if (lines === undefined) return ctx.skip();
    expect(lines).toEqual(['list:List events (filters: range, search, status, cancelled, sort, limit)', '20x20 Frame Tent', '20x40 Frame Tent']);
  });
});

describe('rentals completion zsh and fish', () => {
  it('prints scripts that call __complete', async () => {
    for (const shell of ['zsh', 'fish']) {
      const result = await runRentals(['completion', shell], { env: { RENTALS_CONFIG_DIR: configDir } });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`rentals __complete --shell ${shell}`);
    }
    const zsh = await runRentals(['__complete', '--shell', 'zsh', '--', 'categories', 'li'], { env: { RENTALS_CONFIG_DIR: configDir } });
    expect(zsh.stdout.trim()).toBe('list:List inventory categories');
    const fish = await runRentals(['__complete', '--shell', 'fish', '--', 'categories', 'li'], { env: { RENTALS_CONFIG_DIR: configDir } });
    expect(fish.stdout.trim()).toBe('list\tList inventory categories');
  });
});
