// `rentals events clone <event> --start-date <date> [--name] [--with-bookings] [--allow-overbook] [--dry-run]`:
// a copy of the event with every datetime shifted by the same wall-clock offset (a day as
// --start-date keeps the original clock time; across a daylight-saving change 09:00 stays 09:00,
// see `rentals help dates`). The copy is active (no cancel date). With --with-bookings the
// bookings are planned by the one booking planner, over the copy's window, before the event is created
// (app/clone-event.ts).

import { validated } from '../../../schemas/validated.js';
import { cloneEvent } from '../../../app/clone-event.js';
import { parseDateArgument } from '../../../domain/dates.js';
import { EVENT_DATE_FIELDS } from '../../../domain/event-model.js';
import { type CalendarEvent, eventLabel, readEvent } from '../../../domain/records.js';
import { formatWallTime, parseWallTime, shortWallTime } from '../../../domain/wall-time.js';
import { shiftOffset } from '../../../domain/event-shift.js';
import { RentalsError, UsageError } from '../../../errors.js';
import { fieldByName, resources, writableFields } from '../../../resources/definitions.js';
import { parseText } from '../../../schemas/values.js';
import { defineViewCommand } from '../../registry/spec.js';
import { recordsView } from '../../../output/records-view.js';
import { plannedView, writtenView } from '../../../app/booking-views.js';
import { announce } from '../../../output/booking-notices.js';
import { conceptValue } from '../../vocabulary.js';
import { WRITE_GUARD_FLAGS, withDatesLink } from './options.js';

/** The writable fields of the event, datetimes shifted, cancellation dropped, id and links gone. */
export function shiftedCopy(record: Record<string, unknown>, offset: number, name?: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of writableFields(resources.events)) {
    const value = record[field.name];
    if (value === undefined) continue;
    if (field.kind === 'datetime') {
      const time = parseWallTime(value);
      body[field.name] = time === undefined ? value : formatWallTime(time + offset);
    } else body[field.name] = value;
  }
  body.cancelDate = null;
  body.cancelReason = null;
  if (name !== undefined) body.eventName = name;
  return body;
}

export const eventsClone = defineViewCommand({
  effect: 'adds',
  name: 'clone',
  args: '<event>',
  summary: 'Copy an event to a new start, every datetime shifted',
  help: withDatesLink(),
  examples: [
    'rentals events clone 12 --start-date 2027-06-11 --with-bookings',
    'rentals events clone "Riverside Summer Festival" --start-date +52w --name "Riverside Summer Festival 2027"',
  ],
  flags: {
    start: { concept: 'start', description: 'the new start (a day keeps the original clock time)', value: 'date', required: true },
    name: { value: 'text', help: 'name of the copy (default: the same name)' },
    withBookings: { help: 'copy the bookings too, checked like `events book`' },
    ...WRITE_GUARD_FLAGS,
  },
  view: 'records',
  handler: async (factory, options, [ref]) => {
    const deps = await factory.booking();
    const newStart = conceptValue('start', options)!;
    const target = parseDateArgument(newStart.value, factory.wallNow(), newStart.flag);
    if (options.name !== undefined) {
      const name = parseText(options.name, fieldByName(resources.events, 'eventName')?.max, false);
      if (!name.ok || options.name.trim() === '') throw new UsageError(`--name: ${name.ok ? 'must not be empty' : name.rule}`);
    }
    const source = await deps.calendar.event(ref);
    const start = source.dates.startDate;
    if (start === undefined) throw new RentalsError(`${eventLabel(source)} has no start date to shift from`);
    const body = shiftedCopy(source.record, shiftOffset(start, target), options.name);
    await validated(resources.events, body, 'create');

    const { planned, created, written } = await cloneEvent(deps, source, body, {
      withBookings: options.withBookings === true,
      allowOverbook: options.allowOverbook === true,
      dryRun: options.dryRun === true,
      beforeWriting: (plan) => announce(plan, deps.notices),
    });
    if (!created) {
      deps.notices.info(`would: create ${planned.target.label} (${datesText(readEvent({ ...body }))})`);
      if (planned.plan.writes.length > 0 || planned.plan.unchanged.length > 0) plannedView(planned, deps.notices);
      else deps.notices.info('Dry run: nothing was sent.');
      return recordsView(resources.events, [body]);
    }
    const event = readEvent(created);
    deps.notices.info(`Created ${eventLabel(event)}, a copy of event ${source.id}: ${datesText(event)}.`);
    if (written && written.length > 0) writtenView(planned, written, deps.notices);
    return recordsView(resources.events, [created]);
  },
});

function datesText(event: CalendarEvent): string {
  return EVENT_DATE_FIELDS.filter((f) => event.dates[f] !== undefined).map((f) => `${f.replace('Date', '')} ${shortWallTime(event.dates[f]!)}`).join(', ');
}
