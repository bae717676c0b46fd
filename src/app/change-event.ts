// Use case: change an event (update, confirm, cancel, uncancel, move). Cancelled means cancelled
// everywhere: a change that sets the cancel date also sets the service's Cancelled status (when it
// has one), and one that clears it from an event whose status cancels it gives Confirmed, unless
// the change names a status itself; a change of status alone that cancels sets the cancel date
// (now), and one that holds on an event with a cancel date clears it (an uncancel, judged as one);
// so `check` finds no cancel-status-mismatch after any command.
// Then planned by the event writer, judged by the calendar's rule, warned about, and written or
// (--dry-run) only shown.

import type { CalendarData } from '../data/calendar.js';
import type { PlannedEventChange, WrittenEvent } from '../data/event-writer.js';
import { overbookingWarning, targetOf } from '../domain/booking-plan.js';
import { isCancelledStatus } from '../domain/event-model.js';
import type { CalendarEvent } from '../domain/records.js';
import { describeQuotesCountingOn } from '../domain/tentative-holds.js';
import { eventLabel } from '../domain/records.js';
import type { CalendarWrites } from './ports.js';
import type { BodyOf } from '../resources/definitions.js';
import { type WallTime, formatWallTime } from '../domain/wall-time.js';

/** The status an uncancelled event gets when its own status cancels it and none is named. */
const HOLDING_STATUS = 'Confirmed';

export interface EventChangeRequest {
  allowOverbook: boolean;
  dryRun: boolean;
  /** Completes "cannot be …": confirmed, moved, uncancelled, changed. */
  verb: string;
  /** The cancel date a status that cancels gets when the change sets no cancel date itself. */
  now: WallTime;
}

export interface EventChangeOutcome {
  planned: PlannedEventChange;
  /** Undefined for a dry run. */
  written: WrittenEvent | undefined;
}

/** The service's Cancelled status (either spelling), when it has one. */
async function cancelledStatusId(calendar: CalendarData): Promise<number | undefined> {
  const statuses = await calendar.catalog.names('statuses');
  return statuses.ids().find((id) => isCancelledStatus(statuses.label(id)));
}

/** `changes` with the status that agrees with the cancel date they set or clear. */
async function cancelledEverywhere(calendar: CalendarData, event: CalendarEvent, changes: BodyOf<'events'>, now: WallTime): Promise<BodyOf<'events'>> {
  if (!('cancelDate' in changes)) return 'eventStatusId' in changes ? datedLikeStatus(calendar, event, changes, now) : changes;
  if ('eventStatusId' in changes) return changes;
  const cancels = changes.cancelDate !== null && changes.cancelDate !== '' && changes.cancelDate !== undefined;
  if (cancels) {
    const cancelled = await cancelledStatusId(calendar);
    return cancelled === undefined ? changes : { ...changes, eventStatusId: cancelled };
  }
  const statuses = await calendar.catalog.names('statuses');
  if (!isCancelledStatus(statuses.label(event.statusId ?? -1))) return changes;
  return { ...changes, eventStatusId: await calendar.catalog.idOfName('statuses', HOLDING_STATUS, 'status') };
}

/** `changes` naming a status and no cancel date: the cancel date that agrees with the status. */
async function datedLikeStatus(calendar: CalendarData, event: CalendarEvent, changes: BodyOf<'events'>, now: WallTime): Promise<BodyOf<'events'>> {
  const statuses = await calendar.catalog.names('statuses');
  const cancels = isCancelledStatus(statuses.label(Number(changes.eventStatusId)));
  if (cancels && !event.cancellation.byDate) return { ...changes, cancelDate: formatWallTime(now) };
  if (!cancels && event.cancellation.byDate) return { cancelReason: null, ...changes, cancelDate: null };
  return changes;
}

export async function changeEvent(deps: Pick<CalendarWrites, 'calendar' | 'events' | 'notices'>, event: CalendarEvent, changes: BodyOf<'events'>, request: EventChangeRequest): Promise<EventChangeOutcome> {
  const consistent = await cancelledEverywhere(deps.calendar, event, changes, request.now);
  const planned = await deps.events.plan(event, consistent, { allowOverbook: request.allowOverbook, verb: request.verb });
  const { judgement, after } = planned;
  if (judgement.overbooked.length > 0) deps.notices.warn(overbookingWarning(targetOf(after), judgement.overbooked));
  if (judgement.quotesCountedOn.length > 0) {
    deps.notices.warn([`warning: ${eventLabel(after)} takes units that quotes are counting on:`, ...describeQuotesCountingOn(judgement.quotesCountedOn)].join('\n'));
  }
  if (request.dryRun) return { planned, written: undefined };
  return { planned, written: await deps.events.write(planned) };
}
