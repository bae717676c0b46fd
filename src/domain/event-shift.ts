// Moving an event in time: every one of its five datetimes by the same wall-clock offset (clone,
// move). A day given as the target keeps the clock time; across a daylight-saving change 09:00
// stays 09:00 (the arithmetic is on wall time, never on instants).

import { EVENT_DATE_FIELDS } from './event-model.js';
import { type WallTime, formatWallTime, parseWallTime, startOfDay } from './wall-time.js';
import { resources, writableFields } from '../resources/definitions.js';

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

/** A copy of an event's writable fields, every datetime shifted by `offset`, its cancellation dropped, named `name` when given. */
export function shiftedCopy(record: Record<string, unknown>, offset: number, name?: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of writableFields(resources.events)) {
    const value = record[field.name];
    if (value === undefined) continue;
    if (field.kind === 'datetime') {
      const time = parseWallTime(value);
      body[field.name] = time === undefined ? value : formatWallTime(time + offset);
    } else body[field.name] = value;
  }
  body.cancelDate = null;
  body.cancelReason = null;
  if (name !== undefined) body.eventName = name;
  return body;
}
