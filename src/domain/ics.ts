// The agenda as an iCalendar document, built by ical-generator (folding, RFC 5545 text escaping),
// loaded only for `-o ics`. The API's datetimes are the business's wall time; the document says in
// which zone (the `timezone` setting): `DTSTART;TZID=Europe/Berlin:…` with that zone's VTIMEZONE
// (timezones-ical-library), so a calendar in another zone shows the right instant; UTC, or a zone
// the library has no definition of, is written as UTC instants (`…Z`). Text from the server has its
// control characters shown visibly. A UID is `event-<id>@<API host>`, the same on every export, so
// re-importing updates an event instead of duplicating it.

import type { ICalDateTimeValue } from 'ical-generator';
import { escapeControl } from '../common/sanitize.js';
import type { CalendarEvent } from './records.js';
import { type WallTime, shortWallTime } from './wall-time.js';

export interface IcsEntry {
  event: CalendarEvent;
  items: string[];
  total: string;
  venue: string;
}

function icsUid(eventId: number, host: string): string {
  return `event-${eventId}@${host}`;
}

/**
 * STATUS from the event: cancelled (the event model: a cancel date, or a status named so) →
 * CANCELLED; a status that says it takes place or took place (Confirmed, Completed) → CONFIRMED;
 * else (Quoted, …) TENTATIVE.
 */
export function icsStatus(event: Pick<CalendarEvent, 'cancelled' | 'status'>): 'CANCELLED' | 'CONFIRMED' | 'TENTATIVE' {
  const name = event.status?.trim().toLowerCase();
  if (event.cancelled) return 'CANCELLED';
  if (name === 'confirmed' || name === 'completed') return 'CONFIRMED';
  return 'TENTATIVE';
}

/** Server text in a TEXT property: line breaks stay (escaped by RFC 5545), other controls visible. */
function serverText(value: string): string {
  return escapeControl(value, 'newline');
}

/** How times are written: in a zone with its VTIMEZONE block, or as UTC instants. */
interface Zoning {
  vtimezone?: string;
  time: (wall: WallTime) => ICalDateTimeValue;
}

async function zoning(timeZone: string): Promise<Zoning> {
  const { Temporal } = await import('temporal-polyfill');
  const plain = (wall: WallTime) => {
    const d = new Date(wall);
    return new Temporal.PlainDateTime(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());
  };
  const { tzlib_get_ical_block } = await import('timezones-ical-library');
  const block = isUtc(timeZone) ? undefined : tzlib_get_ical_block(timeZone)[0];
  if (block) return { vtimezone: block, time: plain };
  // A wall time in a DST gap moves forward, one in the repeated hour takes the earlier instant (RFC 5545 3.3.5).
  return { time: (wall) => new Date(plain(wall).toZonedDateTime(timeZone).epochMilliseconds) };
}

function isUtc(timeZone: string): boolean {
  return /^(?:Etc\/)?(?:UTC|GMT|Zulu|UCT|Universal)$/i.test(timeZone);
}

export async function buildIcs(entries: readonly IcsEntry[], host: string, now: Date, timeZone: string): Promise<string> {
  const { default: ical, ICalEventStatus } = await import('ical-generator');
  const calendar = ical({ name: 'rentals agenda', prodId: { company: 'rentals', product: 'agenda', language: 'EN' } });
  const zone = await zoning(timeZone);
  if (zone.vtimezone) calendar.timezone({ name: timeZone, generator: () => zone.vtimezone! });
  for (const { event, items, total, venue } of entries) {
    const start = event.dates.startDate ?? event.window?.from;
    const end = event.dates.endDate ?? event.window?.to;
    if (start === undefined || end === undefined) continue;
    const window = event.window ? `${shortWallTime(event.window.from)} → ${shortWallTime(event.window.to)}` : 'unknown';
    const description = [
      `Window (dropoff → pickup): ${window}`,
      event.customer ? `Customer: ${serverText(event.customer)}` : undefined,
      `Status: ${event.cancelled ? 'cancelled' : serverText(event.status ?? 'unknown')}`,
      items.length > 0 ? `Items:\n${items.map((i) => `  ${serverText(i)}`).join('\n')}` : 'Items: none',
      `Total: ${total}`,
    ].filter((l) => l !== undefined);
    calendar.createEvent({
      id: icsUid(event.id, host),
      start: zone.time(start),
      end: zone.time(Math.max(end, start)),
      timezone: zone.vtimezone ? timeZone : null,
      stamp: now,
      summary: serverText(event.name),
      description: description.join('\n'),
      location: venue ? serverText(venue) : undefined,
      status: ICalEventStatus[icsStatus(event)],
    });
  }
  // ical-generator writes DTSTAMP in the calendar's zone, without the Z; RFC 5545 wants UTC.
  const text = calendar.toString().replace(/^DTSTAMP[:;].*$/gm, `DTSTAMP:${utcStamp(now)}`);
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** `20260501T223005Z`: an instant as an RFC 5545 UTC date-time. */
function utcStamp(at: Date): string {
  return at.toISOString().replace(/\.\d{3}/, '').replace(/[-:]/g, '');
}
