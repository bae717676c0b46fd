// An event whose every date is long behind the shop's clock is often a year typed wrong
// (2025-12-19 for 2026-12-19). It is no error — a past event entered for the records is
// legitimate — so a write that leaves an event so is said as a warning, never refused. An event
// that was wholly in the past before the change (an old one moved within the past, cancelled) is
// not: nothing new was typed about its year. The same holds the other way: an event that now
// starts years ahead (its start date 2062-12-01 for 2026-12-01, not its dropoff) is said, unless it
// started so far ahead before (a clone is new: said).

import { DAY_MS, type Range, type WallTime, dayKey, shortWallTime } from './wall-time.js';
import { type CalendarEvent, eventLabel } from './records.js';
import { quotedName } from '../common/sanitize.js';

/**
 * How far behind now an event must end to be warned about. A year typed wrong puts it months
 * back; an event closed out early (its end set to this morning) or entered a few weeks late ends
 * well within this: everyday work, not warned about.
 */
export const PAST_EVENT_WARNING_AGE_MS = 30 * DAY_MS;

/**
 * How far ahead of now an event must start to be warned about. Events are booked a season or a
 * year ahead, a wedding at most a little more; a year typed wrong (its digits swapped, a decade
 * off) puts it years ahead.
 */
export const FAR_EVENT_WARNING_AHEAD_MS = 2 * 365 * DAY_MS;

/** A write of an event, as the warning needs it. */
export interface EventWrite {
  /** The event as written (a new one: its name; its id is not known yet). */
  event: Pick<CalendarEvent, 'id' | 'name'>;
  /** The event is created (added, cloned) by the write. */
  isNew: boolean;
  /** Its window before the write (undefined: it had no dates, or it is new). */
  before: Range | undefined;
  /** Its window as written (its end is its pickup, or its end when it has none). */
  after: Range | undefined;
  /** Its start before the write and as written (its start date; its window's first date when it has none): what the far-ahead warning measures and names. */
  startBefore: WallTime | undefined;
  start: WallTime | undefined;
}

/** An event's start as the far-ahead warning names it: its start date; its window's first date when it has none. */
export function startOf(event: Pick<CalendarEvent, 'dates' | 'window'>): WallTime | undefined {
  return event.dates.startDate ?? event.window?.from;
}

/** `2025-12-02 10:00`, or `with 2025-12-19` for an end at midnight: the whole of that day (domain/dates.ts throughTheDay). */
function endText(to: WallTime): string {
  return to % DAY_MS === 0 ? `with ${dayKey(to - DAY_MS)}` : shortWallTime(to);
}

/** The warning for an event left wholly and long in the past by a write, or undefined. */
export function pastEventWarning(write: EventWrite, now: WallTime): string | undefined {
  const { after, before } = write;
  if (!after || after.to >= now - PAST_EVENT_WARNING_AGE_MS) return undefined;
  if (!write.isNew && before && before.to < now) return undefined;
  const label = write.isNew ? `the new event ${quotedName(write.event.name)}` : eventLabel(write.event);
  const days = Math.floor((now - after.to) / DAY_MS);
  return `warning: ${label} ${write.isNew ? 'ends' : 'now ends'} ${endText(after.to)}, ${days} days ago; nothing stops that, but check the year`;
}

/** The warning for an event a write makes start long after now (its start, from the shop's now), or undefined. */
export function farEventWarning(write: EventWrite, now: WallTime): string | undefined {
  const { start, startBefore } = write;
  if (start === undefined || start <= now + FAR_EVENT_WARNING_AHEAD_MS) return undefined;
  if (!write.isNew && startBefore !== undefined && startBefore > now + FAR_EVENT_WARNING_AHEAD_MS) return undefined;
  const label = write.isNew ? `the new event ${quotedName(write.event.name)}` : eventLabel(write.event);
  const days = Math.floor((start - now) / DAY_MS);
  return `warning: ${label} ${write.isNew ? 'starts' : 'now starts'} ${shortWallTime(start)}, ${days} days from now; nothing stops that, but check the year`;
}
