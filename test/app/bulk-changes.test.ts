// The bulk use cases' writes (app/bulk/) in-process: a plan shown by a dry run carries its changes
// for machines (-o json's `changes` at the end of the plan file, ndjson rows with their change's
// keys, tsv/csv the rows of its changes); `prices set` writes through the writers' row writes.

import { NameResolver } from '../../src/data/resolver.js';
import { describe, expect, test } from 'vitest';
import { type BulkDeps, settlePlan } from '../../src/app/bulk/run.js';
import { setPrice } from '../../src/app/bulk/set-price.js';
import { newPlan } from '../../src/bulk/plan.js';
import { priceRows } from '../../src/bulk/spec.js';
import { planKeyFrom } from '../../src/config/plan-key.js';
import type { Outcome, PlanView } from '../../src/output/views.js';
import { anItem, keptNotices, strict, writeWorldSuite } from '../helpers/app-context.js';

const world = writeWorldSuite();

async function all<T>(items: Iterable<T> | AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('a bulk dry run carries its changes', () => {
  const plan = newPlan(
    priceRows,
    [
      { line: 2, action: 'update', ids: { id: 5, inventoryId: 1, rentalBlockId: 1 }, label: 'Tent\nWeekend / Daily', old: { price: 450 }, new: { price: 500 } },
      { line: 3, action: 'unchanged', ids: { id: 6, inventoryId: 1, rentalBlockId: 2 }, label: 'Tent / Weekly', old: { price: 9 }, new: { price: 9 } },
    ],
    { source: 'prices.csv', now: () => Date.parse('2026-11-22T08:00:00Z') },
  );

  test('json: the plan file with `changes` at its end; ndjson: each row, a change with its keys; tsv: a row per field changed', async () => {
    const outcome = (await settlePlan(strict<BulkDeps>('deps', { notices: () => keptNotices(), planKey: async () => planKeyFrom(Buffer.alloc(32, 7)) }), priceRows, plan, { dryRun: true, skipInvalid: false, applyCommand: 'rentals prices apply' })) as Outcome;
    const view = outcome.view as PlanView;
    const document = JSON.parse((await all(view.document!())).join('')) as { rows: unknown[]; changes: unknown[] };
    expect(document.rows).toHaveLength(2);
    const change = { action: 'update', resource: 'prices', parentId: 1, id: 5, name: 'Tent\nWeekend / Daily', before: { price: 450 }, after: { price: 500 } };
    expect(document.changes).toEqual([change]);
    expect((await all(view.records())).map((line) => JSON.parse(line) as unknown)).toEqual([{ ...plan.rows[0], ...change }, plan.rows[1]]);
    expect(await all(view.rows())).toEqual([{ action: 'update', resource: 'prices', id: 5, name: 'Tent\nWeekend / Daily', field: 'price', before: 450, after: 500, reason: null }]);
  });
});

describe('prices set', () => {
  test('one price changed through the writers; the same, a second time, sends nothing', async () => {
    const w = world();
    const tent = await anItem(w.call, 2, 40);
    const deps = strict<BulkDeps>('deps', {
      sizeClient: () => undefined,
      catalog: () => w.calendar.catalog,
      api: w.api,
      now: () => Date.parse('2025-06-01T12:00:00Z'),
      names: () => new NameResolver(w.calendar.catalog),
      interrupts: () => ({ listen: () => () => undefined }),
    });
    const view = await setPrice(deps, { inventoryId: tent.id, rentalBlockId: 1, price: '45', dryRun: false });
    expect(view).toMatchObject({ kind: 'changes', dryRun: false, changes: [{ resource: 'prices', parentId: tent.id, before: { price: 40 }, after: { price: 45 } }] });
    expect(w.recorded).toEqual([expect.objectContaining({ resource: 'prices', before: expect.objectContaining({ price: 40 }), after: expect.objectContaining({ price: 45 }) })]);
    expect(await setPrice(deps, { inventoryId: tent.id, rentalBlockId: 1, price: '45', dryRun: false })).toMatchObject({ kind: 'changes', changes: [] });
    expect(w.recorded).toHaveLength(1);
  });
});
