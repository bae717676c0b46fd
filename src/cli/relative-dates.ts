// Datetime flags of the generic verbs (`events add --start-date tomorrow`) take the calendar's
// relative dates too — today, tomorrow, a weekday, +3d, +2w, now — resolved on the local wall
// clock, so every date on the command line reads the same way (`rentals help dates`). A weekday
// reads forward through the resource's dates in their order: `--start-date mon --end-date sun`
// on a Saturday is the coming Monday to the Sunday after it, as `--from mon --to sun` is.
// A day given for a date that ends something (an event's end, teardown, pickup) is the whole day,
// up to 24:00, as `--to` is: `--start-date 2026-12-22 --end-date 2026-12-22` is one day long, not
// an event of no length that holds nothing. Absolute dates keep their own rule and message
// (schemas/values.ts).

import { parseDateArgument } from '../domain/dates.js';
import { DAY_MS, formatWallTime, parseWallTime, wallTimeOf } from '../domain/wall-time.js';
import { type ResourceDef, fieldByName, kebabCase } from '../resources/definitions.js';
import { parseDatetime } from '../schemas/values.js';

const RELATIVE = /^\s*(today|tomorrow|yesterday|now|[+-]\d{1,4}[dw]|(mon|tue|wed|thu|fri|sat|sun)[a-z]*)\s*$/i;
const DAY = /^\s*\d{4}-\d{2}-\d{2}\s*$/;

/** `flags` with each relative date of a datetime field replaced by `YYYY-MM-DDTHH:MM:SS`. */
export function resolveRelativeDates(def: ResourceDef, flags: Record<string, unknown>, now: number): Record<string, unknown> {
  const out = { ...flags };
  const wallNow = wallTimeOf(now);
  const ordered = def.dateOrder ?? [];
  // The resource's dates in their order first (each weekday on or after the one before), then the others.
  const names = [...ordered.filter((name) => name in flags), ...Object.keys(flags).filter((name) => !ordered.includes(name))];
  let latest = wallNow;
  /** The latest of the dates before this one in the order, as given (a day as its 00:00). */
  let before: number | undefined;
  for (const name of names) {
    const value = flags[name];
    if (fieldByName(def, name)?.kind !== 'datetime' || typeof value !== 'string') continue;
    const inOrder = ordered.includes(name);
    const dayEnd = def.dayEnds?.includes(name) === true;
    // An absolute day of an end only, and one the schema takes (2026-02-30 and 0000-06-12 keep its rule and message).
    if (RELATIVE.test(value) || (dayEnd && DAY.test(value) && parseDatetime(value).ok)) {
      const given = parseDateArgument(value, wallNow, `--${kebabCase(name)}`, inOrder ? latest : wallNow);
      // The day's start orders the dates after it (`--end-date sun --pickup-date sun` is one Sunday).
      if (inOrder && given.time > latest) latest = given.time;
      // A day before the dates it follows stays that day's 00:00, for the order's rule to refuse (its 24:00 would make an event of no length).
      const whole = given.wholeDay && dayEnd && (before === undefined || given.time + DAY_MS > before);
      out[name] = formatWallTime(whole ? given.time + DAY_MS : given.time);
      if (inOrder && (before === undefined || given.time > before)) before = given.time;
      continue;
    }
    const resolved = parseWallTime(out[name]);
    if (!inOrder || resolved === undefined) continue;
    if (resolved > latest) latest = resolved;
    if (before === undefined || resolved > before) before = resolved;
  }
  return out;
}
