// Use case: the timeline (`rentals timeline`): each item's stock over time and one bar per event
// holding it (firm █, quote ░), shortages marked; without items, the fleet (every active item, of a
// category where the service says which, those short first). A picture at a terminal, the same as
// a page for `-o html`, the intervals as rows for tsv, csv, json and ndjson.

import { type RangeInput, resolveRange } from '../../domain/dates.js';
import { type TimelineItem, shortageRank, timelineIntervals, timelineItems } from '../../domain/timeline.js';
import { UsageError } from '../../errors.js';
import { renderTimelinePage } from '../../output/html/timeline-page.js';
import { renderTimelineText } from '../../output/timeline.js';
import type { View } from '../../output/views.js';
import type { Factory } from '../factory.js';
import { chosenItems } from './chosen-items.js';
import { showRange } from './range.js';

const COLUMNS = ['itemId', 'item', 'type', 'from', 'to', 'eventId', 'event', 'quantity', 'free', 'freeIfQuotesConfirm'];

export type TimelineDeps = Pick<Factory, 'calendar' | 'ruleOf' | 'wallNow' | 'notices'>;

export interface TimelineRequest {
  range: RangeInput;
  /** The items to draw, by name or id; none: the fleet. */
  items: readonly string[];
  category?: string;
}

export async function timeline(deps: TimelineDeps, request: TimelineRequest): Promise<View> {
  const { items: refs, category } = request;
  const range = resolveRange(request.range, deps.wallNow(), { days: 7 });
  showRange(deps.notices(), range);
  const calendar = await deps.calendar({ lean: true });
  const [chosen, held] = await Promise.all([chosenItems(calendar, refs, category), calendar.holdings(range, undefined, deps.ruleOf)]);
  const fleet = refs.length === 0;
  const items = fleet ? chosen.filter((item) => item.active) : chosen;
  if (items.length === 0) throw new UsageError(fleet ? 'no active items to draw' : '--item: no item to draw');
  const pictured = fleet ? shortagesFirst(timelineItems(items, held, range)) : timelineItems(items, held, range);
  const rows = timelineIntervals(pictured).map((interval) => ({ ...interval }));
  return {
    kind: 'picture',
    draw: (width, colour) => renderTimelineText(pictured, range, { width, colour }),
    listing: { kind: 'records', body: { data: rows }, rows, columns: COLUMNS, kinds: { from: 'datetime', to: 'datetime' }, knownColumns: Object.keys(rows[0] ?? Object.fromEntries(COLUMNS.map((c) => [c, null]))) },
    html: (size) => renderTimelinePage(pictured, range, { size, title: fleet ? `Fleet timeline${category === undefined ? '' : `: ${category}`}` : `Timeline: ${items.map((i) => i.name).join(', ')}` }),
  };
}

/** The fleet in the order a planner reads it: items held short, then those short if every quote confirms, then the rest, each by name. */
function shortagesFirst(items: TimelineItem[]): TimelineItem[] {
  return [...items].sort((a, b) => shortageRank(a) - shortageRank(b) || a.name.localeCompare(b.name) || a.id - b.id);
}
