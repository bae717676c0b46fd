// The rules of `rentals check`, as pure functions over the calendar's records. Each problem has a
// stable `code` for scripts and a sentence for people. Cancelled events hold nothing and are not
// checked, except that their cancel date and status must agree.

import { type MoneyText, compareMoney, formatMoneyFixed, moneyToNumber } from './money.js';
import { type PriceTable, pricesText, removeCommand } from './prices.js';
import { EVENT_DATE_FIELDS } from './event-model.js';
import { type BookingWithoutItem, type CalendarBooking, type CalendarEvent, type CalendarItem, eventLabel } from './records.js';
import { type WallTime, overlaps, shortWallTime } from './wall-time.js';
import { holdsOf } from './holds.js';
import type { HoldRule } from './hold-policy.js';
import type { TurnaroundOf } from './turnaround.js';
import { cannotConfirmMessage, isFirm, unconfirmableQuotes } from './tentative-holds.js';
import { type Hold, overbookings } from './sweep.js';
import { quotedName } from '../common/sanitize.js';

const PROBLEM_CODES = [
  'overbooked',
  'inactive-item',
  'booking-without-price',
  'no-price-for-block',
  'duplicate-price',
  'dates-out-of-order',
  'missing-date',
  'missing-item',
  'missing-block',
  'missing-status',
  'cancel-status-mismatch',
  'quote-cannot-confirm',
] as const;
type ProblemCode = (typeof PROBLEM_CODES)[number];

export interface Problem {
  code: ProblemCode;
  message: string;
  eventId?: number;
  eventIds?: number[];
  itemId?: number;
  bookingId?: number;
  /** The moment (overbooked: the peak). */
  at?: string;
  /** Overbooked: what each event holds of the item. */
  held?: Array<{ eventId: number; quantity: number }>;
  /** A quote that cannot be confirmed: the items it is short of. */
  itemIds?: number[];
  [detail: string]: unknown;
}

export interface CheckInput {
  events: readonly CalendarEvent[];
  bookings: Map<number, CalendarBooking[]>;
  /** Booking lines that name no item (no readable inventoryId). */
  linesWithoutItem?: readonly BookingWithoutItem[];
  items: Map<number, CalendarItem>;
  prices: PriceTable;
  blocks: ReadonlySet<number>;
  /** The rental blocks' names (pricingType), for messages; a block without one is said by its id. */
  blockNames?: ReadonlyMap<number, string>;
  statuses: ReadonlySet<number>;
  range?: { from: number; to: number };
  /**
   * How each event holds (hold-policy.ts). With it, `overbooked` counts firm holds only and the
   * quotes that no longer fit against them are reported; without it every event holds firmly.
   */
  ruleOf?: (event: CalendarEvent) => HoldRule;
  /** How long each item stays held after a pickup (turnaround.ts); absent: none. */
  turnaround?: TurnaroundOf;
  /** The shop's now: an event wholly before it is not reported for an item retired since (inactive-item). */
  now?: WallTime;
  /** How an amount is shown to a person in a message (absent: the plain decimal); the fields keep numbers. */
  money?: MoneyText;
}

/** dropoff ≤ start ≤ end ≤ teardown ≤ pickup: the first pair out of order, and missing dates. */
export function dateProblems(event: CalendarEvent): Problem[] {
  const problems: Problem[] = [];
  const missing = EVENT_DATE_FIELDS.filter((f) => event.dates[f] === undefined);
  if (missing.length > 0) {
    problems.push({ code: 'missing-date', message: `${eventLabel(event)} has no ${missing.join(', ')}`, eventId: event.id, fields: missing });
  }
  const present = EVENT_DATE_FIELDS.filter((f) => event.dates[f] !== undefined);
  for (let i = 0; i + 1 < present.length; i++) {
    const [a, b] = [present[i]!, present[i + 1]!];
    if (event.dates[a]! > event.dates[b]!) {
      problems.push({
        code: 'dates-out-of-order',
        message: `${eventLabel(event)}: ${a} ${shortWallTime(event.dates[a]!)} is after ${b} ${shortWallTime(event.dates[b]!)} (expected dropoff ≤ start ≤ end ≤ teardown ≤ pickup)`,
        eventId: event.id,
        fields: [a, b],
      });
    }
  }
  return problems;
}

function referenceProblems(event: CalendarEvent, input: CheckInput): Problem[] {
  const problems: Problem[] = [];
  if (event.blockId === undefined || !input.blocks.has(event.blockId)) {
    problems.push({ code: 'missing-block', message: `${eventLabel(event)} references rental block ${String(event.record.rentalBlockId)}, which does not exist`, eventId: event.id });
  }
  if (event.statusId === undefined || !input.statuses.has(event.statusId)) {
    problems.push({ code: 'missing-status', message: `${eventLabel(event)} references event status ${String(event.record.eventStatusId)}, which does not exist`, eventId: event.id });
  }
  return problems;
}

