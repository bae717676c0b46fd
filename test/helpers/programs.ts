// Starts the programs the tests run (the built bin, poppler, shells) from a small process of its
// own (test/helpers/program-broker.mjs), one per test worker, instead of from the worker. A start
// from the test runner copies the runner's whole memory map, which the suite grows to a gigabyte:
// tens of milliseconds of system time each, and a few hundred starts in a run. The broker's map is
// a few tens of megabytes.

import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

export interface ProgramOptions {
  /** The whole environment (default: this process's). */
  env?: Record<string, string | undefined>;
  cwd?: string;
  input?: string | Buffer;
  /** Killed (SIGKILL) after this long; `timedOut` then says so. */
  timeoutMs?: number;
}

export interface ProgramResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

interface Answer {
  id: number;
  status?: number | null;
  signal?: NodeJS.Signals | null;
  stdout?: string;
  stderr?: string;
  timedOut?: boolean;
  error?: string;
}

/** Its stdout is a pipe: a socket, which can be left out of what keeps the worker alive. */
type Broker = ChildProcessByStdio<Writable, Socket, null>;

const BROKER = fileURLToPath(new URL('./program-broker.mjs', import.meta.url));

let broker: Broker | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();

/** The worker's broker, started on first use; it keeps the worker alive only while a program runs. */
function theBroker(): Broker {
  if (broker) return broker;
  const started = spawn(process.execPath, [BROKER], { stdio: ['pipe', 'pipe', 'inherit'] }) as Broker;
  createInterface({ input: started.stdout }).on('line', (line) => {
    const answer = JSON.parse(line) as Answer;
    waiting.get(answer.id)?.resolve(answer);
    waiting.delete(answer.id);
    if (waiting.size === 0) idle(started);
  });
  started.on('close', (code) => {
    broker = undefined;
    for (const { reject } of waiting.values()) reject(new Error(`the program broker ended (${code})`));
    waiting.clear();
  });
  idle(started);
  broker = started;
  return started;
}

function idle(child: Broker): void {
  child.unref();
  child.stdout.unref();
}

function busy(child: Broker): void {
  child.ref();
  child.stdout.ref();
}

/** `file …args` run to its end: its exit status or signal and its outputs (UTF-8). */
export async function runProgram(file: string, args: string[], options: ProgramOptions = {}): Promise<ProgramResult> {
  const child = theBroker();
  const id = nextId++;
  const env = Object.fromEntries(Object.entries(options.env ?? process.env).filter(([, value]) => value !== undefined));
  const answer = await new Promise<Answer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    busy(child);
    const input = Buffer.from(options.input ?? '').toString('base64');
    child.stdin.write(`${JSON.stringify({ id, file, args, env, cwd: options.cwd, input, timeoutMs: options.timeoutMs })}\n`);
  });
  if (answer.error !== undefined) throw new Error(`${file}: ${answer.error}`);
  return {
    status: answer.status ?? null,
    signal: answer.signal ?? null,
    stdout: Buffer.from(answer.stdout ?? '', 'base64').toString('utf8'),
    stderr: Buffer.from(answer.stderr ?? '', 'base64').toString('utf8'),
    timedOut: answer.timedOut ?? false,
  };
}
