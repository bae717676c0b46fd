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
import type { BookingIntent } from './booking-intent.js';
import { type Money, type MoneyText, compareMoney } from './money.js';
import type { CalendarBooking, CalendarEvent, CalendarItem, CalendarPrice, HeldLine } from './records.js';
import { eventLabel, totalsByItem } from './records.js';
import { type Range, shortWallTime } from './wall-time.js';
import { type RefusalAsk, type WayOutCommand, type WindowRetry, wayOutCommands } from './way-out-commands.js';
import { type WaysOut, describeWaysOut } from './ways-out.js';
import { priceOnEvent } from './substitution.js';
import { pricesText, removeOneCommands } from './prices.js';
import { quotedName } from '../common/sanitize.js';

/** The event the bookings are written to; `id` undefined: one not created yet (a copy being planned). */
export interface BookingTarget {
  id: number | undefined;
  label: string;
  /** The event's name (what people call it), when it has one. */
  name?: string;
  window: Range | undefined;
  cancelled: boolean;
  blockId: number | undefined;
  /** How the event holds (hold-policy.ts); absent: firm. A quote (tentative) that is short is warned about, never refused. */
  holdRule?: HoldRule;
}

/** The event as the planner sees it; `ruleOf` (the holds setting) says whether it holds firmly or as a quote. */
export function targetOf(event: CalendarEvent, ruleOf?: (event: CalendarEvent) => HoldRule): BookingTarget {
  return { id: event.id, label: eventLabel(event), name: event.name, window: event.window, cancelled: event.cancelled, blockId: event.blockId, holdRule: ruleOf?.(event) };
}

export type { BookingIntent } from './booking-intent.js';

export type LineWrite =
  | { action: 'create'; itemId: number; quantity: number; price: Money; priceFrom: PriceSource; replaces?: number; agreedFor?: number }
  | { action: 'update'; booking: CalendarBooking; itemId: number; quantity: number; price: Money; priceFrom: PriceSource }
  | { action: 'delete'; booking: CalendarBooking };

/** `agreed`: the price agreed for the item a substitute stands in for (`agreedFor`), kept (--keep-price). */
export type PriceSource = 'given' | 'block' | 'kept' | 'original' | 'agreed';

export interface BookingWorld {
  target: BookingTarget;
  /** The target's bookings now ([] for a copy). */
  current: readonly CalendarBooking[];
  /** What the other events hold over the target's window. */
  others: Holdings;
  items: ReadonlyMap<number, CalendarItem>;
  /** The item's price for the target's rental block, if it has exactly one. */
  blockPrice: (itemId: number) => Money | undefined;
  /** Every price the item has for the target's rental block: more than one, and a booking cannot tell which is meant. */
  blockPrices?: (itemId: number) => readonly CalendarPrice[];
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

/** What a refusal for stock knows: what it says, the shortages, what was asked, and the ways out once known. */
export interface RefusalParts {
  /** `not enough units for …:`, `event 12 "Gala" cannot be confirmed: …` */
  head: string;
  /** `Nothing was written.`, `Nothing was changed.` */
  nothing: string;
  target: BookingTarget & { window: Range };
  /** The event's window before the write, when the write moves it: no way out moves it back there. */
  windowBefore?: Range;
  shortages: readonly Shortage[];
  /** Filled by whoever adds them (data/shortage-advisor.ts): one per shortage, for `-o json` too. */
  waysOut: readonly WaysOut[];
  /** What the refused write asked of each item it grows (its units on the event after it). */
  asks: readonly RefusalAsk[];
  /** The event's units of each item before the write. */
  current: ReadonlyMap<number, number>;
  /** A substitute is booked over the window judged (false for a change that moves the event). */
  substitutable: boolean;
  /** The refused write changes the event itself (a confirmation): a booking way out is followed by it again. */
  changesEvent?: boolean;
  /** The refused command done over another window; default: the event moved, then the command again. */
  window?: WindowRetry;
  /** The refused command as typed (secrets redacted), for the ways out that run it again and the override. */
  commandLine?: string;
  /** The refused command is an undo: no booking way out is followed by it. */
  undo?: boolean;
  /** A substitute's own unit price on the event: where it is not the agreed one, a way out keeps the agreed (--keep-price). */
  ownPrice?: (itemId: number) => Money | undefined;
  /** How an amount is shown to a person in the ways out (absent: the plain decimal). */
  money?: MoneyText;
}

/**
 * Refused for stock: the shortages and what was asked, so that a caller can add the ways out
 * (ways-out.ts) and the command that was refused; the message then lists each way out as a command
 * to copy (way-out-commands.ts), the override last.
 */
export class ShortageRefused extends BookingRefused {
  /** The ways out as commands (empty until the ways out are known). */
  readonly commands: readonly WayOutCommand[];

