// `rentals events move <event> --by <duration> | --to <new dropoff> [--allow-overbook] [--dry-run]`:
// every one of the event's five datetimes shifted alike (domain/event-shift.ts), the event's
// bookings judged over the new window by the one event write path (app/change-event.ts).

import { changeEvent } from '../../../app/change-event.js';
import { parseDateArgument } from '../../../domain/dates.js';
import { formatDuration, parseDuration } from '../../../domain/durations.js';
import { shiftOffset, shiftedDates } from '../../../domain/event-shift.js';
import { eventLabel } from '../../../domain/records.js';
import { shortWallTime } from '../../../domain/wall-time.js';
import { RentalsError, UsageError } from '../../../errors.js';
import { resources } from '../../../resources/definitions.js';
import { defineViewCommand } from '../../registry/spec.js';
import { recordsView } from '../../../output/records-view.js';
import { WRITE_GUARD_FLAGS, withDatesLink } from './options.js';

/** `2d`, `+36h`, `-1w`: a signed length of time. */
function signedDuration(text: string): number {
  const trimmed = text.trim();
  const sign = trimmed.startsWith('-') ? -1 : 1;
  return sign * parseDuration(trimmed.replace(/^[+-]/, ''), '--by');
}

export const eventsMove = defineViewCommand({
  effect: 'changes',
  name: 'move',
  args: '<event>',
  summary: 'Move an event in time, its bookings checked again',
  help: withDatesLink(
    '\nIts bookings are checked against the firm holds over the new window: nothing changes (exit 1) when one does not fit, unless --allow-overbook.\n',
  ),
  examples: ['rentals events move 12 --by 2d', 'rentals events move "Smith wedding" --to 2026-07-03 --dry-run', 'rentals events move 12 --by -1w'],
  flags: {
    by: { value: 'duration', help: 'shift by this length (2d, 36h, -1w)' },
    to: { value: 'when', help: 'the new dropoff (a day keeps the clock time)' },
    ...WRITE_GUARD_FLAGS,
  },
  view: 'records',
  handler: async (factory, options, [ref]) => {
    const deps = await factory.booking();
    if ((options.by === undefined) === (options.to === undefined)) throw new UsageError('give --by <duration> or --to <new dropoff>, one of them');
    const by = options.by === undefined ? undefined : signedDuration(options.by);
    const to = options.to === undefined ? undefined : parseDateArgument(options.to, factory.wallNow(), '--to');
    const event = await deps.calendar.event(ref);
    const from = event.dates.dropoffDate ?? event.window?.from;
    if (from === undefined) throw new RentalsError(`${eventLabel(event)} has no dates to move. Nothing was changed.`);
    const offset = by ?? shiftOffset(from, to!);
    if (offset === 0) {
      deps.notices.info(`${eventLabel(event)} is already there; nothing changed.`);
      return recordsView(resources.events, [event.record]);
    }
    const changes = shiftedDates(event.record, offset);
    const { written } = await changeEvent(deps, event, changes, { allowOverbook: options.allowOverbook === true, dryRun: options.dryRun === true, verb: 'moved', now: factory.wallNow() });
    const what = `${eventLabel(event)} ${offset > 0 ? 'later' : 'earlier'} by ${formatDuration(Math.abs(offset))}: dropoff ${shortWallTime(from + offset)}`;
    if (!written) {
      deps.notices.info(`would: move ${what}. Dry run: nothing was sent.`);
      return recordsView(resources.events, [{ ...event.record, ...changes }]);
    }
    deps.notices.info(`Moved ${what}.`);
    return recordsView(resources.events, [written.after!]);
  },
});
