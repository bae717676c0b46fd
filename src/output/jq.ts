// --jq: the JSON a command prints, filtered by jq itself (jq compiled to WebAssembly, jq-wasm),
// loaded only when the flag is given (~90 ms: the library's import and its first run). As gh's
// --jq: strings raw, one per line; every other value as compact JSON. A bad expression, or one
// that fails on the data, is a usage error with jq's own message.

import { UsageError } from '../errors.js';

export async function runJq(json: string, expression: string): Promise<string> {
  // The default export: the library is CommonJS, bundled on its own as dist/vendor/jq-wasm.js.
  const jq = (await import('jq-wasm')).default;
  try {
    const out = await jq.raw(json, expression, ['-r', '-c']);
    return out === '' ? '' : `${out}\n`;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`--jq ${JSON.stringify(expression)}: ${message.trim()}`);
  }
}
