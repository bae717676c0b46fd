// `rentals agenda [--from --to] [--active-only]`: the events whose window meets the range, by
// time, under the day they begin in the range, with dropoff, start, end, pickup, customer, status,
// booked items and total. `-o ics` gives the same events as an iCalendar document.

import type { Session } from '../../cli/session.js';
import { formatMoneyFixed, moneyToNumber } from '../../bulk/money.js';
import { dayHeading, dayKey, shortWallTime, startOfDay } from '../../data/wall-time.js';
import type { CalendarView, GroupedView } from '../../output/views.js';
import { resolveRange } from '../dates.js';
import { buildIcs } from '../ics.js';
import { eventTotals } from '../totals.js';
import { type Options, calendarOf, itemName, itemsText, labels, nowWall, optionalString, showRange, venue, wantsIcs } from './common.js';

const COLUMNS = ['id', 'event', 'dropoff', 'start', 'end', 'pickup', 'customer', 'status', 'items', 'total'];

export async function agenda(session: Session, options: Options): Promise<GroupedView | CalendarView> {
  const range = resolveRange({ from: optionalString(options, 'from'), to: optionalString(options, 'to') }, nowWall(session), { days: 8 });
  showRange(session, range);
  const calendar = calendarOf(session);
  const events = await calendar.eventsIn(range, { active: options.activeOnly === true });
  const [bookings, items, status] = await Promise.all([calendar.bookings(events), calendar.items(), labels(session, 'statuses')]);

  const entries = events.map((event) => {
    const lines = bookings.get(event.id) ?? [];
    const totals = eventTotals(event.record, lines);
    const statusName = status(event.statusId);
    const when = (field: keyof typeof event.dates) => (event.dates[field] === undefined ? null : shortWallTime(event.dates[field]!));
    const row = {
      id: event.id,
      event: event.name,
      dropoff: when('dropoffDate'),
      start: when('startDate'),
      end: when('endDate'),
      pickup: when('pickupDate'),
      customer: event.customer ?? null,
      status: event.cancelled ? 'cancelled' : (statusName ?? null),
      items: itemsText(lines, items),
      total: formatMoneyFixed(totals.total),
    };
    const json = {
      id: event.id,
      eventName: event.name,
      status: statusName ?? null,
      cancelled: event.cancelled,
      dropoffDate: event.record.dropoffDate ?? null,
      startDate: event.record.startDate ?? null,
      endDate: event.record.endDate ?? null,
      pickupDate: event.record.pickupDate ?? null,
      customerName: event.customer ?? null,
      venue: venue(event),
      items: lines.map((b) => ({ inventoryId: b.itemId, name: items.get(b.itemId)?.name ?? null, quantity: b.quantity })),
      total: moneyToNumber(totals.total),
    };
    // Under the day the event begins in the range (an event already under way: the first day).
    const day = startOfDay(Math.max(event.window!.from, range.from));
    return { event, row, json, day, lines, statusName };
  });

  if (wantsIcs(session)) {
    const host = hostOf(session);
    const timeZone = session.timeZone();
    return {
      kind: 'calendar',
      ics: () =>
        buildIcs(
          entries.map((e) => ({
            event: e.event,
            status: e.statusName,
            items: e.lines.map((b) => `${b.quantity} × ${itemName(b.itemId, items)}`),
            total: e.row.total,
            venue: e.json.venue,
          })),
          host,
          new Date(session.ctx.now()),
          timeZone,
        ),
      rows: entries.map((e) => e.row),
      columns: COLUMNS,
      json: entries.map((e) => e.json),
    };
  }

  const groups = new Map<number, typeof entries>();
  for (const entry of entries) {
    const list = groups.get(entry.day);
    if (list) list.push(entry);
    else groups.set(entry.day, [entry]);
  }
  return {
    kind: 'groups',
    groupColumn: 'date',
    columns: COLUMNS,
    groups: [...groups].map(([day, list]) => ({ heading: dayHeading(day), key: dayKey(day), rows: list.map((e) => e.row) })),
    json: entries.map((e) => ({ date: dayKey(e.day), ...e.json })),
  };
}

function hostOf(session: Session): string {
  try {
    return new URL(session.requireBaseUrl()).hostname || 'rentals';
  } catch {
    return 'rentals';
  }
}
