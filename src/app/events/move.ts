// Use case: move an event in time (events move): every one of its five datetimes shifted alike
// (domain/event-shift.ts), its bookings judged over the new window by the event writer.

import { parseDateArgument } from '../../domain/dates.js';
import { formatDuration, parseSignedDuration } from '../../domain/durations.js';
import { shiftOffset, shiftedDates } from '../../domain/event-shift.js';
import { eventLabel } from '../../domain/records.js';
import { shortWallTime } from '../../domain/wall-time.js';
import { RentalsError, UsageError } from '../../errors.js';
import type { View } from '../../output/views.js';
import { type EventDeps, changeEvent, eventView } from './change.js';

export interface MoveRequest {
  event: string;
  /** A signed length (`2d`, `+36h`, `-1w`), or… */
  by?: string;
  /** …the new dropoff (a day keeps the clock time). */
  to?: string;
  allowOverbook: boolean;
  dryRun: boolean;
}

export async function moveEvent(deps: EventDeps, request: MoveRequest): Promise<View> {
  if ((request.by === undefined) === (request.to === undefined)) throw new UsageError('give --by <duration> or --to <new dropoff>, one of them');
  const by = request.by === undefined ? undefined : parseSignedDuration(request.by, '--by');
  const to = request.to === undefined ? undefined : parseDateArgument(request.to, deps.now(), '--to');
  const event = await deps.calendar.event(request.event);
  const from = event.dates.dropoffDate ?? event.window?.from;
  if (from === undefined) throw new RentalsError(`${eventLabel(event)} has no dates to move. Nothing was changed.`);
  const offset = by ?? shiftOffset(from, to!);
  if (offset === 0) {
    deps.notices.info(`${eventLabel(event)} is already there; nothing changed.`);
    return eventView(deps, { changes: [] }, false, { unchanged: event.record });
  }
  // Every date shifted alike: their order is the one they had.
  const outcome = await changeEvent(deps, event, shiftedDates(event.record, offset), { allowOverbook: request.allowOverbook, dryRun: request.dryRun, verb: 'moved', allowDateOrder: true });
  // The start too when it is not the dropoff: the day the customer named is the event's, not the truck's.
  const start = event.dates.startDate;
  const startText = start === undefined || start === from ? '' : `, start ${shortWallTime(start + offset)}`;
  const what = `${eventLabel(event)} ${offset > 0 ? 'later' : 'earlier'} by ${formatDuration(Math.abs(offset))}: dropoff ${shortWallTime(from + offset)}${startText}`;
  return eventView(deps, outcome, request.dryRun, { summary: `${request.dryRun ? 'would move' : 'Moved'} ${what}` });
}
