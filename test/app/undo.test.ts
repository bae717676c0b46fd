// The undo use case (app/undo.ts) in-process: a history entry's records put back through the
// writers, judged as any write (a stock raise undone refused like `inventory update`), the dry run
// judged the same way as the run, a deleted event and its lines brought back together, a record
// changed since refusing the whole undo. The history is a double: only what undo asks of it.

import { describe, expect, test } from 'vitest';
import type { HistoryLog } from '../../src/app/factory.js';
import { type UndoDeps, StaleEntryError, undo } from '../../src/app/undo.js';
import type { HistoryEntry, HistoryRecord } from '../../src/config/history.js';
import { StockChangeRefused } from '../../src/domain/stock-change.js';
import type { View } from '../../src/output/views.js';
import { resources } from '../../src/resources/definitions.js';
import { aLine, anEvent, anItem, keptNotices, strict, writeWorldSuite } from '../helpers/app-context.js';

const world = writeWorldSuite();

/** The history as undo sees it: these entries; this run's own writes noted. */
function historyOf(entries: HistoryEntry[]) {
  const own = { undoes: [] as string[], broughtBack: [] as Array<[string, number, number]> };
  const history = strict<HistoryLog>('history', {
    entries: () => entries,
    undoes: (entry) => void own.undoes.push(entry),
    entry: () => (own.undoes.length > 0 ? 'own00001' : undefined),
    broughtBack: (resource, from, to) => void own.broughtBack.push([resource, from, to]),
  });
  return { history, own };
}

function entryOf(id: string, records: HistoryRecord[]): HistoryEntry {
  return { id, at: '2025-06-01T12:00:00.000Z', command: `rentals something ${id}`, baseUrl: 'http://sandbox', records: records.map((r) => ({ ...r })) };
}

function depsOf(entries: HistoryEntry[]) {
  const w = world();
  const notices = keptNotices();
  const { history, own } = historyOf(entries);
  return { w, notices, own, deps: strict<UndoDeps>('deps', { calendar: w.calendar, writers: w.writers, notices, api: w.api, history }) };
}

function changesOf(view: View) {
  if (view.kind !== 'changes') throw new Error(`undo answers with its changes, not ${view.kind}`);
  return view.changes;
}

describe('undo through the writers', () => {
  test('a stock raise undone once the units are booked: refused by the stock rule, dry run and run alike; nothing written', async () => {
    const first = world();
    const tent = await anItem(first.call, 30);
    const raise = await first.writers.stock.planUpdate({ def: resources.inventory, version: 'v2' }, tent.id, { quantityAvailable: 50 });
    await raise.write();
    const raised = entryOf('raise001', first.recorded);
    const gala = await anEvent(first.call, '2025-09-01T08:00:00', '2025-09-02T10:00:00');
    await aLine(first.call, gala.id, tent.id, 43);

    const dry = depsOf([raised]);
    await expect(undo(dry.deps, { allowOverbook: false, dryRun: true })).rejects.toThrow(StockChangeRefused);
    const run = depsOf([raised]);
    await expect(undo(run.deps, { allowOverbook: false, dryRun: false })).rejects.toThrow(/cannot go down to 30/);
    expect(run.w.recorded).toEqual([]);
    // Allowed, it is written, with the shortage said.
    const allowed = depsOf([raised]);
    expect(changesOf(await undo(allowed.deps, { allowOverbook: true, dryRun: false }))).toEqual([expect.objectContaining({ resource: 'inventory', id: tent.id, after: expect.objectContaining({ quantityAvailable: 30 }) })]);
    expect(allowed.notices.warnings).toEqual([expect.stringContaining('goes below what events hold')]);
    expect(allowed.own.undoes).toEqual(['raise001']);
  });

  test('a deleted event and its lines come back: the event under a new id, its lines on it, judged over its window before anything is written', async () => {
    const first = world();
    const crates = await anItem(first.call, 4);
    const fair = await anEvent(first.call, '2025-10-01T08:00:00', '2025-10-02T10:00:00');
    const crateLine = await aLine(first.call, fair.id, crates.id, 2);
    const lines = await first.writers.bookings.planDelete({ def: resources.bookings, version: 'v2', parentId: fair.id }, crateLine);
    await lines.write();
    const event = await first.writers.events.planDelete(first.writers.events.address(), fair.id);
    await event.write();
    const deleted = entryOf('del00001', first.recorded);

    const dry = depsOf([deleted]);
    const planned = changesOf(await undo(dry.deps, { allowOverbook: false, dryRun: true }));
    expect(planned.map((c) => [c.resource, c.id, c.before])).toEqual([
      ['events', null, null],
      ['bookings', null, null],
    ]);
    expect(dry.w.recorded).toEqual([]);

    const run = depsOf([deleted]);
    const written = changesOf(await undo(run.deps, { allowOverbook: false, dryRun: false }));
    const newEvent = written[0]!.id!;
    expect(newEvent).not.toBe(fair.id);
    expect(written[1]).toMatchObject({ resource: 'bookings', parentId: newEvent, before: null, after: expect.objectContaining({ inventoryId: crates.id, quantity: 2 }) });
    expect(run.own.broughtBack).toEqual([
      ['events', fair.id, newEvent],
      ['bookings', crateLine, written[1]!.id],
    ]);
  });

  test('a record changed since the entry: the whole undo refused (stale), nothing written; an entry with nothing left to undo says so', async () => {
    const first = world();
    const lamps = await anItem(first.call, 20);
    const gala = await anEvent(first.call, '2025-11-01T08:00:00', '2025-11-02T10:00:00');
    const lamp = await aLine(first.call, gala.id, lamps.id, 4);
    await (await first.writers.bookings.planUpdate({ def: resources.bookings, version: 'v2', parentId: gala.id }, lamp, { quantity: 6 })).write();
    const entry = entryOf('chg00001', first.recorded);
    await first.call('PUT', `/v2/events/${gala.id}/inventory/${lamp}`, { body: { id: lamp, eventId: gala.id, inventoryId: lamps.id, quantity: 7, price: 10 } });
    const stale = depsOf([entry]);
    await expect(undo(stale.deps, { allowOverbook: false, dryRun: false })).rejects.toThrow(StaleEntryError);
    expect(stale.w.recorded).toEqual([]);

    const putBack = entryOf('back0001', [...first.recorded, { ...first.recorded[0]!, before: first.recorded[0]!.after, after: first.recorded[0]!.before }]);
    const nothing = depsOf([putBack]);
    expect(changesOf(await undo(nothing.deps, { entry: 'back', allowOverbook: false, dryRun: false }))).toEqual([]);
    expect(nothing.notices.infos).toEqual([expect.stringMatching(/^Nothing to undo: what entry back0001/)]);
  });
});
