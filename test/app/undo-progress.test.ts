// Where an undo stands, read from its history entry (app/undo-progress.ts): each step done (its
// record answered, a record brought back by the one that replaces it), skipped, in doubt (sent,
// never answered) or not sent; an entry undone by the undo that stands for it, an undo taken back
// standing no more; the chain of undos one lock guards.

import { describe, expect, test } from 'vitest';
import { describeProgress, rootOf, standingUndoOf, stands, stepStates, unfinished } from '../../src/app/undo-progress.js';
import type { HistoryEntry, HistoryRecord } from '../../src/config/history.js';

const line = (id: number, quantity: number) => ({ id, eventId: 1, inventoryId: 7, quantity, price: 10 });

function entry(id: string, records: HistoryRecord[], extra: Partial<HistoryEntry> = {}): HistoryEntry {
  return { id, at: '2030-01-01T10:00:00.000Z', command: `rentals ${id}`, baseUrl: 'http://x', records, ...extra };
}

const undoOfX = (records: HistoryRecord[], notes: NonNullable<HistoryEntry['undo']>['notes'], end?: HistoryEntry['end']) =>
  entry('u1', records, {
    undoes: 'x1',
    undo: {
      steps: [
        { resource: 'bookings', id: 3, parentId: 1, action: 'recreate' },
        { resource: 'bookings', id: 4, parentId: 1, action: 'restore' },
        { resource: 'bookings', id: 5, parentId: 1, action: 'delete' },
        { resource: 'bookings', id: 6, parentId: 1, action: 'restore' },
      ],
      notes,
      resumed: 0,
    },
    ...(end ? { end } : {}),
  });

describe('the steps of an undo', () => {
  test('done by the record that answered it (a record brought back by the one that replaces it), skipped, in doubt, not sent', () => {
    const undo = undoOfX(
      [
        { resource: 'bookings', parentId: 1, id: 9, before: null, after: line(9, 2), replaces: 3 },
        { resource: 'bookings', parentId: 1, id: 4, before: line(4, 5), after: line(4, 2) },
      ],
      [{ state: 'sending', body: {}, twins: [] }, { state: 'sending' }, { state: 'skipped', why: 'quantity is 9 now; the entry left 5' }, undefined],
    );
    expect(stepStates(undo).map((s) => [s.ref.id, s.state, s.newId])).toEqual([
      [3, 'done', 9],
      [4, 'done', undefined],
      [5, 'skipped', undefined],
      [6, 'not sent', undefined],
    ]);
    expect(describeProgress(stepStates(undo))).toEqual(['  put back: booking 3 (back as 9), booking 4', '  left as it is: booking 5: quantity is 9 now; the entry left 5', '  not sent: booking 6']);
    // Killed with the delete in flight: it may have been applied.
    const killed = undoOfX([], [undefined, undefined, { state: 'sending' }]);
    expect(stepStates(killed).map((s) => s.state)).toEqual(['not sent', 'not sent', 'in doubt', 'not sent']);
    expect(stands(killed)).toBe(true);
    expect(unfinished(killed)).toBe(true);
    expect(stands(undoOfX([], [{ state: 'skipped' }]))).toBe(false);
  });

  test('an entry is undone by the undo that stands for it: not by one taken back, partly by one that did not finish', () => {
    const x = entry('x1', [{ resource: 'bookings', parentId: 1, id: 3, before: line(3, 2), after: null }]);
    const done = undoOfX([{ resource: 'bookings', parentId: 1, id: 9, before: null, after: line(9, 2), replaces: 3 }], [], { outcome: 'complete' });
    expect(standingUndoOf([x, done], 'x1')?.id).toBe('u1');
    expect(unfinished(done)).toBe(false);
    // The undo taken back (a redo): x stands again, and the chain has one root.
    const redo = entry('r1', [{ resource: 'bookings', parentId: 1, id: 9, before: line(9, 2), after: null }], { undoes: 'u1', undo: { steps: [], notes: [], resumed: 0 }, end: { outcome: 'complete' } });
    expect(standingUndoOf([x, done, redo], 'x1')).toBeUndefined();
    expect(rootOf([x, done, redo], 'r1')).toBe('x1');
    const partial = undoOfX([{ resource: 'bookings', parentId: 1, id: 9, before: null, after: line(9, 2), replaces: 3 }], [], { outcome: 'partial', reason: 'interrupted by Ctrl-C' });
    expect(unfinished(partial)).toBe(true);
    expect(standingUndoOf([x, partial], 'x1')?.id).toBe('u1');
  });
});
