// `rentals availability --from --to [--item …] [--category …] [--daily] [--all]`: per item, the
// units owned, the most held at one moment of the range (a sweep, not a sum) firmly and by quotes,
// what is free then, and the events holding them; --daily, the free units of each day as a day ×
// item grid; --find, the earliest windows in which all the asked units are free together.

import { describeRange, resolveRange } from '../../../domain/dates.js';
import { formatDuration, parseDuration } from '../../../domain/durations.js';
import { freeWindows } from '../../../domain/free-windows.js';
import { dailyPeaks } from '../../../domain/sweep.js';
import { availabilityByKind, isFirm } from '../../../domain/tentative-holds.js';
import type { DataPiece } from '../../../api/data-envelope.js';
import type { Row } from '../../../output/format.js';
import type { RecordListView } from '../../../output/views.js';
import { parseItemAsks } from './events-book.js';
import { DAY_MS, dayHeading, dayKey, shortWallTime } from '../../../domain/wall-time.js';
import { UsageError } from '../../../errors.js';
import { defineViewCommand } from '../../registry/spec.js';
import type { CalendarDeps } from './deps.js';
import { rangeReadDeps } from './deps.js';
import { conceptValues } from '../../vocabulary.js';
import { CATEGORY_FLAG, RANGE_FLAGS, itemListFlag, positiveInt, withDatesLink } from './options.js';
import type { FlagDecls, FlagValues } from '../../registry/flags.js';
import { TOP_LEVEL } from '../top-level.js';
import { chosenItems } from './chosen-items.js';
import type { CalendarItem } from '../../../domain/records.js';

/** Items whose rows are made at once, as the list is printed. */
const ROWS_PER_PIECE = 512;

const MAX_DAYS = 366;

/** Exported for the type-level test of a calendar command's options (test/cli/command-types.test.ts). */
export const AVAILABILITY_FLAGS = {
  ...RANGE_FLAGS,
  ...itemListFlag('only this item; repeat for several (--find: NAME=QTY, the units wanted)'),
  ...CATEGORY_FLAG,
  daily: { help: 'a day × item grid of free units' },
  all: { help: 'every item, also inactive ones without bookings' },
  find: { help: 'the earliest windows in which all the --item NAME=QTY units are free together for --duration' },
  duration: { value: 'length', help: 'with --find: how long (2d, 36h, 1d12h)' },
  limit: { value: 'n', help: 'with --find: at most n windows (default 5)' },
  includeTentative: { help: 'with --find: count quotes as holding too' },
} as const satisfies FlagDecls;

export const availabilityCommand = defineViewCommand({
  effect: 'reads',
  ...TOP_LEVEL.availability,
  help: withDatesLink(
    '\nbooked = the most units held firmly at one moment of the range (not the sum over the range); tentative = the same for quotes; free = owned − booked; freeIfQuotesConfirm = owned − the most held by both at one moment (see `rentals help holds`).\n--find: windows are the stretches in which every asked item has its units free (firm holds; quotes too with --include-tentative), earliest first, exact to the minute, never starting before now; each has its earliest start (from), how long it stays free (to) and its latest start.\n',
  ),
  examples: [
    'rentals availability --from fri --to sun',
    'rentals availability --from 2026-06-01 --to 2026-06-30 --item "20x20 Frame Tent" --daily',
    'rentals availability --find --item "20x20 Frame Tent=6" --duration 2d --from today --to +8w',
    "rentals availability --json | jq '.data[] | select(.free < 0)'",
  ],
  flags: AVAILABILITY_FLAGS,
  view: (options) => (options.daily ? 'grid' : 'records'),
  deps: rangeReadDeps,
  handler: async (deps, options) => {
    if (options.find) return findWindows(deps, options);
    if (options.duration !== undefined || options.includeTentative) throw new UsageError('--duration and --include-tentative go with --find');
    const range = resolveRange({ from: options.from, to: options.to, range: options.range }, deps.now(), { days: 7 });
    const days = Math.ceil((range.to - range.from) / DAY_MS);
    if (options.daily && days > MAX_DAYS) throw new UsageError(`--daily: the range has ${days} days; at most ${MAX_DAYS}`);
    deps.showRange(range);
    const refs = conceptValues('item', options);
    const [items, held] = await Promise.all([chosenItems(deps, refs, options.category), deps.calendar.holdings(range, undefined, deps.ruleOf)]);
    const shown = items.filter((item) => options.all || refs.length > 0 || item.active || held.byItem.has(item.id));

    if (options.daily) {
      const columns = Array.from({ length: days }, (_, i) => dayKey(range.from + i * DAY_MS));
      // One sweep per item over the whole range gives every day's peak.
      const cells = shown.map((item) => dailyPeaks((held.byItem.get(item.id) ?? []).filter(isFirm), range, DAY_MS).map((top) => item.quantity - top));
      return {
        kind: 'grid',
        rowHeader: 'item',
        rows: shown.map((item) => ({ key: String(item.id), label: item.name })),
        columns: columns.map((key) => ({ key, label: key.slice(5), short: key.slice(8) })),
        pageHeading: (from, to) => `${dayHeading(range.from + from * DAY_MS)} → ${dayHeading(range.from + to * DAY_MS)}`,
        cells,
        isProblem: (value) => typeof value === 'number' && value < 0,
        data: shown.map((item, r) => ({ id: item.id, name: item.name, owned: item.quantity, free: Object.fromEntries(columns.map((day, c) => [day, cells[r]![c]!])) })),
      };
    }

    const entry = (item: CalendarItem) => {
      const by = availabilityByKind(held.byItem.get(item.id) ?? [], item.quantity, range);
      const events = [...by.bookedBy, ...by.tentativeBy].map((h) => ({ id: h.eventId, name: held.events.get(h.eventId)?.name ?? null, quantity: h.quantity, tentative: h.kind === 'tentative' }));
      const base = {
        id: item.id,
        item: item.name,
        active: item.active,
        owned: item.quantity,
        booked: by.booked,
        tentative: by.tentative,
        free: by.free,
        freeIfQuotesConfirm: by.freeIfQuotesConfirm,
        peakAt: by.bookedAt === undefined ? null : shortWallTime(by.bookedAt),
      };
      return { ...base, events };
    };
    const rowOf = (record: Record<string, unknown>): Row => {
      const events = record.events as Array<{ id: number; name: string | null; quantity: number; tentative: boolean }>;
      return { ...(record as Row), events: events.map((e) => `${e.quantity} × ${e.name ?? e.id} (${e.id})${e.tentative ? ' quote' : ''}`).join('; ') };
    };
    // Each item's row made as it is printed: 300k items are never 300k rows at once.
    async function* pieces(): AsyncGenerator<DataPiece> {
      yield { kind: 'data-start' };
      for (let at = 0; at < shown.length; at += ROWS_PER_PIECE) yield { kind: 'records', records: shown.slice(at, at + ROWS_PER_PIECE).map(entry) };
      yield { kind: 'data-end' };
    }
    return {
      kind: 'stream',
      pieces: pieces(),
      row: rowOf,
      columns: ['id', 'item', 'owned', 'booked', 'tentative', 'free', 'freeIfQuotesConfirm', 'peakAt', 'events'],
      knownColumns: ['id', 'item', 'active', 'owned', 'booked', 'tentative', 'free', 'freeIfQuotesConfirm', 'peakAt', 'events'],
    };
  },
});

