// `rentals agenda [--from --to] [--active-only]`: the events whose window meets the range, by
// time, under the day they begin in the range (app/calendar/agenda.ts). `-o ics` gives the same
// events as an iCalendar document; -o html / -o pdf the same days as a page to print.

import { agenda } from '../../../app/calendar/agenda.js';
import { defineViewCommand } from '../../registry/spec.js';
import { RANGE_FLAGS, rangeOf, withDatesLink } from './options.js';
import { TOP_LEVEL } from '../top-level.js';

export const agendaCommand = defineViewCommand({
  effect: 'reads',
  ...TOP_LEVEL.agenda,
  help: withDatesLink(
    '\nEach event under the day its window (dropoff → pickup) begins, by start time; one under way when the range begins is marked continuing (rentals help formats).\n',
  ),
  examples: ['rentals agenda --range next-week -o html > agenda.html', 'rentals agenda --from today --to +8w -o ics > rentals.ics'],
  flags: { ...RANGE_FLAGS, activeOnly: { help: 'leave cancelled events out' } },
  view: 'calendar',
  page: 'a wall agenda',
  handler: (factory, options) => agenda(factory, { range: rangeOf(options), activeOnly: options.activeOnly === true }),
});
