// `rentals report revenue`: what the bookings earn, in exact decimals (money.ts).
//
//   revenue = Σ over booking lines: quantity × unit price
//
// An event counts once, in the month its start falls in (startDate, else the start of its window),
// when that start lies in the range; it is not spread over the days it lasts. Delivery, labor, tax
// and discounts are not booking lines and are left out. A line without a price adds nothing and is
// counted in `unpriced`. Cancelled events are left out of the rows and total and reported apart.
// By month, every month of the range has a row, zero when no event started in it.

import { type Money, ZERO_MONEY, addMoney } from './money.js';
import type { CalendarBooking, CalendarEvent, CalendarItem } from './records.js';
import { type ReportGrouping, monthKey, monthParts } from './report-grouping.js';
import { eventTotals } from './totals.js';
import type { Range, WallTime } from './wall-time.js';

export interface RevenueInput {
  range: Range;
  events: readonly CalendarEvent[];
  bookings: Map<number, CalendarBooking[]>;
  items: Map<number, CalendarItem>;
  statusOf: (event: CalendarEvent) => string;
}

export interface RevenueRow {
  key: string;
  label: string;
  amount: Money;
  /** Booking lines counted (priced or not). */
  lines: number;
  unpriced: number;
}

export interface RevenuePart {
  rows: RevenueRow[];
  total: RevenueRow;
}

export interface RevenueReport extends RevenuePart {
  /** The cancelled events of the range, grouped the same way (for --include-cancelled). */
  cancelled: RevenuePart;
}


/** The moment an event's revenue is dated by: its start, else the start of its window. */
export function revenueDate(event: CalendarEvent): WallTime | undefined {
  return event.dates.startDate ?? event.window?.from;
}

function emptyRow(key: string, label: string): RevenueRow {
  return { key, label, amount: ZERO_MONEY, lines: 0, unpriced: 0 };
}

function part(events: readonly CalendarEvent[], input: RevenueInput, by: ReportGrouping): RevenuePart {
  // By month, every month of the range has its row (zero when nothing started in it): a time series without gaps.
  const rows = new Map<string, RevenueRow>(by === 'month' ? monthParts(input.range).map(({ key }) => [key, emptyRow(key, key)]) : []);
  const total = emptyRow('total', 'total');
  for (const event of events) {
    const bookings = input.bookings.get(event.id) ?? [];
    const { lines } = eventTotals(event.record, bookings);
    bookings.forEach((booking, i) => {
      const [key, label] =
        by === 'item'
          ? [String(booking.itemId), input.items.get(booking.itemId)?.name ?? `item ${booking.itemId}`]
          : by === 'month'
            ? [monthKey(revenueDate(event)!), monthKey(revenueDate(event)!)]
            : [input.statusOf(event), input.statusOf(event)];
      const target = rows.get(key) ?? emptyRow(key, label);
      rows.set(key, target);
      for (const sum of [target, total]) {
        const line = lines[i];
        if (line) sum.amount = addMoney(sum.amount, line);
        else sum.unpriced++;
        sum.lines++;
      }
    });
  }
  const order = by === 'item' ? (a: RevenueRow, b: RevenueRow) => Number(a.key) - Number(b.key) : (a: RevenueRow, b: RevenueRow) => a.key.localeCompare(b.key);
  return { rows: [...rows.values()].sort(order), total };
}

export function revenue(input: RevenueInput, by: ReportGrouping): RevenueReport {
  const inRange = input.events.filter((e) => {
    const date = revenueDate(e);
    return date !== undefined && date >= input.range.from && date < input.range.to;
  });
  return {
    ...part(
      inRange.filter((e) => !e.cancelled),
      input,
      by,
    ),
    cancelled: part(
      inRange.filter((e) => e.cancelled),
      input,
      by,
    ),
  };
}
