// Who holds which units when: the bookings of non-cancelled events, each over its event's window
// and the item's turnaround after it (turnaround.ts: a unit back from an event is held while it is
// cleaned and prepared). Shared by availability, book, clone, check, the ways out and the timeline;
// the calendar data reads them (CalendarData.holdings). A new booking needs its own window and the
// turnaround after it too (heldWindow).

import { type CalendarBooking, type CalendarEvent, eventLabel } from './records.js';
import { type Range, shortWallTime } from './wall-time.js';
import { type Hold, peak } from './sweep.js';
import type { HoldRule } from './hold-policy.js';
import type { TurnaroundOf } from './turnaround.js';

export interface Holdings {
  /** The non-cancelled events overlapping the range (the excluded one left out). */
  events: Map<number, CalendarEvent>;
  bookings: Map<number, CalendarBooking[]>;
  /** item id → holds. */
  byItem: Map<number, Hold[]>;
  /** How long each item stays held after a pickup; absent: no turnaround. */
  turnaround?: TurnaroundOf;
}

/**
 * `ruleOf` (hold-policy.ts) says how each event holds; without it every non-cancelled event holds
 * firmly. `turnaround` (turnaround.ts) lengthens each hold past the pickup by its item's turnaround.
 */
export function holdsOf(events: Iterable<CalendarEvent>, bookings: Map<number, CalendarBooking[]>, ruleOf?: (event: CalendarEvent) => HoldRule, turnaround?: TurnaroundOf): Map<number, Hold[]> {
  const byItem = new Map<number, Hold[]>();
  for (const event of events) {
    const rule = ruleOf?.(event);
    if (event.cancelled || !event.window || rule === 'none') continue;
    for (const booking of bookings.get(event.id) ?? []) {
      const after = turnaround?.(booking.itemId) ?? 0;
      const hold: Hold = {
        from: event.window.from,
        to: event.window.to + after,
        quantity: booking.quantity,
        eventId: event.id,
        ...(rule === 'tentative' ? { kind: rule } : {}),
        ...(after > 0 ? { turnaround: after } : {}),
      };
      const list = byItem.get(booking.itemId);
      if (list) list.push(hold);
      else byItem.set(booking.itemId, [hold]);
    }
  }
  return byItem;
}

export function emptyHoldings(): Holdings {
  return { events: new Map(), bookings: new Map(), byItem: new Map() };
}

export interface Shortage {
  itemId: number;
  itemName: string;
  owned: number;
  asked: number;
  /** Held by the other events at the peak moment of the window. */
  held: number;
  at: number | undefined;
  holders: Array<{ event: CalendarEvent; quantity: number }>;
}

/** What an event holds of an item: its window, and the item's turnaround after it. */
export function heldWindow(window: Range, itemId: number, turnaround?: TurnaroundOf): Range {
  const after = turnaround?.(itemId) ?? 0;
  return after > 0 ? { from: window.from, to: window.to + after } : window;
}

/** The items of `asks` that the window (with each item's turnaround after it) cannot take on top of what the others hold. */
export function shortages(
  window: Range,
  asks: ReadonlyArray<{ itemId: number; itemName: string; owned: number; quantity: number }>,
  held: Holdings,
): Shortage[] {
  const found: Shortage[] = [];
  for (const ask of asks) {
    const top = peak(held.byItem.get(ask.itemId) ?? [], heldWindow(window, ask.itemId, held.turnaround));
    if (top.quantity + ask.quantity <= ask.owned) continue;
    found.push({
      itemId: ask.itemId,
      itemName: ask.itemName,
      owned: ask.owned,
      asked: ask.quantity,
      held: top.quantity,
      at: top.at,
      holders: top.holders.map((h) => ({ event: held.events.get(h.eventId)!, quantity: h.quantity })),
    });
  }
  return found;
}

/** The lines that explain shortages to a person. */
export function describeShortages(list: readonly Shortage[]): string[] {
  const lines: string[] = [];
  for (const s of list) {
    const when = s.at === undefined ? '' : ` at ${shortWallTime(s.at)}`;
    lines.push(`  ${s.itemName}: ${s.owned} owned, ${s.held} held by other events${when}, ${s.asked} asked (short by ${s.held + s.asked - s.owned})`);
    for (const h of s.holders) lines.push(`    ${eventLabel(h.event)}: ${h.quantity}`);
  }
  return lines;
}
