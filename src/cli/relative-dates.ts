// Datetime flags of the generic verbs (`events add --start-date tomorrow`) take the calendar's
// relative dates too — today, tomorrow, a weekday, +3d, +2w, now — resolved on the local wall
// clock, so every date on the command line reads the same way (`rentals help dates`).
// Absolute dates keep their own rule and message (schemas/values.ts).

import { parseDateArgument } from '../domain/dates.js';
import { formatWallTime, wallTimeOf } from '../domain/wall-time.js';
import { type ResourceDef, fieldByName, kebabCase } from '../resources/definitions.js';

const RELATIVE = /^\s*(today|tomorrow|yesterday|now|[+-]\d{1,4}[dw]|(mon|tue|wed|thu|fri|sat|sun)[a-z]*)\s*$/i;

/** `flags` with each relative date of a datetime field replaced by `YYYY-MM-DDTHH:MM:SS`. */
export function resolveRelativeDates(def: ResourceDef, flags: Record<string, unknown>, now: number): Record<string, unknown> {
  const out = { ...flags };
  for (const [name, value] of Object.entries(flags)) {
    if (fieldByName(def, name)?.kind !== 'datetime' || typeof value !== 'string' || !RELATIVE.test(value)) continue;
    out[name] = formatWallTime(parseDateArgument(value, wallTimeOf(now), `--${kebabCase(name)}`).time);
  }
  return out;
}
