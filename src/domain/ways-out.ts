// A way out of a shortage. Given a need the calendar cannot take (an item, a quantity, a window)
// and what the other events hold, three answers, each computed, none guessed:
// - substitutes: items that may stand in for it (alternatives.ts) with units free over the window
//   — enough for the rest once the item's own free units are booked, in the order of preference;
// - windows: the nearest windows of the same length in which the whole quantity fits together with
//   every other line of the event (the free-window search over all of them, free-windows.ts), before
//   or after the asked one, nearest first — never the asked one nor the one the event holds now (a
//   move there changes nothing): the event moved to one of them is not refused for any of its items;
// - holders: the firm events holding the units at the peak and the quotes counting on them, by size.

import { freeWindows } from './free-windows.js';
import { type Hold, peak } from './sweep.js';
import { heldWindow } from './holds.js';
import type { TurnaroundOf } from './turnaround.js';
import { isFirm } from './tentative-holds.js';
import type { CalendarEvent, CalendarItem } from './records.js';
import { type Range, formatWallTime, overlaps } from './wall-time.js';
import { quotedName } from '../common/sanitize.js';

export interface Need {
  itemId: number;
  /** The units the window must take (all lines of the item on the event). */
  quantity: number;
  window: Range;
  /** The window the event holds now, when the asked one is another (a move): never offered, moving there changes nothing. */
  current?: Range;
  /** The event's other lines (each item's units on it, the most it holds before or after the change; a line naming no item holds nothing): a window offered holds them too. */
  alongside?: ReadonlyArray<{ itemId: number; quantity: number }>;
}

export interface WaysOutWorld {
  items: ReadonlyMap<number, CalendarItem>;
  /** item id → the holds of the other events (the event in need left out), over `search` at least. */
  holds: (itemId: number) => readonly Hold[];
  events: ReadonlyMap<number, CalendarEvent>;
  /** The items that may stand in for an item, in the order of preference. */
  standIns: (itemId: number) => readonly number[];
  /** Where nearer windows are looked for (not before now). */
  search: Range;
  /** How long each item stays held after a pickup (its units must be free that much longer); absent: none. */
  turnaround?: TurnaroundOf;
}

export interface Substitute {
  itemId: number;
  name: string;
  /** Units free over the whole window. */
  free: number;
  /** It can take the whole quantity on its own (else only the rest after the item's free units). */
  coversAll: boolean;
}

export interface WaysOut {
  itemId: number;
  name: string;
  asked: number;
  owned: number;
  /** Units of the item free over the whole window (firm holds only; may be below 0). */
  free: number;
  /** The units missing: asked − max(free, 0). */
  short: number;
  substitutes: Substitute[];
  windows: Range[];
  holders: Array<{ eventId: number; name: string; quantity: number; tentative: boolean }>;
}

const MAX_WINDOWS = 3;

/**
 * The need behind an overbooking that `check` found: the event to move or serve otherwise is the
 * smallest holder whose units would end it (else the biggest), with what it holds over its window.
 */
export function overbookingNeed(
  overbooking: { itemId: number; booked: number; owned: number; held: ReadonlyArray<{ eventId: number; quantity: number }> },
  events: ReadonlyMap<number, CalendarEvent>,
): (Need & { exclude: number }) | undefined {
  const excess = overbooking.booked - overbooking.owned;
  const holders = overbooking.held.filter((h) => events.get(h.eventId)?.window !== undefined);
  const enough = holders.filter((h) => h.quantity >= excess).sort((a, b) => a.quantity - b.quantity || b.eventId - a.eventId);
  const chosen = enough[0] ?? [...holders].sort((a, b) => b.quantity - a.quantity)[0];
  if (!chosen) return undefined;
  return { itemId: overbooking.itemId, quantity: chosen.quantity, window: events.get(chosen.eventId)!.window!, exclude: chosen.eventId };
}

/** Units of an item free over the whole window and its turnaround after it: owned − the firm peak. */
function freeOver(item: CalendarItem, holds: readonly Hold[], window: Range, turnaround?: TurnaroundOf): number {
  return item.quantity - peak(holds.filter(isFirm), heldWindow(window, item.id, turnaround)).quantity;
}

