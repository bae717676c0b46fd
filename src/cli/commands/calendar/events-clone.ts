// `rentals events clone <event> --start-date <date> [--name] [--with-bookings] [--allow-overbook] [--dry-run]`:
// parsed here, carried out by app/events/clone.ts: a copy with every datetime shifted by the same
// wall-clock offset (a day as --start-date keeps the original clock time; across a daylight-saving
// change 09:00 stays 09:00, see `rentals help dates`), active (no cancel date), its bookings
// (--with-bookings) planned by the one booking planner over the copy's window before the event is created.

import { eventDeps } from '../../../app/events/change.js';
import { cloneEventView } from '../../../app/events/clone.js';
import { defineViewCommand } from '../../registry/spec.js';
import { conceptValue } from '../../vocabulary.js';
import { WRITE_GUARD_FLAGS, withDatesLink } from './options.js';

export const eventsClone = defineViewCommand({
  effect: 'adds',
  name: 'clone',
  args: '<event>',
  summary: 'Copy an event to a new start, every datetime shifted',
  help: withDatesLink(
    '\nThe copy starts at --start-date, every other datetime as far from it as in the event. A relative date (+52w, fri) counts from today, not from the event: to copy an event a year on, give the date.\n',
  ),
  examples: [
    'rentals events clone 12 --start-date 2027-06-11 --with-bookings',
    'rentals events clone "Riverside Summer Festival" --start-date 2027-06-18 --name "Riverside Summer Festival 2027"',
  ],
  flags: {
    start: { concept: 'start', description: 'the new start (a day keeps the original clock time; +52w counts from today)', value: 'date', required: true },
    name: { value: 'text', help: 'name of the copy (default: the same name)' },
    withBookings: { help: 'copy the bookings too, checked like `events book`' },
    ...WRITE_GUARD_FLAGS,
  },
  view: 'changes',
  handler: async (factory, options, [event]) =>
    cloneEventView(await eventDeps(factory), { event, start: conceptValue('start', options)!, name: options.name, withBookings: options.withBookings === true, allowOverbook: options.allowOverbook === true, dryRun: options.dryRun === true }),
});
