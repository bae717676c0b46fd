// Everything a command touches outside itself, injected: streams and whether they are TTYs,
// the environment, the clock, prompts, the browser. Nothing in src/cli reaches for `process`.

import type { Terminal } from '../output/terminal.js';
import type { Pager } from './pager.js';

export type { Terminal };

export interface Context {
  term: Terminal;
  /** The command line (after `rentals`), for the history of writes and the ways out of a refusal; set by main() unless the caller gives the words a person would type (a tool call of `rentals mcp`). */
  argv?: readonly string[];
  /** What the history of writes records as the run's command (`mcp: events_book {…}`); by default the command line, its secrets redacted. */
  commandLine?: string;
  /**
   * The run is a tool call of `rentals mcp`: it writes no file on this machine unasked (a mass price
   * change keeps no report: its history entry is the record), and says the undo tool takes it back.
   */
  toolCall?: boolean;
  /** Runs a command line in this process, as typed (main.ts's main, which sets it): `rentals mcp` runs each tool call through it. */
  main?: (argv: string[], ctx: Context) => Promise<number>;
  env: Record<string, string | undefined>;
  homedir: string;
  now: () => number;
  /** This system's time zone as Node reports it (`Etc/Unknown` for TZ=, undefined for TZ=Foo/Bar); absent: this process's. */
  systemZone?: () => string | undefined;
  /** Reads a line from the terminal without echoing it. */
  promptSecret: (question: string) => Promise<string>;
  /** Reads a line from the terminal, shown as typed; undefined at end of input (Ctrl-D). */
  promptLine: (question: string) => Promise<string | undefined>;
  /** Asks a yes/no question on the terminal; default no. */
  confirm: (question: string) => Promise<boolean>;
  openBrowser: (url: string) => Promise<void>;
  /** Registers a handler for SIGINT/SIGTERM; returns a function that removes it. */
  onInterrupt: (handler: () => void) => () => void;
  /** Starts a pager command for output at a terminal; absent: never page (tests, unless given). */
  startPager?: (command: string, env: Record<string, string | undefined>) => Promise<Pager>;
  /**
   * Told the exit code a command ends with once it is known, before its output is printed: a real
   * process whose stdout is closed early (`rentals check | head -1`) still ends with it.
   */
  exitCodeKnown?: (code: number) => void;
  /** Ends the process at once (a second Ctrl-C during a bulk run); absent in tests. */
  exit?: (code: number) => never;
  /** The wait before a request is retried (backoff, Retry-After); absent: a timer. Tests record it instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
}

/** The context of a real process. */
export async function processContext(): Promise<Context> {
  // os.homedir() is $HOME where it is set (libuv reads it first): node:os loads only without it.
  const home = process.platform !== 'win32' && process.env.HOME ? process.env.HOME : (await import('node:os')).homedir();
  const term = terminalOf(process.stdout, process.stderr, () => process.stdin);
  return {
    term,
    env: process.env,
    homedir: home,
    now: () => Date.now(),
    promptSecret: async (question) => (await import('./prompt.js')).promptSecret(term, question),
    promptLine: async (question) => (await import('./prompt.js')).promptLine(term, question),
    confirm: async (question) => (await import('./prompt.js')).confirm(term, question),
    openBrowser: async (url) => {
      const { openBrowser } = await import('./browser.js');
      await openBrowser(url, process.platform);
    },
    startPager: async (command, env) => (await import('./pager.js')).spawnPager(command, env),
    exit: (code) => process.exit(code),
    onInterrupt: (handler) => {
      process.on('SIGINT', handler);
      process.on('SIGTERM', handler);
      return () => {
        process.off('SIGINT', handler);
        process.off('SIGTERM', handler);
      };
    },
  };
}

/**
 * What a run learns of the streams it is given: whether each is a terminal, and the width of
 * stdout's and stderr's. A process's own streams (processContext), or a terminal a test opens.
 * stdin is made only when a command reads it or asks whether it is a terminal: making the
 * stream costs every start ~1 ms, and most commands never touch it.
 */
export function terminalOf(stdout: NodeJS.WriteStream, stderr: NodeJS.WriteStream, stdin: () => NodeJS.ReadStream): Terminal {
  return {
    stdout,
    stderr,
    get stdin() {
      return stdin();
    },
    stdoutIsTTY: stdout.isTTY === true,
    stderrIsTTY: stderr.isTTY === true,
    get stdinIsTTY() {
      return stdin().isTTY === true;
    },
    columns: stdout.columns ?? 0,
    stderrColumns: stderr.isTTY === true ? (stderr.columns ?? 0) : 0,
  };
}
