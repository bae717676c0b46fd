// `rentals history [--event E] [--item X] [--since D] [--limit N]`: the tool's writes, newest first,
// one entry per command with the records it changed beneath (app/history.ts).

import { history } from '../../app/history.js';
import { defineViewCommand } from '../registry/spec.js';
import { positiveInt } from './calendar/options.js';
import { conceptValue } from '../vocabulary.js';
import { TOP_LEVEL } from './top-level.js';

export const historyCommand = defineViewCommand({
  effect: 'reads',
  ...TOP_LEVEL.history,
  help: '\nEach command that writes is one entry: when, the command line (secrets redacted), each record before and after; its bookings, prices or stock count as changing an event or item. Kept in the config directory (history/, 0600), the last 4-8 MiB.\n',
  examples: ['rentals history', 'rentals history --event 12 --since today', "rentals history -o json | jq '.data[0].records'"],
  flags: {
    event: { concept: 'event', primary: 'event', value: 'name|id', description: 'only entries changing this event' },
    item: { concept: 'item', primary: 'item', value: 'name|id', description: 'only entries changing this item' },
    since: { value: 'date', help: 'only entries from this day or time on (-7d, today)' },
    limit: { value: 'n', help: 'at most this many entries (newest first)' },
  },
  view: 'groups',
  handler: (factory, options) =>
    history(factory, { event: conceptValue('event', options)?.value, item: conceptValue('item', options)?.value, since: options.since, limit: positiveInt(options.limit, '--limit') }),
});
