// The clone use case (app/events/clone.ts) in-process: its copy and lines planned before anything
// is created; the copy deleted again only when its lines are refused by the rules or lose their
// race, never for another failure (which leaves the copy, and says so).

import { describe, expect, test } from 'vitest';
import { type CloneRequest, cloneEvent, cloneEventView } from '../../src/app/events/clone.js';
import type { ChangesView } from '../../src/output/changes.js';
import type { BookingWriter } from '../../src/data/booking-writer.js';
import type { EventWriter } from '../../src/data/event-writer.js';
import { LostRace } from '../../src/data/refused.js';
import { BookingRefused } from '../../src/domain/booking-plan.js';
import { formatMoneyFixed } from '../../src/domain/money.js';
import { readEvent } from '../../src/domain/records.js';
import { ProtocolError } from '../../src/errors.js';
import { aLine, anEvent, anItem, keptNotices, strict, writeWorldSuite } from '../helpers/app-context.js';

const world = writeWorldSuite();
const request: CloneRequest = { withBookings: true, allowOverbook: false, dryRun: false };

/** The source event and a booking writer whose write fails as `failure`; the event writer a double that notes what it deletes. */
async function cloneFailing(failure: Error) {
  const { call, calendar, writers } = world();
  const chairs = await anItem(call, 10);
  const source = await anEvent(call, '2025-09-01T08:00:00', '2025-09-02T10:00:00');
  await aLine(call, source.id, chairs.id, 4);
  const event = await calendar.event(String(source.id));
  const deleted: number[] = [];
  const created = { ...event.record, id: 999, eventName: 'Copy' };
  const events = strict<EventWriter>('events', {
    address: () => writers.events.address(),
    planCreate: async () => ({ changes: [], warnings: [], notes: [], write: async () => [{ resource: 'events', id: 999, before: null, after: created }] }),
    remove: async (id) => (deleted.push(id), { before: created, after: undefined, id }),
  });
  const bookings = strict<BookingWriter>('bookings', {
    target: (e) => writers.bookings.target(e),
    plan: (target, intents, options) => writers.bookings.plan(target, intents, options),
    write: async () => {
      throw failure;
    },
  });
  const body = { ...event.record, id: undefined, eventName: 'Copy' };
  return { run: () => cloneEvent(strict('deps', { calendar, events, bookings }), event, body, request), deleted };
}

describe('a clone whose lines fail', () => {
  test.each([
    ['refused by the rules', new BookingRefused('not enough units')],
    ['a race lost and backed out', new LostRace('another booking took the units at the same moment')],
  ])('%s: the copy is deleted again, nothing copied', async (_, failure) => {
    const { run, deleted } = await cloneFailing(failure);
    await expect(run()).rejects.toThrow(/The copy \(event 999\) was deleted again: nothing was copied\./);
    expect(deleted).toEqual([999]);
  });

  test('for another reason (the server answered oddly, exit 1 too): the copy stays, and the message says so', async () => {
    const { run, deleted } = await cloneFailing(new ProtocolError('the server answered with an empty "data" array for booking 4'));
    await expect(run()).rejects.toThrow(/The copy \(event 999\) was created; its bookings were not all copied \(see above which were written\)\. Finish the copy with:\n {2}rentals events book 999 --item \d+=4\n/);
    expect(deleted).toEqual([]);
  });
});

describe('events clone', () => {
  test('a dry run: the copy and its lines as changes, planned over the copy window; nothing is created', async () => {
    const { call, calendar, writers } = world();
    const lights = await anItem(call, 6, 5);
    const source = await anEvent(call, '2025-10-01T08:00:00', '2025-10-02T10:00:00');
    await aLine(call, source.id, lights.id, 2);
    await aLine(call, source.id, lights.id, 1);
    const notices = keptNotices();
    // Planned as every create is (its warnings), never written.
    const events = strict<EventWriter>('events', { address: () => writers.events.address(), planCreate: (at, body, choices) => writers.events.planCreate(at, body, choices) });
    const deps = strict('deps', { calendar, events, bookings: writers.bookings, notices, money: formatMoneyFixed, now: world().now });
    const view = await cloneEventView(deps, { event: String(source.id), start: { value: '2025-11-01', flag: '--start-date' }, withBookings: true, allowOverbook: false, dryRun: true });
    expect(view).toMatchObject({
      kind: 'changes',
      dryRun: true,
      changes: [
        { resource: 'events', id: null, before: null, after: expect.objectContaining({ eventName: source.name, dropoffDate: '2025-11-01T08:00:00', pickupDate: '2025-11-02T10:00:00', cancelDate: null }) },
        { resource: 'bookings', id: null, name: lights.name, before: null, after: expect.objectContaining({ inventoryId: lights.id, quantity: 3 }) },
      ],
    });
    expect((view as ChangesView).changes[0]?.note).toBe(`a copy of event ${source.id} ${JSON.stringify(source.name)}`);
    expect(notices.infos).toEqual([]);
  });

  test('written: the copy and its lines, as the server answered them', async () => {
    const { call, calendar, writers, recorded } = world();
    const tables = await anItem(call, 6, 5);
    const source = await anEvent(call, '2025-12-01T08:00:00', '2025-12-02T10:00:00');
    await aLine(call, source.id, tables.id, 2);
    const deps = strict('deps', { calendar, events: writers.events, bookings: writers.bookings, notices: keptNotices(), money: formatMoneyFixed, now: world().now });
    const view = await cloneEventView(deps, { event: String(source.id), start: { value: '2026-01-05', flag: '--start-date' }, name: 'The copy', withBookings: true, allowOverbook: false, dryRun: false });
    if (view.kind !== 'changes') throw new Error('a clone answers with its changes');
    const [copy, booked] = view.changes;
    expect(copy).toMatchObject({ resource: 'events', id: expect.any(Number), name: 'The copy', before: null });
    expect(booked).toMatchObject({ resource: 'bookings', parentId: copy!.id, before: null, after: expect.objectContaining({ quantity: 2 }) });
    expect(recorded.map((r) => [r.resource, r.before === null ? 'created' : 'changed'])).toEqual([
      ['events', 'created'],
      ['bookings', 'created'],
    ]);
    expect(readEvent(copy!.after!).dates.dropoffDate).toBeDefined();
  });
});
