// Use case: the calendar's lint (`rentals check`): every problem of the events in the range (or of
// all of them), each with a stable `code` (domain/checks.ts) and the events it names; an
// overbooking and a quote that cannot be confirmed with their ways out, the commands a refusal
// gives (data/shortage-advisor.ts, domain/way-out-commands.ts); an inactive item booked, the item
// made active again or taken off the event.
// Exit 0 when clean, 1 when a problem is found. Beside them, notes that are no problem (a quote
// priced otherwise than the price list now says could be refreshed): said after the summary, in
// `notes` for -o json, the exit code unaffected.

import { byWindow } from '../../data/calendar.js';
import { type Problem, calendarNotes, checkCalendar } from '../../domain/checks.js';
import { type RangeInput, resolveRange } from '../../domain/dates.js';
import { type CalendarBooking, type CalendarEvent, totalsByItem } from '../../domain/records.js';
import { type Need, type WaysOut, overbookingNeed, waysOutJson } from '../../domain/ways-out.js';
import { type WayOutCommand, confirmNeeds, inactiveItemCommands, linesOfTotals } from '../../domain/way-out-commands.js';
import { overlaps } from '../../domain/wall-time.js';
import type { Outcome } from '../../output/views.js';
import { moneyTextIn } from '../../output/money-text.js';
import type { Factory } from '../factory.js';
import { showRange } from './range.js';

