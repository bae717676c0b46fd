// Date arguments: `YYYY-MM-DD[ HH:MM[:SS]]`, today, tomorrow, yesterday, a weekday (the next one,
// today included; as the end of a range, the first one on or after its start), `+3d`, `+2w`,
// `-1d`, each of those days with a clock time if given (`fri 14:00`, `+3d 08:30`). Resolved
// against the wall-clock "now" it is given (the shop's clock: the factory's wallNow).

import { DATETIME_YEARS } from '../schemas/values.js';
import { DomainRuleError } from './errors.js';
import { DAY_MS, type WallTime, dayHeading, clockTime, formatWallTime, parseWallTime, startOfDay } from './wall-time.js';

export interface DateArgument {
  /** The moment it names (midnight for a day). */
  time: WallTime;
  /** True when it names a whole day (no clock time given). */
  wholeDay: boolean;
}

const WEEKDAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const FULL_WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const RELATIVE = /^([+-])(\d{1,9})([dw])$/;
/** What every date argument takes, said whenever one is refused (a flag's message lists what the flag takes: the JSON body's schema rule lists only the absolute forms). */
const DATE_RULE = 'must be YYYY-MM-DD, "YYYY-MM-DD HH:MM[:SS]", today, tomorrow, yesterday, a weekday (fri), +3d, +2w or -1d, or one of those days with a time ("fri 14:00")';
/** A day named by a word (`tomorrow`, `fri`, `+3d`) and a clock time: `fri 14:00`, `+3d 08:30:15`. */
const WORD_AND_TIME = /^(\S+)\s+(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Parses one date argument; `flag` names it in the message of a DomainRuleError (exit 2).
 * A weekday is the first such day on or after `weekdaysFrom` (default: today).
 */
export function parseDateArgument(value: string, now: WallTime, flag: string, weekdaysFrom: WallTime = now): DateArgument {
  const date = readDateArgument(value, now, flag, weekdaysFrom);
  const year = new Date(date.time).getUTCFullYear();
  if (!(year >= DATETIME_YEARS.min && year <= DATETIME_YEARS.max)) {
    const named = Number.isNaN(year) ? 'is beyond any calendar' : `is in ${year}`;
    throw new DomainRuleError(`${flag}: ${JSON.stringify(value)} ${named}; the year must be between ${DATETIME_YEARS.min} and ${DATETIME_YEARS.max}`);
  }
  return date;
}

function readDateArgument(value: string, now: WallTime, flag: string, weekdaysFrom: WallTime): DateArgument {
  const text = value.trim().toLowerCase();
  const timed = WORD_AND_TIME.exec(text);
  if (timed && !/^\d{4}-/.test(timed[1]!)) {
    const [, word, h, mi, sec = '0'] = timed;
    const day = parseDayWord(word!, now, weekdaysFrom);
    if (!day?.wholeDay) throw new DomainRuleError(`${flag}: ${JSON.stringify(value)} ${DATE_RULE}`);
    if (Number(h) > 23 || Number(mi) > 59 || Number(sec) > 59) throw new DomainRuleError(`${flag}: ${JSON.stringify(value)}: ${h}:${mi}${timed[4] === undefined ? '' : `:${sec}`} is no time of day (00:00 to 23:59:59)`);
    return { time: day.time + ((Number(h) * 60 + Number(mi)) * 60 + Number(sec)) * 1000, wholeDay: false };
  }
  const today = startOfDay(now);
  const day = (time: WallTime): DateArgument => ({ time, wholeDay: true });
  if (text === 'today') return day(today);
  if (text === 'tomorrow') return day(today + DAY_MS);
  if (text === 'yesterday') return day(today - DAY_MS);
  if (text === 'now') return { time: now, wholeDay: false };
  const weekday = WEEKDAY_NAMES.indexOf(text.slice(0, 3));
  if (weekday >= 0 && (text.length === 3 || FULL_WEEKDAYS[weekday] === text)) {
    const from = startOfDay(weekdaysFrom);
    const current = new Date(from).getUTCDay();
    return day(from + ((weekday - current + 7) % 7) * DAY_MS);
  }
  const relative = RELATIVE.exec(text);
  if (relative) {
    const [, sign, count, unit] = relative;
    const days = Number(count) * (unit === 'w' ? 7 : 1) * (sign === '-' ? -1 : 1);
    return day(today + days * DAY_MS);
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const time = parseWallTime(text);
    if (time === undefined) throw new DomainRuleError(`${flag}: ${JSON.stringify(value)} is not a date of the calendar`);
    return day(time);
  }
  if (/^\d{4}-\d{2}-\d{2}[t ]\d{2}:\d{2}(:\d{2})?$/.test(text)) {
    const time = parseWallTime(text.replace('t', 'T'));
    if (time === undefined) throw new DomainRuleError(`${flag}: ${JSON.stringify(value)} is not a date and time of the calendar`);
    return { time, wholeDay: false };
  }
  throw new DomainRuleError(`${flag}: ${JSON.stringify(value)} ${DATE_RULE}`);
}

/** The day a word names (`fri`, `+3d`), or undefined when it names none (the whole value is said in the message). */
function parseDayWord(word: string, now: WallTime, weekdaysFrom: WallTime): DateArgument | undefined {
  try {
    return readDateArgument(word, now, '', weekdaysFrom);
  } catch (error) {
    if (error instanceof DomainRuleError) return undefined;
    throw error;
  }
}

/**
 * The end of a range (--to): a weekday is the first such day on or after the range's start, so
 * `--from mon --to sun` is the coming Monday to the Sunday after it, on any day of the week.
 */
export function parseRangeEnd(value: string, start: WallTime, now: WallTime, flag: string): DateArgument {
  return parseDateArgument(value, now, flag, Math.max(start, now));
}

export interface RangeInput {
  from?: string;
  to?: string;
  /** A named range (`this-week`, `last-month`, `2026-06`): instead of --from/--to. */
  range?: string;
}

/** The names --range takes besides a month (`2026-06`): what completion offers, what messages list. */
export const RANGE_WORDS = ['today', 'tomorrow', 'yesterday', 'weekend', 'next-weekend', 'this-week', 'next-week', 'last-week', 'this-month', 'next-month', 'last-month'] as const;
type RangeWord = (typeof RANGE_WORDS)[number];

/** What --range takes besides its words: a month, `2026-06` (as a JSON Schema pattern too, for an assistant). */
export const RANGE_MONTH = { pattern: '^([0-9]{4})-([0-9]{2})$', description: 'a month (YYYY-MM)' } as const;
const MONTH = new RegExp(RANGE_MONTH.pattern);

/** The names --range takes, for help and messages. */
export const RANGE_NAMES = `${RANGE_WORDS.join(', ')} or YYYY-MM`;

/** Other spellings of a range's name. */
const RANGE_ALIASES: ReadonlyMap<string, RangeWord> = new Map([['this-weekend', 'weekend']]);

/** Where a named range starts from: today, the Monday and the Saturday of this ISO week (the coming Saturday, today on a Saturday, yesterday on a Sunday). */
interface RangeAnchors {
  today: WallTime;
  monday: WallTime;
  saturday: WallTime;
}

function daysFrom(from: WallTime, count: number): ResolvedRange {
  return { from, to: from + count * DAY_MS };
}

function monthFrom(today: WallTime, offset: number): ResolvedRange {
  const d = new Date(today);
  return { from: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1), to: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset + 1, 1) };
}

