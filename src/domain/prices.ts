// Prices by item × rental block, as the calendar reads them, and the rule that an item has one
// price per rental block: a second one is refused (which of the two would a booking take?), and a
// pair that has two already (written by another tool) is told apart from a pair that has none.

import { shellLine } from '../common/shell-words.js';
import { quotedName } from '../common/sanitize.js';
import { DomainRefusal } from './errors.js';
import { type Money, formatMoneyFixed } from './money.js';
import type { CalendarPrice } from './records.js';

/** Prices by item × rental block. */
export class PriceTable {
  private readonly byKey = new Map<string, CalendarPrice[]>();

  constructor(prices: Iterable<CalendarPrice>) {
    for (const price of prices) {
      const key = `${price.itemId}/${price.blockId}`;
      const list = this.byKey.get(key);
      if (list) list.push(price);
      else this.byKey.set(key, [price]);
    }
  }

  /** The item's price for the block; undefined when there is none (or more than one). */
  get(itemId: number, blockId: number): CalendarPrice | undefined {
    const list = this.byKey.get(`${itemId}/${blockId}`);
    return list?.length === 1 ? list[0] : undefined;
  }

  /** Every price the item has for the block, by id (more than one: the pair has duplicates). */
  all(itemId: number, blockId: number): readonly CalendarPrice[] {
    return byId(this.byKey.get(`${itemId}/${blockId}`) ?? []);
  }

  /** The pairs with more than one price, each by id, in the order of their first price's id. */
  duplicates(): CalendarPrice[][] {
    return [...this.byKey.values()]
      .filter((list) => list.length > 1)
      .map(byId)
      .sort((a, b) => a[0]!.id - b[0]!.id);
  }
}

function byId(prices: readonly CalendarPrice[]): CalendarPrice[] {
  return [...prices].sort((a, b) => a.id - b.id);
}

/** An item and a rental block, with the names people know them by. */
export interface PricePair {
  itemId: number;
  itemName: string;
  blockId: number;
  blockName: string;
}

/** A price for a pair that has one already: exit 1, nothing sent. */
export class PricePairTaken extends DomainRefusal {}

/** `price 4 (675.00)`. */
export function priceText(price: CalendarPrice): string {
  return `price ${price.id} (${price.price ? formatMoneyFixed(price.price) : 'no amount'})`;
}

/** `price 4 (675.00) and price 62 (10.00)`; three or more with commas. */
export function pricesText(prices: readonly CalendarPrice[]): string {
  const texts = prices.map(priceText);
  return texts.length <= 2 ? texts.join(' and ') : `${texts.slice(0, -1).join(', ')} and ${texts.at(-1)!}`;
}

/**
 * The commands that remove one price of a pair that has several, each keeping the others:
 * `rentals prices delete 62 --inventory-id 7  # keeps price 4 (675.00)`.
 */
export function removeOneCommands(prices: readonly CalendarPrice[]): string[] {
  return prices.map((price) => `${removeCommand(price)}  # keeps ${pricesText(prices.filter((other) => other !== price))}`);
}

/** `rentals prices delete 62 --inventory-id 7`. */
export function removeCommand(price: Pick<CalendarPrice, 'id' | 'itemId'>): string {
  return shellLine(['rentals', 'prices', 'delete', String(price.id), '--inventory-id', String(price.itemId)]);
}

/** The prices among `existing` (an item's) for the block, by id, but `self` (a price being updated). */
export function pricesOfPair(existing: readonly CalendarPrice[], blockId: number, self?: number): CalendarPrice[] {
  return byId(existing.filter((p) => p.blockId === blockId && p.id !== self));
}

/**
 * Refuses `price` for the pair when the item has a price for that block already (`existing`: the
 * item's prices; `self`: the price being updated, which may keep its own pair). The message names
 * the item, the block and the price it has, and the commands that change that price instead (by
 * ids: a name may read as a reference once pasted).
 */
export function judgePricePair(pair: PricePair, price: Money, existing: readonly CalendarPrice[], self?: number): void {
  const taken = pricesOfPair(existing, pair.blockId, self);
  if (taken.length === 0) return;
  const amount = formatMoneyFixed(price);
  const what = `${quotedName(pair.itemName)} already has ${taken.length === 1 ? 'a price' : `${taken.length} prices`} for the rental block ${quotedName(pair.blockName)}: ${pricesText(taken)}`;
  const rule = `An item has one price per rental block. Nothing was sent.`;
  const moving = self === undefined ? [] : [`Or delete price ${self} instead of moving it:`, `  ${removeCommand({ id: self, itemId: pair.itemId })}`];
  if (taken.length === 1) {
    const [one] = taken as [CalendarPrice];
    throw new PricePairTaken(
      [
        `${what}. ${rule}`,
        'Change that price instead:',
        `  ${shellLine(['rentals', 'prices', 'set', '--inventory-id', String(pair.itemId), '--rental-block-id', String(pair.blockId), '--price', amount])}`,
        `  ${shellLine(['rentals', 'prices', 'update', String(one.id), '--inventory-id', String(pair.itemId), '--price', amount])}`,
        ...moving,
      ].join('\n'),
    );
  }
  throw new PricePairTaken(
    [
      `${what}. ${rule}`,
      ...removeAllButOne(taken),
      'then change the one kept:',
      `  rentals prices update <id> ${shellLine(['--inventory-id', String(pair.itemId), '--price', amount])}`,
      ...moving,
    ].join('\n'),
  );
}

/** A write of a pair's price when the pair has several: which one is meant cannot be told. */
export class PricePairAmbiguous extends DomainRefusal {}

/** Refuses to set the price of a pair that has several (`prices`, by id), with the commands that remove all but one. */
export function refuseAmbiguousPair(pair: PricePair, prices: readonly CalendarPrice[]): never {
  throw new PricePairAmbiguous(
    [
      `${quotedName(pair.itemName)} has ${prices.length} prices for the rental block ${quotedName(pair.blockName)}: ${pricesText(byId(prices))}; which one to set cannot be told. Nothing was sent.`,
      ...removeAllButOne(byId(prices)),
      'then set it again.',
    ].join('\n'),
  );
}

function removeAllButOne(prices: readonly CalendarPrice[]): string[] {
  return ['Remove all but one of them (a booking takes no price from the pair until then):', ...removeOneCommands(prices).map((command) => `  ${command}`)];
}
