// Use case: the agenda (`rentals agenda`): the events whose window meets the range, by time,
// under the day their window begins, with dropoff, start, end, pickup, customer, status, booked
// items and total; `-o ics` gives the same events as an iCalendar document, `-o html` (and `-o pdf`)
// the same days and rows as a page to pin up (output/html/agenda-page.ts). An event already under
// way when the range begins is under its own first day, marked as continuing: never shown as
// beginning on the range's first day (one event under different days in two ranges).

import { type RangeInput, describeRange, resolveRange } from '../../domain/dates.js';
import { buildIcs } from '../../domain/ics.js';
import { type MoneyText, money, moneyToNumber } from '../../domain/money.js';
import { itemsJson, itemsText, venue } from '../../domain/records.js';
import { eventTotals } from '../../domain/totals.js';
import { dayHeading, dayKey, shortWallTime, startOfDay } from '../../domain/wall-time.js';
import type { PaperSize } from '../../config/settings-table.js';
import { type AgendaPageDay, renderAgendaPage } from '../../output/html/agenda-page.js';
import { shownWhenTrue } from '../../output/format.js';
import type { CalendarView, View } from '../../output/views.js';
import { moneyTextIn } from '../../output/money-text.js';
import type { Factory } from '../factory.js';
import { showRange } from './range.js';

export interface AgendaRequest {
  range: RangeInput;
  /** Leave cancelled events out. */
  activeOnly: boolean;
}

export type AgendaDeps = Pick<Factory, 'calendar' | 'wallNow' | 'now' | 'notices' | 'apiHost' | 'timeZone' | 'documentSettings'>;

const COLUMNS = ['id', 'event', 'dropoff', 'start', 'end', 'pickup', 'customer', 'status', 'items', 'total', 'continuing'];

/** The days and times written for people (`2026-11-29 09:00`), by their names in both the table's and -o json's words. */
const WHEN = Object.fromEntries(['date', 'dropoff', 'start', 'end', 'pickup', 'dropoffDate', 'startDate', 'endDate', 'pickupDate'].map((column) => [column, 'datetime' as const]));

/** The heading of the day an event under way began, above the events that continue into the range. */
const CONTINUING = 'under way when the range begins';

/** A wall time under its day's heading: the time alone on that day, else the date too (without the year in the same year). */
function onDay(value: unknown, day: string): string {
  if (typeof value !== 'string') return '';
  if (value.startsWith(`${day} `)) return value.slice(day.length + 1);
  return value.startsWith(day.slice(0, 5)) ? value.slice(5) : value;
}

/** An agenda row where the table would be cut: time, event, customer, items, total (as `shown`) and window, wrapped. */
function agendaEntry(row: Record<string, unknown>, day: string, shown: MoneyText): { lead: string; title: string; lines: string[] } {
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const title = [`${text(row.event)} (${text(row.id)})`, text(row.status), row.continuing === true ? 'continuing' : ''].filter((p) => p !== '').join(' · ');
  // No-break spaces: a label and its time are never wrapped apart.
  const labelled = (label: string, value: string) => (value === '' ? '' : `${label} ${value}`.replace(/ /g, '\u00a0'));
  const total = typeof row.total === 'number' ? shown(money(row.total)) : '';
  const window = [labelled('total', total), labelled('ends', onDay(row.end, day)), labelled('dropoff', onDay(row.dropoff, day)), labelled('pickup', onDay(row.pickup, day))];
  const lines = [text(row.customer), text(row.items), window.filter((p) => p !== '').join(' · ')];
  return { lead: onDay(row.start, day), title, lines: lines.filter((l) => l !== '') };
}

