// `prices adjust --resume`: the report keeps the run's selection and change, so a resume adjusts
// the same prices by the same change. Flags that differ from the report's are refused (exit 2,
// each named with both values, nothing sent); flags left out are taken from the report (said so).

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { openSandbox } from '../sandbox/helpers.js';
import { type Runner, cliFor } from './harness.js';
import { type OpenSandbox, data, pricesOnServer } from './server-state.js';

let sandbox: OpenSandbox;
let rentals: Runner;
let chair: number;
beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  rentals = cliFor(sandbox);
  const items = await data(sandbox.call, 'GET', '/v2/inventory');
  chair = Number(items.find((item) => item.name === 'Kids Folding Chair')!.id);
});
afterAll(() => sandbox.close());

interface ReportRow {
  line: number;
  outcome: string;
  ids: Record<string, number>;
  old: { price: number };
}

/** The chair's prices by block. */
async function chairPrices(): Promise<number[]> {
  const prices = await pricesOnServer(sandbox, [chair]);
  return [1, 2, 3].map((block) => prices.get(`${chair}/${block}`)!.price);
}

/**
 * A run of `--percent 10` on the chair's prices whose last two rows did not run (as after Ctrl-C):
 * the report says `not_run` for them, the server has their old prices.
 */
async function partialRun(): Promise<{ report: string; before: number[] }> {
  const before = await chairPrices();
  const report = join(fileTempDir('rentals-adjust-resume-'), 'kids.ndjson');
  const run = await rentals(['prices', 'adjust', '--item', 'Kids Folding Chair', '--percent', '10', '--report', report]);
  expect(run.code, run.stderr).toBe(0);
  const lines = readFileSync(report, 'utf8').split('\n').filter(Boolean);
  const rewritten: string[] = [];
  for (const text of lines) {
    const row = JSON.parse(text) as ReportRow;
    if (row.line >= 2 && row.outcome === 'updated') {
      const id = row.ids.id!;
      await data(sandbox.call, 'PUT', `/v1/inventory/${chair}/pricing/${id}`, { id, inventoryId: chair, rentalBlockId: row.ids.rentalBlockId, price: row.old.price });
      rewritten.push(JSON.stringify({ ...row, outcome: 'not_run' }));
    } else rewritten.push(text);
  }
  writeFileSync(report, `${rewritten.join('\n')}\n`);
  return { report, before };
}

describe('prices adjust --resume', () => {
  test('flags that differ from the report are refused, each named with both values; nothing is sent', async () => {
    const { report, before } = await partialRun();
    const atStart = await chairPrices();
    const other = await rentals(['prices', 'adjust', '--item', 'LED Uplight', '--percent', '20', '--resume', report, '--dry-run', '-o', 'json']);
    expect(other.code, other.stderr).toBe(2);
    expect(other.stdout).toBe('');
    expect(other.stderr).toContain(`--inventory-id: the run in the report had ${chair}`);
    expect(other.stderr).toMatch(/LED Uplight/);
    expect(other.stderr).toContain('--percent: the run in the report had 10, this one 20');
    const amount = await rentals(['prices', 'adjust', '--item', 'Kids Folding Chair', '--amount', '10', '--resume', report, '--yes']);
    expect(amount.code, amount.stderr).toBe(2);
    expect(amount.stderr).toContain('--amount: the run in the report had --percent 10, this one --amount 10');
    expect(await chairPrices()).toEqual(atStart);
    expect(atStart[0]).toBeCloseTo(before[0]! * 1.1, 2);
  });

  test('the same flags adjust the prices that did not change yet, by the same change', async () => {
    const { report, before } = await partialRun();
    const resumed = await rentals(['prices', 'adjust', '--inventory-id', String(chair), '--percent', '10.0', '--resume', report]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/^2 rows: 0 created, 2 updated/m);
    expect(resumed.stderr).not.toContain('taken from the report');
    const after = await chairPrices();
    after.forEach((price, i) => expect(price).toBeCloseTo(Math.round(before[i]! * 110) / 100, 2));
  });

  test('flags left out are taken from the report, and said so', async () => {
    const { report, before } = await partialRun();
    const resumed = await rentals(['prices', 'adjust', '--resume', report]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`Flags taken from the report ${report}: --percent 10 --inventory-id ${chair}`);
    expect(resumed.stderr).toMatch(/^2 rows: 0 created, 2 updated/m);
    const after = await chairPrices();
    after.forEach((price, i) => expect(price).toBeCloseTo(Math.round(before[i]! * 110) / 100, 2));
  });
});

describe('the report of prices adjust', () => {
  test('starts with the run it records; --undo reads it as before', async () => {
    const before = await chairPrices();
    const report = join(fileTempDir('rentals-adjust-report-'), 'run.ndjson');
    const run = await rentals(['prices', 'adjust', '--item', 'Kids Folding Chair', '--amount', '2.50', '--round', '0.05', '--report', report]);
    expect(run.code, run.stderr).toBe(0);
    const [first] = readFileSync(report, 'utf8').split('\n');
    expect(JSON.parse(first!)).toEqual({ run: { command: 'prices adjust', flags: { amount: '2.5', round: '0.05', inventoryId: [chair] } } });
    const undone = await rentals(['prices', 'import', '--undo', report]);
    expect(undone.code, undone.stderr).toBe(0);
    expect(await chairPrices()).toEqual(before);
  });
});
