// A step of an undo whose write was sent and never answered, looked up by evidence against the
// sandbox (app/undo-settle.ts): a line put back is applied when it holds what it was put back
// with, not when it is still as the entry left it, unknown when it is neither; a deleted line is
// applied when gone; a line brought back is the one new line holding every value sent, never one
// that held them before it was sent (a twin).

import { describe, expect, test } from 'vitest';
import { lookUp } from '../../src/app/undo-settle.js';
import type { HistoryEntry, HistoryRecord, UndoStepRef } from '../../src/config/history.js';
import { aLine, anEvent, anItem, writeWorldSuite } from '../helpers/app-context.js';

const world = writeWorldSuite();

function undoing(records: HistoryRecord[]): HistoryEntry {
  return { id: 'x1', at: '2030-01-01T10:00:00.000Z', command: 'rentals x1', baseUrl: 'http://x', records };
}

function undoWith(ref: UndoStepRef, note: NonNullable<HistoryEntry['undo']>['notes'][number]): HistoryEntry {
  return { id: 'u1', at: '2030-01-01T11:00:00.000Z', command: 'rentals undo x1', baseUrl: 'http://x', records: [], undoes: 'x1', undo: { steps: [ref], notes: [note], resumed: 0 } };
}

describe('a step in doubt, looked up', () => {
  test('a line put back: applied when it holds the values put back, not when as the entry left it, unknown when neither', async () => {
    const w = world();
    const event = await anEvent(w.call, '2026-02-01T08:00:00', '2026-02-02T08:00:00');
    const item = await anItem(w.call, 10);
    const id = await aLine(w.call, event.id, item.id, 5);
    const asLeft = { id, eventId: event.id, inventoryId: item.id, quantity: 5, price: 10 };
    const x = undoing([{ resource: 'bookings', parentId: event.id, id, before: { ...asLeft, quantity: 2 }, after: asLeft }]);
    const ref: UndoStepRef = { resource: 'bookings', id, parentId: event.id, action: 'restore' };
    const u = undoWith(ref, { state: 'sending' });
    const status = { index: 0, ref, target: id, state: 'in doubt' as const };
    expect(await lookUp(w.api(), status, x, u, event.id)).toEqual({ applied: false });
    await w.call('PUT', `/v2/events/${event.id}/inventory/${id}`, { body: { ...asLeft, quantity: 2 } });
    expect(await lookUp(w.api(), status, x, u, event.id)).toEqual({ applied: expect.objectContaining({ id, before: asLeft, after: expect.objectContaining({ quantity: 2 }) }) });
    await w.call('PUT', `/v2/events/${event.id}/inventory/${id}`, { body: { ...asLeft, quantity: 7 } });
    expect(await lookUp(w.api(), status, x, u, event.id)).toEqual({ unknown: expect.stringContaining('it changed since') });
  });

  test('a line deleted: applied when gone; a line brought back: the new one holding every value sent, a twin that held them before left out', async () => {
    const w = world();
    const event = await anEvent(w.call, '2026-03-01T08:00:00', '2026-03-02T08:00:00');
    const item = await anItem(w.call, 10);
    const gone = await aLine(w.call, event.id, item.id, 3);
    const record = { id: gone, eventId: event.id, inventoryId: item.id, quantity: 3, price: 10 };
    const deleteRef: UndoStepRef = { resource: 'bookings', id: gone, parentId: event.id, action: 'delete' };
    const x = undoing([
      { resource: 'bookings', parentId: event.id, id: gone, before: null, after: record },
      { resource: 'bookings', parentId: event.id, id: 99, before: { ...record, id: 99, quantity: 4 }, after: null },
    ]);
    const deleting = { index: 0, ref: deleteRef, target: gone, state: 'in doubt' as const };
    expect(await lookUp(w.api(), deleting, x, undoWith(deleteRef, { state: 'sending' }), event.id)).toEqual({ applied: false });
    await w.call('DELETE', `/v2/events/${event.id}/inventory/${gone}`);
    expect(await lookUp(w.api(), deleting, x, undoWith(deleteRef, { state: 'sending' }), event.id)).toEqual({ applied: expect.objectContaining({ id: gone, after: null }) });

    const body = { eventId: event.id, inventoryId: item.id, quantity: 4, price: 10 };
    const twin = await aLine(w.call, event.id, item.id, 4);
    const backRef: UndoStepRef = { resource: 'bookings', id: 99, parentId: event.id, action: 'recreate' };
    const bringing = { index: 0, ref: backRef, target: 99, state: 'in doubt' as const };
    const sent = undoWith(backRef, { state: 'sending', body, twins: [twin] });
    expect(await lookUp(w.api(), bringing, x, sent, event.id)).toEqual({ applied: false });
    const back = await aLine(w.call, event.id, item.id, 4);
    expect(await lookUp(w.api(), bringing, x, sent, event.id)).toEqual({ applied: expect.objectContaining({ id: back, before: null, replaces: 99 }) });
  });
});
