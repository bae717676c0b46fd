// Firm and tentative holds told apart. A quote (tentative) shows what may come but blocks nothing:
// booking is checked against firm holds only, and a booking that takes units a quote is counting
// on is named so the caller can warn. Every number is a sweep peak (sweep.ts), as in availability.

import { type Holdings, type Shortage, describeShortages, heldWindow, shortages } from './holds.js';
import type { TurnaroundOf } from './turnaround.js';
import { type CalendarBooking, type CalendarEvent, type CalendarItem, type HeldLine, eventLabel, totalsByItem } from './records.js';
import { type Hold, overbookings, peak } from './sweep.js';
import type { HoldRule } from './hold-policy.js';
import { quotedName } from '../common/sanitize.js';
import { type Range, overlaps } from './wall-time.js';

export const isFirm = (hold: Hold): boolean => hold.kind !== 'tentative';
const isTentative = (hold: Hold): boolean => hold.kind === 'tentative';

/**
 * One item over a range:
 * - `booked`: the most units firm holds hold at one moment;
 * - `tentative`: the most units quotes hold at one moment;
 * - `free` = owned − booked: what can still be booked firmly (quotes block nothing);
 * - `freeIfQuotesConfirm` = owned − the most units firm and tentative holds hold together at one
 *   moment: what stays free at every moment even if every quote confirms (below 0: the quotes
 *   cannot all confirm).
 */
export interface KindAvailability {
  owned: number;
  booked: number;
  tentative: number;
  free: number;
  freeIfQuotesConfirm: number;
  /** The first moment `booked` is reached (undefined when nothing firm is held) and the firm holds then. */
  bookedAt: number | undefined;
  bookedBy: Hold[];
  /** The first moment `tentative` is reached and the quotes then. */
  tentativeAt: number | undefined;
  tentativeBy: Hold[];
}

export function availabilityByKind(holds: readonly Hold[], owned: number, range: Range): KindAvailability {
  const firm = peak(holds.filter(isFirm), range);
  const tentative = peak(holds.filter(isTentative), range);
  const all = peak(holds, range);
  return {
    owned,
    booked: firm.quantity,
    tentative: tentative.quantity,
    free: owned - firm.quantity,
    freeIfQuotesConfirm: owned - all.quantity,
    bookedAt: firm.at,
    bookedBy: firm.holders,
    tentativeAt: tentative.at,
    tentativeBy: tentative.holders,
  };
}

/** The holdings with the quotes left out: what a firm booking is checked against. */
function firmOnly(held: Holdings): Holdings {
  const byItem = new Map<number, Hold[]>();
  for (const [itemId, holds] of held.byItem) byItem.set(itemId, holds.filter(isFirm));
  return { ...held, byItem };
}

export type Ask = Parameters<typeof shortages>[1][number];

/** The asks the window cannot take on top of the firm holds (quotes block nothing). */
export function firmShortages(window: Range, asks: readonly Ask[], held: Holdings): Shortage[] {
  return shortages(window, asks, firmOnly(held));
}

export interface QuotesCountingOn {
  itemId: number;
  itemName: string;
  /** The most units missing at one moment if the booking is made and every quote then confirms. */
  short: number;
  /** The quotes holding units of the item while it would be short, with what each holds. */
  quotes: Array<{ event: CalendarEvent; quantity: number }>;
}

/**
 * Per asked item, the quotes whose units the booking takes: the stretches of the window in which
 * firm holds + quotes + the ask exceed what is owned, and the quotes in force then. Empty when
 * every quote could still confirm after the booking.
 */
export function quotesCountingOn(asked: Range, asks: readonly Ask[], held: Holdings): QuotesCountingOn[] {
  const found: QuotesCountingOn[] = [];
  for (const ask of asks) {
    const holds = held.byItem.get(ask.itemId) ?? [];
    if (!holds.some(isTentative) || ask.quantity <= 0) continue;
    const window = heldWindow(asked, ask.itemId, held.turnaround);
    // The ask holds the whole window, so holds + ask > owned wherever holds > owned − ask; an ask
    // above the stock on its own is short at every moment, so every quote of the window counts.
    const room = ask.owned - ask.quantity;
    const stretches = room >= 0 ? overbookings(holds, room, window) : [{ holders: holds.filter((h) => h.quantity > 0 && overlaps(h, window)), peak: peak(holds, window) }];
    // A hold in force in several stretches counts once; an event's lines of the item add up.
    const quoteHolds = new Set(stretches.flatMap((s) => s.holders.filter(isTentative)));
    const quotes = new Map<number, number>();
    for (const hold of quoteHolds) quotes.set(hold.eventId, hold.quantity + (quotes.get(hold.eventId) ?? 0));
    if (quotes.size === 0) continue;
    found.push({
      itemId: ask.itemId,
      itemName: ask.itemName,
      short: Math.max(...stretches.map((s) => s.peak.quantity)) - room,
      quotes: [...quotes].map(([eventId, quantity]) => ({ event: held.events.get(eventId)!, quantity })),
    });
  }
  return found;
}

