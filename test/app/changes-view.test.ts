// What every write use case ends with: the plan's warnings and notes said, then written or (a dry
// run) only shown (app/carry-out.ts); and the view of its changes (app/changes-view.ts), named by
// what each record calls itself, the ids it refers to read by name only for people and only for
// what they are shown.

import { describe, expect, test } from 'vitest';
import { carryOut } from '../../src/app/carry-out.js';
import { changesView } from '../../src/app/changes-view.js';
import type { Catalog } from '../../src/data/catalog.js';
import type { PlannedWrite } from '../../src/data/planned-write.js';
import type { NameIndex } from '../../src/data/names.js';
import type { Change } from '../../src/domain/changes.js';
import { keptNotices, strict } from '../helpers/app-context.js';

const change: Change = { resource: 'events', id: 12, before: { eventName: 'Gala', eventStatusId: 1, rentalBlockId: 1 }, after: { eventName: 'Gala', eventStatusId: 2, rentalBlockId: 1 } };

describe('carry out a planned write', () => {
  test('its warnings and notes said first; a dry run never writes; a run answers with what was written', async () => {
    const written: Change[] = [{ ...change, after: { ...change.after, eventName: 'Gala' } }];
    const planned = strict<PlannedWrite>('planned', { changes: [change], warnings: ['warning: overbooking'], notes: ['already as asked'], write: async () => written });
    const notices = keptNotices();
    expect(await carryOut(strict<PlannedWrite>('planned', { changes: [change], warnings: [], notes: [] }), true, notices)).toEqual({ changes: [change] });
    expect((await carryOut(planned, false, notices)).changes).toBe(written);
    expect([notices.warnings, notices.infos]).toEqual([['warning: overbooking'], ['already as asked']]);
  });

  test('a plan that leaves its record as it is: never written, said as unchanged, a dry run alike', async () => {
    const same: Change = { ...change, after: { ...change.before, eventStatusId: '1' } };
    const planned = strict<PlannedWrite>('planned', { changes: [same], warnings: ['warning: overbooking'], notes: [] });
    for (const dryRun of [false, true]) {
      const notices = keptNotices();
      expect(await carryOut(planned, dryRun, notices)).toEqual({ changes: [], unchanged: same });
      expect(notices.warnings).toEqual([]);
    }
    // A text written otherwise is a change (a postal code 02134 is not the 2134 stored).
    const text: Change = { ...change, before: { eventPostalCode: 2134 }, after: { eventPostalCode: '02134' } };
    expect(await carryOut(strict<PlannedWrite>('planned', { changes: [text], warnings: [], notes: [] }), true, keptNotices())).toEqual({ changes: [text] });
  });
});

describe('the view of changes', () => {
  test("named by the record's own name; for people the status read by name, the block (unchanged) not read at all", async () => {
    const read: string[] = [];
    const statuses = strict<NameIndex>('statuses', { label: (id) => ({ 1: 'Quoted', 2: 'Confirmed' })[id] });
    const catalog = strict<Catalog>('catalog', { names: async (resource) => (read.push(resource), resource === 'statuses' ? statuses : strict<NameIndex>(resource)) });
    const view = changesView([change], { dryRun: true, json: { data: [] }, catalog: () => catalog });
    expect(view).toMatchObject({ kind: 'changes', changes: [{ name: 'Gala' }], json: { data: [] } });
    expect(read).toEqual([]);
    expect(await view.forPeople!()).toMatchObject({ names: { statuses: { 1: 'Quoted', 2: 'Confirmed' } } });
    expect(read).toEqual(['statuses']);
  });

  test('an event the write deletes with its bookings: its bookings name it as the write left it, the service not asked (it has it no more)', async () => {
    const read: string[] = [];
    const gone = strict<NameIndex>('events', { label: () => undefined });
    const catalog = strict<Catalog>('catalog', { names: async (resource) => (read.push(resource), resource === 'events' ? gone : strict<NameIndex>(resource, { label: () => 'Chair' })) });
    const line: Change = { resource: 'bookings', parentId: 40, id: 7, before: { id: 7, eventId: 40, inventoryId: 9, quantity: 100, price: 2.25 }, after: null };
    const event: Change = { resource: 'events', id: 40, before: { id: 40, eventName: 'Kowalski party' }, after: null };
    const view = changesView([line, event], { dryRun: false, catalog: () => catalog });
    expect(await view.forPeople!()).toMatchObject({ names: { events: { 40: 'Kowalski party' }, inventory: { 9: 'Chair' } } });
    expect(read).toEqual(['inventory']);
  });
});
