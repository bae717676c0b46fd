// The event use cases (app/events/) in-process, against the real writers over an in-process
// sandbox: each writes through the event writer, which keeps the status and the cancel date in
// step and judges the change; each answers with its changes; a dry run writes nothing.

import { describe, expect, test } from 'vitest';
import { cancelEvent, uncancelEvent } from '../../src/app/events/cancel.js';
import type { EventDeps } from '../../src/app/events/change.js';
import { confirmEvent } from '../../src/app/events/confirm.js';
import { moveEvent } from '../../src/app/events/move.js';
import { EventChangeRefused } from '../../src/domain/event-change.js';
import type { ChangesView } from '../../src/output/changes.js';
import type { View } from '../../src/output/views.js';
import { aLine, anEvent, anItem, keptNotices, strict, writeWorldSuite } from '../helpers/app-context.js';

const world = writeWorldSuite();

function depsOf(w = world()) {
  const notices = keptNotices();
  return { w, notices, deps: strict<EventDeps>('deps', { calendar: w.calendar, writers: w.writers, notices, now: w.now }) };
}

function changes(view: View): ChangesView['changes'] {
  if (view.kind !== 'changes') throw new Error(`a write answers with its changes, not ${view.kind}`);
  return view.changes;
}

describe('events cancel and uncancel', () => {
  test('cancel: the cancel date, the reason and the Cancelled status, written together', async () => {
    const { w, deps, notices } = depsOf();
    const party = await anEvent(w.call, '2025-08-01T08:00:00', '2025-08-02T10:00:00');
    const view = await cancelEvent(deps, { event: String(party.id), reason: { value: 'Rain', flag: '--cancel-reason' }, date: { value: '2025-07-01', flag: '--cancel-date' }, dryRun: false });
    expect(changes(view)).toEqual([expect.objectContaining({ resource: 'events', id: party.id, before: expect.objectContaining({ eventStatusId: 2, cancelDate: null }), after: expect.objectContaining({ eventStatusId: 4, cancelDate: '2025-07-01T00:00:00', cancelReason: 'Rain' }) })]);
    expect(view).toMatchObject({ summary: expect.stringMatching(/^Cancelled event \d+ "App event \d+" as of 2025-07-01/) });
    expect(notices.infos).toEqual([]);
    expect(w.recorded).toHaveLength(1);
  });

  test('a dry run shows the same change and writes nothing; a reason over the limit is refused before any read', async () => {
    const { w, deps } = depsOf();
    const party = await anEvent(w.call, '2025-08-03T08:00:00', '2025-08-04T10:00:00');
    const view = await cancelEvent(deps, { event: String(party.id), reason: { value: 'Rain', flag: '--reason' }, dryRun: true });
    expect(changes(view)).toEqual([expect.objectContaining({ id: party.id, after: expect.objectContaining({ eventStatusId: 4, cancelReason: 'Rain' }) })]);
    expect(w.recorded).toEqual([]);
    const calendar = strict<EventDeps['calendar']>('calendar');
    await expect(cancelEvent(strict<EventDeps>('deps', { calendar, now: w.now }), { event: '1', reason: { value: 'x'.repeat(5000), flag: '--reason' }, dryRun: true })).rejects.toThrow(/^--reason: /);
  });

  test('uncancel: the status back to Confirmed, the date and reason cleared; not cancelled: nothing written', async () => {
    const { w, deps, notices } = depsOf();
    const party = await anEvent(w.call, '2025-08-05T08:00:00', '2025-08-06T10:00:00', { eventStatusId: 4, cancelDate: '2025-06-01T00:00:00', cancelReason: 'Rain' });
    const view = await uncancelEvent(deps, { event: String(party.id), allowOverbook: false, dryRun: false });
    expect(changes(view)).toEqual([expect.objectContaining({ after: expect.objectContaining({ eventStatusId: 2, cancelDate: null, cancelReason: null }) })]);
    const again = depsOf(w);
    const unchanged = await uncancelEvent(again.deps, { event: String(party.id), allowOverbook: false, dryRun: false });
    expect(changes(unchanged)).toEqual([]);
    expect(again.notices.infos).toEqual([expect.stringMatching(/is not cancelled; nothing changed\.$/)]);
    expect(w.recorded).toHaveLength(1);
    expect(notices.warnings).toEqual([]);
  });
});

