// The write use cases of src/app in process, each given the CLI's own factory against an
// in-process sandbox with only the members it may use: booking lines (book, and the view of a
// booking write), a change of an event (cancelled everywhere), a copy of an event with its
// bookings, and the generic verbs of every resource through their writers.

import { describe, expect, test } from 'vitest';
import { book, bookingView } from '../../src/app/events/book.js';
import { changeEvent } from '../../src/app/events/change.js';
import { cloneEvent } from '../../src/app/events/clone.js';
import type { Factory } from '../../src/app/factory.js';
import type { CalendarWrites } from '../../src/app/ports.js';
import { addView, addressOf, chooseVersion, deleteView, getView, listView, readNamed, updateView } from '../../src/app/resource/verbs.js';
import { formatMoneyFixed } from '../../src/domain/money.js';
import { formatWallTime } from '../../src/domain/wall-time.js';
import { UsageError, ValidationError } from '../../src/errors.js';
import type { ChangesView, RecordListView, View } from '../../src/output/views.js';
import { resources } from '../../src/resources/definitions.js';
import { calendarSuite } from '../e2e/calendar-fixtures.js';
import { data } from '../e2e/server-state.js';
import { factoryOver, recordingNotices } from '../helpers/fake-factory.js';
import { FIXED_NOW } from '../sandbox/helpers.js';

const { sandbox, call, item, event, line } = calendarSuite('Writes');

/** `body` with a factory of `uses` (the clock at FIXED_NOW and 30.5 s), closed after. */
async function writing<T>(uses: ReadonlyArray<keyof Factory>, body: (factory: Factory, stderr: () => string) => Promise<T>): Promise<T> {
  const run = await factoryOver(sandbox(), uses, { now: FIXED_NOW + 30_500 });
  try {
    return await body(run.factory, run.stderr);
  } finally {
    run.close();
  }
}

async function linesOf(eventId: number): Promise<Array<Record<string, unknown>>> {
  return data(call(), 'GET', `/v1/events/${eventId}/inventory`);
}

/** What the generic verbs use of the factory. */
const VERBS = ['api', 'names', 'catalog', 'fields', 'describeRequest', 'asker', 'booking', 'stdin', 'now', 'wallNow'] as const;

describe('booking lines', () => {
  test('book: planned whole, then written; a dry run writes nothing; the views say what each write did', async () => {
    const tent = await item(3, 40);
    const party = await event('2027-02-01 08:00', '2027-02-02 08:00');
    await writing(['booking'], async (factory) => {
      const writes: Pick<CalendarWrites, 'bookings' | 'calendar'> = await factory.booking();
      const target = writes.bookings.target(await writes.calendar.event(String(party.id)));
      const dry = await book(writes, target, [{ kind: 'set', itemId: tent.id, quantity: 2 }], { allowOverbook: false, dryRun: true });
      expect(dry.written).toBeUndefined();
      expect(await linesOf(party.id)).toEqual([]);
      const { notices, lines } = recordingNotices();
      const calendar = writes.calendar;
      const planned = bookingView({ calendar, notices, money: formatMoneyFixed }, dry) as ChangesView;
      expect(planned.json).toEqual({ data: [expect.objectContaining({ action: 'create', inventoryId: tent.id, quantity: 2 })] });
      expect(planned).toMatchObject({ dryRun: true, changes: [{ note: expect.stringMatching(/price$/) }], names: { inventory: { [tent.id]: tent.name }, events: { [party.id]: party.name } } });
      expect(lines).toEqual([]);

      const done = await book(writes, target, [{ kind: 'set', itemId: tent.id, quantity: 2 }], { allowOverbook: false, dryRun: false });
      expect(await linesOf(party.id)).toEqual([expect.objectContaining({ inventoryId: tent.id, quantity: 2 })]);
      expect((bookingView({ calendar, notices, money: formatMoneyFixed }, done) as ChangesView).changes).toEqual([expect.objectContaining({ before: null, after: expect.objectContaining({ inventoryId: tent.id, quantity: 2 }) })]);
    });
  });

  test('book: more than is free is refused whole, nothing written', async () => {
    const stage = await item(1);
    const first = await event('2027-02-10 08:00', '2027-02-11 08:00');
    const second = await event('2027-02-10 08:00', '2027-02-11 08:00');
    await line(first.id, stage.id, 1);
    await writing(['booking'], async (factory) => {
      const writes = await factory.booking();
      const target = writes.bookings.target(await writes.calendar.event(String(second.id)));
      await expect(book(writes, target, [{ kind: 'set', itemId: stage.id, quantity: 1 }], { allowOverbook: false, dryRun: false })).rejects.toThrow(/Nothing was written/);
    });
    expect(await linesOf(second.id)).toEqual([]);
  });

  test('bookings add and update through the planner: a dry run is the change and the request; a run the lines written', async () => {
    const chair = await item(50, 2);
    const dinner = await event('2027-02-20 08:00', '2027-02-21 08:00');
    const bookings = resources.bookings;
    await writing(VERBS, async (factory) => {
      const dry = (await addView(factory, bookings, 'v1', { flags: { eventId: dinner.id, inventoryId: chair.id, quantity: 10 }, dryRun: true })) as ChangesView;
      expect(dry).toMatchObject({ kind: 'changes', dryRun: true, json: { data: [{ method: 'POST', body: expect.objectContaining({ inventoryId: chair.id, quantity: 10 }) }] } });
      const added = (await addView(factory, bookings, 'v1', { flags: { eventId: dinner.id, inventoryId: chair.id, quantity: 10 } })) as ChangesView;
      const bookingId = Number(added.changes[0]!.id);
      await updateView(factory, bookings, 'v1', bookingId, { flags: { quantity: 12 } }, dinner.id);
      await expect(updateView(factory, bookings, 'v1', bookingId, { flags: { quantity: 1 } }, undefined)).rejects.toThrow('--event-id <id> is required');
    });
    expect(await linesOf(dinner.id)).toEqual([expect.objectContaining({ inventoryId: chair.id, quantity: 12 })]);
  });
});