/** Each name's range: the one table the names (RANGE_WORDS) and the parsing share. */
const NAMED_RANGES: Readonly<Record<RangeWord, (at: RangeAnchors) => ResolvedRange>> = {
  today: ({ today }) => daysFrom(today, 1),
  tomorrow: ({ today }) => daysFrom(today + DAY_MS, 1),
  yesterday: ({ today }) => daysFrom(today - DAY_MS, 1),
  weekend: ({ saturday }) => daysFrom(saturday, 2),
  'next-weekend': ({ saturday }) => daysFrom(saturday + 7 * DAY_MS, 2),
  'this-week': ({ monday }) => daysFrom(monday, 7),
  'next-week': ({ monday }) => daysFrom(monday + 7 * DAY_MS, 7),
  'last-week': ({ monday }) => daysFrom(monday - 7 * DAY_MS, 7),
  'this-month': ({ today }) => monthFrom(today, 0),
  'next-month': ({ today }) => monthFrom(today, 1),
  'last-month': ({ today }) => monthFrom(today, -1),
};

/**
 * A named range as whole days, on the local wall clock: a day; a weekend, Saturday and Sunday (the
 * coming one, or the one under way on a Saturday or Sunday; next-weekend the one after it); a week
 * Monday to Sunday (ISO); a calendar month. Its end is exclusive (the day after).
 */
