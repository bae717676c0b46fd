// `events book --substitute`: an ask the item cannot take in full is split: the item up to what
// is free over the window, the rest on the first substitute (in the order of preference) with room
// for it on top of what the event already holds of it (or what the same request asks of it). The planner then judges the result as it
// judges any booking, so a split that no longer fits is refused like one. With the price agreed for
// the item (--keep-price) the rest goes on a line of its own at that price; else the substitute is
// booked at its own (its line on the event, or its price for the event's block).

import type { BookingIntent } from './booking-intent.js';
import type { Money } from './money.js';
import type { PriceTable } from './prices.js';
import type { CalendarBooking } from './records.js';
import type { WaysOut } from './ways-out.js';

/**
 * The unit price an item is booked at on an event when no price is given: its line there (the
 * oldest, as booking keeps it), else its price for the event's rental block. For the item a
 * substitute replaces, the price agreed (what --keep-price books the substitute at).
 */
export function priceOnEvent(itemId: number, lines: readonly CalendarBooking[], blockPrice: (itemId: number) => Money | undefined): Money | undefined {
  const line = lines.filter((b) => b.itemId === itemId).sort((a, b) => a.id - b.id)[0];
  return line?.price ?? blockPrice(itemId);
}

/** priceOnEvent over an event's lines and the prices read for its rental block. */
export function eventPrices(lines: readonly CalendarBooking[], table: PriceTable, blockId: number | undefined): (itemId: number) => Money | undefined {
  return (itemId) => priceOnEvent(itemId, lines, (id) => (blockId === undefined ? undefined : table.get(id, blockId)?.price));
}

export interface SubstitutedAsk {
  itemId: number;
  asked: number;
  /** Units kept on the item. */
  kept: number;
  substitute: { itemId: number; name: string; quantity: number } | undefined;
  /** The price the rest was booked at: the one agreed for the item (--keep-price); absent: the substitute's own. */
  price?: Money;
}

/**
 * The `set` intents with the short ones split; `current`: the event's units of each item now
 * (a substitute already on the event grows by the rest; one the request asks for, from what it asks). Asks with no way out stay as asked.
 */
export function substitute(
  intents: readonly BookingIntent[],
  ways: readonly WaysOut[],
  current: ReadonlyMap<number, number>,
  /** --keep-price: the price agreed for an item, which the rest on its substitute keeps. */
  agreed?: (itemId: number) => Money | undefined,
): { intents: BookingIntent[]; splits: SubstitutedAsk[] } {
  const out: BookingIntent[] = [];
  const splits: SubstitutedAsk[] = [];
  /** The rest put on each substitute (what its room is counted against). */
  const added = new Map<number, number>();
  /** Of it, what joins the substitute's one line (not at an agreed price). */
  const merged = new Map<number, number>();
  const atAgreed: BookingIntent[] = [];
  /** What the same request sets an item to (a substitute asked for itself has room only above it). */
  const asked = new Map(intents.flatMap((i) => (i.kind === 'set' ? [[i.itemId, i.quantity] as const] : [])));
  for (const intent of intents) {
    const way = intent.kind === 'set' ? ways.find((w) => w.itemId === intent.itemId) : undefined;
    if (intent.kind !== 'set' || !way || way.short <= 0) {
      out.push(intent);
      continue;
    }
    const kept = Math.max(0, Math.min(way.free, intent.quantity));
    const rest = intent.quantity - kept;
    const standIn = way.substitutes.find((s) => s.free >= (asked.get(s.itemId) ?? current.get(s.itemId) ?? 0) + (added.get(s.itemId) ?? 0) + rest);
    if (!standIn) {
      out.push(intent);
      splits.push({ itemId: intent.itemId, asked: intent.quantity, kept: intent.quantity, substitute: undefined });
      continue;
    }
    if (kept > 0) out.push({ ...intent, quantity: kept });
    else if ((current.get(intent.itemId) ?? 0) > 0) out.push({ kind: 'remove', itemId: intent.itemId });
    const price = agreed?.(intent.itemId);
    // At the agreed price, on a line of its own (a line of the substitute the event has keeps its price).
    if (price) atAgreed.push({ kind: 'add-line', itemId: standIn.itemId, quantity: rest, price, agreedFor: intent.itemId });
    else merged.set(standIn.itemId, (merged.get(standIn.itemId) ?? 0) + rest);
    added.set(standIn.itemId, (added.get(standIn.itemId) ?? 0) + rest);
    splits.push({ itemId: intent.itemId, asked: intent.quantity, kept, substitute: { itemId: standIn.itemId, name: standIn.name, quantity: rest }, ...(price ? { price } : {}) });
  }
  for (const [itemId, more] of merged) {
    const index = out.findIndex((i) => i.kind === 'set' && i.itemId === itemId);
    const given = index >= 0 ? out[index] : undefined;
    if (given?.kind === 'set') out[index] = { ...given, quantity: given.quantity + more };
    else out.push({ kind: 'set', itemId, quantity: (current.get(itemId) ?? 0) + more });
  }
  return { intents: [...out, ...atAgreed], splits };
}