  constructor(readonly parts: RefusalParts) {
    const commands = wayOutCommands({ ...parts, eventId: parts.target.id });
    super(refusalMessage(parts, commands));
    this.commands = commands;
  }

  get target(): BookingTarget & { window: Range } {
    return this.parts.target;
  }

  get shortages(): readonly Shortage[] {
    return this.parts.shortages;
  }

  get waysOut(): readonly WaysOut[] {
    return this.parts.waysOut;
  }

  /** The same refusal with more known (its ways out, the command that was refused), said again. */
  with(more: Partial<RefusalParts>): ShortageRefused {
    return new ShortageRefused({ ...this.parts, ...more });
  }
}

/** The head, each shortage with its holders, what was not done, then each way out as a command to copy (the override last). */
function refusalMessage(parts: RefusalParts, commands: readonly WayOutCommand[]): string {
  const lines = [parts.head];
  for (const shortage of parts.shortages) {
    lines.push(...describeShortages([shortage]));
    const way = parts.waysOut.find((w) => w.itemId === shortage.itemId);
    if (way) lines.push(...describeWaysOut(way));
  }
  if (commands.length === 0) return [...lines, `${parts.nothing} Write anyway with --allow-overbook.`].join('\n');
  lines.push(`${parts.nothing} Ways out:`, ...wayOutLines(commands));
  if (!commands.some((c) => c.kind === 'override')) lines.push('  Write anyway: give the command again with --allow-overbook.');
  return lines.join('\n');
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
      const agreed = intent.agreedFor !== undefined && intent.price ? { priceFrom: 'agreed' as const, agreedFor: intent.agreedFor } : {};
      if (price) writes.push({ action: 'create', itemId: intent.itemId, quantity: intent.quantity, price: price.price, priceFrom: price.from, ...replaces, ...agreed });
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
    throw new BookingRefused(`${inactive.map((i) => `${quotedName(i.name)} (item ${i.id})`).join(', ')} ${inactive.length === 1 ? 'is' : 'are'} inactive and cannot be booked. ${NOTHING_WRITTEN}`);
  }
  const unknownItems = growing.filter((id) => !world.items.has(id));
  if (unknownItems.length > 0) throw new BookingRefused(`${unknownItems.map((id) => `item ${id}`).join(', ')}: no such inventory item. ${NOTHING_WRITTEN}`);
  if (missingPrice.length > 0) throw new BookingRefused(`${unpricedMessage(world, [...new Set(missingPrice)])}\n${NOTHING_WRITTEN}`);

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
    const asks = growing.map((itemId) => ({ itemId, name: world.items.get(itemId)!.name, quantity: after.get(itemId) ?? 0, ...agreedPrice(world, writes, itemId) }));
    throw new ShortageRefused({
      head: `not enough units for ${target.label} (window ${windowText(target.window)}):`,
      nothing: NOTHING_WRITTEN,
      target: { ...target, window: target.window },
      shortages: short,
      waysOut: [],
      asks,
      current: before,
      substitutable: true,
    });
  }
  return { writes, unchanged, overbooked: short, quotesCountedOn: check.quotesCountingOn };
}

/**
 * A new line's price when none is given, as every booking write takes it: the item's price for the
 * target's rental block; else why it has none (no price for the block, or several), as a refusal says it.
 */
export function blockPriceOf(world: BookingWorld, itemId: number): { price: Money } | { unpriced: string } {
  const price = world.blockPrice(itemId);
  return price ? { price } : { unpriced: unpricedMessage(world, [itemId]) };
}

/**
 * Why items take no price from the target's rental block, and the way out of each: a pair with
 * no price (add one), a pair with several (remove all but one: which would a booking take?).
 */
