// --jq: the JSON a command prints, filtered by jq itself (jq compiled to WebAssembly, jq-wasm),
// loaded only when the flag is given (~90 ms: the library's import and its first run). As gh's
// --jq: strings raw, one per line; every other value as compact JSON. The expression is compiled
// before anything is sent (compileJq): one jq cannot compile is a usage error with jq's own
// message. One that fails on the data is an output failure: what it means (a usage error, or a
// write made whose result could not be printed) is decided with the rest of the run (main.ts).

import { OutputFailure, UsageError } from '../errors.js';

type Jq = typeof import('jq-wasm');

async function loadJq(): Promise<Jq> {
  // The default export: the library is CommonJS, bundled on its own as dist/vendor/jq-wasm.js.
  return (await import('jq-wasm')).default;
}

/**
 * jq's output for `json`, or the words of its error. jq-wasm runs jq's main(), which sets the
 * process's exit code to jq's own (3, 5): put back, as the run's exit code is the tool's.
 */
async function jqRun(jq: Jq, json: string, expression: string): Promise<{ out: string } | { error: string }> {
  const exitCode = process.exitCode;
  try {
    return { out: await jq.raw(json, expression, ['-r', '-c']) };
  } catch (error) {
    return { error: (error instanceof Error ? error.message : String(error)).trim() };
  } finally {
    process.exitCode = exitCode;
  }
}

function described(expression: string, message: string): string {
  return `--jq ${JSON.stringify(expression)}: ${message}`;
}

/**
 * Compiles the expression without running it: jq compiles its program before it reads any input,
 * and given none it runs nothing, so every error of a run on no input is a compile error.
 */
export async function compileJq(expression: string): Promise<void> {
  const result = await jqRun(await loadJq(), '', expression);
  if ('error' in result) throw new UsageError(described(expression, result.error));
}

export async function runJq(json: string, expression: string): Promise<string> {
  const result = await jqRun(await loadJq(), json, expression);
  if ('error' in result) throw new OutputFailure(described(expression, result.error), 'jq');
  return result.out === '' ? '' : `${result.out}\n`;
}
