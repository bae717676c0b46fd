// `rentals load-sheet [--date <day>] [--to <day>]`: the warehouse's pick list. Per day: what goes
// out (the dropoffs of the day: to load) and what comes back (the pickups: to receive), per event
// with its time, customer and address, and per item the total units. Cancelled events are left out.

import type { Session } from '../../cli/session.js';
import type { CalendarBooking, CalendarEvent, CalendarItem } from '../../domain/records.js';
import { DAY_MS, clockTime, dayHeading, dayKey, startOfDay } from '../../domain/wall-time.js';
import type { GroupedView } from '../../output/views.js';
import { UsageError } from '../../errors.js';
import { parseDateArgument } from '../../domain/dates.js';
import { type Options, calendarOf, itemName, itemsText, nowWall, optionalString, showRange, venue } from './common.js';

type Direction = 'out' | 'in';
const COLUMNS = ['direction', 'time', 'id', 'event', 'customer', 'address', 'items'];

interface Movement {
  direction: Direction;
  time: number;
  event: CalendarEvent;
}

/** Whole days, --date to --to (a time given with either stands for its day). */
function sheetDays(date: string | undefined, to: string | undefined, now: number): { from: number; to: number } {
  const first = startOfDay(parseDateArgument(date ?? 'today', now, '--date').time);
  const last = to === undefined ? first : startOfDay(parseDateArgument(to, now, '--to').time);
  const range = { from: first, to: last + DAY_MS };
  if (last < first) throw new UsageError(`--to must not be before --date (--date is ${dayHeading(first)}, --to ${dayHeading(last)})`);
  return range;
}

export async function loadSheet(session: Session, options: Options): Promise<GroupedView> {
  const range = sheetDays(optionalString(options, 'date'), optionalString(options, 'to'), nowWall(session));
  showRange(session, range);
  const calendar = calendarOf(session);
  const movements: Movement[] = [];
  for (const event of await calendar.eventsIn(range, { active: true })) {
    const { dropoffDate, pickupDate } = event.dates;
    if (dropoffDate !== undefined && dropoffDate >= range.from && dropoffDate < range.to) movements.push({ direction: 'out', time: dropoffDate, event });
    if (pickupDate !== undefined && pickupDate >= range.from && pickupDate < range.to) movements.push({ direction: 'in', time: pickupDate, event });
  }
  const [bookings, items] = await Promise.all([calendar.bookings(new Set(movements.map((m) => m.event))), calendar.items()]);
  movements.sort((a, b) => a.time - b.time || (a.direction === b.direction ? 0 : a.direction === 'in' ? -1 : 1) || a.event.id - b.event.id);

  const groups: GroupedView['groups'] = [];
  const days: unknown[] = [];
  for (let day = startOfDay(range.from); day < range.to; day += DAY_MS) {
    const today = movements.filter((m) => startOfDay(m.time) === day);
    const dayJson: Record<string, unknown> = { date: dayKey(day) };
    for (const direction of ['out', 'in'] as const) {
      const list = today.filter((m) => m.direction === direction);
      const totals = itemTotals(list.flatMap((m) => bookings.get(m.event.id) ?? []), items);
      dayJson[direction] = {
        events: list.map((m) => ({ id: m.event.id, eventName: m.event.name, time: clockTime(m.time), customerName: m.event.customer ?? null, address: venue(m.event), items: (bookings.get(m.event.id) ?? []).map((b) => ({ inventoryId: b.itemId, name: items.get(b.itemId)?.name ?? null, quantity: b.quantity })) })),
        items: totals,
      };
      if (list.length === 0) continue;
      const verb = direction === 'out' ? 'load' : 'receive';
      groups.push({
        heading: `${dayHeading(day)} — ${direction === 'out' ? 'OUT (dropoffs)' : 'IN (pickups)'}`,
        key: `${dayKey(day)}`,
        rows: list.map((m) => ({
          direction,
          time: clockTime(m.time),
          id: m.event.id,
          event: m.event.name,
          customer: m.event.customer ?? null,
          address: venue(m.event),
          items: itemsText(bookings.get(m.event.id) ?? [], items),
        })),
        footer: [`To ${verb}:`, ...totals.map((t) => `  ${String(t.quantity).padStart(5)} × ${t.name}`)],
      });
    }
    days.push(dayJson);
  }
  return { kind: 'groups', groupColumn: 'date', columns: COLUMNS, groups, json: { days } };
}

function itemTotals(bookings: readonly CalendarBooking[], items: Map<number, CalendarItem>): Array<{ inventoryId: number; name: string; quantity: number }> {
  const sums = new Map<number, number>();
  for (const b of bookings) sums.set(b.itemId, (sums.get(b.itemId) ?? 0) + b.quantity);
  return [...sums]
    .map(([inventoryId, quantity]) => ({ inventoryId, name: itemName(inventoryId, items), quantity }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
