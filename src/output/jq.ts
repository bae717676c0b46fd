// --jq: the JSON a command prints, filtered by jq itself (jq compiled to WebAssembly, jq-wasm),
// loaded only when the flag is given (~25 ms: the library's import and jq's compilation). As gh's
// --jq: strings raw, one per line; every other value as compact JSON. The expression is compiled
// before anything is sent (compileJq): one jq cannot compile is a usage error with jq's own
// message. One that fails on the data is an output failure: what it means (a usage error, or a
// write made whose result could not be printed) is decided with the rest of the run (main.ts).

import { OutputFailure, UsageError } from '../errors.js';

type Jq = Awaited<ReturnType<typeof import('jq-wasm/inline').loadJq>>;

let loaded: Promise<Jq> | undefined;

/** jq, compiled once per process (the WebAssembly is inside the library's file: one file to read). */
function loadJq(): Promise<Jq> {
  loaded ??= import('jq-wasm/inline').then((library) => library.loadJq());
  return loaded;
}

/**
 * What jq prints for `json` (its stdout, or the words of its error). `--` ends jq's options: an
 * expression that starts with `-` is a program, never a flag. jq reads its input from memory as it
 * goes: the time grows with the size of the input and the output alone. The library sets the
 * process's exit code as it runs jq: put back, the run's exit code is the tool's.
 */
async function jqRun(json: string, program: string, options: string[] = []): Promise<{ out: string } | { error: string }> {
  const jq = await loadJq();
  const exitCode = process.exitCode;
  // jq's WebAssembly memory is bounded: a run that needs more aborts, and the library says
  // "Aborted()" on the console first, which is not for the user (the error below says it).
  const consoleError = console.error;
  console.error = () => undefined;
  try {
    const result = jq.raw(json, program, [...options, '-r', '-c', '--']);
    return result.exitCode === 0 ? { out: result.stdout } : { error: result.stderr.trim() || `jq exited ${result.exitCode}` };
  } catch (error) {
    if (!(error instanceof Error && error.message.startsWith('Aborted('))) throw error;
    const megabytes = (Buffer.byteLength(json) / 1024 / 1024).toFixed(1);
    return { error: `jq ran out of memory (the JSON is ${megabytes} MB): for output this large, pipe -o json to jq instead` };
  } finally {
    console.error = consoleError;
    process.exitCode = exitCode;
  }
}

/**
 * The library trims what jq printed, which would lose the spaces at its ends and its empty outputs
 * (an empty string, an empty last column of `@tsv`). So the expression runs between two outputs
 * of a character that is not white space, on lines of their own (a `#` comment in the expression
 * ends at its line), and what jq printed is what lies between them. The marks are printed once
 * for the whole input, however many values it holds (`-o ndjson`: one a line): jq runs with `-n`
 * and the expression on each of `inputs`, as jq itself runs a program on each value it reads.
 */
const MARK = '\u0001';

function between(expression: string): string {
  return `"\\u0001", (inputs | (\n${expression}\n)), "\\u0001"`;
}

/** The lines jq printed, each ended by a newline, from the output of `between(expression)`. */
function printed(out: string): string {
  const inside = out.startsWith(`${MARK}\n`) ? out.slice(2) : out.slice(1);
  // `halt` ends the program before the closing mark: what it printed has lost its last newline.
  if (inside.endsWith(MARK)) return inside.slice(0, -1);
  return inside === '' ? '' : `${inside}\n`;
}

function described(expression: string, message: string): string {
  return `--jq ${JSON.stringify(expression)}: ${message}`;
}

/**
 * Compiles the expression without running it: jq compiles its program before it reads any input,
 * and given none it runs nothing, so every error of a run on no input is a compile error (its line
 * and column are the expression's own).
 */
export async function compileJq(expression: string): Promise<void> {
  const result = await jqRun('', expression);
  if ('error' in result) throw new UsageError(described(expression, result.error));
}

/** What jq prints for `json`, exactly: every output on its own line, strings raw. */
export async function runJq(json: string, expression: string): Promise<string> {
  const result = await jqRun(json, between(expression), ['-n']);
  if ('error' in result) throw new OutputFailure(described(expression, result.error), 'jq');
  return printed(result.out);
}
