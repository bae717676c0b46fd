// Use case: the warehouse's pick list (`rentals load-sheet`). Per day: what goes out (the start of
// each event's window: its dropoff, or its start without one) and what comes back (the end of the
// window: the pickup, or the end), per event with its time, customer and address, and per item the
// total units. Cancelled events are left out (they hold nothing); a quote (an event the hold
// policy counts as tentative) is marked as one: its units may never go out, so the totals are the
// confirmed events' units, a quote's counted apart ("+2 on quotes"; domain/pick-list.ts computes
// them once, for the table, -o json and the printed page alike).

import { namedRangeOf, parseDateArgument, parseRangeEnd } from '../../domain/dates.js';
import { type Direction, type PickDay, type PickMovement, type PickTotal, pickDays } from '../../domain/pick-list.js';
import { type CalendarEvent, itemName, itemsJson, itemsText, venue } from '../../domain/records.js';
import { DAY_MS, clockTime, dayHeading, dayKey, startOfDay } from '../../domain/wall-time.js';
import { UsageError } from '../../errors.js';
import type { PaperSize } from '../../config/settings-table.js';
import { shopWord } from '../../resources/shop-words.js';
import { renderPickListPage } from '../../output/html/pick-list-page.js';
import { shownWhenTrue } from '../../output/format.js';
import type { GroupedView, View } from '../../output/views.js';
import type { Factory } from '../factory.js';
import { showRange } from './range.js';

export type LoadSheetDeps = Pick<Factory, 'calendar' | 'wallNow' | 'notices' | 'ruleOf'>;

export interface LoadSheetRequest {
  /** The (first) day, and the flag that gave it (--from or --date); default today. */
  from?: { flag: string; value: string };
  /** The last day, for several days. */
  to?: string;
  /** A named range instead. */
  range?: string;
}

const COLUMNS = ['direction', 'time', 'id', 'event', 'customer', 'address', 'items', 'quote'];
/** The address a movement goes to or comes from is the event's venue. */
const TITLES = { address: shopWord('venue') };

interface Movement {
  direction: Direction;
  time: number;
  event: CalendarEvent;
}

/** Whole days, --from (or --date) to --to (a time given with either stands for its day). */
function sheetDays(from: { flag: string; value: string } | undefined, to: string | undefined, now: number): { from: number; to: number } {
  const flag = from?.flag ?? '--from';
  const first = startOfDay(parseDateArgument(from?.value ?? 'today', now, flag).time);
  const last = to === undefined ? first : startOfDay(parseRangeEnd(to, first, now, '--to').time);
  if (last < first) throw new UsageError(`--to must not be before ${flag} (${flag} is ${dayHeading(first)}, --to ${dayHeading(last)})`);
  return { from: first, to: last + DAY_MS };
}

/** When the event's stock goes out and comes back: the ends of its window (event-model.ts). */
export function movementsOf(event: CalendarEvent, range: { from: number; to: number }): Movement[] {
  if (!event.window || event.cancelled) return [];
  const found: Movement[] = [];
  if (event.window.from >= range.from && event.window.from < range.to) found.push({ direction: 'out', time: event.window.from, event });
  if (event.window.to >= range.from && event.window.to < range.to) found.push({ direction: 'in', time: event.window.to, event });
  return found;
}

export async function loadSheet(deps: LoadSheetDeps, request: LoadSheetRequest): Promise<View> {
  const { from, to } = request;
  const now = deps.wallNow();
  const range = namedRangeOf({ range: request.range, from: from?.value, to }, now) ?? sheetDays(from, to, now);
  showRange(deps.notices(), range);
  const calendar = await deps.calendar({ lean: true });
  const movements = (await calendar.eventsIn(range, { active: true })).flatMap((event) => movementsOf(event, range));
  const [bookings, items] = await Promise.all([calendar.bookings(new Set(movements.map((m) => m.event))), calendar.items()]);
  movements.sort((a, b) => a.time - b.time || (a.direction === b.direction ? 0 : a.direction === 'in' ? -1 : 1) || a.event.id - b.event.id);

  const isQuote = (event: CalendarEvent) => deps.ruleOf(event) === 'tentative';
  const picked: PickMovement[] = movements.map((m) => ({
    direction: m.direction,
    time: m.time,
    eventId: m.event.id,
    eventName: m.event.name,
    quote: isQuote(m.event),
    customer: m.event.customer,
    venue: venue(m.event),
    lines: (bookings.get(m.event.id) ?? []).map((b) => ({ inventoryId: b.itemId, itemName: itemName(b.itemId, items), quantity: b.quantity })),
  }));
  const sheet = pickDays(range, picked);
  const groups: GroupedView['groups'] = [];
  for (const day of sheet) {
    for (const direction of ['out', 'in'] as const) {
      const { movements: list, totals } = day[direction];
      if (list.length === 0) continue;
      const verb = direction === 'out' ? 'load' : 'receive';
      groups.push({
        heading: `${dayHeading(day.day)} — ${direction === 'out' ? 'OUT (dropoffs)' : 'IN (pickups)'}`,
        key: dayKey(day.day),
        rows: list.map((m) => ({
          direction,
          time: clockTime(m.time),
          id: m.eventId,
          event: m.eventName,
          customer: m.customer ?? null,
          address: m.venue ?? '',
          items: itemsText(bookings.get(m.eventId) ?? [], items),
          // true for a quote (its units may never go out), as in -o json; a table marks only the quotes (names).
          quote: m.quote,
        })),
        footer: [`To ${verb}:`, ...totals.map(totalLine)],
      });
    }
  }
  // -o json: per day and direction, the events and the totals.
  const directionJson = (day: PickDay, direction: Direction) => {
    const { movements: list, totals } = day[direction];
    return {
      events: list.map((m) => ({ id: m.eventId, eventName: m.eventName, quote: m.quote, time: clockTime(m.time), customerName: m.customer ?? null, address: m.venue ?? '', items: itemsJson(bookings.get(m.eventId) ?? [], items) })),
      items: totals,
    };
  };
  const data = sheet.map((day) => ({ date: dayKey(day.day), out: directionJson(day, 'out'), in: directionJson(day, 'in') }));
  const page = (size: PaperSize) => renderPickListPage({ range, size, days: sheet });
  return { kind: 'groups', groupColumn: 'date', columns: COLUMNS, titles: TITLES, names: { quote: shownWhenTrue }, kinds: { date: 'datetime', time: 'time' }, groups, data, html: page, entry: movementEntry };
}

/** A footer line of the totals: the confirmed units, a quote's apart (`  1 × Tent  (+2 on quotes)`). */
function totalLine(total: PickTotal): string {
  const line = `  ${String(total.quantity).padStart(5)} × ${total.name}`;
  return total.onQuotes > 0 ? `${line}  (+${total.onQuotes} on quotes)` : line;
}

/** A movement where the table would be cut: time, event, customer, address and items, wrapped. */
function movementEntry(row: Record<string, unknown>): { lead: string; title: string; lines: string[] } {
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const lines = [text(row.customer), text(row.address), text(row.items)].filter((line) => line !== '');
  return { lead: text(row.time), title: `${text(row.event)} (${text(row.id)})${row.quote === true ? ' · QUOTE, not confirmed' : ''}`, lines };
}
