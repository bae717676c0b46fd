// Shell completion as a shell runs it: bash sources the script `rentals completion bash` prints,
// sets COMP_LINE and COMP_POINT as it does on TAB, calls the completion function and prints
// COMPREPLY; the function runs `rentals __complete` from PATH: the built bin/rentals.js for the
// first cases, then a `rentals` that runs it in this process (test/helpers/shell-rentals.ts, no
// Node start per TAB). Then an interactive bash in tmux, where readline puts the answer on the
// line: every name must come back balanced and read by the shell as itself, inside "…", inside
// '…' and unquoted.

import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { type ShellRentals, shellRentals } from '../helpers/shell-rentals.js';
import { TERMINAL_TESTS_REQUIRED, terminalProgram } from '../helpers/terminal-programs.js';
import { TmuxControl } from '../helpers/tmux-control.js';
import { runProgram } from '../helpers/programs.js';
import { BIN, cliEnv, freshConfigDir, runRentals } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
/** A `rentals` that is the built bin. */
let shimDir: string;
/** A `rentals` run in this process. */
let inProcess: ShellRentals;
let configDir: string;
/** The script of `rentals completion bash`, printed once (it is the same for every test). */
let bashScript: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: 'completion-token-0123456789', seed: true });
  shimDir = mkdtempSync(join(tmpdir(), 'rentals-completion-'));
  const shim = join(shimDir, 'rentals');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(shim, 0o755);
  inProcess = await shellRentals(({ args, env, stdin }) => runRentals(args, { env, input: stdin }));
  configDir = freshConfigDir();
  const printed = await runRentals(['completion', 'bash'], { env: { RENTALS_CONFIG_DIR: configDir, HOME: configDir } });
  expect(printed.code, printed.stderr).toBe(0);
  bashScript = join(shimDir, 'rentals.bash');
  writeFileSync(bashScript, printed.stdout);
});

afterAll(async () => {
  await inProcess?.close();
  await sandbox.close();
  rmSync(shimDir, { recursive: true, force: true });
  rmSync(configDir, { recursive: true, force: true });
});

/**
 * What the completion function answers for the line `rentals <typed>` with the cursor at its end,
 * as bash calls it on TAB: COMP_LINE and COMP_POINT set, and $2 the text readline replaces
 * (after an open quote or the last word break; `replaced`, by default the last word).
 */
// Asynchronous on purpose: the sandbox runs in this process and must answer while bash waits.
async function bashComplete(typed: string, replaced = typed.split(' ').at(-1)!, env: Record<string, string> = cliEnv(sandbox, configDir), { bin = false } = {}): Promise<string[]> {
  const line = `rentals ${typed}`;
  const q = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  const script = `source '${bashScript}'\nCOMP_LINE=${q(line)}\nCOMP_POINT=\${#COMP_LINE}\n_rentals_complete rentals ${q(replaced)} ''\nprintf '%s\\n' "\${COMPREPLY[@]}"`;
  return runShell('bash', ['--norc', '--noprofile', '-c', script], env, { bin });
}

/** The environment of a shell whose `rentals` is the built bin (`bin`) or runs in this process. */
function shellEnv(env: Record<string, string>, { bin = false } = {}): Record<string, string> {
  return { PATH: `${bin ? shimDir : inProcess.binDir}:${process.env.PATH}`, LANG: 'C.UTF-8', ...(bin ? {} : inProcess.env), ...env };
}

/** Runs a shell with rentals on PATH; expects exit 0 and returns its non-empty stdout lines. */
async function runShell(shell: string, args: string[], env: Record<string, string>, { bin = false } = {}): Promise<string[]> {
  const { status, stdout, stderr } = await runProgram(shell, args, { env: shellEnv(env, { bin }), timeoutMs: 20_000 });
  expect(status, stderr).toBe(0);
  return stdout.split('\n').filter(Boolean);
}

