// `rentals availability --from --to [--item …] [--category …] [--daily] [--all]`: per item, the
// units owned, the most held at one moment of the range (a sweep, not a sum), what is free then,
// and the events holding them; --daily, the free units of each day as a day × item grid.

import type { Session } from '../../cli/session.js';
import type { CalendarItem } from '../../domain/records.js';
import { DAY_MS, dayKey, shortWallTime } from '../../domain/wall-time.js';
import { UsageError } from '../../errors.js';
import type { GridView, RecordListView } from '../../output/views.js';
import { resolveRange } from '../../domain/dates.js';
import { peak } from '../../domain/sweep.js';
import { type Options, calendarOf, nowWall, optionalString, showRange, stringList } from './common.js';

const MAX_DAYS = 366;
/** The item field a service may use to say which category an item is in (the reference does not show one). */
const CATEGORY_FIELDS = ['inventoryCategoryId', 'categoryId'];

export async function availability(session: Session, options: Options): Promise<RecordListView | GridView> {
  const range = resolveRange({ from: optionalString(options, 'from'), to: optionalString(options, 'to') }, nowWall(session), { days: 7 });
  const days = Math.ceil((range.to - range.from) / DAY_MS);
  if (options.daily && days > MAX_DAYS) throw new UsageError(`--daily: the range has ${days} days; at most ${MAX_DAYS}`);
  showRange(session, range);
  const calendar = calendarOf(session);
  const [items, held] = await Promise.all([chosenItems(session, options), calendar.holdings(range)]);
  const shown = items.filter((item) => options.all || stringList(options, 'item').length > 0 || item.active || held.byItem.has(item.id));

  if (options.daily) {
    const columns = Array.from({ length: days }, (_, i) => {
      const from = range.from + i * DAY_MS;
      return { key: dayKey(from), label: dayKey(from).slice(5), from, to: Math.min(from + DAY_MS, range.to) };
    });
    const cells = shown.map((item) => columns.map((c) => item.quantity - peak(held.byItem.get(item.id) ?? [], c).quantity));
    return {
      kind: 'grid',
      rowHeader: 'item',
      rows: shown.map((item) => ({ key: String(item.id), label: item.name })),
      columns: columns.map(({ key, label }) => ({ key, label })),
      cells,
      isProblem: (value) => typeof value === 'number' && value < 0,
      json: {
        from: shortWallTime(range.from),
        to: shortWallTime(range.to),
        days: columns.map((c) => c.key),
        items: shown.map((item, r) => ({ id: item.id, name: item.name, owned: item.quantity, free: cells[r] })),
      },
    };
  }

  const rows = shown.map((item) => {
    const top = peak(held.byItem.get(item.id) ?? [], range);
    return {
      id: item.id,
      item: item.name,
      active: item.active,
      owned: item.quantity,
      booked: top.quantity,
      free: item.quantity - top.quantity,
      peakAt: top.at === undefined ? null : shortWallTime(top.at),
      events: top.holders.map((h) => `${h.quantity} × ${held.events.get(h.eventId)?.name ?? h.eventId} (${h.eventId})`).join('; '),
    };
  });
  return {
    kind: 'records',
    body: rows,
    rows,
    columns: ['id', 'item', 'owned', 'booked', 'free', 'peakAt', 'events'],
    knownColumns: ['id', 'item', 'active', 'owned', 'booked', 'free', 'peakAt', 'events'],
  };
}

async function chosenItems(session: Session, options: Options): Promise<CalendarItem[]> {
  const calendar = calendarOf(session);
  const refs = stringList(options, 'item');
  // The same item named twice (by id and by name) is one row.
  const named = refs.length > 0 ? [...new Map((await Promise.all(refs.map((ref) => calendar.item(ref)))).map((item) => [item.id, item])).values()] : undefined;
  let items = named ?? [...(await calendar.items()).values()].sort((a, b) => a.id - b.id);
  const category = optionalString(options, 'category');
  if (category !== undefined) {
    const found = /^\d+$/.test(category.trim()) ? Number(category) : await session.catalog().lookup('categories', category);
    if (typeof found === 'string') throw new UsageError(`--category: ${found}`);
    const field = CATEGORY_FIELDS.find((f) => items.some((item) => item.record[f] !== undefined && item.record[f] !== null));
    if (!field) {
      throw new UsageError("--category: the service's inventory items carry no category (the API reference does not show how items and categories relate); use --item");
    }
    items = items.filter((item) => Number(item.record[field]) === found);
  }
  return items;
}