function bookingProblems(event: CalendarEvent, booking: CalendarBooking, input: CheckInput): Problem[] {
  const where = { eventId: event.id, itemId: booking.itemId, bookingId: booking.id };
  const item = input.items.get(booking.itemId);
  if (!item) return [{ code: 'missing-item', message: `booking ${booking.id} of ${eventLabel(event)} references item ${booking.itemId}, which does not exist`, ...where }];
  const problems: Problem[] = [];
  const what = `booking ${booking.id} of ${eventLabel(event)} (${booking.quantity} × ${quotedName(item.name)})`;
  // An item retired after an event that is over rented it is how an item's life ends, not a
  // problem: nothing is left to do about the finished rental (as a price agreed stands).
  const over = input.now !== undefined && event.window !== undefined && event.window.to < input.now;
  if (!item.active && !over) problems.push({ code: 'inactive-item', message: `${what}: the item is inactive`, ...where });
  if (booking.price === undefined) {
    problems.push({ code: 'booking-without-price', message: `${what} has no price`, ...where });
    return problems;
  }
  if (event.blockId === undefined || !input.blocks.has(event.blockId)) return problems;
  // A price that differs from the list is the price agreed (a price-list change does not reprice a
  // booking): no problem; on a quote it is a note (calendarNotes).
  // Two prices for the pair are a problem of their own (duplicatePriceProblems), not "no price".
  if (input.prices.all(item.id, event.blockId).length === 0) {
    problems.push({ code: 'no-price-for-block', message: `${what}: the item has no price for the event's rental block ${blockName(input, event.blockId)}`, ...where, rentalBlockId: event.blockId });
  }
  return problems;
}

/** `"Weekend"`, or `2` for a block whose name is not known. */
function blockName(input: CheckInput, blockId: number): string {
  const name = input.blockNames?.get(blockId);
  return name === undefined ? String(blockId) : quotedName(name);
}

/**
 * Each item × rental block with more than one price among the prices read: a booking takes no
 * price from it (which one would it be?) until all but one are removed. `eventIds`: the events
 * checked whose bookings of the item are in that block.
 */
function duplicatePriceProblems(input: CheckInput): Problem[] {
  return input.prices.duplicates().map((prices) => {
    const { itemId, blockId } = prices[0]!;
    const item = input.items.get(itemId);
    const itemText = `${quotedName(item?.name ?? `item ${itemId}`)} (item ${itemId})`;
    const eventIds = input.events
      .filter((e) => !e.cancelled && e.blockId === blockId && (!input.range || !e.window || overlaps(e.window, input.range)))
      .filter((e) => (input.bookings.get(e.id) ?? []).some((b) => b.itemId === itemId))
      .map((e) => e.id);
    const until = prices.length === 2 ? 'neither until one is removed' : 'none of them until all but one are removed';
    return {
      code: 'duplicate-price',
      message: `${itemText} has ${prices.length} prices for the rental block ${blockName(input, blockId)}: ${pricesText(prices)}; a booking takes ${until} (\`${removeCommand(prices.at(-1)!)}\`)`,
      itemId,
      rentalBlockId: blockId,
      priceIds: prices.map((p) => p.id),
      eventIds,
    };
  });
}

/** What check says beside its problems: no problem, the exit code unaffected. */
export interface Note {
  code: 'quote-price-changed';
  message: string;
  eventId: number;
  itemId: number;
  bookingId: number;
  /** The price quoted, and the item's price for the event's rental block now. */
  price: number;
  listed: number;
}

/**
 * The quotes (events that hold tentatively) with a line priced otherwise than the price list says
 * now: they could be refreshed before they are confirmed. A firm or completed event keeps the
 * price it agreed: nothing is said of it. Without `ruleOf` no event is a quote.
 */
export function calendarNotes(input: CheckInput): Note[] {
  const notes: Note[] = [];
  const shown = input.money ?? formatMoneyFixed;
  for (const event of input.events) {
    if (event.cancelled || input.ruleOf?.(event) !== 'tentative' || event.blockId === undefined) continue;
    if (input.range && event.window && !overlaps(event.window, input.range)) continue;
    for (const booking of input.bookings.get(event.id) ?? []) {
      const item = input.items.get(booking.itemId);
      const listed = item ? input.prices.get(item.id, event.blockId)?.price : undefined;
      if (!item || booking.price === undefined || listed === undefined || compareMoney(listed, booking.price) === 0) continue;
      notes.push({
        code: 'quote-price-changed',
        message: `${eventLabel(event)} quotes ${quotedName(item.name)} at ${shown(booking.price)}; its price for the event's rental block is now ${shown(listed)}: the quote could be refreshed (booking ${booking.id})`,
        eventId: event.id,
        itemId: item.id,
        bookingId: booking.id,
        price: moneyToNumber(booking.price),
        listed: moneyToNumber(listed),
      });
    }
  }
  return notes;
}

/** The events that hold stock and what they hold, item by item: computed once for every check. */
interface Held {
  active: CalendarEvent[];
  byItem: Map<number, Hold[]>;
}

