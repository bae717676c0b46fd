// The one planner of booking writes. Every path that writes bookings (events book/unbook, events
// clone --with-bookings, bookings add/update, bookings import/apply/--undo) states what it wants
// as intents; the planner applies the calendar's rules to the whole request and returns the line
// writes, or refuses it all (nothing is written):
// - the event must hold stock: not cancelled, with a window (see event-model.ts);
// - an item that gains units must be active;
// - a line without a price takes the item's price for the event's rental block;
// - availability: for each item whose total on the event grows, all of its lines on the event
//   (counted together) plus the most the other events hold at one moment of the window must not
//   exceed what is owned (touching windows do not overlap; cancelled events hold nothing);
//   `allowOverbook` turns the refusal into a warning.
// Booking an item that already has lines (`set`): the event ends with the asked quantity on one
// line — the oldest line is kept (its price too, unless a price is given) and the others deleted.

import { DomainRefusal } from './errors.js';
import type { Holdings, Shortage } from './holds.js';
import { describeShortages } from './holds.js';
import type { HoldRule } from './hold-policy.js';
import { type QuotesCountingOn, checkBooking } from './tentative-holds.js';
import { type Money, compareMoney, formatMoneyFixed } from './money.js';
import type { CalendarBooking, CalendarEvent, CalendarItem, HeldLine } from './records.js';
import { eventLabel, totalsByItem } from './records.js';
import { type Range, shortWallTime } from './wall-time.js';
import { type WaysOut, describeWaysOut } from './ways-out.js';

/** The event the bookings are written to; `id` undefined: one not created yet (a copy being planned). */
export interface BookingTarget {
  id: number | undefined;
  label: string;
  window: Range | undefined;
  cancelled: boolean;
  blockId: number | undefined;
  /** How the event holds (hold-policy.ts); absent: firm. A quote (tentative) that is short is warned about, never refused. */
  holdRule?: HoldRule;
}

/** The event as the planner sees it; `ruleOf` (the holds setting) says whether it holds firmly or as a quote. */
export function targetOf(event: CalendarEvent, ruleOf?: (event: CalendarEvent) => HoldRule): BookingTarget {
  return { id: event.id, label: eventLabel(event), window: event.window, cancelled: event.cancelled, blockId: event.blockId, holdRule: ruleOf?.(event) };
}

export type BookingIntent =
  /** The event ends with exactly `quantity` of the item, on one line (events book, clone). */
  | { kind: 'set'; itemId: number; quantity: number; price?: Money; fallbackPrice?: Money }
  /** Every line of the item goes (events unbook). */
  | { kind: 'remove'; itemId: number }
  /** One more line (bookings add, a created import row); `replaces`: the deleted line it brings back (undo). */
  | { kind: 'add-line'; itemId: number; quantity: number; price?: Money; replaces?: number }
  /** One line changed (bookings update, an updated import row). */
  | { kind: 'update-line'; bookingId: number; itemId?: number; quantity?: number; price?: Money }
  /** One line deleted (bookings delete, a deleted import row). */
  | { kind: 'delete-line'; bookingId: number };

export type LineWrite =
  | { action: 'create'; itemId: number; quantity: number; price: Money; priceFrom: PriceSource; replaces?: number }
  | { action: 'update'; booking: CalendarBooking; itemId: number; quantity: number; price: Money; priceFrom: PriceSource }
  | { action: 'delete'; booking: CalendarBooking };

export type PriceSource = 'given' | 'block' | 'kept' | 'original';

export interface BookingWorld {
  target: BookingTarget;
  /** The target's bookings now ([] for a copy). */
  current: readonly CalendarBooking[];
  /** What the other events hold over the target's window. */
  others: Holdings;
  items: ReadonlyMap<number, CalendarItem>;
  /** The item's price for the target's rental block, if it has exactly one. */
  blockPrice: (itemId: number) => Money | undefined;
  /** The block's label, for messages. */
  blockLabel: string | undefined;
}

export interface BookingPlan {
  writes: LineWrite[];
  /** Items asked for that are already as asked (nothing to write). */
  unchanged: Array<{ booking: CalendarBooking }>;
  /** Shortages let through by allowOverbook or because the target is a quote (empty otherwise: shortages refuse). */
  overbooked: Shortage[];
  /** The quotes whose units the plan takes (a warning, exit 0). */
  quotesCountedOn: QuotesCountingOn[];
}

/** A request the rules refuse: nothing was written (the CLI exits 1: cli/exit-codes.ts). */
export class BookingRefused extends DomainRefusal {}

/** Refused for stock: the shortages, so that a caller can add the ways out (ways-out.ts) to the message. */
export class ShortageRefused extends BookingRefused {
  constructor(
    message: string,
    readonly target: BookingTarget & { window: Range },
    readonly shortages: readonly Shortage[],
    /** Filled by whoever adds them: one per shortage, for `-o json`. */
    readonly waysOut: readonly WaysOut[] = [],
  ) {
    super(message);
  }

