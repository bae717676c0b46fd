// Datetime flags of the generic verbs (`events add --start-date tomorrow`) take the calendar's
// relative dates too — today, tomorrow, a weekday, +3d, +2w, now — resolved on the local wall
// clock, so every date on the command line reads the same way (`rentals help dates`). A weekday
// reads forward through the resource's dates in their order: `--start-date mon --end-date sun`
// on a Saturday is the coming Monday to the Sunday after it, as `--from mon --to sun` is.
// Absolute dates keep their own rule and message (schemas/values.ts).

import { parseDateArgument } from '../domain/dates.js';
import { formatWallTime, parseWallTime, wallTimeOf } from '../domain/wall-time.js';
import { type ResourceDef, fieldByName, kebabCase } from '../resources/definitions.js';

const RELATIVE = /^\s*(today|tomorrow|yesterday|now|[+-]\d{1,4}[dw]|(mon|tue|wed|thu|fri|sat|sun)[a-z]*)\s*$/i;

/** `flags` with each relative date of a datetime field replaced by `YYYY-MM-DDTHH:MM:SS`. */
export function resolveRelativeDates(def: ResourceDef, flags: Record<string, unknown>, now: number): Record<string, unknown> {
  const out = { ...flags };
  const wallNow = wallTimeOf(now);
  const ordered = def.dateOrder ?? [];
  // The resource's dates in their order first (each weekday on or after the one before), then the others.
  const names = [...ordered.filter((name) => name in flags), ...Object.keys(flags).filter((name) => !ordered.includes(name))];
  let latest = wallNow;
  for (const name of names) {
    const value = flags[name];
    if (fieldByName(def, name)?.kind !== 'datetime' || typeof value !== 'string') continue;
    const inOrder = ordered.includes(name);
    if (RELATIVE.test(value)) out[name] = formatWallTime(parseDateArgument(value, wallNow, `--${kebabCase(name)}`, inOrder ? latest : wallNow).time);
    const resolved = parseWallTime(out[name]);
    if (inOrder && resolved !== undefined && resolved > latest) latest = resolved;
  }
  return out;
}