function overbookingProblems(input: CheckInput, { active, byItem }: Held): Problem[] {
  const byId = new Map(active.map((e) => [e.id, e]));
  const problems: Problem[] = [];
  for (const [itemId, holds] of [...byItem].sort(([a], [b]) => a - b)) {
    const item = input.items.get(itemId);
    if (!item) continue;
    for (const stretch of overbookings(holds.filter(isFirm), item.quantity, input.range)) {
      const at = shortWallTime(stretch.peak.at!);
      // A holder past its pickup holds its units in their turnaround (holds.ts): said so.
      const inTurnaround = (h: Hold) => h.turnaround !== undefined && stretch.peak.at! >= h.to - h.turnaround;
      const holders = stretch.peak.holders.map((h) => `${eventLabel(byId.get(h.eventId)!)}: ${h.quantity}${inTurnaround(h) ? ` (in turnaround until ${shortWallTime(h.to)})` : ''}`);
      problems.push({
        code: 'overbooked',
        message: `${quotedName(item.name)} (item ${itemId}): ${stretch.peak.quantity} booked at ${at}, ${item.quantity} owned (${holders.join('; ')})`,
        itemId,
        eventIds: [...new Set(stretch.holders.map((h) => h.eventId))],
        held: heldByEvent(stretch.holders),
        at,
        from: shortWallTime(stretch.from),
        to: shortWallTime(stretch.to),
        booked: stretch.peak.quantity,
        owned: item.quantity,
      });
    }
  }
  return problems;
}

/** A cancel date with a status that is not Cancelled, or the Cancelled status without a date. */
export function cancellationProblems(event: CalendarEvent): Problem[] {
  const { byDate, byStatus } = event.cancellation;
  // A cancel date disagrees only with a status whose name is known.
  if (byDate === byStatus || (byDate && event.status === undefined)) return [];
  const message = byDate
    ? `${eventLabel(event)} has a cancel date (${String(event.record.cancelDate)}) but its status is ${quotedName(event.status ?? `status ${String(event.statusId)}`)}; it holds nothing (set the status, or \`rentals events uncancel ${event.id}\`)`
    : `${eventLabel(event)} has the status ${quotedName(String(event.status))} but no cancel date; it holds nothing (\`rentals events cancel ${event.id} --cancel-reason …\` records when and why)`;
  return [{ code: 'cancel-status-mismatch', message, eventId: event.id }];
}

/** Each event's units among the holds (an event's lines of one item share its window: they count together). */
function heldByEvent(holds: ReadonlyArray<{ eventId: number; quantity: number }>): Array<{ eventId: number; quantity: number }> {
  const sums = new Map<number, number>();
  for (const h of holds) sums.set(h.eventId, (sums.get(h.eventId) ?? 0) + h.quantity);
  return [...sums].map(([eventId, quantity]) => ({ eventId, quantity }));
}

/** The quotes overlapping the range whose bookings no longer fit against the firm holds. */
function quoteProblems(input: CheckInput, ruleOf: (event: CalendarEvent) => HoldRule, { active, byItem }: Held): Problem[] {
  const quotes = unconfirmableQuotes(active, input.bookings, input.items, ruleOf, byItem, input.turnaround);
  return quotes
    .filter((q) => !input.range || overlaps(q.event.window!, input.range))
    .map((q) => ({
      code: 'quote-cannot-confirm',
      message: cannotConfirmMessage(q.event, q.shortages),
      eventId: q.event.id,
      itemIds: q.shortages.map((s) => s.itemId),
      eventIds: [...new Set(q.shortages.flatMap((s) => s.holders.map((h) => h.event.id)))],
    }));
}

/** Every problem of the calendar: overbookings first, then quotes that cannot confirm, pairs priced twice, then per event (by time). */
export function checkCalendar(input: CheckInput): Problem[] {
  const active = input.events.filter((e) => !e.cancelled);
  const held: Held = { active, byItem: holdsOf(active, input.bookings, input.ruleOf, input.turnaround) };
  const problems = overbookingProblems(input, held);
  if (input.ruleOf) problems.push(...quoteProblems(input, input.ruleOf, held));
  problems.push(...duplicatePriceProblems(input));
  const withoutItem = new Map<number, BookingWithoutItem[]>();
  for (const line of input.linesWithoutItem ?? []) {
    const lines = withoutItem.get(line.eventId);
    if (lines) lines.push(line);
    else withoutItem.set(line.eventId, [line]);
  }
  for (const event of input.events) {
    // An event before the range is read for the turnaround that reaches into it, not checked.
    if (input.range && event.window && !overlaps(event.window, input.range)) continue;
    problems.push(...cancellationProblems(event));
    if (event.cancelled) continue;
    problems.push(...dateProblems(event), ...referenceProblems(event, input));
    for (const booking of input.bookings.get(event.id) ?? []) problems.push(...bookingProblems(event, booking, input));
    for (const line of withoutItem.get(event.id) ?? []) {
      problems.push({ code: 'missing-item', message: `booking ${line.id} of ${eventLabel(event)} names no item (its inventoryId is missing or not a number): it holds nothing`, eventId: event.id, bookingId: line.id });
    }
  }
  return problems;
}
