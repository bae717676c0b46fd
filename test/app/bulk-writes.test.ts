// The bulk write use cases (app/bulk/import.ts, adjust.ts) in-process against an in-process
// sandbox: their rows written through the writers' row writes (the history records each), a bookings
// import judged whole by the booking planner before any row, a dry run showing the plan's changes.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runAdjust } from '../../src/app/bulk/adjust.js';
import { runImport } from '../../src/app/bulk/import.js';
import type { BulkDeps } from '../../src/app/bulk/run.js';
import { planKeyFrom } from '../../src/config/plan-key.js';
import { NameResolver } from '../../src/data/resolver.js';
import type { PlanView } from '../../src/output/views.js';
import { resources } from '../../src/resources/definitions.js';
import { tempDir } from '../helpers/fake-context.js';
import { aLine, anEvent, anItem, keptNotices, strict, writeWorldSuite } from '../helpers/app-context.js';

const world = writeWorldSuite();

function depsOf() {
  const w = world();
  const notices = keptNotices();
  const dir = tempDir();
  const deps = strict<BulkDeps>('deps', {
    sizeClient: () => undefined,
    catalog: () => w.calendar.catalog,
    api: w.api,
    names: () => new NameResolver(w.calendar.catalog),
    now: () => Date.parse('2025-06-01T12:00:00Z'),
    notices: () => notices,
    progress: () => undefined,
    interrupts: () => ({ listen: () => () => undefined }),
    planKey: async () => planKeyFrom(Buffer.alloc(32, 3)),
    dataDir: () => dir,
    toolCall: () => false,
    booking: async () => strict<Awaited<ReturnType<BulkDeps['booking']>>>('booking', { calendar: w.calendar, writers: w.writers, bookings: w.writers.bookings, stock: w.writers.stock, notices }),
  });
  return { w, notices, deps, dir };
}

async function all<T>(items: Iterable<T> | AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('prices import and adjust', () => {
  test('an import writes its rows through the writers (each in the history); its dry run shows the same changes', async () => {
    const { w, deps, dir } = depsOf();
    const tent = await anItem(w.call, 2, 40);
    const csv = join(dir, 'prices.csv');
    writeFileSync(csv, `inventoryId,rentalBlockId,price\n${tent.id},1,45\n${tent.id},2,60\n`);
    const options = { def: resources.prices, file: csv, dryRun: true, skipInvalid: false, concurrency: 2, yes: true };
    const shown = await runImport(deps, options);
    const view = shown.view as PlanView;
    expect((await all(view.rows())).map((row) => [row.action, row.field, row.before, row.after])).toEqual([
      ['update', 'price', 40, 45],
      ['create', 'price', null, 60],
    ]);
    await shown.afterPrinting?.();
    expect(w.recorded).toEqual([]);
    await runImport(deps, { ...options, dryRun: false });
    expect(w.recorded.map((r) => [r.resource, r.before?.price ?? null, r.after?.price])).toEqual([
      ['prices', 40, 45],
      ['prices', null, 60],
    ]);
  });

  test('an adjust: its dry run the changes of every price it touches, its run the same through the writers', async () => {
    const { w, deps } = depsOf();
    const lamp = await anItem(w.call, 2, 20);
    const options = { percent: '10', inventoryIds: [String(lamp.id)], rentalBlockIds: [], round: '0.01', dryRun: true, skipInvalid: false, concurrency: 2, yes: true };
    const shown = await runAdjust(deps, options);
    expect((await all((shown.view as PlanView).rows())).map((row) => [row.before, row.after])).toEqual([[20, 22]]);
    await shown.afterPrinting?.();
    await runAdjust(deps, { ...options, dryRun: false });
    expect(w.recorded.map((r) => [r.before?.price, r.after?.price])).toEqual([[20, 22]]);
  });
});

describe('bookings import', () => {
  test('judged whole by the booking planner before any row: one line that does not fit refuses them all, nothing written', async () => {
    const { w, deps, dir } = depsOf();
    const [chairs, tent] = [await anItem(w.call, 50), await anItem(w.call, 1)];
    const party = await anEvent(w.call, '2025-08-01T08:00:00', '2025-08-02T10:00:00');
    const rival = await anEvent(w.call, '2025-08-01T12:00:00', '2025-08-01T20:00:00');
    await aLine(w.call, rival.id, tent.id, 1);
    const csv = join(dir, 'bookings.csv');
    writeFileSync(csv, `inventoryId,quantity,price\n${chairs.id},10,2\n${tent.id},1,100\n`);
    await expect(runImport(deps, { def: resources.bookings, file: csv, eventId: String(party.id), dryRun: false, skipInvalid: false, concurrency: 2, yes: true })).rejects.toThrow(/not enough units/);
    expect(w.recorded).toEqual([]);
  });
});
