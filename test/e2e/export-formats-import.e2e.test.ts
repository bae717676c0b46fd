// Every resource that exports, in each row format: `export -o csv` imports back as it is (a dry
// run: every row unchanged), and `export -o tsv` (rows for scripts, no header) is refused by import
// with a message that says so and which format to export instead, not one about a missing column.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { openSandbox } from '../sandbox/helpers.js';
import { commands, samples } from './command-samples.js';
import { type Runner, cliFor, freshConfigDir, ok } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof openSandbox>>;

let sandbox: Sandbox;
let rentals: Runner;
let work: string;

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  rentals = cliFor(sandbox, freshConfigDir());
  work = fileTempDir('rentals-export-formats-');
});

afterAll(async () => {
  await sandbox.close();
});

describe('an export imports back', async () => {
  const exports = (await commands()).map(([words]) => words).filter((words) => words.endsWith(' export'));
  const none = { csv: '', plan: '', before: '', after: '' };

  test('the resources that export are all here', () => {
    expect(exports).toEqual(expect.arrayContaining(['inventory export', 'prices export', 'bookings export']));
  });

  test.each(exports.map((words) => [words] as const))('%s -o csv, then import --dry-run: every row unchanged', async (words) => {
    const [resource, , ...scope] = samples(none)[words]!.args;
    const file = join(work, `${resource}.csv`);
    writeFileSync(file, ok(await rentals([resource!, 'export', ...scope, '-o', 'csv'])).stdout);
    const run = await rentals([resource!, 'import', file, ...scope, '--dry-run', '-o', 'table']);
    expect(run.code, run.stderr).toBe(0);
    expect(`${run.stdout}${run.stderr}`).toMatch(/: 0 create, 0 update, [1-9]\d* unchanged, 0 invalid/);
  });

  test.each(exports.map((words) => [words] as const))('%s -o tsv, then import: refused, naming the format to export instead', async (words) => {
    const [resource, , ...scope] = samples(none)[words]!.args;
    const file = join(work, `${resource}.tsv`);
    writeFileSync(file, ok(await rentals([resource!, 'export', ...scope, '-o', 'tsv'])).stdout);
    const run = await rentals([resource!, 'import', file, ...scope, '--dry-run']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('`export -o tsv`');
    expect(run.stderr).toContain('export with -o csv');
    expect(run.stderr).not.toContain('a header row is required');
    expect(run.stderr).toContain('Nothing was sent.');
  });
});

test('a tab-separated file with a header of other names (made by hand, "Unicode text" from a spreadsheet) is told which columns it needs', async () => {
  const file = join(work, 'own-names.tsv');
  writeFileSync(file, 'Item ID\tNew Price\n1\t40\n');
  const run = await rentals(['prices', 'import', file, '--dry-run']);
  expect(run.code).toBe(2);
  expect(run.stderr).toContain('the header (first line) has none of the columns id');
  expect(run.stderr).not.toContain('export -o tsv');
});
