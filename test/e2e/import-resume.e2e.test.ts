// `prices import --resume`: the report records the file (its line numbers are the report's) and
// how it was read, so a resume runs the rest of the same rows read the same way. A different file
// or reading is refused (exit 2, both values named, nothing sent); left out, they are the report's.

import { copyFileSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { openSandbox } from '../sandbox/helpers.js';
import { type Runner, cliFor } from './harness.js';
import { type OpenSandbox, data } from './server-state.js';

let sandbox: OpenSandbox;
let rentals: Runner;
let dir: string;
let csv: string;
let report: string;
beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  rentals = cliFor(sandbox);
  const items = await data(sandbox.call, 'GET', '/v2/inventory');
  const chair = Number(items.find((item) => item.name === 'Kids Folding Chair')!.id);
  dir = realpathSync(fileTempDir('rentals-import-resume-'));
  csv = join(dir, 'a.csv');
  writeFileSync(csv, `inventoryId,rentalBlockId,price\n${chair},1,2\n${chair},2,3\n`);
  report = join(dir, 'run.ndjson');
  const run = await rentals(['prices', 'import', csv, '--report', report]);
  expect(run.code, run.stderr).toBe(0);
});
afterAll(() => sandbox.close());

describe('prices import --resume', () => {
  test('the report starts with the file and the flags it was read with', () => {
    const [first] = readFileSync(report, 'utf8').split('\n');
    expect(JSON.parse(first!)).toEqual({ run: { command: 'prices import', flags: { file: csv } } });
  });

  test('another file, or the file read another way, is refused with both values named; nothing is sent', async () => {
    const other = join(dir, 'b.csv');
    copyFileSync(csv, other);
    const moved = await rentals(['prices', 'import', other, '--resume', report]);
    expect(moved.code, moved.stderr).toBe(2);
    expect(moved.stderr).toContain(`file: the run in the report had ${csv}, this one ${other}`);
    const rounded = await rentals(['prices', 'import', csv, '--round', '0.050', '--resume', report, '--dry-run']);
    expect(rounded.code, rounded.stderr).toBe(2);
    expect(rounded.stderr).toContain('--round: the run in the report had none, this one 0.05');
  });

  test('the same file resumes; left out, it is taken from the report, and said so', async () => {
    const same = await rentals(['prices', 'import', csv, '--resume', report]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stderr).not.toContain('taken from the report');
    expect(same.stderr).toContain('2 rows had applied before');
    const taken = await rentals(['prices', 'import', '--resume', report]);
    expect(taken.code, taken.stderr).toBe(0);
    expect(taken.stderr).toContain(`Flags taken from the report ${report}: file ${csv}`);
    expect(taken.stderr).toContain('2 rows had applied before');
  });

  test('a line that changed since the report, skipped with --skip-invalid, is a row that did not apply: exit 6, run and dry run', async () => {
    const text = readFileSync(csv, 'utf8');
    writeFileSync(csv, text.replace(/\n(\d+),1,2\n/, '\n$1,3,2\n'));
    const dry = await rentals(['prices', 'import', csv, '--resume', report, '--skip-invalid', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(6);
    expect(dry.stderr).toMatch(/is the report from this file\?/);
    expect(dry.stderr).toMatch(/1 invalid/);
    const run = await rentals(['prices', 'import', csv, '--resume', report, '--skip-invalid', '-o', 'json']);
    expect(run.code, run.stderr).toBe(6);
    expect(run.stderr).toMatch(/1 invalid/);
    expect(JSON.parse(run.stdout)).toMatchObject({ summary: { complete: false } });
  });
});

describe('import --resume and the flags beside the file', () => {
  test('the run records the guard flags; a resume takes them, and names a looser one with both values', async () => {
    const guarded = join(dir, 'guarded.ndjson');
    const run = await rentals(['prices', 'import', csv, '--max-change', '500', '--skip-invalid', '--report', guarded]);
    expect(run.code, run.stderr).toBe(0);
    const [first] = readFileSync(guarded, 'utf8').split('\n');
    expect(JSON.parse(first!)).toEqual({ run: { command: 'prices import', flags: { file: csv, maxChange: '500', skipInvalid: true } } });
    const taken = await rentals(['prices', 'import', '--resume', guarded]);
    expect(taken.code, taken.stderr).toBe(0);
    expect(taken.stderr).toContain(`Flags taken from the report ${guarded}: file ${csv} --max-change 500 --skip-invalid`);
    const looser = await rentals(['prices', 'import', '--max-change', '900', '--resume', guarded]);
    expect(looser.code, looser.stderr).toBe(0);
    expect(looser.stderr).toContain('--max-change: the run had 500, this one 900');
  });

  test('--renames is recorded; a resume with another --renames is refused (it changes which names are written)', async () => {
    const items = join(dir, 'items.csv');
    const exported = await rentals(['inventory', 'export', '-o', 'csv']);
    expect(exported.code, exported.stderr).toBe(0);
    writeFileSync(items, exported.stdout);
    const renamed = join(dir, 'renamed.ndjson');
    expect((await rentals(['inventory', 'import', items, '--renames', '--report', renamed])).code).toBe(0);
    const [first] = readFileSync(renamed, 'utf8').split('\n');
    expect(JSON.parse(first!)).toEqual({ run: { command: 'inventory import', flags: { file: items, renames: true } } });
    const plain = join(dir, 'plain.ndjson');
    expect((await rentals(['inventory', 'import', items, '--report', plain])).code).toBe(0);
    const other = await rentals(['inventory', 'import', '--renames', '--resume', plain]);
    expect(other.code, other.stderr).toBe(2);
    expect(other.stderr).toContain('--renames: the run in the report had none, this one --renames');
  });

  test('a carried line with two names that no longer resolve is one row that did not apply, not two', async () => {
    const named = join(dir, 'named.csv');
    writeFileSync(named, 'inventoryName,pricingType,price\nKids Folding Chair,Daily,4\nKids Folding Chair,Weekend,5\n');
    const namedReport = join(dir, 'named.ndjson');
    const first = await rentals(['prices', 'import', named, '--report', namedReport]);
    expect(first.code, first.stderr).toBe(0);
    writeFileSync(named, 'inventoryName,pricingType,price\nNo such item,No such block,4\nKids Folding Chair,Weekend,5\n');
    const dry = await rentals(['prices', 'import', named, '--resume', namedReport, '--skip-invalid', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(6);
    expect(dry.stderr).toContain('1 of 1 row would not apply (1 invalid)');
  });
});
