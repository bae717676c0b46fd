// `rentals events move <event> --by <duration> | --to <new dropoff> [--allow-overbook] [--dry-run]`:
// parsed here, carried out by app/events/move.ts (the five datetimes shifted alike, the bookings
// judged over the new window by the event writer).

import { eventDeps } from '../../../app/events/change.js';
import { moveEvent } from '../../../app/events/move.js';
import { defineViewCommand } from '../../registry/spec.js';
import { WRITE_GUARD_FLAGS, withDatesLink } from './options.js';

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
  view: 'changes',
  handler: async (factory, options, [event]) => moveEvent(await eventDeps(factory), { event, by: options.by, to: options.to, allowOverbook: options.allowOverbook === true, dryRun: options.dryRun === true }),
});
