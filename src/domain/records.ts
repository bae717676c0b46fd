// The calendar's record types, read tolerantly from what the service sends: an event with its
// window, a booking with its item, an item, a price. Plain functions over API records.

import { type Money, parseMoney } from './money.js';
import { readBool } from '../schemas/values.js';
import { type Cancellation, EVENT_DATE_FIELDS, type EventDates, cancellationOf, eventWindow } from './event-model.js';
import { type Range, parseWallTime } from './wall-time.js';
import { quotedName } from '../common/sanitize.js';

type ApiRecord = Record<string, unknown>;


export interface CalendarEvent {
  id: number;
  name: string;
  statusId: number | undefined;
  /** The status's name, when the statuses were read with the event. */
  status: string | undefined;
  blockId: number | undefined;
  /** Each of the five datetimes; undefined when missing or unreadable. */
  dates: EventDates;
  /** What the event holds its inventory for (see event-model.ts); undefined: it holds nothing. */
  window: Range | undefined;
  /** A cancelled event (a cancel date, or a status named Cancelled) holds nothing. */
  cancelled: boolean;
  /** Which of the two says so (they may disagree: `check` reports it). */
  cancellation: Cancellation;
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

/** What a booking line holds: units of an item. */
export interface HeldLine {
  itemId: number;
  quantity: number;
}

/** A booking line whose inventoryId is missing or unreadable: it holds nothing; `check` reports it. */
export interface BookingWithoutItem {
  id: number;
  eventId: number;
  quantity: number;
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

/** A whole number as the service may send it (a number or numeric text); undefined otherwise. */
export function readInt(value: unknown): number | undefined {
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

/** An event as the calendar sees it; `statusName` is the name of its status (statuses are a separate list). */
export function readEvent(record: ApiRecord, statusName?: (id: number | undefined) => string | undefined): CalendarEvent {
  const dates: EventDates = {};
  for (const field of EVENT_DATE_FIELDS) {
    const time = parseWallTime(record[field]);
    if (time !== undefined) dates[field] = time;
  }
  const statusId = readInt(record.eventStatusId);
  const status = statusName?.(statusId);
  const cancellation = cancellationOf(record.cancelDate, status);
  return {
    id: Number(record.id),
    name: text(record.eventName) ?? `event ${String(record.id)}`,
    statusId,
    status,
    blockId: readInt(record.rentalBlockId),
    dates,
    window: eventWindow(dates),
    cancelled: cancellation.cancelled,
    cancellation,
    customer: text(record.customerName),
    record,
  };
}

/** A booking line as read; one that names no item (no readable inventoryId) is told apart, never given a made-up id. */
export function readBookingLine(record: ApiRecord, eventId: number): { booking: CalendarBooking } | { withoutItem: BookingWithoutItem } {
  const line = { id: Number(record.id), eventId: readInt(record.eventId) ?? eventId, quantity: readInt(record.quantity) ?? 0, record };
  const itemId = readInt(record.inventoryId);
  if (itemId === undefined) return { withoutItem: line };
  return { booking: { ...line, itemId, price: readMoney(record.price) } };
}

export function readItem(record: ApiRecord): CalendarItem {
  return {
    id: Number(record.id),
    name: text(record.name) ?? `item ${String(record.id)}`,
    quantity: readInt(record.quantityAvailable) ?? 0,
    active: readBool(record.active) === true,
    record,
  };
}

/** The item fields a service may use to say which category an item is in (the reference does not show one). */
export const ITEM_CATEGORY_FIELDS = ['inventoryCategoryId', 'categoryId'] as const;

/** The category an item's record names, where the service tells it; undefined otherwise. */
export function itemCategoryId(item: CalendarItem): number | undefined {
  for (const field of ITEM_CATEGORY_FIELDS) {
    const value = readInt(item.record[field]);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The fields of an item's record that readItem reads, and its links (navigation, never kept). */
const READ_ITEM_FIELDS = new Set(['id', 'name', 'quantityAvailable', 'active', 'Links']);

/**
 * An item of a streamed list, for a command that may hold 300,000 of them: the values readItem
 * reads, without the links, and without a copy of the record when it holds nothing more (one
 * object per item, not two). A record with other fields (a category a service adds) or without a
 * usable name is kept, without its links.
 */
export function readStreamedItem(record: ApiRecord): CalendarItem {
  const name = text(record.name);
  let plain = name !== undefined;
  for (const field in record) if (!READ_ITEM_FIELDS.has(field)) plain = false;
  if (!plain) {
    const { Links: _links, ...kept } = record;
    return readItem(kept);
  }
  return new ItemValues(Number(record.id), name!, readInt(record.quantityAvailable) ?? 0, readBool(record.active) === true);
}

/** An item held as its values alone; `record` gives them back as a record (for a name index). */
class ItemValues implements CalendarItem {
  constructor(
    readonly id: number,
    readonly name: string,
    readonly quantity: number,
    readonly active: boolean,
  ) {}

  get record(): ApiRecord {
    return { id: this.id, name: this.name, quantityAvailable: this.quantity, active: this.active };
  }
}

/** A price as read; undefined when it names no readable rental block (it prices nothing then). */
export function readPrice(record: ApiRecord, itemId: number): CalendarPrice | undefined {
  const blockId = readInt(record.rentalBlockId);
  if (blockId === undefined) return undefined;
  return { id: Number(record.id), itemId: readInt(record.inventoryId) ?? itemId, blockId, price: readMoney(record.price) };
}

/** `event 12 "Harper wedding"`. */
export function eventLabel(event: Pick<CalendarEvent, 'id' | 'name'>): string {
  return `event ${event.id} ${quotedName(event.name)}`;
}

/** An item's name, or a note that the item is missing. */
export function itemName(itemId: number, items: ReadonlyMap<number, CalendarItem>): string {
  return items.get(itemId)?.name ?? `item ${itemId} (missing)`;
}

/** `3 × 20x20 Frame Tent, 150 × White Folding Chair`: the bookings for a person. */
export function itemsText(bookings: readonly CalendarBooking[], items: ReadonlyMap<number, CalendarItem>): string {
  return bookings.map((b) => `${b.quantity} × ${itemName(b.itemId, items)}`).join(', ');
}

/** The bookings for a program: `{ inventoryId, name, quantity }`. */
export function itemsJson(bookings: readonly CalendarBooking[], items: ReadonlyMap<number, CalendarItem>): Array<{ inventoryId: number; name: string | null; quantity: number }> {
  return bookings.map((b) => ({ inventoryId: b.itemId, name: items.get(b.itemId)?.name ?? null, quantity: b.quantity }));
}

/** The record's address fields that are set, on one line: `12 Quay St, Portland, ME, 04101`. */
function addressLine(record: ApiRecord, fields: readonly string[]): string {
  return fields
    .map((field) => record[field])
    .filter((p) => typeof p === 'string' && p.trim() !== '')
    .join(', ');
}

/** The one-line address of an event's venue. */
export function venue(event: CalendarEvent): string {
  return addressLine(event.record, ['eventAddress1', 'eventAddress2', 'eventCity', 'eventState', 'eventPostalCode']);
}

/** The customer's own (billing) address as the event gives it, on one line as the venue's. */
export function customerAddress(event: CalendarEvent): string {
  return addressLine(event.record, ['customerAddress1', 'customerAddress2', 'customerCity', 'customerState', 'customerPostalCode']);
}

/** Two addresses that read the same, whatever their case and spacing (`2840 Elm St` and `2840 elm st `). */
export function sameAddress(a: string, b: string): boolean {
  const folded = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').replace(/ ?, ?/g, ',').trim();
  return folded(a) === folded(b);
}

/** Units per item over booking lines: every line of an item counted together. */
export function totalsByItem(lines: Iterable<HeldLine>): Map<number, number> {
  const totals = new Map<number, number>();
  for (const line of lines) totals.set(line.itemId, (totals.get(line.itemId) ?? 0) + line.quantity);
  return totals;
}
