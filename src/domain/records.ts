// The calendar's record types, read tolerantly from what the service sends: an event with its
// window, a booking with its item, an item, a price. Plain functions over API records.

import { type Money, parseMoney } from './money.js';
import { readBool } from '../schemas/values.js';
import { type WallTime, parseWallTime } from './wall-time.js';

type ApiRecord = Record<string, unknown>;

export const EVENT_DATE_FIELDS = ['dropoffDate', 'startDate', 'endDate', 'teardownDate', 'pickupDate'] as const;
type EventDateField = (typeof EVENT_DATE_FIELDS)[number];

export interface CalendarEvent {
  id: number;
  name: string;
  statusId: number | undefined;
  blockId: number | undefined;
  /** Each of the five datetimes; undefined when missing or unreadable. */
  dates: Partial<Record<EventDateField, WallTime>>;
  /** What the event holds its inventory for: dropoff → pickup (see `eventWindow`). */
  window: { from: WallTime; to: WallTime } | undefined;
  /** A cancelled event (cancelDate set) holds nothing. */
  cancelled: boolean;
  customer: string | undefined;
  record: ApiRecord;
}

export interface CalendarBooking {
  id: number;
  eventId: number;
  itemId: number;
  quantity: number;
  /** undefined when the booking has no price (null or unreadable). */
  price: Money | undefined;
  record: ApiRecord;
}

export interface CalendarItem {
  id: number;
  name: string;
  /** Units owned. */
  quantity: number;
  active: boolean;
  record: ApiRecord;
}

export interface CalendarPrice {
  id: number;
  itemId: number;
  blockId: number;
  price: Money | undefined;
}

function int(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function readMoney(value: unknown): Money | undefined {
  if (typeof value === 'number' || typeof value === 'string') return parseMoney(value);
  return undefined;
}

/**
 * The window is dropoff → pickup. When a date is missing the start stands in for the dropoff and
 * the end for the pickup; when dates are out of order the window spans all of them, so an event
 * never holds less than it may need (`rentals check` names the wrong pair).
 */
function eventWindow(dates: Partial<Record<EventDateField, WallTime>>): { from: WallTime; to: WallTime } | undefined {
  const present = EVENT_DATE_FIELDS.map((f) => dates[f]).filter((t): t is WallTime => t !== undefined);
  if (present.length === 0) return undefined;
  return { from: Math.min(...present), to: Math.max(...present) };
}

export function readEvent(record: ApiRecord): CalendarEvent {
  const dates: Partial<Record<EventDateField, WallTime>> = {};
  for (const field of EVENT_DATE_FIELDS) {
    const time = parseWallTime(record[field]);
    if (time !== undefined) dates[field] = time;
  }
  return {
    id: Number(record.id),
    name: text(record.eventName) ?? `event ${String(record.id)}`,
    statusId: int(record.eventStatusId),
    blockId: int(record.rentalBlockId),
    dates,
    window: eventWindow(dates),
    cancelled: record.cancelDate !== null && record.cancelDate !== undefined && record.cancelDate !== '',
    customer: text(record.customerName),
    record,
  };
}

export function readBooking(record: ApiRecord, eventId: number): CalendarBooking {
  return {
    id: Number(record.id),
    eventId: int(record.eventId) ?? eventId,
    itemId: int(record.inventoryId) ?? 0,
    quantity: int(record.quantity) ?? 0,
    price: readMoney(record.price),
    record,
  };
}

export function readItem(record: ApiRecord): CalendarItem {
  return {
    id: Number(record.id),
    name: text(record.name) ?? `item ${String(record.id)}`,
    quantity: int(record.quantityAvailable) ?? 0,
    active: readBool(record.active) === true,
    record,
  };
}

export function readPrice(record: ApiRecord, itemId: number): CalendarPrice {
  return {
    id: Number(record.id),
    itemId: int(record.inventoryId) ?? itemId,
    blockId: int(record.rentalBlockId) ?? 0,
    price: readMoney(record.price),
  };
}

/** `event 12 "Harper wedding"`. */
export function eventLabel(event: CalendarEvent): string {
  // A copy being planned (events clone) has no id yet.
  if (event.id <= 0) return `the copy ${JSON.stringify(event.name)}`;
  return `event ${event.id} ${JSON.stringify(event.name)}`;
}
