// Moving an event in time: every one of its five datetimes by the same wall-clock offset (clone,
// move). A day given as the target keeps the clock time; across a daylight-saving change 09:00
// stays 09:00 (the arithmetic is on wall time, never on instants).

import { EVENT_DATE_FIELDS } from './event-model.js';
import { type WallTime, formatWallTime, parseWallTime, startOfDay } from './wall-time.js';

/** The offset that moves `from` to `target` (a whole day keeps the clock time). */
export function shiftOffset(from: WallTime, target: { time: WallTime; wholeDay: boolean }): number {
  return target.wholeDay ? target.time - startOfDay(from) : target.time - from;
}

/** The five datetimes of `record` moved by `offset` (a missing or unreadable one left out). */
export function shiftedDates(record: Record<string, unknown>, offset: number): Record<string, string> {
  const dates: Record<string, string> = {};
  for (const field of EVENT_DATE_FIELDS) {
    const time = parseWallTime(record[field]);
    if (time !== undefined) dates[field] = formatWallTime(time + offset);
  }
  return dates;
}
