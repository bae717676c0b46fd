import { describe, expect, it } from 'vitest';
import { describeChange, describeDifference, differences, netChanges, undoAction } from '../../src/domain/undo-steps.js';

const FIELDS = ['id', 'eventId', 'inventoryId', 'quantity', 'price'];
const line = (quantity: number, price: unknown = 2.5) => ({ id: 7, eventId: 1, inventoryId: 3, quantity, price });

describe('undo steps', () => {
  it('a create is undone by a delete, a change by putting it back, a delete by bringing it back', () => {
    expect(undoAction({ resource: 'bookings', id: 7, before: null, after: line(2) })).toBe('delete');
    expect(undoAction({ resource: 'bookings', id: 7, before: line(2), after: line(3) })).toBe('restore');
    expect(undoAction({ resource: 'bookings', id: 7, before: line(2), after: null })).toBe('recreate');
  });

  it('stale: a declared field that differs from what the entry left, values compared as the API means them', () => {
    const record = { resource: 'bookings', id: 7, before: line(2), after: line(3) };
    expect(differences(record, { ...line(3, '2.50'), Links: [], extra: 'server-side' }, FIELDS)).toEqual([]);
    const found = differences(record, line(5), FIELDS);
    expect(found).toEqual([{ field: 'quantity', left: 3, now: 5 }]);
    expect(describeDifference(found[0]!)).toBe('quantity is 5 now; the entry left 3');
    expect(describeDifference(differences(record, null, FIELDS)[0]!)).toBe('it was deleted since');
    expect(differences({ ...record, after: null }, null, FIELDS)).toEqual([]);
  });

  it('a change for people: created, deleted, or each field before → after', () => {
    expect(describeChange({ resource: 'bookings', id: 7, before: line(2), after: line(3, 4) }, FIELDS)).toBe('quantity 2 → 3; price 2.5 → 4');
    expect(describeChange({ resource: 'bookings', id: 7, before: null, after: line(3) }, FIELDS)).toBe('created');
  });
});

describe('one change per record', () => {
  it('a record written twice goes from its first before to its last after; one created and deleted leaves nothing', () => {
    const records = [
      { resource: 'bookings', id: 7, before: line(1), after: line(2) },
      { resource: 'bookings', id: 8, before: null, after: line(4) },
      { resource: 'events', id: 1, before: { id: 1 }, after: { id: 1, eventName: 'B' } },
      { resource: 'bookings', id: 7, before: line(2), after: line(3) },
      { resource: 'bookings', id: 8, before: line(4), after: null },
    ];
    expect(netChanges(records)).toEqual([records[2], { resource: 'bookings', id: 7, before: line(1), after: line(3) }]);
  });

  it('a record changed and then put back (a write backed out after a lost race) leaves nothing, values compared as the API means them', () => {
    const records = [
      { resource: 'bookings', id: 7, before: line(2), after: line(5) },
      { resource: 'bookings', id: 7, before: line(5), after: line(2, '2.50') },
      { resource: 'bookings', id: 8, before: { ...line(1), id: 8 }, after: { ...line(4), id: 8 } },
    ];
    expect(netChanges(records)).toEqual([records[2]]);
  });
});