export type CheckDeps = Pick<Factory, 'calendar' | 'advisor' | 'ruleOf' | 'wallNow' | 'notices' | 'documentSettings'>;

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
  const input = { events, bookings, linesWithoutItem: calendar.linesWithoutItem(), items, prices, blocks: new Set(blocks.keys()), blockNames, statuses: new Set(statuses.keys()), range, ruleOf: deps.ruleOf, now: deps.wallNow(), money: moneyTextIn(deps.documentSettings().currency), ...(turnaround ? { turnaround } : {}) };
  const problems = checkCalendar(input);
  // Said to a person in the shop's currency; -o json's `notes` plain, as its other amounts.
  const notes = calendarNotes(input);
  const plainNotes = calendarNotes({ ...input, money: undefined });
  const byId = new Map(events.map((e) => [e.id, e]));
  const ways = await problemWaysOut(deps, problems, byId, bookings);
  // An item no longer active: made active again, or taken off the event (no advisor needed); an
  // event with two lines of the item has them once, under the first.
  const offered = new Set<string>();
  problems.forEach((problem, index) => {
    const item = problem.itemId === undefined ? undefined : items.get(problem.itemId);
    const key = `${problem.eventId} ${problem.itemId}`;
    if (problem.code !== 'inactive-item' || problem.eventId === undefined || !item || offered.has(key)) return;
    offered.add(key);
    ways.set(index, { eventId: problem.eventId, commands: inactiveItemCommands(problem.eventId, item) });
  });
  const data = problems.map((problem, index) => {
    const { held: _held, ...shown } = problem;
    const way = ways.get(index);
    return { ...shown, events: problemEvents(problem, byId), ...(way?.way ? { waysOut: { eventId: way.eventId, ...waysOutJson(way.way) } } : {}), ...(way ? { commands: way.plain ?? way.commands } : {}) };
  });
  const rows = problems.map((p, i) => {
    const row = { code: p.code, event: p.eventId ?? p.eventIds?.join(' ') ?? null, item: p.itemId ?? null };
    const way = ways.get(i);
    if (!way) return { ...row, message: p.message, problem: p.message, waysOut: [] };
    if (way.commands.length === 0) {
      const none = `${p.message}; no substitute or nearby window for event ${way.eventId}`;
      return { ...row, message: none, problem: none, waysOut: [] };
    }
    const lead = `${p.message}; ways out${way.eventId === p.eventId ? '' : ` for event ${way.eventId}`}:`;
    // For scripts (tsv, csv), one line: each command between backquotes, as a hint in a message is.
    return { ...row, message: `${lead} ${way.commands.map((c) => `\`${c.command}\``).join(', ')}`, problem: lead, waysOut: way.commands };
  });

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
      body: { data, notes: plainNotes },
      rows,
      columns: ['code', 'message'],
      lines: { lead: 'code', text: 'problem', ways: 'waysOut' },
      emptyNote: '',
    },
    exitCode: problems.length === 0 ? 0 : 1,
  };
}

interface ProblemWayOut {
  /** The event the ways out change. */
  eventId: number;
  /** The item's ways out (an overbooking's); absent for a quote, whose ways out are of several items. */
  way?: WaysOut;
  commands: WayOutCommand[];
  /** The same with amounts plain, for -o json (absent: `commands` have none in the currency). */
  plain?: WayOutCommand[];
}

/**
 * The ways out of each problem that has some (by the problem's index), as the commands a refusal
 * gives: an overbooking's, for the event whose units would end it (the event already holds them:
 * its lines changed, or the event moved); a quote's that cannot be confirmed, those of its
 * confirmation (`rentals events confirm`), as that command refused gives them.
 */
async function problemWaysOut(
  deps: Pick<Factory, 'advisor'>,
  problems: readonly Problem[],
  byId: ReadonlyMap<number, CalendarEvent>,
  bookings: ReadonlyMap<number, readonly CalendarBooking[]>,
): Promise<Map<number, ProblemWayOut>> {
  const asked: Array<{ index: number; eventId: number; confirm: boolean; needs: Array<Need & { exclude: number }> }> = [];
  // Every line of the event goes with its short item: a window offered holds them all.
  const linesOf = (eventId: number) => linesOfTotals(totalsByItem(bookings.get(eventId) ?? []));
  problems.forEach((problem, index) => {
    if (problem.code === 'overbooked' && problem.itemId !== undefined) {
      const need = overbookingNeed({ itemId: problem.itemId, booked: Number(problem.booked), owned: Number(problem.owned), held: problem.held ?? [] }, byId);
      if (need) asked.push({ index, eventId: need.exclude, confirm: false, needs: [{ ...need, alongside: linesOf(need.exclude) }] });
    }
    const quote = problem.eventId === undefined ? undefined : byId.get(problem.eventId);
    if (problem.code === 'quote-cannot-confirm' && quote?.window && problem.itemIds) {
      asked.push({ index, eventId: quote.id, confirm: true, needs: confirmNeeds({ id: quote.id, window: quote.window }, totalsByItem(bookings.get(quote.id) ?? []), problem.itemIds) });
    }
  });
  if (asked.length === 0) return new Map();
  const advisor = await deps.advisor();
  const ways = await advisor.waysOut(asked.flatMap((a) => a.needs)).catch(() => undefined);
  if (!ways) return new Map();
  const out = new Map<number, ProblemWayOut>();
  let next = 0;
  for (const { index, eventId, confirm, needs } of asked) {
    const mine = ways.slice(next, next + needs.length);
    next += needs.length;
    const current = totalsByItem(bookings.get(eventId) ?? []);
    const event = { id: eventId, blockId: byId.get(eventId)?.blockId };
    if (!confirm) {
      const { shown, plain } = await advisor.eventWays(event, current, mine);
      out.set(index, { eventId, way: mine[0], commands: shown, plain });
      continue;
    }
    // A quote's: the ways out of its confirmation, as `events book` onto it gives them.
    const { shown, plain } = await advisor.confirmWays(event, current, mine);
    out.set(index, { eventId, commands: shown, plain });
  }
  return out;
}

/** The events a problem names, `{ id, name, quantity }` (quantity: what it holds of the problem's item, when there is one). */
function problemEvents(problem: Problem, byId: ReadonlyMap<number, CalendarEvent>): Array<{ id: number; name: string | null; quantity: number | null }> {
  const quantities = new Map<number, number>();
  for (const holder of problem.held ?? []) quantities.set(holder.eventId, holder.quantity);
  const ids = problem.eventIds ?? (problem.eventId === undefined ? [] : [problem.eventId]);
  return ids.map((id) => ({ id, name: byId.get(id)?.name ?? null, quantity: quantities.get(id) ?? null }));
}
