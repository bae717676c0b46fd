// Use case: the warehouse's pick list (`rentals load-sheet`). Per day: what goes out (the start of
// each event's window: its dropoff, or its start without one) and what comes back (the end of the
// window: the pickup, or the end), per event with its time, customer and address, and per item the
// total units. Cancelled events are left out (they hold nothing); a quote (an event the hold
// policy counts as tentative) is marked as one: its units may never go out.

import { namedRangeOf, parseDateArgument, parseRangeEnd } from '../../domain/dates.js';
import { type CalendarBooking, type CalendarEvent, type CalendarItem, itemName, itemsJson, itemsText, totalsByItem, venue } from '../../domain/records.js';
import { DAY_MS, clockTime, dayHeading, dayKey, startOfDay } from '../../domain/wall-time.js';
import { UsageError } from '../../errors.js';
import type { PaperSize } from '../../config/settings-table.js';
import { shopWord } from '../../resources/shop-words.js';
import { renderPickListPage } from '../../output/html/pick-list-page.js';
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

type Direction = 'out' | 'in';
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
  const groups: GroupedView['groups'] = [];
  const days: unknown[] = [];
  for (let day = startOfDay(range.from); day < range.to; day += DAY_MS) {
    const today = movements.filter((m) => startOfDay(m.time) === day);
    const dayData: Record<string, unknown> = { date: dayKey(day) };
    for (const direction of ['out', 'in'] as const) {
      const list = today.filter((m) => m.direction === direction);
      const totals = itemTotals(list.flatMap((m) => bookings.get(m.event.id) ?? []), items);
      dayData[direction] = {
        events: list.map((m) => ({ id: m.event.id, eventName: m.event.name, quote: isQuote(m.event), time: clockTime(m.time), customerName: m.event.customer ?? null, address: venue(m.event), items: itemsJson(bookings.get(m.event.id) ?? [], items) })),
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
          // A quote: marked, its units may never go out (empty for a firm event).
          quote: isQuote(m.event) || null,
        })),
        footer: [`To ${verb}:`, ...totals.map((t) => `  ${String(t.quantity).padStart(5)} × ${t.name}`)],
      });
    }
    days.push(dayData);
  }
  const page = (size: PaperSize) =>
    renderPickListPage({
      range,
      size,
      movements: movements.map((m) => ({
        direction: m.direction,
        time: m.time,
        eventId: m.event.id,
        eventName: m.event.name,
        quote: isQuote(m.event),
        customer: m.event.customer,
        venue: venue(m.event),
        lines: (bookings.get(m.event.id) ?? []).map((b) => ({ itemName: itemName(b.itemId, items), quantity: b.quantity })),
      })),
    });
  return { kind: 'groups', groupColumn: 'date', columns: COLUMNS, titles: TITLES, groups, data: days, html: page, entry: movementEntry };
}

/** A movement where the table would be cut: time, event, customer, address and items, wrapped. */
function movementEntry(row: Record<string, unknown>): { lead: string; title: string; lines: string[] } {
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const lines = [text(row.customer), text(row.address), text(row.items)].filter((line) => line !== '');
  return { lead: text(row.time), title: `${text(row.event)} (${text(row.id)})${row.quote === true ? ' · QUOTE, not confirmed' : ''}`, lines };
}

function itemTotals(bookings: readonly CalendarBooking[], items: ReadonlyMap<number, CalendarItem>): Array<{ inventoryId: number; name: string; quantity: number }> {
  return [...totalsByItem(bookings)]
    .map(([inventoryId, quantity]) => ({ inventoryId, name: itemName(inventoryId, items), quantity }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
