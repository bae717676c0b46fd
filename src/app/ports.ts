// What the use cases of the application layer are given: narrow dependencies, never the session.
// The CLI builds them once per run (cli/commands/calendar/deps.ts); tests build their own.

import type { BookingWriter } from '../data/booking-writer.js';
import type { CalendarData } from '../data/calendar.js';
import type { EventWriter } from '../data/event-writer.js';
import type { StockWriter } from '../data/stock-writer.js';
import type { Writers } from '../data/writers.js';
import type { MoneyText } from '../domain/money.js';
import type { Notices } from '../output/notices.js';

/** The calendar's reads and the writers: every change of every resource goes through these. */
export interface CalendarWrites {
  calendar: CalendarData;
  /** The writer of each writable resource (data/writers.ts); events, bookings and stock are three of them. */
  writers: Writers;
  events: EventWriter;
  bookings: BookingWriter;
  stock: StockWriter;
  notices: Notices;
  /** How an amount is shown to a person (the shop's currency when one is set). */
  money: MoneyText;
}
