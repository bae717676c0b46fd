// The picture `rentals timeline` draws, as data: per item, its stock over time (steps between the
// sweep's level changes, firm and tentative apart) and one bar per event holding it. The terminal
// and HTML renderers draw it; json/csv print it as it is.

import type { Holdings } from './holds.js';
import type { HoldKind } from './hold-policy.js';
import type { CalendarItem } from './records.js';
import { type Hold, levelChanges } from './sweep.js';
import { isFirm } from './tentative-holds.js';
import { type Range, type WallTime, shortWallTime } from './wall-time.js';

export interface TimelineBar {
  eventId: number;
  eventName: string;
  /** The event's window (it may reach outside the range). */
  from: WallTime;
  to: WallTime;
  /** All the event's lines of the item together. */
  quantity: number;
  kind: HoldKind;
  /** The last part of [from, to) that is the item's turnaround after the pickup (ms; holds.ts); absent: none. */
  turnaround?: number;
}

export interface TimelineStep {
  from: WallTime;
  to: WallTime;
  /** Units held firmly, and by quotes, during the step. */
  firm: number;
  tentative: number;
  /** owned − firm: below 0 the item is overbooked. */
  free: number;
  /** owned − firm − tentative: below 0 the quotes cannot all confirm. */
  freeIfQuotesConfirm: number;
}

export interface TimelineItem {
  id: number;
  name: string;
  owned: number;
  steps: TimelineStep[];
  bars: TimelineBar[];
}

export function timelineItems(items: readonly CalendarItem[], held: Holdings, range: Range): TimelineItem[] {
  return items.map((item) => {
    const holds = held.byItem.get(item.id) ?? [];
    return { id: item.id, name: item.name, owned: item.quantity, steps: steps(holds, item.quantity, range), bars: bars(holds, held, range) };
  });
}

function steps(holds: readonly Hold[], owned: number, range: Range): TimelineStep[] {
  const firm = levelChanges(holds.filter(isFirm), range);
  const all = levelChanges(holds, range);
  const times = [...new Set([...firm, ...all].map((c) => c.at))].sort((a, b) => a - b);
  // Both lists start at range.from and are in time order: walk them alongside the times.
  let f = 0;
  let a = 0;
  return times.map((from, i) => {
    while (firm[f + 1] !== undefined && firm[f + 1]!.at <= from) f++;
    while (all[a + 1] !== undefined && all[a + 1]!.at <= from) a++;
    const held = firm[f]!.level;
    const total = all[a]!.level;
    return { from, to: times[i + 1] ?? range.to, firm: held, tentative: total - held, free: owned - held, freeIfQuotesConfirm: owned - total };
  });
}

function bars(holds: readonly Hold[], held: Holdings, range: Range): TimelineBar[] {
  const byEvent = new Map<number, TimelineBar>();
  for (const hold of holds) {
    if (hold.quantity <= 0 || hold.to <= range.from || hold.from >= range.to) continue;
    const bar = byEvent.get(hold.eventId);
    if (bar) bar.quantity += hold.quantity;
    else {
      const name = held.events.get(hold.eventId)?.name ?? `event ${hold.eventId}`;
      byEvent.set(hold.eventId, { eventId: hold.eventId, eventName: name, from: hold.from, to: hold.to, quantity: hold.quantity, kind: hold.kind ?? 'firm', ...(hold.turnaround ? { turnaround: hold.turnaround } : {}) });
    }
  }
  return [...byEvent.values()].sort((a, b) => a.from - b.from || a.eventId - b.eventId);
}

export interface TimelineInterval {
  itemId: number;
  item: string;
  /** `stock`: a step of the item's stock; `firm` / `tentative`: an event's hold (its turnaround included: `to` is when its units are ready again). */
  type: 'stock' | HoldKind;
  from: string;
  to: string;
  eventId: number | null;
  event: string | null;
  quantity: number | null;
  firm: number | null;
  tentative: number | null;
  free: number | null;
  freeIfQuotesConfirm: number | null;
}

/** The picture's intervals as flat rows (json, csv): each item's stock steps, then its events' holds. */
export function timelineIntervals(items: readonly TimelineItem[]): TimelineInterval[] {
  return items.flatMap((item) => [
    ...item.steps.map((s): TimelineInterval => ({
      itemId: item.id,
      item: item.name,
      type: 'stock',
      from: shortWallTime(s.from),
      to: shortWallTime(s.to),
      eventId: null,
      event: null,
      quantity: null,
      firm: s.firm,
      tentative: s.tentative,
      free: s.free,
      freeIfQuotesConfirm: s.freeIfQuotesConfirm,
    })),
    ...item.bars.map((b): TimelineInterval => ({
      itemId: item.id,
      item: item.name,
      type: b.kind,
      from: shortWallTime(b.from),
      to: shortWallTime(b.to),
      eventId: b.eventId,
      event: b.eventName,
      quantity: b.quantity,
      firm: null,
      tentative: null,
      free: null,
      freeIfQuotesConfirm: null,
    })),
  ]);
}

/** How short an item is over the range: 0 held short (firm holds exceed what it owns), 1 short only if every quote confirms, 2 never. */
export function shortageRank(item: TimelineItem): 0 | 1 | 2 {
  return item.steps.some((s) => s.free < 0) ? 0 : item.steps.some((s) => s.freeIfQuotesConfirm < 0) ? 1 : 2;
}

/** A stretch of an item's picture (a day, or a week over a long range) at its tightest. */
export interface TimelineCell {
  from: WallTime;
  to: WallTime;
  /** The fewest units free at one moment of the stretch (firm holds); below 0: short. */
  free: number;
  /** The same if every quote confirmed; below 0: short if they do. */
  freeIfQuotesConfirm: number;
}

/** The item's steps gathered into stretches of `span` from the range's first day: each at its fewest free. */
export function timelineCells(item: TimelineItem, range: Range, span: number): TimelineCell[] {
  const cells: TimelineCell[] = [];
  for (let from = range.from; from < range.to; from += span) {
    const to = Math.min(from + span, range.to);
    const within = item.steps.filter((step) => step.from < to && step.to > from);
    cells.push({
      from,
      to,
      free: Math.min(item.owned, ...within.map((step) => step.free)),
      freeIfQuotesConfirm: Math.min(item.owned, ...within.map((step) => step.freeIfQuotesConfirm)),
    });
  }
  return cells;
}
