// Use case: the calendar's lint (`rentals check`): every problem of the events in the range (or of
// all of them), each with a stable `code` (domain/checks.ts) and the events it names; an
// overbooking with its ways out (a substitute with room, a window that fits: data/shortage-advisor.ts).
// Exit 0 when clean, 1 when a problem is found. Beside them, notes that are no problem (a quote
// priced otherwise than the price list now says could be refreshed): said after the summary, in
// `notes` for -o json, the exit code unaffected.

import { byWindow } from '../../data/calendar.js';
import { type Problem, calendarNotes, checkCalendar } from '../../domain/checks.js';
import { type RangeInput, resolveRange } from '../../domain/dates.js';
import type { CalendarEvent } from '../../domain/records.js';
import { type WaysOut, overbookingNeed, waysOutJson } from '../../domain/ways-out.js';
import { overlaps, shortWallTime } from '../../domain/wall-time.js';
import type { Outcome } from '../../output/views.js';
import type { Factory } from '../factory.js';
import { showRange } from './range.js';
import { quotedName } from '../../common/sanitize.js';

export type CheckDeps = Pick<Factory, 'calendar' | 'advisor' | 'ruleOf' | 'wallNow' | 'notices'>;

/** The problems of the events in `asked` (every event when it names no range), as a view and the exit code. */
export async function check(deps: CheckDeps, asked: RangeInput): Promise<Outcome> {
  const { from, to, range: named } = asked;
  const range = from === undefined && to === undefined && named === undefined ? undefined : resolveRange(asked, deps.wallNow(), { days: 7 });
  const notices = deps.notices();
  if (range) showRange(notices, range);
  const calendar = await deps.calendar({ lean: true });
  const catalog = calendar.catalog;
  // The other lists are read beside the events list, not after it.
  const lists = Promise.all([calendar.items(), catalog.byId('rentalBlocks'), catalog.byId('statuses')]);
  lists.catch(() => undefined); // awaited below, once the events are in
  // The events that end a turnaround before the range hold units in it too: read, not checked themselves.
  const reach = calendar.longestTurnaround();
  const events = range ? await calendar.eventsIn(reach > 0 ? { from: range.from - reach, to: range.to } : range) : [...(await calendar.events())].sort(byWindow);
  const active = events.filter((e) => !e.cancelled);
  const [items, blocks, statuses] = await lists;
  // The prices of each booked item are read as soon as a booking names it (the same bounded pool),
  // not after every bookings list has arrived.
  const booked = new Set<number>();
  const bookings = await calendar.bookings(active, (list) => {
    for (const { itemId } of list) {
      if (booked.has(itemId) || !items.has(itemId)) continue;
      booked.add(itemId);
      catalog.list('prices', itemId).catch(() => undefined);
    }
  });
  const prices = await calendar.prices(booked);
  const turnaround = await calendar.turnaround();
  const blockNames = new Map([...blocks].flatMap(([id, block]) => (typeof block.pricingType === 'string' ? [[id, block.pricingType] as const] : [])));
  const input = { events, bookings, linesWithoutItem: calendar.linesWithoutItem(), items, prices, blocks: new Set(blocks.keys()), blockNames, statuses: new Set(statuses.keys()), range, ruleOf: deps.ruleOf, ...(turnaround ? { turnaround } : {}) };
  const problems = checkCalendar(input);
  const notes = calendarNotes(input);
  const byId = new Map(events.map((e) => [e.id, e]));
  const ways = await overbookingWaysOut(deps, problems, byId);
  const data = problems.map((problem, index) => {
    const { held: _held, ...shown } = problem;
    const way = ways.get(index);
    return { ...shown, events: problemEvents(problem, byId), ...(way ? { waysOut: { eventId: way.eventId, ...waysOutJson(way.way) } } : {}) };
  });
  const message = (problem: Problem, index: number) => {
    const way = ways.get(index);
    return way ? `${problem.message}; ${wayOutLine(way.eventId, way.way)}` : problem.message;
  };

  const checkedCount = range ? active.filter((e) => e.window && overlaps(e.window, range)).length : active.length;
  const checked = `${checkedCount} event${checkedCount === 1 ? '' : 's'} checked`;
  notices.info(problems.length === 0 ? `No problems found (${checked}).` : `${problems.length} problem${problems.length === 1 ? '' : 's'} found (${checked}).`);
  if (notes.length > 0) {
    notices.info(`${notes.length} note${notes.length === 1 ? '' : 's'}, no problem: ${notes.length === 1 ? 'a quote' : 'quotes'} priced otherwise than the price list now says.`);
    for (const note of notes) notices.info(`note: ${note.message}`);
  }
  return {
    view: {
      kind: 'records',
      body: { data, notes },
      rows: problems.map((p, i) => ({ code: p.code, event: p.eventId ?? p.eventIds?.join(' ') ?? null, item: p.itemId ?? null, message: message(p, i) })),
      columns: ['code', 'message'],
      lines: { lead: 'code', text: 'message' },
      emptyNote: '',
    },
    exitCode: problems.length === 0 ? 0 : 1,
  };
}

/** The ways out of each overbooking (by the problem's index): for the event whose units would end it. */
async function overbookingWaysOut(deps: Pick<Factory, 'advisor'>, problems: readonly Problem[], byId: ReadonlyMap<number, CalendarEvent>): Promise<Map<number, { eventId: number; way: WaysOut }>> {
  const needs = problems.flatMap((problem, index) => {
    if (problem.code !== 'overbooked' || problem.itemId === undefined) return [];
    const need = overbookingNeed({ itemId: problem.itemId, booked: Number(problem.booked), owned: Number(problem.owned), held: problem.held ?? [] }, byId);
    return need ? [{ index, need }] : [];
  });
  if (needs.length === 0) return new Map();
  const advisor = await deps.advisor();
  const ways = await advisor.waysOut(needs.map((n) => n.need)).catch(() => []);
  return new Map(ways.map((way, i) => [needs[i]!.index, { eventId: needs[i]!.need.exclude, way }]));
}

/** `way out for event 25: substitute "X" (3 free); or move it to 2026-12-12 09:00 → …`. */
function wayOutLine(eventId: number, way: WaysOut): string {
  const options = [
    ...way.substitutes.slice(0, 1).map((s) => `${way.short} × ${quotedName(s.name)} instead (${s.free} free)`),
    ...way.windows.slice(0, 1).map((w) => `move it to ${shortWallTime(w.from)} → ${shortWallTime(w.to)}`),
  ];
  return options.length > 0 ? `way out for event ${eventId}: ${options.join(', or ')}` : `no substitute or nearby window for event ${eventId}`;
}

/** The events a problem names, `{ id, name, quantity }` (quantity: what it holds of the problem's item, when there is one). */
function problemEvents(problem: Problem, byId: ReadonlyMap<number, CalendarEvent>): Array<{ id: number; name: string | null; quantity: number | null }> {
  const quantities = new Map<number, number>();
  for (const holder of problem.held ?? []) quantities.set(holder.eventId, holder.quantity);
  const ids = problem.eventIds ?? (problem.eventId === undefined ? [] : [problem.eventId]);
  return ids.map((id) => ({ id, name: byId.get(id)?.name ?? null, quantity: quantities.get(id) ?? null }));
}
