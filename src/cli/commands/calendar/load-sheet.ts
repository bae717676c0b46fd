// `rentals load-sheet [--from <day>] [--to <day>]` (--date: --from): the warehouse's pick list. Per day: what goes
// out (the start of each event's window: its dropoff, or its start without one) and what comes
// back (the end of the window: the pickup, or the end), per event with its time, customer and
// address, and per item the total units (app/calendar/load-sheet.ts).

import { loadSheet } from '../../../app/calendar/load-sheet.js';
import { defineViewCommand } from '../../registry/spec.js';
import { conceptValue } from '../../vocabulary.js';
import { RANGE_NAME_FLAG } from './options.js';
import { TOP_LEVEL } from '../top-level.js';

export const loadSheetCommand = defineViewCommand({
  effect: 'reads',
  ...TOP_LEVEL.loadSheet,
  help: "\nout: each event's dropoff, to load; in: its pickup, to receive. A quote is marked QUOTE (it may never go out); cancelled events are left out.\n",
  examples: ['rentals load-sheet', 'rentals load-sheet --from fri --to mon -o json', 'rentals load-sheet --from tomorrow -o html > pick-list.html   # print it for the crew'],
  flags: {
    from: { concept: 'from', description: 'the (first) day (default today)', value: 'day', keep: ['date'] },
    to: { concept: 'to', description: 'last day, for several days', value: 'day' },
    ...RANGE_NAME_FLAG,
  },
  view: 'groups',
  page: 'the pick list',
  handler: (factory, options) => loadSheet(factory, { from: conceptValue('from', options, ['date']), to: options.to, range: options.range }),
});
