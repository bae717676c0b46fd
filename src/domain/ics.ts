// The agenda as an iCalendar document, built by ical-generator (folding, escaping), loaded only
// for `-o ics`. Times are floating (no zone): the API's datetimes are the business's wall time,
// and a calendar program shows them at that clock time. A UID is `event-<id>@<API host>`, the
// same on every export, so re-importing updates an event instead of duplicating it.

import type { CalendarEvent } from './records.js';
import { shortWallTime } from './wall-time.js';

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

export async function buildIcs(entries: readonly IcsEntry[], host: string, now: Date): Promise<string> {
  const { default: ical, ICalEventStatus } = await import('ical-generator');
  const calendar = ical({ name: 'rentals agenda', prodId: { company: 'rentals', product: 'agenda', language: 'EN' } });
  for (const { event, items, total, venue } of entries) {
    const start = event.dates.startDate ?? event.window?.from;
    const end = event.dates.endDate ?? event.window?.to;
    if (start === undefined || end === undefined) continue;
    const window = event.window ? `${shortWallTime(event.window.from)} → ${shortWallTime(event.window.to)}` : 'unknown';
    const description = [
      `Window (dropoff → pickup): ${window}`,
      event.customer ? `Customer: ${event.customer}` : undefined,
      `Status: ${event.cancelled ? 'cancelled' : (event.status ?? 'unknown')}`,
      items.length > 0 ? `Items:\n${items.map((i) => `  ${i}`).join('\n')}` : 'Items: none',
      `Total: ${total}`,
    ].filter((l) => l !== undefined);
    calendar.createEvent({
      id: icsUid(event.id, host),
      start: new Date(start),
      end: new Date(Math.max(end, start)),
      floating: true,
      stamp: now,
      summary: event.name,
      description: description.join('\n'),
      location: venue || undefined,
      status: ICalEventStatus[icsStatus(event)],
    });
  }
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
