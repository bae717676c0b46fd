// The bulk use cases of src/app in process (export, import with its plan file and apply, one price
// set, an across-the-board adjust), each given the CLI's own factory against an in-process sandbox
// with only the members a bulk run may use, and its files under the test's temporary directory.

import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runAdjust } from '../../src/app/bulk/adjust.js';
import { runApply } from '../../src/app/bulk/apply.js';
import { runExport } from '../../src/app/bulk/export.js';
import { resolveIds } from '../../src/app/bulk/ids.js';
import { runImport } from '../../src/app/bulk/import.js';
import { type BulkDeps, defaultReport } from '../../src/app/bulk/run.js';
import { setPrice } from '../../src/app/bulk/set-price.js';
import type { Factory } from '../../src/app/factory.js';
import type { PlanView, View } from '../../src/output/views.js';
import { fieldByName, resources } from '../../src/resources/definitions.js';
import { calendarSuite } from '../e2e/calendar-fixtures.js';
import { data } from '../e2e/server-state.js';
import { tempDir } from '../helpers/fake-context.js';
import { factoryOver, fakeFactory } from '../helpers/fake-factory.js';
import { FIXED_NOW } from '../sandbox/helpers.js';

const { sandbox, call, item } = calendarSuite('Bulk');

/** What a bulk run uses of the factory. */
const BULK = ['api', 'names', 'catalog', 'sizeClient', 'notices', 'progress', 'stderr', 'interrupts', 'asker', 'planKey', 'booking', 'stdin', 'now', 'dataDir', 'toolCall'] as const;

async function bulkRun<T>(body: (factory: BulkDeps, stderr: () => string) => Promise<T>, home = tempDir()): Promise<T> {
  const run = await factoryOver(sandbox(), BULK, { now: FIXED_NOW, home });
  try {
    return await body(run.factory, run.stderr);
  } finally {
    run.close();
  }
}

async function priceOf(itemId: number, blockId: number): Promise<unknown> {
  const prices = await data(call(), 'GET', `/v1/inventory/${itemId}/pricing`);
  return prices.find((p) => p.rentalBlockId === blockId)?.price;
}

async function planLines(view: View): Promise<string> {
  if (view.kind !== 'plan') throw new Error(`a plan, not ${view.kind}`);
  const lines: string[] = [];
  for await (const line of (view as PlanView).lines()) lines.push(line);
  return lines.join('\n');
}

describe('bulk', () => {
  test('export: every price of the items asked for, by name, as the rows import reads back', async () => {
    const tent = await item(2, 120);
    const view = await bulkRun((factory) => runExport(factory, { def: resources.prices, inventoryIds: [tent.name], rentalBlockIds: [], concurrency: 2 }));
    const rows: Array<Record<string, unknown>> = [];
    if (view.kind === 'stream') {
      for await (const piece of view.pieces) if (piece.kind === 'records') rows.push(...piece.records);
    } else rows.push(...view.rows);
    expect(rows).toEqual([expect.objectContaining({ inventoryId: tent.id, inventoryName: tent.name, rentalBlockId: 1, price: 120 })]);
  });

  test('import: a dry run shows the plan and sends nothing; --plan writes it; apply runs it', async () => {
    const lamp = await item(5, 10);
    const dir = tempDir();
    const csv = join(dir, 'prices.csv');
    writeFileSync(csv, `inventoryId,rentalBlockId,price\n${lamp.id},1,11\n`);
    const options = { def: resources.prices, file: csv, skipInvalid: false, concurrency: 2, yes: true };
    const dry = await bulkRun((factory) => runImport(factory, { ...options, dryRun: true }));
    expect(await planLines(dry.view!)).toMatch(/10(\.00)? → 11(\.00)?/);
    expect(await priceOf(lamp.id, 1)).toBe(10);

    const home = tempDir();
    const plan = join(dir, 'plan.json');
    await bulkRun((factory) => runImport(factory, { ...options, dryRun: false, plan }), home);
    expect(JSON.parse(readFileSync(plan, 'utf8'))).toMatchObject({ rows: [expect.objectContaining({ action: 'update' })] });
    expect(await priceOf(lamp.id, 1)).toBe(10);
    await bulkRun((factory) => runApply(factory, { def: resources.prices, plan, concurrency: 2, yes: true }), home);
    expect(await priceOf(lamp.id, 1)).toBe(11);
  });

  test('import needs a file or --undo, one of them, before anything is read', async () => {
    await expect(runImport(fakeFactory() as BulkDeps, { def: resources.prices, dryRun: false, skipInvalid: false, concurrency: 1 })).rejects.toThrow('give the file to import');
  });

  test('set: one price created or updated by name, a dry run sending nothing', async () => {
    const chair = await item(9, 3);
    const dry = await bulkRun((factory) => setPrice(factory, { inventoryId: chair.name, rentalBlockId: 'Weekend', price: '4.5', dryRun: true }));
    expect(dry).toMatchObject({ kind: 'changes', dryRun: true, changes: [{ resource: 'prices', parentId: chair.id, id: null, before: null, after: { price: 4.5 } }] });
    const done = await bulkRun((factory) => setPrice(factory, { inventoryId: chair.name, rentalBlockId: 'Weekend', price: '4.5', dryRun: false }));
    expect(done).toMatchObject({ kind: 'changes', dryRun: false, changes: [{ resource: 'prices', parentId: chair.id, id: expect.any(Number), before: null, after: { price: 4.5 } }] });
    expect(await priceOf(chair.id, 2)).toBe(4.5);
    await expect(setPrice(fakeFactory() as BulkDeps, { inventoryId: chair.id, dryRun: false })).rejects.toThrow('prices set needs --rental-block-id, --price');
  });

  test('adjust: +10% of the prices that match, rounded half-up; a dry run shows them', async () => {
    const truss = await item(2, 19.99);
    const dry = await bulkRun((factory) => runAdjust(factory, { percent: '10', inventoryIds: [String(truss.id)], rentalBlockIds: ['1'], round: '0.01', dryRun: true, skipInvalid: false, concurrency: 2 }));
    expect(await planLines(dry.view!)).toMatch(/19\.99 → 21\.99/);
    expect(await priceOf(truss.id, 1)).toBe(19.99);
    await expect(runAdjust(fakeFactory() as BulkDeps, { inventoryIds: [], rentalBlockIds: [], round: '1', dryRun: true, skipInvalid: false, concurrency: 1 })).rejects.toThrow('give --percent <n> or --amount <n>');
  });

  test('ids of id flags: numbers as they are, names looked up', async () => {
    const crate = await item(1);
    const ids = await bulkRun((factory) => resolveIds((factory as Factory).names(), fieldByName(resources.prices, 'inventoryId')!, [crate.name, '7']));
    expect([...ids].sort((a, b) => a - b)).toEqual([7, crate.id].sort((a, b) => a - b));
  });

  test("a mass change's report, when none is named: a new file under the data directory", async () => {
    const dir = tempDir();
    const first = await defaultReport(fakeFactory({ dataDir: () => dir, toolCall: () => false, now: () => Date.UTC(2027, 0, 2, 3, 4, 5) }), 'prices import');
    expect(first).toBe(join(dir, 'reports', 'prices-import-20270102T030405Z.ndjson'));
  });

  test('a tool call of rentals mcp keeps no report unasked: no file, no directory', async () => {
    const dir = tempDir();
    expect(await defaultReport(fakeFactory({ dataDir: () => dir, toolCall: () => true, now: () => Date.UTC(2027, 0, 2, 3, 4, 5) }), 'prices import')).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
  });
});
