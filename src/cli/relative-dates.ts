// Datetime flags of the generic verbs (`events add --start-date tomorrow`) take the calendar's
// relative dates too (today, tomorrow, a weekday, +3d, +2w, now, a day with a time: `fri 14:00`),
// resolved on the shop's wall clock (the timezone setting, else this system's zone), so every date
// on the command line reads the same way (`rentals help dates`). A weekday reads forward through
// the resource's dates in their order: `--start-date mon --end-date sun` on a Saturday is the
// coming Monday to the Sunday after it, as `--from mon --to sun` is. A day given for a date that
// ends something (an event's end, teardown, pickup) is noted: the use case makes it the whole day,
// up to 24:00, once every date is known (domain/dates.ts throughTheDay). Absolute dates keep their
// own rule and message (schemas/values.ts); a value in no form at all is refused with every form
// the flag takes (domain/dates.ts).

import { parseDateArgument } from '../domain/dates.js';
import { type WallTime, formatWallTime, parseWallTime } from '../domain/wall-time.js';
import { type ResourceDef, fieldByName, kebabCase } from '../resources/definitions.js';
import { isDatetimeForm, parseDatetime } from '../schemas/values.js';

const RELATIVE = /^\s*(today|tomorrow|yesterday|now|[+-]\d{1,9}[dw]|(mon|tue|wed|thu|fri|sat|sun)[a-z]*)(\s+\d{1,2}:\d{2}(:\d{2})?)?\s*$/i;
const DAY = /^\s*\d{4}-\d{2}-\d{2}\s*$/;

/** Flags given as dates, resolved; `wholeDays`: the ends given as a whole day (resolved to its 00:00; domain/dates.ts throughTheDay makes them that whole day). */
export interface ResolvedDates {
  flags: Record<string, unknown>;
  wholeDays: string[];
}

/** `flags` with each relative date (counted from `wallNow`, the shop's clock to the second) of a datetime field replaced by `YYYY-MM-DDTHH:MM:SS`, and the ends given as a day. */
export function resolveRelativeDates(def: ResourceDef, flags: Record<string, unknown>, wallNow: WallTime): ResolvedDates {
  const out = { ...flags };
  const wholeDays: string[] = [];
  const ordered = def.dateOrder ?? [];
  // The resource's dates in their order first (each weekday on or after the one before), then the others.
  const names = [...ordered.filter((name) => name in flags), ...Object.keys(flags).filter((name) => !ordered.includes(name))];
  let latest = wallNow;
  for (const name of names) {
    const value = flags[name];
    if (fieldByName(def, name)?.kind !== 'datetime' || typeof value !== 'string') continue;
    const inOrder = ordered.includes(name);
    const dayEnd = def.dayEnds?.includes(name) === true;
    // An absolute day of an end only, and one the schema takes (2026-02-30 and 0000-06-12 keep its rule and message).
    // A value in no form the schema reads goes to the date parser too: it takes what it can read,
    // and refuses the rest naming the flag and every form the flag takes, relative ones included
    // (the schema's rule lists only the absolute ones a JSON body takes).
    if (RELATIVE.test(value) || (dayEnd && DAY.test(value) && parseDatetime(value).ok) || !isDatetimeForm(value)) {
      const given = parseDateArgument(value, wallNow, `--${kebabCase(name)}`, inOrder ? latest : wallNow);
      out[name] = formatWallTime(given.time);
      if (given.wholeDay && dayEnd) wholeDays.push(name);
    }
    const resolved = parseWallTime(out[name]);
    if (inOrder && resolved !== undefined && resolved > latest) latest = resolved;
  }
  return { flags: out, wholeDays };
}