describe('rentals completion bash', () => {
  it('completes groups, verbs and flags from the command tree (the built bin on PATH)', async () => {
    const bin = { bin: true };
    const env = cliEnv(sandbox, configDir);
    expect(await bashComplete('inv', 'inv', env, bin)).toEqual(['inventory']);
    expect(await bashComplete('events ', '', env, bin)).toEqual(expect.arrayContaining(['list', 'get', 'add', 'update', 'delete', 'open']));
    expect(await bashComplete('inventory add --quan', '--quan', env, bin)).toEqual(['--quantity-available']);
    expect(await bashComplete('completion ', '', env, bin)).toEqual(['bash', 'zsh', 'fish']);
  });

  it('completes option values: formats, and --flag=value (readline replaces what follows the =)', async () => {
    expect(await bashComplete('events list -o n')).toEqual(['ndjson']);
    expect(await bashComplete('events list --output=c', 'c')).toEqual(['csv']);
  });

  it('completes the fixed words a command takes: report kinds, --by groupings, --range names, config keys and values', async () => {
    expect(await bashComplete('report ', '')).toEqual(['utilization', 'revenue']);
    expect(await bashComplete('report revenue --by ', '')).toEqual(['item', 'month', 'status']);
    expect(await bashComplete('agenda --range next-w')).toEqual(['next-weekend', 'next-week']);
    expect(await bashComplete('config set ', '')).toEqual(expect.arrayContaining(['base-url', 'output', 'paper', 'timezone']));
    expect(await bashComplete('config set paper l')).toEqual(['Letter']);
  });

  it('completes names of records, escaped for the shell, from the cache once fetched', async () => {
    const names = await bashComplete('prices list --inventory-id 20x');
    expect(names).toEqual(expect.arrayContaining(['20x20\\ Frame\\ Tent', '20x40\\ Frame\\ Tent']));
    expect(await bashComplete('events add --status Conf')).toEqual(['Confirmed']);
  });

  it('completes a name typed with an open quote or with backslashes, answering in the same quoting', async () => {
    expect(await bashComplete('events book 1 --item "LED U', 'LED U')).toEqual(['LED Uplight']);
    expect(await bashComplete("events book 1 --item 'Gold C", 'Gold C')).toEqual(['Gold Chiavari Chair']);
    expect((await bashComplete('events book 1 --item Stage\\ S', 'Stage\\ S')).sort()).toEqual(['Stage\\ Skirting\\,\\ 8ft', 'Stage\\ Stairs']);
  });

  it('offers a name several events share by their ids, with the name and start in zsh and fish: the command refuses the name', async () => {
    const dir = freshConfigDir();
    try {
      const env = cliEnv(sandbox, dir);
      const ids: number[] = [];
      for (const day of ['2027-05-01', '2027-05-08']) {
        const added = await runRentals(['events', 'add', '--event-name', 'Smith wedding', '--event-status-id', 'Quoted', '--rental-block-id', 'Daily', '--start-date', day, '--end-date', day, '-o', 'json'], { env });
        expect(added.code, added.stderr).toBe(0);
        ids.push(Number(JSON.parse(added.stdout).data[0].id));
      }
      const refused = await runRentals(['events', 'book', 'Smith wedding', '--item', 'LED Uplight=2', '--dry-run'], { env });
      expect(refused.code).toBe(2);
      const offered = await bashComplete('events book Smi', 'Smi', env);
      expect(offered).not.toContain('Smith\\ wedding');
      expect(offered).toEqual([`id:${ids[0]}`, `id:${ids[1]}`]);
      expect((await runRentals(['events', 'book', offered[0]!, '--item', 'LED Uplight=2', '--dry-run'], { env })).code).toBe(0);
      const zsh = await runRentals(['__complete', '--shell', 'zsh', '--', 'events', 'book', 'Smi'], { env });
      expect(zsh.stdout.trim().split('\n')).toEqual([`id\\:${ids[0]}:"Smith wedding", starts 2027-05-01 00:00`, `id\\:${ids[1]}:"Smith wedding", starts 2027-05-08 00:00`]);
      const fish = await runRentals(['__complete', '--shell', 'fish', '--', 'events', 'book', 'Smi'], { env });
      expect(fish.stdout.trim().split('\n')).toEqual([`id:${ids[0]}\t"Smith wedding", starts 2027-05-01 00:00`, `id:${ids[1]}\t"Smith wedding", starts 2027-05-08 00:00`]);
      // zsh's own completion system filters what it is offered by the word typed: the ids must reach the line anyway.
      if (HAVE_ZSH || TERMINAL_TESTS_REQUIRED) {
        const [a, b] = [`id:${ids[0]}`, `id:${ids[1]}`];
        let common = 0;
        while (common < a.length && a[common] === b[common]) common++;
        // TAB inserts what the two ids have in common, as zsh does for any two candidates.
        expect(await zshLineAfterTab('rentals events book Smi', env)).toBe(`rentals events book ${a.slice(0, common)}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers from the cache while it is fresh, even with the server gone', async () => {
    const other = await startSandbox({ port: 0, token: 'completion-token-other-0123456789', seed: true });
    const dir = freshConfigDir();
    try {
      const env = cliEnv(other, dir);
      expect(await bashComplete('events add --status Quo', 'Quo', env)).toEqual(['Quoted']);
      await other.close();
      expect(await bashComplete('events add --status Conf', 'Conf', env)).toEqual(['Confirmed']);
      expect(await bashComplete('prices list --item ', '', env)).toEqual([]);
    } finally {
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('offers nothing (and hangs on nothing) when no server is configured', async () => {
    const dir = freshConfigDir();
    try {
      expect(await bashComplete('prices list --item ', '', { RENTALS_CONFIG_DIR: dir, HOME: dir })).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('hides __complete and refuses an unknown shell with exit 2', async () => {
    expect(await bashComplete('__')).toEqual([]);
    const result = await runRentals(['completion', 'tcsh'], { env: { RENTALS_CONFIG_DIR: configDir } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown shell "tcsh" (use bash, zsh, fish)');
  });
});

const HAVE_FISH = terminalProgram('fish', 'the fish completion tests (test/e2e/completion.e2e.test.ts)');
const HAVE_ZSH = terminalProgram('zsh', 'the zsh completion tests (test/e2e/completion.e2e.test.ts)');

/** `runShell` in zsh or fish. */
async function inShell(shell: 'zsh' | 'fish', args: string[]): Promise<string[]> {
  return runShell(shell, args, cliEnv(sandbox, configDir));
}

/**
 * The command line after TAB in an interactive zsh with the real completion system (compinit,
 * no stubs), run in a pseudo-terminal (zsh/zpty): typed, TAB, then a key bound to a widget that
 * writes the line to a file.
 */
async function zshLineAfterTab(typed: string, env: Record<string, string>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'rentals-zsh-'));
  try {
    const out = join(dir, 'line');
    const setUp = `autoload -Uz compinit; compinit -u -D; eval "$(rentals completion zsh)"; dump() { print -r -- "$BUFFER" > ${out} }; zle -N dump; bindkey "^X" dump`;
    const script = [
      'zmodload zsh/zpty',
      'zpty -b z "zsh -f -i"',
      `zpty -w z ${JSON.stringify(setUp).replace(/\$/g, '\\$')}`,
      `zpty -w -n z ${JSON.stringify(typed)}$'\\t\\x18'`,
      `for i in {1..150}; do [[ -s ${out} ]] && break; sleep 0.1; done`,
      'zpty -d z',
      `cat ${out}`,
    ].join('\n');
    const lines = await runShell('zsh', ['-f', '-c', script], env);
    return lines.at(-1) ?? '';
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('rentals completion in fish and zsh', () => {
  it.skipIf(!HAVE_FISH && !TERMINAL_TESTS_REQUIRED)('fish: `complete -C` offers verbs and names, an open quote included', async () => {
    const script = 'rentals completion fish | source; complete -C "rentals events li"; complete -C "rentals prices list --item \\"20x20 F"';
    const lines = await inShell('fish', ['--no-config', '-c', script]);
    expect(lines).toEqual(['list\tList events, filtered by range, name or status', '20x20 Frame Tent']);
  });

  it.skipIf(!HAVE_ZSH && !TERMINAL_TESTS_REQUIRED)('zsh (its real completion system): a name typed in part is completed whole, quoted for the shell', async () => {
    expect(await zshLineAfterTab('rentals prices list --item 20x20', cliEnv(sandbox, configDir))).toBe('rentals prices list --item 20x20\\ Frame\\ Tent ');
  });

  it.skipIf(!HAVE_ZSH && !TERMINAL_TESTS_REQUIRED)('zsh: a backslash in a name reaches the line as typed (quoted), in its description as itself', async () => {
    const dir = freshConfigDir();
    try {
      const env = cliEnv(sandbox, dir);
      const name = 'Back\\slash Stand';
      const added = await runRentals(['inventory', 'add', '--name', name, '--quantity-available', '1'], { env });
      expect(added.code, added.stderr).toBe(0);
      expect(await zshLineAfterTab('rentals prices list --item Back', env)).toBe('rentals prices list --item Back\\\\slash\\ Stand ');
      // _describe reads a backslash as an escape in the value and in the description: each is doubled.
      const zsh = await runRentals(['__complete', '--shell', 'zsh', '--', 'prices', 'list', '--item', 'Back'], { env });
      expect(zsh.stdout.trim().split('\n')).toEqual(['Back\\\\slash Stand']);
      // Two events of one such name: offered by id, the name quoted in the description (as fish shows it: "Back\\slash party").
      const ids: number[] = [];
      for (const day of ['2027-06-01', '2027-06-08']) {
        const event = await runRentals(['events', 'add', '--event-name', 'Back\\slash party', '--event-status-id', 'Quoted', '--rental-block-id', 'Daily', '--start-date', day, '--end-date', day, '-o', 'json'], { env });
        expect(event.code, event.stderr).toBe(0);
        ids.push(Number(JSON.parse(event.stdout).data[0].id));
      }
      const events = await runRentals(['__complete', '--shell', 'zsh', '--', 'events', 'show', 'Back'], { env });
      expect(events.stdout.trim().split('\n')).toEqual(ids.map((id, i) => `id\\:${id}:"Back\\\\\\\\slash party", starts 2027-06-0${i === 0 ? 1 : 8} 00:00`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!HAVE_ZSH && !TERMINAL_TESTS_REQUIRED)('zsh: _rentals passes the words unquoted (compsys stubbed: _describe prints what it is given)', async () => {
    const script = [
      'compdef() {}',
      '_describe() { local name=$4; print -rl -- "${(@P)name}" }',
      'eval "$(rentals completion zsh)"',
      'words=(rentals events li); CURRENT=3; _rentals',
      'words=(rentals prices list --item \'"20x20 F\'); CURRENT=5; _rentals',
      'words=(rentals prices list --item \'20x40\\ F\'); CURRENT=5; _rentals',
    ].join('\n');
    const lines = await inShell('zsh', ['-f', '-c', script]);
    expect(lines).toEqual(['list:List events, filtered by range, name or status', '20x20 Frame Tent', '20x40 Frame Tent']);
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

const HAVE_TMUX = terminalProgram('tmux', 'the interactive bash completion tests (test/e2e/completion.e2e.test.ts)');

/**
 * An interactive bash in a tmux pane of its own server, the completion script sourced: `complete`
 * types a line, presses TAB, and reads back what readline left on the line (a key bound to print
 * READLINE_LINE to a file and wake the test), then clears the line for the next.
 */
describe.skipIf(!HAVE_TMUX && !TERMINAL_TESTS_REQUIRED)('rentals completion in an interactive bash (tmux): the line after TAB', () => {
  let dir: string;
  let seen: string;
  let turn = 0;
  const NAMES = ['Say "Cheese" Booth', 'Cable "XL"', "Rock'n'Roll Stage", "Sellers' Tent", '$5 Deal Kit', 'Back\\Drop'];

  let tmux: TmuxControl | undefined;

  /**
   * tmux's wait for the pane's wake on `channel`, in a process of its own (a control client does
   * not wait), without blocking this thread (the sandbox the pane's rentals asks runs in it).
   */
  function waitFor(channel: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn('tmux', ['-S', tmux!.socket, 'wait-for', channel], { stdio: 'ignore' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else void tmux!.run('capture-pane', '-p', '-t', 'bash:').then((screen) => reject(new Error(`no answer from the bash pane on ${channel}:\n${screen}`)), reject);
      });
    });
  }

  beforeAll(async () => {
    const rentals = (args: string[]) => runRentals(args, { env: cliEnv(sandbox, configDir) });
    for (const name of NAMES) expect((await rentals(['inventory', 'add', `--name=${name}`, '--quantity-available', '1'])).code).toBe(0);
    dir = fileTempDir('rentals-bash-');
    seen = join(dir, 'line');
    // A config directory of its own: its name cache is read after the names above were added.
    const home = join(dir, 'home');
    const env = { ...shellEnv(cliEnv(sandbox, home)), TERM: 'xterm', PS1: '$ ' };
    const vars = Object.entries(env).map(([k, v]) => `${k}='${v.replace(/'/g, `'\\''`)}'`);
    tmux = await TmuxControl.start(join(dir, 'tmux.sock'));
    await tmux.run('new-session', '-d', '-s', 'bash', '-x', '200', '-y', '20', `env -i ${vars.join(' ')} bash --norc --noprofile -i`);
    const bind = `bind -x '"\\C-t": printf "%s" "$READLINE_LINE" > ${seen}; tmux -S ${tmux.socket} wait-for -S typed'`;
    await tmux.run('send-keys', '-t', 'bash:', `source '${bashScript}'; ${bind}`, 'Enter');
  });

  afterAll(async () => {
    await tmux?.close();
  });

  /** The word after `--item ` once TAB has completed `typed`. */
  async function complete(typed: string): Promise<string> {
    turn++;
    const waiting = waitFor('typed');
    await tmux!.run('send-keys', '-t', 'bash:', '-l', `rentals events book 1 --item ${typed}`);
    await tmux!.run('send-keys', '-t', 'bash:', 'Tab', 'C-t', 'C-a', 'C-k');
    await waiting;
    const line = readFileSync(seen, 'utf8');
    expect(line.startsWith('rentals events book 1 --item '), `turn ${turn}: ${line}`).toBe(true);
    return line.slice('rentals events book 1 --item '.length);
  }

  /** What bash reads the word as: it must be balanced, and exactly the name. */
  async function readByBash(word: string): Promise<string> {
    const result = await runProgram('bash', ['--norc', '--noprofile', '-c', `printf '%s' ${word}`]);
    expect(result.status, result.stderr).toBe(0);
    return result.stdout;
  }

  it('inside "…": quotes, dollars and backslashes of the name escaped, the quote closed', async () => {
    for (const [typed, name] of [
      ['"Say \\"Ch', 'Say "Cheese" Booth'],
      ['"Cable \\"X', 'Cable "XL"'],
      ['"\\$5 De', '$5 Deal Kit'],
      ['"Back\\\\D', 'Back\\Drop'],
      ["\"Rock'n", "Rock'n'Roll Stage"],
    ]) {
      const word = await complete(typed!);
      expect(word.startsWith('"') && word.endsWith(' '), word).toBe(true);
      expect(await readByBash(word)).toBe(name);
    }
  });

  it("inside '…': a quote of the name written '\\'' and the quote closed, also when the word began before it", async () => {
    for (const [typed, name] of [
      ["'Rock", "Rock'n'Roll Stage"],
      ["'Rock'\\''n", "Rock'n'Roll Stage"],
      ["'Sellers", "Sellers' Tent"],
      ["'Say \"Ch", 'Say "Cheese" Booth'],
    ]) {
      const word = await complete(typed!);
      expect(await readByBash(word)).toBe(name);
    }
  });

  it('unquoted: every character the shell would read otherwise escaped with a backslash', async () => {
    for (const [typed, name] of [
      ['Say\\ \\"Ch', 'Say "Cheese" Booth'],
      ["Rock\\'n", "Rock'n'Roll Stage"],
      ['\\$5', '$5 Deal Kit'],
      ['Cable', 'Cable "XL"'],
    ]) {
      const word = await complete(typed!);
      expect(word.endsWith(' '), word).toBe(true);
      expect(await readByBash(word)).toBe(name);
    }
  });
});