/** `--find`: the earliest windows of --duration in which every asked item has its units free (firm holds; quotes too with --include-tentative). */
async function findWindows(deps: CalendarDeps, options: FlagValues<typeof AVAILABILITY_FLAGS>): Promise<RecordListView> {
  if (options.daily || options.category !== undefined) throw new UsageError('--find takes --item NAME=QTY…, not --daily or --category');
  if (options.duration === undefined) throw new UsageError('--find needs --duration (e.g. 2d, 36h, 1d12h)');
  const wanted = conceptValues('item', options);
  if (wanted.length === 0) throw new UsageError('--find needs at least one --item NAME=QTY');
  const duration = parseDuration(options.duration, '--duration');
  const limit = positiveInt(options.limit, '--limit') ?? 5;
  const asks = parseItemAsks(wanted, undefined);
  const now = deps.now();
  const asked = resolveRange({ from: options.from, to: options.to, range: options.range }, now, { days: 90 });
  // A window is offered to be booked: it never starts before now (today's already gone hours included).
  const range = { from: Math.max(asked.from, now), to: asked.to };
  if (range.to <= range.from) throw new UsageError(`--find: the range ${describeRange(asked)} is over; a window can start from now (${shortWallTime(now)}) on`);
  deps.showRange(range);
  const [items, held] = await Promise.all([Promise.all(asks.map((a) => deps.calendar.item(a.ref))), deps.calendar.holdings(range, undefined, deps.ruleOf)]);
  const windows = freeWindows(
    items.map((item, i) => ({ itemId: item.id, owned: item.quantity, quantity: asks[i]!.quantity, holds: held.byItem.get(item.id) ?? [] })),
    { duration, range, limit, includeTentative: options.includeTentative === true },
  );
  const short = items.filter((item, i) => asks[i]!.quantity > item.quantity);
  if (short.length > 0) deps.notices.warn(`warning: ${short.map((i) => `${JSON.stringify(i.name)} has only ${i.quantity}`).join('; ')}: no window can hold the asked units`);
  else if (windows.length === 0) deps.notices.info(`No window of ${formatDuration(duration)} in the range; try a later --to.`);
  const rows = windows.map((w) => ({
    from: shortWallTime(w.from),
    to: shortWallTime(w.to),
    latestStart: shortWallTime(w.latestStart),
    length: formatDuration(w.to - w.from),
    reachesRangeEnd: w.reachesRangeEnd,
  }));
  return { kind: 'records', body: { data: rows }, rows, columns: ['from', 'to', 'latestStart', 'length'], knownColumns: ['from', 'to', 'latestStart', 'length', 'reachesRangeEnd'] };
}