describe('a change of an event', () => {
  test('a cancel date sets the Cancelled status too; a dry run plans it and writes nothing', async () => {
    const gala = await event('2027-03-10 08:00', '2027-03-11 08:00');
    await writing(['booking'], async (factory) => {
      const writes = await factory.booking();
      const current = await writes.calendar.event(String(gala.id));
      const dry = await changeEvent(writes, current, { cancelDate: '2027-01-05T10:00:00' }, { allowOverbook: false, dryRun: true, verb: 'cancelled' });
      expect(dry.planned.body).toMatchObject({ cancelDate: '2027-01-05T10:00:00', eventStatusId: 4 });
      expect(dry.changes).toEqual([expect.objectContaining({ after: expect.objectContaining({ cancelDate: '2027-01-05T10:00:00', eventStatusId: 4 }) })]);
      expect((await data(call(), 'GET', `/v1/events/${gala.id}`))[0]).toMatchObject({ cancelDate: null });
      const done = await changeEvent(writes, current, { cancelDate: '2027-01-05T10:00:00' }, { allowOverbook: false, dryRun: false, verb: 'cancelled' });
      expect(done.changes[0]?.after).toMatchObject({ eventStatusId: 4 });
    });
  });

  test('events update of the status alone to Cancelled dates the cancel by the wall clock, to the minute', async () => {
    const fair = await event('2027-03-20 08:00', '2027-03-21 08:00');
    await writing(VERBS, async (factory) => {
      const view = (await updateView(factory, resources.events, 'v1', fair.id, { flags: { eventStatusId: 4 } }, undefined)) as ChangesView;
      const minute = factory.wallNow();
      expect(view.changes[0]!.after).toMatchObject({ eventStatusId: 4, cancelDate: formatWallTime(minute) });
      expect(formatWallTime(minute).endsWith(':00')).toBe(true);
    });
  });

  test('a copy of an event with its bookings, planned over its own window; a dry run creates nothing', async () => {
    const lamp = await item(4, 15);
    const source = await event('2027-04-01 08:00', '2027-04-02 08:00');
    await line(source.id, lamp.id, 3);
    await writing(['booking'], async (factory) => {
      const writes = await factory.booking();
      const original = await writes.calendar.event(String(source.id));
      const body = { eventName: 'Writes copy', eventStatusId: 2, rentalBlockId: 1, dropoffDate: '2027-05-01T08:00:00', startDate: '2027-05-01T08:00:00', endDate: '2027-05-02T08:00:00', teardownDate: '2027-05-02T08:00:00', pickupDate: '2027-05-02T08:00:00' };
      const dry = await cloneEvent(writes, original, body, { withBookings: true, allowOverbook: false, dryRun: true });
      expect(dry.created).toBeUndefined();
      expect(dry.planned.plan.writes).toEqual([expect.objectContaining({ action: 'create', quantity: 3 })]);
      const done = await cloneEvent(writes, original, body, { withBookings: true, allowOverbook: false, dryRun: false });
      expect(await linesOf(Number(done.created!.id))).toEqual([expect.objectContaining({ inventoryId: lamp.id, quantity: 3 })]);
    });
  });
});

describe('the generic verbs', () => {
  const inventory = resources.inventory;

  test('add, get, list, update and delete an item; names resolved; a dry run is the request', async () => {
    await writing(VERBS, async (factory) => {
      const version = chooseVersion(inventory, undefined);
      const dry = (await addView(factory, inventory, version, { flags: { name: 'Writes crate', quantityAvailable: 3, active: 1 }, dryRun: true })) as ChangesView;
      expect(dry).toMatchObject({ kind: 'changes', dryRun: true, json: { data: [{ method: 'POST' }] } });
      const added = (await addView(factory, inventory, version, { flags: { name: 'Writes crate', quantityAvailable: 3, active: 1 } })) as ChangesView;
      const id = Number(added.changes[0]!.id);
      const at = await addressOf(factory, inventory, undefined, undefined);
      expect(await readNamed(factory.catalog(), inventory, 'Writes crate', async (found) => found)).toBe(id);
      expect(((await getView(factory, at, id)) as RecordListView).rows[0]).toMatchObject({ name: 'Writes crate' });
      const listed: View = await listView(factory, at);
      expect(listed.kind).toBe('stream');
      await updateView(factory, inventory, version, id, { flags: { quantityAvailable: 5 } }, undefined);
      expect(((await getView(factory, at, id)) as RecordListView).rows[0]).toMatchObject({ quantityAvailable: 5 });
      expect(await deleteView(factory, at, `id:${id}`, { yes: true })).toMatchObject({ kind: 'changes', json: { data: [{ id }] }, changes: [{ id, after: null }] });
    });
  });

  test('refused before any request: a value that breaks its rule, nothing to change, an API version the resource lacks, a delete nobody confirmed', async () => {
    await writing(VERBS, async (factory) => {
      const version = chooseVersion(inventory, undefined);
      await expect(addView(factory, inventory, version, { flags: { name: 'x', quantityAvailable: -1 } })).rejects.toThrow(ValidationError);
      await expect(updateView(factory, inventory, version, 1, { flags: {} }, undefined)).rejects.toThrow('nothing to change');
      expect(() => chooseVersion(resources.prices, 'v2')).toThrow(UsageError);
      const at = await addressOf(factory, inventory, undefined, undefined);
      await expect(deleteView(factory, at, '1', {})).rejects.toThrow('pass --yes');
    });
  });
});
