// The undo use case (app/undo.ts) in-process: a history entry's records put back through the
// writers, judged as any write (a stock raise undone refused like `inventory update`), the dry run
// judged the same way as the run, a deleted event and its lines brought back together, a record
// changed since refusing the whole undo, an undo that stopped part way finished or taken back (its
// unanswered write looked up first). The history is a double: only what undo asks of it, its own
// entry made of what the writers recorded since it started.

import { describe, expect, test } from 'vitest';
import type { HistoryLog } from '../../src/app/factory.js';
import { type UndoDeps, StaleEntryError, UnfinishedUndoError, undo } from '../../src/app/undo.js';
import { AlreadyUndoneError, NothingToUndoError } from '../../src/app/undo-progress.js';
import type { EntryEnd, HistoryEntry, HistoryRecord, StepNote, UndoStepRef } from '../../src/config/history.js';
import { StockChangeRefused } from '../../src/domain/stock-change.js';
import { ShortageRefused } from '../../src/domain/booking-plan.js';
import { StillReferenced } from '../../src/domain/references.js';
import { ShortageAdvisor } from '../../src/data/shortage-advisor.js';
import { buildWriters } from '../../src/data/writers.js';
import { DEFAULT_HOLD_POLICY, holdRuleFor } from '../../src/domain/hold-policy.js';
import { wallTimeIn } from '../../src/domain/wall-time.js';
import { UnknownNameError, UsageError } from '../../src/errors.js';
import type { View } from '../../src/output/views.js';
import { resources } from '../../src/resources/definitions.js';
import { aLine, anEvent, anItem, keptNotices, strict, writeWorldSuite } from '../helpers/app-context.js';
import { formatMoneyFixed } from '../../src/domain/money.js';

const world = writeWorldSuite();

/**
 * The history as undo sees it: these entries, and its own entry once it starts or resumes one (its
 * records: what the writers recorded since, and what a lookup added), its notes and how it ended.
 */
function historyOf(entries: HistoryEntry[], recorded: HistoryRecord[]) {
  const own = { id: undefined as string | undefined, undoes: [] as string[], steps: [] as UndoStepRef[], from: 0, end: undefined as EntryEnd | undefined };
  const added = new Map<string, HistoryRecord[]>();
  const notes = new Map<string, Array<StepNote | undefined>>();
  const notesOf = (id: string) => notes.get(id) ?? (notes.set(id, [...(entries.find((e) => e.id === id)?.undo?.notes ?? [])]), notes.get(id)!);
  const view = (): HistoryEntry[] => {
    const base = own.id === 'own00001' ? [...entries, { id: 'own00001', at: '2025-06-01T12:00:00.000Z', command: 'rentals undo', baseUrl: 'http://sandbox', undoes: own.undoes[0]!, records: [], undo: { steps: own.steps, notes: [], resumed: 0 } }] : entries;
    return base.map((entry) => {
      const records = [...entry.records, ...(added.get(entry.id) ?? []), ...(entry.id === own.id ? recorded.slice(own.from) : [])];
      const undo = entry.undo && { ...entry.undo, notes: notesOf(entry.id) };
      const end = entry.id === own.id ? own.end : entry.end;
      return { ...entry, records, ...(undo ? { undo } : {}), ...(end ? { end } : {}) };
    });
  };
  const history = strict<HistoryLog>('history', {
    entries: view,
    exclusive: (_key, work) => work(),
    startUndo: (of) => {
      if ('entry' in of) own.undoes.push(of.entry);
      own.id = 'own00001';
      own.from = recorded.length;
      return own.id;
    },
    resume: (id) => {
      own.id = id;
      own.from = recorded.length;
    },
    intent: (steps) => void own.steps.push(...steps),
    step: (index, note, entry) => void (notesOf(entry ?? own.id!)[index] = note),
    recordOf: (entry, record) => void (added.get(entry) ?? (added.set(entry, []), added.get(entry)!)).push(record),
    end: (end) => void (own.end = end),
    entry: () => own.id,
  });
  return { history, own };
}

