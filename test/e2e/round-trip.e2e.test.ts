// Round trips are exact by construction: what `export` writes, `import` reads back to the very
// value, for any text the API accepts (control characters, a leading =, +, - or @, quotes, line
// breaks, bidi controls), in csv, ndjson and json. Property: for names fast-check makes,
// `export | import --dry-run` plans nothing but "unchanged".

import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { cliFor, freshConfigDir, type Runner } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
let rentals: Runner;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: 'round-trip-token-0123456789', log: () => undefined });
  rentals = cliFor(sandbox, freshConfigDir());
  dir = fileTempDir('rentals-round-trip-');
});

afterAll(async () => {
  await sandbox.close();
});

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { authorization: `bearer ${Buffer.from(sandbox.token).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { data: Array<Record<string, unknown>> };
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data[0]!;
}

const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
const unit = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 0x9f }).map((c) => String.fromCharCode(c)) },
  { weight: 2, arbitrary: fc.constantFrom(...BIDI, '=', '+', '-', '@', '"', "'", ',', ';', '\\', '\\x1b', '\\t', ' ', '\r\n', 'é', '語', '😀') },
);
/** Any name the API accepts: not blank, at most 100 characters. */
const name = fc.string({ unit, minLength: 1, maxLength: 12 }).filter((text) => text.trim() !== '');

let cases = 0;

describe('export | import --dry-run: all unchanged (property)', () => {
  test('inventory names through csv, ndjson and json', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(name, { minLength: 1, maxLength: 4 }), async (names) => {
        for (const text of names) await post('/v1/inventory', { name: text, quantityAvailable: 1, active: 1 });
        for (const format of ['csv', 'ndjson', 'json'] as const) {
          const exported = await rentals(['inventory', 'export', '-o', format]);
          expect(exported.code, exported.stderr).toBe(0);
          const file = join(dir, `items.${format}`);
          writeFileSync(file, exported.stdout);
          const planned = await rentals(['inventory', 'import', file, '--dry-run', '-o', 'ndjson']);
          expect(planned.code, planned.stderr).toBe(0);
          const actions = planned.stdout.trim().split('\n').map((line) => (JSON.parse(line) as { action: string }).action);
          expect(new Set(actions), `${format}: ${planned.stdout}`).toEqual(new Set(['unchanged']));
          cases += names.length;
        }
      }),
      { numRuns: 8, seed: 26 },
    );
    console.log(`round trip: ${cases} names read back unchanged (csv, ndjson, json)`);
  }, 120_000);
});
