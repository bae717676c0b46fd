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

describe('prices adjust --resume and the guard flags', () => {
  /** A run of +5 on the Stage Stairs under --max-change 12: its 30 → 35 (+16.7%) is refused. */
  async function guardedRun(): Promise<{ report: string; before: Map<string, number> }> {
    const items = await data(sandbox.call, 'GET', '/v2/inventory');
    const stairs = Number(items.find((item) => item.name === 'Stage Stairs')!.id);
    const priceOf = async () => new Map([...(await pricesOnServer(sandbox, [stairs])).entries()].map(([key, p]) => [key, p.price]));
    const report = join(fileTempDir('rentals-adjust-guard-'), 'm.ndjson');
    const before = await priceOf();
    const run = await rentals(['prices', 'adjust', '--item', 'Stage Stairs', '--amount', '5', '--max-change', '12', '--report', report, '--yes']);
    expect(run.code, run.stderr).toBe(6);
    expect(run.stderr).toMatch(/refused by --max-change/);
    const [first] = readFileSync(report, 'utf8').split('\n');
    expect(JSON.parse(first!)).toMatchObject({ run: { flags: { amount: '5', maxChange: '12' } } });
    return { report, before: await priceOf().then((now) => new Map([...now].filter(([key, price]) => price === before.get(key)))) };
  }

  test('a resume keeps the run\'s --max-change: the refused rows are refused again', async () => {
    const { report, before } = await guardedRun();
    expect(before.size).toBeGreaterThan(0);
    const resumed = await rentals(['prices', 'adjust', '--resume', report, '--yes']);
    expect(resumed.code, resumed.stderr).toBe(6);
    expect(resumed.stderr).toContain(`Flags taken from the report ${report}: --amount 5`);
    expect(resumed.stderr).toContain('--max-change 12');
    const prices = await pricesOnServer(sandbox);
    for (const [key, price] of before) expect(prices.get(key)!.price).toBe(price);
  });

  test('a looser guard given on resume lets them through, and is named with both values', async () => {
    const { report, before } = await guardedRun();
    const resumed = await rentals(['prices', 'adjust', '--resume', report, '--max-change', '20', '--yes']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('--max-change: the run had 12, this one 20');
    const prices = await pricesOnServer(sandbox);
    for (const [key, price] of before) expect(prices.get(key)!.price).toBe(price + 5);
  });
});
