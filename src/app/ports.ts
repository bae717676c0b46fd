// What the use cases of the application layer are given: narrow dependencies, never the session.
// The CLI builds them once per run (cli/commands/calendar/deps.ts); tests build their own.

import type { BookingWriter } from '../data/booking-writer.js';
import type { CalendarData } from '../data/calendar.js';
import type { EventWriter } from '../data/event-writer.js';
import type { StockWriter } from '../data/stock-writer.js';
import type { Notices } from '../output/notices.js';


/** The calendar's reads and its writers: every change of events, bookings and stock goes through these. */
export interface CalendarWrites {
  calendar: CalendarData;
  events: EventWriter;
  bookings: BookingWriter;
  stock: StockWriter;
  notices: Notices;
}
