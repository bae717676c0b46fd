// What the calendar's handlers share: the run's calendar data, "now" on the local wall clock,
// the resolved range on stderr, labels for statuses, blocks and items.

import type { Session } from '../../cli/session.js';
import { CalendarData } from '../../data/calendar.js';
import type { CalendarBooking, CalendarEvent, CalendarItem } from '../../domain/records.js';
import { type WallTime, wallTimeOf } from '../../domain/wall-time.js';
import { UsageError } from '../../errors.js';
import type { ResourceName } from '../../resources/definitions.js';
import { type ResolvedRange, describeRange } from '../../domain/dates.js';

/** A handler's options as commander gives them. */
export type Options = Record<string, unknown>;

const calendars = new WeakMap<Session, CalendarData>();

export function calendarOf(session: Session): CalendarData {
  let data = calendars.get(session);
  if (!data) {
    data = new CalendarData(session.catalog());
    calendars.set(session, data);
  }
  return data;
}

/** The local wall-clock time now, to the minute. */
export function nowWall(session: Session): WallTime {
  const wall = wallTimeOf(session.ctx.now());
  return wall - (wall % 60_000);
}

/** `Range: Fri 2026-06-12 00:00 → …` on stderr, at a terminal only (scripts get data only). */
export function showRange(session: Session, range: ResolvedRange): void {
  if (session.ctx.term.stderrIsTTY) session.printer.info(`Range: ${describeRange(range)}`);
}

export function optionalString(options: Options, name: string): string | undefined {
  const value = options[name];
  return typeof value === 'string' ? value : undefined;
}

export function stringList(options: Options, name: string): string[] {
  const value = options[name];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

/** A positive integer option (`--limit`); undefined when not given. */
export function positiveInt(options: Options, name: string, flag: string): number | undefined {
  const value = options[name];
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 2147483647) throw new UsageError(`${flag}: must be a whole number from 1 (got ${JSON.stringify(value)})`);
  return Number(text);
}

/** A label per id of a labelled resource (statuses, rental blocks), read once per run. */
export async function labels(session: Session, name: ResourceName): Promise<(id: number | undefined) => string | undefined> {
  const index = await session.catalog().names(name);
  return (id) => (id === undefined ? undefined : index.label(id));
}

/** `3 × 20x20 Frame Tent, 150 × White Folding Chair`. */
export function itemsText(bookings: readonly CalendarBooking[], items: Map<number, CalendarItem>): string {
  return bookings.map((b) => `${b.quantity} × ${itemName(b.itemId, items)}`).join(', ');
}

export function itemName(itemId: number, items: Map<number, CalendarItem>): string {
  return items.get(itemId)?.name ?? `item ${itemId} (missing)`;
}


/** The one-line address of an event's venue. */
export function venue(event: CalendarEvent): string {
  const r = event.record;
  return [r.eventAddress1, r.eventAddress2, r.eventCity, r.eventState, r.eventPostalCode]
    .filter((p) => typeof p === 'string' && p.trim() !== '')
    .join(', ');
}

/** Wants the calendar document (`-o ics`); the view a command returns depends on it. */
export function wantsIcs(session: Session): boolean {
  return (session.globals.output as string | undefined) === 'ics' || (session.format as string) === 'ics';
}
