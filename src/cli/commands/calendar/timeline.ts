// `rentals timeline --item X [--item Y] [--from --to]`: each item's stock over time and one bar per
// event holding it (firm █, quote ░), shortages marked (! short, ? short if every quote confirms)
// and red where colour is on; fitted to the terminal. `-o html` is the same picture as a page;
// tsv, csv, json and ndjson give the intervals it is drawn from.

import { resolveRange } from '../../../domain/dates.js';
import { timelineIntervals, timelineItems } from '../../../domain/timeline.js';
import { UsageError } from '../../../errors.js';
import { renderTimelinePage } from '../../../output/html/timeline-page.js';
import { renderTimelineText } from '../../../output/timeline.js';
import type { View } from '../../../output/views.js';
import { defineViewCommand } from '../../registry/spec.js';
import { conceptValues } from '../../vocabulary.js';
import { rangeReadDeps } from './deps.js';
import { itemListOption, paperOption, paperSize, rangeOptions, withDatesLink } from './options.js';
import { TOP_LEVEL } from '../top-level.js';

const COLUMNS = ['itemId', 'item', 'type', 'from', 'to', 'eventId', 'event', 'quantity', 'free', 'freeIfQuotesConfirm'];

export const timelineCommand = defineViewCommand({
  ...TOP_LEVEL.timeline,
  help: withDatesLink('\n█ firm hold, ░ quote (tentative); in the free row ! marks a shortage (firm holds exceed the stock) and ? a shortage if every quote confirms. -o html writes the same picture as a self-contained page.\n'),
  examples: ['rentals timeline --item "20x20 Frame Tent" --from mon --to sun', 'rentals timeline --item 3 --item 7 --from today --to +14d -o html > week.html'],
  options: (command) => paperOption(itemListOption(rangeOptions(command), 'the item to draw; repeat for several (required)')),
  view: 'picture',
  page: true,
  deps: rangeReadDeps,
  handler: async (deps, options): Promise<View> => {
    const refs = conceptValues('item', options);
    if (refs.length === 0) throw new UsageError('--item: name at least one item to draw (repeat --item for several)');
    const size = paperSize(options.paper);
    const range = resolveRange({ from: options.from, to: options.to }, deps.now(), { days: 7 });
    deps.showRange(range);
    const [named, held] = await Promise.all([Promise.all(refs.map((ref) => deps.calendar.item(ref))), deps.calendar.holdings(range, undefined, deps.ruleOf)]);
    const items = [...new Map(named.map((item) => [item.id, item])).values()];
    const pictured = timelineItems(items, held, range);
    const rows = timelineIntervals(pictured).map((interval) => ({ ...interval }));
    return {
      kind: 'picture',
      draw: (width, colour) => renderTimelineText(pictured, range, { width, colour }),
      listing: { kind: 'records', body: { data: rows }, rows, columns: COLUMNS, knownColumns: Object.keys(rows[0] ?? Object.fromEntries(COLUMNS.map((c) => [c, null]))) },
      html: () => renderTimelinePage(pictured, range, { size, title: `Timeline: ${items.map((i) => i.name).join(', ')}` }),
    };
  },
});
