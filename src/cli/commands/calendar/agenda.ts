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
    '\nEach day lists the events whose window (dropoff → pickup) begins that day, by start time; one under way when the range begins is under its own first day, marked continuing. -o ics: one VEVENT per event; -o html or pdf: the same days as a page to pin up (rentals help formats).\n',
  ),
  examples: ['rentals agenda', 'rentals agenda --from 2026-06-01 --to 2026-06-30 -o csv', 'rentals agenda --from today --to +8w -o ics > rentals.ics', 'rentals agenda --range next-week -o pdf --out agenda.pdf   # the week, for the wall'],
  flags: { ...RANGE_FLAGS, activeOnly: { help: 'leave cancelled events out' } },
  view: 'calendar',
  page: 'the agenda to pin up, landscape',
  handler: (factory, options) => agenda(factory, { range: rangeOf(options), activeOnly: options.activeOnly === true }),
});