function entryOf(id: string, records: HistoryRecord[]): HistoryEntry {
  return { id, at: '2025-06-01T12:00:00.000Z', command: `rentals something ${id}`, baseUrl: 'http://sandbox', records: records.map((r) => ({ ...r })) };
}

const UTC_CLOCK = { timeZone: () => 'UTC', wallAt: (instant: number) => wallTimeIn(instant, 'UTC') };

function depsOf(entries: HistoryEntry[]) {
  const w = world();
  const notices = keptNotices();
  const { history, own } = historyOf(entries, w.recorded);
  return { w, notices, own, deps: strict<UndoDeps>('deps', { calendar: w.calendar, writers: w.writers, notices, money: formatMoneyFixed, api: w.api, history, interrupts: { listen: () => () => undefined }, clock: UTC_CLOCK }) };
}

function changesOf(view: View) {
  if (view.kind !== 'changes') throw new Error(`undo answers with its changes, not ${view.kind}`);
  return view.changes;
}

describe('undo through the writers', () => {
  test('refused for stock, run as `rentals undo` without an entry: its ways out name the entry (run later, a bare undo would take back the move it offers first)', async () => {
    const first = world();
    const tent = await anItem(first.call, 1);
    const fair = await anEvent(first.call, '2025-10-01T08:00:00', '2025-10-02T10:00:00');
    const line = await aLine(first.call, fair.id, tent.id, 1);
    await (await first.writers.bookings.planDelete({ def: resources.bookings, version: 'v2', parentId: fair.id }, line)).write();
    const removed = entryOf('unb00001', first.recorded);
    const other = await anEvent(first.call, '2025-10-01T12:00:00', '2025-10-01T20:00:00');
    await aLine(first.call, other.id, tent.id, 1);

    // A global flag first (`rentals -q undo`): the command to run again is the command line's (the CLI's), naming the entry.
    for (const entry of [undefined, 'unb0']) {
      const { w, deps } = depsOf([removed]);
      const typed = `rentals -q undo${entry ? ` ${entry}` : ''}`;
      const advisor = new ShortageAdvisor(w.calendar, { alternatives: () => [], now: w.now, warn: () => undefined, commandLine: () => typed });
      const writers = buildWriters({ calendar: w.calendar, api: w.api, ruleOf: holdRuleFor(DEFAULT_HOLD_POLICY), now: w.now, advisor, pause: async () => undefined });
      const again = (id: string) => (entry ? typed : `${typed} ${id}`);
      const refused = await undo({ ...deps, writers }, { ...(entry ? { entry } : {}), allowOverbook: false, dryRun: true, again }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ShortageRefused);
      const commands = (refused as ShortageRefused).commands.map((c) => c.command);
      const named = entry ?? 'unb00001';
      expect(commands.at(-1)).toBe(`rentals -q undo ${named} --allow-overbook`);
      expect(commands.some((c) => c.includes(`&& rentals -q undo ${named}`))).toBe(true);
      expect(commands.filter((c) => /rentals -q undo(?! unb0)/.test(c))).toEqual([]);
      expect((refused as Error).message).not.toMatch(/rentals -q undo(?! unb0)/);
    }
  });

  test('an event created, booked on since: its undo refused naming the entry that booked it, to undo first', async () => {
    const first = world();
    const lamps = await anItem(first.call, 5);
    await (await first.writers.events.planCreate(first.writers.events.address(), { eventStatusId: 2, rentalBlockId: 1, eventName: 'Created then booked', dropoffDate: '2025-10-05T08:00:00', startDate: '2025-10-05T08:00:00', endDate: '2025-10-05T20:00:00', teardownDate: '2025-10-05T20:00:00', pickupDate: '2025-10-05T20:00:00' })).write();
    const created = entryOf('cre00001', first.recorded);
    const eventId = first.recorded[0]!.id;
    const mark = first.recorded.length;
    await (await first.writers.bookings.planCreate({ def: resources.bookings, version: 'v2', parentId: eventId }, { eventId, inventoryId: lamps.id, quantity: 2, price: 10 })).write();
    const booked = entryOf('bkg00001', first.recorded.slice(mark));

    const refused = await undo(depsOf([created, booked]).deps, { entry: 'cre00001', allowOverbook: false, dryRun: true }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StillReferenced);
    const lines = (refused as Error).message.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^entry cre00001 cannot be undone: event ${eventId} "Created then booked" has 1 booking: .* Nothing was undone\\.$`));
    expect(lines.slice(1)).toEqual(['Written since by this entry: undo it first (rentals undo bkg00001), then this one.', '  bkg00001 rentals something bkg00001']);

    // Booked outside this history: the booking removed by hand first, then the undo (not the delete's ways out).
    const outside = await undo(depsOf([created]).deps, { entry: 'cre00001', allowOverbook: false, dryRun: true }).catch((error: unknown) => error);
    expect(outside).toBeInstanceOf(StillReferenced);
    expect((outside as Error).message.split('\n').slice(1)).toEqual([
      "It was not made in this history of writes (someone else's rentals, the web application, rentals api): remove the booking first, then undo this entry:",
      `  rentals events unbook ${eventId} --item '${lamps.name}'`,
      '  rentals undo cre00001',
    ]);

    // Its undo stopped, the delete sent and not answered (not applied): --finish says the same, the entry that booked it to undo first.
    const stopped: HistoryEntry = { ...entryOf('und00001', []), undoes: 'cre00001', undo: { steps: [{ resource: 'events', id: eventId, action: 'delete' }], notes: [{ state: 'sending' }], resumed: 0 }, end: { outcome: 'partial', reason: 'stopped by an error: the answer was lost' } };
    const finishing = await undo(depsOf([created, stopped, booked]).deps, { allowOverbook: false, dryRun: true, finish: true }).catch((error: unknown) => error);
    expect(finishing).toBeInstanceOf(StillReferenced);
    const said = (finishing as Error).message.split('\n');
    expect(said[0]).toMatch(new RegExp(`^entry und00001 cannot finish undoing entry cre00001: event ${eventId} "Created then booked" has 1 booking: .* Nothing more was undone\\.$`));
    expect(said.slice(1)).toEqual(['Written since by this entry: undo it first (rentals undo bkg00001), then this one.', '  bkg00001 rentals something bkg00001']);
  });

  test('an item added, booked since, and another event booked whose id is the item\'s: its undo names the entry that booked the item', async () => {
    const first = world();
    const chairs = await anItem(first.call, 50);
    // Event and item ids alike (a booking's event id is not its item's): the event made to have the new item's id.
    let probe = await anEvent(first.call, '2025-11-01T08:00:00', '2025-11-01T20:00:00');
    let last = await anItem(first.call, 1);
    while (last.id < probe.id) last = await anItem(first.call, 1);
    await (await first.writers.stock.planCreate({ def: resources.inventory, version: 'v2' }, { name: 'Zed', quantityAvailable: 3, active: 1 })).write();
    const added = entryOf('add00001', first.recorded);
    const zed = first.recorded[0]!.id;
    while (probe.id < zed) probe = await anEvent(first.call, '2025-11-01T08:00:00', '2025-11-01T20:00:00');
    expect(probe.id).toBe(zed);
    const party = await anEvent(first.call, '2025-11-02T08:00:00', '2025-11-02T20:00:00');
    let mark = first.recorded.length;
    await (await first.writers.bookings.planCreate({ def: resources.bookings, version: 'v2', parentId: party.id }, { eventId: party.id, inventoryId: zed, quantity: 1, price: 10 })).write();
    const bookedZed = entryOf('bkz00001', first.recorded.slice(mark));
    mark = first.recorded.length;
    await (await first.writers.bookings.planCreate({ def: resources.bookings, version: 'v2', parentId: zed }, { eventId: zed, inventoryId: chairs.id, quantity: 1, price: 10 })).write();
    const bookedChairs = entryOf('bkc00001', first.recorded.slice(mark));

    const refused = await undo(depsOf([added, bookedZed, bookedChairs]).deps, { entry: 'add00001', allowOverbook: false, dryRun: true }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StillReferenced);
    const lines = (refused as Error).message.split('\n');
    expect(lines[0]).toMatch(/^entry add00001 cannot be undone: .* Nothing was undone\.$/);
    expect(lines.slice(1)).toEqual(['Written since by this entry: undo it first (rentals undo bkz00001), then this one.', '  bkz00001 rentals something bkz00001']);
  });

  test('an undone cancel refused for stock: the event is not offered moved and then the undo (the move would leave the undo stale)', async () => {
    const first = world();
    const tent = await anItem(first.call, 1);
    const fair = await anEvent(first.call, '2025-10-01T08:00:00', '2025-10-02T10:00:00');
    await aLine(first.call, fair.id, tent.id, 1);
    await (await first.writers.events.planUpdate(first.writers.events.address(), fair.id, { cancelDate: '2025-06-01T12:00:00', cancelReason: 'Rain' })).write();
    const cancelled = entryOf('can00001', first.recorded);
    const other = await anEvent(first.call, '2025-10-01T12:00:00', '2025-10-01T20:00:00');
    await aLine(first.call, other.id, tent.id, 1);

    const { w, deps } = depsOf([cancelled]);
    const advisor = new ShortageAdvisor(w.calendar, { alternatives: () => [], now: () => Date.UTC(2025, 8, 1), warn: () => undefined, commandLine: () => 'rentals undo can00001' });
    const writers = buildWriters({ calendar: w.calendar, api: w.api, ruleOf: holdRuleFor(DEFAULT_HOLD_POLICY), now: w.now, advisor, pause: async () => undefined });
    const refused = await undo({ ...deps, writers }, { entry: 'can00001', allowOverbook: false, dryRun: true }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ShortageRefused);
    expect((refused as ShortageRefused).waysOut[0]!.windows.length).toBeGreaterThan(0);
    expect((refused as ShortageRefused).commands.map((c) => c.command)).toEqual(['rentals undo can00001 --allow-overbook']);
  });

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
    expect(allowed.own.end).toEqual({ outcome: 'complete' });
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
    // Each record brought back says which deleted one it replaces, in the run's own records.
    expect(run.w.recorded.map((r) => [r.resource, r.id, r.replaces])).toEqual([
      ['events', newEvent, fair.id],
      ['bookings', written[1]!.id, crateLine],
    ]);
    expect(run.own.steps.map((s: UndoStepRef) => [s.resource, s.id, s.action])).toEqual([
      ['events', fair.id, 'recreate'],
      ['bookings', crateLine, 'recreate'],
    ]);
  });

  test('an event moved back with its lines put back: judged as one plan, the event over its window with the lines it will hold', async () => {
    const first = world();
    const tents = await anItem(first.call, 5);
    const other = await anEvent(first.call, '2025-12-01T08:00:00', '2025-12-02T10:00:00');
    await aLine(first.call, other.id, tents.id, 3);
    const gala = await anEvent(first.call, '2025-12-01T08:00:00', '2025-12-02T10:00:00');
    const line = await aLine(first.call, gala.id, tents.id, 2);
    // The entry: the gala moved to a free week, then its tents raised to 5 there.
    const later = { dropoffDate: '2026-01-10T08:00:00', startDate: '2026-01-10T08:00:00', endDate: '2026-01-11T10:00:00', teardownDate: '2026-01-11T10:00:00', pickupDate: '2026-01-11T10:00:00' };
    await (await first.writers.events.planUpdate(first.writers.events.address(), gala.id, later)).write();
    await (await first.writers.bookings.planUpdate({ def: resources.bookings, version: 'v2', parentId: gala.id }, line, { quantity: 5 })).write();
    const moved = entryOf('move0001', first.recorded);

    // Back in December with its 2 tents it fits beside the other's 3: neither the dry run nor the run is refused.
    const dry = depsOf([moved]);
    expect(changesOf(await undo(dry.deps, { allowOverbook: false, dryRun: true })).map((c) => c.resource)).toEqual(['bookings', 'events']);
    expect(dry.w.recorded).toEqual([]);
    const run = depsOf([moved]);
    await undo(run.deps, { allowOverbook: false, dryRun: false });
    const now = run.w.fresh().calendar;
    expect((await now.event(String(gala.id))).window?.from).toBe((await now.event(String(other.id))).window?.from);
    expect((await now.bookings([gala.id])).get(gala.id)?.map((b) => b.quantity)).toEqual([2]);
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
    // Changed outside rentals: said, to be put right by hand.
    await expect(undo(depsOf([entry]).deps, { allowOverbook: false, dryRun: true })).rejects.toThrow(/\nNo later entry changed it: the change is not in this history of writes \(someone else's rentals, the web application, rentals api\); change it back by hand/);
    // Changed by later entries of the history: they are named, the newest first, with the undo to run first.
    const mark = first.recorded.length;
    await (await first.writers.bookings.planUpdate({ def: resources.bookings, version: 'v2', parentId: gala.id }, lamp, { quantity: 8 })).write();
    const later = entryOf('chg00002', first.recorded.slice(mark));
    const mark2 = first.recorded.length;
    await (await first.writers.bookings.planUpdate({ def: resources.bookings, version: 'v2', parentId: gala.id }, lamp, { quantity: 9 })).write();
    const latest = entryOf('chg00003', first.recorded.slice(mark2));
    const named = await undo(depsOf([entry, later, latest]).deps, { entry: 'chg00001', allowOverbook: false, dryRun: true }).catch((error: unknown) => error);
    expect(named).toBeInstanceOf(StaleEntryError);
    expect((named as Error).message.split('Nothing was undone.\n')[1]).toBe('Written since by these entries, the newest first: undo them in this order first (rentals undo chg00003), then this one.\n  chg00003 rentals something chg00003\n  chg00002 rentals something chg00002');

    const putBack = entryOf('back0001', [...first.recorded, { ...first.recorded[0]!, before: first.recorded[0]!.after, after: first.recorded[0]!.before }]);
    const nothing = depsOf([putBack]);
    // Nothing to undo is a state of the history (exit 1), not a mistake in the command line.
    const refused = await undo(nothing.deps, { entry: 'back', allowOverbook: false, dryRun: false }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(NothingToUndoError);
    expect((refused as NothingToUndoError).exitCode).toBe(1);
    expect((refused as Error).message).toMatch(/^nothing to undo: what entry back0001/);
    expect(nothing.w.recorded).toEqual([]);

    // An entry no id starts with is not found (exit 4), as a record no name matches; two that start alike are a usage error (exit 2).
    const unknown = await undo(nothing.deps, { entry: 'zzz', allowOverbook: false, dryRun: false }).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(UnknownNameError);
    expect((unknown as UnknownNameError).exitCode).toBe(4);
    expect((unknown as Error).message).toBe('not found: entry: no entry "zzz" in the history of writes of this API (rentals history lists them)');
    const both = depsOf([entryOf('ab000001', first.recorded), entryOf('ab000002', first.recorded)]);
    await expect(undo(both.deps, { entry: 'ab', allowOverbook: false, dryRun: false })).rejects.toThrow(/2 entries start with "ab"/);
    await expect(undo(both.deps, { entry: 'ab', allowOverbook: false, dryRun: false })).rejects.toThrow(UsageError);
  });

  /** Three lines deleted (entry X), then an undo of it that stopped: the first line back (recorded), the second sent and never answered (applied), the third not sent. */
  async function stoppedUndo() {
    const first = world();
    const event = await anEvent(first.call, '2025-12-01T08:00:00', '2025-12-02T10:00:00');
    const at = { def: resources.bookings, version: 'v2' as const, parentId: event.id };
    const deleted: number[] = [];
    for (const quantity of [2, 3, 4]) {
      const id = await aLine(first.call, event.id, (await anItem(first.call, 10)).id, quantity);
      await (await first.writers.bookings.planDelete(at, id)).write();
      deleted.push(id);
    }
    const x = entryOf('lines001', first.recorded);
    const [c, b] = [x.records[2]!, x.records[1]!];
    const body = (r: HistoryRecord) => ({ eventId: event.id, inventoryId: r.before!.inventoryId, quantity: r.before!.quantity, price: 10 });
    const backC = (await first.call('POST', `/v2/events/${event.id}/inventory`, { body: body(c) })).json.data[0]!;
    await first.call('POST', `/v2/events/${event.id}/inventory`, { body: body(b) });
    const p: HistoryEntry = {
      ...entryOf('undo0001', [{ resource: 'bookings', parentId: event.id, id: backC.id, before: null, after: backC, replaces: c.id }]),
      undoes: 'lines001',
      undo: {
        steps: [c, b, x.records[0]!].map((r) => ({ resource: 'bookings', id: r.id, parentId: event.id, action: 'recreate' as const })),
        notes: [{ state: 'sending', body: body(c), twins: [] }, { state: 'sending', body: body(b), twins: [] }],
        resumed: 0,
      },
    };
    const lines = async () => (await first.call('GET', `/v2/events/${event.id}/inventory`)).json.data.map((l) => Number(l.quantity)).sort();
    return { x, p, lines, deleted };
  }

  test('an undo that stopped: refused until finished; --finish looks the unanswered line up (applied: recorded), writes only the line not sent, into the same entry', async () => {
    const { x, p, lines, deleted } = await stoppedUndo();
    const refused = depsOf([x, p]);
    await expect(undo(refused.deps, { entry: 'lines001', allowOverbook: false, dryRun: false })).rejects.toThrow(UnfinishedUndoError);
    await expect(undo(refused.deps, { allowOverbook: false, dryRun: false })).rejects.toThrow(/did not finish undoing entry lines001[\s\S]*sent, never answered \(it may have been applied\): booking \d+[\s\S]*not sent: booking \d+[\s\S]*rentals undo undo0001 --finish/);
    expect(await lines()).toEqual([3, 4]);

    const finishing = depsOf([x, p]);
    const written = changesOf(await undo(finishing.deps, { allowOverbook: false, dryRun: false, finish: true }));
    expect(written).toEqual([expect.objectContaining({ resource: 'bookings', before: null, after: expect.objectContaining({ quantity: 2 }) })]);
    expect(await lines()).toEqual([2, 3, 4]);
    expect(finishing.own.id).toBe('undo0001');
    expect(finishing.own.end).toEqual({ outcome: 'complete' });
    const after = finishing.deps.history.entries().find((e) => e.id === 'undo0001')!;
    expect(after.records.map((r) => r.replaces)).toEqual([deleted[2], deleted[1], deleted[0]]);
    await expect(undo(finishing.deps, { entry: 'lines001', allowOverbook: false, dryRun: false })).rejects.toThrow(AlreadyUndoneError);
  });

  test('--reverse takes back what the stopped undo wrote, the unanswered line included; the entry it undid can then be undone afresh', async () => {
    const { x, p, lines } = await stoppedUndo();
    const reversing = depsOf([x, p]);
    const dry = changesOf(await undo(reversing.deps, { entry: 'undo0001', allowOverbook: false, dryRun: true, reverse: true }));
    expect(dry.map((c) => c.after)).toEqual([null, null]);
    expect(await lines()).toEqual([3, 4]);
    changesOf(await undo(reversing.deps, { entry: 'undo0001', allowOverbook: false, dryRun: false, reverse: true }));
    expect(await lines()).toEqual([]);
    expect(reversing.own.undoes).toEqual(['undo0001']);
    expect(reversing.own.end).toEqual({ outcome: 'complete' });
    // Taken back, the stopped undo is no longer one to finish: named or not, --finish is refused, nothing written.
    const after = depsOf(reversing.deps.history.entries());
    await expect(undo(after.deps, { entry: 'undo0001', allowOverbook: false, dryRun: false, finish: true })).rejects.toThrow(/was undone already, by/);
    await expect(undo(after.deps, { allowOverbook: false, dryRun: false, finish: true })).rejects.toThrow('no undo was left unfinished');
    expect(after.w.recorded).toEqual([]);
    expect(await lines()).toEqual([]);
    const again = depsOf(reversing.deps.history.entries());
    await undo(again.deps, { entry: 'lines001', allowOverbook: false, dryRun: false });
    expect(await lines()).toEqual([2, 3, 4]);
  });
});