export function namedRange(name: string, now: WallTime, flag = '--range'): ResolvedRange {
  const text = name.trim().toLowerCase();
  const today = startOfDay(now);
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  const word = RANGE_ALIASES.get(text) ?? RANGE_WORDS.find((w) => w === text);
  if (word !== undefined) return NAMED_RANGES[word]({ today, monday, saturday: monday + 5 * DAY_MS });
  const ym = MONTH.exec(text);
  if (ym && Number(ym[2]) >= 1 && Number(ym[2]) <= 12) return { from: Date.UTC(Number(ym[1]), Number(ym[2]) - 1, 1), to: Date.UTC(Number(ym[1]), Number(ym[2]), 1) };
  throw new DomainRuleError(`${flag}: ${JSON.stringify(name)} is not a range: give ${RANGE_NAMES}`);
}

export interface ResolvedRange {
  from: WallTime;
  /** Exclusive: a whole day given as the end counts in full. */
  to: WallTime;
}

/** `--range`'s range, undefined without one; given with --from or --to, a rule broken. */
export function namedRangeOf(input: RangeInput, now: WallTime, flags = { from: '--from', to: '--to' }): ResolvedRange | undefined {
  if (input.range === undefined) return undefined;
  if (input.from !== undefined || input.to !== undefined) throw new DomainRuleError(`--range names the whole range: give it, or ${flags.from}/${flags.to}, not both`);
  return namedRange(input.range, now);
}

/**
 * --range, or --from/--to → [from, to). A day as --to includes that day. Missing ends take the defaults
 * (`defaultDays` after --from, or from today). --to before --from is a usage error.
 */
export function resolveRange(input: RangeInput, now: WallTime, defaults: { days: number }, flags = { from: '--from', to: '--to' }): ResolvedRange {
  const named = namedRangeOf(input, now, flags);
  if (named) return named;
  const from = input.from !== undefined ? parseDateArgument(input.from, now, flags.from).time : startOfDay(now);
  let to: WallTime;
  if (input.to !== undefined) {
    const end = parseRangeEnd(input.to, from, now, flags.to);
    to = end.wholeDay ? end.time + DAY_MS : end.time;
  } else {
    to = startOfDay(from) + defaults.days * DAY_MS;
  }
  if (to <= from) {
    throw new DomainRuleError(`${flags.to} must be after ${flags.from} (the range ${describeRange({ from, to })} is empty)`);
  }
  return { from, to };
}

/** `Fri 2026-06-12 00:00 → Mon 2026-06-15 00:00`. */
export function describeRange(range: ResolvedRange): string {
  return `${dayHeading(range.from)} ${clockTime(range.from)} → ${dayHeading(range.to)} ${clockTime(range.to)}`;
}

/**
 * The ends given as a whole day (`--end-date 2026-12-22`: its 00:00 in `values`) made that whole
 * day, up to 24:00, as `--to` is, where the dates before them in `dates.dateOrder` (given, else
 * `stored`) leave room: as the order's rule has it (≤), a day may end at the date before it when
 * that is an end too (a pickup as the teardown ends); at a start, after it (at it, the event would
 * be of no length). A day before them stays its 00:00, for the order's rule to refuse. `values`
 * itself is not changed.
 */
export function throughTheDay(values: Readonly<Record<string, unknown>>, wholeDays: readonly string[], dates: DateFields, stored: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  const out = { ...values };
  let before: { at: WallTime; end: boolean } | undefined;
  for (const name of dates.dateOrder ?? []) {
    const day = parseWallTime(out[name] ?? stored[name]);
    if (day === undefined) continue;
    const through = day + DAY_MS;
    if (wholeDays.includes(name) && name in out && (before === undefined || through > before.at || (through === before.at && before.end))) out[name] = formatWallTime(through);
    // The day's start orders what follows (`--end-date sun --pickup-date sun` is one Sunday).
    if (before === undefined || day >= before.at) before = { at: day, end: dates.dayEnds?.includes(name) === true };
  }
  return out;
}

/** A record's dates in their order, and those that end something (ResourceDef). */
interface DateFields {
  dateOrder?: readonly string[];
  dayEnds?: readonly string[];
}
