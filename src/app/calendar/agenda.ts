// Use case: the agenda (`rentals agenda`): the events whose window meets the range, by time,
// under the day they begin in the range, with dropoff, start, end, pickup, customer, status,
// booked items and total; `-o ics` gives the same events as an iCalendar document.

import { type RangeInput, resolveRange } from '../../domain/dates.js';
import { buildIcs } from '../../domain/ics.js';
import { formatMoneyFixed, moneyToNumber } from '../../domain/money.js';
import { itemsJson, itemsText, venue } from '../../domain/records.js';
import { eventTotals } from '../../domain/totals.js';
import { dayHeading, dayKey, shortWallTime, startOfDay } from '../../domain/wall-time.js';
import type { CalendarView } from '../../output/views.js';
import type { Factory } from '../factory.js';
import { showRange } from './range.js';

export interface AgendaRequest {
  range: RangeInput;
  /** Leave cancelled events out. */
  activeOnly: boolean;
}

export type AgendaDeps = Pick<Factory, 'calendar' | 'wallNow' | 'now' | 'notices' | 'apiHost' | 'timeZone'>;

const COLUMNS = ['id', 'event', 'dropoff', 'start', 'end', 'pickup', 'customer', 'status', 'items', 'total'];

/** A wall time under its day's heading: the time alone on that day, else the date too (without the year in the same year). */
function onDay(value: unknown, day: string): string {
  if (typeof value !== 'string') return '';
  if (value.startsWith(`${day} `)) return value.slice(day.length + 1);
  return value.startsWith(day.slice(0, 5)) ? value.slice(5) : value;
}

/** An agenda row where the table would be cut: time, event, customer, items, total and window, wrapped. */
function agendaEntry(row: Record<string, unknown>, day: string): { lead: string; title: string; lines: string[] } {
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const title = [`${text(row.event)} (${text(row.id)})`, text(row.status)].filter((p) => p !== '').join(' · ');
  // No-break spaces: a label and its time are never wrapped apart.
  const labelled = (label: string, value: string) => (value === '' ? '' : `${label} ${value}`.replace(/ /g, '\u00a0'));
  const window = [labelled('total', text(row.total)), labelled('ends', onDay(row.end, day)), labelled('dropoff', onDay(row.dropoff, day)), labelled('pickup', onDay(row.pickup, day))];
  const lines = [text(row.customer), text(row.items), window.filter((p) => p !== '').join(' · ')];
  return { lead: onDay(row.start, day), title, lines: lines.filter((l) => l !== '') };
}

export async function agenda(deps: AgendaDeps, request: AgendaRequest): Promise<CalendarView> {
  const range = resolveRange(request.range, deps.wallNow(), { days: 8 });
  showRange(deps.notices(), range);
  const calendar = await deps.calendar({ lean: true });
  const events = await calendar.eventsIn(range, { active: request.activeOnly });
  const [bookings, items] = await Promise.all([calendar.bookings(events), calendar.items()]);

  const entries = events.map((event) => {
    const lines = bookings.get(event.id) ?? [];
    const totals = eventTotals(event.record, lines);
    const when = (field: keyof typeof event.dates) => (event.dates[field] === undefined ? null : shortWallTime(event.dates[field]!));
    const place = venue(event);
    const shown = {
      id: event.id,
      event: event.name,
      dropoff: when('dropoffDate'),
      start: when('startDate'),
      end: when('endDate'),
      pickup: when('pickupDate'),
      customer: event.customer ?? null,
      status: event.cancelled ? 'cancelled' : (event.status ?? null),
      items: itemsText(lines, items),
      total: formatMoneyFixed(totals.total),
    };
    // --fields takes the names of -o json too (eventName, startDate, …): the same values by either name.
    const row = { ...shown, eventName: shown.event, dropoffDate: shown.dropoff, startDate: shown.start, endDate: shown.end, pickupDate: shown.pickup, customerName: shown.customer, venue: place };
    // Under the day the event begins in the range (an event already under way: the first day).
    const day = startOfDay(Math.max(event.window!.from, range.from));
    const data = {
      date: dayKey(day),
      id: event.id,
      eventName: event.name,
      status: event.status ?? null,
      cancelled: event.cancelled,
      dropoffDate: event.record.dropoffDate ?? null,
      startDate: event.record.startDate ?? null,
      endDate: event.record.endDate ?? null,
      pickupDate: event.record.pickupDate ?? null,
      customerName: event.customer ?? null,
      venue: place,
      items: itemsJson(lines, items),
      total: moneyToNumber(totals.total),
    };
    return { event, row, data, day, lines, place };
  });

  // A day reads in the order of the time it shows: each event's start (its dropoff when it has
  // no start), then its id. The window decides the day an event is listed under, not its place in it.
  const shownTime = (entry: (typeof entries)[number]) => entry.event.dates.startDate ?? entry.event.window?.from ?? 0;
  entries.sort((a, b) => a.day - b.day || shownTime(a) - shownTime(b) || a.event.id - b.event.id);
  const groups = new Map<number, typeof entries>();
  for (const entry of entries) {
    const list = groups.get(entry.day);
    if (list) list.push(entry);
    else groups.set(entry.day, [entry]);
  }
  return {
    kind: 'calendar',
    ics: () =>
      buildIcs(
        entries.map((e) => ({ event: e.event, items: e.lines.map((b) => itemsText([b], items)), total: e.row.total, venue: e.place })),
        deps.apiHost(),
        new Date(deps.now()),
        deps.timeZone(),
      ),
    listing: {
      kind: 'groups',
      groupColumn: 'date',
      columns: COLUMNS,
      entry: agendaEntry,
      groups: [...groups].map(([day, list]) => ({ heading: dayHeading(day), key: dayKey(day), rows: list.map((e) => e.row) })),
      data: entries.map((e) => e.data),
    },
  };
}
