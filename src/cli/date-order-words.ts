// Dates out of order, said in the words of the command line that gave them, each by where it came
// from: a date a flag set by that flag as typed (`--start-date 2026-12-05 10:00`; a day given as a
// whole day as that day, to its end: `--end-date 2026-12-01 (the whole day, to 2026-12-02 00:00)`;
// one before the dates it follows, `--end-date 2026-11-30 (the whole day)`), one from --file by
// its name there (`pickupDate 2026-12-01 00:00 in the file`), one the command filled in by what it
// came from (`the teardown 2026-12-04 10:00 (from --end-date)`), the record's as a person reads it
// (`the event's end 2026-12-04 10:00`); each time as the shop's wall clock shows it, to the second
// when either has seconds, then the rule in words. The finding is the
// domain's (schemas/date-order.ts), where each date came from the command's (app/resource/verbs.ts);
// the command's runner (registry/spec.ts) says it so, for every command that writes dates.

import { withArticle } from '../common/text.js';
import { DAY_MS, dayKey, parseWallTime, shortWallTime, wallTimeToSecond } from '../domain/wall-time.js';
import type { DateOrderError, DateSource } from '../errors.js';
import { type ResourceName, fieldByName, resources } from '../resources/definitions.js';
import { fieldFlagGiven } from './field-flags.js';

/** Which of two dates leads the sentence: the one the command line set rather than one it did not. */
const WEIGHT: Record<DateSource['from'], number> = { flag: 3, file: 2, default: 1, record: 0 };

/** `refused` in the command line's words, `options` the command's parsed flags. */
export function dateOrderInWords(refused: DateOrderError, options: object): string {
  const def = resources[refused.resource as ResourceName];
  const { field, value, later, laterValue } = refused.issue;
  const word = (name: string) => (fieldByName(def, name)?.title ?? name).toLowerCase();
  const flagOf = (name: string) => {
    const known = fieldByName(def, name);
    return known === undefined ? undefined : fieldFlagGiven(known, options);
  };
  // Told by the command; else a date a flag set is the flag's, any other the record's.
  const sourceOf = (name: string): DateSource => refused.sources[name] ?? (flagOf(name) === undefined ? { from: 'record' } : { from: 'flag' });
  const seconds = [value, laterValue].some((text) => (parseWallTime(text) ?? 0) % 60_000 !== 0);
  const time = (text: string) => {
    const at = parseWallTime(text);
    return at === undefined ? text : seconds ? wallTimeToSecond(at) : shortWallTime(at);
  };
  const said = (name: string, text: string) => {
    const source = sourceOf(name);
    const flag = flagOf(name);
    if (source.from === 'flag' && flag !== undefined) {
      // A day given whole is that day, to its end; its 00:00 when the dates before it left no room,
      // said as the day typed all the same (the 00:00 is the tool's, not the user's).
      const day = parseWallTime(source.day);
      const at = parseWallTime(text);
      if (day !== undefined && at !== undefined && at === day + DAY_MS) return `${flag} ${dayKey(day)} (the whole day, to ${time(text)})`;
      if (day !== undefined && at === day) return `${flag} ${dayKey(day)} (the whole day)`;
      return `${flag} ${time(text)}`;
    }
    if (source.from === 'file') return `${name} ${time(text)} in the file`;
    if (source.from === 'default') {
      const from = sourceOf(source.of).from === 'file' ? `${source.of} in the file` : (flagOf(source.of) ?? `the ${word(source.of)}`);
      return `the ${word(name)} ${time(text)} (from ${from})`;
    }
    return `the ${def.singular}'s ${word(name)} ${time(text)}`;
  };
  // A day given whole that would end as the date before it begins: its 00:00 was kept (domain/dates.ts
  // throughTheDay) since at its 24:00 the event would be of no length, which the order's rule (≤) does not say.
  const whole = sourceOf(later);
  const day = whole.from === 'flag' ? parseWallTime(whole.day) : undefined;
  if (day !== undefined && parseWallTime(laterValue) === day && parseWallTime(value) === day + DAY_MS) {
    return `${said(later, laterValue)} ends as ${said(field, value)} begins: ${withArticle(def.singular)} ends after it starts (--allow-date-order sends them anyway)`;
  }
  // What the command line set leads: a later date typed is before the earlier one, not the other way round.
  const order = WEIGHT[sourceOf(later).from] > WEIGHT[sourceOf(field).from] ? `${said(later, laterValue)} is before ${said(field, value)}` : `${said(field, value)} is after ${said(later, laterValue)}`;
  const rule = `${withArticle(def.singular)}'s dates go ${(def.dateOrder ?? []).map(word).join(' ≤ ')}`;
  return `${order}: ${rule} (--allow-date-order sends them anyway)`;
}