export function waysOut(need: Need, world: WaysOutWorld): WaysOut {
  const item = world.items.get(need.itemId);
  const owned = item?.quantity ?? 0;
  const holds = world.holds(need.itemId);
  const free = item ? freeOver(item, holds, need.window, world.turnaround) : 0;
  const short = need.quantity - Math.max(free, 0);
  const substitutes: Substitute[] = [];
  for (const id of world.standIns(need.itemId)) {
    const standIn = world.items.get(id);
    if (!standIn || !standIn.active || id === need.itemId) continue;
    const spare = freeOver(standIn, world.holds(id), need.window, world.turnaround);
    if (spare >= short && spare > 0) substitutes.push({ itemId: id, name: standIn.name, free: spare, coversAll: spare >= need.quantity });
  }
  return {
    itemId: need.itemId,
    name: item?.name ?? `item ${need.itemId}`,
    asked: need.quantity,
    owned,
    free,
    short,
    substitutes,
    windows: nearestWindows(need, world),
    holders: holdersBySize(holds, heldWindow(need.window, need.itemId, world.turnaround), world.events),
  };
}

/** The windows as long as the asked one in which the quantity and every other line of the event fit, the nearest to it first. */
function nearestWindows(need: Need, world: WaysOutWorld): Range[] {
  const duration = need.window.to - need.window.from;
  if (duration <= 0 || world.search.to - world.search.from < duration) return [];
  const lines = [{ itemId: need.itemId, quantity: need.quantity }, ...(need.alongside ?? []).filter((line) => line.itemId !== need.itemId && line.quantity > 0 && world.items.has(line.itemId))];
  const asks = lines.map(({ itemId, quantity }) => ({ itemId, owned: world.items.get(itemId)?.quantity ?? 0, quantity, holds: world.holds(itemId), turnaround: world.turnaround?.(itemId) ?? 0 }));
  if (asks.some((ask) => ask.quantity > ask.owned)) return [];
  const stretches = freeWindows(asks, { duration, range: world.search, limit: 50 });
  const starts = stretches.map((s) => Math.min(Math.max(need.window.from, s.from), s.latestStart));
  const here = need.current && need.current.to - need.current.from === duration ? need.current.from : need.window.from;
  return [...new Set(starts)]
    .filter((start) => start !== need.window.from && start !== here)
    .sort((a, b) => Math.abs(a - need.window.from) - Math.abs(b - need.window.from) || a - b)
    .slice(0, MAX_WINDOWS)
    .map((from) => ({ from, to: from + duration }));
}

/** The firm holders at the window's peak and the quotes over the window, each event once, biggest first. */
function holdersBySize(holds: readonly Hold[], window: Range, events: ReadonlyMap<number, CalendarEvent>): WaysOut['holders'] {
  const firm = peak(holds.filter(isFirm), window).holders;
  const quotes = holds.filter((h) => !isFirm(h) && h.quantity > 0 && overlaps(h, window));
  const byEvent = new Map<number, { quantity: number; tentative: boolean }>();
  for (const hold of [...firm, ...quotes]) {
    const known = byEvent.get(hold.eventId);
    byEvent.set(hold.eventId, { quantity: (known?.quantity ?? 0) + hold.quantity, tentative: !isFirm(hold) });
  }
  return [...byEvent]
    .map(([eventId, held]) => ({ eventId, name: events.get(eventId)?.name ?? `event ${eventId}`, ...held }))
    .sort((a, b) => b.quantity - a.quantity || a.eventId - b.eventId);
}

/**
 * The lines for people under a shortage (the events holding the units are listed above them): the
 * quotes over the window, and when nothing is free, how to name substitutes. The ways out themselves
 * follow the shortages as commands (way-out-commands.ts).
 */
export function describeWaysOut(way: WaysOut): string[] {
  const lines: string[] = [];
  const quotes = way.holders.filter((h) => h.tentative);
  if (quotes.length > 0) lines.push(`    quotes over the window (they block nothing): ${quotes.map((q) => `event ${q.eventId} ${quotedName(q.name)}: ${q.quantity}`).join('; ')}`);
  if (way.substitutes.length === 0 && way.windows.length === 0) lines.push('    no substitute is free and no window nearby fits (name substitutes: rentals config set alternatives "Item=Other|Other")');
  return lines;
}

/** The ways out as JSON fields (wall times as the API writes them, `YYYY-MM-DDTHH:MM:SS`). */
export function waysOutJson(way: WaysOut): Record<string, unknown> {
  return {
    itemId: way.itemId,
    name: way.name,
    asked: way.asked,
    owned: way.owned,
    free: way.free,
    short: way.short,
    substitutes: way.substitutes,
    windows: way.windows.map((w) => ({ from: formatWallTime(w.from), to: formatWallTime(w.to) })),
    holders: way.holders,
  };
}
