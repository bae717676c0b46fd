// Use case: availability (`rentals availability`): per item, the units owned, the most held at one
// moment of the range (a sweep, not a sum) firmly and by quotes, what is free then, and the events
// holding them; daily, the free units of each day as a day × item grid; `find`, the earliest
// windows in which all the asked units are free together.

import type { DataPiece } from '../../api/data-envelope.js';
import { type RangeInput, describeRange, resolveRange } from '../../domain/dates.js';
import { formatDuration, parseDuration } from '../../domain/durations.js';
import { freeWindows } from '../../domain/free-windows.js';
import type { CalendarItem } from '../../domain/records.js';
import { dailyPeaks } from '../../domain/sweep.js';
import { availabilityByKind, isFirm } from '../../domain/tentative-holds.js';
import { DAY_MS, dayHeading, dayKey, shortWallTime } from '../../domain/wall-time.js';
import { RentalsError, UsageError } from '../../errors.js';
import type { Row } from '../../output/format.js';
import type { RecordListView, View } from '../../output/views.js';
import type { Factory } from '../factory.js';
import { chosenItems } from './chosen-items.js';
import { parseItemAsks } from './item-asks.js';
import { showRange } from './range.js';
import { quotedName } from '../../common/sanitize.js';

/** Items whose rows are made at once, as the list is printed. */
const ROWS_PER_PIECE = 512;

const MAX_DAYS = 366;

/** Windows `find` gives when no limit is asked. */
const DEFAULT_WINDOWS = 5;

export type AvailabilityDeps = Pick<Factory, 'calendar' | 'ruleOf' | 'wallNow' | 'notices'>;

export interface AvailabilityRequest {
  range: RangeInput;
  /** Items by name or id (each once); none: every item. */
  items: readonly string[];
  category?: string;
  /** A day × item grid of free units. */
  daily: boolean;
  /** Every item, also inactive ones without bookings. */
  all: boolean;
}

export interface FindRequest {
  range: RangeInput;
  /** `NAME=QTY`: the units wanted of each item. */
  asks: readonly string[];
  /** How long (2d, 36h, 1d12h). */
  duration: string | undefined;
  limit: number | undefined;
  /** Count quotes as holding too. */
  includeTentative: boolean;
}

export async function availability(deps: AvailabilityDeps, request: AvailabilityRequest): Promise<View> {
  const range = resolveRange(request.range, deps.wallNow(), { days: 7 });
  const days = Math.ceil((range.to - range.from) / DAY_MS);
  if (request.daily && days > MAX_DAYS) throw new UsageError(`--daily: the range has ${days} days; at most ${MAX_DAYS}`);
  showRange(deps.notices(), range);
  const calendar = await deps.calendar({ lean: true });
  const refs = request.items;
  const [items, held] = await Promise.all([chosenItems(calendar, refs, request.category), calendar.holdings(range, undefined, deps.ruleOf)]);
  const shown = items.filter((item) => request.all || refs.length > 0 || item.active || held.byItem.has(item.id));

  if (request.daily) {
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
    // Free answers the question: a narrow terminal leaves out every detail column first, and wraps the item's name.
    rank: ['free', 'item', 'id', 'owned', 'booked', 'tentative', 'freeIfQuotesConfirm', 'peakAt', 'events'],
    knownColumns: ['id', 'item', 'active', 'owned', 'booked', 'tentative', 'free', 'freeIfQuotesConfirm', 'peakAt', 'events'],
    kinds: { peakAt: 'datetime' },
  };
}

/** The earliest windows of `duration` in which every asked item has its units free (firm holds; quotes too with includeTentative). */
export async function findWindows(deps: AvailabilityDeps, request: FindRequest): Promise<RecordListView> {
  if (request.duration === undefined) throw new UsageError('--find needs --duration (e.g. 2d, 36h, 1d12h)');
  if (request.asks.length === 0) throw new UsageError('--find needs at least one --item NAME=QTY');
  const duration = parseDuration(request.duration, '--duration');
  const asks = parseItemAsks(request.asks, undefined);
  const now = deps.wallNow();
  const asked = resolveRange(request.range, now, { days: 90 });
  // A window is offered to be booked: it never starts before now (today's already gone hours included).
  const range = { from: Math.max(asked.from, now), to: asked.to };
  if (range.to <= range.from) throw new UsageError(`--find: the range ${describeRange(asked)} is over; a window can start from now (${shortWallTime(now)}) on`);
  const notices = deps.notices();
  showRange(notices, range);
  const calendar = await deps.calendar({ lean: true });
  const [items, held] = await Promise.all([Promise.all(asks.map((a) => calendar.item(a.ref))), calendar.holdings(range, undefined, deps.ruleOf)]);
  const windows = freeWindows(
    items.map((item, i) => ({ itemId: item.id, owned: item.quantity, quantity: asks[i]!.quantity, holds: held.byItem.get(item.id) ?? [], turnaround: held.turnaround?.(item.id) ?? 0 })),
    { duration, range, limit: request.limit ?? DEFAULT_WINDOWS, includeTentative: request.includeTentative },
  );
  // More asked than the fleet owns: no range holds it, which is not "no window yet" (exit 0, no rows) but a refusal (exit 1).
  const short = items.flatMap((item, i) => (asks[i]!.quantity > item.quantity ? [`${quotedName(item.name)} has only ${item.quantity}, ${asks[i]!.quantity} asked`] : []));
  if (short.length > 0) throw new RentalsError(`${short.join('; ')}: no window can hold them, in any range`);
  if (windows.length === 0) notices.info(`No window of ${formatDuration(duration)} in the range; try a later --to.`);
  const rows = windows.map((w) => ({
    from: shortWallTime(w.from),
    to: shortWallTime(w.to),
    latestStart: shortWallTime(w.latestStart),
    length: formatDuration(w.to - w.from),
    reachesRangeEnd: w.reachesRangeEnd,
  }));
  // No window is said above (with what to try): the table adds no "No records." under it.
  return { kind: 'records', body: { data: rows }, rows, emptyNote: '', columns: ['from', 'to', 'latestStart', 'length'], kinds: { from: 'datetime', to: 'datetime', latestStart: 'datetime' }, knownColumns: ['from', 'to', 'latestStart', 'length', 'reachesRangeEnd'] };
}