export interface BookingCheck {
  /** Refuse (exit 1, unless --allow-overbook) when any: the asks do not fit against firm holds. */
  shortages: Shortage[];
  /** Warn (stderr, exit 0): the quotes whose units the booking takes. */
  quotesCountingOn: QuotesCountingOn[];
}

/**
 * A booking onto an event, judged against firm holds only. For a firm event the shortages refuse
 * and the quotes counted on warn; for a quote (`tentative`) the caller only warns with both.
 */
export function checkBooking(window: Range, asks: readonly Ask[], held: Holdings): BookingCheck {
  return { shortages: firmShortages(window, asks, held), quotesCountingOn: quotesCountingOn(window, asks, held) };
}

export interface UnconfirmableQuote {
  event: CalendarEvent;
  shortages: Shortage[];
}

/**
 * The quotes (tentative events) that can no longer be confirmed: each quote's bookings, all lines
 * of an item counted together, checked against the firm holds of the other events over its window.
 */
export function unconfirmableQuotes(
  events: readonly CalendarEvent[],
  bookings: Map<number, CalendarBooking[]>,
  items: Map<number, CalendarItem>,
  ruleOf: (event: CalendarEvent) => HoldRule,
  holdsByItem: Map<number, Hold[]>,
  turnaround?: TurnaroundOf,
): UnconfirmableQuote[] {
  const byId = new Map(events.map((e) => [e.id, e]));
  // Each item's firm holds, sorted out once for every quote that asks for it.
  const firmByItem = new Map<number, Hold[]>();
  const firmOf = (itemId: number): Hold[] => {
    let firm = firmByItem.get(itemId);
    if (!firm) firmByItem.set(itemId, (firm = (holdsByItem.get(itemId) ?? []).filter(isFirm)));
    return firm;
  };
  const found: UnconfirmableQuote[] = [];
  for (const event of events) {
    if (event.cancelled || !event.window || ruleOf(event) !== 'tentative') continue;
    const asks = askedItems(bookings.get(event.id) ?? [], items);
    const others = new Map<number, Hold[]>();
    for (const ask of asks) others.set(ask.itemId, firmOf(ask.itemId).filter((h) => h.eventId !== event.id));
    const short = shortages(event.window, asks, { events: byId, bookings, byItem: others, ...(turnaround ? { turnaround } : {}) });
    if (short.length > 0) found.push({ event, shortages: short });
  }
  return found;
}

/** A quote that cannot be confirmed, in one line: `Event 19 "Gala" cannot be confirmed: "Tent" 2 held firmly + 3 quoted > 4 owned`. */
export function cannotConfirmMessage(quote: CalendarEvent, short: readonly Shortage[]): string {
  return `${eventLabel(quote)} cannot be confirmed: ${short.map((s) => `${quotedName(s.itemName)} ${s.held} held firmly + ${s.asked} quoted > ${s.owned} owned`).join('; ')}`;
}

/** An event's bookings as asks: every line of an item summed (an item with several lines holds their total). */
export function askedItems(bookings: readonly HeldLine[], items: Map<number, CalendarItem>): Ask[] {
  return [...totalsByItem(bookings)].flatMap(([itemId, quantity]) => {
    const item = items.get(itemId);
    return item ? [{ itemId, itemName: item.name, owned: item.quantity, quantity }] : [];
  });
}

/** The lines of the warning a booking that takes quoted units prints (stderr, exit 0). */
export function describeQuotesCountingOn(list: readonly QuotesCountingOn[]): string[] {
  return list.flatMap((q) => [
    `  ${q.itemName}: if every quote confirms, ${q.short} short; the quotes counting on these units:`,
    ...q.quotes.map((quote) => `    ${eventLabel(quote.event)}: ${quote.quantity}`),
  ]);
}

/** The lines that say why each quote can no longer be confirmed. */
export function describeUnconfirmableQuotes(list: readonly UnconfirmableQuote[]): string[] {
  return list.flatMap((q) => [`${eventLabel(q.event)} cannot be confirmed: its bookings do not fit against the firm holds`, ...describeShortages(q.shortages)]);
}