describe('asked again for what the event already is: nothing sent, no history, said as unchanged', () => {
  // Every event verb, its second run (the clock stands still: a cancel in the same minute).
  const verbs: Record<string, (deps: EventDeps, event: string, dryRun: boolean) => Promise<View>> = {
    cancel: (deps, event, dryRun) => cancelEvent(deps, { event, reason: { value: 'Rain', flag: '--reason' }, dryRun }),
    'cancel --date': (deps, event, dryRun) => cancelEvent(deps, { event, reason: { value: 'Rain', flag: '--reason' }, date: { value: '2025-07-01', flag: '--date' }, dryRun }),
    uncancel: (deps, event, dryRun) => uncancelEvent(deps, { event, allowOverbook: false, dryRun }),
    confirm: (deps, event, dryRun) => confirmEvent(deps, { event, allowOverbook: false, dryRun }),
    'move --to': (deps, event, dryRun) => moveEvent(deps, { event, to: '2025-12-02 08:00', allowOverbook: false, dryRun }),
  };
  test.each(Object.keys(verbs))('%s', async (verb) => {
    const { w, deps } = depsOf();
    const party = await anEvent(w.call, '2025-12-01T08:00:00', '2025-12-01T20:00:00', { eventStatusId: 1 });
    const run = verbs[verb]!;
    await run(deps, String(party.id), false);
    const written = w.recorded.length;
    for (const dryRun of [true, false]) {
      const again = depsOf(w);
      const view = await run(again.deps, String(party.id), dryRun);
      expect(changes(view)).toEqual([]);
      expect(view).toMatchObject({ saidUnchanged: true });
      expect(again.notices.infos).toEqual([expect.stringMatching(/; nothing (would change|changed)\.$/)]);
    }
    expect(w.recorded).toHaveLength(written);
  });

  test('a second cancel for another reason is a change: written, the reason replaced', async () => {
    const { w, deps } = depsOf();
    const party = await anEvent(w.call, '2025-12-03T08:00:00', '2025-12-03T20:00:00');
    await cancelEvent(deps, { event: String(party.id), reason: { value: 'Rain', flag: '--reason' }, dryRun: false });
    const second = depsOf(w);
    const again = await cancelEvent(second.deps, { event: String(party.id), reason: { value: 'Wind', flag: '--reason' }, dryRun: false });
    // The earlier cancel date read as every other date is said, not as the service sends it.
    expect(second.notices.infos).toEqual([expect.stringMatching(/ was already cancelled as of \d{4}-\d\d-\d\d \d\d:\d\d; its date and reason are replaced\.$/)]);
    expect(changes(again)).toEqual([expect.objectContaining({ before: expect.objectContaining({ cancelReason: 'Rain' }), after: expect.objectContaining({ cancelReason: 'Wind' }) })]);
    expect(w.recorded).toHaveLength(2);
  });
});

describe('events move and confirm', () => {
  test('move: the five dates shifted alike; refused whole when the new window is held (exit 1), nothing written', async () => {
    const { w, deps } = depsOf();
    const tent = await anItem(w.call, 1);
    const show = await anEvent(w.call, '2025-09-01T08:00:00', '2025-09-01T20:00:00');
    await aLine(w.call, show.id, tent.id, 1);
    const rival = await anEvent(w.call, '2025-09-03T08:00:00', '2025-09-03T20:00:00');
    await aLine(w.call, rival.id, tent.id, 1);
    const moved = await moveEvent(deps, { event: String(show.id), by: '1d', allowOverbook: false, dryRun: false });
    expect(changes(moved)[0]!.after).toMatchObject({ dropoffDate: '2025-09-02T08:00:00', startDate: '2025-09-02T08:00:00', pickupDate: '2025-09-02T20:00:00' });
    await expect(moveEvent(depsOf(w).deps, { event: String(show.id), by: '1d', allowOverbook: false, dryRun: true })).rejects.toThrow(EventChangeRefused);
    expect(w.recorded).toHaveLength(1);
  });

  test('move: the summary gives the new start beside the new dropoff, the day the customer knows', async () => {
    const { w, deps } = depsOf();
    const wedding = await anEvent(w.call, '2025-11-07T10:00:00', '2025-11-09T12:00:00', { startDate: '2025-11-08T14:00:00', endDate: '2025-11-08T23:00:00' });
    const moved = await moveEvent(deps, { event: String(wedding.id), to: '2025-11-14 10:00', allowOverbook: false, dryRun: false });
    expect(moved).toMatchObject({ summary: expect.stringMatching(/later by 7d: dropoff 2025-11-14 10:00, start 2025-11-15 14:00\.$/) });
    const same = await anEvent(w.call, '2025-11-20T10:00:00', '2025-11-20T20:00:00');
    expect(await moveEvent(deps, { event: String(same.id), by: '1d', allowOverbook: false, dryRun: true })).toMatchObject({ summary: expect.stringMatching(/later by 1d: dropoff 2025-11-21 10:00; nothing was sent\.$/) });
  });

  test('confirm: a quote becomes Confirmed; already Confirmed: nothing written', async () => {
    const { w, deps } = depsOf();
    const quote = await anEvent(w.call, '2025-10-01T08:00:00', '2025-10-01T20:00:00', { eventStatusId: 1 });
    const confirmed = await confirmEvent(deps, { event: String(quote.id), allowOverbook: false, dryRun: false });
    expect(changes(confirmed)).toEqual([expect.objectContaining({ before: expect.objectContaining({ eventStatusId: 1 }), after: expect.objectContaining({ eventStatusId: 2 }) })]);
    expect(changes(await confirmEvent(depsOf(w).deps, { event: String(quote.id), allowOverbook: false, dryRun: false }))).toEqual([]);
    expect(w.recorded).toHaveLength(1);
  });
});
