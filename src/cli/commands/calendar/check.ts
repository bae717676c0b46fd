// `rentals check [--from --to]`: a calendar lint for cron. Exit 0 when clean, 1 when a problem is
// found; `-o json` prints `{ "data": [...] }`, one object per problem with a stable `code` (see
// domain/checks.ts) and the events it names.

import { byWindow } from '../../../data/calendar.js';
import { type Problem, checkCalendar } from '../../../domain/checks.js';
import { resolveRange } from '../../../domain/dates.js';
import type { CalendarEvent } from '../../../domain/records.js';
import { defineViewCommand } from '../../registry/spec.js';
import { type CalendarDeps, rangeReadDeps } from './deps.js';
import { type WaysOut, overbookingNeed, waysOutJson } from '../../../domain/ways-out.js';
import { shortWallTime } from '../../../domain/wall-time.js';
import { rangeFlags, withDatesLink } from './options.js';
import { TOP_LEVEL } from '../top-level.js';

export const checkCommand = defineViewCommand({
  effect: 'reads',
  ...TOP_LEVEL.check,
  help: withDatesLink(
    '\nExit 0 when clean, 1 when a problem is found. Codes: overbooked, inactive-item, booking-without-price, price-differs, no-price-for-block, dates-out-of-order, missing-date, missing-item, missing-block, missing-status, cancel-status-mismatch, quote-cannot-confirm.\n',
  ),
  examples: ['rentals check', "rentals check --from today --to +90d -o json | jq -r '.data[].code'"],
  flags: rangeFlags({ from: 'every event', to: 'every event' }),
  view: 'records',
  deps: rangeReadDeps,
  handler: async (deps, options) => {
    const { from, to, range: named } = options;
    const range = from === undefined && to === undefined && named === undefined ? undefined : resolveRange({ from, to, range: named }, deps.now(), { days: 7 });
    if (range) deps.showRange(range);
    const { calendar } = deps;
    const catalog = calendar.catalog;
    // The other lists are read beside the events list, not after it.
    const lists = Promise.all([calendar.items(), catalog.byId('rentalBlocks'), catalog.byId('statuses')]);
    lists.catch(() => undefined); // awaited below, once the events are in
    const events = range ? await calendar.eventsIn(range) : [...(await calendar.events())].sort(byWindow);
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
    const problems = checkCalendar({ events, bookings, linesWithoutItem: calendar.linesWithoutItem(), items, prices, blocks: new Set(blocks.keys()), statuses: new Set(statuses.keys()), range, ruleOf: deps.ruleOf });
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

    const checked = `${active.length} event${active.length === 1 ? '' : 's'} checked`;
    deps.notices.info(problems.length === 0 ? `No problems found (${checked}).` : `${problems.length} problem${problems.length === 1 ? '' : 's'} found (${checked}).`);
    return {
      view: {
        kind: 'records',
        body: { data },
        rows: problems.map((p, i) => ({ code: p.code, event: p.eventId ?? p.eventIds?.join(' ') ?? null, item: p.itemId ?? null, message: message(p, i) })),
        columns: ['code', 'message'],
        lines: { lead: 'code', text: 'message' },
        emptyNote: '',
      },
      exitCode: problems.length === 0 ? 0 : 1,
    };
  },
});

/** The ways out of each overbooking (by the problem's index): for the event whose units would end it. */
async function overbookingWaysOut(deps: CalendarDeps, problems: readonly Problem[], byId: ReadonlyMap<number, CalendarEvent>): Promise<Map<number, { eventId: number; way: WaysOut }>> {
  const needs = problems.flatMap((problem, index) => {
    if (problem.code !== 'overbooked' || problem.itemId === undefined) return [];
    const need = overbookingNeed({ itemId: problem.itemId, booked: Number(problem.booked), owned: Number(problem.owned), held: problem.held ?? [] }, byId);
    return need ? [{ index, need }] : [];
  });
  const ways = await deps.advisor.waysOut(needs.map((n) => n.need)).catch(() => []);
  return new Map(ways.map((way, i) => [needs[i]!.index, { eventId: needs[i]!.need.exclude, way }]));
}

/** `way out for event 25: substitute "X" (3 free); or move it to 2026-12-12 09:00 → …`. */
function wayOutLine(eventId: number, way: WaysOut): string {
  const options = [
    ...way.substitutes.slice(0, 1).map((s) => `${way.short} × ${JSON.stringify(s.name)} instead (${s.free} free)`),
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
