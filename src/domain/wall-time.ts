// Wall time: the API's datetimes carry no zone, so they are the business's local clock time.
// A wall time is held as the number of milliseconds of that clock reading taken as if it were
// UTC: comparing, sorting and adding whole days are plain arithmetic and never meet a
// daylight-saving jump (a day is always 24 wall hours; 09:00 stays 09:00).

export type WallTime = number;

const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

const API_DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(?:Z|[+-]00:?00)?$/;

/** `2026-06-12T16:00:00`, `2026-06-12 16:00`, `2026-06-12`, with `.000` or not → wall time; else (no such day or clock reading) undefined. */
export function parseWallTime(value: unknown): WallTime | undefined {
  if (typeof value !== 'string') return undefined;
  const m = API_DATETIME.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  // Date.UTC would carry 14:30:60 over to 14:31: a clock reading past 23:59:59 is no time.
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  const time = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const check = new Date(time);
  if (check.getUTCDate() !== Number(d) || check.getUTCMonth() !== Number(mo) - 1) return undefined;
  return time;
}

/** `YYYY-MM-DDTHH:MM:SS`: the form the API's examples send. */
export function formatWallTime(time: WallTime): string {
  return new Date(time).toISOString().slice(0, 19);
}

/** `YYYY-MM-DD`. */
export function dayKey(time: WallTime): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** `HH:MM`. */
export function clockTime(time: WallTime): string {
  return new Date(time).toISOString().slice(11, 16);
}

/** `YYYY-MM-DD HH:MM` (the time left out at midnight when `dateOnlyAtMidnight`). */
export function shortWallTime(time: WallTime, dateOnlyAtMidnight = false): string {
  const text = `${dayKey(time)} ${clockTime(time)}`;
  return dateOnlyAtMidnight && text.endsWith(' 00:00') ? text.slice(0, 10) : text;
}

/** `YYYY-MM-DD HH:MM:SS`: a moment to the second. */
export function wallTimeToSecond(time: WallTime): string {
  return formatWallTime(time).replace('T', ' ');
}

/** Midnight of the day `time` falls on. */
export function startOfDay(time: WallTime): WallTime {
  return Math.floor(time / DAY_MS) * DAY_MS;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** `Fri 2026-06-12`. */
export function dayHeading(time: WallTime): string {
  return `${WEEKDAYS[new Date(time).getUTCDay()]} ${dayKey(time)}`;
}

/** `Fri 2026-06-12 14:03`: a moment as people read it. */
export function dayAndTime(time: WallTime): string {
  return `${dayHeading(time)} ${clockTime(time)}`;
}

const zoneClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall time a real instant reads on the clock of a time zone (`America/Chicago`, `UTC`). */
export function wallTimeIn(instant: number, timeZone: string): WallTime {
  let clock = zoneClocks.get(timeZone);
  if (!clock) zoneClocks.set(timeZone, (clock = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })));
  const part: Record<string, number> = {};
  for (const { type, value } of clock.formatToParts(instant)) part[type] = Number(value);
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
}

/** Half-open windows [from, to): windows that only touch (one ends when the other starts) do not overlap. */
export function overlaps(a: { from: WallTime; to: WallTime }, b: { from: WallTime; to: WallTime }): boolean {
  return a.from < b.to && b.from < a.to;
}

/** A half-open stretch of wall time [from, to). */
export interface Range {
  from: WallTime;
  to: WallTime;
}