export async function agenda(deps: AgendaDeps, request: AgendaRequest): Promise<CalendarView & Pick<View, 'html'>> {
  const now = deps.wallNow();
  const range = resolveRange(request.range, now, { days: 8 });
  showRange(deps.notices(), range);
  const calendar = await deps.calendar({ lean: true });
  const events = await calendar.eventsIn(range, { active: request.activeOnly });
  const [bookings, items] = await Promise.all([calendar.bookings(events), calendar.items()]);
  const moneyShown = moneyTextIn(deps.documentSettings().currency);

  const entries = events.map((event) => {
    // Under the day its window begins, in the range or (an event already under way) before it.
    const continuing = event.window!.from < range.from;
    const day = startOfDay(event.window!.from);
    const lines = bookings.get(event.id) ?? [];
    const totals = eventTotals(event.record, lines);
    const when = (field: keyof typeof event.dates) => (event.dates[field] === undefined ? null : shortWallTime(event.dates[field]!));
    const place = venue(event);
    // The values of -o json, for every format: a table shows the total with its scale and marks only the continuing events (names, money).
    const total = moneyToNumber(totals.total);
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
      total,
      continuing,
    };
    // --fields takes the names of -o json too (eventName, startDate, …): the same values by either name.
    const row = { ...shown, eventName: shown.event, dropoffDate: shown.dropoff, startDate: shown.start, endDate: shown.end, pickupDate: shown.pickup, customerName: shown.customer, venue: place };
    const data = {
      date: dayKey(day),
      continuing,
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
      total,
    };
    return { event, row, data, day, continuing, lines, place, totalText: moneyShown(totals.total) };
  });

  // A day reads in the order of the time it shows: each event's start (its dropoff when it has
  // no start), then its id. The window decides the day an event is listed under, not its place in it.
  const shownTime = (entry: (typeof entries)[number]) => entry.event.dates.startDate ?? entry.event.window?.from ?? 0;
  // The events that continue into the range come first, each day's apart from those that begin in it.
  entries.sort((a, b) => Number(b.continuing) - Number(a.continuing) || a.day - b.day || shownTime(a) - shownTime(b) || a.event.id - b.event.id);
  const groups = new Map<string, typeof entries>();
  for (const entry of entries) {
    const key = `${entry.day}${entry.continuing ? ' continuing' : ''}`;
    const list = groups.get(key);
    if (list) list.push(entry);
    else groups.set(key, [entry]);
  }
  const days = [...groups.values()].map((list) => {
    const { day, continuing } = list[0]!;
    return { heading: continuing ? `${dayHeading(day)}, ${CONTINUING}` : dayHeading(day), key: dayKey(day), list };
  });
  // The page: the table's days and rows, each time written for the day it is under (as a narrow terminal's entries).
  const pageDays = (): AgendaPageDay[] =>
    days.map(({ heading, key, list }) => ({
      heading,
      entries: list.map(({ row, event, continuing, lines, totalText }) => ({
        id: row.id,
        event: row.event,
        status: row.status,
        cancelled: event.cancelled,
        continuing,
        customer: row.customer,
        items: lines.map((b) => itemsText([b], items)),
        start: onDay(row.start, key),
        end: onDay(row.end, key),
        dropoff: onDay(row.dropoff, key),
        pickup: onDay(row.pickup, key),
        total: totalText,
      })),
    }));
  return {
    kind: 'calendar',
    ics: () =>
      buildIcs(
        entries.map((e) => ({ event: e.event, items: e.lines.map((b) => itemsText([b], items)), total: e.totalText, venue: e.place })),
        deps.apiHost(),
        new Date(deps.now()),
        deps.timeZone(),
      ),
    listing: {
      kind: 'groups',
      groupColumn: 'date',
      columns: COLUMNS,
      money: ['total'],
      kinds: WHEN,
      names: { continuing: shownWhenTrue },
      entry: (row, day) => agendaEntry(row, day, moneyShown),
      groups: days.map(({ heading, key, list }) => ({ heading, key, rows: list.map((e) => e.row) })),
      data: entries.map((e) => e.data),
    },
    html: (size: PaperSize) => renderAgendaPage({ range: describeRange(range), asOf: shortWallTime(now), days: pageDays(), size }),
  };
}