  /** The same refusal with its ways out: said under each shortage, and as fields for `-o json`. */
  withWaysOut(ways: readonly WaysOut[]): ShortageRefused {
    return new ShortageRefused(refusalText(this.target.label, this.target.window, this.shortages, ways), this.target, this.shortages, ways);
  }
}

const NOTHING_WRITTEN = 'Nothing was written.';

export function planBookings(world: BookingWorld, intents: readonly BookingIntent[], options: { allowOverbook: boolean }): BookingPlan {
  const { target } = world;
  const lines = new Map<number, CalendarBooking>(world.current.map((b) => [b.id, b]));
  const writes: LineWrite[] = [];
  const unchanged: BookingPlan['unchanged'] = [];
  const missingPrice: number[] = [];
  const unknownLines: number[] = [];

  const priceFor = (itemId: number, given: Money | undefined, fallback?: Money): { price: Money; from: PriceSource } | undefined => {
    if (given) return { price: given, from: 'given' };
    const fromBlock = world.blockPrice(itemId);
    if (fromBlock) return { price: fromBlock, from: 'block' };
    if (fallback) return { price: fallback, from: 'original' };
    missingPrice.push(itemId);
    return undefined;
  };

  for (const intent of intents) {
    if (intent.kind === 'set') {
      const existing = [...lines.values()].filter((b) => b.itemId === intent.itemId).sort((a, b) => a.id - b.id);
      const [keep, ...extra] = existing;
      for (const booking of extra) writes.push({ action: 'delete', booking });
      if (!keep) {
        const price = priceFor(intent.itemId, intent.price, intent.fallbackPrice);
        if (price) writes.push({ action: 'create', itemId: intent.itemId, quantity: intent.quantity, price: price.price, priceFrom: price.from });
        continue;
      }
      const price = intent.price ? { price: intent.price, from: 'given' as const } : keep.price ? { price: keep.price, from: 'kept' as const } : priceFor(intent.itemId, undefined, intent.fallbackPrice);
      if (!price) continue;
      if (keep.quantity === intent.quantity && keep.price !== undefined && compareMoney(keep.price, price.price) === 0) unchanged.push({ booking: keep });
      else writes.push({ action: 'update', booking: keep, itemId: keep.itemId, quantity: intent.quantity, price: price.price, priceFrom: price.from });
    } else if (intent.kind === 'remove') {
      for (const booking of lines.values()) if (booking.itemId === intent.itemId) writes.push({ action: 'delete', booking });
    } else if (intent.kind === 'add-line') {
      const price = priceFor(intent.itemId, intent.price);
      const replaces = intent.replaces === undefined ? {} : { replaces: intent.replaces };
      if (price) writes.push({ action: 'create', itemId: intent.itemId, quantity: intent.quantity, price: price.price, priceFrom: price.from, ...replaces });
    } else if (intent.kind === 'update-line') {
      const booking = lines.get(intent.bookingId);
      if (!booking) {
        unknownLines.push(intent.bookingId);
        continue;
      }
      const itemId = intent.itemId ?? booking.itemId;
      const price = intent.price ? { price: intent.price, from: 'given' as const } : booking.price && itemId === booking.itemId ? { price: booking.price, from: 'kept' as const } : priceFor(itemId, undefined);
      if (!price) continue;
      writes.push({ action: 'update', booking, itemId, quantity: intent.quantity ?? booking.quantity, price: price.price, priceFrom: price.from });
    } else {
      const booking = lines.get(intent.bookingId);
      if (booking) writes.push({ action: 'delete', booking });
      else unknownLines.push(intent.bookingId);
    }
  }

  if (unknownLines.length > 0) {
    throw new BookingRefused(`${unknownLines.map((id) => `booking ${id}`).join(', ')} ${unknownLines.length === 1 ? 'is' : 'are'} not a booking of ${target.label}. ${NOTHING_WRITTEN}`);
  }
  const before = totalsByItem(world.current);
  const after = totalsByItem(finalLines(world.current, writes));
  const growing = [...after].filter(([itemId, quantity]) => quantity > (before.get(itemId) ?? 0)).map(([itemId]) => itemId);
  if (growing.length === 0 && missingPrice.length === 0) return { writes, unchanged, overbooked: [], quotesCountedOn: [] };

  if (target.cancelled) throw new BookingRefused(`${target.label} is cancelled${target.id === undefined ? '' : `; uncancel it first (\`rentals events uncancel ${target.id}\`)`}. ${NOTHING_WRITTEN}`);
  if (!target.window) throw new BookingRefused(`${target.label} has no dates: its window (dropoff → pickup) is unknown. ${NOTHING_WRITTEN}`);
  const inactive = growing.map((id) => world.items.get(id)).filter((item): item is CalendarItem => item !== undefined && !item.active);
  if (inactive.length > 0) {
    throw new BookingRefused(`${inactive.map((i) => `${JSON.stringify(i.name)} (item ${i.id})`).join(', ')} ${inactive.length === 1 ? 'is' : 'are'} inactive and cannot be booked. ${NOTHING_WRITTEN}`);
  }
  const unknownItems = growing.filter((id) => !world.items.has(id));
  if (unknownItems.length > 0) throw new BookingRefused(`${unknownItems.map((id) => `item ${id}`).join(', ')}: no such inventory item. ${NOTHING_WRITTEN}`);
  if (missingPrice.length > 0) {
    const unpriced = [...new Set(missingPrice)];
    const names = unpriced.map((id) => JSON.stringify(world.items.get(id)?.name ?? `item ${id}`));
    const block = world.blockLabel;
    const what = block === undefined ? `${target.label} has no rental block` : `no price for the rental block ${JSON.stringify(block)} (the block of ${target.label})`;
    throw new BookingRefused(
      `${names.join(', ')}: ${what}.\nGive --price, or add the price: rentals prices add --inventory-id ${unpriced[0]} --rental-block-id ${JSON.stringify(block ?? '<block>')} --price <p>\n${NOTHING_WRITTEN}`,
    );
  }

  // Against firm holds only (quotes block nothing); the quotes whose units it takes are named.
  const check = checkBooking(
    target.window,
    growing.map((itemId) => {
      const item = world.items.get(itemId)!;
      return { itemId, itemName: item.name, owned: item.quantity, quantity: after.get(itemId) ?? 0 };
    }),
    world.others,
  );
  const short = check.shortages;
  if (short.length > 0 && !options.allowOverbook && target.holdRule !== 'tentative') {
    throw new ShortageRefused(refusalText(target.label, target.window, short), { ...target, window: target.window }, short);
  }
  return { writes, unchanged, overbooked: short, quotesCountedOn: check.quotesCountingOn };
}

/** `not enough units for …:`, each shortage (and its ways out, when known), `Nothing was written.` */
export function refusalText(label: string, window: Range, short: readonly Shortage[], waysOut: readonly WaysOut[] = []): string {
  return shortageText(`not enough units for ${label} (window ${windowText(window)}):`, short, waysOut, `${NOTHING_WRITTEN} Write anyway with --allow-overbook.`);
}

/** `head`, each shortage with its holders (and its ways out, when known), `tail`: the text of any refusal for stock. */
export function shortageText(head: string, short: readonly Shortage[], waysOut: readonly WaysOut[], tail: string): string {
  const lines = [head];
  for (const shortage of short) {
    lines.push(...describeShortages([shortage]));
    const way = waysOut.find((w) => w.itemId === shortage.itemId);
    if (way) lines.push(...describeWaysOut(way));
  }
  lines.push(tail);
  return lines.join('\n');
}

/** The overbooking warning for shortages let through. */
export function overbookingWarning(target: BookingTarget, short: readonly Shortage[]): string {
  return [`warning: overbooking: not enough units for ${target.label} (window ${target.window ? windowText(target.window) : 'unknown'}):`, ...describeShortages(short)].join('\n');
}

/** `2026-06-12 09:00 → 2026-06-14 10:00`. */
export function windowText(window: Range): string {
  return `${shortWallTime(window.from)} → ${shortWallTime(window.to)}`;
}

/** The target's lines once the writes are done. */
export function finalLines(current: readonly CalendarBooking[], writes: readonly LineWrite[]): HeldLine[] {
  const lines = new Map<number | string, HeldLine>(current.map((b) => [b.id, { itemId: b.itemId, quantity: b.quantity }]));
  writes.forEach((write, index) => {
    if (write.action === 'delete') lines.delete(write.booking.id);
    else if (write.action === 'update') lines.set(write.booking.id, { itemId: write.itemId, quantity: write.quantity });
    else lines.set(`new-${index}`, { itemId: write.itemId, quantity: write.quantity });
  });
  return [...lines.values()];
}


/** `Booked 3 × "Tent" at 150.00 (Weekend price)` and friends: what a write did, for stderr. */
export function describeWrite(write: LineWrite, target: BookingTarget, itemName: (id: number) => string, blockLabel: string | undefined): string {
  const from: Record<PriceSource, string> = {
    given: 'as given',
    block: `${blockLabel ?? 'rental block'} price`,
    kept: 'its price kept',
    original: `kept from the original booking: the item has no ${blockLabel ?? 'rental block'} price`,
  };
  if (write.action === 'delete') return `Removed ${write.booking.quantity} × ${JSON.stringify(itemName(write.booking.itemId))} (booking ${write.booking.id}) from ${target.label}.`;
  if (write.action === 'create') return `Booked ${write.quantity} × ${JSON.stringify(itemName(write.itemId))} on ${target.label} at ${formatMoneyFixed(write.price)} (${from[write.priceFrom]}).`;
  return `${JSON.stringify(itemName(write.itemId))} was already on ${target.label}: booking ${write.booking.id} changed from ${write.booking.quantity} to ${write.quantity} at ${formatMoneyFixed(write.price)} (${from[write.priceFrom]}).`;
}
