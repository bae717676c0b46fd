// `rentals timeline [--item X …] [--category C] [--from --to | --range]`: each item's stock over time
// and one bar per event holding it (firm █, quote ░), shortages marked (! short, ? short if every
// quote confirms) and red where colour is on; fitted to the terminal (paged when long). Without
// --item, the fleet: every active item (of --category where the service says which), those short
// first. `-o html` is the same picture as a page; tsv, csv, json and ndjson give the intervals.

import { resolveRange } from '../../../domain/dates.js';
import { type TimelineItem, shortageRank, timelineIntervals, timelineItems } from '../../../domain/timeline.js';
import { UsageError } from '../../../errors.js';
import { renderTimelinePage } from '../../../output/html/timeline-page.js';
import { renderTimelineText } from '../../../output/timeline.js';
import type { View } from '../../../output/views.js';
import { defineViewCommand } from '../../registry/spec.js';
import { conceptValues } from '../../vocabulary.js';
import { rangeReadDeps } from './deps.js';
import { CATEGORY_FLAG, RANGE_FLAGS, itemListFlag, withDatesLink } from './options.js';
import { TOP_LEVEL } from '../top-level.js';
import { chosenItems } from './chosen-items.js';

const COLUMNS = ['itemId', 'item', 'type', 'from', 'to', 'eventId', 'event', 'quantity', 'free', 'freeIfQuotesConfirm'];

export const timelineCommand = defineViewCommand({
  ...TOP_LEVEL.timeline,
  help: withDatesLink(
    '\nWithout --item: the fleet, every active item (those held short first, then those short if every quote confirms, then the rest by name), paged at a terminal.\n█ firm hold, ░ quote (tentative); in the free row the fewest units free in each stretch (0–9, + for 10 or more), ! a shortage (firm holds exceed the stock) and ? a shortage if every quote confirms. -o html writes the same picture as a self-contained page.\n',
  ),
  examples: [
    'rentals timeline --range this-week                              # the whole fleet, shortages first',
    'rentals timeline --item "20x20 Frame Tent" --from mon --to sun',
    'rentals timeline --range next-month -o html > fleet.html',
  ],
  flags: { ...RANGE_FLAGS, ...itemListFlag('the item to draw; repeat for several (default: every active item)'), ...CATEGORY_FLAG },
  view: 'picture',
  page: 'the timeline',
  deps: rangeReadDeps,
  handler: async (deps, options): Promise<View> => {
    const refs = conceptValues('item', options);
    const range = resolveRange({ from: options.from, to: options.to, range: options.range }, deps.now(), { days: 7 });
    deps.showRange(range);
    const [chosen, held] = await Promise.all([chosenItems(deps, refs, options.category), deps.calendar.holdings(range, undefined, deps.ruleOf)]);
    const fleet = refs.length === 0;
    const items = fleet ? chosen.filter((item) => item.active) : chosen;
    if (items.length === 0) throw new UsageError(fleet ? 'no active items to draw' : '--item: no item to draw');
    const pictured = fleet ? shortagesFirst(timelineItems(items, held, range)) : timelineItems(items, held, range);
    const rows = timelineIntervals(pictured).map((interval) => ({ ...interval }));
    return {
      kind: 'picture',
      draw: (width, colour) => renderTimelineText(pictured, range, { width, colour }),
      listing: { kind: 'records', body: { data: rows }, rows, columns: COLUMNS, knownColumns: Object.keys(rows[0] ?? Object.fromEntries(COLUMNS.map((c) => [c, null]))) },
      html: (size) => renderTimelinePage(pictured, range, { size, title: fleet ? `Fleet timeline${options.category === undefined ? '' : `: ${options.category}`}` : `Timeline: ${items.map((i) => i.name).join(', ')}` }),
    };
  },
});

/** The fleet in the order a planner reads it: items held short, then those short if every quote confirms, then the rest, each by name. */
function shortagesFirst(items: TimelineItem[]): TimelineItem[] {
  return [...items].sort((a, b) => shortageRank(a) - shortageRank(b) || a.name.localeCompare(b.name) || a.id - b.id);
}
