// Runs `rentals` as a user would, against a sandbox on an ephemeral port. Most cases run it
// in-process through main() with a piped, non-TTY terminal and the real clock (runRentals,
// cliFor); the cases about the process itself (packaging, signals, startup, stdin pipes, exit
// codes as a shell sees them) spawn the built bin/rentals.js (runBin, startBin).

import { expect } from 'vitest';
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { runCli } from '../helpers/fake-context.js';
import { runProgram } from '../helpers/programs.js';

export const BIN = fileURLToPath(new URL('../../bin/rentals.js', import.meta.url));

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  timeoutMs?: number;
  /** In-process runs only: the clock (default: the real one). */
  now?: () => number;
  /** In-process runs only: this system's time zone as Node would report it for the environment's TZ (`Etc/Unknown` for TZ=, undefined for TZ=Foo/Bar). */
  systemZone?: () => string | undefined;
  /**
   * In-process runs only: each retry wait the run asks for (backoff, Retry-After, a bulk row's
   * pause) is noted here, in milliseconds. It is never waited out: a retry goes out at once.
   */
  waits?: number[];
  /** In-process runs only: standard output itself (a stream that fails, say); then `stdout` of the result is empty. */
  stdout?: Writable;
  /** Spawned runs only: another copy of bin/rentals.js (default: this repository's). */
  bin?: string;
  /** Spawned runs only: the Node that runs it (default: this one). */
  node?: string;
}

export type Runner = (args: string[], options?: RunOptions) => Promise<RunResult>;

/** A config directory (also HOME) of its own, removed when the test file is done. */
export function freshConfigDir(): string {
  return fileTempDir('rentals-e2e-');
}

/**
 * The environment a spawned `rentals` gets: PATH, LANG, the run's cache directory (the bundle's
 * code cache made once, not by every process with a HOME of its own) and what the test gives
 * (undefined unsets).
 */
function runEnv(options: RunOptions): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ PATH: process.env.PATH, LANG: 'C.UTF-8', XDG_CACHE_HOME: process.env.RENTALS_TEST_CACHE_HOME, ...options.env })) {
    if (v !== undefined) env[k] = v;
  }
  return env;
}

/**
 * `rentals …args` in this process, as the binary would run it: the same environment as runBin,
 * stdin/stdout/stderr pipes (not TTYs) and the real clock; its retry waits are noted, not waited
 * out. Bounded by the test's timeout, or by `timeoutMs` when given.
 */
export async function runRentals(args: string[], options: RunOptions = {}): Promise<RunResult> {
  const env = runEnv(options);
  const running = runCli(args, { env, home: env.HOME ?? fileTempDir('rentals-home-'), stdin: options.input ?? '', now: options.now ?? Date.now, realWaits: false, ...(options.systemZone ? { systemZone: options.systemZone } : {}), ...(options.stdout ? { stdout: options.stdout } : {}) });
  const { timeoutMs } = options;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    if (timeoutMs !== undefined) timer = setTimeout(() => reject(new Error(`rentals ${args.join(' ')} did not finish in ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const { code, stdout, stderr, fake } = await Promise.race([running, timedOut]);
    options.waits?.push(...fake.waits);
    return { code, stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `node bin/rentals.js …args` to its end; stdin is a pipe (not a TTY), so is stdout. */
export async function runBin(args: string[], options: RunOptions = {}): Promise<RunResult> {
  const { status, stdout, stderr, timedOut } = await runProgram(options.node ?? process.execPath, [options.bin ?? BIN, ...args], { env: runEnv(options), input: options.input, timeoutMs: options.timeoutMs ?? 15_000 });
  if (timedOut) throw new Error(`rentals ${args.join(' ')} did not finish in time\nstdout: ${stdout}\nstderr: ${stderr}`);
  return { code: status, stdout, stderr };
}

/** How long after its deadline a started child is judged (see startBin). */
const VERDICT_GRACE_MS = 2_000;

/** runBin, with the child at hand while it runs (to send it SIGINT). */
export function startBin(args: string[], options: RunOptions = {}): { child: ChildProcessWithoutNullStreams; done: Promise<RunResult> } {
  const child = spawn(options.node ?? process.execPath, [options.bin ?? BIN, ...args], { env: runEnv(options), stdio: ['pipe', 'pipe', 'pipe'] });
  const done = new Promise<RunResult>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    let closed = false;
    // The verdict waits out a grace period after the deadline: when this process itself was held up
    // (a loaded or paused machine), timers run before the output and exit already waiting for it.
    const timer = setTimeout(() => {
      setTimeout(() => {
        if (closed) return;
        child.kill('SIGKILL');
        reject(new Error(`rentals ${args.join(' ')} did not finish in time\nstdout: ${stdout}\nstderr: ${stderr}`));
      }, VERDICT_GRACE_MS);
    }, options.timeoutMs ?? 15_000);
    child.on('error', reject);
    child.on('close', (code) => {
      closed = true;
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
  // A child that exits before reading its stdin closes the pipe: that is its business, not a test error.
  child.stdin.on('error', () => undefined);
  child.stdin.end(options.input ?? '');
  return { child, done };
}

/** A run that must succeed (exit 0, its stderr shown when it did not). */
export function ok(result: RunResult): RunResult {
  expect(result.code, result.stderr).toBe(0);
  return result;
}

/** A `rentals` (in-process) bound to one sandbox and one throwaway config directory. */
export function cliFor(sandbox: { url: string; token: string }, configDir = freshConfigDir()): Runner {
  return (args, options = {}) => runRentals(args, { ...options, env: { ...cliEnv(sandbox, configDir), ...options.env } });
}

/** The environment that points `rentals` at a sandbox, with a throwaway config directory (and the run's cache directory: runEnv). */
export function cliEnv(sandbox: { url: string; token: string }, configDir = freshConfigDir()): Record<string, string> {
  const cache = process.env.RENTALS_TEST_CACHE_HOME;
  return { RENTALS_BASE_URL: sandbox.url, RENTALS_TOKEN: sandbox.token, RENTALS_CONFIG_DIR: configDir, HOME: configDir, ...(cache === undefined ? {} : { XDG_CACHE_HOME: cache }) };
}

export function jsonData(result: RunResult): Array<Record<string, unknown>> {
  const body = JSON.parse(result.stdout) as { data: Array<Record<string, unknown>> };
  return body.data;
}
