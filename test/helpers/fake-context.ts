// An in-process stand-in for a real terminal: captured stdout/stderr, TTY flags, stdin text,
// scripted prompts, a fixed clock, retry waits noted rather than waited, and a temporary HOME + RENTALS_CONFIG_DIR per test so that
// nothing ever reads or writes the real user's configuration.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { onTestFinished } from 'vitest';
import type { Context } from '../../src/cli/context.js';
import { main } from '../../src/main.js';

/** 2026-05-01T12:00:00Z: the clock every fake context starts with unless told otherwise. */
export const FIXED_NOW = Date.UTC(2026, 4, 1, 12, 0, 0);

export interface FakeOptions {
  /** Added to the isolated environment (HOME and RENTALS_CONFIG_DIR point at the temp dir). */
  env?: Record<string, string | undefined>;
  /** Shorthand for stdout, stderr and stdin all being (or not being) a terminal. */
  tty?: boolean;
  stdoutIsTTY?: boolean;
  stderrIsTTY?: boolean;
  stdinIsTTY?: boolean;
  /** Text on standard input (empty when not given). */
  stdin?: string;
  /** Standard output itself (a stream that fails, say); then nothing of stdout is captured. */
  stdout?: Writable;
  columns?: number;
  /** The width of the terminal stderr writes to (its lines are wrapped to it); absent: not wrapped. */
  stderrColumns?: number;
  now?: number | (() => number);
  /** This system's time zone as Node would report it (`Etc/Unknown` for TZ=, undefined for TZ=Foo/Bar); absent: this process's. */
  systemZone?: () => string | undefined;
  /** Answers of the hidden prompt, in order; a prompt beyond them fails the test. */
  promptAnswers?: string[];
  /** Answers of the visible one-line question, in order (null: end of input, Ctrl-D); a question beyond them fails the test. */
  lineAnswers?: Array<string | null>;
  /** The answer of every yes/no confirmation (default: no). */
  confirmAnswer?: boolean;
  /** Reuse this home directory (e.g. to run `auth login` then `auth status`). */
  home?: string;
  /**
   * Wait out the run's retry waits (the client's backoff and Retry-After, a bulk row's pause) on
   * real timers, as the bin does. By default each wait is noted in `waits` and not waited: a retry
   * goes out at once (against nock or a sandbox nothing depends on the time between them).
   */
  realWaits?: boolean;
}

export interface FakeContext {
  ctx: Context;
  /** The temporary home directory; the config dir is `<home>/config`. */
  home: string;
  configDir: string;
  stdout(): string;
  stderr(): string;
  /** Questions asked through the hidden prompt, the visible one-line question and the yes/no confirmation. */
  prompts: string[];
  questions: string[];
  confirms: string[];
  /** URLs handed to the browser opener. */
  opened: string[];
  /** The retry waits asked for, in milliseconds (empty with `realWaits`). */
  waits: number[];
}

/** A temporary directory removed when the current test finishes. */
export function tempDir(prefix = 'rentals-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function capture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    decodeStrings: false,
    highWaterMark: 1 << 24,
    write(chunk: string | Buffer, _encoding, callback) {
      chunks.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      callback();
    },
  });
  return { stream, text: () => chunks.join('') };
}

export function fakeContext(options: FakeOptions = {}): FakeContext {
  const home = options.home ?? tempDir();
  const configDir = join(home, 'config');
  const out = capture();
  const err = capture();
  const tty = options.tty ?? false;
  const answers = [...(options.promptAnswers ?? [])];
  const prompts: string[] = [];
  const lines = [...(options.lineAnswers ?? [])];
  const questions: string[] = [];
  const confirms: string[] = [];
  const opened: string[] = [];
  const waits: number[] = [];
  const now = options.now;
  const ctx: Context = {
    term: {
      stdout: options.stdout ?? out.stream,
      stderr: err.stream,
      // Bytes, as a process's stdin gives them (a reader that buffers bytes, as the MCP SDK does, loops on strings).
      stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)], { objectMode: false }),
      stdoutIsTTY: options.stdoutIsTTY ?? tty,
      stderrIsTTY: options.stderrIsTTY ?? tty,
      stdinIsTTY: options.stdinIsTTY ?? tty,
      columns: options.columns ?? (tty ? 120 : 0),
      ...(options.stderrColumns === undefined ? {} : { stderrColumns: options.stderrColumns }),
    },
    env: { HOME: home, RENTALS_CONFIG_DIR: configDir, ...options.env },
    homedir: home,
    now: typeof now === 'function' ? now : () => now ?? FIXED_NOW,
    ...(options.systemZone ? { systemZone: options.systemZone } : {}),
    promptSecret: async (question) => {
      prompts.push(question);
      const answer = answers.shift();
      if (answer === undefined) throw new Error(`unexpected prompt: ${question}`);
      return answer;
    },
    promptLine: async (question) => {
      questions.push(question);
      if (lines.length === 0) throw new Error(`unexpected question: ${question}`);
      return lines.shift() ?? undefined;
    },
    confirm: async (question) => {
      confirms.push(question);
      return options.confirmAnswer ?? false;
    },
    openBrowser: async (url) => {
      opened.push(url);
    },
    onInterrupt: () => () => undefined,
    ...(options.realWaits
      ? {}
      : {
          sleep: async (ms: number) => {
            waits.push(ms);
          },
        }),
  };
  return { ctx, home, configDir, stdout: out.text, stderr: err.text, prompts, questions, confirms, opened, waits };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  fake: FakeContext;
}

/**
 * Runs `rentals <argv>` in-process through main(). Pass a FakeContext to inspect it or to run
 * several commands in one home; stdout/stderr of the result are what this run wrote.
 */
export async function runCli(argv: string[], options: FakeOptions | FakeContext = {}): Promise<CliResult> {
  const fake = 'ctx' in options ? options : fakeContext(options);
  const before = { out: fake.stdout().length, err: fake.stderr().length };
  const code = await main(argv, fake.ctx);
  return { code, stdout: fake.stdout().slice(before.out), stderr: fake.stderr().slice(before.err), fake };
}
