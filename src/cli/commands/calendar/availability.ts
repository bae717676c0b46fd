// `rentals availability --from --to [--item …] [--category …] [--daily] [--all]`: per item, the
// units owned, the most held at one moment of the range (a sweep, not a sum), what is free then,
// and the events holding them; --daily, the free units of each day as a day × item grid.

import { resolveRange } from '../../../domain/dates.js';
import type { CalendarItem } from '../../../domain/records.js';
import { dailyPeaks, peak } from '../../../domain/sweep.js';
import { DAY_MS, dayHeading, dayKey, shortWallTime } from '../../../domain/wall-time.js';
import { UsageError } from '../../../errors.js';
import { defineViewCommand } from '../../registry/spec.js';
import type { CalendarDeps } from './deps.js';
import { calendarDeps } from './deps.js';
import { itemListOption, rangeOptions, withDatesLink } from './options.js';

const MAX_DAYS = 366;
/** The item field a service may use to say which category an item is in (the reference does not show one). */
const CATEGORY_FIELDS = ['inventoryCategoryId', 'categoryId'];

export const availabilityCommand = defineViewCommand({
  name: 'availability',
  summary: 'Units owned, booked at the peak moment and free, per item, over a range',
  help: withDatesLink('\nbooked = the most units held at one moment of the range by non-cancelled events (not the sum over the range); free = owned − booked.\n'),
  examples: [
    'rentals availability --from fri --to sun',
    'rentals availability --from 2026-06-01 --to 2026-06-30 --item "20x20 Frame Tent" --daily',
    "rentals availability --json | jq '.data[] | select(.free < 0)'",
  ],
  options: (command) =>
    itemListOption(rangeOptions(command))
      .option('--category <name|id>', 'only the items of this category (when the service tells which)')
      .option('--daily', 'a day × item grid of free units')
      .option('--all', 'every item, also inactive ones without bookings'),
  view: (options) => (options.daily ? 'grid' : 'records'),
  deps: calendarDeps,
  handler: async (deps, options) => {
    const range = resolveRange({ from: options.from, to: options.to }, deps.now(), { days: 7 });
    const days = Math.ceil((range.to - range.from) / DAY_MS);
    if (options.daily && days > MAX_DAYS) throw new UsageError(`--daily: the range has ${days} days; at most ${MAX_DAYS}`);
    deps.showRange(range);
    const refs = options.item ?? [];
    const [items, held] = await Promise.all([chosenItems(deps, refs, options.category), deps.calendar.holdings(range)]);
    const shown = items.filter((item) => options.all || refs.length > 0 || item.active || held.byItem.has(item.id));

    if (options.daily) {
      const columns = Array.from({ length: days }, (_, i) => dayKey(range.from + i * DAY_MS));
      // One sweep per item over the whole range gives every day's peak.
      const cells = shown.map((item) => dailyPeaks(held.byItem.get(item.id) ?? [], range, DAY_MS).map((top) => item.quantity - top));
      return {
        kind: 'grid',
        rowHeader: 'item',
        rows: shown.map((item) => ({ key: String(item.id), label: item.name })),
        columns: columns.map((key) => ({ key, label: key.slice(5), short: key.slice(8) })),
        pageHeading: (from, to) => `${dayHeading(range.from + from * DAY_MS)} → ${dayHeading(range.from + to * DAY_MS)}`,
        cells,
        isProblem: (value) => typeof value === 'number' && value < 0,
        data: shown.map((item, r) => ({ id: item.id, name: item.name, owned: item.quantity, free: Object.fromEntries(columns.map((day, c) => [day, cells[r]![c]!])) })),
      };
    }

    const entries = shown.map((item) => {
      const top = peak(held.byItem.get(item.id) ?? [], range);
      const events = top.holders.map((h) => ({ id: h.eventId, name: held.events.get(h.eventId)?.name ?? null, quantity: h.quantity }));
      const base = { id: item.id, item: item.name, active: item.active, owned: item.quantity, booked: top.quantity, free: item.quantity - top.quantity, peakAt: top.at === undefined ? null : shortWallTime(top.at) };
      return { row: { ...base, events: events.map((e) => `${e.quantity} × ${e.name ?? e.id} (${e.id})`).join('; ') }, data: { ...base, events } };
    });
    return {
      kind: 'records',
      body: { data: entries.map((e) => e.data) },
      rows: entries.map((e) => e.row),
      columns: ['id', 'item', 'owned', 'booked', 'free', 'peakAt', 'events'],
      knownColumns: ['id', 'item', 'active', 'owned', 'booked', 'free', 'peakAt', 'events'],
    };
  },
});

async function chosenItems(deps: CalendarDeps, refs: readonly string[], category: string | undefined): Promise<CalendarItem[]> {
  const { calendar } = deps;
  // The same item named twice (by id and by name) is one row.
  const named = refs.length > 0 ? [...new Map((await Promise.all(refs.map((ref) => calendar.item(ref)))).map((item) => [item.id, item])).values()] : undefined;
  let items = named ?? [...(await calendar.items()).values()].sort((a, b) => a.id - b.id);
  if (category !== undefined) {
    const found = /^\d+$/.test(category.trim()) ? Number(category) : await calendar.catalog.lookup('categories', category);
    if (typeof found === 'string') throw new UsageError(`--category: ${found}`);
    const field = CATEGORY_FIELDS.find((f) => items.some((item) => item.record[f] !== undefined && item.record[f] !== null));
    if (!field) {
      throw new UsageError("--category: the service's inventory items carry no category (the API reference does not show how items and categories relate); use --item");
    }
    items = items.filter((item) => Number(item.record[field]) === found);
  }
  return items;
}