function unpricedMessage(world: BookingWorld, unpriced: readonly number[]): string {
  const { target } = world;
  const names = unpriced.map((id) => quotedName(world.items.get(id)?.name ?? `item ${id}`));
  // Two items of one name are told apart by their ids.
  const shown = new Map(unpriced.map((id, index) => [id, names.indexOf(names[index]!) === names.lastIndexOf(names[index]!) ? names[index]! : `${names[index]!} (item ${id})`]));
  const block = world.blockLabel;
  const several = new Map(block === undefined ? [] : unpriced.map((id) => [id, world.blockPrices?.(id) ?? []] as const).filter(([, prices]) => prices.length > 1));
  const none = unpriced.filter((id) => !several.has(id));
  const parts: string[] = [];
  if (none.length > 0) {
    const what = block === undefined ? `${target.label} has no rental block` : `no price for the rental block ${quotedName(block)} (the block of ${target.label})`;
    // By ids, the block's too: a block named like a reference (`7`, `id:3`) would be read as another.
    const blockRef = block === undefined || target.blockId === undefined ? '<block>' : String(target.blockId);
    const commands = none.map((id) => `  rentals prices add --inventory-id ${id} --rental-block-id ${blockRef} --price <p>`);
    parts.push(`${none.map((id) => shown.get(id)!).join(', ')}: ${what}.\nGive --price, or add the price${commands.length === 1 ? '' : 's'}:\n${commands.join('\n')}`);
  }
  for (const [id, prices] of several) {
    parts.push(
      [
        `${shown.get(id)!}: ${prices.length} prices for the rental block ${quotedName(block!)}: ${pricesText(prices)}; which one ${target.label} would take cannot be told.`,
        `Give --price, or remove ${prices.length === 2 ? 'one of them' : 'all but one'}:`,
        ...removeOneCommands(prices).map((command) => `  ${command}`),
      ].join('\n'),
    );
  }
  return parts.join('\n');
}

/** The price agreed for an item the write grows: its last line written (given or not), else its oldest line on the event. */
function agreedPrice(world: BookingWorld, writes: readonly LineWrite[], itemId: number): Pick<RefusalAsk, 'price' | 'priceGiven'> {
  const written = writes.filter((w) => w.action !== 'delete' && w.itemId === itemId).at(-1);
  if (written && written.action !== 'delete') return { price: written.price, priceGiven: written.priceFrom === 'given' };
  const price = priceOnEvent(itemId, world.current, world.blockPrice);
  return price ? { price } : {};
}

/** Each way out as people copy it: what it does, then the command under it, whole. */
export function wayOutLines(commands: readonly WayOutCommand[]): string[] {
  return commands.flatMap((way) => [`  ${way.what}:`, `    ${way.command}`]);
}

/** The overbooking warning for shortages let through. */
export function overbookingWarning(target: BookingTarget, short: readonly Shortage[]): string {
  const window = `(window ${target.window ? windowText(target.window) : 'unknown'})`;
  // A quote holds nothing firmly: it is written, and its confirmation is what will be refused.
  if (target.holdRule === 'tentative') {
    const confirm = target.id === undefined ? 'rentals events confirm' : `rentals events confirm ${target.id}`;
    return [`warning: this quote cannot be confirmed as it stands: not enough units for ${target.label} ${window}:`, ...describeShortages(short), `It is written as a quote; ${confirm} refuses it until the units are free (rentals check lists it).`].join('\n');
  }
  return [`warning: overbooking: not enough units for ${target.label} ${window}:`, ...describeShortages(short)].join('\n');
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


/** Where a line's price came from, for people: `Weekend price`, `as given`, `its price kept`, `the price agreed for Frame Tent`. */
export function priceSourceText(write: LineWrite, blockLabel: string | undefined, itemName: (id: number) => string): string | undefined {
  if (write.action === 'delete') return undefined;
  const block = blockLabel ?? 'rental block';
  switch (write.priceFrom) {
    case 'agreed':
      return write.action === 'create' && write.agreedFor !== undefined ? `the price agreed for ${itemName(write.agreedFor)}` : 'as given';
    case 'given':
      return 'as given';
    case 'block':
      return `${block} price`;
    case 'kept':
      return 'its price kept';
    case 'original':
      return `kept from the original booking: the item has no ${block} price`;
  }
}
