// Use case: change an event (update, confirm, cancel, uncancel, move). The event writer keeps its
// status and cancel date in step and judges the change by the calendar's rule
// (data/event-writer.ts); the change's warnings are said, then it is written or (--dry-run) only
// shown: the same plan either way. What every event command answers: its changes.

import type { PlannedEventChange } from '../../data/event-writer.js';
import type { Change } from '../../domain/changes.js';
import type { CalendarEvent } from '../../domain/records.js';
import type { WallTime } from '../../domain/wall-time.js';
import type { View } from '../../output/views.js';
import type { BodyOf } from '../../resources/definitions.js';
import { carryOut } from '../carry-out.js';
import { changesView, unchangedView } from '../changes-view.js';
import type { Factory } from '../factory.js';
import type { CalendarWrites } from '../ports.js';

/** What the event commands use: the calendar's reads, the writers, notices, the clock on the local wall. */
export type EventDeps = Pick<CalendarWrites, 'calendar' | 'writers' | 'events' | 'bookings' | 'notices' | 'money'> & { now: () => WallTime };

/** The event commands' dependencies, of the run's factory (the writers load on first use). */
export async function eventDeps(factory: Pick<Factory, 'booking' | 'wallNow'>): Promise<EventDeps> {
  const { calendar, writers, events, bookings, notices, money } = await factory.booking();
  return { calendar, writers, events, bookings, notices, money, now: () => factory.wallNow() };
}

export interface EventChangeRequest {
  allowOverbook: boolean;
  dryRun: boolean;
  /** Completes "cannot be …": confirmed, moved, uncancelled, changed. */
  verb: string;
  /** The dates may be out of order (a move shifts them alike: it cannot make their order worse). */
  allowDateOrder?: boolean;
}

export interface EventChangeOutcome {
  planned: PlannedEventChange;
  /** As planned (a dry run) or as written; none when the event already is as asked. */
  changes: Change[];
  /** The event already is as asked: nothing was sent, nothing went into the history (app/carry-out.ts). */
  unchanged?: Change;
}

export async function changeEvent(deps: Pick<EventDeps, 'writers' | 'notices'>, event: CalendarEvent, changes: BodyOf<'events'>, request: EventChangeRequest): Promise<EventChangeOutcome> {
  const { events } = deps.writers;
  const planned = await events.plan(event, changes, { allowOverbook: request.allowOverbook, verb: request.verb, allowDateOrder: request.allowDateOrder });
  return { planned, ...(await carryOut(events.planned(planned), request.dryRun, deps.notices)) };
}

/**
 * The view of an event command: its changes, and for people the line that sums them up (`event 12
 * "Gala" is Confirmed: …`; a dry run says it would be); `-o json`'s `data` the event as it is (or, a
 * dry run, would be), `unchanged` when nothing changed. A change that changes nothing
 * (`outcome.unchanged`) is said as such, whatever summary the command has for a change.
 */
export async function eventView(deps: Pick<EventDeps, 'calendar'>, outcome: Pick<EventChangeOutcome, 'changes' | 'unchanged'>, dryRun: boolean, said: { unchanged?: Record<string, unknown>; summary?: string } = {}): Promise<View> {
  if (outcome.unchanged && said.unchanged === undefined) return unchangedView(outcome.unchanged, dryRun);
  const { changes } = outcome;
  const records = changes.flatMap((change) => (change.after ? [change.after] : []));
  const { unchanged, summary } = said;
  return changesView(changes, {
    dryRun,
    // An event left as it is: the command said so, and why (`… is already Confirmed; nothing changed.`).
    saidUnchanged: unchanged !== undefined,
    json: { data: records.length > 0 || !unchanged ? records : [unchanged] },
    catalog: () => deps.calendar.catalog,
    ...(summary === undefined ? {} : { summary: dryRun ? `Dry run: ${summary}; nothing was sent.` : `${summary}.`, narrate: true }),
  });
}
