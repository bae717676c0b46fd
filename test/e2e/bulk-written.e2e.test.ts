// A bulk run that writes answers as every write does, with its changes: `-o json` a `changes` array
// (beside the run's summary and report), `-o ndjson` a change a line, piped tsv a row per field
// changed (then `reason`, as in its dry run); at a terminal a few changes as any write shows them,
// many counted with where to see them. A run where some rows did not apply prints what did, then
// (tsv, csv) those that did not, with why, and exits 6.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { type Runner, cliFor, ok } from './harness.js';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let rentals: Runner;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: 'written-token-0123456789', seed: true });
  dir = fileTempDir('rentals-written-');
  rentals = cliFor(sandbox);
});

afterAll(async () => {
  await sandbox.close();
});

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('what a bulk run wrote', () => {
  test('inventory import: -o json has the changes (an update, two creates), -o ndjson a change a line', async () => {
    const csv = file('items.csv', 'id,name,quantityAvailable\n3,,77\n,Written Lamp,5\n,Written Stand,6\n');
    const json = ok(await rentals(['inventory', 'import', csv, '-o', 'json']));
    expect(json.stderr).toMatch(/^3 rows: 2 created, 1 updated/m);
    const document = JSON.parse(json.stdout) as { summary: Record<string, unknown>; report: string | null; changes: Array<Record<string, unknown>> };
    expect(document.summary).toMatchObject({ total: 3, created: 2, updated: 1, complete: true });
    expect(document.report).toBeNull();
    expect(document.changes).toEqual([
      expect.objectContaining({ action: 'update', resource: 'inventory', id: 3, after: expect.objectContaining({ quantityAvailable: 77 }) }),
      expect.objectContaining({ action: 'create', resource: 'inventory', id: expect.any(Number), before: null, after: expect.objectContaining({ name: 'Written Lamp' }) }),
      expect.objectContaining({ action: 'create', resource: 'inventory', id: expect.any(Number), before: null, after: expect.objectContaining({ name: 'Written Stand' }) }),
    ]);
    // Exactly the bytes of JSON.stringify(…, null, 2): written as read, the same document.
    expect(json.stdout).toBe(`${JSON.stringify(document, null, 2)}\n`);

    const again = file('again.csv', 'id,name,quantityAvailable\n3,,78\n');
    const ndjson = ok(await rentals(['inventory', 'import', again, '-o', 'ndjson']));
    expect(ndjson.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual([
      expect.objectContaining({ action: 'update', resource: 'inventory', id: 3, before: expect.objectContaining({ quantityAvailable: 77 }), after: expect.objectContaining({ quantityAvailable: 78 }) }),
    ]);
  });

  test('for people: a few changes shown as any write shows them; many counted, with where to see them', async () => {
    const few = ok(await rentals(['inventory', 'import', file('few.csv', 'id,name,quantityAvailable\n3,,79\n'), '-o', 'table']));
    expect(few.stdout).toMatch(/^Changed item 3 ".+"\n {2}Owned {2}78 → 79\n$/);
    const rows = Array.from({ length: 25 }, (_, i) => `,Written Chair ${i},${i + 1}`).join('\n');
    const many = ok(await rentals(['inventory', 'import', file('many.csv', `id,name,quantityAvailable\n${rows}\n`), '-o', 'table']));
    expect(many.stdout).toBe('');
    expect(many.stderr).toMatch(/^25 rows: 25 created/m);
    expect(many.stderr).toContain('25 changes written: list them with -o tsv or -o json, or with rentals history.');
  });

  test('rows that did not apply: what did is printed, then those that did not with why (as its dry run lists them), then exit 6', async () => {
    const plan = join(dir, 'plan.json');
    ok(await rentals(['inventory', 'import', file('plan.csv', 'id,name,quantityAvailable\n1,,41\n2,,42\n'), '--plan', plan]));
    // Item 2 changes after the plan: its row is stale, item 1's applies.
    ok(await rentals(['inventory', 'update', '2', '--quantity-available', '9']));
    const applied = await rentals(['inventory', 'apply', plan]);
    expect(applied.code).toBe(6);
    expect(applied.stdout).toMatch(/^update\tinventory\t1\t.*\tquantityAvailable\t\d+\t41\t\nstale\tinventory\t2\t.*\tquantityAvailable\t\d+\t42\tchanged since the plan: quantityAvailable is now 9, the plan expected \d+\n$/);
    expect(applied.stderr).toMatch(/1 of 2 rows did not apply \(1 stale/);
  });

  test('rows that did not apply, with --jq: the filter runs on what is printed, then exit 6', async () => {
    const plan = join(dir, 'plan-jq.json');
    ok(await rentals(['inventory', 'import', file('plan-jq.csv', 'id,name,quantityAvailable\n1,,51\n2,,52\n'), '--plan', plan]));
    ok(await rentals(['inventory', 'update', '2', '--quantity-available', '8']));
    const applied = await rentals(['inventory', 'apply', plan, '--jq', '.changes | length']);
    expect(applied.code, applied.stderr).toBe(6);
    expect(applied.stdout).toBe('1\n');
  });
});
