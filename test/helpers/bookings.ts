// A booking record of a test as the calendar reads it: the test's records always name an item.

import { type CalendarBooking, readBookingLine } from '../../src/domain/records.js';

export function readBooking(record: Record<string, unknown>, eventId: number): CalendarBooking {
  const line = readBookingLine(record, eventId);
  if (!('booking' in line)) throw new Error(`test booking ${String(record.id)} names no item`);
  return line.booking;
}
