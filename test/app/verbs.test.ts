// The generic verbs' writes (app/resource/verbs.ts) in-process: each through its resource's
// writer (chosen by the resource, never by a string), answering with its changes; a dry run shows
// the same changes and, for scripts, the request it would send; a delete nobody can confirm is
// refused before any request.

import { describe, expect, test } from 'vitest';
import { type ResourceDeps, addView, deleteView, updateView } from '../../src/app/resource/verbs.js';
import { NameTaken } from '../../src/data/unique-names.js';
import { StockChangeRefused } from '../../src/domain/stock-change.js';
import { UsageError } from '../../src/errors.js';
import type { View } from '../../src/output/views.js';
import { resources } from '../../src/resources/definitions.js';
import { aLine, anEvent, anItem, resourceDepsOver, strict, writeWorldSuite } from '../helpers/app-context.js';

const world = writeWorldSuite();

function depsOf(given: Partial<ResourceDeps> = {}) {
  const w = world();
  return { w, ...resourceDepsOver(w, given) };
}

function json(view: View): Record<string, unknown> {
  if (view.kind !== 'changes') throw new Error(`a write answers with its changes, not ${view.kind}`);
  return { ...view.json, changes: view.changes };
}

describe('add, update and delete through the writers', () => {
  test('a price added, changed and deleted: each a change of the record, the records answered as data', async () => {
    const { w, deps } = depsOf();
    const tent = await anItem(w.call, 2);
    const added = json(await addView(deps, resources.prices, 'v1', { flags: { inventoryId: tent.id, rentalBlockId: 2, price: '99.5' } }));
    expect(added).toMatchObject({ data: [{ inventoryId: tent.id, rentalBlockId: 2, price: 99.5 }], changes: [{ resource: 'prices', parentId: tent.id, before: null, after: { price: 99.5 } }] });
    const priceId = (added.data as Array<{ id: number }>)[0]!.id;
    const changed = json(await updateView(deps, resources.prices, 'v1', String(priceId), { flags: { price: '120' } }, tent.id));
    expect(changed).toMatchObject({ changes: [{ id: priceId, before: { price: 99.5 }, after: { price: 120 } }] });
    const removed = json(await deleteView(deps, { def: resources.prices, version: 'v1', parentId: tent.id }, `id:${priceId}`, { yes: true }));
    expect(removed).toMatchObject({ data: [{ id: priceId }], changes: [{ id: priceId, before: { price: 120 }, after: null }] });
    expect(w.recorded.map((r) => [r.resource, r.before === null, r.after === null])).toEqual([
      ['prices', true, false],
      ['prices', false, false],
      ['prices', false, true],
    ]);
  });

  test('a dry run: the same change, and the request for scripts; nothing written', async () => {
    const { w, deps } = depsOf();
    const tent = await anItem(w.call, 2);
    const view = json(await updateView(deps, resources.inventory, 'v2', String(tent.id), { flags: { name: 'Big tent' }, dryRun: true }, undefined));
    expect(view).toMatchObject({
      data: [{ dryRun: true, method: 'PUT', url: `https://api.test/v2/inventory/${tent.id}`, body: { id: tent.id, name: 'Big tent', quantityAvailable: 2, active: 1 } }],
      changes: [{ resource: 'inventory', id: tent.id, name: 'Big tent', before: { name: tent.name }, after: { name: 'Big tent' } }],
    });
    expect(w.recorded).toEqual([]);
  });

  test("the stock's rule for an item's units owned; the booking planner for a line; the event's for its status", async () => {
    const { w, deps } = depsOf();
    const tent = await anItem(w.call, 3);
    const show = await anEvent(w.call, '2025-08-01T08:00:00', '2025-08-02T10:00:00');
    await aLine(w.call, show.id, tent.id, 3);
    await expect(updateView(deps, resources.inventory, 'v2', String(tent.id), { flags: { quantityAvailable: '2' } }, undefined)).rejects.toThrow(StockChangeRefused);
    await expect(addView(deps, resources.bookings, 'v2', { flags: { eventId: show.id, inventoryId: tent.id, quantity: '1' } })).rejects.toThrow(/not enough units/);
    const cancelled = json(await updateView(deps, resources.events, 'v1', String(show.id), { flags: { eventStatusId: 4 } }, undefined));
    expect(cancelled).toMatchObject({ changes: [{ before: { eventStatusId: 2, cancelDate: null }, after: { eventStatusId: 4, cancelDate: '2025-06-01T12:00:00' } }] });
    expect(w.recorded).toHaveLength(1);
  });

  test('a delete nobody can confirm is refused before any request; one confirmed names the record', async () => {
    const untouched = strict<ResourceDeps>('deps', { asker: () => undefined });
    await expect(deleteView(untouched, { def: resources.categories, version: 'v2' }, 'id:3', {})).rejects.toThrow(UsageError);
    const asked: string[] = [];
    const { w, deps } = depsOf({ asker: () => async (question) => (asked.push(question), true) });
    const category = (await w.call('POST', '/v2/inventorycategory', { body: { name: 'Tents', inactive: 0 } })).json.data[0]!;
    await deleteView(deps, { def: resources.categories, version: 'v2' }, `id:${category.id}`, {});
    expect(asked).toEqual([`Delete inventory category ${category.id} "Tents"?`]);
  });

  test("an item's or a category's name another record has: refused by its writer before any request, a dry run alike; a change that keeps the name passes", async () => {
    const { w, deps } = depsOf();
    const tent = await anItem(w.call, 2);
    for (const dryRun of [false, true]) {
      await expect(addView(deps, resources.inventory, 'v2', { flags: { name: tent.name.toUpperCase(), quantityAvailable: '1' }, dryRun })).rejects.toThrow(NameTaken);
    }
    const other = await anItem(w.call, 1);
    await expect(updateView(deps, resources.inventory, 'v2', String(other.id), { flags: { name: ` ${tent.name} ` } }, undefined)).rejects.toThrow(`inventory item ${tent.id} is already named`);
    await updateView(deps, resources.inventory, 'v2', String(tent.id), { flags: { name: tent.name.toLowerCase(), quantityAvailable: '3' } }, undefined);
    const category = (await w.call('POST', '/v2/inventorycategory', { body: { name: 'Verbs lights', inactive: 0 } })).json.data[0]!;
    await expect(addView(deps, resources.categories, 'v2', { flags: { name: 'verbs  LIGHTS' } })).rejects.toThrow(`inventory category ${category.id} is named "Verbs lights"`);
    // Events are not catalog entries: their names repeat (a fair every year).
    const fair = await anEvent(w.call, '2025-09-01T08:00:00', '2025-09-02T10:00:00');
    const dates = { dropoffDate: '2026-09-01T08:00:00', startDate: '2026-09-01T08:00:00', endDate: '2026-09-02T10:00:00', teardownDate: '2026-09-02T10:00:00', pickupDate: '2026-09-02T10:00:00' };
    await addView(deps, resources.events, 'v1', { flags: { eventName: fair.name, eventStatusId: 2, rentalBlockId: 1, ...dates } });
    expect(w.recorded.map((r) => [r.resource, r.before === null])).toEqual([['inventory', false], ['events', true]]);
  });
});
